"""Records what TensorFlow 2.21 gives for the reference-variable programs of
ref_variable_programs.py into golden/ref_variables.json (and `disabled_v2`, run in a
process of its own, since it turns TF 2 behaviour off for good).

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_ref_variable_golden.py
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402
from tests.v1 import ref_variable_programs as rp  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    results = {name: program(tf) for name, program in rp.PROGRAMS.items()}
    done = run_program(os.path.join(HERE, "ref_variable_programs.py"), "tf")
    results["disabled_v2"] = json.loads(done.stdout.strip().splitlines()[-1])
    write_json(os.path.join(HERE, "golden", "ref_variables.json"), results, indent=0,
               sort_keys=True)


if __name__ == "__main__":
    main()
