"""Records TF 2.21's answers to tests/ops/misc_raw_cases.py's tf.raw_ops calls into
misc_raw_golden.json: `.venv-peers/bin/python tests/ops/record_misc_raw_golden.py`."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tensorflow as tf  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops.misc_raw_cases import all_cases, outcome  # noqa: E402

if __name__ == "__main__":
    out = {f"{name}/{'fn' if traced else 'eager'}": outcome(tf, code, traced)
           for name, code, traced in all_cases()}
    write_json(Path(__file__).with_name("misc_raw_golden.json"), out, end="\n", indent=1,
               sort_keys=True)
    print(len(out), "answers")
