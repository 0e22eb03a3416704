"""Records the ops and underscore attrs of the call, control-flow and py_func nodes (and
the attrs of the functions) TF 2.21 saves for each program of node_attr_cases.py (and
the XLA attrs of those it saves again once loaded), for
tests/saved_model/test_node_attrs.py.

Run with the reference interpreter from the repository root:
`$EAGERFLOW_TF_PYTHON tests/saved_model/golden/make_node_attrs.py`. Writes node_attrs.json.
"""

import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import saved_model_pb2  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model import node_attr_cases as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    out = {}
    for name in C.NAMES:
        d = tempfile.mkdtemp()
        tf.saved_model.save(C.build(tf, np, name), d)
        out[name] = C.summary(os.path.join(d, "saved_model.pb"), saved_model_pb2.SavedModel)
    for name in C.RESAVED:  # (saved, loaded and saved again)
        d, again = tempfile.mkdtemp(), tempfile.mkdtemp()
        tf.saved_model.save(C.build(tf, np, name), d)
        tf.saved_model.save(tf.saved_model.load(d), again)
        out[f"resaved_{name}"] = C.xla_summary(os.path.join(again, "saved_model.pb"),
                                               saved_model_pb2.SavedModel)
    write_json(os.path.join(HERE, "node_attrs.json"), out, indent=1)


if __name__ == "__main__":
    main()
