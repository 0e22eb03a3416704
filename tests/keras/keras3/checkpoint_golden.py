"""Writes checkpoint_golden.json: the object graph and keys of tf.train.Checkpoint for
each case of checkpoint_cases.py, as real TF 2.21 + Keras 3 writes them.

Run with a TensorFlow interpreter, from the repository root:

    /work/tfref/bin/python tests/keras/keras3/checkpoint_golden.py
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import trackable_object_graph_pb2  # noqa: E402

import keras  # noqa: E402
from tests.golden_io import write_json  # noqa: E402
from tests.keras.keras3 import checkpoint_cases as C  # noqa: E402


def parse_graph(data):
    return trackable_object_graph_pb2.TrackableObjectGraph.FromString(data)


def main():
    out = {"versions": {"tf": tf.__version__, "keras": keras.version()}, "cases": {}}
    with tempfile.TemporaryDirectory() as d:
        for name in C.ALL:
            keras.backend.clear_session()
            if name in C.LAYERS and not hasattr(keras.layers, C.LAYERS[name][0]):
                continue  # a layer TF 2.21's Keras no longer has
            try:
                objs = C.build(name, tf, keras)
            except Exception:  # noqa: BLE001 - a layer case Keras refuses: nothing to save
                if name in C.MORE_LAYERS:
                    continue
                raise
            path = tf.train.Checkpoint(**objs).write(os.path.join(d, name))
            out["cases"][name] = C.checkpoint_record(tf, parse_graph, path)
    target = os.path.join(os.path.dirname(__file__), "checkpoint_golden.json")
    write_json(target, out, indent=0, sort_keys=True)
    print("wrote", target, len(out["cases"]), "cases")


if __name__ == "__main__":
    main()
