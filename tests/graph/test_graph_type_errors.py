"""Dtype refusals while tracing raise TF's graph-builder TypeError (named arguments, TF's
words), not the eager kernels' InvalidArgumentError. GOLDEN (graph_type_errors_golden.json,
from
make_graph_type_errors_golden.py) is TF 2.21's answer for the cases of
graph_type_error_cases.py, re-checked live when TensorFlow is installed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import eagerflow as tf
from tests.graph import graph_type_error_cases
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

GOLDEN = json.loads(Path(__file__).with_name("graph_type_errors_golden.json").read_text())


def test_graph_dtype_refusals_are_tfs_type_errors():
    assert graph_type_error_cases.errors(tf) == GOLDEN


def test_eager_refusal_stays_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute AddV2 as input #1"):
        tf.constant(1) + tf.constant(2.0)


def test_tf_graph_as_default_raises_the_type_error_too():
    with tf.Graph().as_default():
        with pytest.raises(TypeError, match="Input 'y' of 'AddV2' Op has type float32 that does "
                                            "not match type int32 of argument 'x'"):
            tf.constant(1) + tf.constant(2.0)


def test_accepted_dtypes_still_trace():
    @tf.function
    def f(x, y):
        return tf.concat([x, y], 0) + tf.gather(y, tf.constant([0]))

    out = f(tf.constant([1.0]), tf.constant([2.0]))
    assert out.numpy().tolist() == [3.0, 4.0]


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="no TensorFlow interpreter")
def test_golden_is_tf_2_21s(tmp_path):
    script = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[2])\n"
        "import tensorflow as tf\n"
        "import graph_type_error_cases\n"
        "with open(sys.argv[1] + '/out.json', 'w') as f:\n"
        "    json.dump(graph_type_error_cases.errors(tf), f)\n")
    assert run_tf_script(script, tmp_path, Path(__file__).parent) == GOLDEN


@pytest.mark.parametrize("call, error, message", [
    # TF 2.21's tf.add and tf.math.truediv convert x on its own, then y with x's dtype as
    # a hint; tf.divide converts x to a tensor y's dtype (recorded from TF 2.21)
    (lambda: tf.add(1, tf.constant([1.5])), tf.errors.InvalidArgumentError,
     "cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is "
     "a float tensor"),
    (lambda: tf.add([1, tf.constant(4, tf.int64)], tf.constant([2])),
     tf.errors.InvalidArgumentError, "was expected to be a int64 tensor but is a int32 tensor"),
    (lambda: tf.math.truediv(1, tf.constant([1.5])), TypeError,
     "`x` and `y` must have the same dtype, got tf.int32 != tf.float32."),
    (lambda: tf.divide(1.5, tf.constant([2])), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype int32"),
])
def test_eager_first_operand_conversions(call, error, message):
    with pytest.raises(error, match=re.escape(message)):
        call()


def test_eager_first_operand_conversions_that_fit():
    f = tf.constant([1.5])
    assert tf.add(f, 1).numpy().tolist() == [2.5]
    assert tf.subtract(1, f).numpy().tolist() == [-0.5]  # (generated wrappers: a hint)
    assert tf.divide(1, f).dtype == tf.float32
    assert tf.divide(1, tf.constant([2])).dtype == tf.float64


@pytest.mark.parametrize("call, message", [
    # a shape an op takes as a tensor is converted eagerly too: a None is conversion's
    # error, not a Python one from the shape's arithmetic (recorded from TF 2.21)
    (lambda x: tf.tile(x, [None]), "Attempt to convert a value (None) with an unsupported "
                                   "type (<class 'NoneType'>) to a Tensor."),
    (lambda x: tf.broadcast_to(x, [None]), "Attempt to convert a value (None) with an "
                                           "unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda x: tf.split(x, [1, None]), "Can't convert Python sequence with mixed types to "
                                       "Tensor."),
])
def test_eager_shapes_holding_none_are_conversion_errors(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call(tf.constant([1, 2]))


@pytest.mark.parametrize("call, message", [
    # recorded from TF 2.21: a perm or a begin converted eagerly too
    (lambda x: tf.transpose(x, [None]), "Attempt to convert a value (None) with an "
                                        "unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda x: tf.strided_slice(x, [None], [1]), "Attempt to convert a value (None) with an "
                                                 "unsupported type (<class 'NoneType'>) to a "
                                                 "Tensor."),
])
def test_eager_index_lists_holding_none_are_conversion_errors(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call(tf.constant([1, 2]))


def test_traced_empty_shape_still_broadcasts():
    # an empty shape list converts to int32 (TF's preferred dtype), not refused as float32
    @tf.function
    def f(x):
        return tf.broadcast_to(x, ())

    assert f(tf.constant(2.0)).numpy() == 2.0
