"""Writes service_golden.json: TF 2.21's outcome of every case of service_cases.py.

    $EAGERFLOW_TF_PYTHON tests/data/record_service_golden.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.tf_reference import record_outcomes  # noqa: E402


def outcomes(tf):
    from tests.data.service_cases import all_outcomes

    return all_outcomes(tf)


if __name__ == "__main__":
    record_outcomes(__file__, os.path.join(HERE, "service_golden.json"), outcomes)
