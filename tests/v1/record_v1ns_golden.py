"""Records what TensorFlow 2.21 gives for the uses of tf.compat.v1's TF 1 names in
v1ns_programs.py into golden/v1ns.json, and, for each TF 1 name eagerflow resolves to a TF 2
object (eagerflow/_src/v1/names.py's ALIASES), whether TF's is that very object.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_v1ns_golden.py
"""

from __future__ import annotations

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.v1.v1ns_programs import PROGRAMS, print_lines  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def _table() -> dict:
    """eagerflow's ALIASES, read from its file (plain data) without importing eagerflow."""
    path = os.path.join(ROOT, "eagerflow", "_src", "v1", "names.py")
    spec = importlib.util.spec_from_file_location("v1_names", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ALIASES


def _resolve(root, dotted: str):
    for part in dotted.split("."):
        root = getattr(root, part)
    return root


def main() -> None:
    aliases = {}
    for v1_name, tf2_name in sorted(_table().items()):
        aliases[v1_name] = [tf2_name, _resolve(tf.compat.v1, v1_name) is _resolve(tf, tf2_name)]
    results = {name: program(tf) for name, program in PROGRAMS.items()}
    printed = print_lines(sys.executable, "tensorflow", ROOT)
    write_json(os.path.join(HERE, "v1ns.json"), {"aliases": aliases, "programs": results,
                                                 "print": printed},
               indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
