"""Records TF 2.21's eager results for tensor_list_cases.py into tensor_list_golden.json.

Run from the repository root with TF 2.21's Python:
    /work/main/.venv-peers/bin/python tests/ops/record_tensor_list_golden.py
"""
import json
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from tensor_list_cases import CASES, run_case  # noqa: E402

if __name__ == "__main__":
    out = {name: run_case(tf, code, np) for name, code in CASES.items()}
    path = HERE / "tensor_list_golden.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(out)} cases to {path}")
