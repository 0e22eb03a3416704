"""tf.linalg.det and slogdet take TF's CPU kernel's pivoted LU: a singular matrix's
determinant and sign are -0.0 where the row swaps or the other pivots' signs make them
negative, an infinite pivot keeps its sign, a NaN spreads (det_sign_golden.json, recorded
from TF 2.21)."""

import json
import math
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.det_sign_cases import CASES, MATRICES, plain

# TF's CPU kernels were recorded (a GPU's determinant is cuSOLVER's getrf times the
# permutation's sign, a different kernel): the ops run on the CPU under a GPU too
pytestmark = pytest.mark.usefixtures("cpu_kernels")
GOLDEN = json.loads(Path(__file__).with_name("det_sign_golden.json").read_text())


def _same(got: list, want: list) -> bool:
    """Equal to float32's precision, NaN to NaN, and zeros of the same sign."""
    for g, w in zip(sum(got, []), sum(want, []), strict=True):
        if math.isnan(w) or g == 0 or w == 0 or math.isinf(w):
            if not (repr(g) == repr(w) or math.isnan(g) and math.isnan(w)):
                return False
        elif not math.isclose(g, w, rel_tol=1e-6):
            return False
    return True


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == [f"{n} {d}" for n, d in CASES]


@pytest.mark.parametrize("name,dtype", CASES)
def test_det_and_slogdet_are_tfs(name, dtype):
    a = np.array(MATRICES[name], dtype)
    want = GOLDEN[f"{name} {dtype}"]
    sign, logabs = tf.linalg.slogdet(a)
    assert _same(plain(tf.linalg.det(a)), want["det"])
    assert _same(plain(sign), want["sign"])
    assert _same(plain(logabs), want["log_abs"])


def test_keras_ops_det_and_slogdet_follow():
    a = np.array(MATRICES["singular_swapped"], "float32")
    assert repr(float(tf.keras.ops.linalg.det(a))) == "-0.0"
    assert repr(float(tf.keras.ops.slogdet(a)[0])) == "-0.0"


def test_det_gradient_still_flows():
    x = tf.Variable([[2.0, 1.0], [1.0, 3.0]])
    with tf.GradientTape() as tape:
        d = tf.linalg.det(x)
    np.testing.assert_allclose(tape.gradient(d, x).numpy(), [[3.0, -1.0], [-1.0, 2.0]])
