"""Exports dataset_meta_programs.py's TF 1 input pipelines with TensorFlow 2.21 into
golden/meta/datasets/pipelines.meta (the fixture test_dataset_meta_graph.py imports
without TF) and records TF's run of that file into golden/v1_dataset_meta.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_dataset_meta_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.v1.dataset_meta_programs import export, run  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
META = os.path.join(HERE, "meta", "datasets", "pipelines.meta")


def main() -> None:
    tf.compat.v1.disable_eager_execution()
    os.makedirs(os.path.dirname(META), exist_ok=True)
    types = export(tf, META)
    write_json(os.path.join(HERE, "v1_dataset_meta.json"), {"types": types, **run(tf, META)},
               indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
