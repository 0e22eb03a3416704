"""Writes weights_golden.json: weights_cases.py run by Keras 3 on TensorFlow 2.21.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/keras/tf_weights_golden.py [OUT.json]
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import tensorflow as tf  # noqa: E402
import weights_cases as W  # noqa: E402

import keras  # noqa: E402


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__),
                                                               "weights_golden.json")
    golden = {"tf_version": tf.__version__, "keras_version": keras.__version__,
              **W.run_all(keras)}
    with open(path + ".tmp", "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(path + ".tmp", path)
    print("wrote", path)


if __name__ == "__main__":
    main()
