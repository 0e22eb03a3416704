"""eagerflow's optimizers, schedules, losses and metrics against values real TensorFlow 2.21
computed for the same inputs (golden_tf.json, written by tf_golden.py)."""

import json
import os
import sys

import numpy as np
import pytest

import eagerflow as tf

sys.path.insert(0, os.path.dirname(__file__))
import golden_cases as C  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "golden_tf.json")) as _f:
    GOLDEN = json.load(_f)


def _arr(a):
    a = np.array(a)
    return a.astype(np.float32) if a.dtype == np.float64 else a


@pytest.mark.parametrize("case", C.OPTIMIZER_CASES, ids=lambda c: c["id"])
def test_optimizer_three_steps_match_tf(case):
    opt, vs = C.optimizer_and_variables(tf, case)
    for step, grads in enumerate(C.OPT_GRADS):
        opt.apply_gradients(zip([tf.constant(np.array(g, np.float32)) for g in grads], vs))
        for v, want in zip(vs, GOLDEN["optimizers"][case["id"]][step]):
            np.testing.assert_allclose(v.numpy(), np.array(want, np.float32), rtol=2e-6,
                                       atol=1e-7, err_msg=f"{case['id']} step {step + 1}")
    assert int(opt.iterations.numpy()) == 3


@pytest.mark.parametrize("case", C.SCHEDULE_CASES, ids=lambda c: c["id"])
def test_schedule_matches_tf(case):
    s = getattr(tf.keras.optimizers.schedules, case["cls"])(**case["kwargs"])
    got = [float(s(step)) for step in C.SCHEDULE_STEPS]
    np.testing.assert_allclose(got, GOLDEN["schedules"][case["id"]], rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("case", C.LOSS_CASES, ids=lambda c: c["id"])
def test_loss_matches_tf(case):
    obj = getattr(tf.keras.losses, case["cls"])(**case["kwargs"])
    kw = {}
    if case.get("sample_weight") is not None:
        kw["sample_weight"] = np.array(case["sample_weight"], np.float32)
    got = obj(np.array(case["y_true"]), np.array(case["y_pred"], np.float32), **kw)
    assert got.dtype == tf.float32
    np.testing.assert_allclose(np.asarray(got), GOLDEN["losses"][case["id"]], rtol=2e-6,
                               atol=1e-6)


@pytest.mark.parametrize("case", C.METRIC_CASES, ids=lambda c: c["id"])
def test_metric_matches_tf(case):
    obj = getattr(tf.keras.metrics, case["cls"])(**case["kwargs"])
    for upd, want in zip(case["updates"], GOLDEN["metrics"][case["id"]]):
        kw = {}
        if upd.get("sample_weight") is not None:
            kw["sample_weight"] = np.array(upd["sample_weight"], np.float32)
        obj.update_state(*[_arr(a) for a in upd["args"]], **kw)
        np.testing.assert_allclose(np.asarray(obj.result()), want, rtol=2e-6, atol=1e-6)
