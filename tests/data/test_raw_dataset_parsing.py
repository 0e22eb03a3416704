"""TF 2.21's dataset ops over serialized records and their kin, called raw: TF's words
recorded from TF 2.21."""

from __future__ import annotations

import pytest

import eagerflow as tf

_NODE = "{{node FilterByLastComponentDataset}}"


def _pairs() -> tf.data.Dataset:
    return tf.data.Dataset.from_tensor_slices(([1, 2], [True, False]))


@pytest.mark.parametrize("types,shapes,words", [
    ([tf.int32], [[]], "output_shapes=[[]], output_types=[DT_INT32]"),
    ([tf.int32, tf.float32], [[None, 3], None],
     "output_shapes=[[?,3], <unknown>], output_types=[DT_INT32, DT_FLOAT]"),
])
def test_filter_by_last_component_has_no_kernel(types: list, shapes: list, words: str) -> None:
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.raw_ops.FilterByLastComponentDataset(
            input_dataset=_pairs()._variant_tensor, output_types=types, output_shapes=shapes)
    assert str(e.value) == (
        f"Could not find device for node: {_NODE} = FilterByLastComponentDataset[{words}]\n"
        "All kernels registered for op FilterByLastComponentDataset:\n"
        "  <no registered kernels>\n [Op:FilterByLastComponentDataset] name: ")


def test_filter_by_last_component_traces_and_fails_when_run() -> None:
    @tf.function
    def f() -> tf.Tensor:
        return tf.raw_ops.FilterByLastComponentDataset(
            input_dataset=_pairs()._variant_tensor, output_types=[tf.int32],
            output_shapes=[[]])

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="No OpKernel was registered to support Op "
                             "'FilterByLastComponentDataset' used by "):
        f()


# -- ParseExampleDataset and its versions ----------------------------------------------------

def _example(x: int) -> bytes:
    return tf.train.Example(features=tf.train.Features(feature={
        "a": tf.train.Feature(int64_list=tf.train.Int64List(value=[x])),
        "b": tf.train.Feature(float_list=tf.train.FloatList(value=[x, x / 2]))},
    )).SerializeToString()


_SPEC = (tf.TensorSpec([None], tf.int64), tf.TensorSpec([None, 2], tf.float32))


def _parse(op: str = "ParseExampleDatasetV2", batched: bool = True, **over: object) -> tf.Tensor:
    ds = tf.data.Dataset.from_tensor_slices([_example(1), _example(2), _example(3)])
    kw = dict(input_dataset=(ds.batch(2) if batched else ds)._variant_tensor,
              num_parallel_calls=tf.constant(1, tf.int64),
              dense_defaults=[tf.constant(0, tf.int64), tf.constant([], tf.float32)],
              sparse_keys=[], dense_keys=["a", "b"], sparse_types=[], dense_shapes=[[], [2]],
              output_types=[tf.int64, tf.float32], output_shapes=[[None], [None, 2]])
    if op != "ExperimentalParseExampleDataset":
        kw.update(ragged_keys=[], ragged_value_types=[], ragged_split_types=[])
    kw.update(over)
    return getattr(tf.raw_ops, op)(**kw)


def _elements(v: tf.Tensor) -> list:
    return [tuple(c.tolist() for c in e)
            for e in tf.data.experimental.from_variant(v, _SPEC).as_numpy_iterator()]


@pytest.mark.parametrize("op,text", [
    ("ParseExampleDataset", "ParseExampleDatasetOp"),
    ("ParseExampleDatasetV2", "ParseExampleDatasetV2Op"),
    ("ExperimentalParseExampleDataset", "ParseExampleDatasetOp"),
])
def test_parse_example_dataset_dense(op: str, text: str) -> None:
    v = _parse(op)
    assert repr(v) == f"<tf.Tensor: shape=(), dtype=variant, value=<{text}::Dataset>>"
    assert _elements(v) == [([1, 2], [[1.0, 0.5], [2.0, 1.0]]), ([3], [[3.0, 1.5]])]


def test_parse_example_dataset_scalar_records_are_vectors_of_one() -> None:
    assert _elements(_parse(batched=False)) == [([1], [[1.0, 0.5]]), ([2], [[2.0, 1.0]]),
                                                ([3], [[3.0, 1.5]])]


@pytest.mark.parametrize("over,message", [
    ({"num_parallel_calls": tf.constant(0, tf.int64)},
     "num_parallel_calls must be greater than zero."),
    ({"num_parallel_calls": tf.constant([1], tf.int64)}, "num_parallel_calls must be a scalar"),
    ({"deterministic": "maybe"}, "Unrecognized determinism policy: maybe"),
    ({"dense_defaults": [tf.constant(0, tf.int64)]},
     "Expected len(dense_defaults) == len(dense_keys) but got: 1 vs. 2"),
    ({"dense_defaults": [tf.constant([0, 1], tf.int64), tf.constant([], tf.float32)]},
     "def_value[0].shape() == [2] is not compatible with dense_shapes_[0] == []"),
])
def test_parse_example_dataset_refuses(over: dict, message: str) -> None:
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _parse(**over)
    assert message in str(e.value)


@pytest.mark.parametrize("over,message", [
    ({"dense_keys": ["a", "c"]},
     "Name: <unknown>, Feature: c (data type: float) is required but could not be found."),
    ({"dense_shapes": [[], [3]]},
     "Name: <unknown>, Key: b, Index: 0.  Number of float values != expected.  Values "
     "size: 2 but output shape: [3] [Op:IteratorGetNext]"),
])
def test_parse_example_dataset_fails_as_it_parses(over: dict, message: str) -> None:
    v = _parse(**over)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _elements(v)
    assert message in str(e.value)
    assert "user-defined function" not in str(e.value)


# -- ParallelInterleaveDataset (the first version) --------------------------------------------

def _ranges() -> object:
    return tf.function(lambda x: tf.raw_ops.RangeDataset(
        start=tf.constant(0, tf.int64), stop=x, step=tf.constant(1, tf.int64),
        output_types=[tf.int64], output_shapes=[[]])).get_concrete_function(
        tf.TensorSpec([], tf.int64))


def _interleave_v1(op: str = "ParallelInterleaveDataset", **over: object) -> tf.Tensor:
    kw = dict(input_dataset=tf.data.Dataset.range(5)._variant_tensor, other_arguments=[],
              cycle_length=tf.constant(2, tf.int64), block_length=tf.constant(2, tf.int64),
              sloppy=tf.constant(False), buffer_output_elements=tf.constant(1, tf.int64),
              prefetch_input_elements=tf.constant(1, tf.int64), f=_ranges(),
              output_types=[tf.int64], output_shapes=[[]])
    kw.update(over)
    return getattr(tf.raw_ops, op)(**kw)


@pytest.mark.parametrize("op", ["ParallelInterleaveDataset",
                                "ExperimentalParallelInterleaveDataset"])
@pytest.mark.parametrize("sloppy", [False, True])
def test_parallel_interleave_v1(op: str, sloppy: bool) -> None:
    v = _interleave_v1(op, sloppy=tf.constant(sloppy),
                       prefetch_input_elements=tf.constant(0, tf.int64))
    assert repr(v) == ("<tf.Tensor: shape=(), dtype=variant, "
                       "value=<LegacyParallelInterleaveDatasetOp::Dataset>>")
    got = list(tf.data.experimental.from_variant(v, tf.TensorSpec([], tf.int64))
               .as_numpy_iterator())
    assert got == [0, 0, 1, 0, 1, 2, 0, 1, 2, 3]


@pytest.mark.parametrize("over,message", [
    ({"cycle_length": tf.constant(-1, tf.int64)}, "`cycle_length` must be > 0"),
    ({"block_length": tf.constant(0, tf.int64)}, "`block_length` must be > 0"),
    ({"buffer_output_elements": tf.constant(0, tf.int64)},
     "`buffer_output_elements` must be > 0"),
    ({"prefetch_input_elements": tf.constant(-1, tf.int64)},
     "`prefetch_input_elements` must be >= 0"),
    ({"cycle_length": tf.constant([2], tf.int64)}, "cycle_length must be a scalar"),
    ({"sloppy": tf.constant([True])}, "sloppy must be a scalar"),
])
def test_parallel_interleave_v1_refuses(over: dict, message: str) -> None:
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _interleave_v1(**over)
    assert str(e.value).endswith(f"{message} [Op:ParallelInterleaveDataset] name: ")


def test_parse_example_dataset_variant_names_tf_op() -> None:
    ds = tf.data.Dataset.from_tensor_slices([_example(4)]).batch(1)
    parsed = tf.data.experimental.parse_example_dataset(
        {"a": tf.io.FixedLenFeature([], tf.int64)})(ds)
    assert repr(parsed._variant_tensor) == ("<tf.Tensor: shape=(), dtype=variant, "
                                            "value=<ParseExampleDatasetV2Op::Dataset>>")
