"""Writes golden/tf_captured_constants/ (captured_constants_cases.py's `build`, saved by
TensorFlow 2.21), captured_constants.json (TF's probe of its load) and
captured_constants_structure.json (for each case: what TF's saved_model.pb says of the
captured constants, `structure`, and TF's probes of its load). Run with TF's interpreter
from the repository root:
    $EAGERFLOW_TF_PYTHON tests/saved_model/golden/make_captured_constants.py
With `--load DIR`, loads the cases eagerflow saved under DIR/<case> instead and prints
TF's probes of them as one JSON line (test_captured_constants.py's interop test).
"""

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import tensorflow as tf  # noqa: E402
from captured_constants_cases import CASES, build, probe, probes, save, structure  # noqa: E402
from recorder_io import print_probes_of_loaded, saved_structure  # noqa: E402 (beside this script)

if __name__ == "__main__":
    if sys.argv[1:2] == ["--load"]:
        print_probes_of_loaded(tf, sys.argv[2], CASES, probes)
        sys.exit(0)
    out = HERE / "tf_captured_constants"
    shutil.rmtree(out, ignore_errors=True)
    tf.saved_model.save(build(tf), str(out))
    (HERE / "captured_constants.json").write_text(
        json.dumps(probe(tf, tf.saved_model.load(str(out))), indent=1) + "\n")
    golden = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in CASES:
            path = Path(tmp) / name
            save(tf, name, path)
            golden[name] = {"structure": saved_structure(path, structure),
                            "probes": probes(tf, tf.saved_model.load(str(path)))}
    (HERE / "captured_constants_structure.json").write_text(json.dumps(golden, indent=1) + "\n")
    print(f"wrote {out} and the goldens")
