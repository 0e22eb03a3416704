"""A TF 1 training loop's files are TF 2.21's: TF's MonitoredTrainingSession restores the
checkpoints eagerflow's MonitoredTrainingSession wrote and trains on exactly as from its
own, and reads eagerflow's event files (summary_iterator and TensorBoard's
EventAccumulator) as its own; eagerflow resumes from and reads TF's the same way. TF runs
in its own interpreter (skipped without it)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script
from tests.v1.test_v1_programs import _compare
from tests.v1.train_programs import resume_from, train_into, written

pytestmark = pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow")

ROOT = Path(__file__).resolve().parent.parent.parent
GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_train.json").read_text())
WANT = GOLDEN["monitored_training"]

TF_SCRIPT = """
import json, os, sys
sys.path.insert(0, sys.argv[2])
import tensorflow as tf
from tensorboard.backend.event_processing import event_accumulator
from tests.v1.train_programs import resume_from, train_into, written
work = sys.argv[1]
out = {"ours": {}, "theirs": {}}
ours = os.path.join(work, "ours")
written(tf, ours, out["ours"])  # TF reads eagerflow's directory, then resumes from it
acc = event_accumulator.EventAccumulator(ours)
acc.Reload()
out["ours"]["scalars"] = {t: [[e.step, round(e.value, 4)] for e in acc.Scalars(t)]
                          for t in sorted(acc.Tags()["scalars"])}
out["ours"]["graph"] = len(acc.Graph().node) > 0
resume_from(tf, ours, out["ours"])
train_into(tf, os.path.join(work, "theirs"), out["theirs"])  # TF's own, for eagerflow
tf.compat.v1.summary.FileWriterCache.clear()  # (its queued events written: exit drops them)
json.dump(out, open(os.path.join(work, "out.json"), "w"))
"""


@pytest.fixture(scope="module")
def exchanged(tmp_path_factory):
    work = tmp_path_factory.mktemp("train_interop")
    ours: dict = {}
    train_into(tf, str(work / "ours"), ours)
    tf.compat.v1.summary.FileWriterCache.clear()  # (its writers closed, as at exit)
    return ours, run_tf_script(TF_SCRIPT, work, ROOT), work


def test_tf_reads_and_resumes_eagerflows_training(exchanged):
    ours, tf_out, _ = exchanged
    got = tf_out["ours"]
    for key in ("files", "events", "checkpoint", "all_checkpoints", "variables", "saved_w",
                "restored", "restore_logs"):
        _compare(got[key], WANT[key], key)
    _compare(ours["values"], WANT["values"], "values")
    assert got["graph"]
    summaries = [e for e in WANT["events"][0] if e[0] == "summary"]
    for i, tag in enumerate(("loss_1", "target")):
        assert got["scalars"][tag] == [[e[1], e[2][i][2]] for e in summaries], tag


def test_eagerflow_reads_and_resumes_tfs_training(exchanged):
    _, tf_out, work = exchanged
    _compare(tf_out["theirs"]["values"], WANT["values"], "values")
    got: dict = {}
    written(tf, str(work / "theirs"), got)
    resume_from(tf, str(work / "theirs"), got)
    for key in ("files", "events", "checkpoint", "all_checkpoints", "variables", "saved_w",
                "restored", "restore_logs"):
        _compare(got[key], WANT[key], key)
