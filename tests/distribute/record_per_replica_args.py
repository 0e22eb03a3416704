"""Writes per_replica_args_golden.txt: what per_replica_args_program.py prints under
TF 2.21.

    /work/tfref/bin/python tests/distribute/record_per_replica_args.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main() -> None:
    out = run_program(os.path.join(HERE, "per_replica_args_program.py"), "tf")
    write_text(os.path.join(HERE, "per_replica_args_golden.txt"), out.stdout)


if __name__ == "__main__":
    main()
