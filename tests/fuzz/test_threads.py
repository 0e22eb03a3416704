"""Concurrency: threads running eager ops, GradientTapes (and tf.functions, once they
exist) at the same time get exactly what one thread gets.

Tape and trace state live in a thread-local (`core/context.py`): a tape in one thread
must not record another thread's ops, a graph being traced in one thread must not
capture another thread's eager ops, and no shared cache may mix results up.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import eagerflow as tf

THREADS = 6
ROUNDS = 25


def _inputs(k: int) -> tuple:
    rng = np.random.default_rng(k)
    return (rng.normal(size=(4, 5)).astype(np.float32),
            rng.normal(size=(5, 3)).astype(np.float32),
            rng.integers(-5, 5, size=(7,)).astype(np.int32))


def _work(k: int) -> dict:
    """Eager ops, a nested tape and a persistent tape on thread-specific inputs."""
    a_np, b_np, i_np = _inputs(k)
    a, b = tf.constant(a_np), tf.Variable(b_np)
    out = {}
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(a)
        with tf.GradientTape() as inner:
            inner.watch(a)
            y = tf.reduce_sum(tf.tanh(tf.matmul(a, b)) ** 2)
        ga = inner.gradient(y, a)
        z = tf.reduce_sum(ga * a)
    out["y"] = y.numpy()
    out["ga"] = ga.numpy()
    out["gga"] = outer.gradient(z, a).numpy()
    out["gb"] = outer.gradient(y, b).numpy()
    del outer
    i = tf.constant(i_np)
    out["int"] = (tf.reduce_sum(i * 3 - 1).numpy(), tf.argmax(i).numpy(),
                  tf.reshape(tf.tile(i, [2]), [2, 7])[1, ::2].numpy())
    out["concat"] = tf.concat([tf.transpose(a), b], axis=1).numpy()
    # a short tape: only its own thread's ops between watch and gradient count
    with tf.GradientTape() as short:
        w = tf.constant(float(k))
        short.watch(w)
        v = w * w + 1.0
    out["short"] = short.gradient(v, w).numpy()
    return out


def _function_work(k: int) -> dict:
    a_np, b_np, _ = _inputs(k)

    @tf.function
    def f(a, b):
        return tf.reduce_sum(tf.nn.relu(tf.matmul(a, b)) if hasattr(tf, "nn") else
                             tf.matmul(a, b))

    a, b = tf.constant(a_np), tf.Variable(b_np)
    with tf.GradientTape() as tape:
        y = f(a, b)
    return {"y": y.numpy(), "gb": tape.gradient(y, b).numpy(), "again": f(a, b).numpy()}


def _run_threads(work) -> list:
    results: list = [None] * THREADS
    errors: list = []
    barrier = threading.Barrier(THREADS)

    def main(t: int) -> None:
        try:
            barrier.wait()
            got = [work(t) for _ in range(ROUNDS)]
            results[t] = got
        except BaseException as e:  # reported from the main thread
            errors.append((t, e))

    threads = [threading.Thread(target=main, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    assert not any(th.is_alive() for th in threads), "a worker thread hung"
    if errors:
        raise errors[0][1]
    return results


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        va, vb = a[k], b[k]
        if isinstance(va, tuple):
            for x, y in zip(va, vb):
                np.testing.assert_array_equal(x, y, err_msg=k)
        else:
            np.testing.assert_array_equal(va, vb, err_msg=k)


def test_threads_match_one_thread():
    want = [_work(t) for t in range(THREADS)]  # one thread, one after the other
    got = _run_threads(_work)
    for t in range(THREADS):
        for r in got[t]:
            _same(want[t], r)


def test_tape_does_not_record_other_threads():
    # thread A holds a tape open while thread B runs ops on the very tensor A watches
    x = tf.constant(3.0)
    started, done = threading.Event(), threading.Event()
    seen: dict = {}

    def other():
        started.wait(10)
        seen["other"] = x * x * x  # must not land on the main thread's tape
        done.set()

    th = threading.Thread(target=other)
    th.start()
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        started.set()
        done.wait(10)
        y = x * 2.0
    th.join(10)
    assert seen["other"].numpy() == 27.0
    assert tape.gradient(y, x).numpy() == 2.0
    assert tape.gradient(seen["other"], x) is None  # not recorded here


def test_tapes_are_per_thread_state():
    from eagerflow._src.core.context import _state

    seen = {}

    def other():
        seen["tapes"] = list(_state.tapes)
        seen["graph"] = _state.graph

    with tf.GradientTape():
        th = threading.Thread(target=other)
        th.start()
        th.join(10)
    assert seen == {"tapes": [], "graph": None}


def test_functions_in_threads_match_one_thread():
    if not hasattr(tf, "function"):
        pytest.skip("tf.function is not in this build yet (lands with the function stream)")
    want = [_function_work(t) for t in range(THREADS)]
    got = _run_threads(_function_work)
    for t in range(THREADS):
        for r in got[t]:
            _same(want[t], r)


def test_one_function_traced_from_many_threads():
    if not hasattr(tf, "function"):
        pytest.skip("tf.function is not in this build yet (lands with the function stream)")

    @tf.function
    def g(x):
        return tf.reduce_sum(x * x) + tf.reduce_max(x)

    def work(k):
        a_np, _, _ = _inputs(k)
        # different shapes per thread: concurrent traces of one function
        x = tf.constant(a_np[: 1 + k % 4])
        return {"v": g(x).numpy()}

    want = [{"v": np.float32(np.sum(_inputs(t)[0][: 1 + t % 4] ** 2) +
                             np.max(_inputs(t)[0][: 1 + t % 4]))} for t in range(THREADS)]
    got = _run_threads(work)
    for t in range(THREADS):
        for r in got[t]:
            np.testing.assert_allclose(r["v"], want[t]["v"], rtol=1e-5)
