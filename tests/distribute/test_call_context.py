"""A tf.function's trace depends on where it is called, as TF's call context: a trace made
in a strategy's replica (its generators keyed by the replica) is not the one a call
outside the replicas runs, nor the one tf.saved_model.save writes (TF 2.21, as the
"Random number generation" guide shows it)."""

from __future__ import annotations

import numpy as np

import eagerflow as tf

TWO = ["/cpu:0", "/cpu:1"]


def _plain_draws(seed: int, skip: int, n: int) -> list:
    """`n` draws of a generator outside any strategy, after `skip` draws."""
    g = tf.random.Generator.from_seed(seed)
    for _ in range(skip):
        g.normal([])
    return [float(g.normal([])) for _ in range(n)]


def test_a_replica_trace_is_not_run_outside_the_replicas():
    s = tf.distribute.MirroredStrategy(TWO)
    with s.scope():
        g = tf.random.Generator.from_seed(3)

    @tf.function
    def f():
        return g.normal([])

    first = float(f())                 # traced outside any strategy
    with s.scope():
        cross = float(f())             # cross-replica: the generator's own stream
        r = s.run(f)
        per_replica = [float(t) for t in s.experimental_local_results(r)]
    after = float(f())
    assert [first, cross] == _plain_draws(3, 0, 2)
    assert per_replica[0] != per_replica[1]  # each replica's own key
    assert after == _plain_draws(3, 3, 1)[0]


def test_saved_model_writes_the_save_contexts_trace_not_a_replicas(tmp_path):
    class M(tf.Module):
        def __init__(self) -> None:
            self.g = tf.random.Generator.from_seed(0)

        @tf.function
        def __call__(self):
            return self.g.normal([])

    s = tf.distribute.MirroredStrategy(TWO)
    with s.scope():
        m = M()
        s.run(m)                       # a replica trace only
        tf.saved_model.save(m, str(tmp_path / "m"))
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    # the loaded generator continues the plain stream from the saved state
    assert np.float32(loaded()) == np.float32(_plain_draws(0, 1, 1)[0])


def test_a_generator_made_in_a_tf_functions_first_call():
    g = []

    @tf.function
    def f():
        if not g:
            g.append(tf.random.Generator.from_seed(1))
        return g[0].normal([])

    assert [float(f()), float(f())] == _plain_draws(1, 0, 2)
