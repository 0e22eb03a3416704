"""Records what TensorFlow 2.21 writes and computes for the module of
tests/saved_model/dilated_conv_form_cases.py, for tests/saved_model/test_dilated_conv_form.py:
dilated_conv_form.json, the op counts of its saved serving function and its outputs.

    $EAGERFLOW_TF_PYTHON tests/saved_model/golden/make_dilated_conv_form.py
"""

import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import saved_model_pb2  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import dilated_conv_form_cases as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    saved = os.path.join(tempfile.mkdtemp(), "model")
    m = C.module(tf)
    tf.saved_model.save(m, saved)
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(saved, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    golden = {"tf_version": tf.__version__, "op_counts": C.op_counts(sm),
              "computed": C.run(tf, m), "loaded": C.run(tf, tf.saved_model.load(saved))}
    write_json(os.path.join(HERE, "dilated_conv_form.json"), golden, indent=1, end="\n")


if __name__ == "__main__":
    main()
