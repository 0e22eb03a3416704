"""Writes preprocessing_utils_golden.json: Keras 3.15's results (or errors) for
preprocessing_utils_cases.CASES.

Run with TensorFlow's interpreter from the repository root, with SciPy importable (Keras's
image transforms need it; a folder holding only a link to an installed scipy will do):
    PYTHONPATH=/path/to/scipy-only /work/tfref/bin/python \
        tests/keras/make_preprocessing_utils_golden.py
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.keras.preprocessing_utils_cases import CASES, run  # noqa: E402


def main() -> None:
    out = {"versions": {"tf": tf.__version__, "keras": tf.keras.version()}, "cases": {}}
    for cid, code in CASES.items():
        out["cases"][cid] = run(tf.keras, code)
    write_json(Path(__file__).with_name("preprocessing_utils_golden.json"), out, "\n",
               indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
