"""tf.linalg.diag, diag_part and set_diag over bands of diagonals (k=(lower, upper)) against
TF 2.21's results (diag_band_golden.json, recorded by record_diag_band_golden.py): each
alignment, the matrix sizes diag accepts and refuses, errors (classes and messages),
gradients and a traced call; and TF's first and second versions of the ops (tf.raw_ops)."""

import builtins
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded, decode_array
from tests.ops.diag_band_cases import calls, grads

with open(os.path.join(os.path.dirname(__file__), "diag_band_golden.json")) as f:
    GOLDEN = json.load(f)["cases"]

CALLS = calls(tf)


def _first_line(message):
    # (the whole first line: TF's eager prefix and name suffix included)
    return message.split("\n")[0]


def test_every_case_is_recorded():
    assert set(CALLS) | set(grads(tf)) == set(GOLDEN)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_matches_tf(name):
    want = GOLDEN[name]
    if "error" in want:
        error = getattr(tf.errors, want["error"], None) or getattr(builtins, want["error"])
        with pytest.raises(error) as info:
            CALLS[name]()
        assert _first_line(as_recorded(str(info.value))) == _first_line(want["message"])
        return
    got = np.asarray(CALLS[name]())
    w = decode_array(want["value"][0])
    assert got.dtype == w.dtype and got.shape == w.shape
    np.testing.assert_array_equal(got, w)


def test_gradients_and_tracing_match_tf():
    for name, got in grads(tf).items():
        np.testing.assert_array_equal(got, decode_array(GOLDEN[name]["value"][0]))
