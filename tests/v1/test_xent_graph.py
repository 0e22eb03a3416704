"""Softmax cross-entropies in a TF 1 graph node for node as TF 2.21's (tf.nn's, tf.compat.v1
.nn's and tf.compat.v1.losses'), with TF's values and gradients when run: golden/
xent_graph.json, recorded by record_xent_graph_golden.py from xent_graph_cases.py."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.v1.xent_graph_cases import CASES, record

GOLDEN = json.loads((Path(__file__).parent / "golden" / "xent_graph.json").read_text())["cases"]
OURS = {}


def _ours():
    if not OURS:
        OURS.update(record(tf))
    return OURS


GRAPH_CASES = sorted(CASES)


@pytest.mark.parametrize("case", GRAPH_CASES)
def test_graph_is_tfs(case):
    got, want = _ours()[case], GOLDEN[case]
    assert got["nodes"] == want["nodes"]
    assert got["static"] == want["static"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_values_are_tfs(case):
    got, want = _ours()[case], GOLDEN[case]
    tol = 2e-3 if CASES[case][1] == "float16" else 2e-6
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=tol, atol=tol)
    np.testing.assert_allclose(got["grad"], want["grad"], rtol=tol, atol=tol)
