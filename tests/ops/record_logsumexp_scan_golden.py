"""Records logsumexp_scan_golden.json with real TensorFlow 2.21: the forward values,
gradients and errors of logsumexp_scan_cases.py's tf.math.cumulative_logsumexp cases (and the
errors of several axes given to tf.math.cumsum and tf.math.cumprod).

Run: $EAGERFLOW_TF_PYTHON tests/ops/record_logsumexp_scan_golden.py
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import call_outcomes, encode_arrays_cases, write_json  # noqa: E402
from tests.ops.logsumexp_scan_cases import (  # noqa: E402
    error_cases,
    forward_cases,
    gradient_cases,
)

HERE = os.path.dirname(os.path.abspath(__file__))


def _run(cases: dict) -> dict:
    return encode_arrays_cases(call_outcomes({k: (lambda f=f: f(tf)) for k, f in
                                              cases.items()}))


def main() -> None:
    write_json(os.path.join(HERE, "logsumexp_scan_golden.json"),
               {"tensorflow": tf.__version__, "forward": _run(forward_cases()),
                "gradients": _run(gradient_cases()), "errors": _run(error_cases())},
               "\n")


if __name__ == "__main__":
    main()
