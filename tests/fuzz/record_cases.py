"""Writes NAME_golden.json from TensorFlow 2.21 for each NAME given (NAME_cases.py's `run`:
kw47, order47b, fuzz48, fuzz48b, fuzz49, fuzz49b). Run from the repository root with TF's
interpreter:

    /work/tfref/bin/python tests/fuzz/record_cases.py fuzz48 fuzz48b
"""

import importlib
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# (TF's own kernels, as eagerflow's: the default build's oneDNN DepthwiseConv2dNative aborts
# the process on a rank-3 input, a failed check in tensor_format.h, where TF's own kernel
# refuses it; it also refuses batch strides as unimplemented, TF's own as invalid)
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]
from tests.golden_io import write_json  # noqa: E402

if __name__ == "__main__":
    tf.constant(0)  # (steady state: TF's first op of a process takes the slow path)
    for name in sys.argv[1:]:
        out = importlib.import_module(f"{name}_cases").run(tf)
        write_json(HERE / f"{name}_golden.json", out, "\n", indent=1)
        print(name, len(out), "cases")
