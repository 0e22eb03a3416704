"""Writes golden/resource_gather_v1.json: TF 2.21's graphs and values of
resource_gather_v1_cases.py, for test_v1_resource_gather.py.

    /work/main/.venv-peers/bin/python tests/v1/record_resource_gather_v1_golden.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.v1.resource_gather_v1_cases import record  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "golden", "resource_gather_v1.json"),
               {"tf_version": tf.__version__, **record(tf)}, indent=1, end="\n")


if __name__ == "__main__":
    main()
