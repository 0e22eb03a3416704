"""Writes predict_steps_golden.json: Keras 3.15's Model.predict over batches of different
time lengths (predict_steps_cases.py).

Run with TensorFlow's interpreter:
$EAGERFLOW_TF_PYTHON tests/keras/record_predict_steps.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.keras.predict_steps_cases import outcomes  # noqa: E402
from tests.tf_reference import record_outcomes  # noqa: E402

if __name__ == "__main__":
    record_outcomes(__file__, str(Path(__file__).parent / "predict_steps_golden.json"),
                    outcomes)
