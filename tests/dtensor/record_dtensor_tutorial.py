"""Records what TF 2.21 prints for dtensor_tutorial_cases.py's run of the DTensor
training tutorial: `/work/main/.venv-peers/bin/python tests/dtensor/record_dtensor_tutorial.py`
writes dtensor_tutorial_golden.json, which test_dtensor_tutorial.py compares eagerflow with."""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from tests.golden_io import write_json  # noqa: E402

GOLDEN = os.path.join(HERE, "dtensor_tutorial_golden.json")


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import dtensor_tutorial_cases as cases
    import tensorflow as tf

    cases.setup(tf)
    out = {"version": tf.__version__, "tutorial": cases.run(tf)}
    write_json(GOLDEN, out, "\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
