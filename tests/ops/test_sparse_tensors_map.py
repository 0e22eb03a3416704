"""TF 1's SparseTensorsMap ops as TF 2.21 runs them (sparse_tensors_map_golden.json,
recorded by record_sparse_tensors_map_golden.py): eagerly, the maps' names (an add's
default map is its op's, a take's default is private), the keys' order (an add of many
numbers the rows with entries first), a take's joined SparseTensor (each dimension the
largest of the parts', the entries as stored) and its refusals, which use up the keys it
found; in a TF 1 graph that TF exported (imported with import_meta_graph), the same, each
Session with maps of its own. The programs run in subprocesses (fresh maps and private
names, as TF's)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.record_sparse_tensors_map_golden import run

GOLDEN = json.loads((Path(__file__).parent / "sparse_tensors_map_golden.json").read_text())
R = tf.raw_ops
v1 = tf.compat.v1


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN["eager"]))
def test_eager_call_as_tf(ours, key):
    assert ours["eager"][key] == GOLDEN["eager"][key]


def test_imported_graph_runs_as_tf(ours):
    assert ours["graph"] == GOLDEN["graph"]


def test_graph_built_here_keeps_maps_per_session():
    with tf.Graph().as_default():
        idx = v1.placeholder(tf.int64, [None, 2])
        vals = v1.placeholder(tf.float32, [None])
        shape = v1.placeholder(tf.int64, [2])
        keys = v1.placeholder(tf.int64, [None])
        add = R.AddManySparseToTensorsMap(sparse_indices=idx, sparse_values=vals,
                                          sparse_shape=shape, shared_name="batch")
        take = R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.float32,
                                              shared_name="batch")
        assert add.shape.as_list() == [None]
        assert [t.shape.as_list() for t in take] == [[None, None], [None], [None]]
        feed = {idx: [[0, 1], [2, 0]], vals: [1.0, 2.0], shape: [3, 4]}
        with v1.Session() as a, v1.Session() as b:
            assert a.run(add, feed).tolist() == [0, 2, 1]
            assert b.run(add, feed).tolist() == [0, 2, 1]
            got = a.run(take, {keys: [1, 0]})
            assert got.sparse_indices.tolist() == [[0, 0], [1, 1]]
            assert got.sparse_values.tolist() == [2.0, 1.0]
            assert got.sparse_shape.tolist() == [2, 4]
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match="Unable to find SparseTensor: 0 in map: batch"):
                a.run(take, {keys: [0]})
            assert b.run(take, {keys: [2]}).sparse_shape.tolist() == [1, 4]


def test_a_function_shares_its_node_map():
    @tf.function
    def add(i, v, s):
        return R.AddSparseToTensorsMap(sparse_indices=i, sparse_values=v, sparse_shape=s)

    args = (np.zeros([0, 2], np.int64), np.float32([]), np.int64([1, 3]))
    first = int(add(*args))
    assert int(add(*args)) == first + 1
