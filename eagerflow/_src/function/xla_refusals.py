"""What TF's XLA refuses to compile in a tf.function(jit_compile=True), as TF words it.

Function layer, beside concrete.py, which calls `check` before a jit-compiled function
runs. eagerflow compiles no XLA (DESIGN.md): its kernels compute what XLA computes
(core/context.py: under_xla), but where TF's XLA refuses a node that TF's eager kernels
compute, a user must meet the same error. The facts are the OpDefs' (`xla_types`: the
dtypes XLA's kernel takes; `xla_refuses`: its kernel's refusal of the node's attrs).

TF compiles in two steps, and so does `check`: it first looks up an XLA kernel for every
node in the order the graph holds them (XlaCompiler's ValidateGraph: the first node
without one fails, an InvalidArgumentError naming it and where user code made it), then
compiles each node (the first kernel to refuse fails, its own error class and words
naming the node). Either ends with the function's name as XLA's compiler prints it.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.device import current_device
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.graph.creation_stack import frames
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.checks import dt_enum

# The attrs TF's function call carries into XLA's compiler, as it prints them (the two
# numbers: fingerprints of the call's default ConfigProto and executor type, as TF 2.21's
# eager context sets them)
_CALL_ATTRS = ("[_XlaMustCompile=true,config_proto=13561319589895757934,"
               "executor_type=11160318154034397263]")
# The XLA device each device type compiles for, as TF names it (XlaOpRegistry's
# compilation devices, DEVICE_CPU_XLA_JIT and DEVICE_GPU_XLA_JIT): the refusals name the
# one of the device the function runs on
_XLA_DEVICES = {"CPU": "XLA_CPU_JIT", "GPU": "XLA_GPU_JIT"}
_DUMP = ("Run with TF_DUMP_GRAPH_PREFIX=/path/to/dump/dir and --vmodule=xla_compiler=2 to "
         "obtain a dump of the compiled functions.")


def check(graph: Any, function_op: str) -> None:
    """Raises TF's error where XLA refuses a node of `graph`, the graph of the function TF
    calls `function_op` (__inference_f_N)."""
    ops = getattr(graph, "operations", ())
    device = _XLA_DEVICES[current_device().device_type]
    for node in ops:
        reason = _no_kernel(node, device)
        if reason is not None:
            raise _unsupported(node, reason, function_op, device)
    for node in ops:
        refuses = node.op.xla_refuses
        refusal = None if refuses is None else refuses(node.attrs)
        if refusal is not None:
            cls, message = refusal
            raise cls(None, None, f"{message}\n\t [[{{{{node {node.name}}}}}]]\n\t"
                                  f"{_converting(function_op)} [Op:{function_op}]")


def _no_kernel(node: Any, device: str) -> str | None:
    """The kernel lookup's words where XLA (on `device`) has no kernel for `node`, or
    None."""
    types = node.op.xla_types
    if types is None or node.outputs and node.outputs[0].dtype.name in types:
        return None
    text = (f"No registered '{node.type}' OpKernel for {device} devices compatible with "
            f"node {{{{node {node.name}}}}}")
    if types:  # (a kernel of other types)
        text += ("\n\t (OpKernel was found, but attributes didn't match) Requested "
                 f"Attributes: {_requested(node)}")
    return text


def _unsupported(node: Any, reason: str, function_op: str, device: str) -> InvalidArgumentError:
    # (TF lists every frame of the node's creation stack, each file without its leading
    # slash, under the node's tag)
    where = "".join(f'\nFile "{name.lstrip("/")}", line {line}, in {fn}'
                    for name, line, fn in frames(node.origin))
    return InvalidArgumentError(
        None, None, f"Detected unsupported operations when trying to compile graph "
                    f"{function_op}{_CALL_ATTRS} on {device}: {node.type} ({reason})"
                    f"{{{{node {node.name}}}}}\nThe op is created at: {where}\n\t"
                    f"{_converting(function_op)} [Op:{function_op}]")


def _converting(function_op: str) -> str:
    return f"tf2xla conversion failed while converting {function_op}{_CALL_ATTRS}. {_DUMP}"


def _requested(node: Any) -> str:
    """The node's attrs as TF's kernel lookup prints them: each attr of TF's definition
    of the op, by name, a type attr unset here being output 0's dtype."""
    defs = tf_op_defs.attr_defs(node.type)
    return ", ".join(f"{name}={_value(defs[name][0], node.attrs.get(name), node)}"
                     for name in sorted(defs))


def _value(kind: str, value: Any, node: Any) -> str:
    if kind == "type":
        return dt_enum(value if value is not None else node.outputs[0].dtype)
    if kind == "string":
        return f'"{value}"'
    if kind == "bool":
        return "true" if value else "false"
    if kind.startswith("list("):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
