"""TF's older and lower snapshot ops (tf.raw_ops.SnapshotDataset, SnapshotDatasetReader,
SnapshotNestedDatasetReader, ListSnapshotChunksDataset, SnapshotChunkDataset): the values,
reprs and errors TF 2.21 gives (recorded from it), on snapshots written here and on the
distributed snapshot TF wrote (distributed_save_golden/)."""

import os

import pytest

import eagerflow as tf

R = tf.raw_ops
D = tf.data.Dataset
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
GOLDEN = os.path.join(os.path.dirname(__file__), "distributed_save_golden")


def _prefix(op):
    return f"{{{{function_node __wrapped__{op}_device_{CPU}}}}} "


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _value(t):
    v = t.numpy()
    return v.tolist() if hasattr(v, "tolist") else v


def _elements(v, spec=tf.TensorSpec([], tf.int64)):
    return [tf.nest.map_structure(_value, x)
            for x in tf.data.experimental.from_variant(v, spec)]


def test_snapshot_v1_writes_then_reads(tmp_path):
    r = D.range(5)._variant_tensor
    v = R.SnapshotDataset(input_dataset=r, path=str(tmp_path), **I64)
    assert _text(v) == "SnapshotDatasetOp::Dataset"
    assert _elements(v) == [0, 1, 2, 3, 4]
    assert os.listdir(tmp_path)  # (written: eagerflow writes TF 2's snapshot files)
    assert _elements(v) == [0, 1, 2, 3, 4]
    gz = R.SnapshotDataset(input_dataset=r, path=str(tmp_path), compression="GZIP", **I64)
    assert _elements(gz) == [0, 1, 2, 3, 4]
    for mode in ("passthrough", "write", "read"):
        assert _elements(R.SnapshotDataset(input_dataset=r, path=str(tmp_path), mode=mode,
                                           **I64)) == [0, 1, 2, 3, 4]


def test_snapshot_v1_read_mode_wants_a_snapshot(tmp_path):
    v = R.SnapshotDataset(input_dataset=D.range(3)._variant_tensor, path=str(tmp_path / "none"),
                          mode="read", **I64)
    with pytest.raises(tf.errors.NotFoundError,
                       match=r"Metadata file does not exist\. \[Op:IteratorGetNext\]"):
        _elements(v)


@pytest.mark.parametrize("kw,message", [
    (dict(compression="FOO"), "compression must be either '', 'GZIP' or 'SNAPPY'."),
    (dict(path=["/tmp/x"]), "path must be a scalar"),
    (dict(mode="foo"), "mode must be either 'auto', 'read', 'write', or 'passthrough'."),
    (dict(pending_snapshot_expiry_seconds=0),
     "pending_snapshot_expiry_seconds must be at least 1 second.")])
def test_snapshot_v1_checks(kw, message):
    args = dict(input_dataset=D.range(5)._variant_tensor, path="/tmp/eagerflow_snapshot_v1")
    args.update(kw)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.SnapshotDataset(**args, **I64)
    assert str(e.value) == _prefix("SnapshotDataset") + message + " [Op:SnapshotDataset]"


def test_snapshot_v1_takes_tf_tuning_attrs():
    r = D.range(2)._variant_tensor
    for kw in (dict(shard_size_bytes=0), dict(num_reader_threads=0), dict(reader_buffer_size=0),
               dict(num_writer_threads=0), dict(writer_buffer_size=0)):
        v = R.SnapshotDataset(input_dataset=r, path="/tmp/eagerflow_snapshot_v1", **kw, **I64)
        assert _text(v) == "SnapshotDatasetOp::Dataset"


def _shards(tmp_path):
    ds = D.range(6).snapshot(str(tmp_path), shard_func=lambda x: x % 2)
    assert [int(x) for x in ds] == list(range(6))
    out = []
    for root, dirs, _ in os.walk(tmp_path):
        out += [os.path.join(root, d) for d in dirs if d.endswith(".shard")]
    return sorted(out)


def test_snapshot_reader(tmp_path):
    shards = _shards(tmp_path)
    # (a snapshot's files are SNAPPY-compressed by default)
    read = [R.SnapshotDatasetReader(shard_dir=s, start_index=0, compression="SNAPPY",
                                    version=2, **I64) for s in shards]
    assert _text(read[0]) == "SnapshotDatasetReader"
    assert [_elements(v) for v in read] == [[0, 2, 4], [1, 3, 5]]
    later = R.SnapshotDatasetReader(shard_dir=shards[1], start_index=1, compression="SNAPPY",
                                    version=2, **I64)
    assert _elements(later) == [3, 5]
    nested = R.SnapshotNestedDatasetReader(inputs=read, **I64)
    assert _text(nested) == "SnapshotNestedDatasetReader"
    assert int(R.DatasetCardinality(input_dataset=nested)) == -2
    assert int(R.DatasetCardinality(input_dataset=read[0])) == -2
    for kw, message in [(dict(shard_dir=[shards[0]], start_index=0), "shard_dir must be a scalar"),
                        (dict(shard_dir=shards[0], start_index=[0]),
                         "start_index must be a scalar")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.SnapshotDatasetReader(**kw, compression="", version=2, **I64)
        assert str(e.value) == _prefix("SnapshotDatasetReader") + message + \
            " [Op:SnapshotDatasetReader]"


def test_distributed_snapshot_chunks():
    v = R.ListSnapshotChunksDataset(snapshot_path=GOLDEN, output_types=[tf.string],
                                    output_shapes=[[]])
    assert _text(v) == "ListSnapshotChunksDatasetDatasetOp::Dataset"
    chunks = [os.path.join(GOLDEN, "chunks", n).encode() for n in ("chunk_0_0_3", "chunk_0_1_3")]
    assert [x.numpy() for x in tf.data.experimental.from_variant(
        v, tf.TensorSpec([], tf.string))] == chunks
    assert int(R.DatasetCardinality(input_dataset=v)) == 2
    spec = (tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.string))
    read = []
    for c in chunks:
        chunk = R.SnapshotChunkDataset(chunk_file=c, compression="GZIP",  # (the snapshot's)
                                       output_types=[tf.int64, tf.string],
                                       output_shapes=[[], []])
        assert _text(chunk) == "SnapshotChunkDataset"
        assert int(R.DatasetCardinality(input_dataset=chunk)) == -2
        read += _elements(chunk, spec)
    want = [tf.nest.map_structure(_value, x) for x in D.load(GOLDEN)]
    assert sorted(map(tuple, read)) == sorted(map(tuple, want)) and read
    # (a missing snapshot is found only as it is read)
    missing = R.ListSnapshotChunksDataset(snapshot_path="/tmp/eagerflow_no_such_snapshot",
                                          output_types=[tf.string], output_shapes=[[]])
    assert _text(missing) == "ListSnapshotChunksDatasetDatasetOp::Dataset"
    for op, kw in [("ListSnapshotChunksDataset", dict(snapshot_path=["/x"],
                                                      output_types=[tf.string],
                                                      output_shapes=[[]])),
                   ("SnapshotChunkDataset", dict(chunk_file=["/x"], compression="", **I64))]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            getattr(R, op)(**kw)
        arg = "snapshot_path" if op.startswith("List") else "chunk_file"
        assert str(e.value) == _prefix(op) + f"{arg} must be a scalar [Op:{op}]"
