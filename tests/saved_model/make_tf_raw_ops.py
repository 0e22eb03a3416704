"""Writes eagerflow/_src/saved_model/tf_raw_ops.json from real TensorFlow 2.21.

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/saved_model/make_tf_raw_ops.py

`tf.raw_ops.X` is a keyword-only Python function whose name and parameter names come from
TF's API definitions, not from the OpDef alone: Sum's `reduction_indices` input is the
parameter `axis`, and ops hidden from TF's Python API are named with a leading underscore
(`_sum`). For each op of tf_op_signatures.json that tf.raw_ops has, this records the
function's name and its parameters in order, each paired with the OpDef input or attribute
it sets (inputs by position, attributes by name, renamed ones looked up by elimination).
"""

import inspect
import json
import sys
from pathlib import Path

import tensorflow as tf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.golden_io import write_json  # noqa: E402

TABLE = ROOT / "eagerflow" / "_src" / "saved_model"


def params(name: str, op: dict) -> list:
    """[[parameter, OpDef input or attribute], ...] of tf.raw_ops.<name>, `name=` left out."""
    given = [p for p in inspect.signature(getattr(tf.raw_ops, name)).parameters if p != "name"]
    inputs = [a["name"] for a in op.get("inputArg", [])]
    inferred = {a[k] for a in op.get("inputArg", [])
                for k in ("typeAttr", "numberAttr", "typeListAttr") if k in a}
    attrs = [a["name"] for a in op.get("attr", []) if a["name"] not in inferred]
    pairs = [[p, arg] for p, arg in zip(given, inputs)]
    rest = given[len(inputs):]
    unmatched = [a for a in attrs if a not in rest]
    for p in rest:
        pairs.append([p, p if p in attrs else unmatched.pop(0)])
    return pairs


def main() -> None:
    ops = json.loads((TABLE / "tf_op_signatures.json").read_text())
    out = {name: {"fn": getattr(tf.raw_ops, name).__name__, "params": params(name, op)}
           for name, op in sorted(ops.items()) if hasattr(tf.raw_ops, name)}
    path = TABLE / "tf_raw_ops.json"
    write_json(path, out, "\n", sort_keys=True, separators=(",", ":"))
    print(f"{len(out)} ops -> {path}")


if __name__ == "__main__":
    main()
