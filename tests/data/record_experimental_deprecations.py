"""Writes experimental_deprecations_golden.txt: what experimental_deprecations_program.py
prints to stderr under TF 2.21 (TF's C++ start-up lines dropped, each notice's place
reduced to "<caller>" as tests/v1/record_deprecations.py does).

    $EAGERFLOW_TF_PYTHON tests/data/record_experimental_deprecations.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402
from tests.v1.record_deprecations import clean  # noqa: E402

PROGRAM = os.path.join(HERE, "experimental_deprecations_program.py")


def main():
    out = run_program(PROGRAM, "tf")
    write_text(os.path.join(HERE, "experimental_deprecations_golden.txt"), clean(out.stderr))


if __name__ == "__main__":
    main()
