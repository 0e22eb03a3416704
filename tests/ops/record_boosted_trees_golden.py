"""Writes boosted_trees_golden.json: what TF 2.21 gives for boosted_trees_cases.CASES,
eagerly and in a tf.function.

Run with TensorFlow's interpreter (from the repository root):
  .venv-peers/bin/python tests/ops/record_boosted_trees_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.boosted_trees_calls import eager, traced  # noqa: E402
from tests.ops.boosted_trees_cases import CASES, SETUP  # noqa: E402


def main() -> None:
    scope = {"tf": tf}
    exec(SETUP, scope)  # noqa: S102 (the cases' shared definitions)
    out = []
    for op, expr in CASES:
        out.append({"op": op, "kwargs": expr,
                    "eager": eager(tf, op, eval(expr, scope)),
                    "traced": traced(tf, op, eval(expr, scope))})
    path = ROOT / "tests" / "ops" / "boosted_trees_golden.json"
    write_json(path, {"tf_version": tf.__version__, "cases": out}, "\n", indent=1)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()
