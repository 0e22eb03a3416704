"""Records csr_ordering_golden.json from TF 2.21 (csr_ordering_cases.py). Run from the repository
root with TensorFlow's interpreter:
/work/main/.venv-peers/bin/python tests/ops/record_csr_ordering_golden.py"""

import json
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(__file__))
from csr_ordering_cases import run_cases  # noqa: E402

path = os.path.join(os.path.dirname(__file__), "csr_ordering_golden.json")
with open(path, "w") as f:
    json.dump(run_cases(tf), f, indent=0, sort_keys=True)
    f.write("\n")
print("wrote", path)
