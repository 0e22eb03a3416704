"""TF 2's summary-writer ops run eagerly as tf.raw_ops, with TF 2.21's semantics: a writer
handle names no writer until CreateSummaryFileWriter made one (NotFoundError before, and
after CloseSummaryWriter deleted it), the typed writes' events are TF 1's values, and
bad inputs fail with TF's classes and words (recorded from TF 2.21; where TF 2.21 aborts
the process, on a step or tag of several values, eagerflow refuses them instead).
"""

import glob
import itertools
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.summary import events_reader, protos

R = tf.raw_ops
_NAMES = itertools.count()
RED = np.array([255, 0, 0, 255], np.uint8)


def _writer(logdir, suffix=".v2"):
    w = R.SummaryWriter(shared_name=f"writer_ops_test_{next(_NAMES)}")
    R.CreateSummaryFileWriter(writer=w, logdir=str(logdir), max_queue=10, flush_millis=100000,
                              filename_suffix=suffix)
    return w


def _events(logdir):
    (path,) = glob.glob(os.path.join(str(logdir), "events.out.tfevents.*"))
    return [e for e in events_reader.summary_iterator(path)][1:]  # (the header left out)


def test_a_handle_names_no_writer_until_created():
    w = R.SummaryWriter(container="writer_ops_nowhere")
    assert w.dtype == tf.resource
    with pytest.raises(tf.errors.NotFoundError,
                       match=r"Container writer_ops_nowhere does not exist. \(Could not find "
                             r"resource: writer_ops_nowhere/\) \[Op:WriteScalarSummary\]"):
        R.WriteScalarSummary(writer=w, step=1, tag="a", value=1.0)
    with pytest.raises(tf.errors.NotFoundError,
                       match=r"Container writer_ops_nowhere does not exist. \(Could not"):
        R.FlushSummaryWriter(writer=w)
    with pytest.raises(tf.errors.NotFoundError,
                       match=r"Container writer_ops_nowhere does not exist. \[Op:Close"):
        R.CloseSummaryWriter(writer=w)


def test_typed_writes_are_tf1_values(tmp_path):
    w = _writer(tmp_path)
    R.CreateSummaryFileWriter(writer=w, logdir=str(tmp_path), max_queue=10,
                              flush_millis=100000, filename_suffix=".v2")  # (kept: one file)
    R.WriteScalarSummary(writer=w, step=1, tag="a", value=3)
    R.WriteHistogramSummary(writer=w, step=2, tag="h", values=[1.0, 2.0, 3.0])
    R.WriteImageSummary(writer=w, step=3, tag="i", tensor=np.zeros((2, 3, 4, 3), np.uint8),
                        bad_color=RED, max_images=1)
    R.WriteAudioSummary(writer=w, step=4, tag="au", tensor=np.zeros((2, 5, 1), np.float32),
                        sample_rate=8000.0)
    R.WriteSummary(writer=w, step=5, tensor=[1, 2], tag="s", summary_metadata="")
    R.WriteSummary(writer=w, step=5, tensor=[1, 2], tag="s", summary_metadata="\xff\xff")
    pb = protos.get()
    raw = pb.Summary(value=[pb.Summary.Value(tag="r", simple_value=2.0)]).SerializeToString()
    R.WriteRawProtoSummary(writer=w, step=6, tensor=[raw, raw])
    R.WriteGraphSummary(writer=w, step=7, tensor=b"")
    event = pb.Event(step=9, wall_time=1.0, summary=pb.Summary(
        value=[pb.Summary.Value(tag="ie", simple_value=2.0)]))
    R.ImportEvent(writer=w, event=[event.SerializeToString()])
    R.FlushSummaryWriter(writer=w)
    got = _events(tmp_path)
    assert [e.step for e in got] == [1, 2, 3, 4, 5, 5, 6, 7, 9]
    assert got[0].summary.value[0].simple_value == 3.0
    h = got[1].summary.value[0].histo
    assert (h.min, h.max, h.num, h.sum, h.sum_squares) == (1, 3, 3, 6, 14)
    assert list(h.bucket) == [0, 1, 0, 1, 0, 1, 0]
    assert [v.tag for v in got[2].summary.value] == ["i/image"]
    assert (got[2].summary.value[0].image.height, got[2].summary.value[0].image.width) == (3, 4)
    assert [v.tag for v in got[3].summary.value] == ["au/audio/0", "au/audio/1"]
    assert got[3].summary.value[0].audio.content_type == "audio/wav"
    # (TF keeps no metadata for an empty one, an empty one for metadata that doesn't parse)
    assert not got[4].summary.value[0].HasField("metadata")
    assert got[5].summary.value[0].HasField("metadata")
    assert [v.tag for v in got[6].summary.value] == ["r", "r"]
    assert got[7].HasField("graph_def") and got[7].graph_def == b""
    assert got[8].wall_time == 1.0 and got[8].summary.value[0].tag == "ie"


def test_a_closed_writer_is_gone_until_created_again(tmp_path):
    w = _writer(tmp_path)
    R.CloseSummaryWriter(writer=w)
    gone = r"Resource localhost/writer_ops_test_\d+/N10tensorflow22SummaryWriterInterfaceE " \
           r"does not exist. \[Op:{}\]"
    for op, call in (("WriteScalarSummary",
                      lambda: R.WriteScalarSummary(writer=w, step=1, tag="a", value=1.0)),
                     ("FlushSummaryWriter", lambda: R.FlushSummaryWriter(writer=w)),
                     ("CloseSummaryWriter", lambda: R.CloseSummaryWriter(writer=w))):
        with pytest.raises(tf.errors.NotFoundError, match=gone.format(op)):
            call()
    R.CreateSummaryFileWriter(writer=w, logdir=str(tmp_path / "again"), max_queue=10,
                              flush_millis=100000, filename_suffix=".v3")
    R.WriteScalarSummary(writer=w, step=11, tag="a", value=1.0)
    R.FlushSummaryWriter(writer=w)
    assert [e.step for e in _events(tmp_path / "again")] == [11]


@pytest.mark.parametrize("call,error,match", [
    (lambda w: R.WriteScalarSummary(writer=w, step=1.5, tag="a", value=1.0), TypeError,
     "Cannot convert 1.5 to EagerTensor of dtype int64"),
    (lambda w: R.WriteScalarSummary(writer=w, step=1, tag=3, value=1.0), TypeError,
     "Cannot convert 3 to EagerTensor of dtype string"),
    (lambda w: R.WriteScalarSummary(writer=w, step=1, tag="a", value="x"),
     tf.errors.InvalidArgumentError, "Value for attr 'T' of string is not in the list of "
                                     "allowed values: float, double, int32, uint8, int16, "
                                     "int8, int64, bfloat16, uint16, half, uint32, uint64"),
    (lambda w: R.WriteScalarSummary(writer=w, step=[1, 2], tag="a", value=1.0),
     tf.errors.InvalidArgumentError, "step must be a scala"),
    (lambda w: R.WriteSummary(writer=w, step=1, tensor=1.0, tag=["a", "b"],
                              summary_metadata=""),
     tf.errors.InvalidArgumentError, "tag must be a scala"),
    (lambda w: R.WriteHistogramSummary(writer=w, step=2, tag="h", values=[1.0, np.nan]),
     tf.errors.InvalidArgumentError, "Nan in summary histogram for: h"),
    (lambda w: R.WriteImageSummary(writer=w, step=3, tag="i",
                                   tensor=np.zeros((3, 4, 3), np.uint8), bad_color=RED),
     tf.errors.InvalidArgumentError, "Tensor must be 4-D with last dim 1, 3, or 4, not "
                                     "[3,4,3]"),
    (lambda w: R.WriteImageSummary(writer=w, step=3, tag="i",
                                   tensor=np.zeros((1, 2, 2, 5), np.uint8), bad_color=RED),
     tf.errors.InvalidArgumentError, "not [1,2,2,5]"),
    (lambda w: R.WriteImageSummary(writer=w, step=3, tag="i",
                                   tensor=np.zeros((1, 2, 2, 3), np.uint8), bad_color=RED,
                                   max_images=0),
     tf.errors.InvalidArgumentError, "Value for attr 'max_images' of 0 must be at least "
                                     "minimum 1"),
    (lambda w: R.WriteAudioSummary(writer=w, step=4, tag="au",
                                   tensor=np.zeros((2, 5, 1), np.float32), sample_rate=0.0),
     tf.errors.InvalidArgumentError, "sample_rate must be > 0"),
    (lambda w: R.WriteAudioSummary(writer=w, step=4, tag="au",
                                   tensor=np.zeros((5,), np.float32), sample_rate=8000.0),
     tf.errors.InvalidArgumentError, "Tensor must be 3-D or 2-D, got: [5]"),
    (lambda w: R.WriteAudioSummary(writer=w, step=4, tag="au",
                                   tensor=np.zeros((2, 5, 1), np.float32), sample_rate=8000.0,
                                   max_outputs=0),
     tf.errors.InvalidArgumentError, "Value for attr 'max_outputs' of 0 must be at least "
                                     "minimum 1"),
    (lambda w: R.WriteRawProtoSummary(writer=w, step=6, tensor=["\xff\x01"]),
     tf.errors.DataLossError, "Bad tf.compat.v1.Summary binary proto tensor string at index "
                              "0 [Op:WriteRawProtoSummary]"),
    (lambda w: R.WriteGraphSummary(writer=w, step=7, tensor="\xff\x01"),
     tf.errors.DataLossError, "Bad tf.GraphDef binary proto tensor string"),
    (lambda w: R.ImportEvent(writer=w, event=["\xff\x01"]),
     tf.errors.DataLossError, "Bad tf.Event binary proto tensor string [Op:ImportEvent]"),
    (lambda w: R.WriteScalarSummary(writer=1.0, step=1, tag="a", value=1.0), TypeError,
     "Cannot convert 1.0 to EagerTensor of dtype resource"),
    (lambda w: R.FlushSummaryWriter(writer=tf.constant(1.0)), tf.errors.InvalidArgumentError,
     "cannot compute FlushSummaryWriter as input #0(zero-based) was expected to be a "
     "resource tensor but is a float tenso"),
    (lambda w: R.CreateSummaryFileWriter(writer=w, logdir=["/tmp"], max_queue=10,
                                         flush_millis=100, filename_suffix=".v2"),
     tf.errors.InvalidArgumentError, "logdir must be a scalar [Op:CreateSummaryFileWriter]"),
])
def test_bad_inputs_fail_in_tfs_words(tmp_path, call, error, match):
    w = _writer(tmp_path)
    with pytest.raises(error) as info:
        call(w)
    assert match in str(info.value)


def test_a_handle_of_another_resource_is_refused(tmp_path):
    v = tf.Variable(1.0)
    for op, call in (("CreateSummaryFileWriter", lambda: R.CreateSummaryFileWriter(
            writer=v.handle, logdir=str(tmp_path), max_queue=10, flush_millis=100,
            filename_suffix=".v2")),
                     ("WriteScalarSummary", lambda: R.WriteScalarSummary(
                         writer=v.handle, step=1, tag="a", value=1.0))):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            call()
        assert "Trying to access a handle's resource using the wrong type. The handle points " \
               "to a resource (name 'Variable/" in str(info.value)
        assert "of type 'tensorflow::Var' (hash code 17454915466513971685) but you are trying " \
               "to access the resource as type 'tensorflow::SummaryWriterInterface' (hash " \
               f"code 14226400942227524213) [Op:{op}]" in str(info.value)


def test_db_writer_is_not_implemented(tmp_path):
    # (TF 2.21 writes TensorBoard's SQLite schema)
    with pytest.raises(tf.errors.UnimplementedError, match="no SQLite summary writer"):
        R.CreateSummaryDbWriter(writer=R.SummaryWriter(), db_uri=str(tmp_path / "x.db"),
                                experiment_name="e", run_name="r", user_name="u")


def test_tf1_tensor_and_audio_summaries():
    s = protos.get().Summary.FromString(R.TensorSummary(tensor=[1.0, 2.0],
                                                        description="d").numpy())
    assert s.value[0].node_name == "TensorSummary" and not s.value[0].tag
    with pytest.raises(tf.errors.UnimplementedError,
                       match=r"Op AudioSummary is not available in GraphDef version 2474. It "
                             r"has been removed in version 15. Use AudioSummaryV2.."):
        R.AudioSummary(tag="a", tensor=np.zeros((2, 5, 1), np.float32), sample_rate=8000.0)


def test_tf_summary_writes_through_the_writer_resource(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default(step=3):
        tf.summary.scalar("s", 1.5)
    # (the writer's handle is TF's: a raw op on it writes to the same file)
    R.WriteScalarSummary(writer=w._resource, step=4, tag="raw", value=2.0)
    w.close()
    with pytest.raises(tf.errors.NotFoundError, match="SummaryWriterInterfaceE does not exist"):
        R.WriteScalarSummary(writer=w._resource, step=5, tag="raw", value=2.0)
    got = _events(tmp_path)
    assert [(e.step, e.summary.value[0].tag) for e in got] == [(3, "s"), (4, "raw")]


def test_a_writer_not_trackable_is_not_saved(tmp_path):
    # (TF's save refuses it too: "Tried to export a function which references an
    # 'untracked' resource")
    class M(tf.Module):
        def __init__(self):
            self.w = tf.summary.create_file_writer(str(tmp_path / "logs"))

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def f(self, x):
            with self.w.as_default(step=1):
                tf.summary.scalar("loss", x)
            return x

    with pytest.raises(Exception, match="untracked' resource"):
        tf.saved_model.save(M(), str(tmp_path / "sm"))


# create_file_writer's logdir as TF 2.21 reads it (recorded): text of any kind, any other
# value converted to a string tensor first, which the op wants a scalar
@pytest.mark.parametrize("make, cls, message", [
    (lambda d: d, ValueError, "Attempt to convert a value (PosixPath("),
    (lambda d: 123, TypeError, "Cannot convert 123 to EagerTensor of dtype string"),
    (lambda d: 1.5, TypeError, "Cannot convert 1.5 to EagerTensor of dtype string"),
    (lambda d: [str(d)], tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__CreateSummaryFileWriter_device_/job:localhost/replica:0/"
     "task:0/device:CPU:0}} logdir must be a scalar [Op:CreateSummaryFileWriter] name: "),
])
def test_create_file_writer_refuses_logdirs_as_tf(tmp_path, make, cls, message):
    with pytest.raises(cls) as e:
        tf.summary.create_file_writer(make(tmp_path))
    assert str(e.value).startswith(message)


@pytest.mark.parametrize("make", [lambda d: os.fsencode(d), lambda d: np.array(str(d)),
                                  lambda d: tf.constant(str(d))])
def test_create_file_writer_takes_text_logdirs(tmp_path, make):
    w = tf.summary.create_file_writer(make(tmp_path / "logs"))
    with w.as_default():
        tf.summary.scalar("a", 1.0, step=0)
    w.close()
    assert len(glob.glob(str(tmp_path / "logs" / "events.out.tfevents.*"))) == 1
