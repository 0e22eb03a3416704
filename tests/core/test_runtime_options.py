"""tf.config.threading and tf.config.optimizer: TF 2.21's defaults, listings and errors, and
their effect here (kernel threads; which graph passes run)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as numpy_backend
from eagerflow._src.core import device, runtime_options
from eagerflow._src.graph.passes import optimize


@pytest.fixture
def fresh_runtime(monkeypatch):
    monkeypatch.setattr(device, "_INITIALIZED", [False])
    monkeypatch.setattr(runtime_options, "_THREADS", {"intra": 0, "inter": 0})
    monkeypatch.setattr(runtime_options, "_OPTIONS", {})
    monkeypatch.setattr(runtime_options, "_JIT", [""])
    yield
    numpy_backend.set_intra_op_threads(0)


def test_thread_counts_default_to_zero_and_are_kept(fresh_runtime):
    t = tf.config.threading
    assert t.get_intra_op_parallelism_threads() == 0
    assert t.get_inter_op_parallelism_threads() == 0
    t.set_intra_op_parallelism_threads(1)
    t.set_inter_op_parallelism_threads(3)
    assert t.get_intra_op_parallelism_threads() == 1
    assert t.get_inter_op_parallelism_threads() == 3


def test_one_intra_op_thread_means_kernels_run_on_one_thread(fresh_runtime):
    tf.config.threading.set_intra_op_parallelism_threads(1)
    assert numpy_backend._POOL.workers() == 1
    assert numpy_backend.lanes(1 << 30, 8) == 1
    if numpy_backend._THREADS.set is not None:  # OpenBLAS found in this process
        assert numpy_backend._THREADS.get() == 1
    x = np.random.default_rng(0).random((64, 64), np.float32)
    np.testing.assert_allclose(tf.matmul(x, x).numpy(), x @ x, rtol=1e-5)


def test_thread_counts_are_fixed_once_devices_are_in_use(fresh_runtime):
    t = tf.config.threading
    t.set_intra_op_parallelism_threads(2)
    tf.config.list_logical_devices()  # the runtime starts
    with pytest.raises(RuntimeError, match="^Intra op parallelism cannot be modified after "
                                           "initialization.$"):
        t.set_intra_op_parallelism_threads(4)
    with pytest.raises(RuntimeError, match="^Inter op parallelism cannot be modified"):
        t.set_inter_op_parallelism_threads(4)
    t.set_intra_op_parallelism_threads(2)  # the same value is accepted, as in TF


def test_optimizer_options_list_as_tf_lists_them(fresh_runtime):
    o = tf.config.optimizer
    assert o.get_experimental_options() == {"disable_model_pruning": False,
                                            "disable_meta_optimizer": False}
    o.set_experimental_options({"remapping": True, "constant_folding": False, "bogus": True,
                                "min_graph_nodes": 5})
    got = o.get_experimental_options()
    assert list(got.items()) == [("constant_folding", False), ("remapping", True),
                                 ("disable_model_pruning", False),
                                 ("disable_meta_optimizer", False), ("min_graph_nodes", 5)]
    assert o.get_jit() == ""
    o.set_jit(True)
    assert o.get_jit() == "autoclustering"
    o.set_jit(False)
    assert o.get_jit() == ""


def _traced():
    @tf.function
    def f(x):
        return x * (tf.constant(2.0) * tf.constant(3.0))

    return f, f.get_concrete_function(tf.TensorSpec([], tf.float32))


def test_optimizer_switches_decide_which_passes_run(fresh_runtime):
    f, cf = _traced()
    ops = lambda: [n.op.name for n in optimize(cf.graph).operations]  # noqa: E731
    assert ops().count("Mul") == 1  # 2 * 3 folded
    tf.config.optimizer.set_experimental_options({"constant_folding": False})
    assert ops().count("Mul") == 2
    tf.config.optimizer.set_experimental_options({"constant_folding": True,
                                                  "disable_meta_optimizer": True})
    assert ops().count("Mul") == 2
    tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": False,
                                                  "min_graph_nodes": 100})
    assert ops().count("Mul") == 2
    tf.config.optimizer.set_experimental_options({"min_graph_nodes": 0})
    assert ops().count("Mul") == 1
    assert float(f(tf.constant(1.5))) == 9.0


def test_executor_scopes_and_aliases():
    with tf.experimental.async_scope():
        x = tf.constant(1) + 1
    assert int(x) == 2 and tf.experimental.async_clear_error() is None
    with tf.experimental.function_executor_type("SINGLE_THREADED_EXECUTOR"):
        assert int(tf.function(lambda: tf.constant(2))()) == 2
    with pytest.raises(tf.errors.InvalidArgumentError):  # errors surface at the op, in scope
        with tf.experimental.async_scope():
            tf.constant([1, 2]) + tf.constant([1, 2, 3])
    assert tf.config.experimental_functions_run_eagerly() is False
    assert tf.dtypes.complex(1.0, 2.0).dtype == tf.complex64
