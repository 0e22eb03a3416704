"""TF's DatasetToGraphV2, DatasetToGraph and DatasetFromGraph: a dataset variant as the
bytes of TF's GraphDef of its pipeline, and back.

Sits in saved_model/ over dataset_export.py (the pipeline's nodes), function_export.py
(the library its functions are written into) and graph_import.py (a GraphDef's nodes run
as eagerflow's dataset ops); raw_ops.py and load.py import it, so that `tf.raw_ops` and
imported graphs find its ops by name.

The GraphDef is TF's: a node per stage and per constant, named as TF's serialization
names them ("Const/_0", "RangeDataset/_3": the type and the node's number), the
functions of map, filter, ... in its library, and a `_Retval` named "dataset" giving the
last stage. TensorFlow's DatasetFromGraph reads eagerflow's bytes, and eagerflow's reads
TensorFlow's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
)
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.data.dataset_variants import dataset_of
from eagerflow._src.data.external_state import first_stateful
from eagerflow._src.function.polymorphic import function
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import OpDef, TFForm, register
from eagerflow._src.saved_model import tf_ops
from eagerflow._src.saved_model.dataset_export import DatasetWriter
from eagerflow._src.saved_model.export_refs import ExportError
from eagerflow._src.saved_model.graph_import import import_graph_def
from eagerflow._src.saved_model.library_export import LibraryWriter
from eagerflow._src.saved_model.protos import pb


def _flat_name(fdef: Any, ref: str) -> str:
    """A FunctionDef's tensor name ("Split:output:1") as a GraphDef's ("Split:1"; an
    output 0 as the node's name)."""
    node, _, rest = ref.partition(":")
    if not rest:
        return node
    nd = next(n for n in fdef.node_def if n.name == node)
    flat = tf_ops.output_names(nd.op, tf_ops.with_defaults(nd.op, nd.attr))
    k = flat.index(rest)
    return node if k == 0 else f"{node}:{k}"


def dataset_graph_def(dataset: Any) -> Any:
    """TF's GraphDef of `dataset`'s pipeline."""
    lib = LibraryWriter()
    w = lib.new_function("dataset")
    out = DatasetWriter(w).dataset(dataset)
    fdef = w.fdef
    gd = pb().GraphDef()
    renamed: dict = {}
    for k, nd in enumerate(fdef.node_def):
        renamed[nd.name] = f"{nd.op}/_{k}"
    for nd in fdef.node_def:
        node = gd.node.add()
        node.CopyFrom(nd)
        node.name = renamed[nd.name]
        # (a dataset's graph holds no control edges: TF's is only its data flow)
        inputs = [_flat_name(fdef, r) for r in nd.input if not r.startswith("^")]
        node.input[:] = [renamed.get(i.partition(":")[0], i.partition(":")[0]) +
                         (":" + i.partition(":")[2] if i.partition(":")[2] else "")
                         for i in inputs]
    ret = gd.node.add(name="dataset", op="_Retval")
    src = _flat_name(fdef, out.name)
    node, _, idx = src.partition(":")
    ret.input.append(renamed[node] + (f":{idx}" if idx else ""))
    ret.attr["T"].type = dt.variant.as_datatype_enum
    ret.attr["index"].i = 0
    for f in lib.library.function:
        if f.signature.name != fdef.signature.name:
            f.attr["_tf_data_function"].b = True
            gd.library.function.add().CopyFrom(f)
    gd.versions.producer = GRAPH_DEF_VERSION
    return gd


def _to_graph(op: str, value: Any, fail: bool) -> np.ndarray:
    """`fail`: external state (a py_func, a stateful op) fails it, as under TF's policy
    FAIL (V2's external_state_policy=2, V1's allow_stateful=False)."""
    ds = dataset_of(op, value)
    name = first_stateful(ds) if fail else None
    if name is not None:
        raise FailedPreconditionError(None, None, "Failed to serialize the input pipeline "
                                      f"graph: {name} is stateful. [Op:{op}]")
    try:
        gd = dataset_graph_def(ds)
    except ExportError as e:
        raise C.fail(op, f"Failed to serialize the input pipeline graph: {e}") from None
    return np.array(gd.SerializeToString(), dtype=object)


def _from_graph(graph_def: Any) -> np.ndarray:
    raw = graph_def[()] if isinstance(graph_def, np.ndarray) else graph_def
    gd = pb().GraphDef()
    try:
        gd.ParseFromString(bytes(raw))
    except Exception:  # noqa: BLE001 - a protobuf decode error of any kind
        raise C.fail("DatasetFromGraph", "Could not parse GraphDef") from None
    ret = [nd for nd in gd.node if nd.op == "_Retval" and len(nd.input) == 1]
    if not ret:  # (TF's kernel looks for the node the `_Retval` names)
        raise NotFoundError(None, None, "FetchOutputs node : not found [Op:DatasetFromGraph]")
    src = ret[0].input[0]
    gd.node.remove(ret[0])
    out = src if ":" in src else f"{src}:0"

    def build() -> Any:
        return import_graph_def(gd, return_elements=[out], name="")[0]

    variant = function(build, autograph=False)()
    return np.asarray(variant._arr, dtype=object)


def _string_out(op: str) -> Any:
    def infer(*ins: Any, **attrs: Any) -> list:
        if ins[0]._dtype is not dt.variant:
            raise C.wrong_input_dtype(op, 0, dt.variant, ins[0]._dtype)
        return [((), dt.string)]
    return infer


def _variant_out(*ins: Any, **attrs: Any) -> list:
    if ins[0]._dtype is not dt.string:
        raise C.wrong_input_dtype("DatasetFromGraph", 0, dt.string, ins[0]._dtype)
    if ins[0]._shape != ():
        raise InvalidArgumentError(None, None, "graph_def must be a scalar [Op:DatasetFromGraph]")
    return [((), dt.variant)]


_FORM = TFForm(takes_handles=True)
_POLICY_FAIL = 2  # (TF's ExternalStatePolicy: WARN 0, IGNORE 1, FAIL 2)


def _attrs_form(*names: str) -> TFForm:
    """The form of an op whose TF attrs `names` it takes as its own."""
    return TFForm(names={n: n for n in names}, takes_handles=True)


register(OpDef(
    "DatasetToGraphV2", _string_out("DatasetToGraphV2"),
    lambda xp, v, external_state_policy=0, strip_device_assignment=False:
        _to_graph("DatasetToGraphV2", v, external_state_policy == _POLICY_FAIL),
    stateful=True, gpu=False,
    tf=_attrs_form("external_state_policy", "strip_device_assignment")))
register(OpDef(
    "DatasetToGraph", _string_out("DatasetToGraph"),
    lambda xp, v, stateful_whitelist=(), allow_stateful=False, strip_device_assignment=False:
        _to_graph("DatasetToGraph", v, not allow_stateful),
    stateful=True, gpu=False,
    tf=_attrs_form("stateful_whitelist", "allow_stateful", "strip_device_assignment")))
register(OpDef("DatasetFromGraph", _variant_out, lambda xp, g: _from_graph(g),
               stateful=True, gpu=False, tf=_FORM))

__all__ = ["dataset_graph_def"]
