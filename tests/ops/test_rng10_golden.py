"""Keras's and tf.image's and tf.data's random draws against TF 2.21 + Keras 3.15, bit for
bit: rng10_cases.py run under eagerflow against rng10_golden.json (record_rng10_golden.py)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.ops import rng10_cases as C

with open(os.path.join(os.path.dirname(__file__), "rng10_golden.json")) as _f:
    GOLDEN = json.load(_f)["cases"]


def _values(e: dict) -> np.ndarray:
    dt = np.dtype("uint16" if e["dtype"] == "bfloat16" else e["dtype"])
    return np.frombuffer(bytes.fromhex(e.get("hex", e.get("head"))), dt)


@pytest.mark.parametrize("name", list(C.CASES))
def test_case_matches_tf_bit_for_bit(name):
    got, want = C.run(tf, keras, name), GOLDEN[name]
    assert len(got) == len(want), f"{name}: {len(got)} outputs, TF has {len(want)}"
    bad = [f"[{i}] {g.get('error') or _values(g)[:6]} vs {w.get('error') or _values(w)[:6]}"
           for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, f"{name} differs from TF at " + "; ".join(bad)
