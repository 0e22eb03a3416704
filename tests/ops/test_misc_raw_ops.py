"""tf.raw_ops.ScatterNdNonAliasingAdd and TF 1's graph ops (Switch, Merge, Enter, Exit,
NextIteration, LoopCond, Placeholder) called alone, eagerly and in tf.function, against
TF 2.21's recorded answers (tests/ops/record_misc_raw_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ops.misc_raw_cases import all_cases, outcome

GOLDEN = json.loads(Path(__file__).with_name("misc_raw_golden.json").read_text())
# TF's answers eagerflow gives otherwise (see eagerflow/_src/ops/graph_only_ops.py)
DIFFERS = {
    # tf.raw_ops (saved_model/raw_ops.py) refuses an input's dtype in the eager kernel's
    # words while tracing too; TF's graph wrapper raises a TypeError or ValueError there
    "scatter_dtype_mismatch/fn", "scatter_string/fn", "scatter_int16_indices/fn",
    "merge_dtypes/fn", "loop_cond_int/fn",
    # TF's error of a stateful op failing in a function is worded "Graph execution error:
    # Detected at node ..."; eagerflow's names the function, then the same error
    "immutable_const_missing/fn", "immutable_const_string/fn",
}


@pytest.mark.parametrize("name,code,traced", all_cases(),
                         ids=[f"{n}-{'fn' if t else 'eager'}" for n, _, t in all_cases()])
def test_matches_tf(name: str, code: str, traced: bool) -> None:
    key = f"{name}/{'fn' if traced else 'eager'}"
    want = GOLDEN[key]
    with on_recording_device(want, GOLDEN.get(f"{name}/eager")):  # (its eager words)
        got = outcome(tf, code, traced)
    if key in DIFFERS:
        assert "error" in got and "error" in want
        return
    if "error" in want:
        assert got == want
        return
    assert "outputs" in got, got
    assert len(got["outputs"]) == len(want["outputs"])
    for (gd, gs, gv), (wd, ws, wv) in zip(got["outputs"], want["outputs"]):
        assert (gd, gs) == (wd, ws)
        np.testing.assert_allclose(np.asarray(gv, float), np.asarray(wv, float), rtol=1e-6) \
            if gd not in ("string",) else None
        assert gd != "string" or gv == wv


def test_scatter_gradient() -> None:
    """TF's gradient: the output's for `input`, gathered at the indices for `updates`
    (recorded: [1, 2, 3, 4] and [2, 2] for these)."""
    x, u = tf.constant([1., 2, 3, 4]), tf.constant([5., 6])
    with tf.GradientTape() as t:
        t.watch([x, u])
        y = tf.raw_ops.ScatterNdNonAliasingAdd(input=x, indices=tf.constant([[1], [1]]),
                                               updates=u)
        loss = tf.reduce_sum(y * tf.constant([1., 2, 3, 4]))
    gx, gu = t.gradient(loss, [x, u])
    np.testing.assert_array_equal(gx.numpy(), [1., 2, 3, 4])
    np.testing.assert_array_equal(gu.numpy(), [2., 2])


def test_tape_refuses_switch_and_exit() -> None:
    """TF's tape refuses the gradient of a Switch or Exit; Enter's and NextIteration's
    pass the output's gradient on."""
    x = tf.constant(2.)
    for op, grad in [(lambda v: tf.raw_ops.Enter(data=v, frame_name="f"), 3.0),
                     (lambda v: tf.raw_ops.NextIteration(data=v), 3.0),
                     (lambda v: tf.raw_ops.Exit(data=v), None),
                     (lambda v: tf.raw_ops.Switch(data=v, pred=True)[1], None)]:
        with tf.GradientTape() as t:
            t.watch(x)
            y = op(x) * 3.
        if grad is None:
            with pytest.raises(NotImplementedError, match="does not support graph control"):
                t.gradient(y, x)
        else:
            assert float(t.gradient(y, x)) == grad


def test_raw_py_func_runs_a_registered_token() -> None:
    """A raw EagerPyFunc / PyFunc names the function tf.py_function / tf.numpy_function
    registered (TF 2.21: pyfunc_0 of an eager tf.py_function of `double` gives [6.0] for
    3.0; a traced tf.numpy_function registers its token too)."""
    from eagerflow._src.control_flow import py_function as P

    def double(x):
        return x * 2

    tf.py_function(double, [tf.constant(1.)], tf.float32)
    token = next(k for k, f in P.CALLBACKS.items() if f is double)
    out = tf.raw_ops.EagerPyFunc(input=[tf.constant(3.)], token=token, Tout=[tf.float32])
    assert isinstance(out, list) and float(out[0]) == 6.0

    traced = tf.function(lambda v: tf.numpy_function(double, [v], tf.float32))
    assert float(traced(tf.constant(2.))) == 4.0
    token = [k for k, f in P.CALLBACKS.items() if f is double][-1]
    out = tf.function(lambda: tf.raw_ops.PyFunc(input=[tf.constant(3.)], token=token,
                                                Tout=[tf.float32]))()
    assert float(out[0]) == 6.0


def test_recv_of_nothing_sent_is_refused() -> None:
    """TF's Recv waits for a Send of another thread (forever, with none); eagerflow refuses
    it where no other thread runs."""
    with pytest.raises(tf.errors.FailedPreconditionError, match="would wait forever"):
        tf.raw_ops.Recv(tensor_type=tf.float32, tensor_name="never_sent",
                        send_device="/cpu:0", send_device_incarnation=1,
                        recv_device="/cpu:0")
