"""Regression tests for the fuzz campaign of seed 1637815576 (EAGERFLOW_FUZZ=long): each
input the campaign found, with TF 2.21's answer to it recorded as data (its error class and
message, or its result, and the warnings NumPy gave on the way)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf

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
