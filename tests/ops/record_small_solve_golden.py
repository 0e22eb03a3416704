"""Records small_solve_golden.npz with real TensorFlow 2.21 (CPU, oneDNN off): the cases of
small_solve_cases.py, each an array or (under "errors", as JSON) [class, message].

Run: $EAGERFLOW_TF_PYTHON tests/ops/record_small_solve_golden.py [OUT.npz]
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

import numpy as np  # noqa: E402

from tests.ops import small_solve_cases as C  # noqa: E402


def main() -> None:
    import tensorflow as tf

    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "small_solve_golden.npz")
    values, errors = {}, {}
    for name, case in C.inputs().items():
        got = C.run(tf, case)
        if isinstance(got, list):
            errors[name] = got
        else:
            values[name] = got
    np.savez_compressed(path, errors=np.array(json.dumps(errors, sort_keys=True)), **values)
    print("wrote", path, len(values), "arrays,", len(errors), "errors")


if __name__ == "__main__":
    main()
