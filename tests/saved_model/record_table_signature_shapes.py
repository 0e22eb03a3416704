"""Writes golden/table_signature_shapes.json from TensorFlow 2.21
(table_signature_cases.py). Run from the repository root with TensorFlow's interpreter:

    /work/main/.venv-peers/bin/python tests/saved_model/record_table_signature_shapes.py
"""

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tensorflow as tf  # noqa: E402
from table_signature_cases import run  # noqa: E402
from tensorflow.core.protobuf.saved_model_pb2 import SavedModel  # noqa: E402

if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as work:
        out = run(tf, SavedModel, work)
    (HERE / "golden" / "table_signature_shapes.json").write_text(json.dumps(out, indent=1)
                                                                  + "\n")
