"""tf.io.RaggedFeature and tf.io.SparseFeature in parse_example / parse_single_example.

TF's printed results are checked by tests/guides/guide_parse_ragged_sparse.py. Here: every
partition kind against nested lists built independently from random data (eagerly and
in a tf.function), and the refusals where TF returns a tensor that reads past an
Example's values (partitions that disagree with them, sparse indices out of range).
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

RF, SF = tf.io.RaggedFeature, tf.io.SparseFeature


def _example(**features):
    f = {}
    for k, v in features.items():
        if isinstance(v, list) and v and isinstance(v[0], float):
            f[k] = tf.train.Feature(float_list=tf.train.FloatList(value=v))
        else:
            f[k] = tf.train.Feature(int64_list=tf.train.Int64List(value=v))
    return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()


def _partition(kind, lengths):
    """One Example's partition data of `kind` for rows of these lengths."""
    splits = np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)]).tolist()
    return {"RowLengths": list(lengths), "RowSplits": splits, "RowStarts": splits[:-1],
            "RowLimits": splits[1:],
            "ValueRowIds": [i for i, n in enumerate(lengths) for _ in range(n)]}[kind]


_rows = st.lists(st.lists(st.integers(-50, 50), max_size=4), max_size=4)
_kinds = st.sampled_from(["RowLengths", "RowSplits", "RowStarts", "RowLimits", "ValueRowIds"])


def _trim_for_ids(kind, rows):
    # value row ids cannot express trailing empty rows: TF counts max(id) + 1 rows
    while kind == "ValueRowIds" and rows and not rows[-1]:
        rows = rows[:-1]
    return rows


@settings(max_examples=40, deadline=None)
@given(st.lists(_rows, min_size=1, max_size=4), _kinds, st.sampled_from([tf.int32, tf.int64]))
def test_each_partition_kind_parses_to_the_nested_rows(examples, kind, splits_dtype):
    examples = [_trim_for_ids(kind, rows) for rows in examples]
    serialized = [_example(v=[x for r in rows for x in r],
                           p=_partition(kind, [len(r) for r in rows])) for rows in examples]
    feature = {"v": RF(tf.int64, partitions=[getattr(RF, kind)("p")],
                       row_splits_dtype=splits_dtype)}
    got = tf.io.parse_example(serialized, feature)["v"]
    assert got.to_list() == examples
    assert got.row_splits.dtype == splits_dtype
    traced = tf.function(lambda s: tf.io.parse_example(s, feature))(tf.constant(serialized))
    assert traced["v"].to_list() == examples
    for rows, one in zip(examples, serialized):
        assert tf.io.parse_single_example(one, feature)["v"].to_list() == rows


def test_uniform_and_nested_partitions():
    ex = [_example(v=[1, 2, 3, 4, 5, 6], outer=[2, 1]), _example(v=[7, 8], outer=[0, 1])]
    feature = RF(tf.int64, partitions=[RF.RowLengths("outer"), RF.UniformRowLength(2)])
    got = tf.io.parse_example(ex, {"v": feature})["v"]
    assert got.to_list() == [[[[1, 2], [3, 4]], [[5, 6]]], [[], [[7, 8]]]]
    uniform = RF(tf.int64, partitions=[RF.UniformRowLength(3)])
    one = tf.io.parse_single_example(ex[0], {"v": uniform})
    np.testing.assert_array_equal(one["v"].numpy(), [[1, 2, 3], [4, 5, 6]])


@pytest.mark.parametrize("kind, data", [
    ("RowLengths", [2, 2]), ("RowLengths", [2, -1, 2]), ("RowSplits", [1, 3]),
    ("RowSplits", [0, 2]), ("RowStarts", [1]), ("RowStarts", [0, 2, 1]),
    ("RowLimits", [2]), ("RowLimits", [2, 1, 3]), ("ValueRowIds", [0, 1]),
    ("ValueRowIds", [1, 0, 0]), ("ValueRowIds", [-1, 0, 0]),
])
def test_partitions_that_disagree_with_the_values_are_refused(kind, data):
    # TF without validate=True returns a tensor that reads past the Example's 3 values
    serialized = [_example(v=[1, 2, 3], p=data)]
    feature = {"v": RF(tf.int64, partitions=[getattr(RF, kind)("p")])}
    with pytest.raises(tf.errors.InvalidArgumentError, match=f"Key: v. .*{kind}|ValueRowIds"):
        tf.io.parse_example(serialized, feature)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Key: v. "):
        tf.function(lambda s: tf.io.parse_example(s, feature))(tf.constant(serialized))


def test_a_missing_partition_or_a_bad_uniform_length_is_refused():
    serialized = [_example(v=[1, 2, 3])]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"RowLengths \(nope\)"):
        tf.io.parse_example(serialized, {"v": RF(tf.int64, partitions=[RF.RowLengths("nope")])})
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"UniformRowLength\(2\) does not"):
        tf.io.parse_example(serialized, {"v": RF(tf.int64, partitions=[RF.UniformRowLength(2)])})
    with pytest.raises(ValueError, match="must be a positive int"):
        tf.io.parse_example(serialized, {"v": RF(tf.int64, partitions=[RF.UniformRowLength(0)])})


def test_sparse_feature_keeps_indices_out_of_range_and_refuses_unpaired_values():
    # TF 2.21 does not check the indices against the size (example_io_golden.json's
    # sparse_index_* cases): the SparseTensor holds them, to_dense refuses them later
    st = tf.io.parse_example([_example(ix=[4, -1], val=[1.0, 2.0])],
                             {"sp": SF("ix", "val", tf.float32, 3)})["sp"]
    assert st.indices.numpy().tolist() == [[0, -1], [0, 4]]
    assert st.dense_shape.numpy().tolist() == [1, 3]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.sparse.to_dense(st)
    # equal totals, but Example 0 has two indices for one value
    unpaired = [_example(ix=[1, 2], val=[1.0]), _example(ix=[0], val=[2.0, 3.0])]
    with pytest.raises(tf.errors.InvalidArgumentError, match="differ in their number of values"):
        tf.io.parse_example(unpaired, {"sp": SF("ix", "val", tf.float32, 3)})
    fn = tf.function(lambda s: tf.io.parse_example(s, {"sp": SF("ix", "val", tf.float32, 3)}))
    with pytest.raises(tf.errors.InvalidArgumentError, match="differ in their number of values"):
        fn(tf.constant(unpaired))


def test_sparse_feature_in_a_dataset_map_and_dense():
    ex = [_example(ix=[2, 0], val=[1.0, 2.0]), _example(ix=[1], val=[3.0])]
    ds = tf.data.Dataset.from_tensor_slices(ex).batch(2).map(
        lambda s: tf.io.parse_example(s, {"sp": SF("ix", "val", tf.float32, 3)}))
    (batch,) = list(ds)
    np.testing.assert_array_equal(tf.sparse.to_dense(batch["sp"]).numpy(),
                                  [[2.0, 0.0, 1.0], [0.0, 3.0, 0.0]])


def _sequence_example(**lists):
    msg = tf.train.SequenceExample()
    for key, steps in lists.items():
        for step in steps:
            msg.feature_lists.feature_list[key].feature.add().int64_list.value.extend(step)
    return msg.SerializeToString()


@settings(max_examples=30, deadline=None)
@given(st.lists(_rows, min_size=1, max_size=4))
def test_feature_lists_parse_to_their_steps(examples):
    serialized = [_sequence_example(v=steps, w=steps, one=[[x] for x in range(len(steps))])
                  for steps in examples]
    features = {"v": tf.io.VarLenFeature(tf.int64), "r": RF(tf.int64, value_key="w"),
                "one": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)}
    for fn in (tf.io.parse_sequence_example,
               tf.function(lambda s, c, f: tf.io.parse_sequence_example(s, c, f))):
        _, lists, lengths = fn(tf.constant(serialized), None, features)
        assert lists["r"].to_list() == examples
        dense = tf.sparse.to_dense(lists["v"]).numpy()
        for b, steps in enumerate(examples):
            for t, step in enumerate(steps):
                assert dense[b, t, :len(step)].tolist() == step
        np.testing.assert_array_equal(lengths["one"].numpy(), [len(s) for s in examples])
        np.testing.assert_array_equal(
            lists["one"].numpy(), [list(range(len(s))) + [0] * (lists["one"].shape[1] - len(s))
                                   for s in examples])
    for steps, one in zip(examples, serialized):
        _, single = tf.io.parse_single_sequence_example(one, None, features)
        assert single["r"].to_list() == steps


_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _error(fn):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn()
    return str(info.value)


def test_parse_errors_name_tfs_op_functions_by_their_key_counts():
    # TF 2.21's str() of each, from the same calls: its ops count the ragged keys (a
    # RaggedFeature's values and partitions) apart from the sparse ones (a SparseFeature's
    # index and value keys, a VarLenFeature's), and their wrappers, handed the keys as
    # Python lists, name no name
    ex = _example(v=[1, 2], ix=[0, 1], w=[3, 4], rl=[2], d=[1])
    features = {"r": RF(tf.float32, value_key="v", partitions=[RF.RowLengths("rl")]),
                "s": SF("ix", "w", tf.int64, 5), "d": tf.io.FixedLenFeature([], tf.int64)}
    assert _error(lambda: tf.io.parse_example([ex], features)) == (
        "{{function_node __wrapped__ParseExampleV2_Tdense_1_num_sparse_2_ragged_split_types_2"
        f"_ragged_value_types_2_sparse_types_2_device_{_CPU}}}}} Name: <unknown>, Key: v, "
        "Index: 0.  Data types don't match. Expected type: float, Actual type: int64 "
        "[Op:ParseExampleV2]")
    assert _error(lambda: tf.io.parse_example(tf.constant([ex]), {"r": RF(tf.string, "v")},
                                              name="p")) == (
        "{{function_node __wrapped__ParseExampleV2_Tdense_0_num_sparse_0_ragged_split_types_1"
        f"_ragged_value_types_1_sparse_types_0_device_{_CPU}}}}} Name: <unknown>, Key: v, "
        "Index: 0.  Data types don't match. Expected type: string, Actual type: int64 "
        "[Op:ParseExampleV2]")

    def feature(v):
        return tf.train.Feature(int64_list=tf.train.Int64List(value=v))

    s = tf.train.SequenceExample(
        context=tf.train.Features(feature={"c": feature([1]), "cv": feature([1, 2]),
                                           "crl": feature([2])}),
        feature_lists=tf.train.FeatureLists(feature_list={
            "tok": tf.train.FeatureList(feature=[feature([1, 2])]),
            "rl": tf.train.FeatureList(feature=[feature([2])])})).SerializeToString()
    context = {"c": tf.io.FixedLenFeature([], tf.int64),
               "cr": RF(tf.int64, value_key="cv", partitions=[RF.RowLengths("crl")])}
    lists = {"r": RF(tf.int64, value_key="tok", partitions=[RF.RowLengths("rl")]),
             "v": tf.io.VarLenFeature(tf.int64),
             "d": tf.io.FixedLenSequenceFeature([], tf.string)}
    assert _error(lambda: tf.io.parse_sequence_example([s], context, lists, name="q")) == (
        "{{function_node __wrapped__ParseSequenceExampleV2_Ncontext_sparse_0_Nfeature_list_"
        "dense_1_Nfeature_list_sparse_1_Tcontext_dense_1_context_ragged_split_types_2_context"
        "_ragged_value_types_2_context_sparse_types_0_feature_list_dense_types_1_feature_list"
        "_ragged_split_types_2_feature_list_ragged_value_types_2_feature_list_sparse_types_1"
        f"_device_{_CPU}}}}} Name: <unknown>, Feature list 'd' is required but could not be "
        "found.  Did you mean to include it in feature_list_dense_missing_assumed_empty or "
        "feature_list_dense_defaults? [Op:ParseSequenceExampleV2]")
