"""Writes retracing_golden.txt and printing_golden.txt: what retracing_program.py prints to
stderr and printing_program.py to stdout under TF 2.21 (TF's C++ start-up lines dropped,
object addresses masked).

    $EAGERFLOW_TF_PYTHON tests/probe/record_retracing.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def clean(stderr: str) -> str:
    """Lines a program printed itself (TF's C++ logging dropped), addresses masked."""
    lines = [x for x in stderr.splitlines()
             if not re.match(r"^(WARNING: All log messages|[IWE]\d{4} )", x)]
    return re.sub(r" at 0x[0-9a-f]+", " at 0x...", "\n".join(lines) + "\n")


def main():
    out = run_program(os.path.join(HERE, "retracing_program.py"), "tf")
    write_text(os.path.join(HERE, "retracing_golden.txt"), clean(out.stderr))
    out = run_program(os.path.join(HERE, "printing_program.py"), "tf")
    write_text(os.path.join(HERE, "printing_golden.txt"), clean(out.stdout))


if __name__ == "__main__":
    main()
