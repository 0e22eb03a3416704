"""Writes distribution_golden.json: what real TF 2.21 + Keras 3 (TensorFlow backend)
prints for distribution_cases' snippets; each DEVICE_SNIPPETS case in a process of its own
whose CPU is split in three first.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/keras/keras3/make_distribution_golden.py
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]
import distribution_cases as C  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import printed_by, write_json  # noqa: E402


def run(code):
    keras.backend.clear_session()
    return printed_by(C.PRELUDE + code, {"tf": tf, "keras": keras, "np": np})


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--device":  # (a child: one device case)
        tf.get_logger().setLevel("ERROR")
        sys.stdout.write(printed_by(C.SPLIT_CPU + C.PRELUDE + C.DEVICE_SNIPPETS[sys.argv[2]],
                                    {"tf": tf, "keras": keras, "np": np}))
        return
    golden = {name: run(code) for name, code in C.SNIPPETS.items()}
    for name in C.DEVICE_SNIPPETS:
        golden["device:" + name] = subprocess.run(
            [sys.executable, __file__, "--device", name], capture_output=True, text=True,
            check=True).stdout
    path = os.path.join(HERE, "distribution_golden.json")
    write_json(path, golden, end="\n", indent=1, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main()
