"""Corrupt files: checkpoints (.index / .data), event files, TFRecords, `.weights.h5`
and dataset caches that are truncated, bit-flipped, emptied, overwritten or extended.

Reading one must either raise a `tf.errors.*` error (DataLossError for corruption, as
TF) whose message names the file, or return exactly what was written (a flip in a byte
the format never reads). Never a wrong value, never a hang or a runaway allocation (a
corrupt length field is the classic one; the reads run under fuzzlib's guards), and
never pickle: unpickling is disabled while reading, and pickle payloads planted in the
files must not run.

Each format is tested through its public API and skips with the reason while the
stream that brings it has not landed.
"""

from __future__ import annotations

import builtins
import os
import pickle
import zlib

import numpy as np
import pytest
from fuzzlib import STATS, FuzzFailure, check, examples, fuzz_settings, guarded
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import errors as E


def need(dotted: str, stream: str):
    """tf.<dotted>, or a skip saying which stream brings it."""
    obj = tf
    for part in dotted.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            pytest.skip(f"tf.{dotted} is not in this build yet (lands with the {stream} stream)")
    return obj


# ---------------------------------------------------------------------------------------
# Corruptions.
# ---------------------------------------------------------------------------------------

class _Planted:
    """Unpickling this sets a flag: the proof that a reader ran pickle."""

    def __reduce__(self):
        return (exec, ("import builtins; builtins._EAGERFLOW_PICKLE_RAN = True",))


PICKLE_PAYLOAD = pickle.dumps(_Planted())


@st.composite
def corruptions(draw, size: int):
    kind = draw(st.sampled_from(["truncate", "flip", "flip", "empty", "zero-run", "append",
                                 "pickle", "garbage", "length"]))
    if kind == "truncate":
        return kind, draw(st.integers(0, max(size - 1, 0)))
    if kind == "flip":
        return kind, tuple(draw(st.lists(st.integers(0, max(size * 8 - 1, 0)), min_size=1,
                                         max_size=3)))
    if kind == "zero-run":
        start = draw(st.integers(0, max(size - 1, 0)))
        return kind, (start, draw(st.integers(1, 64)))
    if kind == "append":
        return kind, draw(st.binary(min_size=1, max_size=40))
    if kind == "garbage":
        return kind, draw(st.binary(min_size=0, max_size=200))
    if kind == "length":  # a huge little-endian length where one usually sits
        return kind, (draw(st.sampled_from([0, 8, 12, 16])),
                      draw(st.sampled_from([2**31, 2**40, 2**63 - 1, 2**64 - 1])))
    return kind, None


def corrupt(path: str, how: tuple) -> bytes:
    kind, arg = how
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if kind == "truncate":
        data = data[:arg]
    elif kind == "flip":
        for bit in arg:
            if data:
                data[(bit // 8) % len(data)] ^= 1 << (bit % 8)
    elif kind == "empty":
        data = bytearray()
    elif kind == "zero-run":
        start, n = arg
        data[start:start + n] = bytes(len(data[start:start + n]))
    elif kind == "append":
        data += arg
    elif kind == "garbage":
        data = bytearray(arg)
    elif kind == "pickle":
        data = bytearray(PICKLE_PAYLOAD)
    elif kind == "length":
        at, value = arg
        if len(data) >= at + 8:
            data[at:at + 8] = value.to_bytes(8, "little")
    with open(path, "wb") as f:
        f.write(data)
    return bytes(data)


class _NoPickle:
    def __init__(self, monkeypatch):
        def refuse(*a, **k):
            raise AssertionError("a reader called pickle")

        for name in ("load", "loads", "Unpickler"):
            monkeypatch.setattr(pickle, name, refuse)
        real_np_load = np.load

        def np_load(*a, **k):
            if k.get("allow_pickle"):
                raise AssertionError("a reader called np.load(allow_pickle=True)")
            return real_np_load(*a, **k)

        monkeypatch.setattr(np, "load", np_load)


def check_read(label: str, path: str, read, want, monkeypatch, extra: tuple = (),
               prefix_ok: bool = False) -> str:
    """read() must raise a tf.errors class naming `path`'s file, or return `want` exactly
    (`prefix_ok`: or the records before a cut, for a file cut at a record boundary, which
    record-framed formats can't tell from a shorter file, in TF as here; a few bytes of
    garbage shorter than a record header read as an empty file in TF too). `extra`: other
    classes the format's TF counterpart raises (Keras's ValueError for a weights file
    whose layout lacks a layer's variables)."""
    name = os.path.basename(path)
    _NoPickle(monkeypatch)
    try:
        outcome, value = guarded(label, (name,), read, contract=False)
    finally:
        monkeypatch.undo()
    if getattr(builtins, "_EAGERFLOW_PICKLE_RAN", False):
        del builtins._EAGERFLOW_PICKLE_RAN
        raise FuzzFailure("pickle", label, f"reading {name} ran a planted pickle")
    if outcome == "ok":
        for w, g in zip(want, value):
            if not np.array_equal(np.asarray(w), np.asarray(g)):
                raise FuzzFailure("wrong-value", label, f"read a wrong value from corrupt "
                                                        f"{name}: {g!r} != {w!r}")
        if len(want) != len(value) and not (prefix_ok and len(value) < len(want)):
            raise FuzzFailure("wrong-value", label, f"read {len(value)} values from corrupt "
                                                    f"{name}, {len(want)} were written")
        return outcome
    if isinstance(value, extra):
        return outcome
    if not isinstance(value, E.OpError):
        raise FuzzFailure("wrong-class", label, f"{type(value).__name__} for corrupt {name} "
                                                f"(a tf.errors class expected): {value}")
    stem = name.split(".")[0]
    # (TF 2.21's compressed-stream errors name zlib's error, not the file: "inflate()
    # failed with error -3: incorrect header check", recorded)
    if stem not in str(value) and "inflate() failed" not in str(value):
        raise FuzzFailure("unnamed", label, f"error does not name the file {name}: {value}")
    return outcome


def _run_corruptions(label: str, original: str, paths: list, read, want, monkeypatch,
                     tmp_path, n: int, records: bool = False, extra: tuple = ()) -> None:
    """Corrupts each of `paths` in turn (from pristine copies) and checks the reads."""
    pristine = {p: open(p, "rb").read() for p in paths}

    @fuzz_settings(examples(n, 25 * n))
    @given(data=st.data())
    def run(data):
        target = data.draw(st.sampled_from(paths))
        for p, b in pristine.items():
            with open(p, "wb") as f:
                f.write(b)
        how = data.draw(corruptions(len(pristine[target])))
        new = corrupt(target, how)
        check(check_read, f"{label}:{os.path.basename(target)}:{how[0]}", target, read, want,
              monkeypatch, extra,
              records and (pristine[target].startswith(new) or how[0] == "garbage"))

    run()
    assert STATS.calls > 0


# ---------------------------------------------------------------------------------------
# TFRecords (and event files, which are TFRecord-framed).
# ---------------------------------------------------------------------------------------

RECORDS = [b"first", b"", b"x" * 300, bytes(range(256))]


@pytest.mark.parametrize("compression", ["", "GZIP", "ZLIB"])
def test_corrupt_tfrecord(tmp_path, monkeypatch, compression):
    writer_cls = need("io.TFRecordWriter", "data")
    dataset = need("data.TFRecordDataset", "data")
    path = str(tmp_path / "records.tfrecord")
    with writer_cls(path, options=compression or None) as w:
        for r in RECORDS:
            w.write(r)

    def read():
        return [t.numpy() for t in dataset(path, compression_type=compression or None)]

    assert read() == RECORDS
    _run_corruptions("TFRecordDataset", path, [path], read, RECORDS, monkeypatch, tmp_path, 20,
                     records=True)


def test_corrupt_tfrecord_iterator(tmp_path, monkeypatch):
    writer_cls = need("io.TFRecordWriter", "data")
    iterator = need("io.tf_record_iterator", "data")
    path = str(tmp_path / "iter.tfrecord")
    with writer_cls(path) as w:
        for r in RECORDS:
            w.write(r)

    def read():
        return list(iterator(path))

    assert read() == RECORDS
    _run_corruptions("tf_record_iterator", path, [path], read, RECORDS, monkeypatch,
                     tmp_path, 15, records=True)


def test_corrupt_event_file(tmp_path, monkeypatch):
    create = need("summary.create_file_writer", "checkpoints and summaries")
    dataset = need("data.TFRecordDataset", "data")
    logdir = tmp_path / "logs"
    writer = create(str(logdir))
    with writer.as_default():
        for step in range(3):
            tf.summary.scalar("loss", 0.5 * step, step=step)
    writer.flush()
    writer.close()
    (event,) = [str(p) for p in logdir.iterdir() if "tfevents" in p.name]

    def read():
        return [t.numpy() for t in dataset(event)]

    records = read()
    assert len(records) >= 4  # the file version record and three scalars
    _run_corruptions("event file", event, [event], read, records, monkeypatch, tmp_path, 15,
                     records=True)


# ---------------------------------------------------------------------------------------
# Checkpoints.
# ---------------------------------------------------------------------------------------

def _checkpoint(tmp_path):
    ckpt_cls = need("train.Checkpoint", "checkpoints and summaries")
    values = {"a": np.arange(12, dtype=np.float32).reshape(3, 4),
              "b": np.array([-1, 7, 2**40], dtype=np.int64)}
    ckpt = ckpt_cls(**{k: tf.Variable(v) for k, v in values.items()})
    prefix = ckpt.write(str(tmp_path / "ckpt" / "model"))
    files = sorted(str(p) for p in (tmp_path / "ckpt").iterdir()
                   if p.name.startswith("model."))
    assert any(f.endswith(".index") for f in files) and any(".data-" in f for f in files)
    return ckpt_cls, values, prefix, files


def test_corrupt_checkpoint_restore(tmp_path, monkeypatch):
    ckpt_cls, values, prefix, files = _checkpoint(tmp_path)

    def read():
        fresh = {k: tf.Variable(np.zeros_like(v)) for k, v in values.items()}
        ckpt_cls(**fresh).read(prefix).assert_consumed()
        return [fresh[k].numpy() for k in sorted(values)]

    want = [values[k] for k in sorted(values)]
    for got, w in zip(read(), want):
        np.testing.assert_array_equal(got, w)
    _run_corruptions("Checkpoint.read", prefix, files, read, want, monkeypatch, tmp_path, 20)


def test_corrupt_checkpoint_reader(tmp_path, monkeypatch):
    load = need("train.load_checkpoint", "checkpoints and summaries")
    _, values, prefix, files = _checkpoint(tmp_path)

    def read():
        reader = load(prefix)
        return [reader.get_tensor(f"{k}/.ATTRIBUTES/VARIABLE_VALUE") for k in sorted(values)]

    want = [values[k] for k in sorted(values)]
    _run_corruptions("load_checkpoint", prefix, files, read, want, monkeypatch, tmp_path, 20)


# ---------------------------------------------------------------------------------------
# Keras weights (.weights.h5) and dataset caches.
# ---------------------------------------------------------------------------------------

def test_corrupt_weights_h5(tmp_path, monkeypatch):
    pytest.importorskip("h5py")
    keras = need("keras", "keras")
    need("keras.layers.Dense", "keras layers")
    if not hasattr(need("keras.Sequential", "keras layers"), "save_weights"):
        pytest.skip("Model.save_weights is not in this build yet (checkpoints stream)")

    def model():
        m = keras.Sequential([keras.layers.Dense(3), keras.layers.Dense(2)])
        m.build((None, 4))
        return m

    src = model()
    path = str(tmp_path / "model.weights.h5")
    src.save_weights(path)
    want = [w.numpy() for w in src.weights]

    def read():
        m = model()
        m.load_weights(path)
        return [w.numpy() for w in m.weights]

    _run_corruptions("load_weights", path, [path], read, want, monkeypatch, tmp_path, 15,
                     extra=(ValueError,))


def test_corrupt_dataset_cache(tmp_path, monkeypatch):
    data = need("data.Dataset", "data")
    if not hasattr(data, "cache"):
        pytest.skip("Dataset.cache is not in this build yet (data stream)")
    stem = str(tmp_path / "cache" / "elements")
    os.makedirs(os.path.dirname(stem))
    source = data.from_tensor_slices({"x": np.arange(10, dtype=np.int32),
                                      "s": np.array([b"a", b"", b"bc", b"\x00"] * 2 + [b"z"] * 2,
                                                    dtype=object)})
    ds = source.cache(stem)
    want = [e for e in ds.as_numpy_iterator()]  # fills the cache
    files = sorted(os.path.join(os.path.dirname(stem), n)
                   for n in os.listdir(os.path.dirname(stem)))
    assert files, "cache wrote no files"
    flat_want = [np.asarray(e[k]) for e in want for k in sorted(e)]

    def read():
        return [np.asarray(e[k]) for e in ds.as_numpy_iterator() for k in sorted(e)]

    _run_corruptions("Dataset.cache", stem, files, read, flat_want, monkeypatch, tmp_path, 15)


def test_corruptions_cover_every_kind():
    # the generator really produces each corruption kind, and corrupt() applies it
    import tempfile

    kinds = set()
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "f")
        for how in [("truncate", 3), ("flip", (0, 9)), ("empty", None), ("zero-run", (1, 2)),
                    ("append", b"zz"), ("garbage", b"q"), ("pickle", None),
                    ("length", (0, 2**40))]:
            with open(p, "wb") as f:
                f.write(bytes(range(1, 21)))
            out = corrupt(p, how)
            assert out != bytes(range(1, 21)), how
            kinds.add(how[0])
    assert len(kinds) == 8
    assert zlib.crc32(PICKLE_PAYLOAD)  # the payload exists and is non-empty
