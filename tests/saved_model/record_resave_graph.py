"""Writes golden/resave_graph.json: TF 2.21's object graphs of a loaded SavedModel saved
again (resave_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/saved_model/record_resave_graph.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.saved_model.resave_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "golden" / "resave_graph.json"),
                    outcomes)
