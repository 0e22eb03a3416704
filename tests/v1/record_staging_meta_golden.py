"""Exports staging_meta_programs.py's graph with TensorFlow 2.21 into
golden/meta/staging/staging.meta (the fixture test_staging_meta_graph.py imports without TF)
and records TF's run of that file into golden/v1_staging_meta.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_staging_meta_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json, run_program  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "staging_meta_programs.py")
FIXTURE = os.path.join(HERE, "golden", "meta", "staging")


def run(python: str, impl: str, meta: str) -> dict:
    """The graph of `meta` run under `impl` ("tf" or "eagerflow")."""
    return program_json(python, PROGRAM, impl, "run", meta, cwd=ROOT)[0]


if __name__ == "__main__":
    os.makedirs(FIXTURE, exist_ok=True)
    run_program(PROGRAM, "tf", "export", FIXTURE, cwd=ROOT)
    write_json(os.path.join(HERE, "golden", "v1_staging_meta.json"),
               run(sys.executable, "tf", os.path.join(FIXTURE, "staging.meta")),
               indent=1, sort_keys=True)
