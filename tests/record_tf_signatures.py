"""Writes tests/tf_signatures.json: the parameters (name, kind, default's repr) of every
public function and class constructor in TF 2.21's main namespaces, which
test_tf_signatures.py holds eagerflow's to: keyword calls and positional calls of TF code
bind to the same parameters only if the names and their order are TF's.

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/record_tf_signatures.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# The root replaces this script's folder: from tests/, tests/keras would shadow Keras.
sys.path[0] = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

from tests.golden_io import write_json  # noqa: E402
from tests.signatures import NAMESPACES, signatures  # noqa: E402


def main() -> None:
    import tensorflow as tf

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_signatures.json")
    write_json(path, {"tf_version": tf.__version__, "namespaces": NAMESPACES,
                      "signatures": signatures(tf)}, separators=(",", ":"))


if __name__ == "__main__":
    main()
