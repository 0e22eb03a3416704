"""Records TF 2.21's RAM file system (ram://) with real TensorFlow: the calls of
ram_fs_cases.py, in order, in one process, their values or errors going to
tests/io/ram_fs_golden.json (the tables test_ram_fs.py checks eagerflow against).

    $EAGERFLOW_TF_PYTHON tests/io/record_ram_fs.py
"""

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

from tests.golden_io import write_json  # noqa: E402
from tests.io import ram_fs_cases  # noqa: E402


def main() -> None:
    import tensorflow as tf

    write_json(os.path.join(HERE, "ram_fs_golden.json"),
               {"tf_version": tf.__version__, "cases": ram_fs_cases.run(tf)}, indent=0,
               end="\n")


if __name__ == "__main__":
    main()
