"""TF's warning of a rejection_resample that rejects much, as TF 2.21 prints it:
rejection_warning_program.py run under eagerflow prints to stderr what TF printed
(rejection_warning_golden.json, by record_rejection_warning.py): Print's deprecation notice
once, then up to 10 lines per iterator where half the elements or more would be rejected,
none where fewer would."""

import json
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.data.record_rejection_warning import run

HERE = Path(__file__).parent


def test_rejection_warning_as_tf():
    golden = json.loads((HERE / "rejection_warning_golden.json").read_text())
    assert run(sys.executable, "ef", {"PYTHONPATH": pythonpath()}) == golden["stderr"]
