"""tf.profiler.experimental: the session, what it records, and the XSpace file TF's tools read.

Facts from TF 2.21 (its own profile of the same programs, dumped with its xplane_pb2):
every Python thread is a line named `python`; an eager op is an `EagerExecute` event with
`eager_op` (a string stat, interned as a referenced stat metadata) and `is_func`; a
tf.function call is an event named for the function with `tf_function_call`
(`traced-nonXla` on the call that traced, `notTraced-nonXla` after) and `tracing_count`,
its tracing `tf.function-graph_building`, its ops `<node>:<type>` events shown as their
type; `Trace` keyword stats are int64 (bools too), double, or referenced strings (None as
"None"); a `Task Environment` plane holds the start and stop times and the options.
"""

import gc
import glob
import os
import shutil
import socket
import threading

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import tf_logging, trace_events
from eagerflow._src.summary import profiler
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script


@pytest.fixture(autouse=True)
def no_profiler_left():
    # An earlier test's garbage (an iterator, a resource, a function) may run its finalizer's
    # ops -- functions among them -- whenever the collector runs: collect it before each test
    # and hold the collector off during it, so a profile holds this test's events alone.
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        if trace_events.running():
            tf.profiler.experimental.stop(save=False)


def profile_file(logdir):
    (path,) = glob.glob(os.path.join(str(logdir), "plugins", "profile", "*", "*.xplane.pb"))
    return path


def read_space(logdir):
    space = profiler._xplane().XSpace()
    with open(profile_file(logdir), "rb") as f:
        space.ParseFromString(f.read())
    return space


def events(space, plane_name="/host:CPU"):
    """{line id: [(name, display name, start ps, end ps, {stat: value})]} of a plane."""
    (plane,) = [p for p in space.planes if p.name == plane_name]
    names = {k: v.name for k, v in plane.stat_metadata.items()}
    out = {}
    for line in plane.lines:
        evs = []
        for e in line.events:
            md = plane.event_metadata[e.metadata_id]
            stats = {}
            for st in e.stats:
                kind = st.WhichOneof("value")
                stats[names[st.metadata_id]] = names[st.ref_value] if kind == "ref_value" \
                    else getattr(st, kind)
            evs.append((md.name, md.display_name, e.offset_ps, e.offset_ps + e.duration_ps,
                        stats))
        out[line.id] = (line.name, evs)
    return out


def main_line(space):
    lines = events(space)
    return lines[threading.get_native_id()][1]


def inside(child, parent):
    return parent[2] <= child[2] and child[3] <= parent[3]


# -- the session ---------------------------------------------------------------------------

def test_start_twice_and_stop_without_start_raise_tf_errors(tmp_path):
    with pytest.raises(tf.errors.UnavailableError,
                       match=r"^Cannot export profiling results. No profiler is running.$"):
        tf.profiler.experimental.stop()
    tf.profiler.experimental.start(str(tmp_path))
    with pytest.raises(tf.errors.AlreadyExistsError, match=r"^Another profiler is running.$"):
        tf.profiler.experimental.start(str(tmp_path))
    tf.profiler.experimental.stop(save=False)
    assert not os.path.exists(tmp_path / "plugins")
    with pytest.raises(tf.errors.UnavailableError):
        tf.profiler.experimental.stop(save=False)


def test_warm_up_run_with_an_empty_logdir_writes_nothing():
    tf.profiler.experimental.start("")  # Keras's warm-up
    tf.exp(tf.constant(1.0))
    tf.profiler.experimental.stop(save=False)
    assert not trace_events.running()


def test_layout_and_environment_plane(tmp_path):
    before = __import__("time").time_ns()
    with tf.profiler.experimental.Profile(str(tmp_path)):
        tf.exp(tf.constant(1.0))
    (run,) = os.listdir(tmp_path / "plugins" / "profile")
    assert len(run) == 19 and run[4] == run[7] == run[10] == "_"  # %Y_%m_%d_%H_%M_%S
    assert os.listdir(tmp_path / "plugins" / "profile" / run) == \
        [f"{socket.gethostname()}.xplane.pb"]
    space = read_space(tmp_path)
    assert list(space.hostnames) == [socket.gethostname()]
    assert [p.name for p in space.planes] == ["/host:CPU", "Task Environment"]
    env = space.planes[1]
    names = {k: v.name for k, v in env.stat_metadata.items()}
    stats = {names[s.metadata_id]: s for s in env.stats}
    assert before <= stats["profile_start_time"].uint64_value <= \
        stats["profile_stop_time"].uint64_value
    options = profiler._xplane().ProfileOptions()
    options.ParseFromString(stats["profile_options"].bytes_value)
    assert (options.version, options.host_tracer_level, options.device_tracer_level,
            options.include_dataset_ops, options.repository_path) == (1, 2, 1, True, str(tmp_path))


def test_an_unwritable_logdir_raises_not_found_naming_the_directory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    tf.profiler.experimental.start(str(blocker / "sub"))
    with pytest.raises(tf.errors.NotFoundError, match=f"^{blocker}/sub; "):
        tf.profiler.experimental.stop()
    assert not trace_events.running()  # the session ended anyway, as TF's
    tf.profiler.experimental.start(str(tmp_path / "ok"))
    tf.profiler.experimental.stop()


def test_profiler_options_as_tf():
    assert repr(tf.profiler.experimental.ProfilerOptions()) == (
        "ProfilerOptions(host_tracer_level=2, python_tracer_level=0, device_tracer_level=1, "
        "delay_ms=None)")
    o = tf.profiler.experimental.ProfilerOptions(host_tracer_level=3, delay_ms=5)
    assert (o.host_tracer_level, o.python_tracer_level, o.delay_ms) == (3, 0, 5)


def test_server_and_client_are_refused():
    with pytest.raises(tf.errors.UnimplementedError, match="no profiler server"):
        tf.profiler.experimental.server.start(6009)
    with pytest.raises(tf.errors.UnimplementedError, match="localhost:6009"):
        tf.profiler.experimental.client.trace("grpc://localhost:6009", "/tmp/x", 1000)
    with pytest.raises(tf.errors.UnimplementedError):
        tf.profiler.experimental.client.monitor("grpc://localhost:6009", 1000)


# -- what is recorded ----------------------------------------------------------------------

def test_eager_ops_and_trace_scopes(tmp_path):
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    tf.profiler.experimental.start(str(tmp_path))
    with tf.profiler.experimental.Trace("outer", s="hello", f=1.5, b=True, i=-3, n=None):
        with tf.profiler.experimental.Trace("inner"):
            tf.matmul(a, a) + a
    tf.profiler.experimental.stop()
    evs = main_line(read_space(tmp_path))
    assert [e[0] for e in evs] == ["outer", "inner", "EagerExecute", "MatMul:MatMul",
                                   "EagerExecute", "AddV2:AddV2"]
    outer, inner, mm, mm_kernel, add, add_kernel = evs
    assert outer[4] == {"s": "hello", "f": 1.5, "b": 1, "i": -3, "n": "None"}
    assert inner[4] == {}
    assert mm[4] == {"eager_op": "MatMul", "is_func": 0} and mm_kernel[1] == "MatMul"
    assert add[4] == {"eager_op": "AddV2", "is_func": 0} and add_kernel[1] == "AddV2"
    assert inside(inner, outer) and inside(mm, inner) and inside(add, inner)
    assert mm[3] <= add[2]


def test_a_trace_name_that_is_not_a_string_is_refused_while_profiling(tmp_path):
    tf.profiler.experimental.Trace(123)  # (nothing runs: nothing to refuse, as in TF)
    tf.profiler.experimental.start(str(tmp_path))
    with pytest.raises(TypeError, match="Trace's name must be a str, got int: 123"):
        tf.profiler.experimental.Trace(123, k=[1, 2])
    with tf.profiler.experimental.Trace("x", k=[1, 2], o=None):
        pass
    tf.profiler.experimental.stop()  # the run is still written
    (ev,) = main_line(read_space(tmp_path))
    assert ev[0] == "x" and ev[4] == {"k": "[1, 2]", "o": "None"}


def test_each_thread_is_a_python_line(tmp_path):
    def work():
        with tf.profiler.experimental.Trace("in_thread", step_num=7):
            tf.exp(tf.constant(1.0))

    tf.profiler.experimental.start(str(tmp_path))
    tf.negative(tf.constant(1.0))
    th = threading.Thread(target=work)
    th.start()
    th.join()
    tf.profiler.experimental.stop()
    lines = events(read_space(tmp_path))
    assert len(lines) == 2 and {name for name, _ in lines.values()} == {"python"}
    other = [evs for tid, (_, evs) in lines.items() if tid != threading.get_native_id()][0]
    assert [(e[0], e[4]) for e in other] == [("in_thread", {"step_num": 7}),
                                             ("EagerExecute", {"eager_op": "Exp", "is_func": 0}),
                                             ("Exp:Exp", {})]


def test_tf_function_calls(tmp_path):
    @tf.function
    def g(x):
        return tf.nn.relu(tf.exp(x) + 1.0) * 2.0

    # on the CPU, where each op is its own kernel (a GPU fuses these four into one:
    # test_a_function_on_the_stand_in_gpu_records_its_ops)
    with tf.device("/CPU:0"):
        a = tf.constant([[1.0, -2.0], [3.0, 4.0]])
        tf.profiler.experimental.start(str(tmp_path))
        first = g(a)
        second = g(a)
        tf.profiler.experimental.stop()
    np.testing.assert_allclose(first.numpy(), g(a).numpy())
    np.testing.assert_allclose(second.numpy(), np.maximum(np.exp(a.numpy()) + 1, 0) * 2,
                               rtol=1e-6)
    evs = main_line(read_space(tmp_path))
    calls = [e for e in evs if e[0] == "g"]
    assert [c[4] for c in calls] == [
        {"tf_function_call": "traced-nonXla", "tracing_count": 1},
        {"tf_function_call": "notTraced-nonXla", "tracing_count": 1}]
    (building,) = [e for e in evs if e[0] == "tf.function-graph_building"]
    assert inside(building, calls[0]) and not inside(building, calls[1])
    for call in calls:
        (execute,) = [e for e in evs if e[0] == "EagerExecute" and inside(e, call)
                      and e[4].get("is_func") == 1]
        assert execute[4]["eager_op"].startswith("__inference_g_")
        ops = [(e[0], e[1]) for e in evs if inside(e, execute) and e is not execute]
        assert ops == [("Exp:Exp", "Exp"), ("add:AddV2", "AddV2"), ("Relu:Relu", "Relu"),
                       ("mul:Mul", "Mul")]


def test_a_tape_records_a_profiled_function_as_one_op(tmp_path):
    @tf.function
    def f(x):
        return tf.reduce_sum(tf.sin(x) * x)

    x = tf.Variable([0.5, 1.5])
    with tf.GradientTape() as tape:
        y = f(x)
    expected = tape.gradient(y, x).numpy()
    with tf.profiler.experimental.Profile(str(tmp_path)):
        with tf.GradientTape() as tape:
            y = f(x)
        grad = tape.gradient(y, x)
    np.testing.assert_allclose(grad.numpy(), expected)
    names = [e[0] for e in main_line(read_space(tmp_path))]
    assert names.count("f") == 1 and "EagerExecute" in names


def test_nothing_is_recorded_outside_a_run(tmp_path):
    with tf.profiler.experimental.Trace("before"):
        tf.exp(tf.constant(1.0))
    assert trace_events._session[0] is None
    scope = tf.profiler.experimental.Trace("across")
    tf.profiler.experimental.start(str(tmp_path))
    with scope:
        tf.profiler.experimental.stop()  # a scope open across the end is dropped
    tf.profiler.experimental.start(str(tmp_path / "second"))
    tf.profiler.experimental.stop()
    assert events(read_space(tmp_path)) == {}


def test_device_placement_logging_still_logs_every_op_while_profiling(tmp_path, capfd, monkeypatch):
    # (TF's C++ INFO lines: shown whatever TF_CPP_MIN_LOG_LEVEL the tests run under)
    monkeypatch.setitem(tf_logging._AT_IMPORT, "cpp_level", 0)
    tf.debugging.set_log_device_placement(True)
    try:
        with tf.profiler.experimental.Profile(str(tmp_path)):
            tf.exp(tf.constant(1.0)) + 1.0
    finally:
        tf.debugging.set_log_device_placement(False)
    err = capfd.readouterr().err
    assert f"Executing op Exp in device {tf.constant(1.0).device}" in err  # (CPU:0 or GPU:0)
    assert "Executing op AddV2 in device" in err
    tf.exp(tf.constant(1.0))
    assert "Executing op" not in capfd.readouterr().err


# -- Keras's TensorBoard(profile_batch=...) ------------------------------------------------

def fit_with_profile(log_dir, profile_batch, epochs=2):
    m = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
    m.compile("sgd", "mse")
    x = np.linspace(0, 1, 48, dtype="float32").reshape(16, 3)
    y = x.sum(axis=1, keepdims=True)
    m.fit(x, y, batch_size=4, epochs=epochs, verbose=0,
          callbacks=[tf.keras.callbacks.TensorBoard(str(log_dir), profile_batch=profile_batch)])


def test_keras_profile_batch_range(tmp_path):
    fit_with_profile(tmp_path, (2, 5))  # 4 batches an epoch: 2-4 in the first, 5 (1) next
    space = read_space(tmp_path / "train")
    batches = [e for e in main_line(space) if e[0] == "Profiled batch"]
    assert [b[4] for b in batches] == [{"step_num": 1}, {"step_num": 2}, {"step_num": 3},
                                       {"step_num": 0}]
    assert any(e[0] == "EagerExecute" or ":" in e[0] for e in main_line(space)
               if inside(e, batches[1]))


def test_keras_profile_batch_string_and_refusals(tmp_path):
    fit_with_profile(tmp_path, "1,1", epochs=1)
    assert len([e for e in main_line(read_space(tmp_path / "train"))
                if e[0] == "Profiled batch"]) == 1
    for bad in [(3, 2), -1, (1, 2, 3), "4"]:
        with pytest.raises(ValueError, match=r"^profile_batch must be a non-negative integer "
                           r"or 2-tuple of positive integers. A pair of positive integers "
                           r"signifies a range of batches to profile. Found: "):
            tf.keras.callbacks.TensorBoard(str(tmp_path), profile_batch=bad)


def test_keras_profile_batch_when_a_profiler_already_runs_logs_an_error(tmp_path, caplog):
    tf.profiler.experimental.start(str(tmp_path / "mine"))
    with caplog.at_level("ERROR"):
        fit_with_profile(tmp_path / "keras", 2, epochs=1)
    assert "Failed to start profiler: Another profiler is running." in caplog.text
    tf.profiler.experimental.stop()
    assert not os.path.exists(tmp_path / "keras" / "train" / "plugins")


# -- TF's own tools read the file (skip without TensorFlow) --------------------------------

TOOLS_SCRIPT = """
import json, sys
from tensorflow.tsl.profiler.protobuf import xplane_pb2
from tensorflow.python.profiler.internal import _pywrap_profiler_plugin as tools
path = sys.argv[1] + "/host.xplane.pb"
space = xplane_pb2.XSpace()
with open(path, "rb") as f:
    space.ParseFromString(f.read())
table = json.loads(tools.xspace_to_tools_data([path], "framework_op_stats", {})[0])[0]
trace, ok = tools.xspace_to_tools_data([path], "trace_viewer", {})
json.dump({"planes": [p.name for p in space.planes], "ok": ok,
           "rows": [[c.get("v") for c in r["c"]] for r in table["rows"]],
           "trace_names": [n for n in ["EagerExecute", "Relu", "MatMul"]
                           if n.encode() in trace]},
          open(sys.argv[1] + "/out.json", "w"))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter (.venv-peers)")
def test_tensorflow_reads_the_file_and_its_tools_see_eager_and_function_ops(tmp_path):
    @tf.function
    def g(x):
        return tf.nn.relu(x) * 2.0

    with tf.device("/CPU:0"):  # (a host-only profile: the CPU's plane, op by op)
        a = tf.constant([[1.0, -2.0], [3.0, 4.0]])
        with tf.profiler.experimental.Profile(str(tmp_path)):
            g(tf.matmul(a, a))
    work = tmp_path / "tf"  # (TF's tools cache what they derive beside the file)
    work.mkdir()
    shutil.copy(profile_file(tmp_path), work / "host.xplane.pb")
    out = run_tf_script(TOOLS_SCRIPT, work, work)
    assert out["planes"] == ["/host:CPU", "Task Environment"]
    rows = {(r[2], r[3]): (r[4], r[-1]) for r in out["rows"]}
    assert rows[("MatMul", "MatMul")] == (1, "Eager")
    assert rows[("Relu", "Relu")] == (1, "Function") and rows[("Mul", "mul")] == (1, "Function")
    assert out["ok"] and out["trace_names"] == ["EagerExecute", "Relu", "MatMul"]


def test_a_function_on_the_stand_in_gpu_records_its_ops(tmp_path):
    from eagerflow._src.core import device as D

    @tf.function
    def g(x):
        return tf.nn.relu(tf.matmul(x, x)) * 2.0

    a = np.array([[1.0, -2.0], [3.0, 4.0]], np.float32)
    with D.standin_gpus(1):
        expected = g(tf.constant(a)).numpy()
        with tf.profiler.experimental.Profile(str(tmp_path)):
            got = g(tf.constant(a))
        assert got.device.endswith("GPU:0")
    np.testing.assert_allclose(got.numpy(), expected)
    evs = main_line(read_space(tmp_path))
    (execute,) = [e for e in evs if e[0] == "EagerExecute" and e[4]["is_func"] == 1]
    names = [e[0] for e in evs if inside(e, execute) and e is not execute]
    assert names[0] == "MatMul:MatMul" and len(names) >= 2  # (relu and mul: one fused kernel)


def test_iterating_a_dataset_records_its_get_next_ops(tmp_path):
    ds = tf.data.Dataset.range(4).map(lambda x: x * 2).batch(2)
    with tf.profiler.experimental.Profile(str(tmp_path)):
        got = [b.numpy().tolist() for b in ds]
    assert got == [[0, 2], [4, 6]]
    evs = main_line(read_space(tmp_path))
    ops = [e for e in evs if e[0] == "EagerExecute" and e[4]["eager_op"] == "IteratorGetNext"]
    roots = [e for e in evs if e[0] == "Iterator::Root"]
    assert len(ops) == len(roots) == 2  # (the end of the sequence is not an element)
    assert all(inside(r, o) for r, o in zip(roots, ops))
    assert roots[0][4] == {"name": repr(ds)}
