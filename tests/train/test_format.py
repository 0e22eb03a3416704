"""The on-disk pieces: the sorted table of `.index`, and the tensor bundle."""

import os
import struct

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.io import table
from eagerflow._src.io.tensor_bundle import (
    BundleReader,
    BundleWriter,
    data_filename,
    index_filename,
)


# -- the table ------------------------------------------------------------------------------
def _build(items, block_size=table.BLOCK_SIZE):
    w = table.TableWriter(block_size)
    for k, v in items:
        w.add(k, v)
    return w.finish()


@given(st.dictionaries(st.binary(max_size=20), st.binary(max_size=40), max_size=60),
       st.sampled_from([64, 256, table.BLOCK_SIZE]))
def test_table_roundtrip(d, block_size):
    items = sorted(d.items())
    assert list(table.read_table(_build(items, block_size), "t").items()) == items


def test_table_spans_many_blocks_and_keeps_order():
    items = [(f"key/{i:05d}".encode(), os.urandom(i % 50)) for i in range(2000)]
    raw = _build(items, block_size=512)
    assert raw[-8:] == struct.pack("<Q", table.MAGIC)
    assert list(table.read_table(raw, "t").items()) == items


def test_table_rejects_unsorted_keys():
    w = table.TableWriter()
    w.add(b"b", b"")
    with pytest.raises(ValueError, match="increasing"):
        w.add(b"a", b"")


def test_separators_are_between_keys():
    for a, b in [(b"abcd", b"abzz"), (b"abc", b"abd"), (b"a\xff", b"b"), (b"ab", b"abc")]:
        s = table.shortest_separator(a, b)
        assert a <= s < b
    assert table.short_successor(b"abc") == b"b"
    assert table.short_successor(b"\xff\xff") == b"\xff\xff"


@pytest.mark.parametrize("where", ["block", "footer", "truncate"])
def test_table_damage_is_data_loss(where):
    raw = bytearray(_build([(b"a", b"1" * 30), (b"b", b"2" * 30)]))
    if where == "block":
        raw[5] ^= 0x10
    elif where == "footer":
        raw[-1] ^= 0xFF
    else:
        raw = raw[:-10]
    with pytest.raises(tf.errors.DataLossError, match="some/file.index"):
        table.read_table(bytes(raw), "some/file.index")


# -- the bundle -----------------------------------------------------------------------------
VALUES = {
    "f16": (np.arange(6, dtype=np.float16).reshape(2, 3), tf.float16),
    "f32": (np.float32(3.5), tf.float32),
    "f64": (np.linspace(-1, 1, 7), tf.float64),
    "i8": (np.array([-128, 127], np.int8), tf.int8),
    "i16": (np.array([-5, 5], np.int16), tf.int16),
    "i32": (np.array([[1, 2], [3, 4]], np.int32), tf.int32),
    "i64": (np.array([2**40, -(2**40)], np.int64), tf.int64),
    "u8": (np.array([0, 255], np.uint8), tf.uint8),
    "u16": (np.array([65535], np.uint16), tf.uint16),
    "u32": (np.array([2**32 - 1], np.uint32), tf.uint32),
    "u64": (np.array([2**64 - 1], np.uint64), tf.uint64),
    "b": (np.array([True, False, True]), tf.bool),
    "c64": (np.array([1 + 2j], np.complex64), tf.complex64),
    "c128": (np.array([[1 - 2j]], np.complex128), tf.complex128),
    "empty": (np.zeros((0, 3), np.float32), tf.float32),
    "s": (np.array([b"", b"ab", "h\u00e9llo".encode()], dtype=object), tf.string),
    "s0": (np.array(b"scalar", dtype=object), tf.string),
    "s_empty": (np.zeros((0,), dtype=object), tf.string),
}


def _write_all(prefix):
    w = BundleWriter(prefix)
    for k, (v, d) in VALUES.items():
        w.add(k, v, d)
    w.finish()


def test_bundle_roundtrip_every_dtype(tmp_path):
    prefix = str(tmp_path / "sub" / "b")
    _write_all(prefix)
    assert os.path.exists(index_filename(prefix)) and os.path.exists(data_filename(prefix))
    assert not [n for n in os.listdir(tmp_path / "sub") if ".tmp" in n]
    r = BundleReader(prefix)
    assert r.keys() == sorted(VALUES)
    for k, (v, d) in VALUES.items():
        got = r.read(k)
        assert r.dtype(k) is d
        assert r.shape(k) == list(np.shape(v))
        assert got.shape == np.shape(v)
        if d is tf.string:
            assert [bytes(x) for x in got.reshape(-1)] == [bytes(x) for x in
                                                          np.asarray(v).reshape(-1)]
        else:
            assert got.dtype == np.asarray(v).dtype
            np.testing.assert_array_equal(got, v)


def test_bundle_missing_is_not_found(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match="Failed to find any matching files"):
        BundleReader(str(tmp_path / "nope"))


def test_bundle_duplicate_key_rejected(tmp_path):
    w = BundleWriter(str(tmp_path / "b"))
    w.add("a", np.float32(1), tf.float32)
    with pytest.raises(ValueError, match="Duplicate"):
        w.add("a", np.float32(1), tf.float32)
    w.abort()
    assert os.listdir(tmp_path) == []


def _flip(path, offset):
    with open(path, "r+b") as f:
        f.seek(offset)
        b = f.read(1)
        f.seek(offset)
        f.write(bytes([b[0] ^ 0x01]))


@pytest.mark.parametrize("key", ["f64", "s", "i32"])
def test_bundle_corrupt_tensor_is_data_loss_naming_file(tmp_path, key):
    prefix = str(tmp_path / "b")
    _write_all(prefix)
    offset = BundleReader(prefix).entries[key].offset
    _flip(data_filename(prefix), offset + 1 if key != "s" else offset + 6)
    r = BundleReader(prefix)
    with pytest.raises(tf.errors.DataLossError, match=r"b\.data-00000-of-00001"):
        r.read(key)
    r.read("f32")  # the other tensors are still fine


def test_bundle_truncated_data_is_data_loss(tmp_path):
    prefix = str(tmp_path / "b")
    _write_all(prefix)
    size = os.path.getsize(data_filename(prefix))
    os.truncate(data_filename(prefix), size - 3)
    r = BundleReader(prefix)
    last = max(r.entries, key=lambda k: r.entries[k].offset + r.entries[k].size)
    with pytest.raises(tf.errors.DataLossError, match="truncated"):
        r.read(last)


@pytest.mark.parametrize("cut", [1, 20, 60])
def test_bundle_truncated_index_is_data_loss(tmp_path, cut):
    prefix = str(tmp_path / "b")
    _write_all(prefix)
    size = os.path.getsize(index_filename(prefix))
    os.truncate(index_filename(prefix), size - cut)
    with pytest.raises(tf.errors.DataLossError, match=r"b\.index"):
        BundleReader(prefix)
