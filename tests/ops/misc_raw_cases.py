"""The tf.raw_ops calls tests/ops/test_misc_raw_ops.py checks against TF 2.21's answers
(recorded by tests/ops/record_misc_raw_golden.py): ScatterNdNonAliasingAdd and TF 1's
graph ops (Switch, Merge, Enter, Exit, NextIteration, LoopCond, Placeholder), each an
expression of `r` (tf.raw_ops), `tf` and `np`, run eagerly and inside tf.function."""

from __future__ import annotations

import os
import re
import tempfile
from typing import Any

import numpy as np

_S = "r.ScatterNdNonAliasingAdd"
CASES: dict[str, str] = {
    "scatter_basic": f"{_S}(input=tf.constant([1., 2, 3, 4, 5]), indices=tf.constant([[1], "
                     "[3], [1]]), updates=tf.constant([10., 20, 30]))",
    "scatter_2d": f"{_S}(input=tf.zeros([2, 3]), indices=tf.constant([[1, 0], [0, 2]], "
                  "tf.int64), updates=tf.constant([1., 5]))",
    "scatter_slices": f"{_S}(input=tf.ones([3, 2], tf.float64), indices=tf.constant([[2], "
                      "[0], [2]]), updates=tf.constant([[1., 2], [3, 4], [5, 6]], tf.float64))",
    "scatter_bool": f"{_S}(input=tf.constant([True, False, False]), indices=tf.constant([[1],"
                    " [2]]), updates=tf.constant([True, False]))",
    "scatter_int8_wraps": f"{_S}(input=tf.constant([127, 2], tf.int8), indices=tf.constant("
                          "[[0]]), updates=tf.constant([1], tf.int8))",
    "scatter_half": f"{_S}(input=tf.constant([1., 2], tf.half), indices=tf.constant([[0], "
                    "[0]]), updates=tf.constant([0.1, 0.2], tf.half))",
    "scatter_complex": f"{_S}(input=tf.zeros([2], tf.complex64), indices=tf.constant([[1]]), "
                       "updates=tf.constant([1j], tf.complex64))",
    "scatter_vector_indices": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant("
                              "[1, 2]), updates=tf.constant([1., 5]))",
    "scatter_ignore": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant([[4], "
                      "[1], [-1]]), updates=tf.constant([1., 5, 7]), bad_indices_policy="
                      "'IGNORE')",
    "scatter_error_policy": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant("
                            "[[1]]), updates=tf.constant([1.]), bad_indices_policy='ERROR')",
    "scatter_empty": f"{_S}(input=tf.zeros([0]), indices=tf.zeros([0, 1], tf.int32), "
                     "updates=tf.zeros([0]))",
    "scatter_out_of_range": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant("
                            "[[4]]), updates=tf.constant([1.]))",
    "scatter_negative": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant([[-1]])"
                        ", updates=tf.constant([1.]))",
    "scatter_bad_policy": f"{_S}(input=tf.constant([1., 2]), indices=tf.constant([[1]]), "
                          "updates=tf.constant([1.]), bad_indices_policy='bad')",
    "scatter_outer_mismatch": f"{_S}(input=tf.constant([1., 2, 3, 4]), indices=tf.constant("
                              "[[1]]), updates=tf.constant([1., 2]))",
    "scatter_inner_mismatch": f"{_S}(input=tf.zeros([2, 2]), indices=tf.constant([[1]]), "
                              "updates=tf.zeros([1, 3]))",
    "scatter_scalar_input": f"{_S}(input=tf.constant(1.), indices=tf.constant([[0]]), "
                            "updates=tf.constant([1.]))",
    "scatter_empty_input": f"{_S}(input=tf.zeros([0]), indices=tf.constant([[0]]), "
                           "updates=tf.constant([1.]))",
    "scatter_no_coordinates": f"{_S}(input=tf.constant([1., 2]), indices=tf.zeros([2, 0], "
                              "tf.int32), updates=tf.ones([2, 2]))",
    "scatter_dtype_mismatch": f"{_S}(input=tf.zeros([2]), indices=tf.constant([[0]]), "
                              "updates=tf.constant([1], tf.int32))",
    "scatter_string": f"{_S}(input=tf.constant(['a']), indices=tf.constant([[0]]), "
                      "updates=tf.constant(['b']))",
    "scatter_int16_indices": f"{_S}(input=tf.zeros([2]), indices=tf.constant([[0]], "
                             "tf.int16), updates=tf.constant([1.]))",
    "switch_true": "r.Switch(data=tf.constant([1., 2.]), pred=tf.constant(True))",
    "switch_false": "r.Switch(data=tf.constant([[1, 2]]), pred=tf.constant(False))",
    "switch_string": "r.Switch(data=tf.constant('a'), pred=True)",
    "switch_pred_vector": "r.Switch(data=tf.constant(1.), pred=tf.constant([True]))",
    "merge": "r.Merge(inputs=[tf.constant(1.), tf.constant(2.)])",
    "merge_shapes": "r.Merge(inputs=[tf.constant([1.]), tf.constant([1., 2])])",
    "merge_one": "r.Merge(inputs=[tf.constant(3)])",
    "merge_dtypes": "r.Merge(inputs=[tf.constant([1.]), tf.constant([1])])",
    "merge_none": "r.Merge(inputs=[])",
    "enter": "r.Enter(data=tf.constant(1.), frame_name='f')",
    "enter_attrs": "r.Enter(data=tf.constant([1, 2]), frame_name='f', is_constant=True, "
                   "parallel_iterations=3)",
    "next_iteration": "r.NextIteration(data=tf.constant([1, 2]))",
    "loop_cond": "r.LoopCond(input=tf.constant(True))",
    "loop_cond_int": "r.LoopCond(input=tf.constant(1))",
    "loop_cond_vector": "r.LoopCond(input=tf.constant([True, False]))",
    "placeholder": "r.Placeholder(dtype=tf.float32, shape=[2])",
    "placeholder_unknown": "r.Placeholder(dtype=tf.int32)",
    "placeholder_partial": "r.Placeholder(dtype=tf.string, shape=[None, 3])",
    "placeholder_scalar": "r.Placeholder(dtype=tf.int64, shape=[])",
}
# (eager only: TF refuses a lone Exit in a function as it runs, which eagerflow doesn't)
EAGER_ONLY: dict[str, str] = {
    "exit": "r.Exit(data=tf.constant('s'))",
}


def _core(message: str) -> str:
    """An error's message without what names where it ran: TF's function_node prefix,
    the traceback of a traced call, the [Op:...] suffix and what follows a newline."""
    if "in user code:" in message:
        message = re.split(r"\n\s*\w*Error: ", message)[-1]
    message = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", message)
    # (a function's repr, which names its address, ends TF's refusal of what it returned)
    message = message.split("; in compilation of ")[0]
    return message.split(" [Op:")[0].split("\n")[0].strip()


def outcome(tf: Any, code: str, traced: bool) -> dict:
    """What `code` gives: each output's dtype, shape and values, or the error."""
    # `region` names a file of this call's own temporary folder: a fixed /tmp path is
    # raced on (written, read, rewritten) by two test runs on one machine
    with tempfile.TemporaryDirectory(prefix="eagerflow_raw_") as folder:
        region = os.path.join(folder, "immutable_const.bin")
        return _outcome(tf, code, traced, {"tf": tf, "np": np, "r": tf.raw_ops,
                                           "region": region})


def _outcome(tf: Any, code: str, traced: bool, scope: dict) -> dict:
    def call() -> Any:
        return eval(code, scope)  # noqa: S307 (this file's own expressions)
    try:
        out = tf.function(call)() if traced else call()
    except Exception as e:  # noqa: BLE001 (an error is the answer recorded)
        return {"error": type(e).__name__, "message": _core(str(e))}
    outs = list(out) if isinstance(out, (tuple, list)) else [] if out is None else [out]
    return {"outputs": [[t.dtype.name, list(t.shape), _values(np.asarray(t.numpy()))]
                        for t in outs]}


def _values(a: np.ndarray) -> Any:
    """An output's values as JSON holds them (a complex one as [real, imag] pairs)."""
    if a.dtype.kind in "OS":
        return [bytes(v).decode() for v in a.reshape(-1)]
    if a.dtype.kind == "c":
        return [[float(z.real), float(z.imag)] for z in a.reshape(-1)]
    return a.astype(np.float64 if a.dtype.kind == "f" else a.dtype).tolist()


def all_cases() -> list:
    return [(name, code, traced) for name, code in CASES.items() for traced in (False, True)] \
        + [(name, code, False) for name, code in EAGER_ONLY.items()]


# Const's value is a TensorProto, made by each framework's make_tensor_proto
CASES.update({
    "const": "r.Const(value=tf.make_tensor_proto(np.array([1, 2], np.int32)), dtype=tf.int32)",
    "const_string": "r.Const(value=tf.make_tensor_proto(['a', 'b']), dtype=tf.string)",
    "const_scalar": "r.Const(value=tf.make_tensor_proto(2.5), dtype=tf.float32)",
    "const_mismatch": "r.Const(value=tf.make_tensor_proto(np.array([1, 2], np.int32)), "
                      "dtype=tf.float32)",
    "const_array": "r.Const(value=np.array([1, 2], np.int32), dtype=tf.int32)",
    "global_iter_id": "r.GlobalIterId()",
    "worker_heartbeat": "r.WorkerHeartbeat(request=tf.constant(''))",
})

# a token no tf.py_function / tf.numpy_function registered
CASES.update({
    f"{op}_unknown_token": f"r.{op}(input=[tf.constant(1.)], token='pyfunc_no_such', "
                           "Tout=[tf.float32])"
    for op in ("PyFunc", "PyFuncStateless", "EagerPyFunc")})

_CPU = "send_device='/cpu:0', send_device_incarnation=1, recv_device='/cpu:0'"
CASES.update({
    "immutable_const_missing": "r.ImmutableConst(dtype=tf.float32, shape=[2], "
                               "memory_region_name='/nonexistent/region')",
    "immutable_const_string": "r.ImmutableConst(dtype=tf.string, shape=[1], "
                              "memory_region_name='/nonexistent/region')",
    "fs_set_configuration": "r.FileSystemSetConfiguration(scheme='file', key='k', value='v')",
    "fs_set_configuration_ram": "r.FileSystemSetConfiguration(scheme='ram', key='k', "
                                "value='v')",
    "fs_set_configuration_unknown": "r.FileSystemSetConfiguration(scheme='s3x', key='k', "
                                    "value='v')",
    "send_bad_device": "r.Send(tensor=tf.constant(5.), tensor_name='c', send_device='bad', "
                       "send_device_incarnation=1, recv_device='/cpu:0')",
})
EAGER_ONLY.update({
    # (two Sends of one key are received in turn; a Recv of another dtype is refused)
    "send_recv": f"[r.Send(tensor=tf.constant(5.), tensor_name='q1', {_CPU}), "
                 f"r.Send(tensor=tf.constant(6.), tensor_name='q1', {_CPU}), "
                 f"r.Recv(tensor_type=tf.float32, tensor_name='q1', {_CPU}), "
                 f"r.Recv(tensor_type=tf.float32, tensor_name='q1', {_CPU})][2:]",
    "recv_type_mismatch": f"[r.Send(tensor=tf.constant(5.), tensor_name='q2', {_CPU}), "
                          f"r.Recv(tensor_type=tf.int32, tensor_name='q2', {_CPU})]",
})

# (the region a file the expression writes first; `region` is outcome's temporary path)
_REGION = "np.array([1.5, 2.5], np.float32).tofile(region)"
CASES.update({
    "immutable_const": f"[{_REGION}, r.ImmutableConst(dtype=tf.float32, shape=[2], "
                       "memory_region_name=region)][1]",
    "immutable_const_as_ints": f"[{_REGION}, r.ImmutableConst(dtype=tf.int16, shape=[2, 2], "
                               "memory_region_name=region)][1]",
})
EAGER_ONLY.update({
    "immutable_const_wrong_length": f"[{_REGION}, r.ImmutableConst(dtype=tf.float32, "
                                    "shape=[4], memory_region_name=region)][1]",
})
