"""tf.train.CheckpointManager, the `checkpoint` state file and latest_checkpoint."""

import os
import time

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.train import checkpoint_management as cm


def files(d):
    return sorted(n for n in os.listdir(d))


def test_max_to_keep_numbering_and_state(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    d = str(tmp_path / "m")
    mgr = tf.train.CheckpointManager(ckpt, d, max_to_keep=2)
    assert mgr.latest_checkpoint is None and mgr.checkpoints == []
    assert mgr.directory == d
    paths = [mgr.save(), mgr.save(), mgr.save(checkpoint_number=10)]
    assert paths == [f"{d}/ckpt-1", f"{d}/ckpt-2", f"{d}/ckpt-10"]
    assert int(ckpt.save_counter) == 3  # every save counts, numbered or not
    assert mgr.checkpoints == [f"{d}/ckpt-2", f"{d}/ckpt-10"]
    assert mgr.latest_checkpoint == f"{d}/ckpt-10"
    assert files(d) == ["checkpoint", "ckpt-10.data-00000-of-00001", "ckpt-10.index",
                        "ckpt-2.data-00000-of-00001", "ckpt-2.index"]
    state = tf.train.get_checkpoint_state(d)
    assert state.model_checkpoint_path == f"{d}/ckpt-10"
    assert list(state.all_model_checkpoint_paths) == [f"{d}/ckpt-2", f"{d}/ckpt-10"]
    assert len(state.all_model_checkpoint_timestamps) == 2
    text = open(os.path.join(d, "checkpoint")).read()
    assert text.startswith('model_checkpoint_path: "ckpt-10"\nall_model_checkpoint_paths: '
                           '"ckpt-2"\nall_model_checkpoint_paths: "ckpt-10"\n')
    assert tf.train.latest_checkpoint(d) == f"{d}/ckpt-10"


def test_manager_recovers_existing_directory(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    d = str(tmp_path)
    mgr = tf.train.CheckpointManager(ckpt, d, max_to_keep=3)
    for _ in range(4):
        mgr.save()
    again = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(0.0)), d, max_to_keep=3)
    assert again.checkpoints == mgr.checkpoints
    assert again.latest_checkpoint == f"{d}/ckpt-4"
    again.save()  # numbered from its own checkpoint's counter; pruning continues
    assert len(again.checkpoints) == 3 and not os.path.exists(f"{d}/ckpt-2.index")


def test_max_to_keep_none_keeps_everything(tmp_path):
    mgr = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(1.0)), str(tmp_path),
                                     max_to_keep=None)
    for _ in range(5):
        mgr.save()
    assert len(mgr.checkpoints) == 5
    assert len([n for n in os.listdir(tmp_path) if n.endswith(".index")]) == 5


@pytest.mark.parametrize("bad", [0, -1])
def test_bad_max_to_keep(tmp_path, bad):
    with pytest.raises(ValueError, match="Expected a positive integer or `None` for `max_to_keep`"):
        tf.train.CheckpointManager(tf.train.Checkpoint(), str(tmp_path), max_to_keep=bad)


def test_checkpoint_interval(tmp_path):
    step = tf.Variable(0)
    ckpt = tf.train.Checkpoint(step=step)
    with pytest.raises(ValueError, match="`step_counter` should be passed"):
        tf.train.CheckpointManager(ckpt, str(tmp_path), 3, checkpoint_interval=5)
    mgr = tf.train.CheckpointManager(ckpt, str(tmp_path), 3, step_counter=step,
                                     checkpoint_interval=5)
    assert mgr.checkpoint_interval == 5
    assert mgr.save() == f"{tmp_path}/ckpt-1"
    step.assign(4)
    assert mgr.save() is None
    assert int(ckpt.save_counter) == 1  # a skipped save doesn't count
    assert mgr.save(check_interval=False) == f"{tmp_path}/ckpt-2"
    step.assign(9)
    assert mgr.save() == f"{tmp_path}/ckpt-3"


def test_keep_checkpoint_every_n_hours(tmp_path, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    mgr = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable(1.0)), str(tmp_path),
                                     max_to_keep=1, keep_checkpoint_every_n_hours=1)
    kept = []
    for _ in range(6):
        clock[0] += 1800.0  # half an hour between saves
        kept.append(mgr.save())
    on_disk = sorted(int(n.split("-")[1].split(".")[0]) for n in os.listdir(tmp_path)
                     if n.endswith(".index"))
    assert on_disk == [2, 4, 6]  # one preserved per hour, plus the latest
    assert mgr.checkpoints == [kept[-1]]


def test_restore_or_initialize(tmp_path):
    v = tf.Variable(1.0)
    calls = []
    mgr = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), str(tmp_path), 2,
                                     init_fn=lambda: calls.append(1))
    assert mgr.restore_or_initialize() is None and calls == [1]
    mgr.save()
    v.assign(5.0)
    w = tf.Variable(0.0)
    mgr2 = tf.train.CheckpointManager(tf.train.Checkpoint(v=w), str(tmp_path), 2)
    assert mgr2.restore_or_initialize() == f"{tmp_path}/ckpt-1"
    assert float(w) == 1.0


def test_latest_checkpoint_edge_cases(tmp_path, caplog):
    assert tf.train.latest_checkpoint(str(tmp_path / "missing")) is None
    d = tmp_path / "d"
    d.mkdir()
    (d / "checkpoint").write_text('model_checkpoint_path: "b-77"\n')
    assert tf.train.latest_checkpoint(str(d)) is None  # files are gone
    assert "Couldn't match files for checkpoint" in caplog.text
    (d / "checkpoint").write_text("garbage {{{")
    assert tf.train.latest_checkpoint(str(d)) is None
    assert tf.train.get_checkpoint_state(str(d)) is None
    (d / "checkpoint").write_text('all_model_checkpoint_paths: "x"\n')
    with pytest.raises(ValueError, match="Invalid checkpoint state"):
        tf.train.get_checkpoint_state(str(d))


def test_absolute_paths_are_recorded_relative(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    path = ckpt.save(str(tmp_path / "a"))
    assert open(tmp_path / "checkpoint").read().startswith('model_checkpoint_path: "a-1"')
    assert tf.train.latest_checkpoint(str(tmp_path)) == path


def test_checkpoints_iterator(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(np.float32(1)))
    path = ckpt.save(str(tmp_path / "c"))
    it = tf.train.checkpoints_iterator(str(tmp_path), timeout=0)
    assert next(it) == path
    with pytest.raises(StopIteration):
        next(it)


def test_state_file_never_names_itself(tmp_path):
    with pytest.raises(RuntimeError, match="conflicts with path used for checkpoint state"):
        cm.update_checkpoint_state_internal(str(tmp_path), str(tmp_path / "checkpoint"))
