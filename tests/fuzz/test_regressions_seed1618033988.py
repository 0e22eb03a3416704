"""Regression tests for the fuzz campaign of seed 1618033988 (EAGERFLOW_FUZZ=long with
EAGERFLOW_FUZZ_ODD=1: the op suite at 100 examples per op, the public-API suite's new
namespaces at 100): each input the campaign found, with TF 2.21's answer to it recorded
as data (its error class and message, or its result)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from tests.golden_io import ml_dtypes_before_0_7

# -- Einsum of a half-precision operand with no values -----------------------------------------
# The campaign's Einsum 'ij,jk->ik' of a (0, 3) float16 operand was NumPy's "cannot reshape
# array of size 0 into shape (0,3)" in the half-precision product (a reshape to -1 rows of
# no values); TF 2.21 gives the empty product (recorded).


def test_the_campaigns_einsum_case():
    a = np.zeros((0, 3), np.float16)
    b = np.array([[1.106, 3.504, 2.209, -0.0857], [1.709, 4.36, -1.174, -0.05542],
                  [0.4006, 0.1567, -4.684, 3.498]], np.float16)
    attrs = {"equation": "ij,jk->ik"}
    out = bind(REGISTRY["Einsum"], (tf.constant(a), tf.constant(b)), dict(attrs))
    assert out.shape == (0, 4) and out.dtype == tf.float16
    outcome, _ = guarded("Einsum", ("Einsum",), bind, REGISTRY["Einsum"],
                         (tf.constant(a), tf.constant(b)), dict(attrs))
    assert outcome == "ok"


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16])
@pytest.mark.parametrize("spec, sa, sb, want", [
    ("ij,jk->ik", (0, 3), (3, 4), (0, 4)), ("ij,jk->ik", (2, 0), (0, 4), (2, 4)),
    ("bij,bjk->bik", (0, 2, 3), (0, 3, 4), (0, 2, 4)),
    ("bij,bjk->bik", (2, 0, 3), (2, 3, 4), (2, 0, 4)), ("ij,jk->ki", (3, 0), (0, 0), (0, 3))])
def test_half_einsum_of_empty_operands(dtype, spec, sa, sb, want):
    a = tf.cast(tf.reshape(tf.range(int(np.prod(sa)), dtype=tf.float32), sa), dtype)
    b = tf.cast(tf.reshape(tf.range(int(np.prod(sb)), dtype=tf.float32), sb), dtype)
    out = tf.einsum(spec, a, b)
    assert out.shape == want and out.dtype == dtype
    assert not tf.cast(out, tf.float32).numpy().any()  # (a sum of no products is 0)


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16])
def test_half_batch_matmul_of_no_rows(dtype):
    assert tf.linalg.matmul(tf.zeros((2, 0, 3), dtype), tf.zeros((1, 3, 4), dtype)).shape == \
        (2, 0, 4)


# -- tf.ragged.boolean_mask of dense data and a dense mask of another shape -------------------
# The campaign's (1000, 2) int16 data under a (1000, 0) mask was eagerflow's assert_equal of
# the row lengths (no op named); TF 2.21 masks two dense tensors with tf.boolean_mask first,
# whose static check is its ValueError (recorded).

@pytest.mark.parametrize("data_shape, mask, words", [
    ((1000, 2), np.zeros((1000, 0), bool), "(1000, 2) and (1000, 0)"),
    ((3, 2), np.zeros((3, 0), np.uint64), "(3, 2) and (3, 0)"),
    ((3, 2), np.zeros((3, 1), bool), "(3, 2) and (3, 1)"),
    ((3, 2), np.ones((2, 2), bool), "(3, 2) and (2, 2)")])
def test_ragged_boolean_mask_of_other_shapes(data_shape, mask, words):
    data = np.arange(int(np.prod(data_shape)), dtype=np.int16).reshape(data_shape)
    with pytest.raises(ValueError, match=rf"^Shapes {re.escape(words)} are incompatible$"):
        tf.ragged.boolean_mask(data, mask)
    outcome, _ = guarded("ragged.boolean_mask", ("boolean_mask",), tf.ragged.boolean_mask,
                         data, mask, contract=False)
    assert outcome == "ValueError"


def test_ragged_boolean_mask_of_a_matching_dense_mask():
    data = np.arange(6).reshape(3, 2)
    mask = np.array([[True, False], [False, False], [True, True]])
    assert tf.ragged.boolean_mask(data, mask).to_list() == [[0], [], [4, 5]]


# -- Substr's out-of-range message of ill-formed UTF-8 ------------------------------------------
# The campaign's Substr of b'\x80' at pos 2 was Python's UnicodeDecodeError from the message;
# TF 2.21 reads its own message, holding the string's raw bytes, as UTF-8 and lets the same
# error out (recorded; fuzzlib's TF_MESSAGE_DECODES allows it).

def test_the_campaigns_substr_case():
    args = (np.array([[b"hello", b"\x80"]], object), np.array([0, 2], np.int32),
            np.array([3, 1], np.int32))
    ts = tuple(tf.constant(a) for a in args)
    with pytest.raises(UnicodeDecodeError, match="invalid start byte"):
        bind(REGISTRY["Substr"], ts, {"unit": "BYTE"})
    outcome, _ = guarded("Substr", ("Substr",), bind, REGISTRY["Substr"], ts, {"unit": "BYTE"})
    assert outcome == "UnicodeDecodeError"


def test_substr_message_of_utf8_bytes():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"pos 9 out of range for string "
                                                             r"b'é' at index 0 \[Op:Substr\]"):
        tf.strings.substr(tf.constant([b"\xc3\xa9", b"ab\x00c"]), [9, 9], [3, 1])


# -- assert_near of bfloat16 (the seed 3141592653 survey) ----------------------------------------
# TF 2.21's default tolerances read np.finfo of the dtype: NumPy's ValueError for ml_dtypes'
# bfloat16 before 0.7, let out as TF's (recorded; test_api_fuzz's TF_NUMPY_ERRORS allows it).
# ml_dtypes 0.7's finfo answers, and the tolerances are then its eps (TF with 0.7 the same).

def test_assert_near_of_bfloat16():
    x = tf.constant([2.1, 0.0], tf.bfloat16)
    if ml_dtypes_before_0_7():
        with pytest.raises(ValueError,
                           match="^data type <class 'ml_dtypes.bfloat16'> not inexact$"):
            tf.debugging.assert_near(x, x)
        return
    tf.debugging.assert_near(x, tf.constant([2.2, 0.0], tf.bfloat16))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"rtol = tf.Tensor\(0.078125, shape=\(\), dtype=bfloat16\)"):
        tf.debugging.assert_near(x, tf.constant([3.2, 0.0], tf.bfloat16))
