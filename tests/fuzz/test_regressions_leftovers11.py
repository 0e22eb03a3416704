"""Regression tests for fuzz22's left-alone findings (leftovers11), each matched at its root
and recorded from TF 2.21 (its error class and the first line of its message, or per tensor
its dtype, shape and values; recorded in a TF process that had already run an op).

- TF's eager uint64 converter reads a Python int with PyLong_AsUnsignedLongLong unchecked:
  one outside [0, 2**64) is that function's error value, 2**64 - 1, with an OverflowError
  left set. TF caches a scalar's tensor, so only a process's first conversion of that
  number raises (the constructor's SystemError); the steady state, recorded here (each
  call made twice in TF), is 2**64 - 1. A list is never cached: always the SystemError.
  tnp converts an int past int64 to uint64 outright (np_arrays.convert_to_tensor), then
  casts: tnp.add(True, 2**70) is 1 + int64(2**64 - 1) = 0.
- Complex Pow is the C library's cpow, cexp(y * clog(x)) with C's complex product: 0j ** 0j
  is NaN, an integer power is no repeated product (bits compared below).
- row_splits_to_segment_ids is TF's Python: tf.repeat of range(nrows), which reads the row
  lengths as int32 and tiles a single row's; a traced Tile of a constant multiple below -1
  is the shape function's ValueError, -1 an unknown dim refused when the graph runs.
- An RE2 pattern of invalid UTF-8 is RE2's "invalid UTF-8", its bytes in the message, which
  TF's Python fails to decode: UnicodeDecodeError, positions counted from the message's start.
- reduce_variance/reduce_std read `name if name else ...` (an array's truth).
- (tnp.divide(True, -0.0) is -inf as TF's in a fresh process; TF's scalar cache, keyed by
  Python equality, then returns that -0.0 for a later 0.0 of the same dtype, a history
  eagerflow does not keep.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from recorded import outcome

import eagerflow as tf

tnp = tf.experimental.numpy

SYSTEM_ERROR = ("raise", "SystemError", "<class 'tensorflow.python.framework.ops.EagerTensor'> "
                "returned a result with an exception set")

CASES = [
    # a Python int outside [0, 2**64) to uint64: a scalar 2**64 - 1 (steady state), a list
    # SystemError
    (lambda: tnp.add(True, 2**70),
      ('int64', [], 0)),
    (lambda: tnp.add(2**71, True),
      ('int64', [], 0)),
    (lambda: tnp.multiply(1, 2**64 + 3),
      ('int64', [], -1)),
    (lambda: tnp.asarray(2**66),
      ('raise',
       'UnimplementedError',
       '{{function_node '
       '__wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast '
       'uint64 to string is not supported [Op:Cast] name:')),
    (lambda: tnp.asarray(2**67, tnp.float32),
      ('float32', [], 1.8446744073709552e+19)),
    (lambda: tf.constant(-1, tf.uint64),
      ('uint64', [], 18446744073709551615)),
    (lambda: tf.constant([1, 2**72], tf.uint64),
      SYSTEM_ERROR),
    (lambda: tf.constant([True, -1], tf.uint64),
      SYSTEM_ERROR),
    (lambda: tf.constant([[1], [-2**70]], tf.uint64),
      SYSTEM_ERROR),
    (lambda: tf.convert_to_tensor(-7, tf.uint64),
      ('uint64', [], 18446744073709551615)),
    (lambda: tf.constant([2**64 - 1, 0], tf.uint64),
      ('uint64', [2], [18446744073709551615, 0])),
    (lambda: tf.constant(-1, tf.uint32),
      ('uint32', [], 4294967295)),
    (lambda: tf.constant([-1, 'a'], tf.uint64),
      ('raise',
       'ValueError',
       "Can't convert Python sequence with mixed types to Tensor.")),
    (lambda: tf.constant([2**64, 'a'], tf.uint64),
      ('raise',
       'ValueError',
       "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tf.constant(2**70, tf.uint32),
      ('raise',
       'ValueError',
       "Can't convert Python sequence with out-of-range integer to Tensor.")),
    (lambda: tnp.add(True, 2**63),
      ('int64', [], -9223372036854775807)),
    (lambda: tnp.asarray(2**63 + 5, tnp.int64),
      ('int64', [], -9223372036854775803)),
    (lambda: tnp.asarray(2**63),
      ('uint64', [], 9223372036854775808)),
    (lambda: tnp.add(-2**70, 0),
      ('raise',
       'ValueError',
       "Can't convert Python sequence with out-of-range integer to Tensor.")),
    # complex Pow: the C library's cpow
    (lambda: tf.math.pow(tf.constant(0j), tf.constant(0j)),
      ('complex128', [], '(nan+nanj)')),
    (lambda: tf.math.pow(0j, 0j),
      ('complex128', [], '(nan+nanj)')),
    (lambda: tf.math.pow(tf.constant(0j, tf.complex64), tf.constant(0j, tf.complex64)),
      ('complex64', [], '(nan+nanj)')),
    (lambda: tnp.float_power(0j, 0j),
      ('complex128', [], '(nan+nanj)')),
    (lambda: tnp.power(0j, 0j),
      ('complex128', [], '(nan+nanj)')),
    (lambda: tf.math.pow(tf.constant(0j), tf.constant(-1+0j)),
      ('complex128', [], '(inf+nanj)')),
    (lambda: tf.math.pow(tf.constant([1+1j, 2-3j]), tf.constant([2+0j, 3+0j])),
      ('complex128',
       [2],
       [(1.2246467991473532e-16+2j), (-46.00000000000001-9.000000000000009j)])),
    (lambda: tf.constant([0j, 1+2j]) ** tf.constant([0j, 0j]),
      ('complex128', [2], ['(nan+nanj)', (1+0j)])),
    (lambda: tnp.divide(True, -0.0),
      ('float64', [], '-inf')),
    (lambda: tnp.divide(False, -0.0),
      ('float64', [], 'nan')),
    # row_splits_to_segment_ids: TF's Python (tf.repeat's int32 counts, Tile)
    (lambda: tf.ragged.row_splits_to_segment_ids([0, 2**40]),
      ('int64', [0], [])),
    (lambda: tf.ragged.row_splits_to_segment_ids([0, 2**32 + 2]),
      ('int64', [2], [0, 0])),
    (lambda: tf.ragged.row_splits_to_segment_ids([True, False]),
      ('raise',
       'InvalidArgumentError',
       '{{function_node '
       '__wrapped__Tile_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected '
       'multiples[1] >= 0, but got -1 [Op:Tile]')),
    (lambda: tf.ragged.row_splits_to_segment_ids([0, 3, 1]),
      ('int64', [3], [0, 0, 0])),
    (lambda: tf.ragged.row_splits_to_segment_ids([0, -3, 2]),
      ('int64', [5], [1, 1, 1, 1, 1])),
    (lambda: tf.ragged.row_splits_to_segment_ids([0, 1], out_type=tf.float32),
      ('raise',
       'InvalidArgumentError',
       "Value for attr 'out_type' of float is not in the list of allowed values: "
       'int32, int64')),
    (lambda: tf.ragged.row_splits_to_segment_ids(tf.constant([0., -np.inf])),
      ('raise', 'ValueError', 'splits must have dtype int32 or int64')),
    (lambda: tf.ragged.row_splits_to_segment_ids(np.array([0, -np.inf])),
      ('int64', [0], [])),
    (lambda: tf.repeat(tf.range(1, dtype=tf.int64), tf.constant([2**40], tf.int64), axis=0),
      ('int64', [0], [])),
    (lambda: tf.repeat(tf.range(2, dtype=tf.int64), tf.constant([2**32 + 1, 2], tf.int64), axis=0),
      ('int64', [3], [0, 1, 1])),
    (lambda: tf.repeat(tf.range(1, dtype=tf.int64), tf.constant([-1], tf.int64), axis=0),
      ('raise',
       'InvalidArgumentError',
       '{{function_node '
       '__wrapped__Tile_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected '
       'multiples[1] >= 0, but got -1 [Op:Tile]')),
    (lambda: tf.function(lambda: tf.tile([[1]], [1, -2]))(),
      ('raise', 'ValueError', 'Invalid value in tensor used for shape: -2')),
    (lambda: tf.function(lambda: tf.tile([[1]], [2, -1]))(),
      ('raise',
       'InvalidArgumentError',
       '{{function_node __inference_<lambda>_N}} Expected multiples[1] >= 0, but got '
       '-1')),
    # an RE2 pattern of invalid UTF-8: its bytes in the message TF's Python decodes
    (lambda: tf.strings.regex_replace('abc', b'\xff', 'x'),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xff in position 117: invalid start byte")),
    (lambda: tf.strings.regex_replace('abc', tf.constant(b'\xff'), 'x'),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xff in position 111: invalid start byte")),
    (lambda: tf.strings.regex_full_match('abc', b'\xff'),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xff in position 119: invalid start byte")),
    (lambda: tf.strings.regex_full_match('abc', tf.constant(b'a\xfe')),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xfe in position 114: invalid start byte")),
    (lambda: tf.strings.regex_full_match(['abc', 'd'], b'x\xc3('),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xc3 in position 120: invalid continuation "
       'byte')),
    (lambda: tf.strings.regex_full_match('abc', b'\xc3', name='nm'),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xc3 in position 119: invalid continuation "
       'byte')),
    (lambda: tf.strings.regex_replace('abc', b'a\xff', 'x', replace_global=False),
      ('raise',
       'UnicodeDecodeError',
       "'utf-8' codec can't decode byte 0xff in position 118: invalid start byte")),
    (lambda: tf.strings.regex_replace('abc', b'b', b'<\xff>'),
      ('string', [], b'a<\xff>c')),
    (lambda: tf.strings.regex_full_match('abc', b'a.c'),
      ('bool', [], True)),
    (lambda: tf.strings.regex_replace('abc', '(', 'x'),
      ('raise',
       'InvalidArgumentError',
       '{{function_node '
       '__wrapped__StaticRegexReplace_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
       'Invalid pattern: (, error: missing ): ( [Op:StaticRegexReplace]')),
    # reduce_variance / reduce_std: TF's `name if name else ...`
    (lambda: tf.math.reduce_std([1., 2.], name=np.array([1, 2])),
      ('raise',
       'ValueError',
       'The truth value of an array with more than one element is ambiguous. Use '
       'a.any() or a.all()')),
    (lambda: tf.math.reduce_variance([1., 2.], name=np.array([1, 2])),
      ('raise',
       'ValueError',
       'The truth value of an array with more than one element is ambiguous. Use '
       'a.any() or a.all()')),
    (lambda: tf.math.reduce_std([1., 2.], name=np.array([])),
      ('raise',
       'ValueError',
       'The truth value of an empty array is ambiguous. Use `array.size > 0` to check '
       'that an array is not empty.')),
    (lambda: tf.math.reduce_std([1., 2.], name=np.array(['a'])),
      ('float32', [], 0.5)),
    (lambda: tf.math.reduce_std([1., 2.], name=0),
      ('float32', [], 0.5)),
    (lambda: tf.math.reduce_mean([1., 2.], name=np.array([1, 2])),
      ('float32', [], 1.5)),
]


def _same(got: object) -> object:
    """A traced function's error names its function's number, which counts the process's
    traces: read as N."""
    if isinstance(got, tuple) and got and got[0] == "raise":
        return got[:2] + (re.sub(r"__inference_<lambda>_\d+", "__inference_<lambda>_N",
                                 got[2]),)
    return got


@pytest.mark.parametrize("fn, want", CASES)
def test_as_tf(fn, want):
    assert _same(outcome(fn)) == want


def test_a_list_past_uint64_raises_each_time():
    # (a scalar is TF's cached 2**64 - 1; a list's conversion fails every time)
    for _ in range(2):
        assert tf.constant(-3, tf.uint64).numpy() == 2**64 - 1
        with pytest.raises(SystemError, match="returned a result with an exception set"):
            tf.constant([2**65], tf.uint64)


def test_cpow_signs_of_zero():
    # (0j ** (1+0j): cexp(-inf + nan j) is +0 - 0j as glibc's; 0j ** (2+1j) too)
    for y in (1 + 0j, 2 + 1j):
        z = tf.math.pow(tf.constant(0j), tf.constant(y)).numpy()
        assert (z.real, np.signbit(z.real), np.signbit(z.imag)) == (0.0, False, True)


GOLDEN = json.loads((Path(__file__).parent / "leftovers11_cpow_golden.json").read_text())
_SPECIAL = [0j, complex(0, -0.0), complex(-0.0, 0), complex(np.inf, 0), complex(np.nan, 0),
            1 + 0j, complex(-np.inf, 1), complex(0, np.inf), complex(2, -3)]
_EXPONENTS = {"2": 2 + 0j, "3": 3 + 0j, "-1": -1 + 0j, "0.5": 0.5 + 0j, "0": 0j,
              "c": 0.7 - 1.3j}


def _inputs(key: str) -> tuple:
    dtype, kind = key.split()
    if kind == "special":
        x, y = np.meshgrid(np.array(_SPECIAL), np.array(_SPECIAL))
        return x.ravel().astype(dtype), y.ravel().astype(dtype)
    rng = np.random.default_rng(1101)  # (the recording's inputs)
    x = rng.normal(size=24) * 10.0 ** rng.integers(-3, 4, 24) + 1j * rng.normal(size=24)
    return x.astype(dtype), np.full(24, _EXPONENTS[kind]).astype(dtype)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_complex_pow_bits(key):
    x, y = _inputs(key)
    got = tf.math.pow(tf.constant(x), tf.constant(y)).numpy()
    assert [[float(v.real).hex(), float(v.imag).hex()] for v in got] == GOLDEN[key]
