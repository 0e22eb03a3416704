"""TF's sparse reductions and sparse-dense cwise ops (ops/sparse_reduce_ops.py) and the
tf.sparse functions and SparseTensor operators that run them, against TF 2.21
(sparse_reduce_golden.json, recorded by record_sparse_reduce_golden.py from
sparse_reduce_cases.py): entries in TF's order, keep_dims, negative and repeated axes, a
max's NaNs as Eigen's packets and tail leave them, the dense side's broadcasting, division
by a zero entry refused, errors' classes and words, traced static shapes and gradients."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops import sparse_reduce_cases as C

GOLDEN = json.loads((Path(__file__).parent / "sparse_reduce_golden.json").read_text())
OURS = {}


def _ours(kind: str) -> dict:
    if not OURS:
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
