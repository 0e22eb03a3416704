"""Writes gpu_only_kernels_golden.json: TF 2.21's eager error (class and message) for each
case of gpu_only_kernels_cases.py on its CPU. Run with TensorFlow's interpreter, as a
module: TF_CPP_MIN_LOG_LEVEL=3 /work/tfref/bin/python -m tests.ops.record_gpu_only_kernels_golden"""

import os
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.gpu_only_kernels_cases import CASES  # noqa: E402


def main() -> None:
    out = {}
    for name, (call, d, _) in CASES.items():
        try:
            call(tf, d)
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            out[name] = {"error": type(e).__name__, "message": str(e)}
        else:
            raise AssertionError(f"{name}: TF's CPU computed it")
    write_json(Path(__file__).with_name("gpu_only_kernels_golden.json"), out, "\n")


if __name__ == "__main__":
    main()
