"""tf.Graph.as_graph_def() as TF's GraphDef message, and what is built on it: write_graph,
import_graph_def of it, tf.compat.v1.graph_util. Checked against TF 2.21: the programs of
graph_def_programs.py (recorded by golden/make_graph_def_golden.py), TF's own GraphDefs
imported here, and ours imported and run by TF (interop, skipped without it)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.saved_model.graph_def_programs import FEED, PROGRAMS
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

GOLDEN = Path(__file__).parent / "golden" / "graph_def_golden"


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads((GOLDEN / "golden.json").read_text())


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_graph_defs_as_tf_builds_them(name, golden):
    got = json.loads(json.dumps(PROGRAMS[name](tf)))
    assert got == golden[name]


def test_the_graph_def_is_tfs_message():
    with tf.Graph().as_default() as g:
        tf.add(tf.constant(1.0), 2.0, name="b")
    gd = g.as_graph_def()
    assert type(gd).DESCRIPTOR.full_name.endswith(".GraphDef")
    assert tf.compat.v1.GraphDef.FromString(gd.SerializeToString()) == gd
    assert [n.name for n in gd.node][-1] == "b" and gd.node[-1].attr["T"].type == 1
    assert 'name: "b"' in str(gd) and 'op: "AddV2"' in str(gd)
    assert not gd.HasField("library")
    assert g.as_graph_def(from_version=2) == gd  # (TF 2 writes every node whatever the version)
    with tf.compat.v1.Session(graph=g) as sess:
        assert sess.graph_def == gd


@settings(max_examples=15, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 6)), max_size=4),
       st.sampled_from([tf.float32, tf.int64, tf.bool]))
def test_add_shapes_writes_each_output_shape(dims, dtype):
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(dtype, dims, name="x")
        tf.identity(x, name="y")
        tf.no_op(name="nothing")
    nodes = {n.name: n for n in g.as_graph_def(add_shapes=True).node}
    for name in ("x", "y"):
        (shape,) = nodes[name].attr["_output_shapes"].list.shape
        assert [d.size for d in shape.dim] == [-1 if d is None else d for d in dims]
    assert "_output_shapes" not in nodes["nothing"].attr  # (no outputs: no attr, as TF)
    assert all("_output_shapes" not in n.attr for n in g.as_graph_def().node)


def test_tfs_own_graph_defs_import_and_run():
    gd = tf.compat.v1.GraphDef.FromString((GOLDEN / "tf1_dense.pb").read_bytes())
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    got = w.prune("x:0", "y:0")(tf.constant(FEED)).numpy()
    want = np.maximum(np.array(FEED, np.float32) @ np.array([[1.0], [2.0]], np.float32) + 1, 0)
    np.testing.assert_allclose(got, want, rtol=1e-6)
    gd = tf.compat.v1.GraphDef.FromString((GOLDEN / "plain_function.pb").read_bytes())
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    relu, top = w.prune(["x:0", "y:0"], ["Identity:0", "Identity_1:0"])(
        tf.constant(FEED), tf.constant([0.5, -1.0]))
    feed = np.array(FEED, np.float32)
    np.testing.assert_allclose(relu.numpy(), np.maximum(feed * 2 + [0.5, -1.0], 0), rtol=1e-6)
    assert top.numpy() == feed.max()


def test_binary_write_graph_round_trips(tmp_path):
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
        tf.reduce_sum(x * 3.0, name="s")
    path = tf.io.write_graph(g, str(tmp_path / "d"), "g.pb", as_text=False)
    back = tf.compat.v1.GraphDef.FromString(Path(path).read_bytes())
    assert back == g.as_graph_def()
    with tf.Graph().as_default():
        (s,) = tf.import_graph_def(back, return_elements=["s:0"])
        with tf.compat.v1.Session() as sess:
            assert sess.run(s, {"import/x:0": [[1.0, 2.0]]}) == 9.0


def test_freezing_refuses_a_handle_used_otherwise_than_read():
    with tf.Graph().as_default() as g:
        v = tf.compat.v1.Variable([1.0, 2.0], name="v")
        upd = tf.compat.v1.assign_add(v, [1.0, 1.0], name="upd")
        tf.identity(upd, name="out")
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            with pytest.raises(ValueError, match=r"^Can't freeze node .* it takes the "
                                                 r"variable v's handle"):
                tf.compat.v1.graph_util.convert_variables_to_constants(
                    sess, g.as_graph_def(), ["out"])
            # a variable left out by the allowlist stays a variable
            frozen = tf.compat.v1.graph_util.convert_variables_to_constants(
                sess, g.as_graph_def(), ["v/Read/ReadVariableOp"],
                variable_names_whitelist=["w"])
    assert [n.op for n in frozen.node] == ["VarHandleOp", "ReadVariableOp"]


_TF_RUNS = r"""
import json, sys
import numpy as np
import tensorflow as tf
out = {}
for name, feeds, fetches in json.loads(sys.argv[2]):
    gd = tf.compat.v1.GraphDef.FromString(open(f"{sys.argv[1]}/{name}.pb", "rb").read())
    w = tf.compat.v1.wrap_function(lambda: tf.compat.v1.import_graph_def(gd, name=""), [])
    if not fetches:  # import only: TF checks every node and function against its ops
        out[name] = sorted({n.type for n in w.graph.get_operations()})
        continue
    run = w.prune([k for k, _ in feeds], fetches)
    res = run(*[tf.constant(np.array(v, np.float32)) for _, v in feeds])
    out[name] = [np.asarray(r).tolist() for r in res]
print(json.dumps(out))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_tf_imports_and_runs_our_graph_defs(tmp_path):
    tf1 = tf.compat.v1
    runs, want = [], {}
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None, 2], name="x")
        a = tf1.Variable([[1.0], [2.0]], name="a")
        y = tf.identity(tf.matmul(x, a) + 1.0, name="y")
        q = tf.cond(tf.reduce_sum(x) > 0, lambda: y * 2.0, lambda: -y, name="q")
        out = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s + 1.0),
                            [tf.constant(0), q])[1]
        tf.identity(out, name="out")
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            want["frozen"] = [sess.run("out:0", {x: FEED}).tolist()]
            frozen = tf1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(),
                                                                   ["out"])
    tf.io.write_graph(frozen, str(tmp_path), "frozen.pb", as_text=False)
    tf.io.write_graph(g, str(tmp_path), "tf1.pb", as_text=False)
    runs += [["frozen", [["x:0", FEED]], ["out:0"]], ["tf1", [], []]]

    v = tf.Variable(2.0)

    @tf.function
    def plain(x):
        return tf.nn.softmax(x * 2.0), tf.reduce_max(x, axis=1)

    @tf.function
    def stateful(x):
        v.assign_add(1.0)
        return tf.while_loop(lambda i, s: i < 2, lambda i, s: (i + 1, s * v),
                             [tf.constant(0), x])[1]
    cf = plain.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"))
    want["plain"] = [t.numpy().tolist() for t in plain(tf.constant(FEED))]
    tf.io.write_graph(cf.graph, str(tmp_path), "plain.pb", as_text=False)
    runs.append(["plain", [["x:0", FEED]], [t.name for t in cf.graph.outputs]])
    cf = stateful.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"))
    tf.io.write_graph(cf.graph, str(tmp_path), "stateful.pb", as_text=False)
    runs.append(["stateful", [], []])

    got = tf_json("-c", _TF_RUNS, tmp_path, json.dumps(runs), timeout=300)
    for name in ("frozen", "plain"):
        for g_, w_ in zip(got[name], want[name]):
            np.testing.assert_allclose(g_, w_, rtol=1e-5)
    assert {"VarHandleOp", "StatelessIf", "StatelessWhile"} <= set(got["tf1"])
    assert {"Placeholder", "AssignAddVariableOp", "While", "NoOp"} <= set(got["stateful"])


@pytest.mark.parametrize("value,dtype,enum", [
    (np.array([1.0, 2.0], np.float32), "float32", 1), (np.array([b"a", b"b"]), "string", 7)])
def test_raw_const_of_a_function_is_a_const_node(value, dtype, enum):
    """A tf.raw_ops.Const traced into a function is written as TF 2.21 writes it: a Const
    node whose value attr holds the caller's TensorProto (recorded: tensor_content
    "\\000\\000\\200?\\000\\000\\000@" for [1., 2.]; string_val "a", "b" for the strings)."""
    proto = tf.make_tensor_proto(value)
    f = tf.function(lambda: tf.raw_ops.Const(value=proto, dtype=getattr(tf, dtype)))
    gd = f.get_concrete_function().graph.as_graph_def()
    (node,) = [n for n in gd.node if n.op == "Const"]
    assert node.attr["dtype"].type == enum
    written = node.attr["value"].tensor
    assert written.dtype == enum and [d.size for d in written.tensor_shape.dim] == [2]
    np.testing.assert_array_equal(tf.make_ndarray(written), value)
    if dtype == "float32":
        assert written.tensor_content == value.tobytes()
    else:
        assert list(written.string_val) == [b"a", b"b"]
