"""Writes print_edges_golden.json: what print_edges_program.py prints under TF 2.21 (its
raw stdout bytes, read as latin-1; TF's C++ start-up lines go to stderr).

    $EAGERFLOW_TF_PYTHON tests/ops/record_print_edges.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main():
    out = run_program(os.path.join(HERE, "print_edges_program.py"), "tf", text=False)
    write_json(os.path.join(HERE, "print_edges_golden.json"),
               {"stdout": out.stdout.decode("latin-1")}, indent=0, end="\n")


if __name__ == "__main__":
    main()
