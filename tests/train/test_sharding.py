"""Checkpoint sharding (tf.train.experimental's ShardByTaskPolicy, MaxShardSizePolicy,
custom ShardingCallbacks) and sliced entries (a ShardedVariable's, MaxShardSizePolicy's
pieces): the files TF 2.21 writes, both ways. One TF subprocess writes the same
checkpoints and reads eagerflow's; its data files are byte for byte eagerflow's and its
index entries (shards, offsets, sizes, checksums, slices) the same."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import ordered_code, table
from eagerflow._src.io.tensor_bundle import BundleReader, index_filename
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

POLICIES = {"task": "tf.train.experimental.ShardByTaskPolicy()",
            "max20": "tf.train.experimental.MaxShardSizePolicy(20)",
            "max72": "tf.train.experimental.MaxShardSizePolicy(72)",
            "max1000": "tf.train.experimental.MaxShardSizePolicy(1000)"}

MODEL = """
class M(tf.Module):
    def __init__(self):
        self.a = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3), name="a")
        self.b = tf.Variable(np.arange(6, dtype=np.int64), name="b")
        self.c = tf.Variable(5.0, name="c")
        self.s = tf.Variable(["hello", "wo"], name="s")
        self.big = tf.Variable(np.arange(30 * 4, dtype=np.float32).reshape(30, 4) / 7,
                               name="big")
"""


def _model():
    scope: dict = {"tf": tf, "np": np}
    exec(MODEL, scope)  # the same model source as TF's script runs
    return scope["M"]()


def _index(prefix):
    items = table.read_table(Path(index_filename(prefix)).read_bytes(), prefix)
    out = {}
    for k, v in items.items():
        if k == b"":
            continue
        e = protos.BundleEntryProto()
        e.ParseFromString(v)
        out[k.hex()] = [e.shard_id, e.offset, e.size, e.crc32c, [d.size for d in e.shape.dim],
                        [[[x.start, x.length] for x in s.extent] for s in e.slices]]
    return out


TF_SCRIPT = """
import json, os, sys
import numpy as np
import tensorflow as tf
work = sys.argv[1]
{model}
out = {{"read": {{}}}}
m = M()
for name, policy in {policies}.items():
    tf.train.Checkpoint(m=m).write(os.path.join(work, "tf_" + name, "ckpt"),
        options=tf.train.CheckpointOptions(experimental_sharding_callback=eval(policy)))
for name in sorted(os.listdir(work)):
    if not name.startswith("ef_"):
        continue
    r = tf.train.load_checkpoint(os.path.join(work, name, "ckpt"))
    out["read"][name] = {{k: [x.decode() for x in r.get_tensor(k)]
                          if r.get_variable_to_dtype_map()[k] == tf.string
                          else np.asarray(r.get_tensor(k)).tolist()
                          for k in r.get_variable_to_shape_map() if "GRAPH" not in k}}
    target = M()
    target.big.assign(tf.zeros([30, 4]))
    tf.train.Checkpoint(m=target).read(os.path.join(work, name, "ckpt")).assert_consumed()
    out["read"][name]["restored_big_sum"] = float(tf.reduce_sum(target.big))
out["files"] = {{n: sorted(os.listdir(os.path.join(work, "tf_" + n))) for n in {policies}}}
json.dump(out, open(os.path.join(work, "out.json"), "w"))
"""


def _decode(v):
    return [_decode(x) for x in v] if isinstance(v, list) else v


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """eagerflow's checkpoints (one per policy, and a ShardedVariable's), then TF's
    script: its own checkpoints, and what it read from eagerflow's."""
    if not HAVE_TF_PYTHON:
        pytest.skip("needs TensorFlow (tests/tf_reference.py)")
    work = tmp_path_factory.mktemp("sharding")
    m = _model()
    for name, policy in POLICIES.items():
        tf.train.Checkpoint(m=m).write(str(work / f"ef_{name}" / "ckpt"), options=tf.train
                                       .CheckpointOptions(experimental_sharding_callback=eval(
                                           policy)))
    script = TF_SCRIPT.format(model=MODEL, policies=json.dumps(POLICIES))
    return work, m, run_tf_script(script, work, Path(__file__).parent)


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_files_are_tfs(both, policy):
    work, _, _ = both
    tf_dir, ef_dir = work / f"tf_{policy}", work / f"ef_{policy}"
    assert sorted(os.listdir(tf_dir)) == sorted(os.listdir(ef_dir))
    for f in os.listdir(tf_dir):
        if ".data-" in f:
            assert (tf_dir / f).read_bytes() == (ef_dir / f).read_bytes(), f
    assert _index(str(tf_dir / "ckpt")) == _index(str(ef_dir / "ckpt"))


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_tf_reads_ours_and_we_read_tfs(both, policy):
    work, m, out = both
    got = out["read"][f"ef_{policy}"]
    want_big = float(np.sum(m.big.numpy()))
    assert got["restored_big_sum"] == pytest.approx(want_big, rel=1e-6)
    np.testing.assert_array_equal(got["m/big/.ATTRIBUTES/VARIABLE_VALUE"], m.big.numpy())
    assert got["m/s/.ATTRIBUTES/VARIABLE_VALUE"] == ["hello", "wo"]
    assert got["m/b/.ATTRIBUTES/VARIABLE_VALUE"] == list(range(6))
    target = _model()
    target.big.assign(tf.zeros([30, 4]))
    tf.train.Checkpoint(m=target).read(str(work / f"tf_{policy}" / "ckpt")).assert_consumed()
    np.testing.assert_array_equal(target.big.numpy(), m.big.numpy())
    assert target.s.numpy().tolist() == [b"hello", b"wo"]


def test_max_shard_size_cuts_as_tf(both):
    work, _, out = both
    assert len(out["files"]["max20"]) == 1 + len([f for f in os.listdir(work / "ef_max20")
                                                  if ".data-" in f])
    r = tf.train.load_checkpoint(str(work / "ef_max72" / "ckpt"))
    assert r.get_variable_to_shape_map()["m/big/.ATTRIBUTES/VARIABLE_VALUE"] == [30, 4]
    # the numbers (not strings, whose files add lengths and a checksum) fill their shards
    # to at most 72 bytes
    entry = BundleReader(str(work / "ef_max72" / "ckpt")).entries[
        "m/big/.ATTRIBUTES/VARIABLE_VALUE"]
    assert len(entry.slices) > 1  # cut into pieces (slices of one key)
    assert all(np.prod([x.length for x in sl.extent]) * 4 <= 72 for sl in entry.slices)


def test_no_slice_fits_a_shard_a_row_is_one(tmp_path):
    """TF 2.21's MaxShardSizePolicy never returns when not one slice of a tensor fits an
    empty shard (a row of 4 floats, 16 bytes, in shards of 8); here the first row becomes
    a shard of its own, and the rest (whose columns of 2 floats fit) is cut as TF cuts."""
    v = tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4))
    path = tf.train.Checkpoint(v=v).write(str(tmp_path / "ckpt"), options=tf.train
                                          .CheckpointOptions(experimental_sharding_callback=
                                                             tf.train.experimental
                                                             .MaxShardSizePolicy(8)))
    assert len([f for f in os.listdir(tmp_path) if ".data-" in f]) == 5
    w = tf.Variable(tf.zeros([3, 4]))
    tf.train.Checkpoint(v=w).read(path).assert_consumed()
    np.testing.assert_array_equal(w.numpy(), v.numpy())


def test_custom_callback_sees_tfs_shardable_tensors(tmp_path):
    seen = []

    class OnePerTensor(tf.train.experimental.ShardingCallback):
        @property
        def description(self):
            return "one shard per tensor"

        def __call__(self, shardable_tensors):
            seen.extend(shardable_tensors)
            return [{t.checkpoint_key: {t.slice_spec: t.tensor}} for t in shardable_tensors]

    m = _model()
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "ckpt"), options=tf.train
                                          .CheckpointOptions(experimental_sharding_callback=
                                                             OnePerTensor()))
    keys = [t.checkpoint_key for t in seen]
    assert keys == ["m/a/.ATTRIBUTES/VARIABLE_VALUE", "m/b/.ATTRIBUTES/VARIABLE_VALUE",
                    "m/big/.ATTRIBUTES/VARIABLE_VALUE", "m/c/.ATTRIBUTES/VARIABLE_VALUE",
                    "m/s/.ATTRIBUTES/VARIABLE_VALUE", "_CHECKPOINTABLE_OBJECT_GRAPH"] or \
        keys[-1] == "_CHECKPOINTABLE_OBJECT_GRAPH"
    assert seen[0].slice_spec == "" and seen[0].trackable is m.a or seen[0].trackable is not None
    assert sorted(os.listdir(tmp_path))[0] == "ckpt.data-00000-of-00006"
    other = _model()
    for v in other.variables:
        v.assign(tf.zeros_like(v))
    tf.train.Checkpoint(m=other).read(path).assert_consumed()
    np.testing.assert_array_equal(other.big.numpy(), m.big.numpy())

    class Empty(tf.train.experimental.ShardingCallback):
        description = "nothing"

        def __call__(self, shardable_tensors):
            return [{}]

    with pytest.raises(tf.errors.InvalidArgumentError, match="'dtypes' of 0"):
        tf.train.Checkpoint(m=m).write(str(tmp_path / "bad"), options=tf.train
                                       .CheckpointOptions(experimental_sharding_callback=Empty()))
    assert not any(n.startswith("bad") for n in os.listdir(tmp_path))  # nothing half-written


def test_slice_keys_are_tfs_ordered_code():
    # TF's ordered_code.cc documents these encodings; the key below is one TF 2.21 wrote
    assert ordered_code.signed_num_increasing(0x424242) == bytes.fromhex("f0424242")
    assert ordered_code.signed_num_increasing(-0x800) == bytes.fromhex("3800")
    assert ordered_code.signed_num_increasing(-1) == b"\x7f"
    assert ordered_code.tensor_name_slice("m/a/.ATTRIBUTES/VARIABLE_VALUE", [(0, 2), (1, 2)]) \
        == b"\x00m/a/.ATTRIBUTES/VARIABLE_VALUE\x00\x01\x01\x02\x80\x82\x81\x82"
    # order-preserving, as the index's sorted table needs
    nums = [-70000, -8193, -65, -64, -1, 0, 1, 63, 64, 8191, 8192, 2 ** 40]
    assert sorted(nums, key=ordered_code.signed_num_increasing) == nums


def test_a_missing_shard_is_not_found(tmp_path):
    m = _model()
    path = tf.train.Checkpoint(m=m).write(str(tmp_path / "ckpt"), options=tf.train
                                          .CheckpointOptions(experimental_sharding_callback=
                                                             tf.train.experimental
                                                             .MaxShardSizePolicy(64)))
    os.remove(tmp_path / "ckpt.data-00000-of-{:05d}".format(
        len([f for f in os.listdir(tmp_path) if ".data-" in f])))
    # (TF 2.21: RestoreV2's NotFoundError naming the data file)
    with pytest.raises(tf.errors.NotFoundError, match=r"ckpt\.data-00000-of-\d+; No such file"):
        tf.train.Checkpoint(m=_model()).read(path)
