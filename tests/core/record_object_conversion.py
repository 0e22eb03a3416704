"""Writes object_conversion_golden.json: TF 2.21's errors for Python sequences holding
objects it cannot convert (object_conversion_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/core/record_object_conversion.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.core.object_conversion_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "object_conversion_golden.json"),
                    outcomes)
