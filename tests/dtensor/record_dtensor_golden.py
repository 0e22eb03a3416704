"""Records what TF 2.21's tf.experimental.dtensor does with dtensor_cases.py's cases:
`/work/main/.venv-peers/bin/python tests/dtensor/record_dtensor_golden.py` writes
dtensor_golden.json, which test_dtensor.py compares eagerflow with."""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
GOLDEN = os.path.join(HERE, "dtensor_golden.json")


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import dtensor_cases
    import tensorflow as tf

    out = {"version": tf.__version__, "concepts": dtensor_cases.run(tf)}
    tmp = GOLDEN + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, GOLDEN)


if __name__ == "__main__":
    main()
