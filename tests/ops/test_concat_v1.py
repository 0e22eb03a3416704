"""tf.raw_ops.Concat (ops/indexing_versions.py) as TF 2.21 runs it (asked of TF 2.21)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D

R = tf.raw_ops
X = [[1., 2.]]
# TF's messages were recorded on its CPU; TF runs Concat on a GPU (the default device of
# EAGERFLOW_STANDIN_GPUS=1) with its GPU kernel, whose errors name that device
_HERE = D.default_device().canonical


def test_values_graph_and_gradient():
    x = tf.constant(X)
    assert R.Concat(concat_dim=-1, values=[x, x]).numpy().tolist() == [[1, 2, 1, 2]]
    assert R.Concat(concat_dim=[0], values=[x, x]).numpy().tolist() == [X[0], X[0]]
    f = tf.function(lambda: R.Concat(concat_dim=0, values=[x, x]))
    assert [o.type for o in f.get_concrete_function().graph.get_operations()] == \
        ["Const", "Const", "Concat", "Identity"]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = R.Concat(concat_dim=1, values=[x, x * 2])
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[3., 3.]])


@pytest.mark.parametrize("call,words", [
    (lambda x: R.Concat(concat_dim=2, values=[x, x]),
     "ConcatOp : Expected concatenating dimensions in the range [-2, 2), but got 2"),
    (lambda x: R.Concat(concat_dim=0, values=[x, tf.ones((1, 3))]),
     "ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = [1,2] vs. shape[1] = "
     "[1,3]"),
    (lambda x: R.Concat(concat_dim=0, values=[tf.constant(1.), tf.constant(2.)]),
     "ConcatOp : Can't concatenate scalars (use tf.stack instead)")])
def test_errors(call, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        call(tf.constant(X))
    assert str(e.value) == ("{{function_node __wrapped__Concat_N_2_device_" + _HERE + "}} " +
                            words + " [Op:Concat] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.ConcatV2(axis=0, values=[tf.constant(1.), tf.constant(2.)])
    assert "Can't concatenate scalars (use tf.stack instead) [Op:ConcatV2]" in str(e.value)
