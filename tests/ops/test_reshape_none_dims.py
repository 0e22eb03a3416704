"""tf.reshape refuses a shape list holding None as TF 2.21 does (recorded from TF 2.21):
eagerly its conversion's ValueError, while a graph is built its TypeError; before, an
eager None reached the kernel (a NumPy TypeError) and a traced one became -1."""

import numpy as np
import pytest

import eagerflow as tf

_GRAPH = ("Failed to convert elements of {} to Tensor. Consider casting elements to a "
          "supported type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for "
          "supported TF dtypes.")


@pytest.mark.parametrize("shape, message", [
    ([2, None], "Can't convert Python sequence with mixed types to Tensor."),
    ([np.int32(2), None], "Can't convert Python sequence with mixed types to Tensor."),
    ([None, 3], "Attempt to convert a value (None) with an unsupported type "
                "(<class 'NoneType'>) to a Tensor."),
    ((None,), "Attempt to convert a value (None) with an unsupported type "
              "(<class 'NoneType'>) to a Tensor."),
])
def test_eager_none_dims_are_tfs_value_error(shape, message):
    with pytest.raises(ValueError) as e:
        tf.reshape(tf.ones((2, 3)), shape)
    assert str(e.value) == message


@pytest.mark.parametrize("shape", [[2, None], [None, 3], (None, 3)])
def test_traced_none_dims_are_tfs_type_error(shape):
    f = tf.function(lambda a: tf.reshape(a, shape),
                    input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    with pytest.raises(TypeError) as e:
        f(tf.ones((2, 3)))
    # (the last line of TF's "in user code:" message)
    assert str(e.value).splitlines()[-1].strip() == "TypeError: " + _GRAPH.format(shape)


def test_minus_one_still_reshapes():
    f = tf.function(lambda a: tf.reshape(a, [-1, 3]))
    assert f(tf.ones((2, 3))).shape == (2, 3)
    assert tf.reshape(tf.ones((2, 3)), [-1]).shape == (6,)
