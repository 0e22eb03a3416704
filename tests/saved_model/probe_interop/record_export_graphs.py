"""Records export_graphs_golden.json: the facts (export_graphs.facts) of each case of
export_graphs.py as TensorFlow 2.21 / Keras 3.15 write it. Run with TF's interpreter from
the repository root:

    $EAGERFLOW_TF_PYTHON tests/saved_model/probe_interop/record_export_graphs.py
"""

import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
sys.path.insert(0, os.getcwd())

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import saved_model_pb2  # noqa: E402

from tests.saved_model.probe_interop import export_graphs  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    out = {}
    with tempfile.TemporaryDirectory() as work:
        for name, build in export_graphs.CASES.items():
            path = os.path.join(work, name)
            keras.utils.set_random_seed(0)
            build(tf, keras, path)
            sm = saved_model_pb2.SavedModel()
            with open(os.path.join(path, "saved_model.pb"), "rb") as f:
                sm.ParseFromString(f.read())
            out[name] = export_graphs.facts(sm, tf.train.list_variables, path)
    with open(os.path.join(HERE, "export_graphs_golden.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
