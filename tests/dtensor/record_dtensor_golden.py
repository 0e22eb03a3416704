"""Records what TF 2.21's tf.experimental.dtensor does with dtensor_cases.py's cases:
`/work/main/.venv-peers/bin/python tests/dtensor/record_dtensor_golden.py` writes
dtensor_golden.json, which test_dtensor.py compares eagerflow with (the accelerator
system's cases in a process of their own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from tests.golden_io import write_json  # noqa: E402

GOLDEN = os.path.join(HERE, "dtensor_golden.json")


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import dtensor_cases
    import tensorflow as tf

    system = subprocess.run([sys.executable, __file__, "system"], capture_output=True,
                            text=True, check=True).stdout.strip().splitlines()[-1]
    out = {"version": tf.__version__, "concepts": dtensor_cases.run(tf),
           "system": json.loads(system)}
    write_json(GOLDEN, out, "\n", indent=1, sort_keys=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["system"]:  # (a fresh process: nothing has started the runtime)
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import dtensor_system_cases
        import tensorflow as tf

        print(json.dumps(dtensor_system_cases.run(tf)))
    else:
        main()
