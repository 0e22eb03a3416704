"""Regression tests for odd inputs (EAGERFLOW_FUZZ_ODD's strings and values, probed by hand
against TF 2.21 during the seed 2718281828 campaign): ill-formed UTF-8, NULs, other scripts'
digits, signed NaNs; each answer recorded from TF 2.21."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from eagerflow.errors import InvalidArgumentError

_FFFD = "\ufffd".encode()

# -- upper/lower with encoding="utf-8" -------------------------------------------------------
# TF hands ICU the string as a C string (cut at its first NUL) and ICU writes U+FFFD for each
# maximal ill-formed subpart; eagerflow kept the bytes (recorded: input, upper, lower).

_CASES = [
    (b"\xed\xa0\x80", _FFFD * 3, _FFFD * 3), (b"\xc0\xaf", _FFFD * 2, _FFFD * 2),
    (b"\x80", _FFFD, _FFFD), (b"\x00x\x00", b"", b""), (b"a\x00b", b"A", b"a"),
    (b"ab\xffcd", b"AB" + _FFFD + b"CD", b"ab" + _FFFD + b"cd"),
    (b"\xf4\x90\x80\x80", _FFFD * 4, _FFFD * 4), (b"\xe2\x82", _FFFD, _FFFD),
    (b"\xe2\x82x", _FFFD + b"X", _FFFD + b"x"), ("ß".encode(), b"SS", "ß".encode()),
    ("e\u0301".encode(), "E\u0301".encode(), "e\u0301".encode())]


@pytest.mark.parametrize("text, upper, lower", _CASES)
def test_utf8_case_of_odd_strings(text, upper, lower):
    assert tf.strings.upper(text, encoding="utf-8").numpy() == upper
    assert tf.strings.lower(text, encoding="utf-8").numpy() == lower


def test_ascii_case_keeps_every_byte():
    assert tf.strings.upper(b"a\x00b\xff").numpy() == b"A\x00B\xff"


# -- as_string of inf and NaN ----------------------------------------------------------------
# C's printf pads inf and NaN with spaces whatever the 0 fill, and prints a negative NaN as
# "-nan"; Python's % padded them with zeros and dropped NaN's sign (recorded, float32 and
# float64 alike).

@pytest.mark.parametrize("value, kw, want", [
    (np.nan, dict(width=8, fill="0"), b"     nan"), (np.nan, dict(width=8), b"     nan"),
    (np.nan, dict(scientific=True, width=12, fill="0"), b"         nan"),
    (np.nan, dict(shortest=True, width=8, fill="0"), b"     nan"),
    (-np.nan, dict(width=8, fill="0"), b"    -nan"), (-np.nan, dict(width=8), b"    -nan"),
    (-np.nan, dict(precision=2, width=8, fill="0"), b"    -nan"),
    (np.inf, dict(width=8, fill="0"), b"     inf"), (-np.inf, dict(width=8, fill="0"), b"    -inf"),
    (-np.inf, dict(scientific=True, width=12, fill="0"), b"        -inf"),
    (1.5, dict(width=8, fill="0"), b"1.500000"), (-1.5, dict(width=10, fill="0"), b"-01.500000")])
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_as_string_of_inf_and_nan(value, kw, want, dtype):
    assert tf.strings.as_string(tf.constant(value, dtype), **kw).numpy() == want


def test_as_string_of_a_nan_float32_vector():
    x = tf.constant([1e30, -0.0, np.nan], tf.float32)
    out = tf.strings.as_string(x, precision=3, width=12, fill="0").numpy().tolist()
    assert out == [b"1000000015047466219876688855040.000", b"-0000000.000", b"         nan"]


# -- to_number of other scripts' digits, and NaN payloads --------------------------------------
# TF's float parsing reads ASCII only: Arabic-Indic or full-width digits are its error
# (Python's float took them: 12.0); "nan(1)" is NaN (recorded).

@pytest.mark.parametrize("text", ["١٢", "１２", "٣.٥", "1_0", "1,5", "²", "1.5e"])
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64, tf.int32, tf.int64])
def test_to_number_refuses(text, dtype):
    with pytest.raises(InvalidArgumentError, match="StringToNumberOp could not correctly "
                                                   f"convert string: {text} "):
        tf.strings.to_number(text, dtype)


@pytest.mark.parametrize("text, want", [("1e5", 1e5), (" 3 ", 3.0), ("\t4", 4.0), ("5\n", 5.0),
                                        ("0x1p3", 8.0), ("infinity", np.inf), ("+inf", np.inf)])
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_to_number_floats(text, want, dtype):
    assert tf.strings.to_number(text, dtype).numpy() == want


@pytest.mark.parametrize("text", ["NaN", "nan(1)", "-nan(abc_1)", " NAN() "])
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64])
def test_to_number_nans(text, dtype):
    assert np.isnan(tf.strings.to_number(text, dtype).numpy())


@pytest.mark.parametrize("x, fill, want", [
    (tf.constant([complex(np.nan, -np.inf)], tf.complex64), "0", [b"(   nan,  -inf)"]),
    (tf.constant([np.nan, -np.inf]), "-", [b"nan   ", b"-inf  "]),
    (tf.constant([np.nan, np.inf]), "+", [b"  +nan", b"  +inf"]),
    (tf.constant([np.nan, np.inf]), " ", [b"   nan", b"   inf"])])
def test_as_string_flags_of_inf_and_nan(x, fill, want):
    assert tf.strings.as_string(x, width=6, fill=fill).numpy().tolist() == want
