"""Writes unconverted_golden.txt: what unconverted_program.py prints to stderr under TF
2.21 (TF's C++ start-up lines dropped, object addresses masked).

    $EAGERFLOW_TF_PYTHON tests/autograph/record_unconverted.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.probe.record_retracing import clean  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main():
    out = run_program(os.path.join(HERE, "unconverted_program.py"), "tf")
    write_text(os.path.join(HERE, "unconverted_golden.txt"), clean(out.stderr))


if __name__ == "__main__":
    main()
