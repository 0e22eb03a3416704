"""Writes cache_warning_golden.json: what cache_warning_program.py prints to stderr under
TF 2.21 with TF_CPP_MIN_LOG_LEVEL 1 and 2 (C++ lines' time and thread id dropped).

    $EAGERFLOW_TF_PYTHON tests/data/record_cache_warning.py
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402

PROGRAM = os.path.join(HERE, "cache_warning_program.py")


def clean(stderr: str) -> str:
    lines = [x for x in stderr.splitlines() if not x.startswith("WARNING: All log messages")]
    return re.sub(r"(?m)^([IWE])0000 00:00:\d+\.\d+ +\d+ ", r"\1 ", "\n".join(lines) + "\n")


def run(python: str, which: str, level: str, extra_env: dict | None = None) -> str:
    env = {**os.environ, **(extra_env or {}), "TF_CPP_MIN_LOG_LEVEL": level,
           "TF_ENABLE_ONEDNN_OPTS": "0"}
    out = subprocess.run([python, PROGRAM, which], capture_output=True, text=True, env=env,
                         check=True, timeout=120)
    return clean(out.stderr)


def main():
    write_json(os.path.join(HERE, "cache_warning_golden.json"),
               {level: run(sys.executable, "tf", level) for level in ("1", "2")})


if __name__ == "__main__":
    main()
