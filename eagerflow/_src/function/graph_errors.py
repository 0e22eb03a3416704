"""The wording of an op's error raised while a tf.function runs, as TF words it.

Function layer, beside concrete.py. In TF an op that fails inside a called function
reports the function's execution, not the op's eager call: the message starts
"Graph execution error:" and says which node failed and where user code defined it (or,
for a lambda, starts `{{function_node __inference_f_N}}`), then the op's own message,
then `[[{{node NAME}}]]` and the function's op name `[Op:__inference_f_N]` instead of the
op's. Every user frame of the node's creation is listed, outermost first, as TF lists
them. The error keeps its class (what user code
catches) and is the same exception object, so its traceback is kept. The failing node is
found from the generated code's line (codegen.node_at).
"""

from __future__ import annotations

import re
import traceback
from typing import Any

from eagerflow._src.core.errors import InvalidArgumentError, OpError, c_text
from eagerflow._src.graph import codegen
from eagerflow._src.graph.creation_stack import IMPORTED
from eagerflow._src.graph.ir import frame_lines
from eagerflow._src.ops import eager_errors

_HEAD = "Graph execution error:"
_EAGER_SUFFIX = re.compile(r" \[Op:[^\]]*\]( name: \S*)?$")


def failed_node(e: BaseException) -> str | None:
    """The node where `e` was raised (the innermost one), if any: from the generated code's
    line (NumPy's code on the CPU, a device program's on a GPU), or the node a Session's
    interpreter was running on a GPU; a fused kernel's refusal names the group's node that
    fails, fusion.launch's `_fused_node`)."""
    found = getattr(e, "_graph_node", None)
    for frame, lineno in traceback.walk_tb(e.__traceback__):
        name = codegen.node_at(frame.f_code, lineno)
        if name is not None:
            found = name
    return getattr(e, "_fused_node", None) or found


_NUMPY_BROADCAST = re.compile(r"operands could not be broadcast together with shapes "
                              r"((?:\([\d, ]*\),? ?)+)")


def broadcast_error(e: ValueError, node: str | None = None, graph: Any = None,
                    op_type: str | None = None) -> InvalidArgumentError | None:
    """NumPy's (or CuPy's) refusal to broadcast the operands of `node` (by default the
    generated code's node that raised `e`), whose shapes were unknown when traced, as TF's
    kernel words it: "Incompatible shapes: [4,2] vs. [3,2]", or SelectV2's own words (its
    type `op_type`, or looked up in `graph`); None for any other error."""
    node = node or failed_node(e)
    m = _NUMPY_BROADCAST.match(str(e))
    if node is None or m is None:
        return None
    shapes = ["[" + ",".join(d for d in dims.replace(" ", "").split(",") if d) + "]"
              for dims in re.findall(r"\(([\d, ]*)\)", m.group(1))]
    if op_type is None and graph is not None:
        op_type = getattr(_find(graph, node)[0], "type", None)
    if op_type == "SelectV2" and len(shapes) == 3:
        text = (f"condition {shapes[0]}, then {shapes[1]}, and else {shapes[2]} must be "
                "broadcastable")
    else:
        text = "Incompatible shapes: " + " vs. ".join(shapes)
    error = InvalidArgumentError(None, None, text)
    error._graph_node = node  # (failed_node's answer: this error is raised outside the code)
    return error


def _input_named(body: str, op: Any) -> str:
    """The op's message with the word its kernel calls its first input replaced by the
    name the node's input has in the graph, as TF's kernel names it ("x", "split:1")."""
    x = op.inputs[0]
    producer = getattr(x, "_op", None)
    if producer is None:
        return body
    name = producer.name if x._index == 0 else f"{producer.name}:{x._index}"
    return body.replace(f" {op.op.input_named} ", f" {name} ", 1)


def _find(graph: Any, node: str) -> tuple:
    """(operation, the node's own name, the functions it sits in) for `node` of `graph`, a
    name the inlining pass gave a called function's node ("PartitionedCall/GatherV2")
    looked up in that function's graph, as TF reports it."""
    ops = {op.name: op for op in getattr(graph, "operations", ())}
    if node in ops:
        return ops[node], node, []
    found = _in_branches(graph, node)
    if found is not None:  # a cond's or loop's node: named as its own ("while/Reshape")
        return found[0], node, []
    head, _, rest = node.partition("/")
    fn = getattr(getattr(ops.get(head), "op", None), "fn", None)
    if rest and fn is None and head in ops:  # a node of a function a cond's branch calls
        for sub in getattr(ops[head].op, "subgraphs", None) or ():
            found = _in_called(getattr(sub, "graph", None), node)
            if found is not None:
                return found
    if not rest or fn is None:
        return None, node, []
    op, name, inner = _find(fn.graph, rest)
    return op, name, [fn.function_op_name] + inner


def node_words(graph: Any, node: str) -> str:
    """`{{node NAME}}` for `node`, a failing node of a tf.data function's `graph`, as TF's
    runtime words it: by its full name (name scopes and a cond's or loop's name included),
    a called function's node by its name there; a cond branch's or loop body's node tagged
    with that function, whatever function ran it (a tf.function tags only a lambda's)."""
    _, name, inner = _find(graph, node)
    if inner:
        return f"{{{{node {name}}}}}"
    return f"{_branch_tag(graph, node, '<lambda>')}{{{{node {node}}}}}"


def _in_called(graph: Any, node: str) -> tuple | None:
    """_find's answer for `node` in a function that an op of a branch `graph` calls (the
    branch's ops are named under its cond's: "cond/StatefulPartitionedCall/Assert")."""
    for op in getattr(graph, "operations", ()):
        fn = getattr(op.op, "fn", None)
        if fn is not None and node.startswith(op.name + "/"):
            found, name, inner = _find(fn.graph, node[len(op.name) + 1:])
            if found is not None:
                return found, name, [fn.function_op_name] + inner
    return None


def _in_branches(graph: Any, node: str) -> tuple | None:
    """(the operation, the name of its branch's or body's function) for `node` of a branch
    or body graph of `graph`'s conds and loops (nested ones too), if any: TF reports it by
    its own name, tagged with that function ("cond_false_3") only where a lambda ran it."""
    for op in getattr(graph, "operations", ()):
        for sub in getattr(op.op, "subgraphs", None) or ():
            g = getattr(sub, "graph", None)
            for inner in getattr(g, "operations", ()):
                if inner.name == node:
                    return inner, g.name
            found = _in_branches(g, node)
            if found is not None:
                return found
    return None


def _branch_tag(graph: Any, node: str, function_op: str) -> str:
    """`{{function_node cond_false_3}}` where a lambda's node failed in a cond's branch (or
    a loop's body), as TF tags the branch's function there; "" otherwise."""
    if "<lambda>" not in function_op:
        return ""
    found = _in_branches(graph, node)
    return "" if found is None else f"{{{{function_node {found[1]}}}}}"


def reword(e: OpError, function_op: str, graph: Any) -> None:
    """Rewords `e` in place as TF's error of the function `function_op` (__inference_f_N)
    that ran the failing node; an error already worded so (a nested function's) stays."""
    if e.message.startswith("{{function_node __wrapped__"):
        # an op that ran eagerly inside the function: TF words the node, not the eager op
        eager_errors.plain(e)
    message = e.message
    if message.startswith((_HEAD, "{{function_node ")):
        return
    node = failed_node(e)
    if node is None:  # raised outside the generated code (an argument check, a host copy)
        return
    # (TF's runtime trims the op's message: tfdbg's numerics report opens with blank lines)
    body = _EAGER_SUFFIX.sub("", message).lstrip("\n")
    if "\0" in body:  # (TF's status reaches Python as a C string: it ends at a NUL, a file
        # name's, and with it the node's tag that "Detected at node" is read from)
        e._message = f"{_HEAD}\n\n{body[:body.index(chr(0))]} [Op:{function_op}]"
        e.args = (e._message,) + e.args[1:]
        return
    refused = eager_errors.no_kernel_at(body, node)
    if refused is not None:
        e._message = f"{refused} [Op:{function_op}]"
        e.args = (e._message,) + e.args[1:]
        return
    op, name, inner = _find(graph, node)
    if op is not None and op.op.input_named and op.inputs:
        body = _input_named(body, op)
    origin = None if op is None else op.origin
    unavailable = origin is IMPORTED
    if inner:  # a called function's node: named within it, as TF names it
        tags = "".join(f"{{{{function_node {f}}}}}" for f in inner if "<lambda>" in f)
        tail = f"\n\t [[{tags}{{{{node {name}}}}}]] [Op:{function_op}]"
        if tags:  # (TF keeps no definition site for a lambda's nodes)
            e._message = (f"{_HEAD}\n\nDetected at node {name} defined at (most recent call "
                          f"last):\n<stack traces unavailable>\n{body}{tail}")
            e.args = (e._message,) + e.args[1:]
            return
        node = name
    elif body.endswith(f"{{{{node {node}}}}}"):  # (the executor's error names its node)
        tail = f" [Op:{function_op}]"
    else:
        tail = f"\n\t [[{_branch_tag(graph, node, function_op)}{{{{node {node}}}}}]] " \
               f"[Op:{function_op}]"
    if unavailable:
        e._message = (f"{_HEAD}\n\nDetected at node {node} defined at (most recent call "
                      f"last):\n<stack traces unavailable>\n{body}{tail}")
    elif not origin or "<lambda>" in function_op:
        # (TF knows no definition site for a lambda's nodes: the function's name leads)
        e._message = f"{{{{function_node {function_op}}}}} {body}{tail}"
    else:
        where = "".join(line + "\n\n" for line in frame_lines(origin, "  "))
        e._message = (f"{_HEAD}\n\nDetected at node {node} defined at (most recent call "
                      f"last):\n{where}{body}{tail}")
    e.args = (c_text(e._message),) + e.args[1:]
