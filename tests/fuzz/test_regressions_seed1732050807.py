"""Regression tests for the fuzz survey of seed 1732050807 (EAGERFLOW_FUZZ=long, survey mode,
EAGERFLOW_FUZZ_ODD=1: dims up to 1000, odd strings; the public-API suite at 60 examples per
function, the ops suite at 20 per op): each input the survey found, with TF 2.21's answer to
it recorded as data (its error class and message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu_backend

# -- a reduction of an empty input into a big output --------------------------------------------
# The survey's tf.linalg.trace of a (1000, 1000, 255, 0, 3) complex64 tensor and tf.linalg.expm
# of a (3, 1000, 255, 0, 256) one ran 21 s and grew the process by 1.2 GiB: their Sum of an
# empty input fills each of the 255,000,000 (195,840,000) kept positions with zero, an output
# no allocation check saw. TF 2.21 allocates it too (its trace is that zero tensor, its expm
# fails later at BatchMatMulV2's shapes, recorded below at small sizes), so past the memory
# there is, the allocation's OOM is TF's ResourceExhaustedError.

_NODE = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


@pytest.fixture
def small_memory():
    saved = list(cpu_backend.MEM_LIMIT)
    cpu_backend.MEM_LIMIT[:] = [64 << 20]
    with tf.device("/cpu:0"):
        yield
    cpu_backend.MEM_LIMIT[:] = saved


def _oom(shape: str, word: str) -> str:
    return ("^" + (_NODE % "Sum").replace("{", r"\{").replace("}", r"\}") +
            rf"OOM when allocating tensor with shape\[{shape}\] and type {word} on "
            r"/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu \[Op:Sum\]")


def test_trace_of_an_empty_batch_past_the_memory(small_memory):
    with pytest.raises(tf.errors.ResourceExhaustedError, match=_oom("1000,1000,255",
                                                                    "complex64")):
        tf.linalg.trace(tf.zeros((1000, 1000, 255, 0, 3), tf.complex64))


def test_expm_of_an_empty_batch_past_the_memory(small_memory):
    with pytest.raises(tf.errors.ResourceExhaustedError, match=_oom("765000,256", "float")):
        tf.linalg.expm(tf.zeros((3, 1000, 255, 0, 256), tf.complex64))


def test_reductions_of_empty_inputs_past_the_memory(small_memory):
    x = tf.zeros((5000, 0, 5000))
    for f, word in ((tf.reduce_sum, "float"), (tf.reduce_max, "float"),
                    (tf.reduce_prod, "float")):
        with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating "
                                                                   r"tensor with shape\[5000,"
                                                                   rf"5000\] and type {word}"):
            f(x, axis=1)
    with pytest.raises(tf.errors.ResourceExhaustedError, match=r"shape\[10000,10000\] and "
                                                               r"type bool .*\[Op:Any\]"):
        tf.reduce_any(tf.zeros((10000, 0, 10000), tf.bool), axis=1)  # (a byte each)


def test_the_same_calls_at_small_sizes():
    out = tf.linalg.trace(tf.zeros((2, 3, 0, 3), tf.complex64))
    assert out.shape == (2, 3) and out.dtype == tf.complex64
    assert out.numpy().tolist() == [[0j] * 3] * 2
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Matrix size-incompatible: In\[0\]: \[2,0,3\], In\[1\]: "
                             r"\[2,0,3\] \[Op:BatchMatMulV2\]"):
        tf.linalg.expm(tf.zeros((2, 0, 3), tf.complex64))
    assert tf.linalg.expm(tf.zeros((3, 0, 0))).shape == (3, 0, 0)
    s = tf.reduce_sum(tf.zeros((4, 0, 5)), axis=1)
    assert s.shape == (4, 5) and not s.numpy().any()
    m = tf.reduce_max(tf.zeros((4, 0, 5), tf.int32), axis=1)
    assert m.numpy().tolist() == [[np.iinfo(np.int32).min] * 5] * 4


# -- ParseExampleV2 of ill-formed UTF-8 ---------------------------------------------------------
# The survey's "first UnicodeDecodeError: ParseExampleV2" (a serialized example b'\xc0\xaf',
# an odd string) is TF 2.21's own: its kernel's "Could not parse example input, value: '...'"
# holds the raw bytes, which TF's Python fails to read as UTF-8 (recorded; fuzzlib's
# TF_MESSAGE_DECODES names it). A well-formed one is the kernel's InvalidArgumentError.

_FEATURES = {"f": tf.io.FixedLenFeature([2], tf.float32)}


@pytest.mark.parametrize("parse, data", [
    (tf.io.parse_example, [b"\xc0\xaf"]), (tf.io.parse_example, [b"\x80abc"]),
    (tf.io.parse_single_example, b"\xc0\xaf")])
def test_parse_example_of_ill_formed_utf8(parse, data):
    with pytest.raises(UnicodeDecodeError, match="'utf-8' codec can't decode byte 0x(c0|80)"
                                                 ".*: invalid start byte"):
        parse(tf.constant(data), _FEATURES)


def test_parse_example_of_a_bad_example():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Could not parse example input, "
                                                             r"value: 'zz' \[Op:ParseExampleV2\]"):
        tf.io.parse_example(tf.constant([b"zz"]), _FEATURES)
    with pytest.raises(ValueError, match="^Input serialized must be a scalar$"):
        tf.io.parse_single_example(tf.constant([b"zz"]), _FEATURES)


def test_parse_single_example_op_of_ill_formed_utf8():
    # (the survey's "first UnicodeDecodeError: ParseSingleExample": TF 2.21's too, recorded)
    with pytest.raises(UnicodeDecodeError, match="can't decode byte 0xc0 .*: invalid start byte"):
        tf.raw_ops.ParseSingleExample(
            serialized=tf.constant(b"\xc0\xaf"), dense_defaults=[tf.constant([0.0, 0.0])],
            num_sparse=0, sparse_keys=[], dense_keys=["f"], sparse_types=[], dense_shapes=[[2]])


# -- tnp.cross of an unsigned or bool axis ------------------------------------------------------
# The survey's tnp.cross(np.array(3, np.uint8), <(16, 32, 1, 32, 4) complex128>, axis...) is a
# bare AssertionError, TF 2.21's too: its permutation of the axis to the end is a tf.range of
# the axis, whose dtype (uint8, uint32, bool) is outside tf.range's (recorded; fuzzlib's
# TF_ASSERTS names it). A signed NumPy axis is an axis.

tnp = tf.experimental.numpy


@pytest.mark.parametrize("call", [
    lambda: tnp.cross([], np.array(2, np.uint8), axisb=tf.constant(2, tf.uint8)),
    lambda: tnp.cross(-0.0, [], axis=np.array(True)),
    lambda: tnp.cross(np.array(8, np.uint8), [], axis=tf.constant(6, tf.uint32)),
    lambda: tnp.cross(np.array([1.0, 2.0, 3.0], np.float16), [0.0],
                      axisb=np.array(1, np.uint8))])
def test_cross_of_an_unsigned_axis_is_tfs_assertion(call):
    with pytest.raises(AssertionError, match="^$"):
        call()
    outcome, _ = guarded("experimental.numpy.cross", ("cross",), call, contract=False)
    assert outcome == "AssertionError"


@pytest.mark.parametrize("kwargs", [{"axisa": np.array(1, np.uint8)},
                                    {"axisa": np.array(-1, np.int8)}, {"axis": True}])
def test_cross_of_numpy_and_bool_axes_that_tf_takes(kwargs):
    out = tnp.cross(np.ones((2, 3)), np.ones((2, 3)), **kwargs)
    assert out.shape == (2, 3) and out.dtype == tf.float64 and not out.numpy().any()
