"""Writes golden/tf_captured_constants/ (captured_constants_cases.py's SavedModel, saved by
TensorFlow 2.21) and captured_constants.json (TF's probe of its load). Run with TF's
interpreter from the repository root:
    $EAGERFLOW_TF_PYTHON tests/saved_model/golden/make_captured_constants.py
"""

import json
import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import tensorflow as tf  # noqa: E402
from captured_constants_cases import build, probe  # noqa: E402

if __name__ == "__main__":
    out = HERE / "tf_captured_constants"
    shutil.rmtree(out, ignore_errors=True)
    tf.saved_model.save(build(tf), str(out))
    (HERE / "captured_constants.json").write_text(
        json.dumps(probe(tf, tf.saved_model.load(str(out))), indent=1) + "\n")
    print(f"wrote {out}")
