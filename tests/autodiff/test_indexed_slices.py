"""Gather gradients are IndexedSlices, against TF's (tests/autodiff/indexed_slices_cases.py
records indexed_slices_golden.json): the kind of each gradient, its parts (dtypes too) and
values; the tape's aggregation of several (concatenated) and of a mix with dense
gradients (dense); through tf.function, persistent tapes, jacobians, clipping. The
concatenation order of rows follows TF's backward traversal, which eagerflow's differs
from, so rows are compared as a set of (index, row) pairs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import eagerflow as tf
from tests import child_env
from tests.autodiff.indexed_slices_cases import GOLDEN, IDS, TABLE, W, run_all

with open(GOLDEN, encoding="utf-8") as _f:
    _REF = json.load(_f)["cases"]
_GOT = None


def _got() -> dict:
    global _GOT
    if _GOT is None:
        _GOT = run_all(tf)
    return _GOT


def _rows(d: dict) -> list:
    return sorted(zip(d["indices"], map(tuple, d["values"])))


def _same(got: object, want: object) -> None:
    if isinstance(want, list):  # a structure of results (a dense value is in a dict)
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    if want is None:
        assert got is None
        return
    assert got["kind"] == want["kind"]
    if want["kind"] == "dense":
        assert got["dtype"] == want["dtype"]
        np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6, atol=1e-6)
        return
    for k in ("indices_dtype", "dense_shape", "dense_shape_dtype"):
        assert got[k] == want[k], k
    g, w = _rows(got), _rows(want)
    assert [i for i, _ in g] == [i for i, _ in w]
    np.testing.assert_allclose([r for _, r in g], [r for _, r in w], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("name", sorted(_REF))
def test_matches_tf(name: str) -> None:
    _same(_got()[name], _REF[name])


_THROUGH = sorted(k for k in _REF if k.startswith(
    ("concat_", "add_", "sub_", "mul_", "scalar_sub")))


def _numbers(d: object) -> list:
    """Every number of a described result, in order (dense values and rows)."""
    if isinstance(d, list):
        return [x for e in d for x in _numbers(e)]
    if d is None:
        return []
    return np.ravel(d["value"] if d["kind"] == "dense" else d["values"]).tolist()


@pytest.mark.parametrize("name", _THROUGH)
def test_slices_through_concat_and_sums_exactly_as_tf(name: str) -> None:
    """A gradient through ConcatV2, AddV2 or Sub keeps or drops the IndexedSlices form as
    TF's does, with its rows in TF's order (a tensor taken twice by one concat: its first
    use's rows first), and dense zeros of TF's sign (1 - x: the rows negated before they
    are made dense, so 0.0 where no row is, not -0.0)."""
    got, want = _got()[name], _REF[name]
    assert got == want
    assert np.signbit(_numbers(got)).tolist() == np.signbit(_numbers(want)).tolist()


def test_dense_form_matches_finite_differences() -> None:
    """The IndexedSlices' dense form is the gradient: central differences of the loss."""
    x = tf.constant(TABLE.astype(np.float64))

    def loss(t: object) -> object:
        return tf.reduce_sum(tf.tanh(tf.gather(t, IDS)) * W.astype(np.float64))

    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(x)
    g = tape.gradient(y, x)
    assert isinstance(g, tf.IndexedSlices)
    eps, num = 1e-6, np.zeros_like(TABLE, np.float64)
    for pos in np.ndindex(*TABLE.shape):
        d = np.zeros_like(num)
        d[pos] = eps
        num[pos] = (float(loss(x + d)) - float(loss(x - d))) / (2 * eps)
    np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), num, rtol=1e-6, atol=1e-8)


def test_conversion_without_dense_shape_raises_tf_error() -> None:
    s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([0]))
    with pytest.raises(ValueError, match="Tensor conversion requested for IndexedSlices "
                                         "for argument `value` without dense_shape"):
        tf.convert_to_tensor(s)


def test_cast_keeps_indexed_slices_and_sparse_tensors_as_tf():
    rows = tf.IndexedSlices(tf.constant([[1.5, 2.0]]), tf.constant([0]), tf.constant([3, 2]))
    out = tf.cast(rows, tf.int32)
    assert isinstance(out, tf.IndexedSlices) and out.dtype == tf.int32
    np.testing.assert_array_equal(out.values.numpy(), [[1, 2]])  # TF's
    assert out.indices is rows.indices
    sparse = tf.sparse.SparseTensor([[0, 0]], [1.5], [2, 2])
    out = tf.cast(sparse, tf.float64)
    assert isinstance(out, tf.sparse.SparseTensor) and out.dtype == tf.float64
    assert tf.cast(tf.ragged.constant([[1.5], [2.5, 3.0]]), tf.int32).to_list() == [[1], [2, 3]]
    traced = tf.function(lambda s: tf.cast(s, tf.float64).values)(rows)
    np.testing.assert_array_equal(traced.numpy(), [[1.5, 2.0]])
    with pytest.raises(tf.errors.UnimplementedError):
        tf.cast(rows, tf.string)


def test_clip_by_value_keeps_indexed_slices_as_tf():
    rows = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([0]), tf.constant([3, 2]))
    out = tf.clip_by_value(rows, 0.0, 1.5)
    assert isinstance(out, tf.IndexedSlices) and out.indices is rows.indices
    np.testing.assert_array_equal(out.values.numpy(), [[1.0, 1.5]])  # TF's
    assert tf.clip_by_value(tf.ragged.constant([[1.5], [2.5, -3.0]]), -1.0, 2.0).to_list() == \
        [[1.5], [2.0, -1.0]]
    with pytest.raises((TypeError, ValueError)):
        tf.clip_by_value(tf.sparse.SparseTensor([[0, 0]], [1.5], [2, 2]), 0.0, 0.5)


_FRESH = """
import json
import eagerflow as tf
from eagerflow._src.ops import indexed_slices
from tests.autodiff.indexed_slices_cases import cases, describe
w = tf.Variable([[1.0, 2.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.matmul(tf.constant([[3.0], [4.0]]), w) ** 2)
tape.gradient(loss, w)
made = [indexed_slices.MADE[0]]
got = describe(cases(tf)["concat_same_twice"]())
print(json.dumps([made + [indexed_slices.MADE[0]], got]))
"""


def test_a_fresh_process_tests_gradients_for_slices_once_it_has_made_one() -> None:
    """The eager backward walk tests a node's gradients for IndexedSlices only once the
    process has made one (indexed_slices.MADE): in a child Python none is made by the
    import or by a dense step's walk; the first, made inside a walk (a gather's gradient
    through a concat of one tensor twice), still gets TF's rows in TF's order."""
    out = subprocess.run([sys.executable, "-c", _FRESH], capture_output=True, text=True,
                         cwd=child_env.ROOT, env=dict(os.environ,
                                                      PYTHONPATH=child_env.pythonpath()),
                         check=True, timeout=120)
    made, got = json.loads(out.stdout.splitlines()[-1])
    assert made == [False, True]
    assert got == _REF["concat_same_twice"]
