"""Exports sparse_tensors_map_program.py's TF 1 graph with TensorFlow 2.21 into
tests/v1/golden/meta/sparse_map/sparse_map.meta (the fixture test_sparse_tensors_map.py
imports without TF) and records TF's eager calls and its run of that file into
sparse_tensors_map_golden.json.

Run: $EAGERFLOW_TF_PYTHON tests/ops/record_sparse_tensors_map_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json, run_program  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "sparse_tensors_map_program.py")
FIXTURE = os.path.join(ROOT, "tests", "v1", "golden", "meta", "sparse_map")
META = os.path.join(FIXTURE, "sparse_map.meta")


def run(python: str, impl: str) -> dict:
    """The eager calls and the graph's runs under `impl` ("tf" or "eagerflow")."""
    return {"eager": program_json(python, PROGRAM, impl, "eager", cwd=ROOT)[0],
            "graph": program_json(python, PROGRAM, impl, "run", META, cwd=ROOT)[0]}


if __name__ == "__main__":
    os.makedirs(FIXTURE, exist_ok=True)
    run_program(PROGRAM, "tf", "export", FIXTURE, cwd=ROOT)
    write_json(os.path.join(HERE, "sparse_tensors_map_golden.json"),
               run(sys.executable, "tf"), indent=1, sort_keys=True)
