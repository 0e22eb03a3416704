"""tf.data on the host with a GPU as the default device (the strict stand-in posing as
one): TF's dataset and iterator ops have no GPU kernels, so a pipeline's functions run on
CPU:0 and every element it yields lives there (a GPU sees it when an op copies it over,
or through prefetch_to_device). Values are checked against NumPy."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend.strict import StrictArray
from eagerflow._src.core import device

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _on_host(t):
    return t.device == CPU0 and type(t._arr) is np.ndarray


def _elements(ds):
    out = list(ds)
    for e in tf.nest.flatten(out, expand_composites=True):
        assert _on_host(e), (e.device, type(e._arr))
    return out


def test_a_maps_elements_live_on_the_host(gpu):
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    ds = tf.data.Dataset.from_tensor_slices(x).map(lambda v: tf.exp(v) * 2.0)
    got = _elements(ds)
    np.testing.assert_allclose(np.stack([g.numpy() for g in got]), np.exp(x) * 2.0, rtol=1e-6)
    # map + batch (run as one batched function) and a filter after it
    got = _elements(ds.batch(2).filter(lambda b: tf.reduce_sum(b) > 0.0))
    np.testing.assert_allclose(got[0].numpy(), np.exp(x[:2]) * 2.0, rtol=1e-6)
    assert tf.constant(1.0).device == GPU0  # the default device is still the GPU


def test_functions_read_a_gpus_tensors_and_variables_through_copies(gpu):
    v = tf.Variable([1.0, 10.0])
    c = tf.constant([0.5, 0.25])
    assert v.device == GPU0 and c.device == GPU0
    ds = tf.data.Dataset.range(3).map(lambda i: tf.cast(i, tf.float32) * v + c)
    got = _elements(ds)
    np.testing.assert_allclose([g.numpy() for g in got],
                               [[i * 1.0 + 0.5, i * 10.0 + 0.25] for i in range(3)])
    assert v.device == GPU0 and type(v._arr) is StrictArray


def test_scan_and_reduce_start_from_a_gpus_state(gpu):
    start = tf.constant(100, tf.int64)
    assert start.device == GPU0
    ds = tf.data.Dataset.range(5).scan(start, lambda s, x: (s + x, s * 2))
    assert [int(e) for e in _elements(ds)] == [200, 200, 202, 206, 212]
    total = tf.data.Dataset.range(5).reduce(start, lambda s, x: s + x)
    assert _on_host(total) and int(total) == 110
    empty = tf.data.Dataset.range(0).reduce(start, lambda s, x: s + x)
    assert _on_host(empty) and int(empty) == 100


def test_ragged_and_grouped_elements_live_on_the_host(gpu):
    rt = tf.ragged.constant([[1, 2], [], [3], [4, 5, 6]])
    got = _elements(tf.data.Dataset.from_tensor_slices(rt).map(lambda r: r * 2).ragged_batch(2))
    assert [g.to_list() for g in got] == [[[2, 4], []], [[6], [8, 10, 12]]]
    got = _elements(tf.data.Dataset.range(6).group_by_window(
        lambda x: x % 2, lambda k, w: w.batch(3).map(lambda b: b + k), window_size=3))
    assert [g.numpy().tolist() for g in got] == [[0, 2, 4], [2, 4, 6]]
    assert _on_host(tf.data.Dataset.range(7).cardinality())


def test_a_py_function_in_a_map_runs_on_the_host(gpu):
    seen = []

    def body(x):
        seen.append(x.device)
        return x + 1

    ds = tf.data.Dataset.range(2).map(lambda x: tf.py_function(body, [x], tf.int64))
    assert [int(e) for e in _elements(ds)] == [1, 2]
    assert seen == [CPU0, CPU0]


def test_prefetch_to_device_moves_the_host_elements_over(gpu):
    ds = tf.data.Dataset.range(3).map(lambda x: x * 3).apply(
        tf.data.experimental.prefetch_to_device("/gpu:0"))
    got = list(ds)
    assert all(e.device == GPU0 and type(e._arr) is StrictArray for e in got)
    assert [int(e) for e in got] == [0, 3, 6]
