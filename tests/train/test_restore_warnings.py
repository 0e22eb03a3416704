"""A restore that left values unused logs TF 2.21's warnings when its last holder goes
(restore_warnings_program.py against restore_warnings_golden.txt, recorded by
record_restore_warnings.py): the text, the "WARNING:tensorflow:" prefix, the moment, and
nothing under expect_partial."""

import os
import sys
from pathlib import Path

from tests.child_env import pythonpath
from tests.train.record_restore_warnings import printed

HERE = Path(__file__).parent


def test_unrestored_values_are_logged_as_tf_logs_them():
    env = {**os.environ, "PYTHONPATH": pythonpath()}
    assert printed(sys.executable, "ef", env) == \
        (HERE / "restore_warnings_golden.txt").read_text()
