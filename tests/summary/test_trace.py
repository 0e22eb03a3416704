"""tf.summary.trace_on / trace_export / trace_off with real tf.functions, read by TensorBoard.

What TF 2.21 writes, checked with it: one event at the export's step whose value is a
scalar string tensor (a serialized RunMetadata, one FunctionGraphs entry per function)
tagged `name` under plugin "graph_run_metadata_graph" with content b"1"; no writer or
recording off: nothing written, trace ended, None returned; no step: ValueError and the
trace goes on; export without trace_on: ValueError; trace_on twice: "Trace already
enabled"; inside a tf.function: a warning and nothing else.
"""

import gc
import glob
import logging
import os
import socket

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import context
from eagerflow._src.summary import protos, trace
from eagerflow._src.summary.writer import _state as summary_state

pytest.importorskip("tensorboard")
from tensorboard import context as tb_context  # noqa: E402
from tensorboard.backend.event_processing import (  # noqa: E402
    data_provider,
    event_file_loader,
    plugin_event_multiplexer,
)
from tensorboard.compat.proto import config_pb2, event_pb2  # noqa: E402
from tensorboard.plugins import base_plugin  # noqa: E402
from tensorboard.plugins.graph import graphs_plugin  # noqa: E402
from tensorboard.util import tensor_util  # noqa: E402


@pytest.fixture(autouse=True)
def clean_state():
    trace.trace_off()
    yield
    trace.trace_off()
    summary_state.writer = None
    summary_state.step = None
    summary_state.is_recording = None


def summary_events(logdir):
    """The events with a summary, as written (TensorBoard's raw reader: no data migration)."""
    out = []
    for path in glob.glob(os.path.join(str(logdir), "events.out.tfevents.*")):
        for raw in event_file_loader.RawEventFileLoader(path).Load():
            event = event_pb2.Event.FromString(raw)
            if event.summary.value:
                out.append(event)
    return out


def run_metadata(event):
    value = event.summary.value[0]
    return config_pb2.RunMetadata.FromString(tensor_util.make_ndarray(value.tensor).item())


def nodes(graph_def):
    return [(n.name, n.op, list(n.input)) for n in graph_def.node]


def graphs_dashboard(logdir, tag):
    """What TensorBoard's Graphs dashboard serves for `tag`: (info, GraphDef text)."""
    mux = plugin_event_multiplexer.EventMultiplexer()
    mux.AddRunsFromDirectory(str(logdir))
    mux.Reload()
    provider = data_provider.MultiplexerDataProvider(mux, str(logdir))
    plugin = graphs_plugin.GraphsPlugin(base_plugin.TBContext(
        data_provider=provider, logdir=str(logdir), multiplexer=mux))
    ctx = tb_context.RequestContext()
    info = plugin.info_impl(ctx, "")
    text, mime = plugin.graph_impl(ctx, ".", tag, False, "")
    assert mime == "text/x-protobuf"
    return info["."]["tags"][tag], text


def test_functions_run_while_tracing_are_exported_and_read_by_tensorboard(tmp_path):
    @tf.function
    def before(x, y):
        return tf.matmul(x, y) + 1.0

    @tf.function
    def scale(x):
        return tf.nn.relu(x) * 2.0

    @tf.function
    def unused(x):
        return x - 1.0

    before(tf.ones([2, 2]), tf.ones([2, 2]))  # traced before the trace starts
    unused(tf.ones([1]))
    writer = tf.summary.create_file_writer(str(tmp_path))
    # (the trace is process-wide, as TF's: earlier tests' garbage is collected first, so
    # no finalizer of theirs, nor a data pipeline's thread they left, runs a function in
    # the window; a CI run once recorded a constant function of theirs there)
    gc.collect()
    tf.summary.trace_on(graph=True, profiler=False)
    assert trace.tracing() and context.graph_collection.sink is not None
    before(tf.ones([2, 2]), tf.ones([2, 2]))
    scale(tf.ones([3]))
    scale(tf.ones([3]))  # the same function: recorded once
    with writer.as_default():
        assert tf.summary.trace_export(name="my_trace", step=3) is None
    assert not trace.tracing() and context.graph_collection.sink is None
    writer.flush()

    (event,) = summary_events(tmp_path)
    value = event.summary.value[0]
    assert (event.step, value.tag) == (3, "my_trace")
    assert value.metadata.plugin_data.plugin_name == "graph_run_metadata_graph"
    assert value.metadata.plugin_data.content == b"1"
    assert value.tensor.dtype == 7 and value.tensor.HasField("tensor_shape")
    assert len(value.tensor.tensor_shape.dim) == 0 and len(value.tensor.string_val) == 1
    rm = run_metadata(event)
    graphs = [fg.pre_optimization_graph for fg in rm.function_graphs]
    assert nodes(graphs[0]) == [
        ("x", "_Arg", []), ("y", "_Arg", []), ("MatMul", "MatMul", ["x", "y"]),
        ("add/y", "Const", []), ("add", "AddV2", ["MatMul", "add/y"]),
        ("Identity", "Identity", ["add"]), ("identity_RetVal", "_Retval", ["Identity"])]
    assert nodes(graphs[1]) == [
        ("x", "_Arg", []), ("Relu", "Relu", ["x"]), ("mul/y", "Const", []),
        ("mul", "Mul", ["Relu", "mul/y"]), ("Identity", "Identity", ["mul"]),
        ("identity_RetVal", "_Retval", ["Identity"])]
    x_arg, matmul, const = graphs[0].node[0], graphs[0].node[2], graphs[0].node[3]
    assert x_arg.attr["T"].type == 1 and x_arg.attr["index"].i == 0
    assert [d.size for d in x_arg.attr["_output_shapes"].list.shape[0].dim] == [2, 2]
    assert matmul.attr["transpose_a"].b is False and matmul.attr["T"].type == 1
    assert tensor_util.make_ndarray(const.attr["value"].tensor) == np.float32(1.0)

    info, text = graphs_dashboard(tmp_path, "my_trace")
    assert info["op_graph"] and not info["conceptual_graph"]
    for name in ('"graph_1/MatMul"', '"graph_2/Relu"', 'op: "_Retval"'):
        assert name in text


def test_nested_functions_control_flow_and_variables(tmp_path):
    v = tf.Variable([1.0, 2.0], name="v")

    @tf.function
    def inner(x):
        return x * 3.0

    @tf.function
    def outer(x):
        y = inner(x) + v
        v.assign_add(y)
        if tf.reduce_sum(x) > 0:
            y = y * 2.0
        else:
            y = y - 1.0
        return y

    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=5):
        tf.summary.trace_on()
        out = outer(tf.constant([1.0, 2.0]))
        tf.summary.trace_export("nested")
    np.testing.assert_allclose(out.numpy(), [2 * (3 + 1), 2 * (6 + 2)])
    (event,) = summary_events(tmp_path)
    assert event.step == 5
    (fg,) = run_metadata(event).function_graphs  # inner ran inside outer: not on its own
    gd = fg.pre_optimization_graph
    by_name = {n.name: n for n in gd.node}
    call = by_name["PartitionedCall"]
    assert call.input == ["x"]
    # the nodes in TF 2.21's order (its trace of this function, checked by hand): the
    # arguments first, the NoOp TF's automatic control dependencies add waiting on the
    # effects (sorted by name), the result after it
    assert [n.op for n in gd.node] == [
        "_Arg", "_Arg", "PartitionedCall", "ReadVariableOp", "AddV2", "AssignAddVariableOp",
        "Const", "Sum", "Const", "Greater", "StatelessIf", "Identity", "NoOp", "Identity",
        "_Retval"]
    x, handle = gd.node[0], gd.node[1]
    assert (x.name, x.attr["index"].i, handle.attr["index"].i) == ("x", 0, 1)
    assert handle.attr["T"].type == 20 and handle.attr["_user_specified_name"].s == b"resource"
    assert sorted(handle.attr) == ["T", "_user_specified_name", "index"]
    read = gd.node[3]  # (TF names the handle's argument after the read: the FunctionDef's)
    assert (handle.name, read.name) == ("add_readvariableop_resource", "add/ReadVariableOp")
    assert list(read.input) == [handle.name]
    assert list(by_name["AssignAddVariableOp"].input) == [handle.name, "add", "^" + read.name]
    assert list(by_name["NoOp"].input) == sorted(["^AssignAddVariableOp", "^" + read.name])
    assert list(by_name["Identity"].input) == ["cond/Identity", "^NoOp"]
    assert list(by_name["Sum"].input) == ["x", "Const"]
    # every node has its op's attrs, defaults included, and the call the private ones TF's
    # FunctionDef node has (TF 2.21's as_graph_def of such a call shows them); no min_consumer
    assert sorted(call.attr) == ["Tin", "Tout", "_collective_manager_ids",
                                 "_read_only_resource_inputs", "config", "config_proto",
                                 "executor_type", "f"]
    assert (gd.versions.producer, gd.versions.min_consumer) == (2474, 0)
    cond = by_name["cond"]  # (TF names the If after its scope)
    assert cond.op == "StatelessIf"
    library = {f.signature.name: f for f in gd.library.function}
    inner_fn = library[call.attr["f"].func.name]
    assert [a.name for a in inner_fn.signature.input_arg] == ["x"]
    assert [(n.op, list(n.input)) for n in inner_fn.node_def] == \
        [("Const", []), ("Mul", ["x", "mul/y:output:0"]), ("Identity", ["mul:z:0"])]
    assert dict(inner_fn.ret) == {"identity": "Identity:output:0"}
    then_fn = library[cond.attr["then_branch"].func.name]
    else_fn = library[cond.attr["else_branch"].func.name]
    assert "Mul" in [n.op for n in then_fn.node_def] and \
        "Sub" in [n.op for n in else_fn.node_def]
    _, text = graphs_dashboard(tmp_path, "nested")
    assert "StatelessIf" in text and "ReadVariableOp" in text


def test_trace_rules_follow_tensorflow(tmp_path, caplog):
    @tf.function
    def f(x):
        return x + 1

    writer = tf.summary.create_file_writer(str(tmp_path))
    with pytest.raises(ValueError, match="Must enable trace before export through "
                                         "tf.summary.trace_on."):
        tf.summary.trace_export("x", step=0)
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        tf.summary.trace_on()
        tf.summary.trace_on(graph=False)
        assert "Trace already enabled" in caplog.text
    f(tf.constant(1))
    assert tf.summary.trace_export("no_writer", step=1) is None  # no writer: ends the trace
    with pytest.raises(ValueError, match="Must enable trace"):
        tf.summary.trace_export("again", step=1)

    with writer.as_default():
        tf.summary.trace_on()
        with pytest.raises(ValueError, match="No step set"):
            tf.summary.trace_export("no_step")
        assert trace.tracing()  # as in TF, a failed export leaves the trace on
        with tf.summary.record_if(False):
            tf.summary.trace_export("not_recorded", step=1)
        assert not trace.tracing()
    with tf.summary.create_noop_writer().as_default():
        tf.summary.trace_on()
        tf.summary.trace_export("noop", step=1)
    tf.summary.trace_on()
    f(tf.constant(2))
    tf.summary.trace_off()
    tf.summary.trace_off()  # already off: nothing happens
    with writer.as_default(), tf.name_scope("scope"):
        tf.summary.trace_on(graph=False)  # nothing collected; TF writes an empty RunMetadata
        f(tf.constant(3))
        tf.summary.trace_export("graph_off", step=2)
    writer.flush()
    (event,) = summary_events(tmp_path)
    assert event.summary.value[0].tag == "scope/graph_off"  # name scopes prefix the tag
    assert event.summary.value[0].metadata.plugin_data.plugin_name == "graph_run_metadata"
    assert len(run_metadata(event).function_graphs) == 0


def test_trace_calls_inside_a_function_only_warn(caplog):
    @tf.function
    def f(x):
        tf.summary.trace_on()
        tf.summary.trace_export("inside", step=1)
        return x

    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        f(tf.constant(1.0))
    assert "Cannot enable trace inside a tf.function." in caplog.text
    assert "Cannot export trace inside a tf.function." in caplog.text
    assert not trace.tracing()


def test_profiler_requests_start_and_stop_the_profiler(tmp_path, caplog):
    # TF 2.21's sequence: trace_off (and trace_export, after its own stop) tries to stop
    # the profiler again and warns that none runs
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        tf.summary.trace_on(profiler=True)
        assert "No `profiler_outdir` passed to trace_on()" in caplog.text
        assert not trace.tracing()
        tf.summary.trace_off()
        assert "Error while stopping profiler: Cannot export profiling results. No profiler " \
            "is running." in caplog.text
        tf.summary.trace_on(graph=True, profiler=True, profiler_outdir=str(tmp_path / "prof"))
        assert trace.tracing()
        with tf.summary.create_file_writer(str(tmp_path)).as_default():
            tf.function(lambda x: x * 2)(tf.constant(1.0))
            tf.summary.trace_export("prof", step=0, profiler_outdir="elsewhere")
        assert "Ignoring `profiler_outdir` passed to trace_export()" in caplog.text
    (event,) = summary_events(tmp_path)
    assert event.summary.value[0].metadata.plugin_data.plugin_name == "graph_run_metadata"
    assert len(run_metadata(event).function_graphs) == 1
    (run,) = os.listdir(tmp_path / "prof" / "plugins" / "profile")
    assert os.listdir(tmp_path / "prof" / "plugins" / "profile" / run) == \
        [f"{socket.gethostname()}.xplane.pb"]


def test_trace_export_of_a_profiler_never_started_raises_and_keeps_the_trace():
    tf.summary.trace_on(profiler=True)
    with pytest.raises(tf.errors.UnavailableError,
                       match="Cannot export profiling results. No profiler is running."):
        tf.summary.trace_export("x", step=0)
    assert trace._trace.active == (True, True)
    tf.summary.trace_off()


def test_graph_summary_of_a_traced_function(tmp_path):
    @tf.function
    def f(x):
        return tf.exp(x) - x

    cf = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        assert bool(tf.summary.graph(cf.graph))
        assert bool(tf.summary.graph(cf.graph.as_graph_def()))
        with pytest.raises(ValueError, match="^Argument 'graph_data' is not tf.Graph or "
                                             "tf.compat.v1.GraphDef. Received graph_data="):
            tf.summary.graph(cf)  # (TF's refusal: a ConcreteFunction is neither)

        @tf.function
        def g():
            return tf.summary.graph(cf.graph)

        with pytest.raises(ValueError, match="graph context"):
            g()
    (path,) = glob.glob(os.path.join(str(tmp_path), "events.out.tfevents.*"))
    events = [e for e in event_file_loader.EventFileLoader(path).Load() if e.graph_def]
    assert len(events) == 2
    gd = protos.get().GraphDef.FromString(events[0].graph_def)
    # TF's as_graph_def(add_shapes=True) of the function's graph
    assert nodes(gd) == [("x", "Placeholder", []), ("Exp", "Exp", ["x"]),
                         ("sub", "Sub", ["Exp", "x"]), ("Identity", "Identity", ["sub"])]
    assert [sorted(n.attr) for n in gd.node] == [
        ["_output_shapes", "_user_specified_name", "dtype", "shape"], ["T", "_output_shapes"],
        ["T", "_output_shapes"], ["T", "_output_shapes"]]
    assert [d.size for d in gd.node[0].attr["_output_shapes"].list.shape[0].dim] == [-1, 3]
    assert protos.get().GraphDef.FromString(events[1].graph_def) == cf.graph.as_graph_def()


def test_without_tensorboard_trace_export_writes_nothing(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(protos, "get", lambda prefer_tensorboard=True:
                        protos._built())  # as if the tensorboard package were absent
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        tf.summary.trace_on()
        tf.function(lambda x: x + 1)(tf.constant(1))
        with caplog.at_level(logging.WARNING, logger="tensorflow"):
            tf.summary.trace_export("g", step=0)
            assert not bool(tf.summary.graph(
                tf.function(lambda x: x).get_concrete_function(tf.constant(1.0)).graph))
    assert "needs the tensorboard package" in caplog.text
    assert not trace.tracing()
    assert summary_events(tmp_path) == []


def test_keras_fit_and_a_function_with_tape_and_loop_are_exported(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    v = tf.Variable(tf.ones([3]))

    @tf.function
    def g(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.sin(x) * v)
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, tf.cast(i, tf.float32) * 2.0)
        return tape.gradient(y, x), ta.stack(), tf.reduce_sum(tf.ones([100, 100]))

    rng = np.random.default_rng(0)
    tf.summary.trace_on()
    model.fit(rng.random((16, 4), np.float32), rng.integers(0, 2, 16), epochs=1, batch_size=8,
              verbose=0)
    grad, stacked, _ = g(tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_allclose(grad.numpy(), np.cos([1.0, 2.0, 3.0]), rtol=1e-6)
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        tf.summary.trace_export("fit", step=0)
    (event,) = summary_events(tmp_path)
    graphs = [fg.pre_optimization_graph for fg in run_metadata(event).function_graphs]
    assert len(graphs) >= 2
    ops = set().union(*({n.op for n in gd.node} for gd in graphs))
    assert {"MatMul", "Relu", "ReadVariableOp", "Sin", "Cos", "_Arg", "_Retval"} <= ops
    for gd in graphs:  # every input names a node of its own graph
        names = {n.name for n in gd.node}
        for n in gd.node:
            assert all(i.lstrip("^").split(":")[0] in names for i in n.input), n
    _, text = graphs_dashboard(tmp_path, "fit")
    assert "MatMul" in text and "StatelessWhile" in text
