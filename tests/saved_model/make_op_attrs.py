"""Writes eagerflow/_src/saved_model/op_attrs.json: each registered op's attrs as its
samples show them (function_import.sample_attrs), which a SavedModel's op nodes and
tf.raw_ops calls are read by. Reading them from the samples at run time would build every
op's samples (~1 s, and temporary files); test_op_attrs.py checks the table is current.

    python tests/saved_model/make_op_attrs.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from eagerflow._src.ops.registry import all_ops  # noqa: E402
from eagerflow._src.saved_model.function_import import sample_attrs  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

TABLE = ROOT / "eagerflow" / "_src" / "saved_model" / "op_attrs.json"


def table() -> dict:
    """op name -> {attr: "bytes" or "value"}, for every op with samples."""
    return {op.name: sample_attrs(op) for op in sorted(all_ops(), key=lambda o: o.name)
            if len(op.samples)}


if __name__ == "__main__":
    write_json(TABLE, table(), end="\n", indent=1)
    print(f"wrote {TABLE}")
