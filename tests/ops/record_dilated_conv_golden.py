"""Writes dilated_conv_golden.json: TF 2.21's outcomes (CPU) of dilated_conv_cases.py's
CASES, eagerly and in a tf.function of unknown spatial sizes (values and gradients, or the
error), and the op types of GRAPHS' traced graphs, for test_dilated_conv_golden.py. oneDNN
is off, as in the other recorders, but for ONEDNN_CASES, recorded in a second process with it
on (TF's default build: its oneDNN-off CPU kernels refuse those dilations).

    $EAGERFLOW_TF_PYTHON tests/ops/record_dilated_conv_golden.py
"""

import json
import os
import subprocess
import sys

ONEDNN = "--onednn" in sys.argv  # (the second process: ONEDNN_CASES, to stdout)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1" if ONEDNN else "0"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.ops.dilated_conv_cases import (  # noqa: E402
    CASES,
    GRAPHS,
    MODES,
    ONEDNN_CASES,
    outcome,
)


def record(tf: object, cases: dict) -> dict:
    return {f"{name}/{mode}": outcome(tf, case, mode, encode_array)
            for name, case in cases.items() for mode in MODES}


def main() -> None:
    import tensorflow as tf

    if ONEDNN:
        json.dump(record(tf, ONEDNN_CASES), sys.stdout)
        return
    cases = record(tf, {n: c for n, c in CASES.items() if n not in ONEDNN_CASES})
    onednn = subprocess.run([sys.executable, __file__, "--onednn"], check=True,
                            capture_output=True, text=True).stdout
    cases.update(json.loads(onednn))
    graphs = {name: g(tf) for name, g in GRAPHS.items()}
    write_json(os.path.join(HERE, "dilated_conv_golden.json"),
               {"tf_version": tf.__version__, "cases": cases, "graphs": graphs},
               indent=1, end="\n")
    print(f"{len(cases)} cases, {len(graphs)} graphs", file=sys.stderr)


if __name__ == "__main__":
    main()
