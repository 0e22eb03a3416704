"""Records what TensorFlow 2.21 writes and computes for the functions of
tests/saved_model/optional_cases.py, for tests/saved_model/test_optional_form.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_optional_form.py`. Writes TF's SavedModel of the cases'
module under optional/ and optional_form.json: the cases' `structure` of TF's file (each
function's optional nodes), what TF's own functions compute and what the functions TF
loads from its file compute.
"""

import os
import shutil
import sys

import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import optional_cases as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAVED = os.path.join(HERE, "optional")


def main() -> None:
    shutil.rmtree(SAVED, ignore_errors=True)
    m = C.module(tf)
    computed = C.run(tf, m)
    tf.saved_model.save(m, SAVED)
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(SAVED, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    golden = {"structure": C.structure(sm), "computed": computed,
              "loaded": C.run(tf, tf.saved_model.load(SAVED))}
    write_json(os.path.join(HERE, "optional_form.json"), golden, indent=1)


if __name__ == "__main__":
    main()
