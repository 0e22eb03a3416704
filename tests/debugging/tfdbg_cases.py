"""tfdbg v2 programs run the same way under TensorFlow (record_tfdbg_golden.py) and
eagerflow (test_tfdbg.py): what enable_check_numerics raises, and what
enable_dump_debug_info writes, summarised as JSON.

Each `case_*(tf, tmp)` returns JSON data. A dump is summarised from its files with the
DebugEvent class and TFRecord reader of the framework that reads it (`read`).
"""

from __future__ import annotations

import glob
import os
import re
import threading

import numpy as np

MODES = ("NO_TENSOR", "CURT_HEALTH", "CONCISE_HEALTH", "FULL_HEALTH", "SHAPE", "FULL_TENSOR")
STACK_HEAD = "  Stack trace of op's creation"


def _error(fn):
    """(class name, message) of what `fn()` raises, or ("ok", its value)."""
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 (the class is the result)
        # (TF's eager wrapper around an op's message: eagerflow's messages have none)
        text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", getattr(e, "message", str(e)))
        return [type(e).__name__, re.sub(r" name: $", "", text)]
    return ["ok", np.asarray(out).tolist() if out is not None else None]


def _graph_message(message: str) -> dict:
    """A graph op's report split where the stack of its creation starts: the frames are
    the framework's own code, so only the user's frames are compared (the ones after "->")."""
    head, _, rest = message.partition(STACK_HEAD)
    # (where the checkout lives is not part of the report)
    head = re.sub(r'File "([^"]*)"', lambda m: f'File "{os.path.basename(m.group(1))}"', head)
    frames = re.findall(r"    \+ (.*) \(L(\d+)\) (\S+)\n( -> |    )\|", rest)
    user = [[os.path.basename(f), int(line), fn] for f, line, fn, mark in frames
            if mark == " -> "]
    tail = rest[rest.rindex("\n\n"):] if "\n\n" in rest else rest
    return {"head": head, "user_frames": user, "tail": tail}


def case_check_numerics_eager(tf, tmp):
    """Eager ops whose float outputs hold Inf or NaN, and ops the check leaves alone."""
    tf.debugging.enable_check_numerics()
    try:
        out = {
            "log": _error(lambda: tf.math.log(tf.constant([0.0, -1.0, 2.0]))),
            "div": _error(lambda: tf.constant([1.0, 0.0]) / tf.constant([0.0, 0.0])),
            "sqrt_2d": _error(lambda: tf.math.sqrt(
                tf.constant(np.array([[0.0, -1.0], [4.0, 3.0]])))),
            "exp_half": _error(lambda: tf.exp(tf.constant([1.0, 100.0], tf.float16))),
            "two_outputs": _error(lambda: tf.nn.softmax_cross_entropy_with_logits(
                [[0.0, 1.0]], [[np.inf, 1.0]])),
            "log_softmax": _error(lambda: tf.nn.log_softmax(tf.constant([np.inf, 1.0]))),
            "reshape_is_safe": _error(lambda: tf.reshape(tf.constant([np.nan, 1.0]), [2, 1])),
            "ints_unchecked": _error(lambda: tf.constant([1, 2]) // tf.constant([1, 1])),
            "finite": _error(lambda: tf.math.log(tf.constant([1.0, 2.0]))),
        }
    finally:
        tf.debugging.disable_check_numerics()
    out["after_disable"] = _error(lambda: tf.math.log(tf.constant([0.0])))
    return out


def case_check_numerics_graph(tf, tmp):
    """An op inside a tf.function: the report names the graph, the input and where the
    op was made; a clean call of the same function passes."""
    tf.debugging.enable_check_numerics()
    try:
        @tf.function
        def f(x):
            a = x * 2.0
            b = tf.math.log(a)
            return b + 1.0

        ok = _error(lambda: f(tf.constant([1.0, 2.0])))
        bad = _error(lambda: f(tf.constant([0.0, -1.0])))
    finally:
        tf.debugging.disable_check_numerics()
    if bad[0] != "ok":
        bad[1] = _graph_message(bad[1])
    return {"ok": ok, "bad": bad}


def case_check_numerics_thread(tf, tmp):
    """The check is per thread, as TF's op callbacks."""
    results = {}

    def other():
        results["other_thread"] = _error(lambda: tf.math.log(tf.constant([0.0])))

    tf.debugging.enable_check_numerics()
    try:
        t = threading.Thread(target=other)
        t.start()
        t.join()
        results["this_thread"] = _error(lambda: tf.math.log(tf.constant([0.0])))[0]
    finally:
        tf.debugging.disable_check_numerics()
    results["other_thread"] = results["other_thread"][0]
    return results


def case_check_numerics_variables(tf, tmp):
    """A tf.function reading a variable: its read is probed under the name of the op
    that reads it (MatMul/ReadVariableOp/...) before that op runs; a function traced
    before the check was on, called eagerly: reported as one op whose inputs are its
    arguments then its captures (the variable's handle, a captured constant)."""
    w = tf.Variable([[1.0], [-1.0]])
    c = tf.constant([3.0])

    @tf.function
    def before(x):
        return tf.math.log(tf.matmul(x, w) * c)

    before(tf.constant([[2.0, 1.0]]))
    tf.debugging.enable_check_numerics()
    try:
        @tf.function
        def after(x):
            return tf.matmul(x, w) * 2.0

        graph = after.get_concrete_function(tf.TensorSpec([None, 2])).graph
        ops = [[op.name, op.type] for op in graph.get_operations()]
        ok = _error(lambda: after(tf.constant([[1.0, 2.0]])))
        bad = _error(lambda: after(tf.constant([[np.inf, 1.0]])))
        try:
            before(tf.constant([[1.0, 1.0]]))
            eager = ["ok"]
        except Exception as e:  # noqa: BLE001 (the class is the result)
            # (the function's number and the handle's text are TF's own; the message as
            # str() gives it: the eager op's prefix and " name: " are TF's too)
            text = re.sub(r"__inference_before_\d+", "__inference_before_N", str(e))
            eager = [type(e).__name__, re.sub(r"<ResourceHandle\(.*\)>", "<ResourceHandle>",
                                              text)]
    finally:
        tf.debugging.disable_check_numerics()
    if bad[0] != "ok":
        bad[1] = [re.sub(r"__inference_after_\d+", "__inference_after_N", ln)
                  for ln in bad[1].split("\n") if ln.startswith(("!!!", "  Input", "\t"))]
    return {"ops": ops, "ok": ok, "bad": bad, "eager": eager}


def _program(tf):
    """What the dumps record: eager ops (float and int), a tf.function called twice."""
    x = tf.constant([1.0, -2.0, 0.0])
    tf.math.log(x)
    tf.abs(tf.constant([1, -2]))

    @tf.function
    def f(a):
        return tf.sqrt(a) * 2.0 + 1.0

    f(x)
    f(tf.constant([4.0, 9.0, 16.0]))


def dump(tf, root, mode, circular_buffer_size=1000, **kwargs):
    writer = tf.debugging.experimental.enable_dump_debug_info(
        root, tensor_debug_mode=mode, circular_buffer_size=circular_buffer_size, **kwargs)
    try:
        _program(tf)
        writer.FlushNonExecutionFiles()
        writer.FlushExecutionFiles()
    finally:
        tf.debugging.experimental.disable_dump_debug_info()


def read(root, event_class, records, to_array):
    """{file kind: [DebugEvent, ...]} of the dump under `root`."""
    out = {}
    for path in glob.glob(os.path.join(root, "tfdbg_events.*")):
        kind = path.rsplit(".", 1)[1]
        out[kind] = [event_class.FromString(r) for r in records(path)]
    return out


def summarize(events, to_array, case_file):
    """What the two frameworks' dumps of the same program should share."""
    mode_names = {i: m for i, m in enumerate(
        ("UNSPECIFIED",) + MODES[:5] + ("FULL_NUMERICS", "FULL_TENSOR"))}

    def values(tp):
        a = to_array(tp)
        return None if a is None else a.tolist()

    frames = {e.stack_frame_with_id.id: e.stack_frame_with_id.file_line_col
              for e in events["stack_frames"]}
    files = [e.source_file.file_path for e in events["source_files"]]

    def user_frames(location):
        return [[os.path.basename(files[frames[i].file_index]), frames[i].line, frames[i].func]
                for i in location.stack_frame_ids
                if os.path.basename(files[frames[i].file_index]) == case_file]

    graphs = {e.debugged_graph.graph_id: e.debugged_graph for e in events["graphs"]
              if e.WhichOneof("what") == "debugged_graph"}

    def graph_name(gid):
        return graphs[gid].graph_name if gid in graphs else None

    executions = [{
        "op_type": re.sub(r"_\d+$", "", e.execution.op_type),
        "num_outputs": e.execution.num_outputs,
        "graph": graph_name(e.execution.graph_id) if e.execution.graph_id else None,
        "inputs": len(e.execution.input_tensor_ids),
        "outputs": len(e.execution.output_tensor_ids),
        "devices": len(e.execution.output_tensor_device_ids),
        "mode": mode_names[e.execution.tensor_debug_mode],
        "values": [values(tp) for tp in e.execution.tensor_protos],
        "user_frames": user_frames(e.execution.code_location),
    } for e in events["execution"]]
    creations = [{
        "op_type": c.op_type, "op_name": c.op_name, "graph_name": c.graph_name,
        "inputs": list(c.input_names), "num_outputs": c.num_outputs,
        "tensor_ids": list(c.output_tensor_ids),
        "user_frames": user_frames(c.code_location),
    } for c in (e.graph_op_creation for e in events["graphs"]
                if e.WhichOneof("what") == "graph_op_creation")]
    traces = [{
        "op_name": t.op_name, "slot": t.output_slot, "mode": mode_names[t.tensor_debug_mode],
        "graph": graph_name(t.tfdbg_context_id),
        "values": values(t.tensor_proto) if t.HasField("tensor_proto") else None,
    } for t in (e.graph_execution_trace for e in events["graph_execution_traces"])]
    outer = {g.graph_name: (graphs[g.outer_context_id].graph_name
                            if g.outer_context_id in graphs else None)
             for g in graphs.values()}
    meta = events["metadata"][0].debug_metadata
    return {
        "kinds": sorted(events), "file_version": meta.file_version,
        "run_id_length": len(meta.tfdbg_run_id),
        "devices": [e.debugged_device.device_name for e in events["graphs"]
                    if e.WhichOneof("what") == "debugged_device"],
        "graphs": outer, "executions": executions, "creations": creations,
        "traces": traces,
        "case_file_read": any(os.path.basename(f) == case_file and e.source_file.lines
                              for f, e in zip(files, events["source_files"])),
    }


def case_dump_modes(tf, tmp, read_dump):
    """The same program dumped in each tensor debug mode."""
    out = {}
    for mode in MODES:
        root = os.path.join(tmp, mode)
        dump(tf, root, mode)
        out[mode] = read_dump(root)
    return out


def case_dump_filters(tf, tmp, read_dump):
    """op_regex and tensor_dtypes narrow what is dumped; a small circular buffer keeps
    the last executions only."""
    out = {}
    root = os.path.join(tmp, "regex")
    dump(tf, root, "FULL_HEALTH", op_regex="^(Sqrt|Log)$")
    out["op_regex"] = read_dump(root)
    root = os.path.join(tmp, "dtypes")
    dump(tf, root, "SHAPE", tensor_dtypes=[tf.int32])
    out["tensor_dtypes"] = read_dump(root)
    root = os.path.join(tmp, "buffer")
    dump(tf, root, "NO_TENSOR", circular_buffer_size=2)
    out["circular_buffer"] = read_dump(root)
    return out


def case_dump_errors(tf, tmp):
    """enable_dump_debug_info's checks of its arguments."""
    root = os.path.join(tmp, "errors")
    out = {
        "bad_mode": _error(lambda: tf.debugging.experimental.enable_dump_debug_info(
            root, tensor_debug_mode="NOPE")),
        "unsupported_mode": _error(lambda: tf.debugging.experimental.enable_dump_debug_info(
            root, tensor_debug_mode="FULL_NUMERICS")),
        "bad_dtypes": _error(lambda: tf.debugging.experimental.enable_dump_debug_info(
            root, tensor_dtypes=3)),
    }
    tf.debugging.experimental.enable_dump_debug_info(root, tensor_debug_mode="NO_TENSOR")
    try:
        out["other_buffer"] = _error(lambda: tf.debugging.experimental.enable_dump_debug_info(
            root, tensor_debug_mode="NO_TENSOR", circular_buffer_size=5))
        out["other_mode"] = _error(lambda: tf.debugging.experimental.enable_dump_debug_info(
            root, tensor_debug_mode="FULL_HEALTH"))
    finally:
        tf.debugging.experimental.disable_dump_debug_info()
    out["disable_twice"] = _error(tf.debugging.experimental.disable_dump_debug_info)
    for key in ("bad_mode", "unsupported_mode", "bad_dtypes", "other_buffer", "other_mode"):
        out[key][1] = out[key][1].replace(root, "<root>")
    return out


CASES = ("check_numerics_eager", "check_numerics_graph", "check_numerics_thread",
         "check_numerics_variables",
         "dump_modes", "dump_filters", "dump_errors")
DUMP_CASES = ("dump_modes", "dump_filters")
