"""Records what TF 2.21 does with dtensor_save_cases.py's cases:
`/work/main/.venv-peers/bin/python tests/dtensor/record_dtensor_save.py` writes TF's
checkpoints under data/dtensor_save and dtensor_save_golden.json (what TF reads back from
them, and each error case's, every part in a TF process of its own), which
test_dtensor_save.py compares eagerflow with."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from tests.golden_io import write_json  # noqa: E402

GOLDEN = os.path.join(HERE, "dtensor_save_golden.json")
DATA = os.path.join(HERE, "data", "dtensor_save")


def _part(*args: str) -> object:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0"}
    r = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                       env=env, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    import dtensor_save_cases as cases

    shutil.rmtree(DATA, ignore_errors=True)
    os.makedirs(DATA)
    out = {"save": _part("save", DATA), "restore": _part("restore", DATA), "errors": {}}
    for case in cases.ERRORS:
        with tempfile.TemporaryDirectory() as d:
            shutil.copytree(DATA, d, dirs_exist_ok=True)
            out["errors"][case] = _part("error", d, case)
    out["version"] = _part("version")
    write_json(GOLDEN, out, "\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    if sys.argv[1:]:
        import dtensor_save_cases as cases
        import tensorflow as tf

        what = sys.argv[1]
        result = tf.__version__ if what == "version" else \
            cases.error(tf, *sys.argv[2:]) if what == "error" else \
            getattr(cases, what)(tf, sys.argv[2])
        print(json.dumps(result))
    else:
        main()
