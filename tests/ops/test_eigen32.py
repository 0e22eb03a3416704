"""Results bit for bit with TF 2.21's CPU kernels: Erf in float32, float64 and the half
types (Eigen's rational approximations; eigen32.py); float32 Pow of fewer than 8 values,
where TF calls the C library's powf (eigen32.py: scalars, broadcasts), and with it Keras
3's Adam over 40 steps; bfloat16 and float16 sums and means in
Eigen's order (eigen_reduce.py: whole tensors, rows, columns, 3-D middle axes whose output
packets straddle two rows, keepdims, traced); recorded from TF by
record_eigen32_golden.py (eigen32_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.eigen32_cases import adam_cases, erf_cases, pow_cases, record, sum_cases

# (TF's CPU kernels, bit for bit: run on the CPU where a GPU is the default device)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

GOLDEN = json.loads((Path(__file__).resolve().parent / "eigen32_golden.json").read_text())
SUMS, POWS, ADAMS, ERFS = sum_cases(), pow_cases(), adam_cases(), erf_cases()


def _same(y, name):
    got, want = record(y), GOLDEN[name]
    assert got == want, (name, got["head"], want["head"])


@pytest.mark.parametrize("name", sorted(SUMS))
def test_sums_are_tfs(name):
    expr, env = SUMS[name]
    _same(eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}).numpy(), name)


@pytest.mark.parametrize("name", sorted(POWS))
def test_pow_is_tfs_where_tf_calls_powf(name):
    expr, env, keep = POWS[name]
    y = eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}).numpy()
    _same(y.reshape(-1)[keep], name)


@pytest.mark.parametrize("name", sorted(ERFS))
def test_erf_is_tfs(name):
    expr, env = ERFS[name]
    _same(eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}).numpy(), name)


@pytest.mark.parametrize("name", sorted(ADAMS))
def test_keras_adam_steps_are_tfs(name):
    code, env = ADAMS[name]
    scope = {"tf": tf, "keras": tf.keras, "np": np, **env}
    exec(code, scope)
    _same(scope["result"], name)


def test_cases_are_not_numpys():
    """The cases are not ones NumPy's own float32 sums and powers would pass as well."""
    differ = 0
    for name, (expr, env) in SUMS.items():
        if name.startswith("float16 reduce_sum (") and name.endswith(" 1") and "keep" not in name:
            mine = np.add.reduce(env["r"].astype(np.float16), axis=1)
            differ += record(mine) != GOLDEN[name]
    assert differ >= 5
    # (NumPy 2.4.6's float32 power agrees with TF's powf on most cases, not all)
    with np.errstate(over="ignore"):
        pows = [record(np.power(np.float32(env["x"]), np.float32(env["y"])).reshape(-1)[keep])
                != GOLDEN[name] for name, (_, env, keep) in POWS.items() if "y" in env]
    assert any(pows)


def test_erf_cases_are_not_scipys():
    """TF's erf is Eigen's approximation, not the correctly rounded one SciPy gives."""
    special = pytest.importorskip("scipy.special")
    for d in ("float32", "float64"):
        x = ERFS[f"erf {d}"][1]["x"]
        assert record(special.erf(x).astype(x.dtype)) != GOLDEN[f"erf {d}"]


def test_erf_of_empty_and_0d_tensors():
    for d in (np.float32, np.float64, np.float16):
        assert tf.math.erf(np.zeros((0, 3), d)).shape == (0, 3)
        assert tf.math.erf(np.array(0.5, d)).numpy() == tf.math.erf(np.full(9, 0.5, d))[0]
