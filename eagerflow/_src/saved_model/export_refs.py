"""What the SavedModel writers share below them: the error for what TF's graphs can't
express, the Ref naming a tensor of the FunctionDef being written, the resources a graph
captures and the eager tensors a SavedModel binds to its functions, a held dataset's
tracker, and how a node's list
inputs split among its list arguments (function_export.py and control_flow_export.py
import them; the former re-exports them)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.resource import HeldResource
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.trackable import AutoTrackable, is_variable


class ExportError(ValueError):
    """An operation (or structure) that TensorFlow's graphs can't express."""


def untracked(function: str, captured: str, referring: str, internal: str) -> AssertionError:
    """TF's refusal to save a function that captures a resource (a variable, a table, a
    dataset's variant) no saved object holds; its details name the function, the
    captured value, what refers to it (`referring`: the whole line) and the graph's
    tensor capturing it (TF's numbering and referrers are the process's own)."""
    return AssertionError(
        "Tried to export a function which references an 'untracked' resource. TensorFlow "
        "objects (e.g. tf.Variable) captured by functions must be 'tracked' by assigning "
        "them to an attribute of a tracked object or assigned to an attribute of the main "
        f"object directly. See the information below:\n\tFunction name = "
        f"{function.encode()!r}\n\tCaptured Tensor = {captured}\n\t{referring}\n"
        f"\tInternal Tensor = {internal}")


class DatasetTracker:
    """The `_variant_tracker` TF saves a tf.data dataset that an object holds as: a
    resource whose `_create_resource` builds the dataset's pipeline and returns its
    variant. The saved functions using that dataset take the variant as a captured
    argument bound to this object, rather than building the pipeline themselves."""

    def __init__(self, dataset: Any) -> None:
        self.dataset = dataset


class VariantTracker(AutoTrackable):
    """A loaded dataset's `_variant_tracker` (TF's resource of a tf.data dataset that a
    saved object held): its `_create_resource` function, imported and run, rebuilds the
    dataset that the functions capturing the tracker take. Its three functions are its
    children, so that saving the loaded object again writes them back, as TF's; the
    functions taking its variant (`_value`) then capture the tracker again."""

    def __init__(self) -> None:
        self._value: Any = None  # (the loader's: made when a function first binds it)


# (TF's loaded tracker is a plain RestoredResource: so its class is named)
VariantTracker.__name__ = VariantTracker.__qualname__ = "RestoredResource"


class Ref:
    """A tensor of the FunctionDef being written: how nodes name it, its dtype and shape."""

    __slots__ = ("name", "dtype", "shape")

    def __init__(self, name: str, dtype: dt.DType, shape: Any = None) -> None:
        self.name, self.dtype, self.shape = name, dtype, shape

    def __repr__(self) -> str:
        return f"Ref({self.name}, {self.dtype.name})"


def touched_captures(graph: Any, assets: dict, tables: dict) -> list:
    """The variables `graph` reads or writes, the tables it uses and the assets whose paths
    it uses, nested functions and branches included, in order of first use."""
    out: dict = {}

    def walk(g: Any) -> None:
        for op in g.operations:
            for x in list(op.inputs) + [op.attrs.get("var")]:
                if x is not None and is_variable(x):
                    out.setdefault(id(x), x)
                elif isinstance(x, HeldResource):  # (a table taken by reference)
                    table = tables.get(id(x), x)
                    out.setdefault(id(table), table)
            if op.type == "Const" and id(op.attrs["value"]) in assets:
                asset = assets[id(op.attrs["value"])]
                out.setdefault(id(asset), asset)
            fn = getattr(op.op, "fn", None)
            if fn is not None and hasattr(fn, "graph"):
                walk(fn.graph)
            for sub in getattr(op.op, "subgraphs", None) or ():
                walk(getattr(sub, "graph", sub))

    walk(graph)
    return list(out.values())


def bound_eager_captures(graph: Any) -> list:
    """(eager tensor, the graph tensor capturing it) for each eager tensor a tf.function's
    `graph` captured, in the order captured: a small one's Const, a large one's placeholder
    (what TF's FunctionDef takes as an argument and a SavedModel binds to a constant). A
    branch's or loop body's captures are inputs the op feeds, a handle a variable's."""
    if getattr(graph, "eager_as_input", False):
        return []
    return [(x, t) for x, t in getattr(graph, "capture_list", ())
            if type(x) is EagerTensor and x._dtype not in (dt.resource, dt.variant)
            and t._op.type in ("Const", "Placeholder")]


def list_input_sizes(lists: list, attrs: dict, by_tf: dict, n_list: int) -> dict | None:
    """How many of the `n_list` list inputs each list argument takes: one list takes them
    all; several (a scan's initial_state and other_arguments) take what their attrs say
    (a type list's length, a count), one of them at most the rest. None where that can't
    be told. Lists that share one count attr and say nothing more share the rest equally."""
    if len(lists) <= 1:
        return {a.name: n_list for a in lists}
    sizes, unknown = {}, []
    for a in lists:
        key = by_tf.get(a.type_list_attr or a.number_attr)
        value = attrs.get(key) if key is not None else None
        if isinstance(value, (list, tuple)):
            sizes[a.name] = len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            sizes[a.name] = int(value)
        else:
            unknown.append(a.name)
    rest = n_list - sum(sizes.values())
    counts = {a.number_attr for a in lists if a.name in unknown}
    if len(unknown) > 1 and len(counts) == 1 and "" not in counts and \
            rest % len(unknown) == 0:
        # lists of one count (QuantizedConcat's N values, mins and maxes): equal parts
        return {**sizes, **{name: rest // len(unknown) for name in unknown}}
    if len(unknown) > 1 or rest < 0 or (not unknown and rest):
        return None
    sizes.update({name: rest for name in unknown})
    return sizes
