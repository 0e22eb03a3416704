"""Multi-worker file policy without MPI: a non-chief runs every save but keeps no file."""

import os

import pytest

import eagerflow as tf
from eagerflow._src.train import worker_files


@pytest.fixture
def non_chief():
    barriers = []
    worker_files.set_job(False, 1, lambda: barriers.append(1))
    yield barriers
    worker_files.clear_job()


def _files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, fs in os.walk(root) for f in fs)


def test_outside_a_job_every_process_writes(tmp_path):
    assert worker_files.is_writer()
    assert worker_files.redirect(str(tmp_path / "x")) == str(tmp_path / "x")
    path = tf.train.Checkpoint(v=tf.Variable(1.0)).save(str(tmp_path / "ckpt"))
    assert path == str(tmp_path / "ckpt-1")
    assert "checkpoint" in _files(tmp_path)


def test_non_chief_saves_leave_no_file_and_meet_at_barriers(tmp_path, non_chief):
    v = tf.Variable([1.0, 2.0])
    ckpt = tf.train.Checkpoint(v=v)
    assert ckpt.save(str(tmp_path / "saved" / "ckpt")) == str(tmp_path / "saved" / "ckpt-1")
    assert ckpt.write(str(tmp_path / "written" / "ckpt")) == str(tmp_path / "written" / "ckpt")
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.save_weights(str(tmp_path / "w" / "weights"))
    # one barrier per outermost save (save() writes through write(): still one)
    assert len(non_chief) == 3
    assert _files(tmp_path) == []
    assert sorted(os.listdir(tmp_path)) == ["saved", "w", "written"]  # dirs made, then emptied


def test_non_chief_manager_neither_records_nor_deletes_the_chiefs_files(tmp_path, non_chief):
    ckpt = tf.train.Checkpoint(v=tf.Variable(3.0))
    worker_files.clear_job()  # the chief's earlier checkpoint, which it alone may delete
    chief_path = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1).save()
    worker_files.set_job(False, 1, None)
    before = _files(tmp_path)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=1)
    paths = [manager.save() for _ in range(2)]
    assert paths == [str(tmp_path / "ckpt-2"), str(tmp_path / "ckpt-3")]
    assert manager.latest_checkpoint == paths[-1]  # what the chief's manager reports
    assert _files(tmp_path) == before and chief_path == str(tmp_path / "ckpt-1")


def test_non_chief_summaries_go_to_a_removed_private_directory(tmp_path, non_chief):
    writer = tf.summary.create_file_writer(str(tmp_path / "logs"))
    with writer.as_default():
        assert tf.summary.scalar("x", 1.0, step=0)  # recorded, as on the chief
    private = os.path.dirname(writer._file.path)
    assert os.path.exists(writer._file.path) and not private.startswith(str(tmp_path))
    writer.close()
    assert not os.path.exists(private)
    assert not (tmp_path / "logs").exists()


def test_a_failed_save_skips_the_barrier_and_still_cleans_up(tmp_path, non_chief):
    with pytest.raises(RuntimeError, match="disk"):
        with worker_files.save_scope():
            with open(worker_files.redirect(str(tmp_path / "f")), "w") as f:
                f.write("partial")
            raise RuntimeError("disk full")
    assert non_chief == [] and _files(tmp_path) == []
