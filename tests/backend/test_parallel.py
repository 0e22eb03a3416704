"""backend/numpy.py's helper threads: kernel blocks on helper threads give the serial
results, in order, re-raise errors, leave BLAS threading as found, and survive a fork."""

from __future__ import annotations

import os
import signal
import threading

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend
from eagerflow._src.backend import numpy as blas
from eagerflow._src.backend import numpy as parallel
from eagerflow._src.backend import strict
from eagerflow._src.ops import windows


@pytest.fixture
def side_by_side(monkeypatch):
    """Helper threads run whatever the load (the load test is backend/numpy.py's, tested there)."""
    monkeypatch.setattr(parallel, "_side_by_side", lambda: True)
    monkeypatch.setattr(parallel._POOL, "size", 3)  # the caller and two helpers


def test_run_returns_results_in_item_order_using_helpers(side_by_side):
    meet = threading.Barrier(2, timeout=30)  # items 0 and 1 must be in hand at once

    def fn(i):
        if i < 2:
            meet.wait()
        return i * i

    before = blas.time.monotonic()
    assert parallel.run(fn, list(range(50)), 3) == [i * i for i in range(50)]
    assert blas._THREADS.active == 0
    # the run stamps when helpers last ran, so that medium products right after stay on
    # one BLAS thread (no spinning BLAS workers); the stamp is compared with the clock
    # read before the run, not after it, which a loaded machine's pause could push past
    # the window
    assert blas._THREADS.helpers_at >= before


def test_run_serially_without_lanes_or_items():
    assert parallel.run(lambda i: i + 1, [1, 2, 3], 1) == [2, 3, 4]
    assert parallel.run(lambda i: i + 1, [7], 4) == [8]
    assert parallel.run(lambda i: i + 1, [], 4) == []


def test_a_failing_block_raises_in_the_caller_and_restores_blas(side_by_side):
    def fn(i):
        if i == 17:
            raise ValueError("block 17")
        return i

    with pytest.raises(ValueError, match="block 17"):
        parallel.run(fn, list(range(40)), 3)
    assert blas._THREADS.active == 0
    assert parallel.run(lambda i: -i, list(range(5)), 3) == [0, -1, -2, -3, -4]  # pool still works


def test_lanes_depend_on_size_and_machine_only(monkeypatch):
    monkeypatch.setattr(parallel._POOL, "size", 2)
    assert parallel.lanes(parallel.MIN_MACS - 1, 10) == 1   # too small to split
    assert parallel.lanes(parallel.MIN_MACS, 1) == 1        # one block
    assert parallel.lanes(parallel.MIN_MACS, 10) == 2
    assert backend.lanes(strict.xp, parallel.MIN_MACS, 10) == 1  # a device: no lanes


@pytest.mark.parametrize("c", [1, 16])
def test_conv_kernels_give_identical_results_on_threads(monkeypatch, c):
    # small blocks and no size floor: the guide CNN's shapes in many blocks and lanes
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 12, 11, c)).astype(np.float32)
    w = rng.standard_normal((3, 3, c, 8)).astype(np.float32)
    monkeypatch.setattr(windows, "BLOCK_BYTES", 4096)
    monkeypatch.setattr(parallel, "MIN_MACS", 0)
    monkeypatch.setattr(parallel._POOL, "size", 3)

    def run():
        xt, wt = tf.constant(x), tf.constant(w)
        with tf.GradientTape() as tape:
            tape.watch([xt, wt])
            y = tf.nn.conv2d(xt, wt, 1, "SAME")
            loss = tf.reduce_sum(y * y)
        return [y.numpy()] + [g.numpy() for g in tape.gradient(loss, [xt, wt])]

    monkeypatch.setattr(parallel, "_side_by_side", lambda: False)
    serial = run()
    monkeypatch.setattr(parallel, "_side_by_side", lambda: True)
    for _ in range(3):
        for got, want in zip(run(), serial):
            np.testing.assert_array_equal(got, want)  # same blocks, same summation order
    ref = tf.nn.conv2d(x.astype(np.float64), w.astype(np.float64), 1, "SAME").numpy()
    np.testing.assert_allclose(serial[0], ref, rtol=1e-4, atol=1e-4)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_gets_its_own_threads(side_by_side):
    parallel.run(lambda i: i, list(range(8)), 3)  # the parent's helpers exist now
    pid = os.fork()
    if pid == 0:  # child: the parent's helper threads are gone; new ones must start
        signal.alarm(20)
        try:
            ok = parallel.run(lambda i: i * 2, list(range(30)), 3) == [i * 2 for i in range(30)]
        except BaseException:
            ok = False
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
