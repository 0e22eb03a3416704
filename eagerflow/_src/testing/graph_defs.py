"""tf.test.assert_equal_graph_def: two GraphDef protos compared as TF compares them.

Sits in testing/. Nodes are matched by name (their order does not matter); each pair must
agree on op, device, data inputs in order ("x" is "x:0"), control inputs as a set, and
attrs (those starting with "_" ignored); versions and the function library are not
compared. A difference is an AssertionError worded as TF's C++ comparison words it, nodes
and attr values summarized in TF's NodeDef notation ('{{node b}} = Relu[T=DT_FLOAT](a)').
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.serialization import make_ndarray

__all__ = ["assert_equal_graph_def", "summarize_attr_value", "summarize_node_def"]


def _type_name(enum: int) -> str:
    try:
        return dt_enum(dt.as_dtype(enum))
    except (TypeError, ValueError):
        return f"DT_INVALID({enum})" if enum else "DT_INVALID"


def _float(v: float) -> str:
    """The shortest %g text that reads back as the same float32 (TF prints attrs so)."""
    f = np.float32(v)
    if not np.isfinite(f):
        return {True: "inf", False: "-inf"}[bool(f > 0)] if np.isinf(f) else "nan"
    for p in range(1, 10):
        s = f"{float(f):.{p}g}"
        if np.float32(s) == f:
            return s
    return f"{float(f):.9g}"


def _escape(b: bytes) -> str:
    """C-style escaping, as absl::CEscape writes a string attr."""
    out = []
    for c in b:
        ch = chr(c)
        if ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ch in "\"'\\":
            out.append("\\" + ch)
        elif 32 <= c < 127:
            out.append(ch)
        else:
            out.append(f"\\{c:03o}")
    return '"' + "".join(out) + '"'


def _shape(s: Any) -> str:
    if s.unknown_rank:
        return "<unknown>"
    return "[" + ",".join("?" if d.size < 0 else str(d.size) for d in s.dim) + "]"


def _tensor(t: Any) -> str:
    arr = make_ndarray(t)
    type_word = dt.as_dtype(t.dtype).name.replace("float32", "float").replace(
        "float64", "double").replace("float16", "half")
    flat = arr.ravel()
    vals = [(_float(x) if arr.dtype.kind == "f" else
             _escape(x) if isinstance(x, bytes) else str(x).lower()
             if arr.dtype.kind == "b" else str(x)) for x in flat[:10]]
    more = "..." if flat.size > 10 else ""
    shape = "[" + ",".join(str(d) for d in arr.shape) + "]"
    return f"Tensor<type: {type_word} shape: {shape} values: {' '.join(vals)}{more}>"


def _func(f: Any) -> str:
    inner = ", ".join(f"{k}={summarize_attr_value(f.attr[k])}" for k in sorted(f.attr))
    return f"{f.name}[{inner}]"


def summarize_attr_value(av: Any) -> str:
    """An AttrValue in TF's summary notation (SummarizeAttrValue)."""
    kind = av.WhichOneof("value")
    if kind == "s":
        return _escape(av.s)
    if kind == "i":
        return str(av.i)
    if kind == "f":
        return _float(av.f)
    if kind == "b":
        return "true" if av.b else "false"
    if kind == "type":
        return _type_name(av.type)
    if kind == "shape":
        return _shape(av.shape)
    if kind == "tensor":
        return _tensor(av.tensor)
    if kind == "func":
        return _func(av.func)
    if kind == "placeholder":
        return "$" + av.placeholder
    if kind == "list":
        lst = av.list
        parts = ([_escape(x) for x in lst.s] + [str(x) for x in lst.i]
                 + [_float(x) for x in lst.f] + ["true" if x else "false" for x in lst.b]
                 + [_type_name(x) for x in lst.type] + [_shape(x) for x in lst.shape]
                 + [_tensor(x) for x in lst.tensor] + [_func(x) for x in lst.func])
        return "[" + ", ".join(parts) + "]"
    return "<Unknown AttrValue type>"


def summarize_node_def(nd: Any) -> str:
    """A NodeDef as TF summarizes it: '{{node name}} = Op[attrs, _device=...](inputs)'."""
    attrs = [f"{k}={summarize_attr_value(nd.attr[k])}" for k in sorted(nd.attr)]
    if nd.device:
        attrs.append(f'_device="{nd.device}"')
    return f"{{{{node {nd.name}}}}} = {nd.op}[{', '.join(attrs)}]({', '.join(nd.input)})"


def _is_graph_def(x: Any) -> bool:
    desc = getattr(x, "DESCRIPTOR", None)
    return desc is not None and getattr(desc, "full_name", "").rsplit(".", 1)[-1] == "GraphDef"


def _node_diff(actual: Any, expected: Any) -> str | None:
    name = actual.name
    if actual.op != expected.op:
        return f"Node named '{name}' has op '{actual.op}' that is not expected '{expected.op}'"
    if actual.device != expected.device:
        return (f"Node named '{name}' has device '{actual.device}' that is not expected "
                f"'{expected.device}'")
    a_in, e_in = list(actual.input), list(expected.input)
    if len(a_in) != len(e_in):
        return (f"Node named '{name}' has inputs '{', '.join(a_in)}' that don't match "
                f"expected '{', '.join(e_in)}'")
    first_control = len(a_in)
    for i, (a, e) in enumerate(zip(a_in, e_in)):
        if a.startswith("^"):
            first_control = i
            break
        if a != e and a != e + ":0" and a + ":0" != e:
            return f"Node named '{name}' has input {i} '{a}' that doesn't match expected '{e}'"
    a_ctl = list(dict.fromkeys(a_in[first_control:]))
    for e in dict.fromkeys(e_in[first_control:]):
        if e in a_ctl:
            a_ctl.remove(e)
        else:
            return f"Node named '{name}' missing expected control input '{e}'"
    if a_ctl:
        return f"Node named '{name}' has unexpected control input '{a_ctl[0]}'"
    a_attrs = [k for k in actual.attr if not k.startswith("_")]
    for k in expected.attr:
        if k.startswith("_"):
            continue
        if k not in a_attrs:
            return (f"Node named '{name}' missing expected attr '{k}' with value: "
                    f"{summarize_attr_value(expected.attr[k])}")
        a_attrs.remove(k)
        if actual.attr[k] != expected.attr[k]:
            return (f"Node named '{name}' has attr '{k}' with value: "
                    f"{summarize_attr_value(actual.attr[k])} that does not match expected: "
                    f"{summarize_attr_value(expected.attr[k])}")
    if a_attrs:
        k = a_attrs[0]
        return (f"Node named '{name}' has unexpected attr '{k}' with value: "
                f"{summarize_attr_value(actual.attr[k])}")
    return None


def assert_equal_graph_def(expected: Any, actual: Any) -> None:
    """Raises AssertionError naming the first difference between two GraphDef protos
    (any GraphDef message: TF's, TensorBoard's, tf.compat.v1.GraphDef)."""
    for what, g in (("expected", expected), ("actual", actual)):
        if not _is_graph_def(g):
            raise TypeError(f"Expected tf.GraphDef for {what}, got {type(g).__name__}")
    index = {}
    for nd in actual.node:
        index.setdefault(nd.name, nd)
    for e in expected.node:
        a = index.pop(e.name, None)
        if a is None:
            raise AssertionError(f"Did not find expected node '{summarize_node_def(e)}'")
        diff = _node_diff(a, e)
        if diff is not None:
            raise AssertionError(diff)
    if index:
        raise AssertionError(f"Found unexpected node "
                             f"'{summarize_node_def(next(iter(index.values())))}'")
