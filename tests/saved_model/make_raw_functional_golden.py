"""Writes golden/raw_functional.json: what TF 2.21 returns or raises for
raw_functional_cases.CASES.

Run with TensorFlow's interpreter (from the repository root):
  /work/tfref/bin/python tests/saved_model/make_raw_functional_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.saved_model.raw_functional_cases import CASES, SETUP  # noqa: E402
from tests.saved_model.raw_ops_cases import error, record  # noqa: E402


def main() -> None:
    scope = {"tf": tf, "np": np}
    exec(SETUP, scope)  # noqa: S102 (the cases' shared definitions)
    out = {}
    for expr in CASES:
        try:
            out[expr] = record(eval(expr, scope))
        except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
            out[expr] = error(e)
    path = ROOT / "tests" / "saved_model" / "golden" / "raw_functional.json"
    write_json(path, out, "\n", indent=1)
    print(f"{len(out)} cases -> {path}")


if __name__ == "__main__":
    main()
