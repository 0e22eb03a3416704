"""TensorLists on a GPU, checked on the strict stand-in: TF's list ops have GPU kernels
that keep a list's items on the device and its indices, sizes and element shapes in host
memory, so a tf.TensorArray written and stacked in a traced loop runs there without a read
back, its result a device tensor. A list is a host object (a tuple of arrays): it is never
copied, only its items are, where an op of another device reads them. Lists of strings
stay on CPU:0, as TF has no GPU list kernels for them."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
R = tf.raw_ops


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _accumulate(x, n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):
        ta = ta.write(i, x * tf.cast(i, tf.float32))
    return ta.stack()


def test_a_traced_tensor_array_loop_runs_on_the_device_with_no_read_back():
    f = tf.function(_accumulate)
    x = tf.constant([1.0, 2.0, 3.0])
    f(x, 4)
    with strict_streams.count_transfers() as n:
        out = f(x, 4)
    assert out.device == GPU0 and isinstance(out._arr, strict.StrictArray)
    # (the loop's counter and its test stay on the host, as TF's int32 values do: only
    # each step's cast of the counter to float32 goes to the device)
    assert n["to_host"] == 0
    limit = tf.constant(4)  # (a device tensor here: read back once, not at each test)
    f(x, limit)
    with strict_streams.count_transfers() as n:
        f(x, limit)
    assert n["to_host"] == 1
    with tf.device("/CPU:0"):
        want = tf.function(_accumulate)(tf.constant([1.0, 2.0, 3.0]), tf.constant(4))
    np.testing.assert_array_equal(out.numpy(), want.numpy())


def test_a_loop_gradient_through_a_tensor_array_equals_the_hosts():
    def loss(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.square(_accumulate(x, tf.constant(3))))
        return tape.gradient(y, x)

    x = np.array([0.5, -1.0], np.float32)
    g = tf.function(loss)(tf.constant(x))
    assert g.device == GPU0
    with tf.device("/CPU:0"):
        want = tf.function(loss)(tf.constant(x))
    np.testing.assert_allclose(g.numpy(), want.numpy(), rtol=1e-6)


def test_eager_list_ops_keep_the_items_on_the_device():
    lst = R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32)
    assert lst.device == GPU0
    with strict_streams.count_transfers() as n:
        lst = R.TensorListSetItem(input_handle=lst, index=1, item=tf.constant([1.0, 2.0]))
        lst = R.TensorListPushBack(input_handle=lst, tensor=tf.constant([3.0, 4.0]))
        item = R.TensorListGetItem(input_handle=lst, index=3, element_shape=[2],
                                   element_dtype=tf.float32)
        stacked = R.TensorListStack(input_handle=lst, element_shape=[2],
                                    element_dtype=tf.float32)
        whole, lengths = R.TensorListConcatV2(input_handle=lst, element_shape=[2],
                                              leading_dims=[],
                                              element_dtype=tf.float32)
    # (the Python numbers given as the index and element shape are host inputs: no copy;
    # the items were made on the device)
    assert n["to_host"] == 0
    for t in (item, stacked, whole, lengths):
        assert t.device == GPU0 and isinstance(t._arr, strict.StrictArray)
    np.testing.assert_array_equal(stacked.numpy(), [[0, 0], [1, 2], [0, 0], [3, 4]])
    np.testing.assert_array_equal(whole.numpy(), [0, 0, 1, 2, 0, 0, 3, 4])


def test_a_list_made_on_the_device_is_read_on_the_host():
    lst = R.TensorListFromTensor(tensor=tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                 element_shape=[2])
    with tf.device("/CPU:0"):
        item = R.TensorListGetItem(input_handle=lst, index=1, element_shape=[2],
                                   element_dtype=tf.float32)
        stacked = R.TensorListStack(input_handle=lst, element_shape=[2],
                                    element_dtype=tf.float32)
    assert item.device == CPU0 and type(item._arr) is np.ndarray
    np.testing.assert_array_equal(item.numpy(), [3.0, 4.0])
    np.testing.assert_array_equal(stacked.numpy(), [[1.0, 2.0], [3.0, 4.0]])


def test_a_list_of_strings_stays_on_the_host():
    lst = R.TensorListFromTensor(tensor=tf.constant([b"a", b"bc"]), element_shape=-1)
    item = R.TensorListGetItem(input_handle=lst, index=1, element_shape=-1,
                               element_dtype=tf.string)
    assert lst.device == CPU0 and item.device == CPU0
    assert item.numpy() == b"bc"


def test_the_length_stays_in_host_memory():
    lst = R.TensorListFromTensor(tensor=tf.ones([3, 2]), element_shape=[2])
    with strict_streams.count_transfers() as n:
        length = R.TensorListLength(input_handle=lst)
    assert n["to_host"] == 0 and int(length) == 3


def test_an_error_names_the_device_the_op_ran_on():
    lst = R.TensorListFromTensor(tensor=tf.ones([1, 2]), element_shape=[2])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"device:GPU:0\}\} Trying to access element 4 in a list with "
                             r"1 elements\. \[Op:TensorListGetItem\]"):
        R.TensorListGetItem(input_handle=lst, index=4, element_shape=[2],
                            element_dtype=tf.float32)
    strings = R.TensorListFromTensor(tensor=tf.constant([b"a"]), element_shape=-1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"device:CPU:0\}\}"):
        R.TensorListGetItem(input_handle=strings, index=4, element_shape=-1,
                            element_dtype=tf.string)
