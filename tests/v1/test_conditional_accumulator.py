"""tf.compat.v1.ConditionalAccumulator in a TF 1 graph and eagerly, beyond what
tests/ops/queue_raw_programs.py compares with TF 2.21 call by call: the graph's nodes are
TF's (ResourceConditionalAccumulator and the ResourceAccumulator* ops, named as TF names
them), each Session holds its own accumulator, a take waits for the gradients it needs
from another thread (joined with a timeout: no test blocks), and TF 1's reference-handle
forms are refused eagerly as TF refuses them."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import eagerflow as tf

v1 = tf.compat.v1
WAIT = 10.0


def test_graph_nodes_and_sessions():
    with tf.Graph().as_default() as g:
        acc = v1.ConditionalAccumulator(tf.float32, shape=[2])
        assert acc.name == "conditional_accumulator"
        take = acc.take_grad(2)
        assert take.shape.as_list() == [2]
        apply = acc.apply_grad([1., 2.], 3)
        num = acc.num_accumulated()
        step = acc.set_global_step(2)
        types = [(o.type, o.name) for o in g.get_operations() if o.type.startswith("Resource")]
        assert types == [
            ("ResourceConditionalAccumulator", "conditional_accumulator"),
            ("ResourceAccumulatorTakeGradient", "ResourceAccumulatorTakeGradient"),
            ("ResourceAccumulatorApplyGradient", "ResourceAccumulatorApplyGradient"),
            ("ResourceAccumulatorNumAccumulated", "conditional_accumulator_NumAccumulated"),
            ("ResourceAccumulatorSetGlobalStep", "ResourceAccumulatorSetGlobalStep")]
        with v1.Session() as a, v1.Session() as b:
            a.run(step)
            a.run(apply)
            a.run(apply)
            assert [a.run(num), b.run(num)] == [2, 0]
            np.testing.assert_array_equal(a.run(take), [1., 2.])
            assert a.run(num) == 0


def test_take_waits_for_the_gradients_it_needs():
    acc = v1.ConditionalAccumulator(tf.float64, shape=[2], reduction_type="SUM",
                                    shared_name="waits")
    out: dict = {}
    t = threading.Thread(target=lambda: out.setdefault("v", acc.take_grad(2)), daemon=True)
    t.start()
    acc.apply_grad([1., 2.])
    t.join(0.2)
    assert t.is_alive()  # one of two
    acc.apply_grad([3., 4.])
    t.join(WAIT)
    assert not t.is_alive()
    np.testing.assert_array_equal(out["v"].numpy(), [4., 6.])


def test_a_stale_gradient_is_dropped_and_a_take_advances_the_step():
    acc = v1.ConditionalAccumulator(tf.float32, shape=[], shared_name="steps")
    acc.apply_grad(1., local_step=0)
    assert float(acc.take_grad(1)) == 1.0
    acc.apply_grad(5., local_step=0)  # (the take made the global step 1)
    assert int(acc.num_accumulated()) == 0


@pytest.mark.parametrize("op", ["ConditionalAccumulator", "SparseConditionalAccumulator"])
def test_reference_forms_are_refused_eagerly(op):
    snake = {"ConditionalAccumulator": "conditional_accumulator",
             "SparseConditionalAccumulator": "sparse_conditional_accumulator"}[op]
    with pytest.raises(RuntimeError, match=f"{snake} op does not support eager execution. "
                                           "Arg 'handle' is a ref."):
        getattr(tf.raw_ops, op)(dtype=tf.float32, shape=[2])
