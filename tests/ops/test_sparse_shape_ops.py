"""TF's sparse structure ops (ops/sparse_shape_ops.py) and the tf.sparse functions that run
them, against TF 2.21 (sparse_shape_golden.json, recorded by record_sparse_shape_golden.py
from sparse_shape_cases.py): each raw op's entries in TF's order (SparseReorder's and
SparseConcat's row-major, the others' input order), its dense shapes (SparseSlice's clipped,
its int64 ends wrapping or saturating as TF's), its errors' classes and words, which check
first; the public functions' errors, traced static shapes and TF 1-style ValueErrors; and
which inputs get gradients (SparseConcat none, SparseSplit a LookupError)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops import sparse_shape_cases as C

GOLDEN = json.loads((Path(__file__).parent / "sparse_shape_golden.json").read_text())
OURS = {}


def _ours(kind: str) -> dict:
    if not OURS:
        # (TF's recordings are its CPU kernels': on a GPU its kernels order and check
        # otherwise, as tests/backend/test_sparse_on_device.py checks)
        with tf.device("/CPU:0"):
            OURS.update(C.record(tf))
    return OURS[kind]


@pytest.mark.parametrize("case", C.EAGER)
def test_eager_outcome_is_tfs(case):
    assert _ours("eager")[case] == GOLDEN["eager"][case]


@pytest.mark.parametrize("case", sorted(GOLDEN["traced"]))
def test_traced_static_shape_is_tfs(case):
    assert _ours("traced")[case] == GOLDEN["traced"][case]


@pytest.mark.parametrize("case", sorted(GOLDEN["grads"]))
def test_gradient_is_tfs(case):
    assert _ours("grads")[case] == GOLDEN["grads"][case]
