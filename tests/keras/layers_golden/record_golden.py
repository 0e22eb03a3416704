"""Writes golden.json: what real Keras 3 (3.15.1, on TensorFlow 2.21) gives for the cases in
cases.py (outputs, gradients, weights' paths, configs, output shapes, or the error).

Run from the repository root with a TensorFlow interpreter:

    /work/tfref/bin/python tests/keras/layers_golden/record_golden.py [PREFIX ...]

With prefixes, only the cases whose ids start with one are recorded again (the others keep
their golden values). Keras's STFT initializer (the `stft_` and `audio_` cases) imports
scipy, which the TF interpreter may lack: install it beside it
(`pip install --no-deps --target DIR scipy`) and run with PYTHONPATH=DIR.
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "..", "..")]  # its cases; the repository root
import cases as C  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def main(prefixes):
    path = os.path.join(os.path.dirname(__file__), "golden.json")
    golden = {"cases": {}, "summaries": {}}
    if prefixes:
        with open(path) as f:
            golden = json.load(f)
    golden["versions"] = {"tf": tf.__version__, "keras": keras.version()}
    ids = {c["id"] for c in C.CASES}
    golden["cases"] = {k: v for k, v in golden["cases"].items() if k in ids}
    for c in C.CASES:
        if not prefixes or c["id"].startswith(tuple(prefixes)):
            keras.backend.clear_session()
            golden["cases"][c["id"]] = C.run(tf, keras, c)
    os.environ["COLUMNS"] = "80"  # summaries are as wide as the terminal allows
    golden["summaries"] = {name: C.summary(keras, name) for name in C.SUMMARIES}
    write_json(path, golden, indent=0, sort_keys=True)
    print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1:])
