"""Writes seed_kinds_golden.json: TF 2.21's outcome of each seed_kinds_cases.py seed, each
way, for test_seed_kinds.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_seed_kinds.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.seed_kinds_cases import SEEDS, WAYS, run  # noqa: E402


def main() -> None:
    import numpy as np
    import tensorflow as tf

    out = {f"{e} {way}": run(tf, np, e, way) for e in SEEDS for way in WAYS}
    write_json(os.path.join(HERE, "seed_kinds_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=0, end="\n")


if __name__ == "__main__":
    main()
