"""Writes distributed_save_golden.json (TF 2.21's outcome of every case of
distributed_save_cases.py) and distributed_save_golden/ (a distributed snapshot TF wrote).

    $EAGERFLOW_TF_PYTHON tests/data/record_distributed_save_golden.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.tf_reference import record_outcomes  # noqa: E402


def outcomes(tf):
    from tests.data.distributed_save_cases import all_outcomes, write_golden_snapshot

    write_golden_snapshot(tf, os.path.join(HERE, "distributed_save_golden"))
    return all_outcomes(tf)


if __name__ == "__main__":
    record_outcomes(__file__, os.path.join(HERE, "distributed_save_golden.json"), outcomes)
