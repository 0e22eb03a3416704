"""Writes type_enum_attrs_golden.json: what TF 2.21 makes of Python ints given for type
attrs (type_enum_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/ops/record_type_enum_attrs.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ops.type_enum_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "type_enum_attrs_golden.json"),
                    outcomes)
