"""SparseTensorDenseMatMul, SparseBincount, the *CountSparseOutput ops, RaggedGather and
DeserializeSparse, raw and through the public functions that run them, against TF 2.21's
outcomes (sparse_count_golden.json, written by record_sparse_count_golden.py from
sparse_count_cases.py), and the node types of their traced graphs."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ops.sparse_count_cases import CASES, outcome

with open(os.path.join(os.path.dirname(__file__), "sparse_count_golden.json"),
          encoding="utf-8") as f:
    GOLDEN = json.load(f)["cases"]


def _same(got, want):
    if isinstance(want, float) and isinstance(got, float):
        return got == want or abs(got - want) <= 1e-6 * max(1.0, abs(want))
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return got == want


@pytest.mark.parametrize("case", sorted(CASES))
def test_outcome_is_tfs(case):
    with on_recording_device(CASES[case], GOLDEN[case]):  # (TF's CPU checks a GPU's skip)
        got, want = outcome(tf, np, CASES[case]), GOLDEN[case]
    assert _same(got, want), f"{case}: {got} != {want}"


def _types(fn, *specs):
    graph = tf.function(fn).get_concrete_function(*specs).graph
    return [o.type for o in graph.get_operations()
            if o.type not in ("Placeholder", "Const", "Identity", "NoOp")]


SI = tf.SparseTensorSpec([None, None], tf.int32)
RI = tf.RaggedTensorSpec([None, None], tf.int32)


# (TF 2.21's graphs of the same functions)
@pytest.mark.parametrize("fn, specs, want", [
    (lambda a, b: tf.sparse.sparse_dense_matmul(a, b),
     (tf.SparseTensorSpec([None, None], tf.float32), tf.TensorSpec([None, None])),
     ["SparseTensorDenseMatMul"]),
    (lambda a, b: tf.sparse.sparse_dense_matmul(b, a),
     (tf.SparseTensorSpec([None, None], tf.float32), tf.TensorSpec([None, None])),
     ["SparseTensorDenseMatMul", "Transpose"]),
    (lambda v: tf.sparse.bincount(v), (SI,), ["DenseCountSparseOutput"]),
    (lambda v: tf.sparse.bincount(v, axis=-1), (SI,), ["SparseCountSparseOutput"]),
    (lambda v: tf.sparse.bincount(v), (tf.TensorSpec([None, None], tf.int32),),
     ["Reshape", "DenseCountSparseOutput"]),
    (lambda v: tf.sparse.bincount(v, axis=-1), (RI,), ["RaggedCountSparseOutput"]),
    (lambda v: tf.math.bincount(v, axis=-1), (SI,),
     ["Cast", "Prod", "Greater", "Max", "Maximum", "Cast", "AddV2", "Mul", "SparseBincount"]),
    (lambda v: tf.math.bincount(v), (SI,),
     ["Cast", "Prod", "Greater", "Max", "Maximum", "Cast", "AddV2", "Mul", "DenseBincount"]),
    (lambda r, i: tf.gather(r, i), (RI, tf.TensorSpec([None], tf.int32)), ["RaggedGather"]),
    (lambda r, i: tf.gather(r, i), (RI, tf.RaggedTensorSpec([None, None], tf.int32)),
     ["RaggedGather"]),
    (lambda r, i: tf.gather(r, i), (RI, tf.TensorSpec([None, 2], tf.int32)),
     ["RaggedGather", "Shape", "Cumprod", "StridedSlice", "StridedSlice"]),
])
def test_traced_graph_holds_tfs_op(fn, specs, want):
    assert _types(fn, *specs) == want


def test_matmul_gradient_graph_is_tfs():
    def f(a, b):
        with tf.GradientTape() as t:
            t.watch([a.values, b])
            y = tf.sparse.sparse_dense_matmul(a, b, adjoint_a=True, adjoint_b=True)
        return t.gradient(y, [a.values, b])

    ops = _types(f, tf.SparseTensorSpec([None, None], tf.float32), tf.TensorSpec([None, None]))
    assert ops.count("SparseTensorDenseMatMul") == 2 and ops.count("GatherV2") == 2
    assert "ExpandDims" in ops and "Squeeze" in ops


def test_static_shapes_are_tfs():
    def spec(fn, *specs):
        return tf.function(fn).get_concrete_function(*specs).structured_outputs

    out = spec(lambda a, b: tf.sparse.sparse_dense_matmul(a, b, adjoint_a=True,
                                                          adjoint_b=True),
               tf.SparseTensorSpec([3, 4], tf.float32), tf.TensorSpec([5, 3]))
    assert out.shape.as_list() == [None, 5]
    out = spec(lambda v: tf.sparse.bincount(v, axis=-1), SI)
    assert (out.indices.shape.as_list(), out.dense_shape.shape.as_list()) == ([None, 2], [2])
    # (TF's gather by a matrix leaves the indices' inner dim ragged, eagerly too)
    out = spec(lambda r, i: tf.gather(r, i), RI, tf.TensorSpec([None, 2], tf.int32))
    assert out.shape.as_list() == [None, None, None]
    assert tf.gather(tf.ragged.constant([[1], []]), [[1, 0]]).shape.as_list() == [1, None, None]
    out = spec(lambda v: tf.sparse.bincount(v), tf.TensorSpec([None, 3], tf.int32))
    assert (out.indices.shape.as_list(), out.dense_shape.shape.as_list()) == ([None, 1], [1])


@pytest.mark.parametrize("op, call", [
    ("DenseCountSparseOutput", lambda w: tf.raw_ops.DenseCountSparseOutput(
        values=[1, 2, 1], weights=w, binary_output=False)[1]),
    ("SparseCountSparseOutput", lambda w: tf.raw_ops.SparseCountSparseOutput(
        indices=[[0], [1], [2]], values=[1, 2, 1], dense_shape=[3], weights=w,
        binary_output=False)[1]),
    ("RaggedCountSparseOutput", lambda w: tf.raw_ops.RaggedCountSparseOutput(
        splits=[0, 3], values=[1, 2, 1], weights=w, binary_output=False)[1]),
    ("SparseBincount", lambda w: tf.raw_ops.SparseBincount(
        indices=[[0], [1], [2]], values=[1, 2, 1], dense_shape=[3], size=3, weights=w,
        binary_output=False)),
])
def test_counts_have_no_gradient(op, call):
    w = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(w)
        y = call(w)
    with pytest.raises(LookupError, match=f"gradient registry has no entry for: {op}"):
        tape.gradient(y, w)
