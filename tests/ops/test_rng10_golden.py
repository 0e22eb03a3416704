"""Keras's and tf.image's and tf.data's random draws against TF 2.21 + Keras 3.15, bit for
bit: rng10_cases.py run under eagerflow (on its CPU, whatever the default device: the golden
holds TF's CPU kernels' numbers) against rng10_golden.json (record_rng10_golden.py). Where
a TensorFlow interpreter is installed, a live test runs the recorder again and checks the
golden file is current."""

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.ops import rng10_cases as C
from tests.tf_reference import TF_ENV, TF_PYTHON

HERE = os.path.dirname(__file__)
with open(os.path.join(HERE, "rng10_golden.json")) as _f:
    GOLDEN = json.load(_f)["cases"]


def _values(e: dict) -> np.ndarray:
    dt = np.dtype("uint16" if e["dtype"] == "bfloat16" else e["dtype"])
    return np.frombuffer(bytes.fromhex(e.get("hex", e.get("head"))), dt)


def _gemv_rounds_each_step() -> bool:
    """Whether NumPy's BLAS rounds each multiply and add of an image's grayscale, a float32
    (60, 3) x (3, 1) product, as TF's MatMul does and the BLAS the golden was recorded under
    did (OpenBLAS 0.3.31's AVX-512 kernel fuses them on an Ice Lake)."""
    a = np.random.RandomState(0).rand(60, 3).astype(np.float32)
    w = np.array([[0.2989], [0.587], [0.114]], np.float32)
    return bool(np.array_equal(a @ w, (a[:, :1] * w[0] + a[:, 1:2] * w[1]) + a[:, 2:] * w[2]))


# Outputs computed through such a product (RandomGrayscale's, RandomColorDegeneration's):
# under a BLAS that fuses, their first values are compared to within an ulp.
_BLAS_OUTPUTS = {} if _gemv_rounds_each_step() else {"augmentation_layers_more": {4, 5, 8, 9}}


def _same(g: dict, w: dict, blas: bool) -> bool:
    if g == w or not blas or "error" in g or "error" in w or g["shape"] != w["shape"]:
        return g == w
    a, b = _values(g), _values(w)  # (the heads: the values' first bytes)
    return len(a) == len(b) and bool(np.all(np.abs(a.view(np.int32) - b.view(np.int32)) <= 1))


def _compare(name: str, got: list, want: list) -> None:
    assert len(got) == len(want), f"{name}: {len(got)} outputs, TF has {len(want)}"
    blas = _BLAS_OUTPUTS.get(name, ())
    bad = [f"[{i}] {g.get('error') or _values(g)[:6]} vs {w.get('error') or _values(w)[:6]}"
           for i, (g, w) in enumerate(zip(got, want)) if not _same(g, w, i in blas)]
    assert not bad, f"{name} differs from TF at " + "; ".join(bad)


@pytest.mark.parametrize("name", list(C.CASES))
def test_case_matches_tf_bit_for_bit(name):
    with tf.device("/CPU:0"):  # (the golden holds TF's CPU kernels' numbers)
        got = C.run(tf, keras, name)
    _compare(name, got, GOLDEN[name])


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="TensorFlow is not installed")
def test_golden_is_current(tmp_path):
    out = tmp_path / "live.json"
    r = subprocess.run([TF_PYTHON, os.path.join(HERE, "record_rng10_golden.py"), str(out)],
                       env=TF_ENV, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    live = json.loads(out.read_text())["cases"]
    for name in C.CASES:
        _compare(name, live[name], GOLDEN[name])
