"""tf.fill while a tf.function is traced: TF's shape function wants dims a vector and value
a scalar, and refuses anything else with a ValueError naming the node, its attrs (the dims'
index_type int64 where they are, a NumPy int64 too) and its inputs as TF's graph has them
(a Python or NumPy argument as "Fill/dims"). Eagerly TF's kernel takes scalar dims and a
value of one element. Every message below was recorded from TF 2.21."""

import numpy as np
import pytest

import eagerflow as tf


def _traced_error(fn):
    with pytest.raises(ValueError) as info:
        tf.function(fn)()
    return str(info.value).split("ValueError: ")[-1].rstrip("\n")


RANK0 = "Shape must be rank 1 but is rank 0 for '{{node Fill}} = "

# (callable, TF 2.21's message) pairs, recorded from TF 2.21
CASES = [
    (lambda: tf.fill(tf.constant(3), 1),
     RANK0 + "Fill[T=DT_INT32, index_type=DT_INT32](Const, Fill/value)' with input shapes: "
             "[], []."),
    (lambda: tf.fill(np.int64(3), 1),
     RANK0 + "Fill[T=DT_INT32, index_type=DT_INT64](Fill/dims, Fill/value)' with input "
             "shapes: [], []."),
    (lambda: tf.fill(tf.constant(3, tf.int64), 1.5),
     RANK0 + "Fill[T=DT_FLOAT, index_type=DT_INT64](Const, Fill/value)' with input shapes: "
             "[], []."),
    (lambda: tf.fill(tf.constant([[2, 3]]), 1),
     "Shape must be rank 1 but is rank 2 for '{{node Fill}} = Fill[T=DT_INT32, "
     "index_type=DT_INT32](Const, Fill/value)' with input shapes: [1,2], []."),
    (lambda: tf.fill(np.array([[2]], np.int64), 1),
     "Shape must be rank 1 but is rank 2 for '{{node Fill}} = Fill[T=DT_INT32, "
     "index_type=DT_INT64](Fill/dims, Fill/value)' with input shapes: [1,1], []."),
    (lambda: tf.fill([2], tf.constant([1, 2])),
     "Shape must be rank 0 but is rank 1 for '{{node Fill}} = Fill[T=DT_INT32, "
     "index_type=DT_INT32](Fill/dims, Const)' with input shapes: [1], [2]."),
    (lambda: tf.fill([2], tf.constant([5])),
     "Shape must be rank 0 but is rank 1 for '{{node Fill}} = Fill[T=DT_INT32, "
     "index_type=DT_INT32](Fill/dims, Const)' with input shapes: [1], [1]."),
    (lambda: tf.fill(3, tf.constant([5, 6])),
     RANK0 + "Fill[T=DT_INT32, index_type=DT_INT32](Fill/dims, Const)' with input shapes: "
             "[], [2]."),
    (lambda: tf.fill(tf.constant(3), np.float64(1)),
     RANK0 + "Fill[T=DT_DOUBLE, index_type=DT_INT32](Const, Fill/value)' with input shapes: "
             "[], []."),
    (lambda: tf.fill(np.array([-1], np.int64), 1),
     "Fill dimensions must be >= 0 for '{{node Fill}} = Fill[T=DT_INT32, index_type=DT_INT64]"
     "(Fill/dims, Fill/value)' with input shapes: [1], [] and with input tensors computed "
     "as partial shapes: input[0] = [?]."),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_traced_fill_refusals(case):
    fn, want = CASES[case]
    assert _traced_error(fn) == want


def test_scalar_dims_argument():
    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def f(n):
        return tf.fill(n, 1)

    with pytest.raises(ValueError) as info:
        f.get_concrete_function()
    # recorded from TF 2.21
    assert str(info.value).split("ValueError: ")[-1].rstrip("\n") == (
        RANK0 + "Fill[T=DT_INT32, index_type=DT_INT32](n, Fill/value)' with input shapes: "
                "[], [].")


def test_eager_scalar_dims_and_dims_of_another_type():
    # recorded from TF 2.21: eagerly a scalar dims is one dim
    np.testing.assert_array_equal(tf.fill(tf.constant(3), 1).numpy(), [1, 1, 1])
    np.testing.assert_array_equal(tf.fill(np.int64(3), 1).numpy(), [1, 1, 1])
    # recorded from TF 2.21: dims of another dtype are the conversion's TypeError first
    with pytest.raises(TypeError, match="Value passed to parameter 'dims' has DataType string "
                                        "not in list of allowed values: int32, int64"):
        tf.function(lambda: tf.fill(tf.constant("a"), 1))()
    # and vector dims fill as before
    assert tf.function(lambda: tf.fill(np.array([2, 3]), 1))().shape == (2, 3)
