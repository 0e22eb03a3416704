"""Writes tests/keras/keras_signatures.json: the parameters (name, kind, default's repr)
of every public function and class constructor in tf.keras's namespaces (Keras 3 on TF
2.21), and the configs of objects made by positional calls, which
test_keras_signatures.py holds eagerflow's to: Keras code binds its arguments to the same
parameters here only if the names and their order are Keras's.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/keras/record_keras_signatures.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.signatures import KERAS_NAMESPACES, keras_call_configs, keras_signatures  # noqa: E402


def main() -> None:
    import tensorflow as tf

    import keras

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras_signatures.json")
    write_json(path, {"tf_version": tf.__version__, "keras_version": keras.__version__,
                      "namespaces": KERAS_NAMESPACES, "signatures": keras_signatures(tf),
                      "calls": keras_call_configs(tf.keras)}, separators=(",", ":"))


if __name__ == "__main__":
    main()
