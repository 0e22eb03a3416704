"""Records fuzz28_cases.py's calls under TF 2.21 (run with TF's Python from the repository
root: /work/tfref/bin/python tests/fuzz/record_fuzz28.py): each one's error class and whole
message, or its results' dtypes, shapes and exact values, into fuzz28_golden.json. (A
recording differs from the last only in the upper triangles of the failed Choleskys: TF
leaves them uninitialized, and the test does not read them.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

sys.path.insert(0, str(Path(__file__).parent))
from fuzz28_cases import complex_cases, linalg_cases, run  # noqa: E402

if __name__ == "__main__":
    tf.constant(1) + 1  # (a process that has run an op, as the tests')
    out = {case: run(case, tf, np) for case in complex_cases() + linalg_cases()}
    path = Path(__file__).with_name("fuzz28_golden.json")
    lines = (f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in out.items())
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # (a case a line)
    print(len(out), "cases")
