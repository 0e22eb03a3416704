"""Writes rejection_warning_golden.json: what rejection_warning_program.py prints to stderr
under TF 2.21 (the deprecation notice's file and line, TF's own, left out).

    $EAGERFLOW_TF_PYTHON tests/data/record_rejection_warning.py
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402

PROGRAM = os.path.join(HERE, "rejection_warning_program.py")


def clean(stderr: str) -> str:
    lines = [x for x in stderr.splitlines()
             if not x.startswith("WARNING: All log messages") and not re.match(r"[IWE]0000 ", x)]
    return re.sub(r"^(WARNING:tensorflow:From )\S+:\d+:", r"\1FILE:", "\n".join(lines) + "\n",
                  flags=re.M)


def run(python: str, which: str, extra_env: dict | None = None) -> str:
    env = {**os.environ, **(extra_env or {}), "TF_CPP_MIN_LOG_LEVEL": "1",
           "TF_ENABLE_ONEDNN_OPTS": "0"}
    out = subprocess.run([python, PROGRAM, which], capture_output=True, text=True, env=env,
                         check=True, timeout=120)
    return clean(out.stderr)


def main():
    write_json(os.path.join(HERE, "rejection_warning_golden.json"),
               {"stderr": run(sys.executable, "tf")})


if __name__ == "__main__":
    main()
