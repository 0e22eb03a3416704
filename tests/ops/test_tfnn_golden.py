"""tf.math's special functions (and tf.nn's extras) against TF 2.21's recorded values,
gradients and errors (tfnn_golden.json, written by make_tfnn_golden.py), with SciPy's
special functions and without them (the pure-Python path of special_scalars.py)."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu_backend
from tests.golden_io import eager_body, expression_outcome, recorded_outcome
from tests.gpu_target import on_recording_device
from tests.ops.tfnn_cases import CASES, EXACT, SETUP, error, record

GOLDEN = json.loads(Path(__file__).with_name("tfnn_golden.json").read_text())


def test_the_golden_file_covers_every_case():
    assert sorted(GOLDEN) == sorted(CASES)


def _same(got, want, expr):
    got = recorded_outcome(got)
    if expr in EXACT and not (isinstance(want, dict) and "error" in want):
        assert got == want, f"{expr}: {got} vs TF {want}"
        return
    if want is None or got is None:
        assert got == want, expr
        return
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), expr
        for g, w in zip(got, want):
            _same(g, w, expr)
        return
    if "error" in want:
        # where TF raises in Python without naming the op, eagerflow's op raises it (its
        # eager wording: the function's prefix, "[Op:Name]" and the name)
        if "[Op:" not in want.get("message", ""):
            got = {**got, "message": re.sub(r" \[Op:\w+\]$", "",
                                            eager_body(got.get("message", "")))}
        assert got == want, f"{expr}: {got} vs TF {want}"
        return
    assert got["dtype"] == want["dtype"] and got["shape"] == want["shape"], expr
    g, w = np.array(got["value"], float), np.array(want["value"], float)
    rtol = {"float16": 2e-3, "float32": 2e-6}.get(want["dtype"], 1e-9)
    np.testing.assert_allclose(g, w, rtol=rtol, atol=1e-300, equal_nan=True, err_msg=expr)


def _run(expr):
    env = {"tf": tf}
    exec(SETUP, env)
    return expression_outcome(expr, env, record, error)


@pytest.mark.parametrize("expr", CASES)
def test_matches_tensorflow(expr):
    with on_recording_device(GOLDEN[expr]):  # (a CPU kernel's words)
        _same(_run(expr), GOLDEN[expr], expr)


SCALAR_PATH = [e for e in CASES if "special." in e or "igamma" in e or "betainc" in e]


@pytest.mark.parametrize("expr", SCALAR_PATH)
def test_matches_tensorflow_without_scipy(expr, monkeypatch):
    monkeypatch.setitem(cpu_backend._SCIPY, "mod", None)
    _same(_run(expr), GOLDEN[expr], expr)


def test_tf_math_special_lists_tf_names():
    names = {"bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1",
             "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1",
             "dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence"}
    assert names <= set(dir(tf.math.special))
