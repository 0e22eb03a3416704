"""Writes golden/tf_table_constants/<case> (table_constants_cases.py's cases, saved by
TensorFlow 2.21) and table_constants.json (for each case: what TF's saved_model.pb says
of the tables' initializer data, `structure`, and TF's probes of its load). Run with TF's
interpreter from the repository root:
    $EAGERFLOW_TF_PYTHON tests/saved_model/golden/make_table_constants.py
With `--load DIR`, loads the cases eagerflow saved under DIR/<case> instead and prints
TF's probes of them as one JSON line (test_table_constants.py's interop test).
"""

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[2])]  # the repository root

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from recorder_io import print_probes_of_loaded, saved_structure  # noqa: E402 (beside this script)

from tests.saved_model.table_constants_cases import CASES, probes, save, structure  # noqa: E402

if __name__ == "__main__":
    if sys.argv[1:2] == ["--load"]:
        print_probes_of_loaded(tf, sys.argv[2], CASES, probes)
        sys.exit(0)
    out = HERE / "tf_table_constants"
    shutil.rmtree(out, ignore_errors=True)
    golden = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in CASES:
            path = out / name
            save(tf, keras, name, path, Path(tmp))
            golden[name] = {"structure": saved_structure(path, structure),
                            "probes": probes(tf, tf.saved_model.load(str(path)))}
    (HERE / "table_constants.json").write_text(json.dumps(golden, indent=1) + "\n")
    print(f"wrote {out} and table_constants.json")
