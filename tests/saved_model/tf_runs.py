"""What real TensorFlow computes from a SavedModel eagerflow wrote, and the SavedModel proto
of one: shared by the form tests whose cases modules hold `run(tf, loaded)`."""

import json
import subprocess
from pathlib import Path
from typing import Any

from eagerflow._src.saved_model.protos import pb
from tests.tf_reference import TF_ENV, TF_PYTHON

ROOT = Path(__file__).resolve().parents[2]


def saved_model_proto(saved: Path) -> Any:
    """The SavedModel message of the directory `saved`."""
    sm = pb().SavedModel()
    sm.ParseFromString((saved / "saved_model.pb").read_bytes())
    return sm


def run_in_tf(cases: str, saved: Path) -> Any:
    """`tests.saved_model.<cases>.run(tf, tf.saved_model.load(saved))` in TensorFlow's
    interpreter (TF_PYTHON), its JSON result read back."""
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        f"from tests.saved_model import {cases} as C\n"
        "print(json.dumps(C.run(tf, tf.saved_model.load(sys.argv[2]))))\n")
    run = subprocess.run([TF_PYTHON, "-c", script, str(ROOT), str(saved)],
                         env=TF_ENV, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])
