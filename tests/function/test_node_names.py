"""Traced node names as TF 2.21 gives them: the API's default name (tf.add makes "Add", the
operator `x + y` "add", tf.concat "concat"), name= honoured, name scopes included, made
unique as TF does (without case, _1, _2, ...). The cases are in node_name_cases.py; GOLDEN
is TF 2.21's answer (re-checked live when TensorFlow is installed)."""

from __future__ import annotations

from pathlib import Path

import pytest

import eagerflow as tf
from tests.function import node_name_cases
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

GOLDEN = {
    "mixed": ["Add:AddV2", "myadd:AddV2", "add_1:AddV2", "sc/Mul:Mul", "sc/m:Mul",
              "sc/m_1:AddV2", "add_2:AddV2", "add_3:AddV2", "add_4:AddV2", "Relu:Relu",
              "add_5:AddV2", "Relu_1:Relu", "add_6:AddV2"],
    "operators": ["sub:Sub", "mul:Mul", "truediv:RealDiv", "floordiv:FloorDiv", "pow:Pow",
                  "mod:FloorMod", "matmul:MatMul"],
    "logical": ["Greater:Greater", "Greater_1:Greater", "and:LogicalAnd",
                "LogicalNot:LogicalNot"],
    "api": ["RealDiv:RealDiv", "truediv:RealDiv", "truediv_1:RealDiv"],
    "shapes": ["Reshape:Reshape", "strided_slice:StridedSlice", "concat:ConcatV2",
               "strided_slice_1:StridedSlice", "transpose:Transpose"],
    "named": ["e:Exp", "r:Reshape", "s:Sum", "cc:ConcatV2"],
    "reduce": ["Softmax:Softmax", "Cast:Cast", "Mean:Mean"],
    "matmul": ["MatMul:MatMul", "mt:MatMul", "add:AddV2"],
}

CONST_GOLDEN = {
    "mixed": [
        "Add/y:Const", "Add:AddV2", "myadd/y:Const", "myadd:AddV2", "add_1:AddV2",
        "sc/Mul/y:Const", "sc/Mul:Mul", "sc/m/y:Const", "sc/m:Mul", "sc/m_1/y:Const",
        "sc/m_1:AddV2", "add_2/y:Const", "add_2:AddV2", "add_3:AddV2", "add_4:AddV2", "Relu:Relu",
        "add_5:AddV2", "Relu_1:Relu", "add_6:AddV2",
    ],
    "logical": [
        "Greater/y:Const", "Greater:Greater", "Greater_1/y:Const", "Greater_1:Greater",
        "and:LogicalAnd", "LogicalNot:LogicalNot",
    ],
}


def test_node_names_are_tfs():
    assert node_name_cases.node_names(tf) == GOLDEN


@pytest.fixture(scope="module")
def tf_names(tmp_path_factory) -> dict:
    """TF 2.21's node names and constant names for the cases, from one TF process."""
    if not HAVE_TF_PYTHON:
        pytest.skip("no TensorFlow interpreter")
    script = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[2])\n"
        "import tensorflow as tf\n"
        "import node_name_cases\n"
        "with open(sys.argv[1] + '/out.json', 'w') as f:\n"
        "    json.dump({'nodes': node_name_cases.node_names(tf),\n"
        "               'consts': node_name_cases.const_names(tf)}, f)\n")
    return run_tf_script(script, tmp_path_factory.mktemp("tf_names"), Path(__file__).parent)


def test_golden_node_names_are_tf_2_21s(tf_names):
    assert tf_names["nodes"] == GOLDEN


def test_converted_constants_are_named_after_their_input():
    assert node_name_cases.const_names(tf) == CONST_GOLDEN


def test_golden_const_names_are_tf_2_21s(tf_names):
    assert tf_names["consts"] == CONST_GOLDEN


def test_a_shape_error_names_the_node_it_would_make():
    @tf.function
    def f(x, y):
        with tf.name_scope("blk"):
            return tf.add(x, y, name="s") + tf.add(x[:2], y)

    # TF 2.21: "... for '{{node blk/Add}} = AddV2[T=DT_FLOAT](blk/strided_slice, y)' ..."
    with pytest.raises(ValueError, match=r"\{\{node blk/Add\}\} = AddV2\[T=DT_FLOAT\]"
                                         r"\(blk/strided_slice, y\)"):
        f.get_concrete_function(tf.TensorSpec([3]), tf.TensorSpec([3]))


def test_names_do_not_change_eager_results():
    x = tf.constant([1.0, 2.0])
    assert tf.add(x, x, name="anything").numpy().tolist() == [2.0, 4.0]
    assert tf.reshape(x, [2, 1], name="r").shape == (2, 1)
