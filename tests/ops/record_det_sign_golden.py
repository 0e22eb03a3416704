"""Writes det_sign_golden.json: TF 2.21's tf.linalg.det and tf.linalg.slogdet on the
matrices of det_sign_cases.py. Run with TensorFlow's interpreter, as a module:
TF_CPP_MIN_LOG_LEVEL=3 /work/tfref/bin/python -m tests.ops.record_det_sign_golden"""

import os
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.det_sign_cases import CASES, MATRICES, plain  # noqa: E402


def main() -> None:
    out = {}
    for name, dtype in CASES:
        a = np.array(MATRICES[name], dtype)
        sign, logabs = tf.linalg.slogdet(a)
        out[f"{name} {dtype}"] = {"det": plain(tf.linalg.det(a)), "sign": plain(sign),
                                  "log_abs": plain(logabs)}
    write_json(Path(__file__).with_name("det_sign_golden.json"), out, "\n")


if __name__ == "__main__":
    main()
