"""Records what TensorFlow 2.21 writes and computes for the functions of
tests/saved_model/dataset_func_args_cases.py, for
tests/saved_model/test_dataset_func_args_form.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_dataset_func_args_form.py`. Writes under dataset_func_args/:
TF's SavedModel of the cases' module and dataset_func_args_form.json: each function's
dataset node as TF wrote it (its data inputs, the attrs it set, the argument names of the
library functions its func attrs name) and what TF's own functions compute.
"""

import os
import re
import shutil
import sys
import tempfile

import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import dataset_func_args_cases as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAVED = os.path.join(HERE, "dataset_func_args")


def node_form(fdefs: dict, fdef, op: str) -> dict:
    nd = next(n for n in fdef.node_def if n.op == op)
    funcs = {k: [a.name for a in fdefs[v.func.name].signature.input_arg]
             for k, v in nd.attr.items() if v.HasField("func")}
    return {"inputs": [i for i in nd.input if not i.startswith("^")],
            "attrs": sorted(k for k in nd.attr if not k.startswith("_")), "funcs": funcs,
            "args": [a.name for a in fdef.signature.input_arg]}


def main() -> None:
    shutil.rmtree(SAVED, ignore_errors=True)
    m = C.module(tf)
    tf.saved_model.save(m, SAVED)
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(SAVED, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    fdefs = {f.signature.name: f for f in sm.meta_graphs[0].graph_def.library.function}
    nodes = {}
    for name, op in C.NODES.items():
        fdef = next(f for k, f in fdefs.items() if re.fullmatch(rf"__inference_{name}_\d+", k))
        nodes[name] = node_form(fdefs, fdef, op)
    golden = {"nodes": nodes, "computed": C.run(tf, m, tempfile.mkdtemp()),
              "loaded": C.run(tf, tf.saved_model.load(SAVED), tempfile.mkdtemp())}
    write_json(os.path.join(HERE, "dataset_func_args_form.json"), golden, indent=1)


if __name__ == "__main__":
    main()
