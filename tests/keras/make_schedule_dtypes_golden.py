"""Writes schedule_dtypes_golden.json: Keras 3's values, dtypes and errors for the cases of
schedule_dtype_cases.py.

Run from the repository root with TensorFlow's interpreter:
TF_CPP_MIN_LOG_LEVEL=3 /work/tfref/bin/python tests/keras/make_schedule_dtypes_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.schedule_dtype_cases import CASES, outcome  # noqa: E402


def main() -> None:
    env = {"S": keras.optimizers.schedules, "np": np, "keras": keras}
    out = {expr: outcome(lambda e=expr: eval(e, env)) for expr in CASES}
    write_json(Path(__file__).with_name("schedule_dtypes_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
