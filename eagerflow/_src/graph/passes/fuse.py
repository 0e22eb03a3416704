"""Kernel fusion: a Conv2D -> BiasAdd (-> Relu) chain becomes one _FusedConv2D, a ReluGrad
-> BiasAddGrad pair one _ReluGradBiasAddGrad, and a MaxPool whose gradient is in the
graph keeps its argmax for it.

Applies where the chain is NHWC float32/float64 and its intermediate results have no
other reader (not another op, not a graph output such as a value saved for the
gradient): then the fused kernel computes exactly what the three kernels computed,
two passes over the activation fewer (see ops/nn_fused.py). The chain's last node is
rewritten in place, so its output tensor, and every use of it, stays; dce removes
the two nodes left without uses.

A ReluGrad whose result a channels-last BiasAddGrad reads becomes
_ReluGradBiasAddGrad, which computes both (the BiasAddGrad's output moves to its
second output; other readers of the ReluGrad's result read its first). Where that op's
gradient input is a broadcast read by nothing else (a global average pooling's
gradient: a BroadcastToShapeOf, or TF's Tile of size-1 dims, divided by the count after
it for a Mean), it reads the small tensor before the broadcast instead, divided first:
the full-size copy is never made (see ops/nn_fused.py).

A MaxPool read by a MaxPoolGrad of the same input and output (a training step) becomes
_MaxPoolKeepArgmax: the same values, and the gradient kernel scatters from the argmax
the forward kept instead of searching the windows again (see ops/windows.py).

A _FusedAdam (Keras's Adam step of one variable) whose step only an AssignSubVariableOp
of a variable reads becomes _FusedAdamApply, which also reads the variable (a
ReadVariableOp put just before it) and subtracts the step, and the assignment becomes
AssignVariableOp of that value: one launch per variable fewer on a device. Only where
nothing else in the graph writes the variable, so the read sees what the subtraction
would have. A mixed precision gradient's cast to float32 that only the update reads is
folded into it too (the kernel reads the half gradient as float32): one launch fewer.
"""

from __future__ import annotations

from eagerflow._src.core import dtypes as dt
from eagerflow._src.graph.ir import ASSIGN, READ_VAR, Graph, Operation
from eagerflow._src.graph.passes.common import readers, rewire, uses
from eagerflow._src.graph.passes.dce import dce
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops import nn_fused
from eagerflow._src.ops.broadcast_grads import BROADCAST_LIKE
from eagerflow._src.ops.math import REALDIV
from eagerflow._src.ops.math_base import CAST
from eagerflow._src.ops.nn import BIAS_ADD, BIAS_ADD_GRAD, RELU, RELU_GRAD
from eagerflow._src.ops.nn_conv import CONV2D
from eagerflow._src.ops.nn_pool import MAX_POOL, MAX_POOL_GRAD_ALONE, MAX_POOL_KEEP
from eagerflow._src.ops.tiling import TILE


def _producer(x: object, op: object) -> Operation | None:
    if type(x) is SymbolicTensor and x._op.op is op:
        return x._op
    return None


def _fusable(conv: Operation, bias_add: Operation) -> bool:
    x, w = conv.inputs
    b = bias_add.inputs[1]
    return (conv.attrs.get("data_format") == "NHWC"
            and bias_add.attrs.get("data_format") == "NHWC"
            and all(getattr(t, "_dtype", None) in nn_fused.TYPES for t in (x, w, b)))


def fuse_conv(graph: Graph) -> Graph:
    n_uses = uses(graph)
    consumers = readers(graph)
    for node in graph.operations:
        if node.op is not BIAS_ADD:
            continue
        conv = _producer(node.inputs[0], CONV2D)
        if conv is None or n_uses.get(id(conv.outputs[0])) != 1 or not _fusable(conv, node):
            continue
        target, fused = node, ("BiasAdd",)
        after = consumers.get(id(node.outputs[0]), [])
        if n_uses.get(id(node.outputs[0])) == 1 and len(after) == 1 and after[0].op is RELU:
            target, fused = after[0], ("BiasAdd", "Relu")
        target.op = nn_fused.FUSED_CONV2D
        target.inputs = (conv.inputs[0], conv.inputs[1], node.inputs[1])
        target.attrs = dict(nn_fused._conv_attrs(conv.attrs), fused_ops=fused)
    return dce(graph)


def keep_pool_argmax(graph: Graph) -> Graph:
    pairs = {(id(n.inputs[0]), id(n.inputs[1])) for n in graph.operations
             if n.op is MAX_POOL_GRAD_ALONE}
    for node in graph.operations:
        if node.op is MAX_POOL and (id(node.inputs[0]), id(node.outputs[0])) in pairs:
            node.op = MAX_POOL_KEEP
    return graph


def fuse_relu_grad(graph: Graph) -> Graph:
    n_uses = uses(graph)
    consumers = readers(graph)
    moved: dict = {}
    for node in graph.operations:
        if node.op is RELU_GRAD and node.outputs[0]._dtype in nn_fused.TYPES:
            bias_grad = next((r for r in consumers.get(id(node.outputs[0]), ())
                              if r.op is BIAS_ADD_GRAD and r.attrs["data_format"] == "NHWC"),
                             None)
            if bias_grad is not None:
                db = bias_grad.outputs[0]
                node.op = nn_fused.RELU_GRAD_BIAS_GRAD
                node.outputs = (node.outputs[0], SymbolicTensor(node, 1, db._shape, db._dtype))
                moved[id(db)] = node.outputs[1]
        if node.op is nn_fused.RELU_GRAD_BIAS_GRAD:
            y = node.inputs[1]
            small = _broadcast_source(node.inputs[0], y, n_uses) if _known(y) else None
            if small is not None:
                node.inputs = (small, y)
    rewire(graph, moved)
    return dce(graph)


def fuse_adam_apply(graph: Graph) -> Graph:
    n_uses = uses(graph)
    writers: dict = {}  # id(variable) -> the nodes, but its reads, that take it
    for node in graph.operations:
        if node.op is not READ_VAR:
            for x in (*node.inputs, node.attrs.get("var")):
                if type(x) is not SymbolicTensor and x is not None:
                    writers.setdefault(id(x), []).append(node)
    assigns = {}  # id(_FusedAdam) -> the AssignSubVariableOp of its step
    for node in graph.operations:
        if node.op is ASSIGN["sub"]:
            adam = _adam_applied(node, n_uses, writers)
            if adam is not None:
                assigns[id(adam)] = node
    ops = []
    for node in graph.operations:
        assign = assigns.get(id(node))
        if assign is not None:  # the variable read just before the update
            var = assign.attrs["var"]
            read = Operation(graph, READ_VAR, (var,), {}, f"{node.name}/ReadVariableOp")
            read.outputs = (SymbolicTensor(read, 0, node.outputs[2]._shape,
                                           node.outputs[2]._dtype),)
            ops.append(read)
            node.op = nn_fused.FUSED_ADAM_APPLY
            node.inputs = (*node.inputs[:2], _uncast_gradient(node.inputs[2], n_uses),
                           *node.inputs[3:], read.outputs[0])
            assign.op = ASSIGN["set"]
        ops.append(node)
    graph.operations[:] = ops
    return graph


def _uncast_gradient(g: SymbolicTensor, n_uses: dict) -> SymbolicTensor:
    """A float32 gradient cast from float16 or bfloat16 (mixed precision) and read by
    nothing else: the half tensor, which _FusedAdamApply reads as float32 itself (the
    same values: the cast is exact). Else `g`."""
    cast = _producer(g, CAST)
    if cast is not None and n_uses.get(id(g)) == 1 and g._dtype is dt.float32 and \
            cast.inputs[0]._dtype in (dt.float16, dt.bfloat16):
        return cast.inputs[0]
    return g


def _adam_applied(assign: Operation, n_uses: dict, writers: dict) -> Operation | None:
    """The _FusedAdam whose step `assign` (an AssignSubVariableOp) alone reads, of the
    variable's dtype and shape, where nothing else writes the variable; else None."""
    (step,), var = assign.inputs, assign.attrs["var"]
    adam = _producer(step, nn_fused.FUSED_ADAM)
    if (adam is None or step._index != 2 or n_uses.get(id(step)) != 1
            or type(var) is SymbolicTensor or len(writers.get(id(var), ())) != 1):
        return None
    shape = getattr(var, "shape", None)
    if (dt.as_dtype(var.dtype) != step._dtype or step._shape is None or shape is None
            or tuple(shape) != tuple(step._shape)):
        return None
    return adam


def _broadcast_source(g: SymbolicTensor, y: SymbolicTensor, n_uses: dict) -> object | None:
    """The tensor of y's rank, 1 where y's dims are broadcast, whose broadcast to y's shape
    `g` is, where nothing else reads the broadcast: a BroadcastToShapeOf's input; a Tile's
    that only repeats size-1 dims (TF's Sum gradient); for RealDiv(such a Tile, a scalar)
    (TF's Mean gradient), that RealDiv, made to divide the small tensor instead (the
    same values, divided before they are repeated). None otherwise."""
    if n_uses.get(id(g)) != 1:
        return None
    div = _producer(g, REALDIV)
    if div is not None:
        tiled, count = div.inputs
        tile = _producer(tiled, TILE)
        if tile is None or count._shape != () or n_uses.get(id(tiled)) != 1:
            return None
    else:
        tile = _producer(g, TILE) or _producer(g, BROADCAST_LIKE)
        if tile is None:
            return None
    small = tile.inputs[0]
    if tile.outputs[0]._shape != y._shape or not _known(small) or \
            len(small._shape) != len(y._shape) or \
            any(s not in (1, d) for s, d in zip(small._shape, y._shape)):
        return None
    if tile.op is TILE and len(tile.inputs) != 1:  # (runtime multiples: not checked here)
        return None
    if div is None:
        return small
    div.inputs = (small, count)  # (its output keeps its tensor, now of the small shape)
    div.outputs[0]._shape = small._shape
    return div.outputs[0]


def _known(t: object) -> bool:
    shape = getattr(t, "_shape", None)
    return shape is not None and None not in shape
