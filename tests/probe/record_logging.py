"""Writes logging_golden.txt and v1_logging_golden.txt: what logging_program.py and
v1_logging_program.py print to stderr under TF 2.21 (TF's C++ start-up lines dropped,
object addresses masked).

    $EAGERFLOW_TF_PYTHON tests/probe/record_logging.py
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.probe.record_retracing import clean  # noqa: E402


def main():
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "0"}
    out = subprocess.run([sys.executable, os.path.join(HERE, "logging_program.py"), "tf"],
                         capture_output=True, text=True, env=env, check=True)
    write_text(os.path.join(HERE, "logging_golden.txt"), clean(out.stderr))
    out = subprocess.run([sys.executable, os.path.join(HERE, "v1_logging_program.py"), "tf"],
                         capture_output=True, text=True, env=env, check=True)
    write_text(os.path.join(HERE, "v1_logging_golden.txt"), clean(out.stderr))


if __name__ == "__main__":
    main()
