"""tf.sigmoid is TF 2.21's CPU kernel bit for bit: float32 (Eigen's logistic<float>: its
packet path, its scalar tail, denormal results flushed) on ~10**6 inputs over every
exponent at several sizes, and with it tf.nn.silu's forward and TF's custom gradient;
float64 (e / (1 + e) through Eigen's pexp_double) on 300,015 inputs; recorded from TF by
record_sigmoid_golden.py (sigmoid_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.sigmoid_cases import SIZES, SIZES64, case, case64, digest, digest64, not_tiny

# (TF's CPU kernels, bit for bit: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

GOLDEN = json.loads((Path(__file__).resolve().parent / "sigmoid_golden.json").read_text())


def _check(y: np.ndarray, rec: dict) -> None:
    head = np.array(rec["head"], np.float32)
    got = y.reshape(-1)[:64]
    assert np.array_equal(got, head, equal_nan=True), (got, head)
    assert digest(y) == rec["sha256"]


@pytest.mark.parametrize("size", SIZES)
def test_sigmoid_is_tfs(size):
    _check(tf.sigmoid(case(size)).numpy(), GOLDEN[f"sigmoid {size}"])


def test_sigmoid_blocks_side_by_side_are_tfs(monkeypatch):
    """The float32 blocks on two helper threads (each its own scratch buffers)."""
    import eagerflow._src.backend.numpy as cpu
    monkeypatch.setattr(cpu, "_side_by_side", lambda: True)
    monkeypatch.setattr(cpu._POOL, "size", 2)
    monkeypatch.setattr(cpu, "MIN_MACS", 0)
    _check(tf.sigmoid(case(SIZES[0])).numpy(), GOLDEN[f"sigmoid {SIZES[0]}"])


def test_sigmoid_in_a_function_is_tfs():
    f = tf.function(lambda x: tf.sigmoid(x))
    _check(f(tf.constant(case(77))).numpy(), GOLDEN["sigmoid 77"])


def test_silu_and_its_gradient_are_tfs():
    x = tf.constant(case(SIZES[0]))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.silu(x)
    g = tape.gradient(y, x, output_gradients=tf.fill(x.shape, 0.75))
    # (a denormal x: TF's multiply flushes x * s to zero, NumPy's float32 keeps it)
    _check(y.numpy()[not_tiny(x.numpy())], GOLDEN["silu"])
    _check(g.numpy(), GOLDEN["silu grad"])


@pytest.mark.parametrize("size", SIZES64)
def test_float64_sigmoid_is_tfs(size):
    y = tf.sigmoid(case64(size)).numpy()
    rec = GOLDEN[f"sigmoid64 {size}"]
    assert np.array_equal(y[:64], np.array(rec["head"]), equal_nan=True)
    assert digest64(y) == rec["sha256"]
