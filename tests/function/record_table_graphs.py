"""Writes golden/table_graphs.json: TF 2.21's traced graphs (nodes, data and control
inputs) and results of table_graph_cases.py's functions, its TF 1 Sessions' tables and
its saved function's control inputs and its TF 1 graphs' static and mutable tables,
for test_table_graphs.py.

    $EAGERFLOW_TF_PYTHON tests/function/record_table_graphs.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.table_graph_cases import (  # noqa: E402
    CASES,
    outcome,
    saved_outcome,
    session_outcome,
    v1_graph_outcome,
    v1_mutable_outcome,
)
from tests.golden_io import write_json  # noqa: E402


def main() -> None:
    import tempfile

    import tensorflow as tf
    from tensorflow.core.protobuf.saved_model_pb2 import SavedModel

    cases = {case: outcome(tf, src) for case, src in CASES.items()}
    saved = saved_outcome(tf, SavedModel, tempfile.mkdtemp() + "/m")
    write_json(os.path.join(HERE, "golden", "table_graphs.json"),
               {"tf_version": tf.__version__, "cases": cases,
                "sessions": session_outcome(tf), "saved": saved,
                "v1_graph": v1_graph_outcome(tf), "v1_mutable": v1_mutable_outcome(tf)},
               indent=1, end="\n")


if __name__ == "__main__":
    main()
