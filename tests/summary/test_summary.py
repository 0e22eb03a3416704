"""tf.summary: event files read back by TensorBoard's own readers, and the writer semantics."""

import glob
import io
import os
import re
import struct
import subprocess
import sys
import wave
import zlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf
from eagerflow._src.core.context import _state
from eagerflow._src.summary import encoders, protos, summary_ops, trace
from eagerflow._src.summary.writer import FLUSH_WRITER
from eagerflow._src.summary.writer import _state as summary_state

tb = pytest.importorskip("tensorboard")
from tensorboard.backend.event_processing import (  # noqa: E402
    event_accumulator,
    event_file_loader,
    plugin_event_accumulator,
)
from tensorboard.util import tensor_util  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def clean_state():
    yield
    summary_state.writer = None
    summary_state.step = None
    summary_state.is_recording = None


def tensors(logdir):
    """{tag: [(step, ndarray)]} as TensorBoard's event accumulator sees them."""
    ea = event_accumulator.EventAccumulator(str(logdir), size_guidance={"tensors": 0})
    ea.Reload()
    return {tag: [(e.step, tensor_util.make_ndarray(e.tensor_proto)) for e in ea.Tensors(tag)]
            for tag in ea.Tags()["tensors"]}


def events(logdir):
    (path,) = glob.glob(os.path.join(str(logdir), "events.out.tfevents.*"))
    return list(event_file_loader.EventFileLoader(path).Load())


def test_event_file_is_created_at_once_and_named_like_tensorflows(tmp_path):
    logdir = tmp_path / "tb"
    tf.summary.create_file_writer(str(logdir))
    tf.summary.create_file_writer(str(logdir), filename_suffix=".foo")
    names = sorted(os.listdir(logdir), key=lambda n: n.endswith(".v2"))
    assert len(names) == 2
    host = re.escape(__import__("socket").gethostname())
    pid = os.getpid()
    foo = re.fullmatch(rf"events\.out\.tfevents\.\d{{10}}\.{host}\.{pid}\.(\d+)\.foo", names[0])
    v2 = re.fullmatch(rf"events\.out\.tfevents\.\d{{10}}\.{host}\.{pid}\.(\d+)\.v2", names[1])
    assert foo and v2 and int(foo.group(1)) == int(v2.group(1)) + 1  # a per-process counter
    loaded = list(event_file_loader.EventFileLoader(str(logdir / names[1])).Load())
    assert loaded[0].file_version == "brain.Event:2"


def test_scalars_histograms_images_text_read_by_tensorboard(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    data = np.random.default_rng(0).normal(size=500)
    with w.as_default():
        for step in range(1, 4):
            assert bool(tf.summary.scalar("loss", 1.0 / step, step=step))
        tf.summary.scalar("ints", 7, step=10, description="an int")
        tf.summary.histogram("weights", data, step=5)
        tf.summary.histogram("few", [1.0, 2, 2, 3, 10], step=5, buckets=4)
        tf.summary.image("gray", np.full((2, 4, 5, 1), 0.5, np.float32), step=6, max_outputs=1)
        tf.summary.image("rgba", np.arange(2 * 3 * 4, dtype=np.uint8).reshape(1, 2, 3, 4), step=6)
        tf.summary.text("notes", "**hello**", step=7)
        tf.summary.text("table", [["a", "b"], ["c", "d"]], step=7)
    got = tensors(tmp_path)
    assert [(s, float(v)) for s, v in got["loss"]] == [(1, 1.0), (2, 0.5), (3, np.float32(1 / 3))]
    assert got["loss"][0][1].dtype == np.float32 and got["ints"] == [(10, np.float32(7))]
    (step, hist), = got["weights"]
    assert step == 5 and hist.shape == (30, 3) and hist[:, 2].sum() == 500
    np.testing.assert_allclose(hist[0, 0], data.min()) and np.testing.assert_allclose(
        hist[-1, 1], data.max())
    np.testing.assert_array_equal(got["few"][0][1], [[1, 3.25, 4], [3.25, 5.5, 0], [5.5, 7.75, 0],
                                                     [7.75, 10, 1]])
    (step, gray), = got["gray"]
    assert list(gray[:2]) == [b"5", b"4"] and len(gray) == 3
    assert decode_png(gray[2]) .shape == (4, 5, 1) and (decode_png(gray[2]) == 127).all()
    (step, rgba), = got["rgba"]
    np.testing.assert_array_equal(decode_png(rgba[2]),
                                  np.arange(24, dtype=np.uint8).reshape(2, 3, 4))
    assert got["notes"] == [(7, np.array(b"**hello**", dtype=object))]
    assert got["table"][0][1].tolist() == [[b"a", b"b"], [b"c", b"d"]]
    # the plugin accumulator (what the TensorBoard server uses) files them by plugin
    ea = plugin_event_accumulator.EventAccumulator(str(tmp_path))
    ea.Reload()
    assert set(ea.PluginTagToContent("scalars")) == {"loss", "ints"}
    assert set(ea.PluginTagToContent("histograms")) == {"weights", "few"}
    assert set(ea.PluginTagToContent("images")) == {"gray", "rgba"}
    assert set(ea.PluginTagToContent("text")) == {"notes", "table"}
    meta = ea.SummaryMetadata("ints")
    assert meta.summary_description == "an int"


def decode_png(data):
    """A minimal PNG decoder (8-bit, not interlaced; the five row filters)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, color = header[:4]
    channels = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(h, 1 + w * channels)
    # libpng's row filters (as TF's encoder picks them), undone
    out = np.zeros((h, w * channels), np.int32)
    for y in range(h):
        kind, raw = rows[y, 0], rows[y, 1:].astype(np.int32)
        up = out[y - 1] if y else np.zeros(w * channels, np.int32)
        for x in range(w * channels):
            left = out[y, x - channels] if x >= channels else 0
            ul = up[x - channels] if x >= channels else 0
            if kind == 0:
                pred = 0
            elif kind == 1:
                pred = left
            elif kind == 2:
                pred = up[x]
            elif kind == 3:
                pred = (left + up[x]) // 2
            else:
                p = left + up[x] - ul
                pa, pb, pc = abs(p - left), abs(p - up[x]), abs(p - ul)
                pred = left if pa <= pb and pa <= pc else up[x] if pb <= pc else ul
            out[y, x] = (raw[x] + pred) % 256
    return out.astype(np.uint8).reshape(h, w, channels)


def test_audio_is_wav(tmp_path):
    clip = np.sin(np.linspace(0, 20, 800)).astype(np.float32).reshape(1, 800, 1)
    stereo = np.stack([clip[0, :, 0], -clip[0, :, 0]], axis=-1)[None]
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=2):
        tf.summary.audio("mono", clip, 8000)
        tf.summary.audio("stereo", np.concatenate([stereo, stereo * 2]), tf.constant(16000),
                         max_outputs=1)
    got = tensors(tmp_path)
    (step, mono), = got["mono"]
    assert step == 2 and mono.shape == (1, 2) and mono[0, 1] == b""
    with wave.open(io.BytesIO(mono[0, 0])) as wf:
        assert (wf.getnchannels(), wf.getframerate(), wf.getsampwidth()) == (1, 8000, 2)
        pcm = np.frombuffer(wf.readframes(800), "<i2")
    np.testing.assert_allclose(pcm / 32768.0, clip.reshape(-1), atol=1 / 32768)
    (step, st_), = got["stereo"]
    with wave.open(io.BytesIO(st_[0, 0])) as wf:
        assert (wf.getnchannels(), wf.getframerate()) == (2, 16000)
    ea = plugin_event_accumulator.EventAccumulator(str(tmp_path))
    ea.Reload()
    assert set(ea.PluginTagToContent("audio")) == {"mono", "stereo"}
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=2):
        with pytest.raises(ValueError, match=r"^Tensor  must have rank 3\.  Received rank 2, "
                                             r"shape \(2, 3\)$"):  # TF's message
            tf.summary.audio("bad", tf.zeros([2, 3]), 100)
        with pytest.raises(ValueError, match="Unknown encoding: 'mp3'"):
            tf.summary.audio("bad", tf.zeros([1, 3, 1]), 100, encoding="mp3")


def test_without_a_default_writer_everything_is_a_noop():
    for call in (lambda: tf.summary.scalar("a", 1.0), lambda: tf.summary.histogram("h", [1.0]),
                 lambda: tf.summary.image("i", np.zeros((1, 2, 2, 1))),
                 lambda: tf.summary.text("t", "x"), lambda: tf.summary.write("w", 1.0)):
        out = call()  # no step needed either
        assert out.dtype == tf.bool and not bool(out)
    assert not bool(tf.summary.should_record_summaries())
    with tf.summary.create_noop_writer().as_default():
        assert not bool(tf.summary.scalar("a", 1.0, step=1))
        assert not bool(tf.summary.should_record_summaries())


def test_step_rules(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default():
        with pytest.raises(ValueError, match="No step set"):
            tf.summary.scalar("a", 1.0)
        with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int64"):
            tf.summary.scalar("a", 1.0, step=1.5)
        with pytest.raises(ValueError, match=r"Expected scalar shape, saw shape: \(2,\)"):
            tf.summary.scalar("a", [1.0, 2.0], step=1)
        with pytest.raises(ValueError, match="must have rank 4"):
            tf.summary.image("i", np.zeros((2, 2, 3)), step=1)
        counter = tf.Variable(0, dtype=tf.int64)
        tf.summary.experimental.set_step(counter)
        assert tf.summary.experimental.get_step() is counter
        for _ in range(3):
            counter.assign_add(1)  # a variable step is read when each summary is written
            tf.summary.scalar("v", 1.0)
        tf.summary.scalar("explicit", 2.0, step=np.int64(40))
    with w.as_default(step=100):
        tf.summary.scalar("ctx", 3.0)
    assert tf.summary.experimental.get_step() is counter  # as_default(step) puts it back
    got = tensors(tmp_path)
    assert [s for s, _ in got["v"]] == [1, 2, 3]
    assert got["explicit"][0][0] == 40 and got["ctx"][0][0] == 100


def test_record_if(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default(step=0):
        with tf.summary.record_if(False):
            assert not bool(tf.summary.scalar("off", 1.0))
            assert not bool(tf.summary.should_record_summaries())
            tf.summary.scalar("no_step_needed_when_off", 1.0, step=None)
        step = tf.Variable(0, dtype=tf.int64)
        with tf.summary.record_if(lambda: int(step) % 2 == 0):
            for i in range(4):
                step.assign(i)
                tf.summary.scalar("even", float(i), step=step)
        with tf.summary.record_if(tf.constant(True)):
            assert bool(tf.summary.should_record_summaries())
    got = tensors(tmp_path)
    assert "off" not in got and [s for s, _ in got["even"]] == [0, 2]


def test_queue_flush_and_close(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path), max_queue=100, flush_millis=10**9)
    w.set_as_default(step=1)
    for i in range(5):
        tf.summary.scalar("q", float(i))
    assert "q" not in tensors(tmp_path)  # still queued
    tf.summary.flush()
    assert len(tensors(tmp_path)["q"]) == 5
    small = tf.summary.create_file_writer(str(tmp_path / "small"), max_queue=2,
                                          flush_millis=10**9)
    with small.as_default(step=1):
        for i in range(4):
            tf.summary.scalar("q", float(i))
        assert len(tensors(tmp_path / "small")["q"]) == 4  # flushed every 2 events
    w.close()
    w.close()
    w.flush()
    # TF's closed writer has lost its resource: a write raises (its flush and close don't)
    with pytest.raises(tf.errors.NotFoundError,
                       match=r"Resource localhost/_AnonymousVar\d+/N10tensorflow22Summary"
                             r"WriterInterfaceE does not exist. \[Op:WriteSummary\]"):
        tf.summary.scalar("after_close", 1.0)
    with pytest.raises(RuntimeError, match="is already closed"):
        with w.as_default():
            pass
    with pytest.raises(ValueError, match="`logdir` cannot be None"):
        tf.summary.create_file_writer(None)


def test_a_graphs_writer_init_flush_and_close_are_operations_that_act_when_run(tmp_path):
    # TF's guide for TF 1 graphs: writer.init(), writer.flush() and all_v2_summary_ops run
    # in a Session; nothing is written or flushed while the graph is built
    with tf.Graph().as_default():
        w = tf.summary.create_file_writer(str(tmp_path), max_queue=100, flush_millis=10**9)
        with w.as_default(step=3):
            tf.summary.scalar("s", 0.5)
        ops = tf.compat.v1.summary.all_v2_summary_ops()
        init, flush, close = w.init(), w.flush(), w.close()
        # (TF's graph: the writer's nodes, its file made when `init` runs)
        assert [o.type for o in (init, flush, close)] == ["CreateSummaryFileWriter",
                                                          "FlushSummaryWriter",
                                                          "CloseSummaryWriter"]
        assert init.name == "create_file_writer/CreateSummaryFileWriter"
        assert len(ops) == 1 and not w._closed
        assert not list(tmp_path.iterdir())
        with tf.compat.v1.Session() as sess:
            sess.run(init)
            sess.run(ops)
            assert tensors(tmp_path) == {}  # queued
            sess.run(flush)
            assert [s for s, _ in tensors(tmp_path)["s"]] == [3]
            sess.run(close)
            with pytest.raises(tf.errors.NotFoundError,
                               match="Resource localhost//N10tensorflow22SummaryWriterInterfaceE"
                                     " does not exist."):
                sess.run(ops)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="expected to be a resource tensor but is a float tensor"):
        summary_ops.bind(FLUSH_WRITER, (tf.constant(1.0),), {})


def test_a_noop_writer_never_becomes_the_default(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    w.set_as_default(step=1)
    try:
        noop = tf.summary.create_noop_writer()
        noop.set_as_default(step=2)
        with noop.as_default(step=3) as entered:
            assert entered is None and summary_state.writer is w
        assert noop.init() is None and noop.flush() is None and noop.close() is None
        assert bool(tf.summary.scalar("s", 1.0))  # still written through w, at step 1
        w.flush()
        assert [s for s, _ in tensors(tmp_path)["s"]] == [1]
    finally:
        summary_state.writer = None
        summary_state.step = None


def test_events_are_flushed_at_exit_and_on_garbage_collection(tmp_path):
    code = (f"import sys; sys.path.insert(0, {ROOT!r}); import eagerflow as tf\n"
            f"w = tf.summary.create_file_writer({str(tmp_path / 'exit')!r}, max_queue=1000)\n"
            "w.set_as_default(step=3)\n"
            "tf.summary.scalar('at_exit', 1.5)\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
    assert tensors(tmp_path / "exit")["at_exit"][0][0] == 3
    w = tf.summary.create_file_writer(str(tmp_path / "gc"), max_queue=1000)
    w.set_as_default(step=5)
    tf.summary.scalar("gc", 3.0)
    assert "gc" not in tensors(tmp_path / "gc")  # still queued
    summary_state.writer = None
    del w  # the last reference: the finalizer flushes and closes
    import gc

    gc.collect()
    assert tensors(tmp_path / "gc")["gc"][0][0] == 5


@given(hnp.arrays(np.float64, hnp.array_shapes(max_dims=2, max_side=40),
                  elements=st.floats(-1e6, 1e6)), st.integers(1, 40))
def test_histogram_buckets_match_independent_count(data, buckets):
    got = encoders.histogram_buckets(data, buckets)
    x = data.reshape(-1)
    assert got.shape == (buckets, 3) and got[:, 2].sum() == x.size
    if x.size and x.min() < x.max():
        edges = np.linspace(x.min(), x.max(), buckets + 1)
        np.testing.assert_allclose(got[:, 0], edges[:-1])
        np.testing.assert_allclose(got[:, 1], edges[1:])
        # every value falls in the bucket whose edges enclose it
        for v in x:
            i = min(int((v - x.min()) / ((x.max() - x.min()) / buckets)), buckets - 1)
            assert got[i, 0] <= v <= got[i, 1] or np.isclose(v, got[i, 0]) or \
                np.isclose(v, got[i, 1])
    elif x.size:
        assert got[-1, 2] == x.size and (got[:, :2] == x[0]).all()


def test_write_with_metadata_and_raw_protos(tmp_path):
    pb = protos.get()
    meta = pb.SummaryMetadata()
    meta.plugin_data.plugin_name = "custom"
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=9):
        assert bool(tf.summary.write("mine", np.arange(4, dtype=np.int32), metadata=meta))
        raw = pb.Summary()
        raw.value.add(tag="raw_tag", simple_value=2.5)
        assert bool(tf.summary.experimental.write_raw_pb(raw.SerializeToString()))
        with tf.summary.experimental.summary_scope("outer") as (tag, scope):
            assert tag == "outer" and scope == "outer/"
    loaded = events(tmp_path)
    mine = [e for e in loaded if e.summary.value and e.summary.value[0].tag == "mine"][0]
    assert mine.step == 9 and mine.summary.value[0].metadata.plugin_data.plugin_name == "custom"
    np.testing.assert_array_equal(tensor_util.make_ndarray(mine.summary.value[0].tensor),
                                  np.arange(4))
    raw_ev = [e for e in loaded if e.summary.value and e.summary.value[0].tag == "raw_tag"][0]
    assert float(tensor_util.make_ndarray(raw_ev.summary.value[0].tensor)) == 2.5


def test_repeated_tags_and_descriptions_write_their_own_values(tmp_path):
    # (eager writes keep their tags' and metadata's string tensors and their last int
    # step's: each event still has its own step, tag, description and value, and each
    # write returns a True bool scalar)
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=1):
        for i, (tag, description) in enumerate([("loss", None), ("loss", "mean"),
                                                ("acc", "mean"), ("loss", None)]):
            out = tf.summary.scalar(tag, float(i), step=i, description=description)
            assert out.dtype == tf.bool and out.shape == () and bool(out)
        assert bool(tf.summary.write(b"raw", 7, step=5)) and bool(tf.summary.write("raw", 8))
        tf.summary.scalar("again", 9.0)  # (the default step again: its tensor kept)
        tf.summary.scalar("again", 10.0, step=2)
    values = [(e.step, e.summary.value[0].tag, e.summary.value[0].metadata.summary_description,
               float(tensor_util.make_ndarray(e.summary.value[0].tensor)))
              for e in events(tmp_path) if e.summary.value]
    assert values == [(0, "loss", "", 0.0), (1, "loss", "mean", 1.0), (2, "acc", "mean", 2.0),
                      (3, "loss", "", 3.0), (5, "raw", "", 7.0), (1, "raw", "", 8.0),
                      (1, "again", "", 9.0), (2, "again", "", 10.0)]


def test_name_scope_prefixes_tags(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=1):
        _state.name_scopes.append("train")
        try:
            tf.summary.scalar("loss", 1.0)
        finally:
            _state.name_scopes.pop()
    assert "train/loss" in tensors(tmp_path)


def test_files_written_without_tensorboard_are_the_same_wire_format(tmp_path, monkeypatch):
    built = protos.get(prefer_tensorboard=False)
    assert not built.from_tensorboard
    monkeypatch.setitem(protos._cache, True, built)
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=2):
        tf.summary.scalar("s", 0.25)
        tf.summary.histogram("h", [1.0, 2.0], buckets=2)
        tf.summary.text("t", "x")
        tf.summary.audio("a", np.zeros((1, 10, 1), np.float32), 100)
    got = tensors(tmp_path)
    assert got["s"] == [(2, np.float32(0.25))] and got["h"][0][1].shape == (2, 3)
    ea = plugin_event_accumulator.EventAccumulator(str(tmp_path))
    ea.Reload()
    assert set(ea.PluginTagToContent("audio")) == {"a"}


def test_summaries_inside_a_traced_graph_write_when_it_runs(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))

    @tf.function
    def f(on):
        with w.as_default(step=7):
            tf.summary.scalar("traced", 1.0)
            with tf.summary.record_if(False):
                tf.summary.scalar("traced_off", 1.0)  # (TF builds no write)
            with tf.summary.record_if(on):
                tf.summary.scalar("maybe", 2.0)  # (TF's write inside an If)

    graph = f.get_concrete_function(tf.TensorSpec([], tf.bool)).graph
    types = [o.type for o in graph.get_operations()]
    assert types.count("WriteSummary") == 1 and "If" in types
    assert tensors(tmp_path) == {}  # tracing wrote nothing
    f(tf.constant(False))
    f(tf.constant(True))
    w.flush()
    got = tensors(tmp_path)
    assert [s for s, _ in got["traced"]] == [7, 7] and "traced_off" not in got
    assert [s for s, _ in got["maybe"]] == [7]
    assert summary_ops.WRITE_SUMMARY.stateful


def test_trace_export(tmp_path):
    @tf.function
    def f(x):
        return x + x

    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match="Must enable trace before export"):
            tf.summary.trace_export("g", step=0)
        tf.summary.trace_on(graph=True)
        f(tf.constant(1.0))
        tf.summary.trace_export("my_graph", step=1)
        assert not trace.tracing()
        tf.summary.graph(f.get_concrete_function(tf.constant(1.0)).graph)
    ea = plugin_event_accumulator.EventAccumulator(str(tmp_path))
    ea.Reload()
    assert "my_graph" in ea.PluginTagToContent("graph_run_metadata_graph")
    loaded = events(tmp_path)
    assert any(e.graph_def for e in loaded)
    rm = protos.get().RunMetadata()
    value = [e for e in loaded if e.summary.value][0].summary.value[0]
    rm.ParseFromString(value.tensor.string_val[0])
    assert [n.op for n in rm.function_graphs[0].pre_optimization_graph.node] == \
        ["_Arg", "AddV2", "Identity", "_Retval"]


def test_graph_def_messages_are_written_as_they_are(tmp_path):
    gd = protos.get().GraphDef()
    gd.node.add(name="a", op="Placeholder")
    gd.node.add(name="b", op="Exp", input=["a"])

    class HasAsGraphDef:  # (TF writes tf.Graphs and GraphDefs only)
        def as_graph_def(self):
            return gd

    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        assert bool(tf.summary.graph(gd))
        for bad in (object(), HasAsGraphDef()):
            with pytest.raises(ValueError, match="is not tf.Graph"):
                tf.summary.graph(bad)
    (ev,) = [e for e in events(tmp_path) if e.graph_def]
    assert protos.get().GraphDef.FromString(ev.graph_def) == gd


def test_inside_tf_function_step_and_condition_are_read_when_it_runs(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    step = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def f(x):
        step.assign_add(1)
        tf.summary.scalar("x", x, step=step)
        with tf.summary.record_if(step % 2 == 0):
            tf.summary.scalar("even", x * 2, step=step)
        tf.summary.histogram("h", tf.ones([3]) * x, step=step, buckets=2)
        return x + 1

    with w.as_default():
        for i in range(4):
            f(tf.constant(float(i)))
    got = tensors(tmp_path)
    assert [(s, float(v)) for s, v in got["x"]] == [(1, 0.0), (2, 1.0), (3, 2.0), (4, 3.0)]
    assert [(s, float(v)) for s, v in got["even"]] == [(2, 2.0), (4, 6.0)]
    assert got["h"][-1][1].tolist() == [[3.0, 3.0, 0.0], [3.0, 3.0, 3.0]]


def test_an_empty_logdir_is_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w = tf.summary.create_file_writer("")
    with w.as_default():
        assert bool(tf.summary.scalar("a", 1.0, step=1))
    w.flush()
    files = [p.name for p in tmp_path.iterdir()]
    assert len(files) == 1 and files[0].startswith("events.out.tfevents.")


# TF 2.21's TensorSummaryV2 of tag "t" and [1.5, 2.5] (or [1.5]) given metadata bytes that
# do not parse: TF keeps what parsed before the failure (nothing for a bad first byte; the
# display name "hi" before a bad field), as protobuf leaves a message it could not finish.
_CORRUPT_METADATA = [
    (b"\x00\xff", [1.5, 2.5],
     b'\n\x19\n\x01tB\x12\x08\x01\x12\x04\x12\x02\x08\x02"\x08\x00\x00\xc0?\x00\x00 @J\x00'),
    (b"\x12\x02hi\x00\xff", [1.5],
     b'\n\x19\n\x01tB\x0e\x08\x01\x12\x04\x12\x02\x08\x01"\x04\x00\x00\xc0?J\x04\x12\x02hi'),
]


@pytest.mark.parametrize("meta,values,want", _CORRUPT_METADATA)
def test_tensor_summary_of_metadata_that_does_not_parse_is_tfs(meta, values, want):
    got = tf.raw_ops.TensorSummaryV2(tag="t", tensor=np.array(values, np.float32),
                                     serialized_summary_metadata=meta)
    assert got.numpy() == want


def test_tensor_summary_refuses_a_tag_or_metadata_that_is_not_a_scalar():
    with pytest.raises(tf.errors.InvalidArgumentError, match="tag must be scalar"):
        tf.raw_ops.TensorSummaryV2(tag=["a"], tensor=[1.5], serialized_summary_metadata=[b""])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="serialized_summary_metadata must be scalar"):
        tf.raw_ops.TensorSummaryV2(tag="t", tensor=[1.5], serialized_summary_metadata=[])


def test_a_writer_made_inside_a_function_writes_when_it_runs(tmp_path):
    # (TF makes it eagerly, its handle captured: the function keeps it open after the
    # Python writer is gone)
    @tf.function
    def f(x):
        w = tf.summary.create_file_writer(str(tmp_path))
        with w.as_default(step=2):
            tf.summary.scalar("x", x)

    f(tf.constant(1.5))
    f(tf.constant(2.5))
    assert [(s, float(v)) for s, v in tensors(tmp_path)["x"]] == [(2, 1.5), (2, 2.5)]


def test_a_functions_record_conditions_and_variable_step_are_read_when_it_runs(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    v = tf.Variable(2, dtype=tf.int64)

    @tf.function
    def f(c):
        with w.as_default(step=v):
            with tf.summary.record_if(c):
                tf.summary.scalar("s", 1.0)
            with tf.summary.record_if(lambda: v > 2):
                tf.summary.scalar("lam", 2.0)
        v.assign_add(1)

    for c in (True, False, True):
        f(tf.constant(c))
    w.flush()
    got = tensors(tmp_path)
    assert [s for s, _ in got["s"]] == [2, 4] and [s for s, _ in got["lam"]] == [3, 4]


def test_write_takes_its_tag_as_given_and_the_summaries_their_scopes(tmp_path):
    # (TF 2.21's tags: ['w', 'a/s', 'w', 'b/s'])
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default(step=1):
        with tf.name_scope("a"):
            tf.summary.write("w", 1.0)
            tf.summary.scalar("s", 1.0)

        @tf.function
        def f():
            with tf.name_scope("b"):
                tf.summary.write("w", 1.0)
                tf.summary.scalar("s", 1.0)

        f()
    w.flush()
    assert [v.tag for e in events(tmp_path) for v in e.summary.value] == ["w", "a/s", "w", "b/s"]
