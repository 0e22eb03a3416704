"""Writes index_args_golden.json: TF 2.21's outcome of each call of index_args_cases.py with
each bad value, for test_index_args.py.

    TF_ENABLE_ONEDNN_OPTS=0 $EAGERFLOW_TF_PYTHON tests/ops/record_index_args.py

Each function's cases run in a subprocess of their own: some bad values crash TF's process
(the first probe's tf.nn.conv2d strides aborted it, with oneDNN on). A function whose
subprocess dies runs again one case per subprocess, and a case that still kills it is
recorded as "crash: " and its exit status.
"""

import json
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ["CUDA_VISIBLE_DEVICES"] = ""
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402
from tests.ops.index_args_cases import BAD, CALLS, outcome, scope  # noqa: E402


def _child(pairs: list) -> None:
    """Prints the outcome of each (call, bad) as a JSON line, as soon as it is known."""
    import tensorflow as tf

    env = scope(tf)
    for call, bad in pairs:
        print(json.dumps([call, bad, outcome(env, call, bad)]), flush=True)


def _run(pairs: list) -> tuple[dict, int]:
    """The outcomes a subprocess printed for `pairs`, and its exit status."""
    p = subprocess.run([sys.executable, __file__, json.dumps(pairs)], capture_output=True,
                       text=True, cwd=ROOT)
    got = {}
    for line in p.stdout.splitlines():
        call, bad, out = json.loads(line)
        got[f"{call} {bad}"] = out
    return got, p.returncode


def main() -> None:
    import tensorflow as tf

    cases = {}
    for call in CALLS:
        pairs = [(call, bad) for bad in BAD]
        got, rc = _run(pairs)
        if rc != 0:
            got = {}
            for pair in pairs:
                one, rc = _run([pair])
                got.update(one or {" ".join(pair): f"crash: exit status {rc}"})
        cases.update(got)
    write_json(os.path.join(HERE, "index_args_golden.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        _child(json.loads(sys.argv[1]))
    else:
        main()
