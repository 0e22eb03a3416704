"""tf.compat.v1.lite.TFLiteConverter (TF 1's factories): a Session's graph, a frozen
GraphDef file and a TF 1 SavedModel's signature convert to models whose interpreter
computes what the Session computes (its variables frozen at their session values), their
tensors named after the graph's, as TF 2.21's (the names and a 0-d output's NumPy scalar
are recorded from TF by tests/guides/guide_migrate_saved_model_lite.out)."""

from __future__ import annotations

import os

import numpy as np

import eagerflow as tf

X = np.array([[1.0, -2.0, 3.0]], np.float32)


def _graph():
    """(graph, input, output, session) of a small TF 1 model with a variable set in it."""
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [1, 3], name="features")
        w = tf.compat.v1.get_variable("w", [3, 2], initializer=tf.compat.v1.ones_initializer())
        y = tf.nn.relu(tf.matmul(x, w) * 0.5, name="scores")
        sess = tf.compat.v1.Session(graph=g)
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(w.assign([[1.0, -1.0], [2.0, 0.5], [0.0, 3.0]]))
    return g, x, y, sess


def _run(model: bytes, x: np.ndarray):
    it = tf.lite.Interpreter(model_content=model)
    it.allocate_tensors()
    d, o = it.get_input_details()[0], it.get_output_details()[0]
    it.set_tensor(d["index"], x)
    it.invoke()
    return d["name"], it.get_tensor(o["index"]), it.get_signature_list()


def test_from_session_freezes_the_sessions_variables():
    g, x, y, sess = _graph()
    want = sess.run(y, {x: X})
    with g.as_default():
        model = tf.compat.v1.lite.TFLiteConverter.from_session(sess, [x], [y]).convert()
    name, got, sigs = _run(model, X)
    assert name == "features" and sigs == {}
    # (TF 2.21 names the output after the array asked for, its Mul and Relu fused)
    it = tf.lite.Interpreter(model_content=model)
    assert [d["name"] for d in it.get_output_details()] == ["scores"]
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_from_frozen_graph_reads_a_graph_def_file(tmp_path):
    g, x, y, sess = _graph()
    want = sess.run(y, {x: X})
    frozen = tf.compat.v1.graph_util.convert_variables_to_constants(
        sess, g.as_graph_def(), ["scores"])
    path = os.path.join(tmp_path, "frozen.pb")
    with open(path, "wb") as f:
        f.write(frozen.SerializeToString())
    conv = tf.compat.v1.lite.TFLiteConverter.from_frozen_graph(path, ["features"], ["scores"])
    np.testing.assert_allclose(_run(conv.convert(), X)[1], want, rtol=1e-6)


def test_from_saved_model_converts_its_serving_signature(tmp_path):
    g, x, y, sess = _graph()
    want = sess.run(y, {x: X})
    export = os.path.join(tmp_path, "v1")
    with g.as_default():
        tf.compat.v1.saved_model.simple_save(sess, export, {"features": x}, {"scores": y})
    conv = tf.compat.v1.lite.TFLiteConverter.from_saved_model(export)
    name, got, _ = _run(conv.convert(), X)
    assert name == "features"
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_a_scalar_output_comes_back_a_numpy_scalar():
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, [], name="x")
        y = tf.multiply(x, 3.0, name="y")
        with tf.compat.v1.Session() as sess:
            model = tf.compat.v1.lite.TFLiteConverter.from_session(sess, [x], [y]).convert()
    got = _run(model, np.array(2.0, np.float32))[1]
    assert type(got) is np.float32 and got == 6.0
