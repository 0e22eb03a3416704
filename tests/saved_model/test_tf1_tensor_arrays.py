"""TF 1 graphs that loop over resource TensorArrays (TensorArrayV3 and its ops) and, in
their gradient loops, push and pop stacks (StackV2, StackPushV2, StackPopV2), imported
and run in tf.compat.v1.Session.

golden/make_tf1_tensor_arrays.py built them with TensorFlow 2.21 (control flow v1) and
recorded TF's results: a frozen RNN, the same RNN's meta graph with a checkpoint and
three gradient descent steps, and tf.map_fn's meta graph. Here eagerflow runs those files
without TensorFlow; the interop tests build them afresh with real TensorFlow (skipped
without it) and compare again. Malformed graphs fail with tf.errors classes.
"""

import json
import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the GraphDef protos come from the saved_model extra

v1 = tf.compat.v1
HERE = Path(__file__).resolve().parent / "golden"
FIXTURES = HERE / "tf1_tensor_arrays"
RECORDER = HERE / "make_tf1_tensor_arrays.py"
needs_tf = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                              reason="TensorFlow's interpreter is not installed")


def golden(folder: Path) -> dict:
    return json.loads((folder / "tf1_tensor_arrays.json").read_text())


def check_frozen(folder: Path, want: dict) -> None:
    gd = v1.GraphDef()
    gd.ParseFromString((folder / "rnn_frozen.pb").read_bytes())
    g = tf.Graph()
    with g.as_default():
        v1.import_graph_def(gd, name="")
        with v1.Session(graph=g) as s:
            y = s.run("y:0", {"x:0": decode_array(want["x"])})
    np.testing.assert_allclose(y, decode_array(want["rnn_frozen"]), rtol=1e-5, atol=1e-6)


def check_training(folder: Path, want: dict) -> None:
    g = tf.Graph()
    with g.as_default():
        saver = v1.train.import_meta_graph(str(folder / "rnn_train.meta"))
        ops = {n.type for n in g.get_operations()}
        assert {"TensorArrayV3", "TensorArrayScatterV3", "TensorArrayGatherV3",
                "StackV2"} <= ops  # (the pushes and pops are in the loops' bodies)
        (w,) = v1.global_variables()
        (train,) = v1.get_collection("train_op")
        with v1.Session(graph=g) as s:
            saver.restore(s, str(folder / "rnn_train"))
            np.testing.assert_array_equal(s.run(w), decode_array(want["rnn_train"]["w0"]))
            for step in want["rnn_train"]["steps"]:
                loss, _ = s.run(["loss:0", train], {"x:0": decode_array(want["x"])})
                np.testing.assert_allclose(loss, step["loss"], rtol=1e-5)
                np.testing.assert_allclose(s.run(w), decode_array(step["w"]), rtol=1e-5,
                                           atol=1e-6)


def check_map_fn(folder: Path, want: dict) -> None:
    g = tf.Graph()
    with g.as_default():
        v1.train.import_meta_graph(str(folder / "map_fn.meta"))
        with v1.Session(graph=g) as s:
            got = s.run("doubled:0", {"m:0": decode_array(want["map_fn"]["m"])})
            empty = s.run("doubled:0", {"m:0": np.zeros((0, 3), np.float32)})
    np.testing.assert_array_equal(got, decode_array(want["map_fn"]["doubled"]))
    assert empty.shape == (0, 3)


def check_loop(folder: Path, want: dict, name: str) -> None:
    case, xv = want["loops"][name], decode_array(want["loops"]["x"])
    g = tf.Graph()
    with g.as_default():
        saver = v1.train.import_meta_graph(str(folder / f"{name}.meta"))
        with v1.Session(graph=g) as s:
            if "steps" in case:
                saver.restore(s, str(folder / name))
            np.testing.assert_allclose(s.run("y:0", {"x:0": xv}), decode_array(case["y"]),
                                       rtol=1e-5, atol=1e-6)
            if "steps" in case:
                np.testing.assert_allclose(s.run("gx:0", {"x:0": xv}),
                                           decode_array(case["gx"]), rtol=1e-5, atol=1e-6)
                for loss in case["steps"]:
                    got, _ = s.run(["loss:0", "train"], {"x:0": xv})
                    np.testing.assert_allclose(got, loss, rtol=1e-5)


LOOPS = ["scan", "foldl", "nested_map_fn", "scan_train", "dynamic_train"]


@pytest.mark.parametrize("name", LOOPS)
def test_loop_graph(name):
    check_loop(FIXTURES, golden(FIXTURES), name)


def test_frozen_rnn():
    check_frozen(FIXTURES, golden(FIXTURES))


def test_training_meta_graph_steps_as_tf():
    check_training(FIXTURES, golden(FIXTURES))


def test_map_fn_meta_graph():
    check_map_fn(FIXTURES, golden(FIXTURES))


def test_frozen_rnn_runs_again_with_fresh_arrays():
    # (each run makes its own TensorArrays: a second run writes no index twice; a batch of
    # one runs BLAS's matrix-vector kernel, whose float32 sums round differently)
    want = golden(FIXTURES)
    gd = v1.GraphDef()
    gd.ParseFromString((FIXTURES / "rnn_frozen.pb").read_bytes())
    g = tf.Graph()
    with g.as_default():
        v1.import_graph_def(gd, name="")
        with v1.Session(graph=g) as s:
            first = s.run("y:0", {"x:0": decode_array(want["x"])})
            second = s.run("y:0", {"x:0": decode_array(want["x"])[:1]})
    np.testing.assert_allclose(second, first[:, :1], rtol=1e-5, atol=1e-6)


@pytest.fixture(scope="module")
def tf_built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tf1_tensor_arrays")
    proc = subprocess.run([TF_PYTHON, str(RECORDER), str(folder)], capture_output=True,
                          text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return folder


@needs_tf
def test_interop_frozen_rnn(tf_built):
    check_frozen(tf_built, golden(tf_built))


@needs_tf
def test_interop_training(tf_built):
    check_training(tf_built, golden(tf_built))


@needs_tf
def test_interop_map_fn(tf_built):
    check_map_fn(tf_built, golden(tf_built))


@needs_tf
@pytest.mark.parametrize("name", LOOPS)
def test_interop_loop_graph(tf_built, name):
    check_loop(tf_built, golden(tf_built), name)


# -- malformed graphs ---------------------------------------------------------------------------

def _counted(text):
    return re.sub(r"(TensorArray|StackV2)_\d+", r"\1_N", text)


@pytest.mark.parametrize("name", ["write_twice", "pop_empty"])
def test_loops_tf_refuses_fail_as_tf(name):
    cls, message = golden(FIXTURES)["refused"][name]
    gd = v1.GraphDef()
    gd.ParseFromString((FIXTURES / f"{name}.pb").read_bytes())
    g = tf.Graph()
    with g.as_default():
        v1.import_graph_def(gd, name="")
        with v1.Session(graph=g) as s, pytest.raises(getattr(tf.errors, cls)) as info:
            s.run("y:0", {"x:0": np.ones(2, np.float32)})
    assert _counted(message) in _counted(str(info.value))


def _node(gd, name, op, inputs=(), **attrs):
    nd = gd.node.add(name=name, op=op)
    nd.input.extend(inputs)
    for k, v in attrs.items():
        if isinstance(v, tf.DType):
            nd.attr[k].type = v.as_datatype_enum
        elif isinstance(v, bool):
            nd.attr[k].b = v
        elif isinstance(v, np.ndarray):
            nd.attr[k].tensor.CopyFrom(tf.make_tensor_proto(v))
        else:
            nd.attr[k].s = v.encode()
    return nd


def _const(gd, name, value):
    value = np.asarray(value)
    return _node(gd, name, "Const", value=value, dtype=tf.as_dtype(value.dtype))


def _run(gd, fetch):
    g = tf.Graph()
    with g.as_default():
        v1.import_graph_def(gd, name="")
        with v1.Session(graph=g) as s:
            return s.run(fetch)


def test_read_of_a_stack_handle_fails():
    gd = v1.GraphDef()
    _const(gd, "n", np.int32(-1))
    _const(gd, "i", np.int32(0))
    _const(gd, "f", np.float32(0))
    _node(gd, "s", "StackV2", ["n"], elem_type=tf.float32)
    _node(gd, "r", "TensorArrayReadV3", ["s", "i", "f"], dtype=tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Trying to access a handle's resource using the wrong type.*"
                             "'tensorflow::Stack'.*as type 'tensorflow::TensorArray'"):
        _run(gd, "r:0")


def test_read_of_an_unwritten_index_fails():
    gd = v1.GraphDef()
    _const(gd, "n", np.int32(2))
    _const(gd, "i", np.int32(1))
    _node(gd, "ta", "TensorArrayV3", ["n"], dtype=tf.float32)
    _node(gd, "r", "TensorArrayReadV3", ["ta", "i", "ta:1"], dtype=tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"TensorArray ta_\d+: Could not read from TensorArray index 1\."):
        _run(gd, "r:0")


def test_pop_of_an_empty_stack_fails():
    gd = v1.GraphDef()
    _const(gd, "n", np.int32(-1))
    _node(gd, "s", "StackV2", ["n"], elem_type=tf.float32)
    _node(gd, "p", "StackPopV2", ["s"], elem_type=tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Stack\[s_\d+\] is empty when calling Pop\(\)\."):
        _run(gd, "p:0")


def test_read_of_a_float_handle_is_refused_at_import():
    gd = v1.GraphDef()
    _const(gd, "h", np.float32(0))
    _const(gd, "i", np.int32(0))
    _node(gd, "r", "TensorArrayReadV3", ["h", "i", "h"], dtype=tf.float32)
    with pytest.raises(ValueError, match="Input 0 of node r was passed float from h:0 "
                                         "incompatible with expected resource."):
        _run(gd, "r:0")


def test_read_of_a_variable_in_a_meta_graph_fails():
    g = tf.Graph()
    with g.as_default():
        v1.get_variable("v", [2], initializer=v1.zeros_initializer())
        v1.train.Saver()
        mg = v1.train.export_meta_graph(graph=g)
    _const(mg.graph_def, "i", np.int32(0))
    _const(mg.graph_def, "f", np.float32(0))
    _node(mg.graph_def, "r", "TensorArrayReadV3", ["v", "i", "f"], dtype=tf.float32)
    g = tf.Graph()
    with g.as_default():
        v1.train.import_meta_graph(mg)
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="resource \\(name 'v'\\) of type 'tensorflow::Var'"):
                s.run("r:0")
