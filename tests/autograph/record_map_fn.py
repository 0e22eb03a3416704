"""Writes map_fn_golden.txt and replica_fn_golden.txt: what map_fn_program.py and
replica_fn_program.py print under TF 2.21.

    $EAGERFLOW_TF_PYTHON tests/autograph/record_map_fn.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main():
    for name in ("map_fn", "replica_fn"):
        out = run_program(os.path.join(HERE, f"{name}_program.py"), "tf")
        write_text(os.path.join(HERE, f"{name}_golden.txt"), out.stdout)


if __name__ == "__main__":
    main()
