"""Writes eagerflow/_src/saved_model/tf_op_signatures.json from real TensorFlow 2.21.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/saved_model/make_tf_op_signatures.py
(eagerflow's op names come from eagerflow's own interpreter, .venv/bin/python, or
$EAGERFLOW_PYTHON: TensorFlow's environment lacks eagerflow's dependencies.)

A SavedModel names every operation of its functions by TF's op name, its inputs by TF's
output argument names ("MatMul:product:0") and leaves out attributes equal to their
defaults. Exporting and importing graphs therefore needs each op's interface: argument
names, type attributes, attribute types and defaults. This script records that interface
(no documentation text) for the ops eagerflow's registry defines and the TF ops its
SavedModel code composes or emits (`tf_ops.EXTRA_OPS`), with the GraphDef version that
removed an op and TF's advice then, which its refusal of the op quotes.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from google.protobuf import json_format  # noqa: E402
from tensorflow.core.framework import op_def_pb2  # noqa: E402
from tensorflow.python.client import pywrap_tf_session as c_api  # noqa: E402

NAMES = """
import json
import eagerflow._src.saved_model.function_import  # (it loads the ops of higher layers)
import eagerflow._src.saved_model.dataset_graph_ops  # (DatasetToGraph, DatasetFromGraph)
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.saved_model.tf_ops import EXTRA_OPS
print(json.dumps(sorted({op.name for op in all_ops()} | set(EXTRA_OPS))))
"""


def eagerflow_names() -> tuple:
    """(every registered op's name plus EXTRA_OPS, EXTRA_OPS), from eagerflow's interpreter."""
    python = os.environ.get("EAGERFLOW_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
    out = subprocess.run([python, "-c", NAMES], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    extra = subprocess.run([python, "-c", "from eagerflow._src.saved_model.tf_ops import "
                            "EXTRA_OPS; print(' '.join(EXTRA_OPS))"], capture_output=True,
                           text=True, check=True, cwd=ROOT).stdout.split()
    return set(json.loads(out)), set(extra)


def main() -> None:
    buf = c_api.TF_GetAllOpList()
    op_list = op_def_pb2.OpList()
    op_list.ParseFromString(c_api.TF_GetBuffer(buf))
    wanted, extra_ops = eagerflow_names()
    out = {}
    for op in op_list.op:
        if op.name not in wanted:
            continue
        op.ClearField("summary")
        op.ClearField("description")
        for arg in list(op.input_arg) + list(op.output_arg):
            arg.ClearField("description")
        for attr in op.attr:
            attr.ClearField("description")
        out[op.name] = json_format.MessageToDict(op)
        del out[op.name]["name"]
    missing = sorted(extra_ops - set(out))
    if missing:
        raise SystemExit(f"not TF ops: {missing}")
    path = ROOT / "eagerflow" / "_src" / "saved_model" / "tf_op_signatures.json"
    path.write_text(json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{len(out)} ops -> {path}")


if __name__ == "__main__":
    main()
