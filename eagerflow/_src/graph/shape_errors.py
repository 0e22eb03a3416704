"""TF's text for a shape error found while tracing (graph/ir.py's add_op raises it).

TF's shape functions refuse a node with a ValueError that names the node as its GraphDef
holds it: "Dimensions must be equal, but are 2 and 3 for '{{node add}} = AddV2[T=DT_FLOAT]
(x, y)' with input shapes: [2], [3]." The node is named as the graph names it (as TF's
Python API does: `x + y` makes "add", tf.concat "concat"), its attrs are TF's, sorted, and
its inputs are the producing nodes' names ("split:1" for a second output). Concat, reshape
and Split take their axis, shape and split_dim as input tensors in TF: those appear as
inputs ("concat/axis"), and the values the shape function read are listed after the shapes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import shape_str
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops.checks import dt_enum, known
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.slicing import spec_vectors

# TF's BoostedTrees ops, loaded on first use (their shape checks, their nodes' attrs)
boosted_trees_ops = lazy_module("eagerflow._src.ops.boosted_trees_ops")
_BOOSTED_TREES = ("BoostedTrees", "IsBoostedTrees")


def _bool(v: Any) -> str:
    return "true" if v else "false"


def _shape(shape: tuple | None) -> str:
    return "?" if shape is None else shape_str(shape)


def _input_name(x: Any) -> str:
    name = x._op.name
    return name if x._index == 0 else f"{name}:{x._index}"


def _concat(node: str, tensors: list, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs, extra input names, extra shapes, suffix) for ConcatV2."""
    axis = attrs.get("axis")
    shapes = [x._shape for x in tensors]
    head = (f"ConcatV2[N={len(tensors)}, T={dt_enum(tensors[0]._dtype)}, Tidx=DT_INT32]",
            [f"{node}/axis"], ["[]"])
    if shapes[0] == ():  # (TF's shape function refuses a first input that is a scalar so)
        return ("Can't concatenate scalars (use tf.stack instead)",) + head + ("",)
    if axis is None or any(s is None for s in shapes):
        return (reason,) + head + ("",)
    suffix = f" and with computed input tensors: input[{len(tensors)}] = <{axis}>."
    merged = [d for i, d in enumerate(shapes[0]) if i != axis % max(len(shapes[0]), 1)]
    for s in shapes[1:]:
        if len(s) != len(shapes[0]):
            return (f"Shape must be rank {len(shapes[0])} but is rank {len(s)}",) + head + ("",)
        rest = [d for i, d in enumerate(s) if i != axis % len(s)]
        for j, (a, b) in enumerate(zip(merged, rest)):
            if a is not None and b is not None and a != b:
                return (f"Dimension {j} in both shapes must be equal, but are {a} and {b}. "
                        f"Shapes are {_shape(merged)} and {_shape(rest)}.",) + head + (suffix,)
        merged = [b if a is None else a for a, b in zip(merged, rest)]
    return (reason,) + head + (suffix,)


def _index_enum(values: Any) -> str:
    """The dtype TF's graph gives the Const of Python ints `values` (a shape, an int):
    int64 where one is past int32."""
    flat = np.asarray(values if values is not None else (), dtype=object).reshape(-1)
    return "DT_INT32" if all(-2**31 <= v < 2**31 for v in flat) else "DT_INT64"


def _max_pool_v2(node: str, x: Any, attrs: dict) -> tuple:
    """MaxPoolV2's node form, its window and strides Consts ("<node>/ksize") and their
    values, as TF's shape function words its refusal."""
    form = (f"MaxPoolV2[T={dt_enum(x._dtype)}, data_format=\"{attrs['data_format']}\", "
            f"padding=\"{attrs['padding']}\"]")
    ks, st = tuple(attrs["ksize"]), tuple(attrs["strides"])
    suffix = (f" and with computed input tensors: input[1] = <{' '.join(map(str, ks))}>, "
              f"input[2] = <{' '.join(map(str, st))}>.")
    return form, [f"{node}/ksize", f"{node}/strides"], [f"[{len(ks)}]", f"[{len(st)}]"], suffix


def _reshape(node: str, x: Any, attrs: dict, reason: str) -> tuple:
    """The same for Reshape with a static shape."""
    shape = attrs.get("shape")
    head = (f"Reshape[T={dt_enum(x._dtype)}, Tshape={_index_enum(shape)}]", [f"{node}/shape"])
    if type(shape) is int:  # (a scalar shape, which TF's shape function refuses)
        return (reason,) + head + (["[]"], "")
    if shape is None or x._shape is None:
        return (reason,) + head + ([], "")
    partial = _shape(tuple(None if d == -1 else d for d in shape))
    computed = f" and with input tensors computed as partial shapes: input[1] = {partial}."
    if None in x._shape:  # (the check of one unknown input dim: its reason as it came)
        return (reason,) + head + ([f"[{len(shape)}]"], computed)
    n = 1
    for d in x._shape:
        n *= d
    known = 1
    for d in shape:
        known *= d if d != -1 else 1
    if -1 in shape and 0 in shape:
        reason = f"Cannot reshape a tensor with {n} elements to shape {partial} (0 elements)"
    elif -1 in shape:
        reason = f"Dimension size must be evenly divisible by {known} but is {n}"
    else:
        reason = (f"Cannot reshape a tensor with {n} elements to shape {_shape(shape)} "
                  f"({known} elements)")
    return (reason,) + head + ([f"[{len(shape)}]"], computed)


def _split_dim_reason(x: Any, axis: int, reason: str) -> str:
    """A split_dim out of range, as TF's shape function words it (its kernel: "-input
    rank(-2) <= split_dim < ...")."""
    if reason.startswith("-input rank("):
        n = len(x._shape)
        return f"Dimension size, given by scalar input {axis} must be in range [-{n}, {n})"
    return reason


def _split_v(node: str, x: Any, attrs: dict, reason: str) -> tuple:
    """The same for SplitV of constant sizes: value, size_splits, split_dim (its outputs
    counted by tf.split's `num` where that is set)."""
    sizes, axis = attrs["sizes"], attrs["axis"]
    vector = " ".join(str(v) for v in sizes)
    count = attrs.get("num_split", len(sizes))
    return (_split_dim_reason(x, axis, reason),
            f"SplitV[T={dt_enum(x._dtype)}, Tlen={_index_enum(sizes)}, num_split={count}]",
            ["Const", f"{node}/split_dim"], [f"[{len(sizes)}]", "[]"],
            f" and with computed input tensors: input[1] = <{vector}>, input[2] = <{axis}>.")


def _split(node: str, x: Any, attrs: dict, reason: str) -> tuple:
    """The same for Split of a count: its split_dim input first, then its value."""
    k, axis = attrs["num_split"], attrs["axis"]
    reason = _split_dim_reason(x, axis, reason)
    if reason.startswith("Number of ways to split"):
        dim = x._shape[axis % len(x._shape)]
        reason = (f"Dimension size must be evenly divisible by {k} but is {dim}\n\tNumber of "
                  "ways to split should evenly divide the split dimension")
    given = np.asarray(axis)  # (a vector where TF wants a scalar: tf.raw_ops')
    shown = " ".join(str(v) for v in given.reshape(-1))
    return (reason, f"Split[T={dt_enum(x._dtype)}, num_split={k}]", [f"{node}/split_dim"],
            [shape_str(given.shape)], f" and with computed input tensors: input[0] = <{shown}>.")


def _matmul(tensors: list, attrs: dict) -> str:
    a, b = tensors[0]._shape, tensors[1]._shape
    t = dt_enum(tensors[0]._dtype)
    ta, tb = _bool(attrs.get("transpose_a")), _bool(attrs.get("transpose_b"))
    if a is not None and b is not None and len(a) <= 2 and len(b) <= 2:  # tf.matmul's choice
        return f"MatMul[T={t}, grad_a=false, grad_b=false, transpose_a={ta}, transpose_b={tb}]"
    return f"BatchMatMulV2[T={t}, adj_x={ta}, adj_y={tb}, grad_x=false, grad_y=false]"


def _pack(tensors: list, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs) for Pack."""
    form = f"Pack[N={len(tensors)}, T={dt_enum(tensors[0]._dtype)}, axis={attrs.get('axis')}]"
    return _merged(tensors, reason), form


def _merged(tensors: list, reason: str) -> str:
    """The reason of Pack's and AddN's shape functions, which merge the inputs' shapes
    from the last one back and name the first input that does not merge."""
    merged = tensors[-1]._shape
    for i in range(len(tensors) - 2, -1, -1):
        shape = tensors[i]._shape
        if shape is None or merged is None:
            merged = merged if shape is None else shape
            continue
        if len(shape) != len(merged):
            why = f"Shapes must be equal rank, but are {len(shape)} and {len(merged)}"
            return f"{why}\n\tFrom merging shape {i} with other shapes."
        for j, (a, b) in enumerate(zip(shape, merged)):
            if a is not None and b is not None and a != b:
                why = (f"Dimension {j} in both shapes must be equal, but are {a} and {b}. "
                       f"Shapes are {_shape(shape)} and {_shape(merged)}.")
                return f"{why}\n\tFrom merging shape {i} with other shapes."
        merged = tuple(b if a is None else a for a, b in zip(shape, merged))
    return reason


def _strided_slice(node: str, x: Any, attrs: dict, reason: str) -> tuple:
    """(type and attrs, extra input names, extra shapes, suffix) for a StridedSlice whose
    bounds are constants: TF's shape function reads the strides first and checks the spec
    against the input's rank, then reads begin and end (listed only if it got that far)."""
    begin, end, strides, masks = spec_vectors(attrs["spec"])
    form = (f"StridedSlice[Index=DT_INT32, T={dt_enum(x._dtype)}, "
            + ", ".join(f"{k}={masks[k]}" for k in sorted(masks)) + "]")
    vectors = [f"{node}/stack", f"{node}/stack_1", f"{node}/stack_2"]

    def shown(i: int, v: list) -> str:
        return f"input[{i}] = <{' '.join(map(str, v))}>"
    computed = [shown(3, strides)]
    if reason.startswith("slice index "):
        computed = [shown(1, begin), shown(2, end)] + computed
    return (form, vectors, [f"[{len(begin)}]"] * 3,
            f" and with computed input tensors: {', '.join(computed)}.")


def _broadcast_to(node: str, tensors: list, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs, extra input names, extra shapes, suffix) for BroadcastTo:
    TF's shape function compares the dims from the last, and names a constant shape's
    input "BroadcastTo/shape"."""
    x, target = tensors[0], attrs.get("shape")
    index = dt_enum(tensors[1]._dtype) if len(tensors) > 1 else "DT_INT32"
    form = f"BroadcastTo[T={dt_enum(x._dtype)}, Tidx={index}]"
    more, more_shapes = ([], []) if len(tensors) > 1 else \
        ([f"{node}/shape"], [f"[{len(target)}]" if target is not None else "[?]"])
    if target is None or x._shape is None:
        return (reason, form, more, more_shapes, "")
    if reason.startswith("Rank of input ("):
        return (f"Shape must be at most rank {len(target)} but is rank {len(x._shape)}", form,
                more, more_shapes, "")
    for a, b in zip(reversed(x._shape), reversed(target)):
        if a not in (1, None) and b is not None and a != b:
            reason = f"Dimensions must be equal, but are {a} and {b}"
            break
    return (reason, form, more, more_shapes,
            f" and with input tensors computed as partial shapes: input[1] = {_shape(target)}.")


# The ops whose shape-like TF input eagerflow holds as an attr: {op: (the attr, TF's
# input, TF's index type attr, the input's place among TF's inputs)}
_SHAPE_ARGS = {"Fill": ("shape", "dims", "index_type", 0),
               "Tile": ("multiples", "multiples", "Tmultiples", 1),
               "BroadcastTo": ("shape", "shape", "Tidx", 1)}


def _shape_arg(op_name: str, node: str, tensors: list, attrs: dict) -> tuple:
    """(type and attrs, input names, input shapes) for such an op given a constant of
    another rank than a vector (tf.raw_ops'): its Const "<node>/<input>" among them."""
    attr, tf_input, index_type, at = _SHAPE_ARGS[op_name]
    names = [_input_name(x) if getattr(x, "_op", None) is not None else "Const"
             for x in tensors]
    shapes = [_shape(x._shape) for x in tensors]
    names.insert(at, f"{node}/{tf_input}")
    shapes.insert(at, shape_str(np.shape(attrs.get(attr))))
    return (f"{op_name}[T={dt_enum(tensors[0]._dtype)}, "
            f"{index_type}={_index_enum(attrs.get(attr))}]", names, shapes)


# Pad's, PadV2's and MirrorPad's kernel checks of constant paddings, which their shape
# functions make while a graph is built, worded their own way (_pad)
_PAD_OPS = ("Pad", "PadV2", "MirrorPad")
_PAD_ERRORS = ("paddings must be a matrix with 2 columns", "Paddings must be non-negative",
               "paddings must be non-negative",
               "The first dimension of paddings must be the rank of inputs")


def _pad(op_name: str, node: str, tensors: list, attrs: dict, names: list,
         shapes: list) -> tuple:
    """(reason, type and attrs, input names, input shapes, suffix) for a pad of constant
    paddings (its TF input "<node>/paddings", second): TF's shape function checks them a
    matrix of 2 columns, of a row per input dim, then their values."""
    x, paddings = tensors[0], attrs.get("paddings")
    given = np.shape(paddings)
    form = f"{op_name}[T={dt_enum(x._dtype)}, Tpaddings=DT_INT32" + \
        (f", mode=\"{attrs.get('mode')}\"]" if op_name == "MirrorPad" else "]")
    names, shapes = names[:1] + [f"{node}/paddings"] + names[1:], \
        shapes[:1] + [shape_str(given)] + shapes[1:]
    suffix = ""
    if len(given) != 2:
        reason = f"Shape must be rank 2 but is rank {len(given)}"
    elif given[1] != 2:
        reason = f"Dimension must be 2 but is {given[1]}"
    elif x._shape is not None and given[0] != len(x._shape):
        reason = f"Shape must be rank {given[0]} but is rank {len(x._shape)}"
    else:
        reason = "Paddings must be non-negative"
        rows = "".join(f"[{a} {b}]" for a, b in paddings)
        suffix = f" and with computed input tensors: input[1] = <{rows}>."
    return reason, form, names, shapes, suffix


_DEPTHWISE_GRADS = ("DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropFilter")


def _ints(values: Any) -> str:
    """A list(int) attr as a NodeDef shows it: "[1, 1, 1, 1]"."""
    return f"[{', '.join(str(v) for v in values or ())}]"


_TOP_K_ERRORS = ("Dimension size, given by scalar input 1", "input must have last dimension",
                  "Shape must be at least rank 1")
_REDUCTIONS = ("Sum", "Mean", "Max", "Min", "Prod", "EuclideanNorm", "Any", "All")


def _reduction(op_name: str, node: str, x: Any, attrs: dict) -> tuple:
    """(reason, type and attrs, extra input names, extra shapes, suffix) for a reduction
    whose Python axis (its `given` reduction_indices, a Const in TF's graph) its shape
    function refuses: TF converts the axis there without wrapping it (2**32 an int64)."""
    axis = attrs["given"]["reduction_indices"][0]
    values = [int(a) for a in np.atleast_1d(np.asarray(axis, dtype=object))]
    r = len(x._shape)
    bad = next(a for a in values if not -r <= a < r)
    wide = not all(-2**31 <= a < 2**31 for a in values)
    form = (f"{op_name}[T={dt_enum(x._dtype)}, Tidx=DT_INT{64 if wide else 32}, "
            f"keep_dims={_bool(attrs.get('keepdims'))}]")
    shape = "[]" if np.ndim(axis) == 0 else f"[{len(values)}]"
    return (f"Invalid reduction dimension {bad} for input with {r} dimensions.", form,
            [f"{node}/reduction_indices"], [shape],
            f" and with computed input tensors: input[1] = <{' '.join(map(str, values))}>.")


def _squeeze(x: Any, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs) for Squeeze: TF's shape function names the first dim out
    of range by its place in squeeze_dims (the kernel's words are infer's)."""
    dims = list(attrs.get("squeeze_dims", ()))
    if reason.startswith("Tried to squeeze dim index") and x._shape is not None:
        r = len(x._shape)
        i = next(i for i, a in enumerate(dims) if not -r <= a < r)
        reason = f"squeeze_dims[{i}] not in [{-r},{r})."
    return reason, f"Squeeze[T={dt_enum(x._dtype)}, squeeze_dims=[{', '.join(map(str, dims))}]]"


def _expand_dims(tensors: list, reason: str) -> tuple:
    """(reason, type and attrs, suffix) for ExpandDims of a dim known while tracing."""
    x, dim = tensors[0], tensors[1]
    form = f"ExpandDims[T={dt_enum(x._dtype)}, Tdim={dt_enum(dim._dtype)}]"
    value = partial_value(dim)
    value = value[0] if isinstance(value, list) and len(value) == 1 else value
    if not reason.startswith("Tried to expand dim index") or not isinstance(value, int):
        return reason, form, ""
    r = len(x._shape)
    return (f"dim {value} not in the interval [{-r - 1}, {r}].", form,
            f" and with computed input tensors: input[1] = <{value}>.")


def merge_text(a: tuple, b: tuple) -> str:
    """TF's Merge of two known shapes refused: ranks first, then the first unequal dim."""
    if len(a) != len(b):
        return f"Shapes must be equal rank, but are {len(a)} and {len(b)}"
    j, x, y = next((j, x, y) for j, (x, y) in enumerate(zip(a, b))
                   if x is not None and y is not None and x != y)
    return (f"Dimension {j} in both shapes must be equal, but are {x} and {y}. Shapes are "
            f"{_shape(a)} and {_shape(b)}.")


def _known_vector(t: Any) -> list | None:
    v = partial_value(t)
    return v if isinstance(v, list) and None not in v else None


def _strided_slice_inputs(tensors: list, attrs: dict, reason: str) -> tuple:
    """(type and attrs, suffix) for a StridedSlice whose bounds are inputs: the values
    TF's shape function computed of them (the strides; begin and end for an index it
    refuses, as `_strided_slice`)."""
    x, b = tensors[0], tensors[1]
    form = (f"StridedSlice[Index={dt_enum(b._dtype)}, T={dt_enum(x._dtype)}, "
            + ", ".join(f"{k}={attrs.get(k, 0)}" for k in sorted(attrs)) + "]")
    wanted = (1, 2, 3) if reason.startswith("slice index ") else (3,)
    computed = [f"input[{i}] = <{' '.join(map(str, v))}>" for i in wanted
                if (v := _known_vector(tensors[i])) is not None]
    return form, f" and with computed input tensors: {', '.join(computed)}." if computed else ""


def _scatter_nd(node: str, tensors: list, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs, extra input names, extra shapes) for ScatterNd whose
    indices' outer dimensions are not the updates': TF's shape function shows both."""
    indices, updates = tensors[0], tensors[1]
    form = (f"ScatterNd[T={dt_enum(updates._dtype)}, Tindices={dt_enum(indices._dtype)}, "
            f"bad_indices_policy=\"{attrs.get('bad_indices_policy', '')}\"]")
    shape = attrs.get("shape")
    more = ([], []) if len(tensors) > 2 else \
        ([f"{node}/shape"], ["[?]" if shape is None else f"[{len(shape)}]"])
    is_, us = indices._shape, updates._shape
    if reason.startswith("Dimensions [0,") and is_ is not None and us is not None:
        outer = len(is_) - 1
        pi, pu = is_[:outer], us[:outer]
        reason = (f"Dimensions [0,{outer}) of indices[shape={_shape(is_)}] = {_shape(pi)} must "
                  f"match dimensions [0,{outer}) of updates[shape={_shape(us)}] = "
                  f"{_shape(pu)}: {merge_text(pi, pu)}")
    return (reason, form) + more


def _sparse_segment(op_name: str, tensors: list, attrs: dict) -> str:
    """A SparseSegment* node's type and attrs as TF's error shows them (ops/
    sparse_segment_ops.py)."""
    parts = [f"T={dt_enum(tensors[0]._dtype)}", f"Tidx={dt_enum(tensors[1]._dtype)}"]
    if op_name.endswith("WithNumSegments"):
        parts.append(f"Tnumsegments={dt_enum(tensors[3]._dtype)}")
    parts.append(f"Tsegmentids={dt_enum(tensors[2]._dtype)}")
    if "sparse_gradient" in attrs:
        parts.append(f"sparse_gradient={_bool(attrs['sparse_gradient'])}")
    return f"{op_name}[{', '.join(parts)}]"


def _max_pool_grad_form(name: str, tensors: list, attrs: dict) -> str:
    """A pool's node (or a max-pool gradient's) as TF prints it (MaxPool3DGrad: TInput
    after T; explicit paddings MaxPool's and MaxPoolGrad's alone)."""
    types = f"T={dt_enum(tensors[-1]._dtype)}"
    if name == "MaxPool3DGrad":
        types += f", TInput={dt_enum(tensors[0]._dtype)}"
    explicit = "" if name not in ("MaxPool", "MaxPoolGrad") else \
        f"explicit_paddings={_ints(attrs.get('explicit_paddings', ()))}, "
    return (f"{name}[{types}, data_format=\"{attrs['data_format']}\", {explicit}"
            f"ksize={_ints(attrs['ksize'])}, padding=\"{attrs['padding']}\", "
            f"strides={_ints(attrs['strides'])}]")


def shape_error(op: Any, ins: tuple, attrs: dict, node: str, reason: str) -> ValueError:
    """The ValueError TF raises for node `node` (its TF name) of `op` refused by its shape
    function for `reason`."""
    tensors = [x for x in ins if isinstance(x, Tensor)]
    names = [_input_name(x) if hasattr(x, "_op") and x._op is not None else "Const"
             for x in tensors]
    shapes = [_shape(x._shape) for x in tensors]
    suffix = ""
    if op.name == "ConcatV2":
        reason, form, more, more_shapes, suffix = _concat(node, tensors, attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "Reshape" and len(tensors) == 1:
        reason, form, more, more_shapes, suffix = _reshape(node, tensors[0], attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "Split" and len(tensors) == 1 and attrs.get("axis") is not None:
        reason, form, first, first_shape, suffix = _split(node, tensors[0], attrs, reason)
        names, shapes = first + names, first_shape + shapes
    elif op.name == "SplitV" and len(tensors) == 1 and reason.startswith(_SPLIT_V_ERRORS):
        reason, form, more, more_shapes, suffix = _split_v(node, tensors[0], attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "StridedSlice" and "spec" in attrs and len(tensors) == 1:
        form, more, more_shapes, suffix = _strided_slice(node, tensors[0], attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "StridedSlice" and len(tensors) == 4:
        form, suffix = _strided_slice_inputs(tensors, attrs, reason)
    elif op.name in _SHAPE_ARGS and reason.startswith("Shape must be rank 1 but is rank"):
        form, names, shapes = _shape_arg(op.name, node, tensors, attrs)
    elif op.name == "BroadcastTo" and tensors:
        reason, form, more, more_shapes, suffix = _broadcast_to(node, tensors, attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "ScatterNd" and len(tensors) >= 2:
        reason, form, more, more_shapes = _scatter_nd(node, tensors, attrs, reason)
        names, shapes = names + more, shapes + more_shapes
    elif op.name in _REDUCTIONS and len(tensors) == 1 and "given" in attrs:
        reason, form, more, more_shapes, suffix = _reduction(op.name, node, tensors[0], attrs)
        names, shapes = names + more, shapes + more_shapes
    elif op.name == "TopKV2" and len(tensors) == 1 and attrs.get("k") is not None:
        k = attrs["k"]
        form = (f"TopKV2[T={dt_enum(tensors[0]._dtype)}, Tk=DT_INT"
                f"{32 if -2**31 <= k < 2**31 else 64}, index_type="
                f"{dt_enum(attrs.get('index_type', dt.int32))}, "
                f"sorted={_bool(attrs.get('sorted', True))}]")
        names, shapes = names + [f"{node}/k"], shapes + ["[]"]
        if not reason.startswith("Shape must be"):  # (the rank is checked before k is read)
            suffix = f" and with computed input tensors: input[1] = <{k}>."
    elif op.name in _DEPTHWISE_GRADS + ("DepthwiseConv2dNative",) and len(tensors) in (2, 3):
        form = (f"{op.name}[T={dt_enum(tensors[-1]._dtype)}, data_format="
                f"\"{attrs.get('data_format', 'NHWC')}\", dilations={_ints(attrs['dilations'])}, "
                f"explicit_paddings={_ints(attrs['explicit_paddings'])}, padding="
                f"\"{attrs['padding']}\", strides={_ints(attrs['strides'])}]")
    elif op.name == "MaxPoolV2" and len(tensors) == 1:
        form, more, more_shapes, suffix = _max_pool_v2(node, tensors[0], attrs)
        names, shapes = names + more, shapes + more_shapes
    elif op.name in ("MaxPoolGrad", "MaxPool3DGrad") and len(tensors) == 3 or \
            op.name in _POOLS and len(tensors) == 1:
        form = _max_pool_grad_form(op.name, tensors, attrs)
    elif op.name == "Squeeze" and tensors:
        reason, form = _squeeze(tensors[0], attrs, reason)
    elif op.name == "OneHot" and len(tensors) == 3 and attrs.get("depth") is not None:
        form = (f"OneHot[T={dt_enum(tensors[1]._dtype)}, TI={dt_enum(tensors[0]._dtype)}, "
                f"axis={attrs.get('axis')}]")  # (TF's depth: an input, a Const)
        names, shapes = names[:1] + [f"{node}/depth"] + names[1:], shapes[:1] + ["[]"] + shapes[1:]
    elif op.name in _PAD_OPS and tensors:
        reason, form, names, shapes, suffix = _pad(op.name, node, tensors, attrs, names, shapes)
    elif op.name == "EnsureShape" and tensors:
        want = attrs.get("shape")
        form = (f"EnsureShape[T={dt_enum(tensors[0]._dtype)}, "
                f"shape={'<unknown>' if want is None else _shape(want)}]")
    elif op.name == "ExpandDims" and len(tensors) == 2:
        reason, form, suffix = _expand_dims(tensors, reason)
    elif op.name == "Pack" and tensors:
        reason, form = _pack(tensors, attrs, reason)
    elif op.name == "AddN" and tensors:
        reason, form = _merged(tensors, reason), \
            f"AddN[N={len(tensors)}, T={dt_enum(tensors[0]._dtype)}]"
    elif op.name == "MatMul" and len(tensors) == 2:
        form = _matmul(tensors, attrs)
    elif op.name == "Einsum" and tensors:
        form = (f"Einsum[N={len(tensors)}, T={dt_enum(tensors[0]._dtype)}, "
                f"equation=\"{attrs['equation']}\"]")
    elif op.name in _CONV_DEPTH_OPS and len(tensors) == 2:
        reason, form = _conv_depth(op.name, tensors, attrs, reason)
    elif op.name in ("Equal", "NotEqual") and tensors:  # (tf.equal's: shapes must broadcast)
        form = f"{op.name}[T={dt_enum(tensors[0]._dtype)}, incompatible_shape_error=true]"
    elif op.name.startswith("SparseSegment") and len(tensors) >= 3:
        form = _sparse_segment(op.name, tensors, attrs)
        if reason.startswith("Cannot specify a negative value") and len(tensors) == 4:
            suffix = f" and with computed input tensors: input[3] = <{partial_value(tensors[3])}>."
    elif op.name in _SEGMENT_OPS and len(tensors) == 2:
        form = (f"{op.name}[T={dt_enum(tensors[0]._dtype)}, "
                f"Tindices={dt_enum(tensors[1]._dtype)}]")
    elif op.name in CHECKPOINT_OPS:
        form = _checkpoint_form(op.name, tensors, attrs)
        if not reason.startswith(_CHECKPOINT_ERRORS) and len(tensors) > 2:
            specs = np.asarray(known(tensors[2]), dtype=object).reshape(-1)
            shown = " ".join(s.decode("utf-8", "replace") for s in specs)
            suffix = f" and with computed input tensors: input[2] = <{shown}>."
    elif op.name == "ScatterNdNonAliasingAdd" and len(tensors) == 3:
        form = (f"{op.name}[T={dt_enum(tensors[0]._dtype)}, Tindices="
                f"{dt_enum(tensors[1]._dtype)}, "
                f"bad_indices_policy=\"{attrs.get('bad_indices_policy', '')}\"]")
    elif op.name == "DecodeCSV" and tensors:
        form = _decode_csv_form(tensors, attrs)
    elif op.name == "UnsortedSegmentJoin" and len(tensors) == 3:
        sep = attrs.get("separator", b"")
        sep = sep.decode("utf-8", "replace") if isinstance(sep, bytes) else sep
        form = (f"UnsortedSegmentJoin[Tindices={dt_enum(tensors[1]._dtype)}, "
                f"Tnumsegments={dt_enum(tensors[2]._dtype)}, separator=\"{sep}\"]")
    elif op.name == "RaggedRange" and len(tensors) == 3:
        form = (f"RaggedRange[T={dt_enum(tensors[0]._dtype)}, "
                f"Tsplits={dt_enum(attrs.get('Tsplits', dt.int64))}]")
    elif op.name == "Substr" and len(tensors) == 3:
        form = f"Substr[T={dt_enum(tensors[1]._dtype)}, unit=\"{attrs.get('unit', 'BYTE')}\"]"
    elif op.name in ("DynamicStitch", "ParallelDynamicStitch") and tensors:
        form = f"{op.name}[N={len(tensors) // 2}, T={dt_enum(tensors[-1]._dtype)}]"
    elif op.name == "DynamicPartition" and len(tensors) == 2:
        form = (f"DynamicPartition[T={dt_enum(tensors[0]._dtype)}, "
                f"num_partitions={attrs.get('num_partitions')}]")
    elif op.name == "StringJoin" and tensors:
        sep = attrs.get("separator", b"")
        sep = sep.decode("utf-8", "replace") if isinstance(sep, bytes) else sep
        form = f"StringJoin[N={len(tensors)}, separator=\"{sep}\"]"
    elif op.name == "DenseToDenseSetOperation" and len(tensors) == 2:
        form = (f"DenseToDenseSetOperation[T={dt_enum(tensors[0]._dtype)}, set_operation="
                f"\"{attrs.get('set_operation')}\", validate_indices="
                f"{_bool(attrs.get('validate_indices', True))}]")
    elif op.name in _CTC_DECODERS and tensors:
        form = _ctc_decoder_form(op.name, tensors, attrs)
    elif op.name.startswith(_FAKE_QUANT_VARS) and tensors:
        form = (f"{op.name}[narrow_range={_bool(attrs.get('narrow_range', False))}, "
                f"num_bits={attrs.get('num_bits', 8)}]")
    elif op.name in ("Unique", "ListDiff") and tensors:
        form = (f"{op.name}[T={dt_enum(tensors[0]._dtype)}, "
                f"out_idx={dt_enum(attrs.get('out_idx', dt.int32))}]")
    elif op.name == "RegexReplace":
        form = f"RegexReplace[replace_global={_bool(attrs.get('replace_global', True))}]"
    elif op.name in ("LoopCond", "RegexFullMatch"):  # (no attrs)
        form = f"{op.name}[]"
    elif op.name in _SPACE_DEPTH_OPS and tensors:
        form = (f"{op.name}[T={dt_enum(tensors[0]._dtype)}, block_size="
                f"{attrs.get('block_size')}, data_format=\"{attrs.get('data_format', 'NHWC')}\"]")
    elif op.name == "SdcaFprint":  # (no attrs: its input is a string)
        form = "SdcaFprint[]"
    elif op.name == "PlaceholderWithDefault" and tensors:
        dims = ",".join("?" if d is None else str(d) for d in attrs.get("shape") or ())
        form = f"PlaceholderWithDefault[dtype={dt_enum(tensors[0]._dtype)}, shape=[{dims}]]"
    elif op.name.startswith(_BOOSTED_TREES):  # (TF's node lists its attrs)
        form = f"{op.name}[{boosted_trees_ops.node_attrs(op.name, tuple(tensors), attrs)}]"
    elif not attrs and tensors:  # element-wise ops: T is their one attr
        form = f"{op.name}[T={dt_enum(tensors[0]._dtype)}]"
    else:
        form = op.name
    return ValueError(f"{reason} for '{{{{node {node}}}}} = {form}({', '.join(names)})' with "
                      f"input shapes: {', '.join(shapes)}{suffix or '.'}")


def _ctc_decoder_form(op_name: str, tensors: list, attrs: dict) -> str:
    """A CTC decoder's node text: its attrs in byte order."""
    if op_name == "CTCGreedyDecoder":
        return (f"CTCGreedyDecoder[T={dt_enum(tensors[0]._dtype)}, blank_index="
                f"{attrs.get('blank_index', -1)}, merge_repeated="
                f"{_bool(attrs.get('merge_repeated', False))}]")
    return (f"CTCBeamSearchDecoder[T={dt_enum(tensors[0]._dtype)}, beam_width="
            f"{attrs.get('beam_width')}, merge_repeated="
            f"{_bool(attrs.get('merge_repeated', True))}, top_paths={attrs.get('top_paths')}]")


def _decode_csv_form(tensors: list, attrs: dict) -> str:
    """DecodeCSV's node text: its output types, then its attrs in byte order."""
    types = ", ".join(dt_enum(t._dtype) for t in tensors[1:])
    cols = ", ".join(str(c) for c in attrs.get("select_cols") or ())
    return (f"DecodeCSV[OUT_TYPE=[{types}], field_delim=\"{attrs.get('field_delim', ',')}\", "
            f"na_value=\"{attrs.get('na_value', '')}\", select_cols=[{cols}], "
            f"use_quote_delim={_bool(attrs.get('use_quote_delim', True))}]")


# ops/checkpoint_ops.py's ops, whose infer words their rank and length checks as TF's
# shape functions do while a graph is built
CHECKPOINT_OPS = ("SaveV2", "RestoreV2", "MergeV2Checkpoints", "ShardedFilename",
                  "ShardedFilespec", "Save", "SaveSlices", "Restore", "RestoreSlice")
_CHECKPOINT_ERRORS = ("Shape must be rank ", "Dimension must be ",
                      "Dimension 0 in both shapes must be equal")
# (a constant slice spec they refuse: shown after the shapes)
_CHECKPOINT_SPEC_ERRORS = ("The number of shape_and_slice", "Need least two elements",
                           "Non numerical dimension", "Expected a pair of numbers",
                           "Expected non-negative start", "Mismatching ranks",
                           "Extent in dimension", "Dimension -")


def _checkpoint_form(name: str, tensors: list, attrs: dict) -> str:
    """A checkpoint op's type and attrs as TF's node text shows them."""
    def types(ds: Any) -> str:
        return "[" + ", ".join(dt_enum(d) for d in ds) + "]"

    if name in ("SaveV2", "Save", "SaveSlices"):
        fixed = {"SaveV2": 3, "Save": 2, "SaveSlices": 3}[name]
        key = "dtypes" if name == "SaveV2" else "T"
        return f"{name}[{key}={types(x._dtype for x in tensors[fixed:])}]"
    if name == "RestoreV2":
        return f"{name}[dtypes={types(attrs.get('dtypes', ()))}]"
    if name == "MergeV2Checkpoints":
        return (f"{name}[allow_missing_files={_bool(attrs.get('allow_missing_files'))}, "
                f"delete_old_dirs={_bool(attrs.get('delete_old_dirs', True))}]")
    if name in ("Restore", "RestoreSlice"):
        shard = attrs.get("preferred_shard", -1)
        return f"{name}[dt={dt_enum(attrs['dt'])}, preferred_shard={shard}]"
    return f"{name}[]"


# infer's messages for the shape errors TF's shape functions raise while a graph is built
# (TF's kernels make other checks, and TF's graph builder refuses dtypes with TypeError)
SHAPE_ERRORS = ("Incompatible shapes:", "Matrix size-incompatible", "ConcatOp : ",
                 # a window wider than its input (the windowed ops' shape functions)
                 "Negative dimension size caused by subtracting ",
                 "Input to reshape is a tensor with", "In[0] mismatch In[1] shape",
                 "Number of ways to split should evenly divide", "-input rank(",
                 # Conv's groups (TF's CPU kernel refuses groups: only its shape function
                 # speaks of them)
                 "Number of groups should divide", "Groups attribute should be",
                 "Input depth divided by filter input depth",
                 # StridedSlice's constant bounds, Pack's inputs (TF's Merge of their shapes)
                 "slice index ", "Index out of range using input dim",
                 "Attempting to slice scalar input.",
                 "Multiple ellipses in slice spec", "Shapes of all inputs must match",
                 # BroadcastTo's input of a higher rank than its shape
                 "Rank of input (",
                 # MatMul's and BatchMatMulV2's operands of rank < 2
                 "Shape must be rank 2 but is rank", "Shape must be at least rank 2 but is",
                 # Squeeze's squeeze_dims and ExpandDims's dim against a known rank
                 "Tried to squeeze dim index ", "Can not squeeze dim[",
                 "Tried to expand dim index ")


# Conv2D's, Conv3D's and Conv's (groups 1) depths, which their kernels word one way and
# their shape functions another ("Depth of input (3) is not a multiple of input depth of
# filter (4)")
_CONV_DEPTH_OPS = ("Conv2D", "Conv3D", "Conv")
_POOLS = ("MaxPool", "AvgPool", "MaxPool3D", "AvgPool3D")
_CONV_DEPTH_ERRORS = ("input depth must be evenly divisible by filter depth: ",
                      "Input depth must be evenly divisible by filter depth: ",
                      "output depth must be evenly divisible by number of groups: ",
                      "Input depth must be equal to filter depth: ")


def _conv_depth(op_name: str, tensors: list, attrs: dict, reason: str) -> tuple:
    """(reason, type and attrs) of a Conv2D / Conv3D / Conv its shape function refuses."""
    if reason.startswith("output"):
        a, b = reason.rsplit(": ", 1)[1].split(" [")[0].split(" vs ")
        reason = f"Depth of output ({a}) is not a multiple of the number of groups ({b})"
    elif reason.startswith(_CONV_DEPTH_ERRORS):
        a, b = reason.rsplit(": ", 1)[1].split(" [")[0].split(" vs ")
        reason = f"Depth of input ({a}) is not a multiple of input depth of filter ({b})"

    def ints(key: str) -> str:
        return "[" + ", ".join(str(int(v)) for v in attrs.get(key) or ()) + "]"

    nd = op_name == "Conv"  # (its attrs in their names' order, its dilations as given)
    parts = [f"T={dt_enum(tensors[0]._dtype)}"] + \
        ([f"batch_dims={attrs.get('batch_dims', 1)}"] if nd else []) + \
        [f'data_format="{attrs.get("data_format")}"', f"dilations={ints('dilations')}"]
    if op_name != "Conv3D":
        parts.append(f"explicit_paddings={ints('explicit_paddings')}")
    if nd:
        parts.append(f"groups={attrs.get('groups', 1)}")
    parts += [f'padding="{attrs.get("padding")}"', f"strides={ints('strides')}"]
    if op_name == "Conv2D":
        parts.append("use_cudnn_on_gpu=true")
    return reason, f"{op_name}[{', '.join(parts)}]"


# Cross's shape function (ops/linalg_decomp.py words its checks so while a graph is built),
# and PlaceholderWithDefault's (ops/runtime_raw_ops.py)
_CROSS_ERRORS = ("Shape must be at least rank 1", "Shapes must be equal rank", "Dimension ")
# DecodeCSV's shape function's checks of the record defaults (ops/csv_ops.py)
_DECODE_CSV_ERRORS = ("Shape must be at most rank 1 but is rank",
                      "Shape of a default must be a length-0")
# ops whose infer words its rank checks as their shape functions do while a graph is built
# (the sorted segment reductions, ops/segment_ops.py; Reverse, ops/shaping.py; SdcaFprint,
# ops/runtime_raw_ops.py; the HSV conversions, ops/image_color.py; Unique,
# ops/unique_one_hot.py; ListDiff, ops/indexing_versions.py)
_SEGMENT_OPS = ("SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd")
_RANK_CHECKED_OPS = _SEGMENT_OPS + ("Reverse", "SdcaFprint", "HSVToRGB", "RGBToHSV",
                                     "RegexReplace", "RegexFullMatch", "MaxPoolGrad",
                                     "MaxPoolGradV2", "MaxPool3DGrad", "Conv2D", "Conv3D",
                                     "DepthwiseConv2dNative", "Unique", "ListDiff")
# (their shape function's NCHW_VECT_C rank check: ops/nn_space.py words it as TF's)
_SPACE_DEPTH_OPS = ("SpaceToDepth", "DepthToSpace")
# the SparseSegment* ops' (ops/sparse_segment_ops.py words them so while a graph is built)
_SPARSE_SEGMENT_ERRORS = ("Shape must be ", "Dimension 0 in both shapes must be equal",
                          "Cannot specify a negative value for ")


# the partitions' and stitches' (ops/data_flow.py words their MergePrefix and Merge so
# while a graph is built)
_PARTITION_OPS = ("DynamicPartition", "DynamicStitch", "ParallelDynamicStitch")
_PARTITION_ERRORS = ("Shape must be at least rank ", "Dimensions must be equal",
                     "Shapes must be equal rank", "Dimension ")
# the CTC decoders' (ops/nn_ctc_beam.py's decoder_shape_fn words them so while a graph is built)
_CTC_DECODERS = ("CTCGreedyDecoder", "CTCBeamSearchDecoder")
# the FakeQuantWithMinMaxVars ops' (ops/quantization.py words them so while a graph is built)
_FAKE_QUANT_VARS = "FakeQuantWithMinMaxVars"
_FAKE_QUANT_ERRORS = ("Shape must be ", "Dimensions must be equal",
                      "Dimension 0 in both shapes must be equal")


# Einsum's shape function's (ops/einsum_shapes.py words them so while a graph is built)
_EINSUM_ERRORS = ("Shape must be ", "Dimensions must be equal", "Expected at most one ellipsis",
                  "Expecting 1 or 2 input subscripts")


# (SplitV's shape function's refusals of an axis, of constant sizes and of their count)
_SPLIT_V_ERRORS = ("-input rank(", "size_splits can only have one -1", "Split size at index ",
                   "can't split axis of size ", "Length of size_splits should be equal to ")


def is_shape_error(op_name: str, message: str) -> bool:
    """Whether infer's `message` for `op_name` is one TF's shape function gives (a
    ValueError as the graph is built)."""
    return message.startswith(SHAPE_ERRORS) or (
        op_name == "AddN" and message.startswith("Inputs to operation AddN of type AddN "
                                                 "must have the same size and shape")) or (
        op_name in _DEPTHWISE_GRADS and message.startswith("Shape must be rank ")) or (
        op_name == "TopKV2" and message.startswith(_TOP_K_ERRORS)) or (
        op_name in _REDUCTIONS and message.startswith("Invalid reduction dimension (")) or (
        message.startswith("Attr ") and " out of range for an int32" in message) or (
        op_name == "ScatterNd" and message.startswith("Dimensions [0,")) or (
        op_name == "Reshape" and message.startswith(("Dimension size must be evenly",
                                                     "Shape must be rank 1 but is rank 0"))) or (
        op_name in ("Switch", "LoopCond") and message.startswith("Shape must be rank 0")) or (
        op_name == "Split" and message.startswith("Input must be scalar but has rank")) or (
        op_name == "SplitV" and message.startswith(_SPLIT_V_ERRORS[1:])) or (
        op_name == "BroadcastTo" and message.startswith("Unable to broadcast tensor")) or (
        op_name in _SHAPE_ARGS and message.startswith("Shape must be rank 1 but is rank")) or (
        op_name == "EnsureShape" and message.startswith(("Shape must be rank", "Dimension "))) or (
        op_name in _PAD_OPS and message.startswith(_PAD_ERRORS)) or (
        op_name == "ScatterNdNonAliasingAdd" and
        message.startswith(("Dimensions [", "Indices and updates specified for empty input",
                            "Shape must be at least rank 1"))) or (
        op_name in ("Cross", "PlaceholderWithDefault") and
        message.startswith(_CROSS_ERRORS)) or (
        op_name in _SPACE_DEPTH_OPS and message.startswith("Shape must be rank 5 ")) or (
        op_name in _RANK_CHECKED_OPS and message.startswith(("Shape must be ",
                                                             "reverse does not work on "))) or (
        op_name in _CONV_DEPTH_OPS and message.startswith(_CONV_DEPTH_ERRORS)) or (
        op_name in CHECKPOINT_OPS and message.startswith(_CHECKPOINT_ERRORS +
                                                         _CHECKPOINT_SPEC_ERRORS)) or (
        op_name.startswith("SparseSegment") and message.startswith(_SPARSE_SEGMENT_ERRORS)) or (
        op_name == "DecodeCSV" and message.startswith(_DECODE_CSV_ERRORS)) or (
        op_name in ("UnsortedSegmentJoin", "RaggedRange") and
        message.startswith(("Shape must be ", "Dimensions must be equal"))) or (
        op_name == "Einsum" and message.startswith(_EINSUM_ERRORS)) or (
        op_name.startswith(_FAKE_QUANT_VARS) and message.startswith(_FAKE_QUANT_ERRORS)) or (
        op_name in _CTC_DECODERS and message.startswith(("Shape must be rank ",
                                                         "Dimensions must be equal"))) or (
        op_name in _PARTITION_OPS and message.startswith(_PARTITION_ERRORS)) or (
        op_name == "DenseToDenseSetOperation" and message.startswith(("Shape must be ",
                                                                      "Dimension "))) or (
        op_name == "StringJoin" and message.startswith(("Shapes must be equal rank",
                                                        "Dimension "))) or (
        op_name.startswith(_BOOSTED_TREES) and
        message.startswith(boosted_trees_ops.SHAPE_ERRORS))


def mismatched_dims(reason: str, tensors: list, attrs: dict) -> tuple | None:
    """The two dims TF's shape function names where two inputs don't broadcast, or where a
    matrix product's inner dims differ (TF: "Dimensions must be equal, but are a and b")."""
    shapes = [x._shape for x in tensors[:2]]
    if len(shapes) < 2 or None in shapes:
        return None
    a, b = shapes
    if reason.startswith("Incompatible shapes:"):
        for x, y in zip(reversed(a), reversed(b)):
            if x not in (1, None) and y not in (1, None) and x != y:
                return x, y
    if reason.startswith("Matrix size-incompatible") and len(a) >= 2 and len(b) >= 2:
        return (a[-2] if attrs.get("transpose_a") else a[-1],
                b[-1] if attrs.get("transpose_b") else b[-2])
    return None
