"""Regression tests for the fuzz campaign of seed 1637815576 (EAGERFLOW_FUZZ=long): each
input the campaign found, with TF 2.21's answer to it recorded as data (its error class and
message, or its result, and the warnings NumPy gave on the way)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

COMPLEX_WARNING = "Casting complex values to real discards the imaginary part"


def _proto(p):
    """A TensorProto as data: dtype enum, dims, content bytes and the value fields used."""
    return (p.dtype, [d.size for d in p.tensor_shape.dim], p.tensor_content, list(p.int_val),
            list(p.int64_val), list(p.half_val), list(p.bool_val), list(p.string_val))


# -- tf.make_tensor_proto: a shape with no elements, and an array given a dtype ------------

def test_fuzz_case_make_tensor_proto_complex_shape():
    # the campaign's case: was NumPy's "invalid value encountered in reduce" (a float proto
    # whose shape was the complex tensor itself); TF 2.21 takes int() of each dim (the real
    # part, NumPy's ComplexWarning each) and keeps the array's bool dtype
    shape = tf.constant([complex(0, -np.inf), 1 + 1j, 0], tf.complex128)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        p = tf.make_tensor_proto(np.zeros((1, 4, 0, 3), bool), shape=shape)
    assert _proto(p) == (10, [0, 1, 0], b"", [], [], [], [], [])
    assert [str(x.message) for x in w] == [COMPLEX_WARNING] * 3
    outcome, _ = guarded("make_tensor_proto", ("make_tensor_proto",), tf.make_tensor_proto,
                         np.zeros((1, 4, 0, 3), bool), shape=shape)
    assert outcome == "ok"


@pytest.mark.parametrize("values,shape,dtype,want", [
    # an array (or tensor, or NumPy scalar) keeps its own dtype, or is cast to the given one
    (np.zeros((1, 4, 0, 3), bool), [0, 1, 0], None, (10, [0, 1, 0], b"", [], [], [], [], [])),
    (np.zeros((1, 4, 0, 3), bool), [0, 1, 0], tf.int64, (9, [0, 1, 0], b"", [], [], [], [],
                                                         [])),
    # a Python value of a shape with no elements is no values, float32 by default
    ([1, 2], [0], None, (1, [0], b"", [], [], [], [], [])),
    ([], [0, 2], tf.int64, (9, [0, 2], b"", [], [], [], [], [])),
    (5, [2, 0], None, (1, [2, 0], b"", [], [], [], [], [])),
    ("ab", [0], None, (1, [0], b"", [], [], [], [], [])),
], ids=["array", "array-int64", "list", "empty-list", "int", "str"])
def test_make_tensor_proto_of_no_elements(values, shape, dtype, want):
    # TF 2.21's protos
    assert _proto(tf.make_tensor_proto(values, dtype=dtype, shape=shape)) == want


@pytest.mark.parametrize("values,shape,dtype,cls,message", [
    # was: a proto of no values; TF only takes that shortcut for a Python value
    (np.ones(3), [0], None, ValueError, "Too many elements provided. Takes at most 0, but got "
                                        "3."),
    (tf.constant([1, 2]), [0], None, ValueError, "Too many elements provided. Takes at most 0, "
                                                 "but got 2."),
    (tf.constant([1, 2]), [0], tf.int64, ValueError, "Too many elements provided. Takes at "
                                                     "most 0, but got 2."),
    (np.int64(3), [0], tf.int64, ValueError, "Too many elements provided. Takes at most 0, but "
                                             "got 1."),
    # and its dims go to NumPy first: a float dim is NumPy's refusal
    ([1.5], [1, 0.5], None, TypeError, "'float' object cannot be interpreted as an integer"),
], ids=["ndarray", "tensor", "tensor-int64", "numpy-scalar", "float-dim"])
def test_make_tensor_proto_arrays_are_not_empty_values(values, shape, dtype, cls, message):
    with pytest.raises(cls) as e:
        tf.make_tensor_proto(values, dtype=dtype, shape=shape)
    assert str(e.value) == message



@pytest.mark.parametrize("values,kwargs,cls,message", [
    # TF 2.21 sizes a shape with NumPy's int64 prod and lets its errors out as they are (the
    # same classes and words, raised by eagerflow); found rerunning make_tensor_proto's
    # target after the fix above, which first called NumPy's prod itself (its errors raised
    # from NumPy's own frames, its warnings attributed to NumPy's module)
    ([1.0, 2.0], {"shape": [10**30, 2**31, 4]}, OverflowError,
     "Python int too large to convert to C long"),
    ([1.0, 2.0], {"shape": [2**32, 2**32]}, ValueError,
     "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
     "size."),
    (1 + 2j, {"shape": ""}, ValueError, "invalid literal for int() with base 10: np.str_('')"),
    (-2**70, {"shape": [[3.97e16], -7, -5]}, ValueError,
     "setting an array element with a sequence. The requested array has an inhomogeneous "
     "shape after 1 dimensions. The detected shape was (3,) + inhomogeneous part."),
    ([], {"shape": [[1, 2], [3, 0]]}, TypeError, "'list' object cannot be interpreted as an "
                                                 "integer"),
    (1.0, {"shape": [-1, 0]}, ValueError, "negative dimensions are not allowed"),
    (1.0, {"shape": [-1, 2]}, ValueError, "Too many elements provided. Takes at most -2, but "
                                          "got 1."),
    (np.array(["a"]), {"dtype": tf.int32}, ValueError,
     "invalid literal for int() with base 10: np.str_('a')"),
    # a bytearray is a buffer, an array for TF; bytes are not
    (bytearray(b"ab"), {"shape": [0]}, ValueError, "Too many elements provided. Takes at "
                                                   "most 0, but got 2."),
], ids=["past-int64", "wraps-to-0", "str-shape", "ragged-shape", "2d-shape", "negative-0",
        "negative", "str-as-int", "bytearray"])
def test_make_tensor_proto_numpys_errors(values, kwargs, cls, message):
    outcome, exc = guarded("make_tensor_proto", ("make_tensor_proto",), tf.make_tensor_proto,
                           values, **kwargs)
    assert outcome == cls.__name__
    assert str(exc) == message


@pytest.mark.parametrize("values,kwargs,want", [
    ([], {"shape": tf.constant([0, 2])}, (1, [0, 2])),
    ([], {"shape": tf.TensorShape([0, 3])}, (1, [0, 3])),
    (b"ab", {"shape": [0]}, (1, [0])),
    (np.array([1 + 2j]), {"dtype": tf.int32}, (3, [1])),
], ids=["tensor-shape", "tensorshape", "bytes", "complex-as-int"])
def test_make_tensor_proto_shapes_as_tf(values, kwargs, want):
    # TF 2.21's protos (dtype enum, dims)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (NumPy's ComplexWarning, as TF's)
        p = tf.make_tensor_proto(values, **kwargs)
    assert (p.dtype, [d.size for d in p.tensor_shape.dim]) == want


I32_12 = b"\x01\x00\x00\x00\x02\x00\x00\x00"


@pytest.mark.parametrize("values,dtype,want", [
    # TF 2.21 casts an array, tensor or NumPy scalar to the given dtype with NumPy's astype
    # (was: convert_to_tensor's refusal of a tensor of another dtype)
    (tf.constant([1, 2]), tf.int64, (9, [2], I32_12[:4] + bytes(4) + I32_12[4:] + bytes(4),
                                     [], [], [], [], [])),
    (tf.constant([1.5, 2]), tf.int32, (3, [2], I32_12, [], [], [], [], [])),
    (np.array([1.5, 2]), tf.int32, (3, [2], I32_12, [], [], [], [], [])),
    (np.array([1, 300]), tf.uint8, (4, [2], b"\x01,", [], [], [], [], [])),
    (tf.constant([1.5]), tf.float16, (19, [1], b"", [], [], [15872], [], [])),
    (np.float64(2.5), tf.int8, (6, [], b"", [2], [], [], [], [])),
], ids=["int32-int64", "float-int32", "ndarray-float-int32", "uint8-wraps", "float16",
        "numpy-scalar"])
def test_make_tensor_proto_casts_arrays(values, dtype, want):
    assert _proto(tf.make_tensor_proto(values, dtype=dtype)) == want


@pytest.mark.parametrize("values,dtype,cls,message", [
    (np.array([1, 2]), tf.string, TypeError, "Expected binary or unicode string, got 1"),
    (tf.constant(["a"]), tf.int32, ValueError, "invalid literal for int() with base 10: b'a'"),
], ids=["ints-as-strings", "strings-as-ints"])
def test_make_tensor_proto_cast_errors(values, dtype, cls, message):
    # TF 2.21's errors: NumPy's astype, then the string proto's check of each value
    with pytest.raises(cls) as e:
        tf.make_tensor_proto(values, dtype=dtype)
    assert str(e.value) == message


# -- float() of a complex scalar tensor: its real part, as NumPy's scalar gives it --------

@pytest.mark.parametrize("value,dtype,want", [
    (complex(0, -np.inf), tf.complex128, 0.0),
    (complex(np.inf, 1), tf.complex64, np.inf),
    (complex(2.7, 5), tf.complex128, 2.7),
    (complex(2.7, 5), tf.complex64, 2.700000047683716),
    (complex(np.nan, 0), tf.complex128, np.nan),
], ids=["-infj", "inf+1j", "c128", "c64", "nan"])
def test_float_of_a_complex_scalar(value, dtype, want):
    # (found with make_tensor_proto's case: int() of a complex tensor was TF's already);
    # TF 2.21: float() of the numpy() scalar, NumPy's ComplexWarning (was: Python's
    # TypeError "float() argument must be a string or a real number, not 'complex'")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        got = float(tf.constant(value, dtype))
    np.testing.assert_equal(got, want)
    assert [str(x.message) for x in w] == [COMPLEX_WARNING]


# -- LinSpace: its num an attr or an input, never both -------------------------------------

def test_fuzz_case_linspace_num_attr_and_input():
    # the campaign's case: the attr num=5 and a num input of 1 (the fuzz's extra input);
    # infer said (5,), the kernel counted the input's 1. TF's LinSpace has only the input
    # (eagerflow's op takes a static num as an attr), so both at once is an internal call's
    # mistake: TypeError, as MatrixBandPart's input count
    outcome, exc = guarded("LinSpace", ("LinSpace",), bind, REGISTRY["LinSpace"],
                           (EagerTensor(np.float64(1.0)), EagerTensor(np.float64(3.0)),
                            EagerTensor(np.array(1))), {"num": 5, "axis": 0})
    assert outcome == "TypeError"
    assert str(exc) == "LinSpace takes 2 inputs (start, stop), got 3"


@pytest.mark.parametrize("num,want", [
    (1, [1.0]), (np.int64(1), [1.0]), (5, [1.0, 1.5, 2.0, 2.5, 3.0])])
def test_linspace_num_input(num, want):
    # TF 2.21's tf.raw_ops.LinSpace(start=1.0, stop=3.0, num=...) (float64)
    out = tf.raw_ops.LinSpace(start=np.float64(1.0), stop=np.float64(3.0), num=num)
    assert out.dtype == tf.float64
    assert out.numpy().tolist() == want


# -- ScaleAndTranslateGrad: a scale derived from a gradient of no rows ------------------

def test_fuzz_case_scale_and_translate_grad_of_no_rows():
    # the campaign's case: eagerflow's node without a scale (tf.image.resize's gradient)
    # scales by the gradient's size over the image's, here 0/5: was Python's
    # ZeroDivisionError taking 1 / scale. TF 2.21, given that scale ([0, 0.75]), refuses it
    outcome, exc = guarded(
        "ScaleAndTranslateGrad", ("ScaleAndTranslateGrad",), bind,
        REGISTRY["ScaleAndTranslateGrad"],
        (EagerTensor(np.zeros((1, 0, 3, 2), np.float32)),
         EagerTensor(np.zeros((0, 5, 4, 2), np.float32))),
        {"size": (7, 3), "kernel_type": "lanczos3", "antialias": True})
    assert outcome == "InvalidArgumentError"
    assert "Scale must be greater than zero." in str(exc)


@pytest.mark.usefixtures("cpu_kernels")  # (TF's words name the CPU its kernel ran on)
@pytest.mark.parametrize("grads,original,scale,want", [
    ((1, 0, 3, 2), (0, 5, 4, 2), [0.0, 0.75], "Scale must be greater than zero."),
    ((1, 2, 3, 2), (1, 5, 4, 2), [0.0, 0.75], "Scale must be greater than zero."),
    ((1, 0, 0, 2), (0, 0, 0, 2), [0.0, 0.0], "Scale must be greater than zero."),
    ((1, 0, 3, 2), (1, 5, 4, 2), [1.0, 0.75], (1, 5, 4, 2)),
    ((1, 2, 3, 2), (1, 0, 4, 2), [np.inf, 0.75], (1, 0, 4, 2)),
], ids=["no-rows", "zero-scale", "all-empty", "empty-grads", "inf-scale"])
def test_scale_and_translate_grad_scales_as_tf(grads, original, scale, want):
    # TF 2.21's tf.raw_ops.ScaleAndTranslateGrad (translation 0, lanczos3, antialias)
    def call():
        return tf.raw_ops.ScaleAndTranslateGrad(
            grads=np.zeros(grads, np.float32), original_image=np.zeros(original, np.float32),
            scale=np.array(scale, np.float32), translation=np.zeros(2, np.float32),
            kernel_type="lanczos3", antialias=True)
    if isinstance(want, str):
        with pytest.raises(tf.errors.InvalidArgumentError, match=want):
            call()
    else:
        out = call()
        assert out.shape == want and not np.abs(out.numpy()).sum()


# -- the bounding-box samplers: max_attempts is TF's int32 attr ----------------------------

SDBB_ATTRS = {"aspect_ratio_range": (0.5, 2.0), "area_range": (0.1, 0.5),
              "use_image_if_no_bounding_boxes": False}


def _sdbb(min_covered, max_attempts):
    return bind(REGISTRY["StatelessSampleDistortedBoundingBox"],
                (EagerTensor(np.array([40, 50, 3])),
                 EagerTensor(np.array([[[0.1, 0.2, 0.6, 0.7]]], np.float32)),
                 EagerTensor(min_covered), EagerTensor(np.array([3, 4], np.int32))),
                {**SDBB_ATTRS, "max_attempts": max_attempts})


def test_fuzz_case_sdbb_max_attempts_past_int32():
    # the campaign's case: max_attempts 2**70 given to the op itself, and a min_object_covered
    # no box reaches: was a loop of 2**70 attempts (a hang). TF 2.21's kernel reads the attr
    # as an int32 before anything else is done
    outcome, exc = guarded("StatelessSampleDistortedBoundingBox",
                           ("StatelessSampleDistortedBoundingBox",), lambda: _sdbb(
                               np.array(2, np.uint16), 2**70))
    assert outcome == "InvalidArgumentError"
    assert "Attr max_attempts has value 1180591620717411303424 out of range for an int32" in \
        str(exc)


@pytest.mark.parametrize("max_attempts", [2**62, 2**31, -2**31 - 1, 2**32 + 5])
def test_sdbb_max_attempts_out_of_int32(max_attempts):
    # TF 2.21's words (tf.raw_ops.StatelessSampleDistortedBoundingBox of these attrs)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _sdbb(np.float32(0.1), max_attempts)
    assert f"Attr max_attempts has value {max_attempts} out of range for an int32" in \
        str(e.value)


def test_sdbb_max_attempts_at_int32_max():
    # TF 2.21: [[2, 13, 0], [32, 28, -1], [[[0.05, 0.26, 0.85, 0.82]]]] (a box found at once)
    begin, size, box = _sdbb(np.float32(0.1), 2**31 - 1)
    assert begin.numpy().tolist() == [2, 13, 0] and size.numpy().tolist() == [32, 28, -1]
    np.testing.assert_array_equal(box.numpy(), np.array([[[0.05, 0.26, 0.85, 0.82]]],
                                                        np.float32))
