"""Writes golden/unrolled_random.json: what TF 2.21 returns for unrolled_random_cases.py's
functions, for test_unrolled_random.py.

    .venv-peers/bin/python tests/function/record_unrolled_random_golden.py

The order in which TF's loop runs the kernels of iterations that don't wait for each
other is its executor's (parallel_iterations at a time, each group last to first, on the
whole); each case is run RUNS times and the commonest result kept, with how many agreed.
"""

import collections
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.function.unrolled_random_cases import CASES, outcome  # noqa: E402
from tests.golden_io import write_json  # noqa: E402

RUNS = 7


def main() -> None:
    import tensorflow as tf

    cases = {}
    for name in CASES:
        runs = collections.Counter(json.dumps(outcome(tf, name)) for _ in range(RUNS))
        result, agreed = runs.most_common(1)[0]
        cases[name] = {"result": json.loads(result), "agreed": agreed, "runs": RUNS}
        print(name, f"{agreed}/{RUNS}")
    write_json(os.path.join(HERE, "golden", "unrolled_random.json"),
               {"tf_version": tf.__version__, "cases": cases}, indent=1, end="\n")


if __name__ == "__main__":
    main()
