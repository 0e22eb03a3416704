"""Partitioned embeddings as TF 2.21 has them (partition_programs.py, recorded by
record_partition_golden.py): tf.compat.v1.nn.embedding_lookup's "mod" and "div"
strategies over partitioned variables and lists of parts, eagerly, in a Session and
traced (values, static shapes, one IndexedSlices gradient per part, training steps,
errors); tf.dynamic_partition / tf.dynamic_stitch on values known only when a graph runs;
TF's `.meta` of partitioned embedding models (DynamicPartition, ParallelDynamicStitch,
DynamicStitch in its gradients) imported, restored and trained on as in TF; meta graphs
imported into graphs whose names they collide with (collision_programs.py): TF's renamed
nodes and scopes, collections, Savers, shared variables and training."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.signatures import _params
from tests.v1.collision_programs import PROGRAMS as COLLISION_PROGRAMS
from tests.v1.partition_programs import PROGRAMS
from tests.v1.test_v1_programs import _compare

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_partition.json").read_text())
COLLISIONS = json.loads((Path(__file__).parent / "golden" / "v1_collisions.json").read_text())


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_matches_tf(name):
    with on_recording_device(GOLDEN[name]):
        _compare(PROGRAMS[name](tf), GOLDEN[name], name)


def test_v1_embedding_lookup_takes_tfs_parameters():
    assert _params(tf.compat.v1.nn.embedding_lookup) == GOLDEN["signature"]
    assert [_params(tf.compat.v1.nn.embedding_lookup_sparse),
            _params(tf.compat.v1.nn.safe_embedding_lookup_sparse)] == GOLDEN["signatures"]
    assert tf.compat.v1.nn.relu is tf.nn.relu  # the rest is TF 2's tf.nn
    with pytest.raises(AttributeError, match="compat.v1.nn' has no attribute 'nope'"):
        tf.compat.v1.nn.nope  # noqa: B018


def _looker(parts: list, strategy: str):
    return lambda ids: tf.compat.v1.nn.embedding_lookup(parts, ids, strategy)


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 12), n=st.integers(1, 5), data=st.data())
def test_lookup_of_parts_is_the_tables_rows(rows, n, data):
    """For any table cut into n parts as each strategy lays rows out ("mod": row i in part
    i % n; "div": consecutive runs, the first rows % n parts one longer), the lookup of any
    ids (eagerly and traced) is the whole table's rows at those ids."""
    n = min(n, rows)
    table = np.arange(rows * 2, dtype=np.float32).reshape(rows, 2)
    ids = np.array(data.draw(st.lists(st.integers(0, rows - 1), min_size=0, max_size=8)),
                   np.int64)
    per, extra = divmod(rows, n)
    cuts = np.cumsum([0] + [per + (p < extra) for p in range(n)])
    layouts = {"mod": [table[p::n] for p in range(n)],
               "div": [table[cuts[p]:cuts[p + 1]] for p in range(n)]}
    for strategy, parts in layouts.items():
        got = tf.compat.v1.nn.embedding_lookup([tf.constant(p) for p in parts], ids, strategy)
        np.testing.assert_array_equal(got.numpy(), table[ids])
        consts = [tf.constant(p) for p in parts]
        traced = tf.function(_looker(consts, strategy))
        np.testing.assert_array_equal(traced(tf.constant(ids)).numpy(), table[ids])


@settings(max_examples=25, deadline=None)
@given(parts=st.lists(st.integers(0, 3), min_size=0, max_size=10))
def test_stitching_the_partitioned_positions_restores_the_data(parts):
    """dynamic_stitch of dynamic_partition's pieces at their positions gives the data back,
    in a graph fed at run time; a partition's gradient is its pieces' gradients put back."""
    data = np.arange(len(parts) * 2, dtype=np.float32).reshape(-1, 2)
    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        x = tf1.placeholder(tf.float32, [None, 2])
        p = tf1.placeholder(tf.int32, [None])
        pieces = tf.dynamic_partition(x, p, 4)
        where = tf.dynamic_partition(tf.range(tf.size(p)), p, 4)
        back = tf.dynamic_stitch(where, pieces)
        weights = [float(k + 1) for k in range(4)]
        loss = tf.add_n([tf.reduce_sum(q) * w for q, w in zip(pieces, weights)])
        grad = tf1.gradients(loss, x)[0]
        with tf1.Session() as sess:
            got, g = sess.run([back, grad], {x: data, p: parts})
    if parts:
        np.testing.assert_array_equal(got, data)
    np.testing.assert_array_equal(g, np.repeat(np.array(parts, np.float32)[:, None] + 1, 2, 1)
                                  .reshape(-1, 2))


@pytest.mark.parametrize("name", sorted(COLLISION_PROGRAMS))
def test_colliding_import_matches_tf(name):
    _compare(COLLISION_PROGRAMS[name](tf), COLLISIONS[name], name)
