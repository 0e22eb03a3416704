"""Writes distributed_save_golden.json (TF 2.21's outcome of every case of
distributed_save_cases.py) and distributed_save_golden/ (a distributed snapshot TF wrote).

    $EAGERFLOW_TF_PYTHON tests/data/record_distributed_save_golden.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_json  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main():
    if sys.argv[1:] == ["run"]:
        import tensorflow as tf

        from tests.data.distributed_save_cases import all_outcomes, write_golden_snapshot

        tf.get_logger().setLevel("ERROR")
        write_golden_snapshot(tf, os.path.join(HERE, "distributed_save_golden"))
        print(json.dumps(all_outcomes(tf)))
        return
    out = run_program(os.path.abspath(__file__), "run", cwd=os.path.join(HERE, "..", ".."))
    write_json(os.path.join(HERE, "distributed_save_golden.json"),
               json.loads(out.stdout.strip().splitlines()[-1]), end="\n", indent=1)


if __name__ == "__main__":
    main()
