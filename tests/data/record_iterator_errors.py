"""Writes iterator_errors_golden.json: TF 2.21's outcome of every pipeline and iteration of
iterator_error_cases.py.

    $EAGERFLOW_TF_PYTHON tests/data/record_iterator_errors.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.tf_reference import record_outcomes  # noqa: E402


def outcomes(tf):
    from tests.data.iterator_error_cases import all_outcomes

    return all_outcomes(tf)


if __name__ == "__main__":
    record_outcomes(__file__, os.path.join(HERE, "iterator_errors_golden.json"), outcomes)
