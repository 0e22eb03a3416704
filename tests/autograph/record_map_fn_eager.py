"""Writes map_fn_eager_golden.json: what TF 2.21's map_fn does eagerly with functions
whose Python control flow tests tensors (map_fn_eager_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/autograph/record_map_fn_eager.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.autograph.map_fn_eager_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "map_fn_eager_golden.json"),
                    outcomes)
