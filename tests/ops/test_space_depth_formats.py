"""tf.nn.space_to_depth and tf.nn.depth_to_space in the channels-first formats: TF 2.21's
CPU kernels are NHWC only, so it refuses NCHW and NCHW_VECT_C eagerly (NotFoundError, before
any shape check) and when a graph runs (InvalidArgumentError); a format outside the OpDef's
list is refused as any attr is. Every message below was recorded from TF 2.21."""

import re
from types import SimpleNamespace

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import nn_space

X = np.ones((1, 4, 4, 8), np.float32)

# recorded from TF 2.21: the kernels its errors list for the two ops (the same in the eager
# NotFoundError and the graph's InvalidArgumentError): XLA's, then the CPU's, all NHWC
# (SpaceToDepth's a qint8 one more)
_XLA_KERNEL = (
    "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8,"
    " DT_COMPLEX64, DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16,"
    " DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN,"
    " DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4]\n")
_CPU_TYPES = ("VARIANT", "RESOURCE", "STRING", "BOOL", "COMPLEX128", "COMPLEX64", "DOUBLE",
              "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8", "INT16", "UINT16",
              "UINT32", "INT64", "UINT64")


def _kernels(cpu_types: tuple) -> str:
    return _XLA_KERNEL + "".join(f"  device='CPU'; T in [DT_{t}]; data_format in [\"NHWC\"]\n"
                                 for t in cpu_types)


S2D_KERNELS = _kernels(("QINT8",) + _CPU_TYPES)
D2S_KERNELS = _kernels(_CPU_TYPES)

# recorded from TF 2.21: tf.nn.space_to_depth(X, 2, data_format="NCHW")
S2D_NCHW = (
    'Could not find device for node: {{node SpaceToDepth}} = SpaceToDepth[T=DT_FLOAT,'
    ' block_size=2, data_format="NCHW"]\n'
    'All kernels registered for op SpaceToDepth:\n'
    + S2D_KERNELS +
    ' [Op:SpaceToDepth] name: ')

# recorded from TF 2.21: tf.nn.depth_to_space(<int8 ones (1, 4, 4, 8)>, 2,
# data_format="NCHW_VECT_C")
D2S_VECT_INT8 = (
    'Could not find device for node: {{node DepthToSpace}} = DepthToSpace[T=DT_INT8, '
    'block_size=2, data_format="NCHW_VECT_C"]\n'
    'All kernels registered for op DepthToSpace:\n'
    + D2S_KERNELS +
    ' [Op:DepthToSpace] name: ')

# recorded from TF 2.21 (the tf.function's name and TF's order of the node's attrs, which
# varies from run to run, left out)
S2D_GRAPH_HEAD = (
    "No OpKernel was registered to support Op 'SpaceToDepth' used by {{node SpaceToDepth}}")
S2D_GRAPH_TAIL = (
    ': [CPU]\n'
    'Registered kernels:\n'
    + S2D_KERNELS +
    '\n'
    '\t [[SpaceToDepth]]')
D2S_GRAPH_TAIL = (
    ': [CPU]\n'
    'Registered kernels:\n'
    + D2S_KERNELS +
    '\n'
    '\t [[DepthToSpace]]')

# recorded from TF 2.21: data_format="NCHWX", eagerly and in a tf.function
S2D_BAD = (
    'Value for attr \'data_format\' of "NCHWX" is not in the list of allowed values: "N'
    'HWC", "NCHW", "NCHW_VECT_C"\n'
    '\t; NodeDef: {{node SpaceToDepth}}; Op<name=SpaceToDepth; signature=input:T -> ou'
    'tput:T; attr=T:type; attr=block_size:int,min=2; attr=data_format:string,default='
    '"NHWC",allowed=["NHWC", "NCHW", "NCHW_VECT_C"]> [Op:SpaceToDepth] name: ')
D2S_BAD_GRAPH = (
    'Attr \'data_format\' of \'DepthToSpace\' Op passed string \'NCHWX\' not in: "NHWC", "N'
    'CHW", "NCHW_VECT_C".')
# recorded from TF 2.21: NCHW_VECT_C traced over a 4-D input
S2D_VECT_GRAPH = (
    "Shape must be rank 5 but is rank 4 for '{{node SpaceToDepth}} = SpaceToDepth[T=D"
    'T_FLOAT, block_size=2, data_format="NCHW_VECT_C"](SpaceToDepth/input)\' with inpu'
    't shapes: [1,4,4,8].')


def _message(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels are NHWC only; its GPU's take NCHW)
def test_nchw_eager_not_found():
    assert _message(lambda: tf.nn.space_to_depth(X, 2, data_format="NCHW")) == \
        ("NotFoundError", S2D_NCHW)
    # (bytes are taken as the str; the raw op as the wrapper)
    assert _message(lambda: tf.nn.space_to_depth(X, 2, data_format=b"NCHW")) == \
        ("NotFoundError", S2D_NCHW)
    assert _message(lambda: tf.raw_ops.SpaceToDepth(input=X, block_size=2,
                                                    data_format="NCHW")) == \
        ("NotFoundError", S2D_NCHW)
    x8 = np.ones((1, 4, 4, 8), np.int8)
    assert _message(lambda: tf.nn.depth_to_space(x8, 2, data_format="NCHW_VECT_C")) == \
        ("NotFoundError", D2S_VECT_INT8)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels are NHWC only; its GPU's take NCHW)
def test_nchw_eager_device_refusal_before_shape_checks():
    # recorded from TF 2.21: a 2-D float64 input, NCHW: the same NotFoundError (T=DT_DOUBLE)
    kind, text = _message(lambda: tf.nn.space_to_depth(np.ones((4, 4)), 2,
                                                       data_format="NCHW"))
    assert kind == "NotFoundError"
    assert text == S2D_NCHW.replace("T=DT_FLOAT,", "T=DT_DOUBLE,")
    # recorded from TF 2.21: block_size 1 is refused first (the attr's minimum)
    kind, text = _message(lambda: tf.nn.depth_to_space(X, 1, data_format="NCHW"))
    assert kind == "InvalidArgumentError"
    assert text.startswith("Value for attr 'block_size' of 1 must be at least minimum 2\n\t; "
                           "NodeDef: {{node DepthToSpace}}; Op<name=DepthToSpace;")


def _graph_attrs(text):
    return re.search(r"with these attrs: \[([^\]]*)\]", text).group(1).split(", ")


@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels are NHWC only; its GPU's take NCHW)
def test_nchw_graph_no_kernel():
    kind, text = _message(lambda: tf.function(
        lambda: tf.nn.space_to_depth(X, 2, data_format="NCHW"))())
    assert kind == "InvalidArgumentError"
    assert text.startswith(S2D_GRAPH_HEAD + " with these attrs: [")
    assert sorted(_graph_attrs(text)) == ['T=DT_FLOAT', 'block_size=2', 'data_format="NCHW"']
    assert text.split("Registered devices")[1].split(" [Op:__inference")[0] == S2D_GRAPH_TAIL
    kind, text = _message(lambda: tf.function(
        lambda: tf.nn.depth_to_space(X, 2, data_format="NCHW"))())
    assert kind == "InvalidArgumentError"
    assert text.split("Registered devices")[1].split(" [Op:__inference")[0] == D2S_GRAPH_TAIL


def test_nchw_graph_shapes():
    # recorded from TF 2.21: the traced output shapes (the shape function reads NCHW)
    x = np.ones((1, 8, 4, 6), np.float32)
    s2d = tf.function(lambda: tf.nn.space_to_depth(x, 2, data_format="NCHW"))
    d2s = tf.function(lambda: tf.nn.depth_to_space(x, 2, data_format="NCHW"))
    assert tuple(s2d.get_concrete_function().structured_outputs.shape) == (1, 32, 2, 3)
    assert tuple(d2s.get_concrete_function().structured_outputs.shape) == (1, 2, 8, 12)


def test_bad_formats():
    assert _message(lambda: tf.nn.space_to_depth(X, 2, data_format="NCHWX")) == \
        ("InvalidArgumentError", S2D_BAD)
    kind, text = _message(lambda: tf.function(
        lambda: tf.nn.depth_to_space(X, 2, data_format="NCHWX"))())
    assert kind == "ValueError" and text.rstrip("\n").endswith(D2S_BAD_GRAPH)
    kind, text = _message(lambda: tf.function(
        lambda: tf.nn.space_to_depth(X, 2, data_format="NCHW_VECT_C"))())
    assert kind == "ValueError" and text.rstrip("\n").endswith(S2D_VECT_GRAPH)
    # recorded from TF 2.21
    assert _message(lambda: tf.nn.space_to_depth(X, 2, data_format=3)) == \
        ("TypeError", "Expected string for argument 'data_format' not 3.")


def test_nchw_kernel_off_the_cpu():
    # (TF's GPU kernels take NCHW: off NumPy, the kernel moves the channels first; a
    # stand-in array module marks "not the CPU" here)
    x = np.arange(2 * 8 * 4 * 6, dtype=np.float32).reshape(2, 8, 4, 6)
    nhwc = x.transpose(0, 2, 3, 1)
    s2d = nn_space.SPACE_TO_DEPTH.kernel(SimpleNamespace(), x, 2, "NCHW")
    want = tf.nn.space_to_depth(nhwc, 2).numpy().transpose(0, 3, 1, 2)
    np.testing.assert_array_equal(s2d, want)
    d2s = nn_space.DEPTH_TO_SPACE.kernel(SimpleNamespace(), x, 2, "NCHW")
    want = tf.nn.depth_to_space(nhwc, 2).numpy().transpose(0, 3, 1, 2)
    np.testing.assert_array_equal(d2s, want)
