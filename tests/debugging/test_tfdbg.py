"""tfdbg v2: tf.debugging.enable_check_numerics and
tf.debugging.experimental.enable_dump_debug_info against TF 2.21's recorded behaviour
(tfdbg_golden.json, from record_tfdbg_golden.py over tfdbg_cases.py), TF's own reader on
our dumps (skipped without TF), and the failure paths."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf
from eagerflow._src.io.tensor_proto import to_ndarray
from eagerflow._src.io.tfrecord import tf_record_iterator
from eagerflow._src.ops import dispatch, tfdbg
from eagerflow._src.summary import debug_events
from tests.debugging import tfdbg_cases as K
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

HERE = os.path.dirname(__file__)
GOLDEN = json.load(open(os.path.join(HERE, "tfdbg_golden.json")))
CASE_FILE = os.path.basename(K.__file__)


def to_array(tp):
    return to_ndarray(tp) if tp.ByteSize() else None


def read_dump(root):
    events = K.read(root, debug_events.pb().DebugEvent, tf_record_iterator, to_array)
    return K.summarize(events, to_array, CASE_FILE)


def _same(got, want):
    """Equal as JSON, NaN equal to NaN."""
    assert json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True)


@pytest.fixture(autouse=True)
def no_callbacks_left():
    yield
    tf.debugging.disable_check_numerics()
    tf.debugging.experimental.disable_dump_debug_info()
    assert not dispatch._OBSERVE[0], "a test left an op callback on"


# ---------------------------------------------------------------------------------------
# enable_check_numerics
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", sorted(GOLDEN["check_numerics_eager"]))
def test_eager_check_numerics_reports_as_tf(case, tmp_path):
    _same(K.case_check_numerics_eager(tf, str(tmp_path))[case],
          GOLDEN["check_numerics_eager"][case])


def test_a_tf_function_op_is_checked_and_reported_as_tf(tmp_path):
    got = K.case_check_numerics_graph(tf, str(tmp_path))
    want = GOLDEN["check_numerics_graph"]
    _same(got["ok"], want["ok"])
    assert got["bad"][0] == want["bad"][0] == "InvalidArgumentError"
    g, w = got["bad"][1], want["bad"][1]
    # TF lists every user frame of the op's creation after "defined at": the same frames of
    # this test's cases (the outermost frame, the recorder's or pytest's, differs)
    report = "!!! Detected Infinity or NaN"
    assert g["head"][g["head"].index(report):] == w["head"][w["head"].index(report):]

    def case_lines(head):
        return [ln for ln in head[:head.index(report)].split("\n") if "tfdbg_cases.py" in ln]

    assert g["head"].startswith("Graph execution error:\n\nDetected at node Log/CheckNumericsV2 "
                                "defined at (most recent call last):\n")
    assert case_lines(g["head"]) == case_lines(w["head"])
    assert len(case_lines(w["head"])) == 4
    # the stack of the op's creation marks the user's frames, as TF's: the same frames of
    # this test's cases, down to the line that made the op
    case_frames = [f for f in w["user_frames"] if f[0] == CASE_FILE and f[2] != "_error"]
    assert [f for f in g["user_frames"] if f[0] == CASE_FILE and f[2] != "_error"] == \
        case_frames
    assert g["tail"].replace("__inference_f_", "") .split("[Op:")[0] == \
        w["tail"].split("[Op:")[0]


def test_the_check_is_per_thread(tmp_path):
    _same(K.case_check_numerics_thread(tf, str(tmp_path)), GOLDEN["check_numerics_thread"])


def test_a_variable_read_and_an_eager_function_call_are_checked_as_tf(tmp_path):
    with tf.device("/CPU:0"):  # (the report names the call's device: TF's was recorded on CPU)
        _same(K.case_check_numerics_variables(tf, str(tmp_path)),
              GOLDEN["check_numerics_variables"])


def test_a_keras_step_with_nan_stops_at_the_op():
    tf.debugging.enable_check_numerics()
    layer = tf.keras.layers.Dense(2)
    x = tf.constant([[1.0, np.nan]])
    with pytest.raises(tf.errors.InvalidArgumentError, match='eagerly-executing op "MatMul"'):
        layer(x)


def test_a_gradient_holding_inf_is_caught():
    """A finite forward pass whose backward pass overflows (sqrt's slope at 0)."""
    x = tf.constant([0.0, 4.0])
    tf.debugging.enable_check_numerics()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.sqrt(x))
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor had \\+Inf values"):
        tape.gradient(y, x)


def test_enabling_twice_is_one_check_and_disabling_is_idempotent():
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()
    from eagerflow._src.core.context import _state
    assert len(_state.op_callbacks) == 1
    tf.debugging.disable_check_numerics()
    tf.debugging.disable_check_numerics()
    assert tf.math.log(tf.constant([0.0])).numpy()[0] == -np.inf


def test_the_check_off_costs_the_eager_path_nothing():
    """With no callback the observe flag is down: `a + b` never reaches _observed."""
    assert not dispatch._OBSERVE[0]
    tf.debugging.enable_check_numerics()
    assert dispatch._OBSERVE[0]
    tf.debugging.disable_check_numerics()
    assert not dispatch._OBSERVE[0]



def test_a_function_with_captured_inputs_is_observed_as_one_call():
    """A function whose graph takes captured eager tensors as inputs (as a branch's graph
    in a tf.function does), called eagerly while an op callback watches: run once on its
    argument and its capture, handed to the callback as one call op of both (its captures
    were fed twice: "f_0() takes 2 positional arguments but 3 were given")."""
    from eagerflow._src.function import concrete, trace_io
    from eagerflow._src.function.wrap import WrappedFunction
    from eagerflow._src.graph.ir import FuncGraph

    c = tf.constant([10.0, 20.0])
    g = FuncGraph("f", parent=None)
    g.captures_eager = g.eager_as_input = True
    with concrete.tracing_scope(g):
        x = g.placeholder((2,), tf.float32, "x", is_input=True)
        flat: list = []
        template = trace_io._output_template(g, x * c, flat, mark=False)
        g.outputs = flat
    f = WrappedFunction(g, template, "f", None, g.feed_captures())
    seen = []

    def callback(op_type, inputs, attrs, outputs, op_name=None, graph=None):
        seen.append((op_type, [t.numpy().tolist() for t in inputs], outputs[0].numpy()))

    dispatch.add_op_callback(callback)
    try:
        out = f(tf.constant([1.0, 2.0]))
    finally:
        dispatch.remove_op_callback(callback)
    assert out.numpy().tolist() == [10.0, 40.0]
    [(op_type, inputs, result)] = seen
    assert op_type == f.function_op_name and inputs == [[1.0, 2.0], [10.0, 20.0]]
    assert result.tolist() == [10.0, 40.0]

# ---------------------------------------------------------------------------------------
# The ops, on any values
# ---------------------------------------------------------------------------------------

_SPECIALS = st.sampled_from([np.inf, -np.inf, np.nan, 0.0, -0.0, 1.5, -2.5])


@st.composite
def _arrays(draw):
    dtype = draw(st.sampled_from([np.float16, np.float32, np.float64, np.int32, np.int64,
                                  np.uint8, np.bool_]))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=7, min_side=0, max_side=3))
    if np.dtype(dtype).kind == "f":
        elements = st.one_of(_SPECIALS, st.floats(-1e3, 1e3, width=16))
    elif dtype is np.bool_:
        elements = st.booleans()
    else:
        elements = st.integers(0 if dtype is np.uint8 else -100, 100)
    return draw(hnp.arrays(dtype, shape, elements=elements))


@settings(max_examples=60, deadline=None)
@given(x=_arrays(), mode=st.sampled_from([2, 3, 4, 5, 8]),
       out=st.sampled_from([tf.float32, tf.float64]), tensor_id=st.integers(-1, 99))
def test_debug_numeric_summary_counts_as_a_plain_loop(x, mode, out, tensor_id):
    got = tfdbg.debug_numeric_summary_v2(tf.constant(x), out, tensor_debug_mode=mode,
                                         tensor_id=tensor_id)
    want = tfdbg._summary_reference(x, mode, tensor_id, out)
    assert got.dtype == out
    np.testing.assert_array_equal(got.numpy(), want)


@settings(max_examples=40, deadline=None)
@given(st.lists(_SPECIALS, min_size=1, max_size=6))
def test_check_numerics_v2_names_what_it_found_in_tfs_order(values):
    x = np.array(values, np.float32)
    found = [w for w, hit in (("-Inf", np.isneginf(x).any()), ("+Inf", np.isposinf(x).any()),
                              ("NaN", np.isnan(x).any())) if hit]
    if not found:
        np.testing.assert_array_equal(tfdbg.check_numerics_v2(x, "m").numpy(), x)
        return
    words = {1: "{}", 2: "{} and {}", 3: "{}, {}, and {}"}[len(found)].format(*found)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tfdbg.check_numerics_v2(x, "m")
    device = "GPU:0" if tf.config.list_logical_devices("GPU") else "CPU:0"  # (where it ran)
    assert e.value.message == ("{{function_node __wrapped__CheckNumericsV2_device_/job:localhost/"
                               f"replica:0/task:0/device:{device}}}}} m : Tensor had {words} "
                               "values [Op:CheckNumericsV2] name: ")


# ---------------------------------------------------------------------------------------
# enable_dump_debug_info
# ---------------------------------------------------------------------------------------

def _tf_dump(summary):
    """TF's recorded summary, less what eagerflow's graphs do not have: the NoOp a TF
    function ends with (its control outputs), and frames of TF's recorder script."""
    out = json.loads(json.dumps(summary))
    out["creations"] = [c for c in out["creations"] if c["op_type"] != "NoOp"]
    return out


def _comparable(summary):
    """Frames of the cases file only (the calling test or recorder differs)."""
    out = json.loads(json.dumps(summary))
    for rows in (out["executions"], out["creations"]):
        for r in rows:
            r["user_frames"] = [f for f in r["user_frames"] if f[2] not in
                                ("case_dump_modes", "case_dump_filters")]
    return out


@pytest.mark.parametrize("mode", K.MODES)
def test_a_dump_holds_what_tf_writes(mode, tmp_path):
    with tf.device("/CPU:0"):  # (TF's golden ran on a CPU)
        got = K.case_dump_modes(tf, str(tmp_path), read_dump)[mode]
    _same(_comparable(got), _comparable(_tf_dump(GOLDEN["dump_modes"][mode])))


@pytest.mark.parametrize("case", ["op_regex", "tensor_dtypes", "circular_buffer"])
def test_dump_filters_and_the_circular_buffer_as_tf(case, tmp_path):
    with tf.device("/CPU:0"):
        got = K.case_dump_filters(tf, str(tmp_path), read_dump)[case]
    _same(_comparable(got), _comparable(_tf_dump(GOLDEN["dump_filters"][case])))


def test_a_dump_on_a_device_names_it(tmp_path):
    """On a GPU the outputs' device and the traced ops' are the GPU's, and the traced
    values come to the host (`make test` runs this file on the stand-in GPU too)."""
    if not tf.config.list_logical_devices("GPU"):
        pytest.skip("no GPU (EAGERFLOW_STANDIN_GPUS=1 gives the stand-in)")
    with tf.device("/GPU:0"):
        summary = K.case_dump_modes(tf, str(tmp_path), read_dump)["FULL_HEALTH"]
    cpu = _tf_dump(GOLDEN["dump_modes"]["FULL_HEALTH"])
    assert summary["devices"] == ["/job:localhost/replica:0/task:0/device:GPU:0"]
    assert [t["values"] for t in summary["traces"]] == [t["values"] for t in cpu["traces"]]


def test_bad_arguments_raise_tfs_errors(tmp_path):
    _same(K.case_dump_errors(tf, str(tmp_path)), GOLDEN["dump_errors"])


@pytest.mark.parametrize("root", [None, ""])
def test_a_missing_dump_root_is_refused_before_anything_is_on(root):
    with pytest.raises(ValueError, match="^Empty or None dump root$"):  # TF 2.21's words
        tf.debugging.experimental.enable_dump_debug_info(root)
    assert not dispatch._OBSERVE[0]


def test_a_dump_root_that_cannot_be_a_directory_is_refused(tmp_path):
    path = tmp_path / "a_file"
    path.write_text("x")
    with pytest.raises(ValueError, match=f"^Failed to initialize debug events writer at: "
                                         f"{path}$"):  # TF 2.21's words
        tf.debugging.experimental.enable_dump_debug_info(str(path))
    assert not dispatch._OBSERVE[0]
    assert path.read_text() == "x"


def test_the_writer_is_tfs():
    writer_cls = debug_events.DebugEventsWriter
    with pytest.raises(ValueError, match="Empty or None dump root"):
        writer_cls("", "run")
    for name in ("WriteSourceFile", "WriteStackFrameWithId", "WriteGraphOpCreation",
                 "WriteDebuggedGraph", "WriteExecution", "WriteGraphExecutionTrace",
                 "RegisterDeviceAndGetId", "FlushNonExecutionFiles", "FlushExecutionFiles",
                 "Close"):
        assert callable(getattr(writer_cls, name))


def test_writers_of_one_root_share_its_files(tmp_path):
    a = debug_events.DebugEventsWriter(str(tmp_path), "run1")
    b = debug_events.DebugEventsWriter(str(tmp_path), "run1")
    assert a.RegisterDeviceAndGetId("/device:CPU:0") == 1
    assert b.RegisterDeviceAndGetId("/device:GPU:0") == 2
    assert a.RegisterDeviceAndGetId("/device:GPU:0") == 2
    b.Close()
    files = sorted(os.listdir(tmp_path))
    assert [f.rsplit(".", 1)[1] for f in files] == sorted(debug_events.KINDS)
    graphs = [f for f in files if f.endswith(".graphs")][0]
    events = [debug_events.pb().DebugEvent.FromString(r)
              for r in tf_record_iterator(os.path.join(tmp_path, graphs))]
    assert [(e.debugged_device.device_name, e.debugged_device.device_id) for e in events] == \
        [("/device:CPU:0", 1), ("/device:GPU:0", 2)]


def test_a_dump_of_a_training_step(tmp_path):
    """A Keras model's traced train step: its graphs' ops traced with their values."""
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    model.compile("sgd", "mse")
    writer = tf.debugging.experimental.enable_dump_debug_info(
        str(tmp_path), tensor_debug_mode="FULL_TENSOR")
    model.fit(np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32), epochs=1, verbose=0)
    writer.FlushNonExecutionFiles()
    writer.FlushExecutionFiles()
    tf.debugging.experimental.disable_dump_debug_info()
    events = K.read(str(tmp_path), debug_events.pb().DebugEvent, tf_record_iterator, to_array)
    traced = {e.graph_execution_trace.op_name for e in events["graph_execution_traces"]}
    assert any("MatMul" in n for n in traced)
    assert any(e.execution.op_type.startswith("__inference_") for e in events["execution"])


def test_tfs_reader_reads_our_dump(tmp_path):
    """TF's DebugDataReader (what TensorBoard's Debugger V2 uses) over an eagerflow dump."""
    if not HAVE_TF_PYTHON:
        pytest.skip("TensorFlow (the reference) is not installed")
    root = str(tmp_path / "dump")
    with tf.device("/CPU:0"):  # (compared with TF's CPU golden)
        K.dump(tf, root, "FULL_HEALTH")
    script = (
        "import sys\n"
        "from tensorflow.python.debug.lib import debug_events_reader as R\n"
        "with R.DebugDataReader(sys.argv[1]) as r:\n"
        "    r.update()\n"
        "    ex = r.executions(digest=False)\n"
        "    print([e.op_type.rstrip('0123456789') for e in ex])\n"
        "    print([[None if v is None else list(map(float, v)) for v in e.debug_tensor_values]\n"
        "           for e in ex])\n"
        "    tr = r.graph_execution_traces()\n"
        "    print([t.op_name for t in tr])\n"
        "    print([r.graph_execution_trace_to_tensor_value(t).tolist() for t in tr])\n"
        "    print(sorted(r.graph_by_id(t.graph_id).name for t in tr[:1]))\n"
        "    print(r.read_execution_stack_trace(ex[0])[1][-1][2])\n"
        "    print(r.device_name_map())\n")
    out = subprocess.run([TF_PYTHON, "-c", script, root], capture_output=True, text=True,
                         timeout=300, env=TF_ENV)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()[-7:]
    want = GOLDEN["dump_modes"]["FULL_HEALTH"]
    assert eval(lines[0]) == ["Log", "Abs", "__inference_f_", "__inference_f_"]
    assert eval(lines[1]) == [e["values"] for e in want["executions"]]
    assert eval(lines[2]) == [t["op_name"] for t in want["traces"]]
    assert eval(lines[3]) == [t["values"] for t in want["traces"]]
    assert eval(lines[4]) == ["f"]
    assert lines[5] == "_program"
    assert eval(lines[6]) == {1: "/job:localhost/replica:0/task:0/device:CPU:0"}


def test_importing_tf_debugging_does_not_load_the_dump_machinery():
    code = ("import sys, eagerflow as tf; tf.debugging.assert_equal(1, 1); "
            "print('eagerflow._src.summary.tfdbg_dump' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.stdout.strip() == "False", out.stderr

