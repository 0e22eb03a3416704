"""Records what TensorFlow 2.21 writes and computes for the functions of
tests/saved_model/parse_forms_cases.py, for tests/saved_model/test_parse_forms.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_parse_forms.py`. Writes under parse_forms/: TF's SavedModel
of the cases' module (every function a signature too) and parse_forms.json: for each
function, its ParseExampleV2 node as TF wrote it (attrs; the constants it takes as names,
keys and dense defaults) and what TF's own function computes on the cases' data; for
the SequenceExample functions, its ParseSequenceExampleV2 node; and the outputs of
tf.raw_ops calls of both ops.
"""

import os
import shutil
import sys

import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import parse_forms_cases as C  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "parse_forms")


def main() -> None:
    shutil.rmtree(HERE, ignore_errors=True)
    os.makedirs(HERE)
    m = C.module(tf)
    path = os.path.join(HERE, "saved_model")
    tf.saved_model.save(m, path, signatures={k: getattr(m, k) for k in C.FUNCTIONS})
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    fdefs = {f.signature.name: f for f in sm.meta_graphs[0].graph_def.library.function}
    golden = {"nodes": {}, "outputs": {}}
    for name in C.FUNCTIONS:
        fdef = next(f for k, f in fdefs.items() if k.startswith(f"__inference_{name}_")
                    and "signature_wrapper" not in k)
        golden["nodes"][name] = node_summary(fdef)
        golden["outputs"][name] = C.flat(tf, getattr(m, name)(C.call_input(tf, name)))
    golden["raw"] = C.raw_calls(tf)
    write_json(os.path.join(HERE, "parse_forms.json"), golden, indent=1)


def node_summary(fdef) -> dict:
    """The function's ParseExampleV2 node: its attrs (dtypes by name, shapes as lists,
    -1 unknown) and, for each input after `serialized`, the Const it reads (its dtype,
    shape and values), as a Reshape of a Const where TF reshapes a default."""
    nodes = {n.name: n for n in fdef.node_def}
    node = next(n for n in fdef.node_def if n.op in C.PARSE_OPS)
    inputs = [const_of(nodes, i) for i in node.input[1:]]
    attrs = {k: attr_of(node.attr[k]) for k in sorted(node.attr) if not k.startswith("_")}
    return {"attrs": attrs, "inputs": inputs}


def attr_of(v) -> object:
    """An attr as plain data: a count, dtype names, shapes as dim lists (-1 unknown)."""
    kind = v.WhichOneof("value")
    if kind == "i":
        return v.i
    if v.list.shape:
        return [[d.size for d in s.dim] for s in v.list.shape]
    return [tf.dtypes.as_dtype(t).name for t in v.list.type]


def const_of(nodes: dict, ref: str) -> dict:
    """The constant an input reads: a Const's value, or a Reshape's of a Const to a
    constant shape."""
    n = nodes[ref.split(":")[0]]
    if n.op == "Reshape":
        value = const_of(nodes, n.input[0])
        shape = tf.make_ndarray(nodes[n.input[1].split(":")[0]].attr["value"].tensor)
        return {**value, "shape": [int(x) for x in shape]}
    assert n.op == "Const", n.op
    a = tf.make_ndarray(n.attr["value"].tensor)
    return {"dtype": tf.dtypes.as_dtype(n.attr["dtype"].type).name, "shape": list(a.shape),
            "values": [x.decode() if isinstance(x, bytes) else x
                       for x in a.reshape(-1).tolist()]}


if __name__ == "__main__":
    main()
