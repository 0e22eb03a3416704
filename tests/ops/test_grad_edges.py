"""eagerflow's gradients at the edges (grad_edge_cases.py) against TensorFlow 2.21's, as
recorded in grad_edges_golden.json by make_grad_edges_golden.py: the same dtypes and shapes,
the same NaN and infinities, None where TF has no gradient, values to float32 rounding."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.grad_edge_cases import CASES

GOLDEN = json.loads((Path(__file__).parent / "grad_edges_golden.json").read_text())["cases"]


def test_golden_file_covers_every_case():
    assert sorted(GOLDEN) == sorted(CASES)


def _decode(v: dict) -> np.ndarray:
    return np.array([float(x) for x in v["values"]], v["dtype"]).reshape(v["shape"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_tensorflow(name):
    got = CASES[name](tf)
    want = GOLDEN[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        where = f"{name}: {'value' if i == 0 else f'gradient {i - 1}'}"
        if w is None:
            assert g is None, f"{where}: TF has no gradient, eagerflow has {g}"
            continue
        assert g is not None, f"{where}: eagerflow has no gradient"
        g, w = np.asarray(g), _decode(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape), where
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=where)
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7, err_msg=where)
