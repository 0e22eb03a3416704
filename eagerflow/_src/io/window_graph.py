"""TF's GraphDef of a window's dataset: how a TF iterator's checkpoint holds an element of
its pipeline that is itself a dataset (the window a flat_map over a window() is reading).

Sits in io/, over tensor_proto.py; data/tf_iterator_state.py writes these. The graph is
the one TF's own serialization makes of a WindowOp dataset: one "Const/_k" node per
value of the window (element after element), a "WindowOp/_n" node over them, and the
`_Retval` named "dataset" giving it; the iterator state names that node
("inputs[0].output_node"). The message classes are TensorBoard's generated GraphDef (the
`summary` extra), loaded on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.io import tensor_proto


def window_graph(values: list, dtypes: list, shapes: list) -> tuple:
    """(the GraphDef's bytes, its output node's name) of a window dataset whose elements
    are `values` (one tuple of arrays per element) of components `dtypes`, `shapes`
    (lists of dims, None for an unknown one)."""
    from tensorboard.compat.proto import graph_pb2  # (as tensor_proto.py finds its class)

    gd = graph_pb2.GraphDef()
    names = []
    for element in values:
        for arr, dtype in zip(element, dtypes):
            node = gd.node.add(name=f"Const/_{len(names)}", op="Const")
            node.attr["value"].tensor.CopyFrom(tensor_proto.field_layout(np.asarray(arr),
                                                                         dtype))
            node.attr["dtype"].type = dtype.as_datatype_enum
            names.append(node.name)
    window = gd.node.add(name=f"WindowOp/_{len(names)}", op="WindowOp", input=names)
    window.attr["output_types"].list.type.extend(d.as_datatype_enum for d in dtypes)
    for dims in shapes:
        _shape(window.attr["output_shapes"].list.shape.add(), dims)
    window.attr["Tinputs"].list.type.extend(d.as_datatype_enum for e in values for d in dtypes)
    ret = gd.node.add(name="dataset", op="_Retval", input=[window.name])
    ret.attr["index"].i = 0
    ret.attr["T"].type = dt.variant.as_datatype_enum
    gd.library.SetInParent()
    gd.versions.producer = GRAPH_DEF_VERSION
    return gd.SerializeToString(), window.name


def _shape(proto: Any, dims: list | None) -> None:
    if dims is None:
        proto.unknown_rank = True
        return
    for d in dims:
        proto.dim.add(size=-1 if d is None else d)
