"""Writes iterator_state_golden/ (TF 2.21's checkpoints of iterator_state_cases.py's
pipelines: NAME.index and NAME.data-00000-of-00001) and iterator_state_golden.json (what
TF's restored iterators give next, and its error for a checkpoint of another pipeline).
Run with TensorFlow's interpreter from the repository root:
$EAGERFLOW_TF_PYTHON tests/data/record_iterator_state.py
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import tensorflow as tf  # noqa: E402

from tests.data import iterator_state_cases as C  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> None:
    files = HERE / "iterator_state_golden"
    shutil.rmtree(files, ignore_errors=True)
    files.mkdir()
    out: dict = {"rest": {}}
    with tempfile.TemporaryDirectory() as d:
        for name in C.pipelines(tf, d):
            C.write(tf, name, d, str(files / name))
            out["rest"][name] = C.rest(tf, name, d, str(files / name))
        out["mismatch"] = C.mismatch(tf, d, str(files / "batch"))
        out["unsaveable"] = {n: C.save_error(tf, n, f"{d}/unsaveable") for n in
                             C.unsaveable(tf)}
    for f in files.iterdir():  # (TF leaves a "checkpoint" file only for save(), not write())
        if not f.name.endswith((".index", ".data-00000-of-00001")):
            f.unlink()
    write_json(HERE / "iterator_state_golden.json", out, "\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
