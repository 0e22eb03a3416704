"""Writes eager_loops_golden.json: what TF 2.21's converted code does with loops over
eager tensors (eager_loop_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/autograph/record_eager_loops.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.autograph.eager_loop_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "eager_loops_golden.json"),
                    outcomes)
