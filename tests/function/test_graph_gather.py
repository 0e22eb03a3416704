"""Traced lookups of a variable's rows as TF 2.21 builds them: `tf.gather(v, i)` (axis 0,
no batch dims), `v.sparse_read(i)` and `tf.nn.embedding_lookup(v, ids)` are a
ResourceGather on the variable's captured handle ("Gather/resource", or the embedding
lookup's "embedding_lookup/<uid>" with its `_class` colocation), with TF's attrs
(batch_dims 0, validate_indices, dtype, Tindices), ordered among the variable's writes by
TF's automatic control dependencies; other axes and batch dims read the variable and run
GatherV2 (and Keras 3's Embedding, whose ops.take hands the variable to tf.shape and
tf.gather: two reads, a GatherV2); their gradients are IndexedSlices of the rows.

The cases are graph_gather_cases.py; golden/graph_gather.json is TF's answer
(make_graph_gather_golden.py). A case's operations are compared whole (name, type, NodeDef
inputs and control inputs), the attrs of its ResourceGather nodes, and its result on the
recorded arguments, or the error tracing raises (TF's signature's TypeError for indices of
another dtype, its shape function's ValueError for a scalar variable). For the cases in
`FORWARD_ONLY` the ops of the gradient are named as eagerflow's gradients name them:
there the captures, reads, gathers and writes are compared (with the result, TF's
IndexedSlices).
"""

from __future__ import annotations

import json
import re
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.function.graph_gather_cases import CASES, outcome
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

GOLDEN = json.loads((Path(__file__).parent / "golden" / "graph_gather.json").read_text())

FORWARD_ONLY = {"gradient", "gradient_embedding_repeated", "gradient_sparse_read_twice",
                "train_step"}
_KEPT = ("Placeholder", "ResourceGather", "ReadVariableOp", "AssignVariableOp",
         "AssignAddVariableOp", "AssignSubVariableOp", "NoOp")


def _kept(ops):
    """The captures, reads, gathers and writes, with those of their inputs that are too
    (a write's value is the gradient's)."""
    parts = [re.fullmatch(r"([^:]+):(\w+)\((.*)\)", o).groups() for o in ops]
    names = {n for n, kind, _ in parts if kind in _KEPT} | {"i"}
    return [f"{n}:{kind}({','.join(i for i in ins.split(',') if i.lstrip('^') in names)})"
            for n, kind, ins in parts if kind in _KEPT]


def _gathers(attrs, ops):
    kinds = dict(re.fullmatch(r"([^:]+):(\w+)\(.*", o).groups() for o in ops)
    return {k: v for k, v in attrs.items() if kinds.get(k) == "ResourceGather"}


@pytest.fixture(scope="module")
def ours():
    return {case: outcome(tf, src) for case, src in CASES.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_traced_lookups_are_tfs(case, ours):
    want, got = GOLDEN["cases"][case], ours[case]
    if "trace_error" in want:
        assert got == want
        return
    assert got["result"] == want["result"]
    assert _gathers(got["attrs"], got["ops"]) == _gathers(want["attrs"], want["ops"])
    if case in FORWARD_ONLY:
        assert _kept(got["ops"]) == _kept(want["ops"])
    else:
        assert got["ops"] == want["ops"]


def _concrete(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs)


def test_a_lookup_reads_the_variables_current_rows():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function
    def f(i):
        v.assign_add(tf.ones([3, 2]))
        return tf.gather(v, i), v.sparse_read(i[:1]), tf.nn.embedding_lookup(v, i)

    a, b, c = f(tf.constant([2, 0]))
    np.testing.assert_array_equal(a.numpy(), [[6.0, 7.0], [2.0, 3.0]])
    np.testing.assert_array_equal(b.numpy(), [[6.0, 7.0]])
    np.testing.assert_array_equal(c.numpy(), a.numpy())
    v.assign(tf.zeros([3, 2]))  # (the graph reads the variable: no copy was folded in)
    a, _, _ = f(tf.constant([1, 1]))
    np.testing.assert_array_equal(a.numpy(), [[1.0, 1.0], [1.0, 1.0]])


def test_two_lookups_of_constant_rows_are_not_merged_across_a_write():
    v = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def f():
        before = tf.gather(v, [0, 2])
        v.assign_add([10.0, 10.0, 10.0])
        return before, tf.gather(v, [0, 2])

    before, after = f()
    np.testing.assert_array_equal(before.numpy(), [1.0, 3.0])
    np.testing.assert_array_equal(after.numpy(), [11.0, 13.0])
    kinds = [o.type for o in f.get_concrete_function().optimized_graph().get_operations()]
    assert kinds.count("ResourceGather") == 2


def test_an_index_out_of_range_is_resource_gathers_error(cpu_kernels):
    """(TF's CPU kernel's check: its GPU kernel gives zeros.)"""
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    f = tf.function(lambda i: tf.gather(v, i))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = 5 is not in "
                                                             r"\[0, 2\)"):
        f(tf.constant([0, 5]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0\] = -1 is not in"):
        f(tf.constant([-1]))  # (TF's CPU kernel refuses negative rows too)


def test_the_node_holds_tfs_attrs_and_inputs():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="table")
    g = _concrete(lambda i: tf.nn.embedding_lookup(v, i), tf.TensorSpec([3], tf.int64)).graph
    node = g.get_operation_by_name("embedding_lookup")
    assert node.type == "ResourceGather"
    assert node.get_attr("Tindices") == tf.int64 and node.get_attr("dtype") == tf.float32
    assert node.get_attr("batch_dims") == 0 and node.get_attr("validate_indices") is True
    handle = node.node_def.input[0]
    assert node.get_attr("_class") == [f"loc:@{handle}".encode()]
    ph = g.get_operation_by_name(handle)
    assert ph.type == "Placeholder" and ph.outputs[0].dtype == tf.resource
    names = [n.name for n in g.as_graph_def().node]
    assert names.index(handle) < names.index("embedding_lookup")


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=6),
       st.sampled_from(["gather", "sparse_read", "embedding_lookup"]))
def test_traced_gradients_are_the_rows_indexed_slices(ids, how):
    v = tf.Variable(np.arange(8.0, dtype=np.float32).reshape(4, 2))
    look = {"gather": lambda i: tf.gather(v, i), "sparse_read": lambda i: v.sparse_read(i),
            "embedding_lookup": lambda i: tf.nn.embedding_lookup(v, i)}[how]

    @tf.function
    def f(i):
        with tf.GradientTape() as t:
            y = tf.reduce_sum(look(i) * 2.0)
        return t.gradient(y, v)

    g = f(tf.constant(ids))
    assert isinstance(g, tf.IndexedSlices)
    np.testing.assert_array_equal(g.values.numpy(), np.full((len(ids), 2), 2.0))
    np.testing.assert_array_equal(g.indices.numpy(), ids)
    np.testing.assert_array_equal(g.dense_shape.numpy(), [4, 2])
    dense = np.zeros((4, 2))
    np.add.at(dense, ids, 2.0)
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), dense)


class _Lookups(tf.Module):
    def __init__(self):
        self.table = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def f(self, i):
        return tf.nn.embedding_lookup(self.table, i) + tf.gather(self.table, i)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
    def step(self, i):
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(tf.square(self.table.sparse_read(i)))
        self.table.assign_sub(0.1 * tf.convert_to_tensor(t.gradient(loss, self.table)))
        return loss


# (what both loaders give: the lookups, a step's loss, the table after it)
_WANT = [[[10.0, 12.0], [2.0, 4.0]], 50.0, [[1.0, 2.0], [1.8, 2.4], [5.0, 6.0]]]


def _run_saved(m):
    out = [m.f(tf.constant([2, 0])).numpy().tolist(),
           float(m.step(tf.constant([1, 1], tf.int64)).numpy()), m.table.numpy().tolist()]
    np.testing.assert_allclose(out[2], _WANT[2], rtol=1e-6)
    return out[:2]


def test_a_function_with_lookups_saves_and_loads(tmp_path):
    tf.saved_model.save(_Lookups(), str(tmp_path))
    assert _run_saved(tf.saved_model.load(str(tmp_path))) == _WANT[:2]
    # the functions hold TF's ResourceGather on the captured handle
    sm = pb().SavedModel()
    sm.ParseFromString((tmp_path / "saved_model.pb").read_bytes())
    ops = {n.op for f in sm.meta_graphs[0].graph_def.library.function for n in f.node_def}
    assert "ResourceGather" in ops and "GatherV2" not in ops


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs the TensorFlow reference interpreter")
def test_tf_loads_and_runs_the_saved_lookups(tmp_path):
    tf.saved_model.save(_Lookups(), str(tmp_path))
    script = textwrap.dedent(f"""
        import json, tensorflow as tf
        m = tf.saved_model.load({str(tmp_path)!r})
        print(json.dumps([m.f(tf.constant([2, 0])).numpy().tolist(),
                          float(m.step(tf.constant([1, 1], tf.int64)).numpy()),
                          m.table.numpy().tolist()]))
    """)
    out = subprocess.run([TF_PYTHON, "-c", script], capture_output=True, text=True,
                         env=TF_ENV, check=True, timeout=300)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got[:2] == _WANT[:2]
    np.testing.assert_allclose(got[2], _WANT[2], rtol=1e-6)
