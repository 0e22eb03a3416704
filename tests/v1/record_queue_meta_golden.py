"""Exports queue_meta_programs.py's pipelines with TensorFlow 2.21 into
golden/meta/queues/pipeline.meta (the fixture test_queue_meta_graph.py imports without TF)
and records TF's run of that file into golden/v1_queue_meta.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_queue_meta_golden.py
"""

from __future__ import annotations

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import program_json, run_program  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "queue_meta_programs.py")
FIXTURE = os.path.join(HERE, "golden", "meta", "queues")


def export(out_dir: str) -> str:
    """The pipelines' meta graph, written by TF (this interpreter) into `out_dir`."""
    run_program(PROGRAM, "tf", "export", out_dir, cwd=ROOT)
    return os.path.join(out_dir, "pipeline.meta")


def run(python: str, impl: str, meta: str) -> dict:
    """The pipelines of `meta` run under `impl` ("tf" or "eagerflow")."""
    with tempfile.TemporaryDirectory() as tmp:
        results, _ = program_json(python, PROGRAM, impl, "run", meta, tmp, cwd=ROOT)
    return results


def nodes(python: str, impl: str) -> list:
    """The nodes building the pipelines makes under `impl`."""
    return program_json(python, PROGRAM, impl, "nodes", cwd=ROOT)[0]


if __name__ == "__main__":
    os.makedirs(FIXTURE, exist_ok=True)
    meta = export(FIXTURE)
    write_json(os.path.join(HERE, "golden", "v1_queue_meta.json"),
               {**run(sys.executable, "tf", meta), "nodes": nodes(sys.executable, "tf")},
               indent=1, sort_keys=True)
