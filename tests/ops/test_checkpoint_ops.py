"""TF's checkpoint ops (ops/checkpoint_ops.py): SaveV2, RestoreV2, MergeV2Checkpoints,
ShardedFilename and ShardedFilespec through tf.raw_ops.

The first tests pin TF 2.21's behaviour (values, files, error classes and words, learned
from TF); the interop test (skipped without TensorFlow, found as tests/tf_reference.py
says) has TF and eagerflow write the same checkpoints, which must be the same bytes, read
each other's, and raise the same errors on the same bad calls.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.io import fileio
from tests.tf_reference import TF_ENV, TF_PYTHON

R = tf.raw_ops


def _path(prefix):
    return prefix if isinstance(prefix, list) else str(prefix)


def _save(prefix, names, specs, tensors):
    R.SaveV2(prefix=_path(prefix), tensor_names=names, shape_and_slices=specs, tensors=tensors)


def _restore(prefix, names, specs, dtypes):
    return [t.numpy() for t in R.RestoreV2(prefix=_path(prefix), tensor_names=names,
                                             shape_and_slices=specs, dtypes=dtypes)]


def test_round_trip_of_every_dtype(tmp_path):
    p = tmp_path / "ck"
    values = [tf.constant([1.5, -2.0]), tf.constant([[1, 2], [3, 4]]),
              tf.constant([b"x", b"yy\0z", b""]), tf.constant([1, 0, 2], tf.bfloat16),
              tf.constant([1 + 2j], tf.complex128), tf.constant([True, False]),
              tf.constant(7, tf.uint64), tf.zeros([0, 3], tf.float16)]
    names = [f"t{i}" for i in range(len(values))]
    _save(p, names, [""] * len(values), values)
    assert sorted(os.listdir(tmp_path)) == ["ck.data-00000-of-00001", "ck.index"]
    got = _restore(p, names[::-1], [""] * len(values), [v.dtype for v in values[::-1]])
    for g, v in zip(got, values[::-1]):
        assert g.dtype == v.numpy().dtype and g.shape == tuple(v.shape)
        np.testing.assert_array_equal(g, v.numpy())


def test_slices_saved_and_restored(tmp_path):
    p = tmp_path / "ck"
    _save(p, ["a", "a"], ["4 4 0,2:-", "4 4 2,2:-"], [tf.ones([2, 4]), 2 * tf.ones([2, 4])])
    (full,) = _restore(p, ["a"], [""], [tf.float32])
    np.testing.assert_array_equal(full, np.repeat([1.0, 2.0], 8).reshape(4, 4))
    (mid,) = _restore(p, ["a"], ["4 4 1,2:1,2"], [tf.float32])
    np.testing.assert_array_equal(mid, [[1.0, 1.0], [2.0, 2.0]])
    # a slice of a tensor saved whole before is listed on its entry, as TF's writer does
    w = tmp_path / "whole_then_slice"
    _save(w, ["a", "a"], ["", "4 4 2,2:-"], [tf.ones([4, 4]), 2 * tf.ones([2, 4])])
    (rows,) = _restore(w, ["a"], ["4 4 2,2:-"], [tf.float32])
    np.testing.assert_array_equal(rows, 2 * np.ones((2, 4)))
    # one slice stored: only boxes inside it can be read
    q = tmp_path / "part"
    _save(q, ["a"], ["4 4 0,2:-"], [tf.ones([2, 4])])
    (box,) = _restore(q, ["a"], ["4 4 0,2:1,2"], [tf.float32])
    np.testing.assert_array_equal(box, np.ones((2, 2)))
    for spec, shown in (("", "-:-"), ("4 4 1,2:1,2", "1,2:1,2")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=re.escape("Does not have sufficient slices for partitioned "
                                           f"tensor a to restore in slice_spec: {shown} "
                                           "[Op:RestoreV2]")):
            _restore(q, ["a"], [spec], [tf.float32])


def test_whole_tensor_read_in_boxes(tmp_path):
    p = tmp_path / "ck"
    _save(p, ["a"], [""], [tf.reshape(tf.range(16), [4, 4])])
    (box,) = _restore(p, ["a"], ["4 4 2,2:1,3"], [tf.int32])
    np.testing.assert_array_equal(box, [[9, 10, 11], [13, 14, 15]])
    (rows,) = _restore(p, ["a"], ["4 4 0,3:0,2"], [tf.int32])
    np.testing.assert_array_equal(rows, [[0, 1], [4, 5], [8, 9]])


SPEC_ERRORS = [
    ("garbage", tf.errors.InvalidArgumentError,
     "Need least two elements in shape_and_slice specification: garbage"),
    ("4 a 0,2:-", tf.errors.InvalidArgumentError,
     "Non numerical dimension in shape_and_slice: 4 a 0,2:-"),
    ("4  4 0,1:-", tf.errors.InvalidArgumentError, "Non numerical dimension in shape_and_slice"),
    ("4 4 0,2", tf.errors.InternalError, "Mismatching ranks: shape = [4,4], slice = 0,2"),
    ("4 4 x,2:-", tf.errors.InvalidArgumentError,
     "Expected a pair of numbers or '-' but got 'x,2': string = x,2:-"),
    ("4 4 1,-:-", tf.errors.InvalidArgumentError, "Expected a pair of numbers or '-' but got"),
    ("4 4 0,0:-", tf.errors.InvalidArgumentError,
     "Expected non-negative start and positive length but got start = 0, length = 0: "
     "string = 0,0:-"),
    ("4 4 3,2:-", tf.errors.InternalError,
     "Extent in dimension 0 out of bounds: shape = [4,4], slice = 3,2:-"),
    ("4 4 99999999999,1:-", tf.errors.InternalError, "Extent in dimension 0 out of bounds"),
    ("3 2 0,1:-", tf.errors.InvalidArgumentError,
     "tensor_name = a; shape in shape_and_slice spec [3,2] does not match the shape stored in "
     "checkpoint: [4,4]"),
    ("-1 4 0,1:-", tf.errors.InvalidArgumentError, "Dimension -1 must be >= 0"),  # TF aborts
]


@pytest.mark.parametrize("spec,cls,words", SPEC_ERRORS)
def test_restore_spec_errors(tmp_path, spec, cls, words):
    p = tmp_path / "ck"
    _save(p, ["a"], [""], [tf.zeros([4, 4], tf.int32)])
    with pytest.raises(cls, match=re.escape(words)):
        _restore(p, ["a"], [spec], [tf.int32])


def test_save_and_restore_errors(tmp_path):
    p = str(tmp_path / "ck")
    _save(p, ["a"], [""], [tf.constant([[1, 2], [3, 4]])])
    cases = [
        (lambda: _restore(p, ["zz"], [""], [tf.int32]), tf.errors.NotFoundError,
         "Key zz not found in checkpoint [Op:RestoreV2]"),
        (lambda: _restore(p, ["a"], [""], [tf.float32]), tf.errors.InvalidArgumentError,
         "tensor_name = a; expected dtype float does not equal original dtype int32"),
        (lambda: _restore(str(tmp_path / "nothere"), ["a"], [""], [tf.int32]),
         tf.errors.NotFoundError, "Unsuccessful TensorSliceReader constructor: Failed to find "
                                  f"any matching files for {tmp_path}/nothere [Op:RestoreV2]"),
        (lambda: _restore(p, ["a", "b"], [""], [tf.int32, tf.int32]),
         tf.errors.InvalidArgumentError, "tensor_names and shape_and_slices have different "
                                         "number of elements: 2 vs. 1"),
        (lambda: _restore(p, ["a", "b"], ["", ""], [tf.int32]), tf.errors.InvalidArgumentError,
         "Got 2 tensor names, but 1 expected dtypes."),
        (lambda: _restore([p, p], ["a"], [""], [tf.int32]), tf.errors.InvalidArgumentError,
         "Input prefix should have a single element, got 2 instead."),
        (lambda: R.RestoreV2(prefix=p, tensor_names="a", shape_and_slices="",
                             dtypes=[tf.int32]), tf.errors.InvalidArgumentError,
         "Input tensor_names and shape_and_slices should be an 1-D tensors, got [] and [] "
         "instead."),
        (lambda: _restore(p, ["a"], [""], []), tf.errors.InvalidArgumentError,
         "Length for attr 'dtypes' of 0 must be at least minimum 1"),
        (lambda: _save(p + "2", ["a", "b"], ["", ""], [tf.constant(1)]),
         tf.errors.InvalidArgumentError, "Got 2 tensor names but 1 tensors. [Op:SaveV2]"),
        (lambda: _save(p + "3", ["a", "a"], ["", ""], [tf.constant(1), tf.constant(2)]),
         tf.errors.InvalidArgumentError, "Adding duplicate key: a [Op:SaveV2]"),
        (lambda: _save(p + "3", ["a", "a"], ["4 4 2,2:-", ""], [tf.ones([2, 4]), tf.ones([4, 4])]),
         tf.errors.InvalidArgumentError, "Adding duplicate key: a [Op:SaveV2]"),
        (lambda: _save(p + "4", ["a"], ["4 4 0,2:-"], [tf.ones([3, 4])]),
         tf.errors.InvalidArgumentError, "Slice in shape_and_slice specification does not "
                                         "match the shape of the tensor to  save: 4 4 0,2:-, "
                                         "tensor: [3,4]"),
        (lambda: _save(p + "5", [], [], []), tf.errors.InvalidArgumentError,
         "Length for attr 'dtypes' of 0 must be at least minimum 1\n\t; NodeDef: {{node SaveV2}}"),
        (lambda: _save(str(tmp_path / "x" / "y" / "z"), ["a"], [""], [tf.ones([2])]),
         tf.errors.NotFoundError, f"{tmp_path}/x/y; No such file or directory [Op:SaveV2]"),
    ]
    for call, cls, words in cases:
        with pytest.raises(cls, match=re.escape(words)):
            call()
    # a refused save leaves no file behind (its temporary ones removed)
    assert sorted(os.listdir(tmp_path)) == ["ck.data-00000-of-00001", "ck.index"]


def test_save_is_atomic(tmp_path):
    """Data file, then index, each written under a temporary name, fsynced and renamed: a
    crash before the index's rename leaves the old checkpoint whole."""
    p = str(tmp_path / "ck")
    _save(p, ["a"], [""], [tf.constant(1.0)])

    def crash(step):
        if step == "index:synced":
            raise KeyboardInterrupt

    fileio.set_fault_hook(crash)
    try:
        with pytest.raises(KeyboardInterrupt):
            _save(p, ["a"], [""], [tf.constant(2.0)])
    finally:
        fileio.set_fault_hook(None)
    assert sorted(os.listdir(tmp_path)) == ["ck.data-00000-of-00001", "ck.index"]
    assert _restore(p, ["a"], [""], [tf.float32]) == [1.0]
    # TF 1's file alike: the old one stays whole until the new one is renamed over it
    f = str(tmp_path / "v1")
    R.Save(filename=f, tensor_names=["a"], data=[tf.constant(1.0)])

    def crash_v1(step):
        if step == "slices:synced":
            raise KeyboardInterrupt

    fileio.set_fault_hook(crash_v1)
    try:
        with pytest.raises(KeyboardInterrupt):
            R.Save(filename=f, tensor_names=["a"], data=[tf.constant(2.0)])
    finally:
        fileio.set_fault_hook(None)
    assert sorted(os.listdir(tmp_path)) == ["ck.data-00000-of-00001", "ck.index", "v1"]
    assert R.Restore(file_pattern=f, tensor_name="a", dt=tf.float32).numpy() == 1.0


def test_merge(tmp_path):
    (tmp_path / "s1").mkdir()
    (tmp_path / "s2").mkdir()
    _save(tmp_path / "s1" / "a", ["x"], [""], [tf.constant(1)])
    _save(tmp_path / "s2" / "a", ["y", "z"], ["", "4 2 0,2:-"], [tf.constant(2.0),
                                                                tf.ones([2, 2])])
    dest = str(tmp_path / "m")
    R.MergeV2Checkpoints(checkpoint_prefixes=[str(tmp_path / "s1" / "a"),
                                              str(tmp_path / "s2" / "a")],
                         destination_prefix=dest)
    # the sources' files moved into the merged checkpoint, their emptied folders deleted
    assert sorted(os.listdir(tmp_path)) == ["m.data-00000-of-00002", "m.data-00001-of-00002",
                                            "m.index"]
    x, y, z = _restore(dest, ["x", "y", "z"], ["", "", "4 2 0,2:-"],
                       [tf.int32, tf.float32, tf.float32])
    assert (x, y) == (1, 2.0)
    np.testing.assert_array_equal(z, np.ones((2, 2)))


def test_merge_attrs_and_errors(tmp_path):
    (tmp_path / "s").mkdir()
    src = str(tmp_path / "s" / "a")
    _save(src, ["x"], [""], [tf.constant(1)])
    missing = str(tmp_path / "nope")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape(f"allow_missing_files was set to false and {missing} did "
                                       f"not exist.NOT_FOUND: {missing} not found")):
        R.MergeV2Checkpoints(checkpoint_prefixes=[missing, src],
                             destination_prefix=str(tmp_path / "m"))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="At least one prefix checkpoint file must exist, but none existed"):
        R.MergeV2Checkpoints(checkpoint_prefixes=[missing], destination_prefix=str(tmp_path / "m"),
                             allow_missing_files=True)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape("Input checkpoint_prefixes should be an 1-D tensor, got "
                                       "[] instead.")):
        R.MergeV2Checkpoints(checkpoint_prefixes=src, destination_prefix=str(tmp_path / "m"))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape("Input destination_prefix should be a scalar tensor, got "
                                       "[1] instead.")):
        R.MergeV2Checkpoints(checkpoint_prefixes=[src], destination_prefix=[src])
    with pytest.raises(TypeError, match="Expected bool for argument 'delete_old_dirs' not 1."):
        R.MergeV2Checkpoints(checkpoint_prefixes=[src], destination_prefix=src,
                             delete_old_dirs=1)
    other = str(tmp_path / "o")
    _save(other, ["x"], [""], [tf.constant(2)])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape(f"Duplicate tensor keyed by x encountered, when merging "
                                       f"prefix: {other}")):
        R.MergeV2Checkpoints(checkpoint_prefixes=[src, other],
                             destination_prefix=str(tmp_path / "m"))
    assert os.path.exists(src + ".index") and not os.path.exists(str(tmp_path / "m.index"))
    # allow_missing_files skips the missing one; delete_old_dirs=False keeps the folder
    R.MergeV2Checkpoints(checkpoint_prefixes=[missing, src],
                         destination_prefix=str(tmp_path / "m"), delete_old_dirs=False,
                         allow_missing_files=True)
    assert os.listdir(tmp_path / "s") == []
    assert _restore(str(tmp_path / "m"), ["x"], [""], [tf.int32]) == [1]


def test_sharded_filename():
    assert R.ShardedFilename(basename="a/b", shard=3, num_shards=12).numpy() == \
        b"a/b-00003-of-00012"
    assert R.ShardedFilename(basename="a", shard=123456, num_shards=-5).numpy() == \
        b"a-123456-of--0005"
    assert R.ShardedFilename(basename=b"a\0b", shard=1, num_shards=3).numpy() == \
        b"a-00001-of-00003"
    assert R.ShardedFilespec(basename="a/b", num_shards=12).numpy() == b"a/b-?????-of-00012"
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape("basename must be a scalar, got shape [2] "
                                       "[Op:ShardedFilename]")):
        R.ShardedFilename(basename=["a", "b"], shard=1, num_shards=3)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=re.escape("num_shards must be a scalar, got shape [1]")):
        R.ShardedFilespec(basename="a", num_shards=[3])


def test_in_a_function(tmp_path):
    p = str(tmp_path / "ck")

    @tf.function
    def save_and_read(x):
        R.SaveV2(prefix=p, tensor_names=["x"], shape_and_slices=[""], tensors=[x])
        return R.ShardedFilename(basename=p, shard=0, num_shards=1)

    assert save_and_read(tf.constant([1.0, 2.0])).numpy() == p.encode() + b"-00000-of-00001"
    ops = [op.type for op in save_and_read.get_concrete_function(
        tf.TensorSpec([2], tf.float32)).graph.get_operations()]
    assert "SaveV2" in ops and "ShardedFilename" in ops

    @tf.function
    def read():
        return R.RestoreV2(prefix=p, tensor_names=["x"], shape_and_slices=["2 0,1"],
                           dtypes=[tf.float32])

    np.testing.assert_array_equal(read()[0].numpy(), [1.0])
    # a constant spec gives the output its static shape, as TF's shape function does
    shapes = [o.shape for o in tf.function(lambda: R.RestoreV2(
        prefix=p, tensor_names=["x", "x"], shape_and_slices=["", "2 0,1"],
        dtypes=[tf.float32, tf.float32])).get_concrete_function().outputs]
    assert [s.rank for s in shapes] == [None, 1] and shapes[1].as_list() == [1]


def test_no_gradient():
    from eagerflow._src.ops.registry import REGISTRY

    for name in ("SaveV2", "RestoreV2", "MergeV2Checkpoints"):
        with pytest.raises(LookupError, match=f"gradient registry has no entry for: {name}"):
            REGISTRY[name].grad(type("N", (), {"op": REGISTRY[name]})())


# ---------------------------------------------------------------------------------------
# Interop with TensorFlow 2.21: the same bytes, each reading the other's files
# ---------------------------------------------------------------------------------------

def _enc(a: np.ndarray) -> dict:
    if a.dtype == object:
        return {"dtype": "string", "shape": list(a.shape),
                "b64": [base64.b64encode(bytes(x)).decode() for x in a.reshape(-1)]}
    if a.dtype.kind == "c":
        return {"dtype": a.dtype.name, "shape": list(a.shape),
                "re": a.real.reshape(-1).tolist(), "im": a.imag.reshape(-1).tolist()}
    return {"dtype": str(a.dtype), "shape": list(a.shape),
            "v": a.astype(np.float64 if a.dtype.kind == "f" or a.dtype.name == "bfloat16"
                          else a.dtype).reshape(-1).tolist()}


def _s(*v):
    out = np.empty(len(v), dtype=object)
    out[:] = list(v)
    return out


# name: (tensor names, specs, values): each checkpoint written by both
CASES = {
    "basic": (["b", "a", "s"], ["", "", ""],
              [np.array([1.5, -2.0], np.float32), np.array([[1, 2], [3, 4]], np.int32),
               _s(b"x", b"yy\0z", b"", b"\xff" * 300)]),
    "dtypes": ([f"d{i}" for i in range(12)], [""] * 12,
               [np.array([1, -2], np.int8), np.array([250], np.uint8),
                np.array([-300], np.int16), np.array([65000], np.uint16),
                np.array([2**40], np.int64), np.array([2**33], np.uint64),
                np.array([7], np.uint32), np.array([0.5, -1e300], np.float64),
                np.array([1.5, 2.25], np.float16), np.array([True, False]),
                np.array([1 + 2j], np.complex64), np.array([[-1 - 0.5j]], np.complex128)]),
    "sliced": (["a", "a", "v"], ["4 4 0,2:-", "4 4 2,2:-", "5 3 1,2:0,3"],
               [np.ones((2, 4), np.float32), 2 * np.ones((2, 4), np.float32),
                np.arange(6, dtype=np.float64).reshape(2, 3)]),
    "empty": (["e", "z"], ["", ""], [np.zeros((0, 3), np.float32), _s(b"").reshape(())]),
}
MERGE_PARTS = {"m1": (["x"], [""], [np.array(1, np.int32)]),
               "m2": (["y", "w"], ["", "4 2 2,2:-"], [np.array(2.0, np.float32),
                                                      np.ones((2, 2), np.float32)])}
# (case, names, specs, dtype names): RestoreV2 calls both must refuse alike
BAD_RESTORES = [
    ("basic", ["zz"], [""], ["int32"]), ("basic", ["a"], [""], ["float32"]),
    ("basic", ["a"], ["3 2 0,1:-"], ["int32"]), ("basic", ["a"], ["2 2 0,3:-"], ["int32"]),
    ("basic", ["a"], ["2 2 0,1"], ["int32"]), ("basic", ["a"], ["2 2 a,1:-"], ["int32"]),
    ("sliced", ["a"], [""], ["float32"]), ("sliced", ["v"], ["5 3 0,2:-"], ["float64"]),
    ("nothere", ["a"], [""], ["int32"]), ("basic", ["a", "b"], [""], ["int32", "float32"]),
]

TF_SCRIPT = r'''
import base64, json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf
R = tf.raw_ops
d, spec = sys.argv[1], json.loads(sys.stdin.read())

def dec(e):
    if e["dtype"] == "string":
        return tf.constant(np.array([base64.b64decode(x) for x in e["b64"]], dtype=object)
                           .reshape(e["shape"]))
    if "re" in e:
        v = np.array(e["re"]) + 1j * np.array(e["im"])
        return tf.constant(v.astype(e["dtype"]).reshape(e["shape"]))
    return tf.cast(tf.constant(np.array(e["v"], dtype="float64" if e["dtype"] in (
        "bfloat16", "float16") else e["dtype"]).reshape(e["shape"])), e["dtype"])

def enc(t):
    a = np.asarray(t.numpy(), dtype=object if t.dtype == tf.string else None)
    if a.dtype == object:
        return [base64.b64encode(bytes(x)).decode() for x in a.reshape(-1)]
    if a.dtype.kind == "c":
        return [[float(x.real), float(x.imag)] for x in a.reshape(-1)]
    return a.astype("float64" if a.dtype.kind == "f" else a.dtype).reshape(-1).tolist()

out = {"read": {}, "errors": []}
for group in ("cases", "merge"):
    for name, (names, specs, values) in spec[group].items():
        R.SaveV2(prefix=os.path.join(d, "tf", name), tensor_names=names,
                 shape_and_slices=specs, tensors=[dec(v) for v in values])
R.MergeV2Checkpoints(checkpoint_prefixes=[os.path.join(d, "tf", n) for n in spec["merge"]],
                     destination_prefix=os.path.join(d, "tf", "merged"))
for name, (names, specs, values) in spec["cases"].items():
    got = R.RestoreV2(prefix=os.path.join(d, "ef", name), tensor_names=names,
                      shape_and_slices=specs, dtypes=[v["dtype"] for v in values])
    out["read"][name] = [[t.dtype.name, t.shape.as_list(), enc(t)] for t in got]
for case, names, specs, dtypes in spec["bad"]:
    try:
        R.RestoreV2(prefix=os.path.join(d, "ef", case), tensor_names=names,
                    shape_and_slices=specs, dtypes=dtypes)
        out["errors"].append(None)
    except Exception as e:
        out["errors"].append([type(e).__name__, str(e).replace(d, "<D>")])
print(json.dumps(out))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_interop_with_tensorflow(tmp_path):
    ef, tfd = tmp_path / "ef", tmp_path / "tf"
    ef.mkdir()
    tfd.mkdir()
    dtypes = {}
    for group in (CASES, MERGE_PARTS):
        for name, (names, specs, values) in group.items():
            tensors = [tf.constant(v) for v in values]
            dtypes[name] = [t.dtype for t in tensors]
            _save(ef / name, names, specs, tensors)
    R.MergeV2Checkpoints(checkpoint_prefixes=[str(ef / n) for n in MERGE_PARTS],
                         destination_prefix=str(ef / "merged"))
    spec = {"cases": {k: (n, s, [_enc(np.asarray(v)) for v in vs])
                      for k, (n, s, vs) in CASES.items()},
            "merge": {k: (n, s, [_enc(np.asarray(v)) for v in vs])
                      for k, (n, s, vs) in MERGE_PARTS.items()},
            "bad": BAD_RESTORES}
    proc = subprocess.run([TF_PYTHON, "-c", TF_SCRIPT, str(tmp_path)], input=json.dumps(spec),
                          capture_output=True, text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    # the same files, byte for byte
    assert sorted(os.listdir(ef)) == sorted(os.listdir(tfd))
    for f in os.listdir(ef):
        assert (ef / f).read_bytes() == (tfd / f).read_bytes(), f
    # TF read ours: the values written
    for name, (names, specs, values) in CASES.items():
        for (dname, shape, got), v, sp in zip(out["read"][name], values, specs):
            v = np.asarray(v)
            if sp:
                continue  # (a slice read whole is refused: checked in BAD_RESTORES)
            assert shape == list(v.shape)
            if v.dtype == object:
                assert [base64.b64decode(x) for x in got] == list(v.reshape(-1))
            elif v.dtype.kind == "c":
                assert got == [[x.real, x.imag] for x in v.reshape(-1).tolist()]
            else:
                assert got == v.astype(np.float64 if v.dtype.kind == "f" else v.dtype) \
                    .reshape(-1).tolist()
    # we read TF's (the merged one too)
    for name, (names, specs, values) in {**CASES, "merged": (
            ["x", "y", "w"], ["", "", "4 2 2,2:-"],
            [v for part in MERGE_PARTS.values() for v in part[2]])}.items():
        got = _restore(tfd / name, names, specs, [tf.constant(v).dtype for v in values])
        for g, v in zip(got, values):
            np.testing.assert_array_equal(g, v)
    # the same errors
    for (case, names, specs, dts), want in zip(BAD_RESTORES, out["errors"]):
        try:
            _restore(ef / case, names, specs, [getattr(tf, d) for d in dts])
            got = None
        except Exception as e:
            got = [type(e).__name__, str(e).replace(str(tmp_path), "<D>")]
        assert got == want, (case, names, specs)


# ---------------------------------------------------------------------------------------
# TF 1's checkpoint file: Save, SaveSlices, Restore, RestoreSlice
# ---------------------------------------------------------------------------------------

def test_v1_round_trip_and_restore_v2_of_it(tmp_path):
    f = str(tmp_path / "v1")
    R.SaveSlices(filename=f, tensor_names=["b", "a", "a", "s"],
                 shapes_and_slices=["", "4 4 0,2:-", "4 4 2,2:-", ""],
                 data=[tf.constant([1.5]), tf.ones([2, 4]), 2 * tf.ones([2, 4]),
                       tf.constant([[b"a\0b", b""]])])
    assert os.listdir(tmp_path) == ["v1"]
    a = R.Restore(file_pattern=f, tensor_name="a", dt=tf.float32).numpy()
    np.testing.assert_array_equal(a, np.repeat([1.0, 2.0], 8).reshape(4, 4))
    box = R.RestoreSlice(file_pattern=f, tensor_name="a", shape_and_slice="4 4 1,2:1,2",
                         dt=tf.float32).numpy()
    np.testing.assert_array_equal(box, [[1.0, 1.0], [2.0, 2.0]])
    assert R.Restore(file_pattern=str(tmp_path / "v*"), tensor_name="s",
                     dt=tf.string).numpy().tolist() == [[b"a\0b", b""]]
    # RestoreV2 reads a prefix without an .index as TF 1's file, in TF 1's words
    b, s = _restore(f, ["b", "s"], ["", ""], [tf.float32, tf.string])
    assert b.tolist() == [1.5]
    with pytest.raises(tf.errors.NotFoundError,
                       match=re.escape(f'Tensor name "q" not found in checkpoint files {f} '
                                       "[Op:RestoreV2]")):
        _restore(f, ["q"], [""], [tf.float32])


def test_v1_errors(tmp_path):
    f = str(tmp_path / "v1")
    R.SaveSlices(filename=f, tensor_names=["a", "c"], shapes_and_slices=["4 4 0,2:-", ""],
                 data=[tf.ones([2, 4]), tf.constant(5, tf.int64)])
    cases = [
        (lambda: R.Restore(file_pattern=f, tensor_name="zz", dt=tf.int32),
         tf.errors.NotFoundError, f'Tensor name "zz" not found in checkpoint files {f}'),
        (lambda: R.Restore(file_pattern=f, tensor_name="c", dt=tf.float32),
         tf.errors.InvalidArgumentError, "Expected to restore a tensor of type float, got a "
                                         "tensor of type int64 instead: tensor_name = c"),
        (lambda: R.Restore(file_pattern=f, tensor_name="a", dt=tf.float32),
         tf.errors.InvalidArgumentError, "Error copying slice data [Op:Restore]"),
        (lambda: R.RestoreSlice(file_pattern=f, tensor_name="a", shape_and_slice="5 4 0,1:-",
                                dt=tf.float32), tf.errors.InvalidArgumentError,
         "Shape in shape_and_slice spec does not match the shape in the save file: [5,4], "
         "save file shape: [4,4]"),
        (lambda: R.RestoreSlice(file_pattern=f, tensor_name="a", shape_and_slice="4 4 0,1",
                                dt=tf.float32), tf.errors.InternalError,
         "Mismatching ranks: shape = [4,4], slice = 0,1 [Op:RestoreSlice]"),
        (lambda: R.Restore(file_pattern=str(tmp_path / "nope"), tensor_name="a", dt=tf.int32),
         tf.errors.NotFoundError, "Unsuccessful TensorSliceReader constructor: Failed to find "
                                  "any matching files for"),
        (lambda: R.Restore(file_pattern=[f, f], tensor_name="a", dt=tf.int32),
         tf.errors.InvalidArgumentError, "Input 0 (file_pattern) must be a string scalar; got "
                                         "a tensor of 2 elements"),
        (lambda: R.Save(filename=f + "2", tensor_names=["a", "b"], data=[tf.constant(1)]),
         tf.errors.InvalidArgumentError, "Expected totally 4 inputs as input #1 (which is a "
                                         "string tensor of saved names) contains 2 names, but "
                                         "received 3 inputs"),
        (lambda: R.Save(filename=[f, f], tensor_names=["a"], data=[tf.constant(1)]),
         tf.errors.InvalidArgumentError, "Input 0 (filename) must be a string scalar; got a "
                                         "tensor of 2elements"),
        (lambda: R.SaveSlices(filename=f + "2", tensor_names=["a", "b"],
                              shapes_and_slices=[""], data=[tf.constant(1), tf.constant(2)]),
         tf.errors.InvalidArgumentError, "Expected 2 elements for the tensor shapes and slices "
                                         "but got 1"),
        (lambda: R.Save(filename=f + "2", tensor_names=["a", "a"],
                        data=[tf.constant(1), tf.constant(2.0)]), tf.errors.InternalError,
         "Mismatching types: existing type = int32, trying to add name a, type = float"),
        (lambda: R.Save(filename=f + "2", tensor_names=["a"], data=[tf.constant([1], tf.uint64)]),
         tf.errors.InvalidArgumentError, "Tensor slice serialization not implemented for dtype "
                                         "23"),
        (lambda: R.Save(filename=f + "2", tensor_names=["a"],
                        data=[tf.constant([1], tf.bfloat16)]), tf.errors.UnimplementedError,
         "Saving data type bfloat16 not yet supported"),
    ]
    for call, cls, words in cases:
        with pytest.raises(cls, match=re.escape(words)):
            call()
    with pytest.raises(tf.errors.NotFoundError,
                       match=re.escape(f"{tmp_path}/q/r.tempstate") + r"\d+; No such file"):
        R.Save(filename=str(tmp_path / "q" / "r"), tensor_names=["a"], data=[tf.constant(1)])
    (tmp_path / "junk").write_bytes(b"hello world" * 10)
    with pytest.raises(tf.errors.DataLossError,
                       match=re.escape("Unable to open table file") + ".*not an sstable"):
        R.Restore(file_pattern=str(tmp_path / "junk"), tensor_name="a", dt=tf.int32)
    assert sorted(os.listdir(tmp_path)) == ["junk", "v1"]


V1_CASES = {
    "v1": ("Save", ["b", "a", "s"], None,
           [np.array([1.5, -2.0], np.float32), np.array([[1, 2], [3, 4]], np.int32),
            _s(b"x", b"yy\0z", b"")]),
    "v1dtypes": ("Save", [f"d{i}" for i in range(10)], None,
                 [np.array([1, -2], np.int8), np.array([250], np.uint8),
                  np.array([-300], np.int16), np.array([65000], np.uint16),
                  np.array([2**40], np.int64), np.array([0.5, -1e300], np.float64),
                  np.array([1.5, 2.25], np.float16), np.array([True, False]),
                  np.array([1 + 2j], np.complex64), np.array([[-1 - 0.5j]], np.complex128)]),
    "v1slices": ("SaveSlices", ["a", "c", "a", "e", "w"],
                 ["4 4 2,2:-", "", "4 4 0,2:-", "", "5 3 1,2:0,3"],
                 [2 * np.ones((2, 4), np.float32), np.array(5, np.int64),
                  np.ones((2, 4), np.float32), np.zeros((0, 2), np.float32),
                  np.arange(6, dtype=np.float64).reshape(2, 3)]),
}

TF_V1_SCRIPT = TF_SCRIPT.split("out = {")[0] + r'''
out = {}
for name, (op, names, specs, values) in spec.items():
    kw = {} if specs is None else {"shapes_and_slices": specs}
    getattr(R, op)(filename=os.path.join(d, "tf", name), tensor_names=names,
                   data=[dec(v) for v in values], **kw)
    got = []
    for n, v in zip(names, values):
        try:
            got.append(enc(R.Restore(file_pattern=os.path.join(d, "ef", name), tensor_name=n,
                                     dt=v["dtype"])))
        except Exception as e:
            got.append([type(e).__name__, str(e).replace(d, "<D>")])
    out[name] = got
print(json.dumps(out))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_v1_interop_with_tensorflow(tmp_path):
    ef, tfd = tmp_path / "ef", tmp_path / "tf"
    ef.mkdir()
    tfd.mkdir()
    for name, (op, names, specs, values) in V1_CASES.items():
        kw = {} if specs is None else {"shapes_and_slices": specs}
        getattr(R, op)(filename=str(ef / name), tensor_names=names,
                       data=[tf.constant(v) for v in values], **kw)
    spec = {k: (op, n, s, [_enc(np.asarray(v)) for v in vs])
            for k, (op, n, s, vs) in V1_CASES.items()}
    proc = subprocess.run([TF_PYTHON, "-c", TF_V1_SCRIPT, str(tmp_path)], input=json.dumps(spec),
                          capture_output=True, text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for f in V1_CASES:
        assert (ef / f).read_bytes() == (tfd / f).read_bytes(), f
    for name, (op, names, specs, values) in V1_CASES.items():
        for n, v, theirs in zip(names, values, out[name]):
            # what TF read of ours, and what we read of TF's, alike
            try:
                mine = R.Restore(file_pattern=str(tfd / name), tensor_name=n,
                                 dt=tf.constant(v).dtype).numpy()
                mine = [base64.b64encode(bytes(x)).decode() for x in mine.reshape(-1)] \
                    if mine.dtype == object else \
                    [[x.real, x.imag] for x in mine.reshape(-1).tolist()] \
                    if mine.dtype.kind == "c" else \
                    mine.astype(np.float64 if mine.dtype.kind == "f" else mine.dtype) \
                    .reshape(-1).tolist()
            except tf.errors.OpError as e:
                mine = [type(e).__name__, str(e).replace(str(tmp_path), "<D>")
                        .replace("/tf/", "/ef/")]
            assert mine == theirs, (name, n)


# (TF 2.21's ValueErrors for nodes its shape functions refuse while a graph is built)
GRAPH_ERRORS = [
    (lambda p: R.SaveV2(prefix=[p], tensor_names=["a"], shape_and_slices=[""],
                        tensors=[tf.constant(1)]),
     "Shape must be rank 0 but is rank 1 for '{{node SaveV2}} = SaveV2[dtypes=[DT_INT32]]"
     "(SaveV2/prefix, SaveV2/tensor_names, SaveV2/shape_and_slices, Const)' with input "
     "shapes: [1], [1], [1], []."),
    (lambda p: R.SaveV2(prefix=p, tensor_names=["a", "b"], shape_and_slices=[""],
                        tensors=[tf.constant(1), tf.constant(2.0)]),
     "Dimension must be 2 but is 1 for '{{node SaveV2}} = SaveV2[dtypes=[DT_INT32, DT_FLOAT]]"
     "(SaveV2/prefix, SaveV2/tensor_names, SaveV2/shape_and_slices, Const, Const_1)' with "
     "input shapes: [], [2], [1], [], []."),
    (lambda p: R.RestoreV2(prefix=p, tensor_names=["a", "b"], shape_and_slices=[""],
                           dtypes=[tf.int32]),
     "Dimension 0 in both shapes must be equal, but are 2 and 1. Shapes are [2] and [1]. for "
     "'{{node RestoreV2}} = RestoreV2[dtypes=[DT_INT32]](RestoreV2/prefix, "
     "RestoreV2/tensor_names, RestoreV2/shape_and_slices)' with input shapes: [], [2], [1]."),
    (lambda p: R.RestoreV2(prefix=p, tensor_names=["a", "b"], shape_and_slices=["", ""],
                           dtypes=[tf.int32]),
     "The number of shape_and_slice doesn't match tensor outputs. for '{{node RestoreV2}} = "
     "RestoreV2[dtypes=[DT_INT32]](RestoreV2/prefix, RestoreV2/tensor_names, "
     "RestoreV2/shape_and_slices)' with input shapes: [], [2], [2] and with computed input "
     "tensors: input[2] = < >."),
    (lambda p: R.MergeV2Checkpoints(checkpoint_prefixes=p, destination_prefix=p),
     "Shape must be rank 1 but is rank 0 for '{{node MergeV2Checkpoints}} = MergeV2Checkpoints"
     "[allow_missing_files=false, delete_old_dirs=true](MergeV2Checkpoints/checkpoint_prefixes,"
     " MergeV2Checkpoints/destination_prefix)' with input shapes: [], []."),
    (lambda p: R.ShardedFilename(basename="a", shard=[1], num_shards=2),
     "Shape must be rank 0 but is rank 1 for '{{node ShardedFilename}} = ShardedFilename[]"
     "(ShardedFilename/basename, ShardedFilename/shard, ShardedFilename/num_shards)' with input "
     "shapes: [], [1], []."),
    (lambda p: R.SaveSlices(filename=p, tensor_names=["a", "b"], shapes_and_slices=[""],
                            data=[tf.constant(1), tf.constant(2)]),
     "Dimension must be 2 but is 1 for '{{node SaveSlices}} = SaveSlices[T=[DT_INT32, DT_INT32]]"
     "(SaveSlices/filename, SaveSlices/tensor_names, SaveSlices/shapes_and_slices, Const, "
     "Const_1)' with input shapes: [], [2], [1], [], []."),
    (lambda p: R.RestoreSlice(file_pattern=p, tensor_name="a", shape_and_slice="garbage",
                              dt=tf.int32),
     "Need least two elements in shape_and_slice specification: garbage for '{{node "
     "RestoreSlice}} = RestoreSlice[dt=DT_INT32, preferred_shard=-1](RestoreSlice/file_pattern,"
     " RestoreSlice/tensor_name, RestoreSlice/shape_and_slice)' with input shapes: [], [], [] "
     "and with computed input tensors: input[2] = <garbage>."),
]


@pytest.mark.parametrize("i", range(len(GRAPH_ERRORS)))
def test_graph_shape_errors(tmp_path, i):
    call, words = GRAPH_ERRORS[i]
    with pytest.raises(ValueError, match=re.escape(words)):
        tf.function(lambda: call(str(tmp_path / "ck"))).get_concrete_function()


TF_SAVER_V1 = r'''
import os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saver_pb2
v1 = tf.compat.v1
d = sys.argv[1]
with tf.Graph().as_default():
    w = v1.get_variable("w", initializer=np.arange(6, dtype=np.float32).reshape(2, 3))
    step = v1.get_variable("step", initializer=np.int64(7))
    saver = v1.train.Saver(write_version=saver_pb2.SaverDef.V1)
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        print(saver.save(sess, os.path.join(d, "model.ckpt")))
        # and eagerflow's V1 checkpoint of the same, restored
        saver.restore(sess, os.path.join(d, "ef", "model.ckpt"))
        print(sess.run(w).tolist(), sess.run(step))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf1_saver_v1_checkpoints(tmp_path):
    """A TF 1 Saver's V1 checkpoint (one file, no index): TF's restores ours; of TF's,
    tf.train.load_checkpoint and list_variables read it, and TF 1's Saver restores it."""
    v1 = tf.compat.v1
    ours = str(tmp_path / "ef" / "model.ckpt")
    (tmp_path / "ef").mkdir()
    with tf.Graph().as_default():
        w = v1.get_variable("w", initializer=np.arange(6, dtype=np.float32).reshape(2, 3) + 1)
        step = v1.get_variable("step", initializer=np.int64(8))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            assert v1.train.Saver(write_version=1).save(sess, ours) == ours
    assert sorted(os.listdir(tmp_path / "ef")) == ["checkpoint", "model.ckpt", "model.ckpt.meta"]
    proc = subprocess.run([TF_PYTHON, "-c", TF_SAVER_V1, str(tmp_path)], capture_output=True,
                          text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.splitlines()[-1] == "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] 8"
    prefix = str(tmp_path / "model.ckpt")
    assert not os.path.exists(prefix + ".index") and os.path.isfile(prefix)
    assert tf.train.list_variables(prefix) == [("step", []), ("w", [2, 3])]
    np.testing.assert_array_equal(tf.train.load_variable(prefix, "w"),
                                  np.arange(6, dtype=np.float32).reshape(2, 3))
    assert tf.train.latest_checkpoint(str(tmp_path)) == prefix
    with tf.Graph().as_default():
        w = v1.get_variable("w", shape=[2, 3], initializer=v1.zeros_initializer())
        step = v1.get_variable("step", shape=[], dtype=tf.int64,
                               initializer=v1.zeros_initializer())
        saver = v1.train.Saver()
        with v1.Session() as sess:
            saver.restore(sess, prefix)
            np.testing.assert_array_equal(sess.run(w), np.arange(6).reshape(2, 3))
            assert sess.run(step) == 7


def test_tf1_saver_writes_v1_files(tmp_path, caplog):
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        w = v1.get_variable("w", initializer=np.arange(3, dtype=np.float32))
        saver = v1.train.Saver(write_version=1, max_to_keep=2)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for i in range(3):
                saver.save(sess, str(tmp_path / "model.ckpt"), global_step=i,
                           write_meta_graph=False)
            assert sorted(os.listdir(tmp_path)) == ["checkpoint", "model.ckpt-1",
                                                    "model.ckpt-2"]
            sess.run(w.assign([0.0, 0.0, 0.0]))
            saver.restore(sess, tf.train.latest_checkpoint(str(tmp_path)))
            assert sess.run(w).tolist() == [0.0, 1.0, 2.0]
    assert "TensorFlow's V1 checkpoint format has been deprecated." in caplog.text
