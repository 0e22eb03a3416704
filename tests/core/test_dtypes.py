"""DTypes and TF's conversion rules: defaults, no implicit promotion, Python operands."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from tests.gpu_target import on_the_gpu

ALL = [tf.float16, tf.float32, tf.float64, tf.bfloat16, tf.int8, tf.int16, tf.int32, tf.int64,
       tf.uint8, tf.uint16, tf.uint32, tf.uint64, tf.bool, tf.string, tf.complex64,
       tf.complex128]


@pytest.mark.parametrize("d", ALL, ids=lambda d: d.name)
def test_dtype_round_trips_through_name_enum_and_repr(d):
    assert tf.as_dtype(d.name) is d
    assert tf.as_dtype(d.as_datatype_enum) is d
    assert repr(d) == f"tf.{d.name}"
    assert str(d) == f"<dtype: '{d.name}'>"
    assert d == d.name and hash(d) == hash(tf.as_dtype(d.name))
    assert getattr(tf.dtypes, d.name) is d


def test_dtype_predicates_and_limits():
    assert tf.float32.is_floating and not tf.float32.is_integer
    assert tf.int8.is_integer and not tf.int8.is_unsigned and tf.uint8.is_unsigned
    assert tf.complex64.is_complex and tf.complex64.real_dtype is tf.float32
    assert tf.bool.is_bool and not tf.bool.is_numeric and not tf.string.is_numeric
    assert (tf.int32.min, tf.int32.max) == (-2**31, 2**31 - 1)
    assert (tf.uint8.min, tf.uint8.max) == (0, 255)
    assert tf.float16.max == np.finfo(np.float16).max
    assert tf.float32.size == 4 and tf.float64.size == 8
    assert tf.float32.as_numpy_dtype is np.float32
    assert tf.half is tf.float16 and tf.double is tf.float64


def test_as_dtype_accepts_numpy_and_python_types():
    assert tf.as_dtype(np.int64) is tf.int64
    assert tf.as_dtype(np.dtype("float16")) is tf.float16
    assert tf.as_dtype(float) is tf.float32
    assert tf.as_dtype(bool) is tf.bool
    assert tf.as_dtype(object) is tf.string


@pytest.mark.parametrize("value", [int, complex, str, bytes, b"float32", b"\x00"])
def test_as_dtype_refuses_what_tf_refuses(value):
    # (recorded from TF 2.21: of Python's types it takes float, bool and object only, and
    # names as str only; NumPy would read int as int64 and b"\x00" as its bool)
    with pytest.raises(TypeError, match=r"^Cannot convert the argument `type_value`: " +
                       re.escape(repr(value)) + r" to a TensorFlow DType\.$"):
        tf.as_dtype(value)
    with pytest.raises(TypeError, match="to a TensorFlow DType"):
        tf.zeros([2], dtype=value)


def test_as_dtype_names_and_missing_values():
    with pytest.raises(TypeError, match="Cannot convert the argument `type_value`: 'foo'"):
        tf.as_dtype("foo")
    # (was: float64, as NumPy reads None; TF refuses it in these words)
    with pytest.raises(TypeError, match=r"^Cannot convert the argument `type_value`: None to "
                                        r"a TensorFlow DType\.$"):
        tf.as_dtype(None)


def test_as_dtype_reads_a_number_equal_to_an_enum_as_that_enum():
    # TF 2.21 finds the value in one table by hash: 2.0, True and NumPy scalars equal to
    # an enum are that enum's dtype (DT_FLOAT=1, DT_DOUBLE=2, DT_INT32=3, DT_STRING=7,
    # DT_INT64=9); a number equal to none is read as a NumPy scalar, or refused
    assert tf.as_dtype(2.0) is tf.float64
    assert tf.as_dtype(True) is tf.float32 and tf.as_dtype(np.True_) is tf.float32
    assert tf.as_dtype(np.float32(2.0)) is tf.float64
    assert tf.as_dtype(np.int64(3)) is tf.int32 and tf.as_dtype(np.int32(7)) is tf.string
    assert tf.as_dtype(np.uint8(9)) is tf.int64 and tf.as_dtype(9.0) is tf.int64
    assert tf.as_dtype(np.float32(1.5)) is tf.float32
    assert tf.string == 7 and tf.float64 == 2.0 and tf.float32 != 0
    with pytest.raises(TypeError, match="Cannot convert the argument `type_value`: 1.5 to"):
        tf.as_dtype(1.5)


def test_defaults_float32_int32_int64_for_big_ints():
    assert tf.constant(1.5).dtype is tf.float32
    assert tf.constant(1).dtype is tf.int32
    assert tf.constant([1, 2**40]).dtype is tf.int64
    assert tf.constant(-2**31).dtype is tf.int32
    assert tf.constant(-2**31 - 1).dtype is tf.int64
    assert tf.constant(True).dtype is tf.bool
    assert tf.constant(1j).dtype is tf.complex128
    assert tf.constant("héllo").numpy() == "héllo".encode()
    assert tf.constant([]).dtype is tf.float32
    assert tf.constant(np.float64(1.5)).dtype is tf.float64  # NumPy data keeps its dtype
    assert tf.constant(np.array([1, 2], np.uint16)).dtype is tf.uint16


def test_out_of_range_and_mixed_literals_are_refused():
    with pytest.raises(ValueError, match="out-of-range integer"):
        tf.constant(2**63)
    with pytest.raises(ValueError, match="out of range for a double-precision float"):
        tf.constant(1e40)
    assert np.isinf(tf.constant(1e40, tf.float32).numpy())  # an explicit dtype overflows
    with pytest.raises(ValueError, match="mixed types"):
        tf.constant([1, "a"])
    with pytest.raises(ValueError, match="non-rectangular"):
        tf.constant([[1, 2], [3]])
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        tf.constant(None)


def test_explicit_dtype_conversion_rules():
    assert tf.constant(2.1, tf.float64).numpy() == 2.1  # no float32 rounding on the way
    assert tf.constant(300, tf.uint8).numpy() == 44  # Python ints wrap like TF
    assert tf.constant(True, tf.int32).numpy() == 1
    with pytest.raises(TypeError, match="Cannot convert True to EagerTensor of dtype uint8"):
        tf.constant(True, tf.uint8)
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        tf.constant(1.5, tf.int32)
    with pytest.raises(TypeError, match="Expected tensor .* with dtype tf.int32"):
        tf.constant(tf.constant([1.5]), tf.int32)
    with pytest.raises(ValueError, match="Tensor conversion requested dtype int32"):
        tf.convert_to_tensor(tf.constant([1.5]), tf.int32)
    assert tf.convert_to_tensor([1.5], dtype_hint=tf.int32).dtype is tf.float32


def test_no_implicit_promotion_between_tensors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute AddV2 as input #1\(zero-based\) was expected to be "
                             r"a int32 tensor but is a float tensor \[Op:AddV2\]"):
        tf.constant(1) + tf.constant(1.0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a float tensor "
                                                            "but is a double tensor"):
        tf.multiply(tf.constant(1.0), tf.constant(1.0, tf.float64))


def test_python_operands_adopt_the_tensor_dtype():
    assert (tf.constant([1, 2], tf.float64) * 2).dtype is tf.float64
    assert (2 * tf.constant([1, 2], tf.int64)).dtype is tf.int64
    assert (tf.constant(1, tf.int8) + 200).numpy() == np.int8(-55)
    assert (tf.constant(1.0) + True).numpy() == 2.0
    assert (tf.constant(1) * True).numpy() == 1
    # a value that does not fit: TypeError for most ops and reflected operators ...
    for f in (lambda: tf.constant(1) * 1.5, lambda: 1.5 + tf.constant(1),
              lambda: tf.constant(1) == 1.5, lambda: tf.maximum(tf.constant(1), 1.5),
              lambda: tf.constant([1]) < [2.5]):
        with pytest.raises(TypeError, match="Cannot convert .* to EagerTensor of dtype int32"):
            f()
    # ... while tf.add and `+` keep the value's dtype and report the mismatch
    with pytest.raises(tf.errors.InvalidArgumentError, match="AddV2"):
        tf.constant(1) + 1.5
    assert (tf.constant(7) / 2).dtype is tf.float64  # int32 true division gives float64
    assert (tf.constant(7, tf.int16) / 2).dtype is tf.float32


def test_concat_and_stack_adopt_the_first_tensor_dtype():
    assert tf.concat([[1], tf.constant([2.5])], 0).dtype is tf.float32
    assert tf.stack([1, tf.constant(2.0)]).numpy().tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match=r"Cannot convert \[2.5\] to EagerTensor of dtype int32"):
        tf.concat([tf.constant([1]), [2.5]], 0)


def test_cast_semantics():
    x = tf.constant([1.7, -1.7, 2.5, 1e10, np.nan])
    with tf.device("/CPU:0"):  # (x86's conversion: out of range and NaN to the lowest)
        assert tf.cast(x, tf.int32).numpy().tolist() == [1, -1, 2, -2**31, -2**31]
    with on_the_gpu():  # (CUDA's: saturated, NaN to 0)
        assert tf.cast(x, tf.int32).numpy().tolist() == [1, -1, 2, 2**31 - 1, 0]
    assert tf.cast(tf.constant([300, -1]), tf.uint8).numpy().tolist() == [44, 255]
    assert tf.cast(tf.constant([0.5, 0.0]), tf.bool).numpy().tolist() == [True, False]
    assert tf.cast(tf.constant([1 + 2j]), tf.float32).numpy().tolist() == [1.0]
    assert tf.saturate_cast(tf.constant([300, -5]), tf.uint8).numpy().tolist() == [255, 0]
    c = tf.constant([1.0])
    assert tf.cast(c, tf.float32) is c  # a no-op cast returns the input
    with pytest.raises(tf.errors.UnimplementedError, match="Cast string to float"):
        tf.cast(tf.constant("1"), tf.float32)


_NUMERIC = [np.int32, np.int64, np.float32, np.float64]


@given(st.sampled_from(_NUMERIC), st.sampled_from(_NUMERIC))
def test_binary_ops_require_equal_dtypes(a, b):
    x = tf.constant(np.ones(2, a))
    y = tf.constant(np.ones(2, b))
    if a is b:
        assert (x - y).dtype == tf.as_dtype(a)
    else:
        with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a"):
            tf.subtract(x, y)


@given(st.sampled_from(_NUMERIC), st.integers(-100, 100))
def test_python_ints_take_the_tensor_dtype(np_type, v):
    x = tf.constant(np.array([3], np_type))
    out = x + v
    assert out.dtype == tf.as_dtype(np_type)
    assert out.numpy()[0] == np_type(3) + np_type(v)


# TF 2.21's `dtype == name` and `dtype != name` (recorded): a name is read as as_dtype reads
# it, TF's C++ aliases included; an unknown name is unequal, not an error.
TF_NAME_EQUALITY = [("float32", "float32", True), ("float32", "float", True),
                    ("float64", "double", True), ("float16", "half", True),
                    ("float32", "float64", False), ("float32", "nope", False),
                    ("int64", "int64", True), ("bool", "bool", True), ("float32", "", False),
                    ("string", "string", True)]


@pytest.mark.parametrize("dtype, name, equal", TF_NAME_EQUALITY)
def test_a_dtype_equals_a_name_as_tf_reads_it(dtype, name, equal):
    d = tf.as_dtype(dtype)
    assert (d == name) is equal and (d != name) is (not equal)
    assert (name == d) is equal and (name != d) is (not equal)  # (str's reflected to DType's)
