"""tf.compat.v1.SparseConditionalAccumulator in a TF 1 graph, each value and message as
TF 2.21 gave it (recorded by hand from TF's Session runs of the same graphs): the nodes
TF's class builds, rows merged in TF's order and averaged per index, the dense shape a
take reports, the checks a gradient meets (stale or not), the per-Session state, and the
eager refusal of TF 1's reference handle."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf

v1 = tf.compat.v1
WAIT = 10.0


def _vals(out):
    return [np.asarray(x).tolist() for x in out]


def test_nodes_and_mean_per_index():
    with tf.Graph().as_default() as g:
        acc = v1.SparseConditionalAccumulator(tf.float32, shape=[3, 2])
        assert acc.name == "sparse_conditional_accumulator"
        first = acc.apply_grad([0, 2], [[1., 2.], [3., 4.]], grad_shape=[3, 2])
        second = acc.apply_grad([2, 1], [[10., 20.], [5., 6.]])
        take = acc.take_grad(2)
        num = acc.num_accumulated()
        types = [o.type for o in g.get_operations() if "Accumulator" in o.type]
        assert types[:4] == ["SparseConditionalAccumulator", "SparseAccumulatorApplyGradient",
                             "SparseAccumulatorApplyGradient", "SparseAccumulatorTakeGradient"]
        with v1.Session() as a, v1.Session() as b:
            a.run(first)
            a.run(second)
            assert [a.run(num), b.run(num)] == [2, 0]
            # (TF: [0, 2, 1]; index 2's rows averaged over its two gradients)
            assert _vals(a.run(take)) == [[0, 2, 1], [[1, 2], [6.5, 12], [5, 6]], [3, 2]]
            a.run(first)  # (stale now: the take made the global step 1)
            assert a.run(num) == 0


def test_order_sum_and_unknown_shape():
    with tf.Graph().as_default():
        acc = v1.SparseConditionalAccumulator(tf.float64, reduction_type="SUM")
        one = acc.apply_grad([3], np.float64([[1., 2.]]))
        two = acc.apply_grad([0, 3], np.float64([[7., 8.], [1., 1.]]))
        wide = acc.apply_grad([0], np.float64([[7., 8., 9.]]))
        shaped = acc.apply_grad([0], np.float64([[7., 8.]]), grad_shape=[6, 2])
        take = acc.take_grad(2)
        unsorted = v1.SparseConditionalAccumulator(tf.float32, shape=[3, 2])
        u = unsorted.apply_grad([2, 0], [[1., 2.], [3., 4.]], local_step=9)
        slices = unsorted.take_indexed_slices_grad(1)
        with v1.Session() as s:
            s.run(one)
            s.run(two)
            assert _vals(s.run(take)) == [[0, 3], [[7, 8], [2, 3]], [-1, 2]]
            s.run(acc.set_global_step(0))
            s.run(one)
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="Shape mismatch: expected values dim 1 to be 2, got 3"):
                s.run(wide)
            s.run(shaped)
            s.run(two)  # (three gradients: [3], [0] and [0, 3])
            assert _vals(s.run(take)) == [[0, 3], [[14, 16], [2, 3]], [-1, 2]]
            s.run(u)
            got = s.run([slices.indices, slices.values, slices.dense_shape])
            assert _vals(got) == [[2, 0], [[1, 2], [3, 4]], [3, 2]]


@pytest.mark.parametrize("indices,values,shape,message", [
    ([0], [[1., 2., 3.]], None, "Shape mismatch: expected values dim 1 to be 2, got 3"),
    ([0], [[1., 2.]], [4, 2], "Shape mismatch: expected shape dim 0 to be 3, got 4"),
    ([5], [[1., 2.]], None, "Shape mismatch: index of slice 0 exceeded limits of shape; "
                            "index is 5 exceeded 3"),
    ([0, 1], [[1., 2.]], None, "Expected 2 non-empty input values, got 1"),
    ([0, 1], [1., 2.], None, "Shape mismatch: expected values rank 2, got 1"),
])
def test_refusals(indices, values, shape, message):
    with tf.Graph().as_default():
        acc = v1.SparseConditionalAccumulator(tf.float32, shape=[3, 2])
        apply = acc.apply_grad(indices, values, grad_shape=shape, local_step=-5)
        with v1.Session() as s:
            with pytest.raises(tf.errors.InvalidArgumentError, match=message):
                s.run(apply)
            assert s.run(acc.num_accumulated()) == 0


def test_repeated_and_negative_indices_are_taken():
    with tf.Graph().as_default():
        acc = v1.SparseConditionalAccumulator(tf.float32, shape=[3, 2])
        with v1.Session() as s:
            s.run(acc.apply_grad([1, 1], [[1., 2.], [3., 4.]]))
            s.run(acc.apply_grad([-1], [[1., 2.]]))
            assert s.run(acc.num_accumulated()) == 2  # (TF accepts both)
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="Argument num_required must be positive, but was 0"):
                s.run(acc.take_grad(0))


def test_take_waits_for_another_thread():
    with tf.Graph().as_default():
        acc = v1.SparseConditionalAccumulator(tf.float32, shape=[2])
        apply = acc.apply_grad([1], [3.])
        take = acc.take_grad(1)
        with v1.Session() as s:
            out: dict = {}
            t = threading.Thread(target=lambda: out.setdefault("v", s.run(take)), daemon=True)
            t.start()
            t.join(0.2)
            assert t.is_alive()
            s.run(apply)
            t.join(WAIT)
            assert _vals(out["v"]) == [[1], [3.0], [2]]


def test_eager_refusal():
    for make in (lambda: v1.SparseConditionalAccumulator(tf.float32, shape=[2]),
                 lambda: v1.sparse.SparseConditionalAccumulator(tf.float32)):
        with pytest.raises(RuntimeError, match="sparse_conditional_accumulator op does not "
                                               "support eager execution. Arg 'handle' is a "
                                               "ref."):
            make()
    with pytest.raises(RuntimeError, match="sparse_accumulator_take_gradient op does not "
                                           "support eager execution"):
        tf.raw_ops.SparseAccumulatorTakeGradient(handle="x", num_required=1,
                                                 dtype=tf.float32)


def test_imported_graph_runs_as_tf():
    """A graph TF 2.21 built with the class (accumulator "acc", applies "a1" and "a2",
    "take", "num" and "step": TF 1's reference ops) and exported as a meta graph; the
    values are TF's run of it."""
    meta = Path(__file__).parent / "golden" / "meta" / "sparse_accumulator" / \
        "sparse_accumulator.meta"
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(str(meta))
        types = {o.name: o.type for o in g.get_operations()}
        assert types["acc"] == "SparseConditionalAccumulator"
        with v1.Session() as s:
            s.run(g.get_operation_by_name("a1"))
            s.run(g.get_operation_by_name("a2"))
            assert s.run(g.get_tensor_by_name("num:0")) == 2
            out = s.run([g.get_tensor_by_name(f"take:{i}") for i in range(3)])
            assert _vals(out) == [[0, 2, 1], [[1, 2], [6.5, 12], [5, 6]], [3, 2]]
            s.run(g.get_operation_by_name("step"))
