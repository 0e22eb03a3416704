"""TF 1's resource TensorArrays and stacks on a GPU, checked on the strict stand-in: TF's GPU
kernels of the TensorArray*V3 and Stack*V2 ops keep an array's entries on the device they
were written on, its handle, sizes, indices and lengths in host memory (HostMemory), so a
write/read/gather loop reads nothing back and gives device tensors. An array lives where
TF's placer puts its ops: on the GPU for the dtypes all their GPU kernels take, on CPU:0
for the rest (strings, int32); a stack of int32 keeps its items in host memory.

The eager programs run in a GPU scope, as TF runs them there: with no scope, TF's eager
runtime pins an op whose inputs are all small host integers (a creator's size) to CPU:0.
"""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device
from tests.golden_io import decode_array

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
R = tf.raw_ops
v1 = tf.compat.v1
GOLDEN = Path(__file__).resolve().parents[1] / "saved_model" / "golden" / "tf1_tensor_arrays"


@pytest.fixture(autouse=True)
def gpu():
    with device.standin_gpus(1), tf.device("/GPU:0"):
        yield


def _held(t):
    """The ResourceHandle a handle tensor holds."""
    return t._arr[()]


def _on_device(t):
    return t.device == GPU0 and isinstance(t._arr, strict.StrictArray)


def _write_read_gather(x, n=4):
    """n multiples of x written to an array, then one read, a gather, the whole array
    joined, its size."""
    h, flow = R.TensorArrayV3(size=n, dtype=tf.float32, element_shape=[3],
                              clear_after_read=False)
    for i in range(n):
        flow = R.TensorArrayWriteV3(handle=h, index=i, value=x * float(i), flow_in=flow)
    read = R.TensorArrayReadV3(handle=h, index=2, flow_in=flow, dtype=tf.float32)
    gathered = R.TensorArrayGatherV3(handle=h, indices=[3, 1], flow_in=flow,
                                     dtype=tf.float32, element_shape=[3])
    joined, lengths = R.TensorArrayConcatV3(handle=h, flow_in=flow, dtype=tf.float32)
    size = R.TensorArraySizeV3(handle=h, flow_in=flow)
    return h, flow, (read, gathered, joined, lengths, size)


def test_eager_writes_reads_and_gathers_stay_on_the_device():
    x = tf.constant([1.0, 2.0, 3.0])
    with strict_streams.count_transfers() as n:
        h, flow, got = _write_read_gather(x)
    # (the indices and the size, Python numbers, are made on the host: TF's HostMemory
    # inputs; the flows stay where the creator made them; before: 11 reads back, 7 copies)
    assert n["to_host"] == 0 and n["to_device"] == 0
    assert h.device == _held(h).device == GPU0 and _on_device(flow)
    read, gathered, joined, lengths, size = got
    assert _on_device(read) and _on_device(gathered) and _on_device(joined)
    # (the lengths and the size: TF's HostMemory outputs, the GPU's tensors in host memory)
    assert lengths.device == size.device == GPU0
    assert type(lengths._arr) is np.ndarray and type(size._arr) is np.ndarray
    with tf.device("/CPU:0"):
        _, _, want = _write_read_gather(tf.constant([1.0, 2.0, 3.0]))
    for g, w in zip(got, want):
        assert w.device == CPU0
        np.testing.assert_array_equal(g.numpy(), w.numpy())


def test_a_write_passes_its_flow_on_as_tf():
    h, flow = R.TensorArrayV3(size=2, dtype=tf.float32)
    five = tf.constant(5.0)
    out = R.TensorArrayWriteV3(handle=h, index=0, value=tf.constant([1.0]), flow_in=five)
    assert out._arr is five._arr  # (TF's kernel sets its output to its input)
    _, grad_flow = R.TensorArrayGradV3(handle=h, flow_in=five, source="g")
    assert _on_device(grad_flow) and float(grad_flow) == 0.0  # (a new array's flow)


def _accumulate(x, n):
    h, flow = R.TensorArrayV3(size=n, dtype=tf.float32, element_shape=[3])
    for i in tf.range(n):
        flow = R.TensorArrayWriteV3(handle=h, index=i, value=x * tf.cast(i, tf.float32),
                                    flow_in=flow)
    return R.TensorArrayGatherV3(handle=h, indices=tf.range(n), flow_in=flow,
                                 dtype=tf.float32, element_shape=[3])


def test_a_traced_loop_over_an_array_reads_nothing_back():
    f = tf.function(_accumulate)
    x = tf.constant([1.0, 2.0, 3.0])
    f(x, 4)
    with strict_streams.count_transfers() as n:
        out = f(x, 4)
    # (the loop's counter stays on the host, as TF's int32: only each step's cast of it to
    # float32 goes to the device; before, each entry came back to the host: 4 reads)
    assert n["to_host"] == 0 and _on_device(out)
    with tf.device("/CPU:0"):
        want = tf.function(_accumulate)(tf.constant([1.0, 2.0, 3.0]), 4)
    np.testing.assert_array_equal(out.numpy(), want.numpy())


def _session_graph():
    """A TF 1 graph scattering, writing, reading and gathering a TensorArray, its host
    inputs fed from the host (as a TF 1 loop's counter is there)."""
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [3], name="x")
        size = v1.placeholder(tf.int32, [], name="size")
        rows = v1.placeholder(tf.int32, [None], name="rows")
        i = v1.placeholder(tf.int32, [], name="i")
        h, flow = R.TensorArrayV3(size=size, dtype=tf.float32, element_shape=[3],
                                  clear_after_read=False)
        flow = R.TensorArrayScatterV3(handle=h, indices=rows, flow_in=flow,
                                      value=tf.stack([x, x * 2.0, x * 3.0]))
        flow = R.TensorArrayWriteV3(handle=h, index=i, value=-x, flow_in=flow)
        read = R.TensorArrayReadV3(handle=h, index=i, flow_in=flow, dtype=tf.float32)
        gathered = R.TensorArrayGatherV3(handle=h, indices=rows, flow_in=flow,
                                         dtype=tf.float32, element_shape=[3])
        written = R.TensorArraySizeV3(handle=h, flow_in=flow)  # (after the writes)
    feed = {x: np.array([1.0, 2.0, 3.0], np.float32), size: 4, rows: [2, 0, 1], i: 3}
    return g, [h, written, read, gathered], feed


def test_a_session_keeps_the_entries_on_the_device():
    g, fetches, feed = _session_graph()
    with v1.Session(graph=g) as s:
        s.run(fetches, feed)
        with strict_streams.count_transfers() as n:
            handle, size = s.run(fetches[:2], feed)
        # (the size is in host memory; before, each entry written came to the host: 2 reads)
        assert n["to_host"] == 0 and size == 4
        handle, _, read, gathered = s.run(fetches, feed)
    assert handle.device == GPU0
    assert all(isinstance(e.value, strict.StrictArray) for e in handle.target.entries)
    with tf.device("/CPU:0"):
        g, fetches, feed = _session_graph()
        with v1.Session(graph=g) as s:
            _, _, want_read, want_gathered = s.run(fetches, feed)
    np.testing.assert_array_equal(read, want_read)
    np.testing.assert_array_equal(gathered, want_gathered)


@pytest.fixture
def exact_float32():
    """Matrix products in float32 as the CPU's (no TensorFloat-32 on the stand-in GPU)."""
    was = tf.config.experimental.tensor_float_32_execution_enabled()
    tf.config.experimental.enable_tensor_float_32_execution(False)
    yield
    tf.config.experimental.enable_tensor_float_32_execution(was)


def _frozen_rnn():
    want = json.loads((GOLDEN / "tf1_tensor_arrays.json").read_text())
    gd = v1.GraphDef()
    gd.ParseFromString((GOLDEN / "rnn_frozen.pb").read_bytes())
    g = tf.Graph()
    with g.as_default():
        v1.import_graph_def(gd, name="")
        with v1.Session(graph=g) as s:
            return s.run("y:0", {"x:0": decode_array(want["x"])})


def test_tf1_dynamic_rnn_loop_on_the_device_gives_the_cpus_result(exact_float32):
    # (a TF 1 while loop scattering its input into one array, reading it and writing its
    # outputs to another, gathered at the end)
    got = _frozen_rnn()
    with tf.device("/CPU:0"):
        want = _frozen_rnn()
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("items", [[b"a", b"bc"], [1, 0], np.array([1, 0]), [True, False]])
def test_an_array_whose_ops_tf_has_no_gpu_kernels_for_lives_on_the_host(items):
    # (TF's GPU kernels of the TensorArray ops take half, bfloat16, float, double and the
    # complex types; TensorArrayV3 has none for int32, TensorArrayWriteV3 none for int64)
    value = tf.constant(items)
    dtype = value.dtype
    h, flow = R.TensorArrayV3(size=2, dtype=dtype)
    assert h.device == _held(h).device == CPU0
    flow = R.TensorArrayWriteV3(handle=h, index=1, value=value, flow_in=flow)
    read = R.TensorArrayReadV3(handle=h, index=1, flow_in=flow, dtype=dtype)
    assert read.device == CPU0 and type(read._arr) is np.ndarray
    np.testing.assert_array_equal(read.numpy(), value.numpy())


@pytest.mark.parametrize("dtype", [tf.float16, tf.float64, tf.complex64])
def test_an_array_of_a_gpu_dtype_lives_on_the_device(dtype):
    h, flow = R.TensorArrayV3(size=1, dtype=dtype)
    flow = R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([2], dtype), flow_in=flow)
    read = R.TensorArrayReadV3(handle=h, index=0, flow_in=flow, dtype=dtype)
    assert _held(h).device == GPU0 and _on_device(read) and read.dtype is dtype


def _message(fn):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn()
    return str(info.value)


def _on_both(make, fail):
    """The messages of `fail(*make())` on the GPU and on CPU:0."""
    on_gpu = _message(lambda: fail(*make()))
    with tf.device("/CPU:0"):
        on_cpu = _message(lambda: fail(*make()))
    return on_gpu, on_cpu


def _written(size=2):
    h, flow = R.TensorArrayV3(size=size, dtype=tf.float32)
    return h, R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([2]), flow_in=flow)


@pytest.mark.parametrize("fail, words", [
    (lambda h, f: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=tf.float32),
     "Could not read from TensorArray index 1.  Furthermore, the element shape is not "
     "fully defined: <unknown>."),
    (lambda h, f: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([2]), flow_in=f),
     "Could not write to TensorArray index 0 because it has already been written to."),
    (lambda h, f: R.TensorArraySplitV3(handle=h, value=tf.ones([3]), flow_in=f,
                                       lengths=tf.constant([1, 1, 1], tf.int64)),
     "TensorArray's size is not equal to the size of lengths (2 vs. 3), and the "
     "TensorArray is not marked as dynamically resizeable"),
    (lambda h, f: R.TensorArrayScatterV3(handle=h, indices=[0, 1], value=tf.ones([1, 2]),
                                         flow_in=f),
     "Expected len(indices) == values.shape[0], but saw: 2 vs. 1")])
def test_errors_on_the_device_are_tfs(fail, words):
    on_gpu, on_cpu = _on_both(_written, fail)
    # (TF's words, the function TF runs the op as naming the device it ran on)
    assert words in on_gpu and "device:GPU:0}} " in on_gpu
    assert _unnumbered(on_gpu) == _unnumbered(on_cpu).replace("device:CPU:0", "device:GPU:0")


def _unnumbered(message):
    """An array's name counts the arrays the process made before it."""
    return re.sub(r"TensorArrayV3_\d+", "TensorArrayV3_N", message)


def test_stack_pushes_and_pops_on_the_device():
    s = R.StackV2(max_size=-1, elem_type=tf.float32)
    assert _held(s).device == GPU0
    x = tf.constant([1.0, 2.0])
    with strict_streams.count_transfers() as n:
        pushed = R.StackPushV2(handle=s, elem=x)
        R.StackPushV2(handle=s, elem=x * 3.0)
        top = R.StackPopV2(handle=s, elem_type=tf.float32)
        bottom = R.StackPopV2(handle=s, elem_type=tf.float32)
    assert n["to_host"] == 0 and n["to_device"] == 0  # (before: 2 reads back, 2 copies)
    assert pushed._arr is x._arr and _on_device(top) and _on_device(bottom)
    np.testing.assert_array_equal(top.numpy(), [3.0, 6.0])
    np.testing.assert_array_equal(bottom.numpy(), [1.0, 2.0])
    assert "device:GPU:0}} Stack[StackV2_" in _message(
        lambda: R.StackPopV2(handle=s, elem_type=tf.float32))


def test_an_int32_stack_keeps_its_items_in_host_memory():
    # (TF's special GPU kernels for int32 and bool: elements in host memory, as a TF 1
    # gradient loop's counters are)
    s = R.StackV2(max_size=-1, elem_type=tf.int32)
    with tf.device("/CPU:0"):
        count = tf.constant(7)
    with strict_streams.count_transfers() as n:
        R.StackPushV2(handle=s, elem=count)
        popped = R.StackPopV2(handle=s, elem_type=tf.int32)
    assert n["to_host"] == 0 and n["to_device"] == 0
    assert popped.device == GPU0 and type(popped._arr) is np.ndarray and int(popped) == 7
    on_device = tf.constant(5)  # (a device's int32 is copied to the host, as TF's)
    with strict_streams.count_transfers() as n:
        R.StackPushV2(handle=s, elem=on_device)
    assert n["to_host"] == 1


def test_a_string_stack_lives_on_the_host():
    s = R.StackV2(max_size=-1, elem_type=tf.string)
    assert s.device == _held(s).device == CPU0
    R.StackPushV2(handle=s, elem=tf.constant(b"ab"))
    popped = R.StackPopV2(handle=s, elem_type=tf.string)
    assert popped.device == CPU0 and popped.numpy() == b"ab"


def test_a_gradient_array_is_made_beside_its_forward_array():
    h, flow = R.TensorArrayV3(size=2, dtype=tf.float32, element_shape=[2])
    g, gflow = R.TensorArrayGradV3(handle=h, flow_in=flow, source="gradients")
    assert g.device == _held(g).device == GPU0
    gflow = R.TensorArrayWriteV3(handle=g, index=0, value=tf.ones([2]), flow_in=gflow)
    gflow = R.TensorArrayWriteV3(handle=g, index=0, value=tf.ones([2]), flow_in=gflow)
    summed = R.TensorArrayReadV3(handle=g, index=0, flow_in=gflow, dtype=tf.float32)
    assert _on_device(summed)  # (a gradient array adds what is written twice, there)
    np.testing.assert_array_equal(summed.numpy(), [2.0, 2.0])
    with tf.device("/CPU:0"):
        strings, sflow = R.TensorArrayV3(size=1, dtype=tf.string)
    sg, _ = R.TensorArrayGradV3(handle=strings, flow_in=sflow, source="g")
    assert sg.device == _held(sg).device == CPU0
