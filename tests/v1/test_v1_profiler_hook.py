"""`tf.compat.v1.train.ProfilerHook` as TF 2.21 runs it (golden/v1_profiler_hook.json,
recorded by record_profiler_hook_golden.py from profiler_hook_program.py): in a
MonitoredTrainingSession, a traced run every N steps (none within save_secs) written as
`timeline-STEP.json`, a Chrome trace whose traceEvents hold TF's process names and an "X"
event per op (type, node name, inputs), with show_memory each output tensor's life (made,
described, gone) and the allocator's bytes in use; the RunMetadata in the event file as
`step_STEP`; TF's log line per timeline (the first N steps after the global step fetched
with the first run: read before that run's update, as TF's executor usually reads it;
with save_steps=3 TF's race shows, so there only the trace's structure); a Session
run with FULL_TRACE RunOptions filling the RunMetadata's step stats (an untraced one
none); TF's errors (both or neither of save_steps and save_secs, no global step)."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_profiler_hook_golden import run

pytest.importorskip("tensorboard")
GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_profiler_hook.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_profiler_hook(ours, key):
    assert ours[key] == GOLDEN[key]
