"""Paths of a URI scheme with no file system here (s3://, gs://, hdfs://) fail as
TF 2.21 fails them (UnimplementedError "File system scheme 's3' not implemented (file:
'...')", naming the file TF's first operation touches), instead of being read as relative
local paths ("s3:/bucket/...") that a save would create beside the program; "file://" paths
are local ones, and the matches of a "file://" pattern keep the scheme, as TF's. The
messages were recorded with TF 2.21 (which has a gs:// file system: there it would reach
the network, so s3:// stands for every scheme here).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import eagerflow as tf

P = "s3://bucket/x"


def _unimplemented(file: str, scheme: str = "s3") -> str:
    return f"File system scheme '{scheme}' not implemented (file: '{file}')"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: os.PathLike, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in an empty folder, which must stay empty: nothing is written for
    a path of another scheme."""
    monkeypatch.chdir(tmp_path)
    yield
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("call, file", [
    (lambda: tf.io.gfile.exists(P), P),
    (lambda: tf.io.gfile.glob(P + "/*"), P + "/*"),
    (lambda: tf.io.gfile.makedirs(P), P),
    (lambda: tf.io.gfile.mkdir(P), P),
    (lambda: tf.io.gfile.GFile(P, "w").write("a"), P),
    (lambda: tf.io.gfile.GFile(P).read(), P),
    (lambda: tf.io.gfile.remove(P), P),
    (lambda: tf.io.gfile.rmtree(P), P),
    (lambda: tf.io.gfile.stat(P), P),
    (lambda: tf.io.gfile.copy(__file__, P), P),
    (lambda: tf.io.gfile.rename(P, P + "2"), P),
    (lambda: tf.io.gfile.exists("gs://b/o"), "gs://b/o"),
])
def test_gfile(call: object, file: str) -> None:
    scheme = file.split(":")[0]
    with pytest.raises(tf.errors.UnimplementedError) as e:
        call()
    assert str(e.value) == _unimplemented(file, scheme)


def test_gfile_answers_without_failing() -> None:
    # (TF's isdir, listdir and walk answer for another scheme's path)
    assert tf.io.gfile.isdir(P) is False
    assert list(tf.io.gfile.walk(P)) == []
    with pytest.raises(tf.errors.NotFoundError, match=f"^Could not find directory {P}$"):
        tf.io.gfile.listdir(P)
    assert tf.io.gfile.join(P, "a") == P + "/a"


def test_ops() -> None:
    head = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.io.write_file(P, "a")  # (TF makes the folder first: it names that)
    assert str(e.value) == head % "WriteFile" + _unimplemented("s3://bucket/") + \
        " [Op:WriteFile]"
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.io.write_file(tf.constant(P + "/y"), tf.constant("a"), name="nm")
    assert str(e.value) == head % "WriteFile" + _unimplemented(P) + " [Op:WriteFile] name: nm"
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.io.read_file(P)
    assert str(e.value) == head % "ReadFile" + _unimplemented(P) + " [Op:ReadFile]"
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.io.matching_files(P + "/*")
    assert str(e.value) == head % "MatchingFiles" + _unimplemented(P + "/*") + \
        " [Op:MatchingFiles]"
    with pytest.raises(tf.errors.UnimplementedError, match="InitializeTableFromTextFileV2"):
        tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
            P + "/v.txt", tf.string, 0, tf.int64, 1), -1)


def test_write_file_names_the_folder_it_cannot_make(tmp_path: os.PathLike) -> None:
    blocker = os.path.join(tmp_path, "afile")
    with open(blocker, "w") as f:
        f.write("x")
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        tf.io.write_file(blocker + "/sub/y", "a")
    assert str(e.value).endswith(f"}}}} {blocker} is not a directory [Op:WriteFile]")
    # (a folder that is a file is not made again: the write fails, naming the file)
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        tf.io.write_file(blocker + "/y", "a")
    assert str(e.value).endswith(f"}}}} {blocker}/y; Not a directory [Op:WriteFile]")
    os.remove(blocker)


# TF 2.21's messages (recorded): the summary writer's op, run eagerly on the host
_WRITER_HEAD = ("{{function_node __wrapped__CreateSummaryFileWriter_device_/job:localhost/"
                "replica:0/task:0/device:CPU:0}} ")


@pytest.mark.parametrize("logdir, cls, message", [
    ("{f}", tf.errors.FailedPreconditionError, "Not a directory"),
    ("{f}/sub", tf.errors.FailedPreconditionError, "{f} is not a directory"),
    ("{f}/sub/x", tf.errors.FailedPreconditionError, "{f} is not a directory"),
    (P + "/logs", tf.errors.UnimplementedError, _unimplemented(P + "/logs")),
])
def test_summary_writer_errors(tmp_path: os.PathLike, logdir: str, cls: type,
                               message: str) -> None:
    blocker = os.path.join(tmp_path, "afile")
    with open(blocker, "w") as f:
        f.write("x")
    with pytest.raises(cls) as e:
        tf.summary.create_file_writer(logdir.format(f=blocker))
    assert str(e.value) == (_WRITER_HEAD + message.format(f=blocker)
                            + " [Op:CreateSummaryFileWriter] name: ")
    os.remove(blocker)


def test_checkpoints() -> None:
    v = tf.Variable(1.0)
    for call in (lambda: tf.train.Checkpoint(v=v).save(P + "/ck"),
                 lambda: tf.train.Checkpoint(v=v).write(P + "/w"),
                 lambda: tf.train.CheckpointManager(tf.train.Checkpoint(v=v), P, 3).save()):
        with pytest.raises(tf.errors.UnimplementedError) as e:
            call()
        assert str(e.value) == _unimplemented(P)
    reading = (f"Unsuccessful TensorSliceReader constructor: Failed to get matching files on "
               f"{P}/ck-1: UNIMPLEMENTED: {_unimplemented(P + '/ck-1')}")
    for call in (lambda: tf.train.Checkpoint(v=v).restore(P + "/ck-1"),
                 lambda: tf.train.Checkpoint(v=v).read(P + "/ck-1"),
                 lambda: tf.train.load_checkpoint(P + "/ck-1"),
                 lambda: tf.train.list_variables(P + "/ck-1"),
                 lambda: tf.train.load_variable(P + "/ck-1", "v")):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == reading
    assert tf.train.latest_checkpoint(P) is None
    with pytest.raises(tf.errors.UnimplementedError) as e:
        tf.compat.v1.train.Saver([v]).save(None, P + "/s")
    assert str(e.value) == _unimplemented(P + "/s")


def test_saved_models_and_keras_files() -> None:
    m = tf.Module()
    m.v = tf.Variable(1.0)
    cases = [(lambda: tf.saved_model.save(m, P + "/sm"), P + "/sm/variables"),
             (lambda: tf.saved_model.load(P + "/sm"), P + "/sm/saved_model.pb")]
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    for f in ("m.keras", "m.weights.h5"):
        save = model.save if f == "m.keras" else model.save_weights
        cases += [(lambda s=save, f=f: s(f"{P}/{f}"), f"{P}/{f}")]
    cases += [(lambda: tf.keras.models.load_model(P + "/m.keras"), P + "/m.keras"),
              (lambda: tf.keras.models.load_model(P + "/m.h5"), P + "/m.h5"),
              (lambda: model.load_weights(P + "/m.weights.h5"), P + "/m.weights.h5"),
              (lambda: tf.keras.layers.TextVectorization(vocabulary=P + "/v.txt"),
               P + "/v.txt")]
    for call, file in cases:
        with pytest.raises(tf.errors.UnimplementedError) as e:
            call()
        assert str(e.value) == _unimplemented(file)


def test_data_and_summaries() -> None:
    cases = [(lambda: tf.io.TFRecordWriter(P + "/r.tfrecord"), P + "/r.tfrecord"),
             (lambda: list(tf.data.TFRecordDataset(P + "/r.tfrecord")), P + "/r.tfrecord"),
             (lambda: list(tf.data.TextLineDataset(P + "/r.txt")), P + "/r.txt"),
             (lambda: tf.data.Dataset.range(3).save(P + "/ds"), P + "/ds"),
             (lambda: tf.data.Dataset.load(P + "/ds"), P + "/ds/snapshot.metadata"),
             (lambda: list(tf.data.Dataset.range(2).cache(P + "/c")), P + "/c_0.lockfile"),
             (lambda: list(tf.data.Dataset.range(2).snapshot(P + "/snap")), P + "/snap/"),
             (lambda: tf.summary.create_file_writer(P + "/logs"), P + "/logs")]
    for call, file in cases:
        with pytest.raises(tf.errors.UnimplementedError) as e:
            call()
        assert _unimplemented(file)[:-2] in str(e.value)


def test_file_uris_are_local(tmp_path: os.PathLike) -> None:
    uri = "file://" + os.fspath(tmp_path)
    tf.io.write_file(uri + "/a.txt", "hi")
    assert tf.io.read_file(uri + "/a.txt").numpy() == b"hi"
    # (the matches of a file:// pattern keep the scheme, as TF's)
    assert tf.io.matching_files(uri + "/*").numpy().tolist() == [(uri + "/a.txt").encode()]
    assert tf.io.gfile.glob(uri + "/*") == [uri + "/a.txt"]
    v = tf.Variable(2.0)
    path = tf.train.Checkpoint(v=v).save(uri + "/ck")
    v.assign(5.0)
    tf.train.Checkpoint(v=v).read(path)
    assert float(v.numpy()) == 2.0
    m = tf.Module()
    m.v = v
    tf.saved_model.save(m, uri + "/sm")
    assert float(tf.saved_model.load(uri + "/sm").v.numpy()) == 2.0
    tf.data.Dataset.range(2).save(uri + "/ds")
    assert np.array(list(tf.data.Dataset.load(uri + "/ds"))).tolist() == [0, 1]
    for name in os.listdir(tmp_path):
        tf.io.gfile.rmtree(os.path.join(tmp_path, name))
