"""TF's retracing warnings for Keras steps name Keras 3's step functions and count as TF
counts (step_names_program.py against step_names_golden.txt, by record_step_names.py)."""

import os
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.keras.record_step_names import printed

HERE = Path(__file__).parent


def test_retracing_warnings_name_kerass_step_functions():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    assert printed(sys.executable, "ef", env) == (HERE / "step_names_golden.txt").read_text()
