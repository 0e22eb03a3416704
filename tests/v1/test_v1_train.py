"""TF 1 training loops (train_programs.py) through tf.compat.v1 give TF 2.21's results:
MonitoredTrainingSession with StopAtStepHook, LoggingTensorHook, CheckpointSaverHook and
SummarySaverHook (the loop's losses, the hooks' log lines, the checkpoints and the event
files read back), the SessionRunHook protocol's calls and errors, the hooks' argument
errors, and FileWriter's event files of merged TF 1 summaries (golden/v1_train.json,
recorded by record_train_golden.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.v1.test_v1_programs import _compare
from tests.v1.train_programs import PROGRAMS

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_train.json").read_text())


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_matches_tf(name):
    _compare(PROGRAMS[name](tf), GOLDEN[name], name)
