"""Records eigen32_golden.json with real TensorFlow 2.21 (oneDNN off, as the CPU kernels
eagerflow follows): the results of eigen32_cases.py's expressions, each as its shape, a
hash of its float32 bits and its first values.

Run: TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_eigen32_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.eigen32_cases import (  # noqa: E402
    adam_cases,
    erf_cases,
    pow_cases,
    record,
    sum_cases,
)

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    out = {}
    for name, (expr, env) in sum_cases().items():
        out[name] = record(eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}))
    for name, (expr, env, keep) in pow_cases().items():
        y = eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}).numpy()
        out[name] = record(y.reshape(-1)[keep])
    for name, (expr, env) in erf_cases().items():
        out[name] = record(eval(expr, {"tf": tf, **{k: tf.constant(v) for k, v in env.items()}}))
    for name, (code, env) in adam_cases().items():
        scope = {"tf": tf, "keras": keras, "np": np, **env}
        exec(code, scope)
        out[name] = record(scope["result"])
    write_json(os.path.join(HERE, "eigen32_golden.json"), out, "\n", indent=1)


if __name__ == "__main__":
    main()
