"""Writes xla_refusals_golden.json: TF 2.21's outcome of each xla_refusal_cases.py call,
compiled by XLA (jit_compile=True) and not, for test_xla_refusals.py.

    $EAGERFLOW_TF_PYTHON tests/ops/record_xla_refusals.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["CUDA_VISIBLE_DEVICES"] = ""  # (XLA_CPU_JIT's kernels, as eagerflow words them)
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.xla_refusal_cases import CASES, run  # noqa: E402


def main() -> None:
    import tensorflow as tf

    tf.autograph.set_verbosity(0)
    out = {f"{fn.__name__} {dtype} jit={jit}": run(tf, fn, dtype, shapes, jit)
           for fn, dtype, shapes in CASES for jit in (True, False)}
    write_json(os.path.join(HERE, "xla_refusals_golden.json"),
               {"tf_version": tf.__version__, "results": out}, indent=1, end="\n")


if __name__ == "__main__":
    main()
