"""TF's ops that read or check a dataset (tf.raw_ops.GetElementAtIndex, AssertNextDataset,
AssertPrevDataset, DatasetFingerprint, IteratorGetModelProto) and the stats aggregator
ops: the values, reprs and errors TF 2.21 gives (recorded from it)."""

import pytest

import eagerflow as tf

R = tf.raw_ops
D = tf.data.Dataset
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _prefix(op, n=None):
    arity = "" if n is None else f"_output_types_{n}"
    return f"{{{{function_node __wrapped__{op}{arity}_device_{CPU}}}}} "


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _at(ds, i, types=(tf.int64,), shapes=((),)):
    return R.GetElementAtIndex(dataset=ds._variant_tensor, index=i, output_types=list(types),
                               output_shapes=list(shapes))


# -- GetElementAtIndex ---------------------------------------------------------------------------

@pytest.mark.parametrize("ds,i,want", [
    (D.range(10), 3, 3), (D.range(10).map(lambda x: x * 2), 4, 8), (D.range(10).take(3), 1, 1),
    (D.range(10).skip(2), 1, 3), (D.range(10).prefetch(1), 1, 1), (D.range(10).cache(), 1, 1),
    (D.range(3).concatenate(D.range(5)), 5, 2), (D.range(10).repeat(2), 11, 1),
    (D.range(10).shard(2, 1), 1, 3), (D.from_tensor_slices([1, 2, 3]), 1, 2),
    (D.range(10).with_options(tf.data.Options()), 1, 1)])
def test_element_at_index(ds, i, want):
    spec = ds.element_spec
    (got,) = _at(ds, i, [spec.dtype])
    assert got.numpy() == want and got.dtype == spec.dtype


def test_element_at_index_of_batches_and_tuples():
    (b,) = _at(D.range(10).batch(3), 1, shapes=[[None]])
    assert b.numpy().tolist() == [3, 4, 5]
    z = D.from_tensor_slices(([1, 2, 3], [4., 5., 6.]))
    a, f = _at(z, 2, (tf.int32, tf.float32), ((), ()))
    assert (int(a), float(f)) == (3, 6.0)
    assert tf.data.experimental.at(D.range(10), 3).numpy() == 3
    pair = tf.data.experimental.at(D.range(10).map(lambda x: (x, x * 2)), 4)
    assert [int(x) for x in pair] == [4, 8]


@pytest.mark.parametrize("ds,error,message", [
    (D.range(10).filter(lambda x: x > 2), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset FilterDatasetOp::Dataset"),
    (D.range(10).interleave(lambda x: D.range(x)), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset InterleaveDatasetOp::Dataset"),
    (D.range(10).flat_map(lambda x: D.range(x)), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset FlatMapDatasetOp::Dataset"),
    (D.range(10).batch(3, num_parallel_calls=2), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset ParallelBatchDatasetOp(3)::Dataset"),
    (D.range(10).window(2), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset WindowDatasetOp(2, 2, 1, 0)::Dataset"),
    (D.range(10).cache("/tmp/eagerflow_never_written"), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset CacheDatasetOp::FileDataset"),
    (D.range(10).ignore_errors(), tf.errors.UnimplementedError,
     "Random access is not implemented for dataset IgnoreErrorsDatasetOp::Dataset"),
    (D.range(10).repeat(), tf.errors.FailedPreconditionError,
     "Dataset of type RepeatDatasetOp::Dataset has infinite cardinality, which does not "
     "support random access."),
    (D.range(10).batch(2).unbatch(), tf.errors.FailedPreconditionError,
     "Dataset of type UnbatchDatasetOp::Dataset has unknown cardinality, which does not "
     "support random access."),
    (D.range(10).take(4), tf.errors.OutOfRangeError, "Index out of range [0, 4):5"),
    (D.from_tensors(tf.constant(1, tf.int64)), tf.errors.OutOfRangeError,
     "Index out of range [0, 1):5")])
def test_element_at_index_errors(ds, error, message):
    with pytest.raises(error) as e:
        _at(ds, 5, shapes=[None])
    assert str(e.value) == _prefix("GetElementAtIndex", 1) + message + \
        " [Op:GetElementAtIndex] name: "


def test_element_at_index_checks():
    r = D.range(10)
    for i in (10, -1):
        with pytest.raises(tf.errors.OutOfRangeError, match=rf"Index out of range \[0, 10\):{i}"):
            _at(r, i)
    with pytest.raises(tf.errors.InvalidArgumentError, match="index must be a scalar"):
        _at(r, [1])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Data type mismatch at component 0: expected int32 but got int64."):
        _at(r, 1, [tf.int32])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Number of components does not "
                                                            "match: expected 2 types but got 1."):
        _at(r, 1, [tf.int64, tf.int64], [[], []])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Incompatible shapes at component 0: expected \[2\] but got \[\]."):
        _at(r, 1, shapes=[[2]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute GetElementAtIndex as input #0\(zero-based\) was "
                             "expected to be a variant tensor but is a int32 tensor"):
        R.GetElementAtIndex(dataset=tf.constant(1), index=1, **I64)


# -- AssertNextDataset, AssertPrevDataset ---------------------------------------------------------

def _elements(v):
    it = R.AnonymousIteratorV3(**I64)
    R.MakeIterator(dataset=v, iterator=it)
    out = []
    while True:
        try:
            out.append(int(R.IteratorGetNext(iterator=it, **I64)[0]))
        except tf.errors.OutOfRangeError:
            return out


def _unbatched():
    return D.range(5).map(lambda x: x + 1).batch(2).unbatch()._variant_tensor


def _make_error(message):
    return _prefix("MakeIterator") + message + " [Op:MakeIterator] name: "


@pytest.mark.parametrize("op", ["AssertNextDataset", "ExperimentalAssertNextDataset"])
def test_assert_next(op):
    f = getattr(R, op)
    v = f(input_dataset=_unbatched(), transformations=[], **I64)
    assert _text(v) == "AssertNextDatasetOp::Dataset"
    assert _elements(v) == [1, 2, 3, 4, 5]
    # (MakeIterator puts TF's Prefetch, then its Root, above the pipeline)
    assert _elements(f(input_dataset=_unbatched(), transformations=["Prefetch", "Root"],
                       **I64)) == [1, 2, 3, 4, 5]
    for names, message in [
            (["Unbatch"], "Asserted transformation matching Unbatch at offset 0 but "
                          "encountered Prefetch transformation instead."),
            (["Map", "Range"], "Asserted transformation matching Map at offset 0 but "
                               "encountered Prefetch transformation instead."),
            (["Unbatch", "Batch", "Map"], "Asserted next 3 transformations but encountered "
                                          "only 2.")]:
        v = f(input_dataset=_unbatched(), transformations=names, **I64)
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            _elements(v)
        assert str(e.value) == _make_error(message)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        f(input_dataset=_unbatched(), transformations="Map", **I64)
    assert str(e.value) == _prefix(op) + f"transformations must be a vector [Op:{op}]"


def test_assert_next_names_the_transformations_after_it():
    spec = tf.TensorSpec([], tf.int64)

    def after(names):
        v = R.AssertNextDataset(input_dataset=D.range(4)._variant_tensor, transformations=names,
                                **I64)
        return list(tf.data.experimental.from_variant(v, spec).take(2).skip(1))

    assert [int(x) for x in after(["FiniteTake", "FiniteSkip", "Prefetch", "Root"])] == [1]
    assert [int(x) for x in after(["FiniteTake", "FiniteSkip"])] == [1]
    for names, message in [
            (["FiniteSkip", "FiniteTake"], "Asserted transformation matching FiniteSkip at "
                                           "offset 0 but encountered FiniteTake transformation "
                                           "instead."),
            (["FiniteTake", "FiniteSkip", "Prefetch", "Root", "Iterator"],
             "Asserted next 5 transformations but encountered only 4.")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            after(names)
        assert message + " [Op:MakeIterator]" in str(e.value)


def _names(*names):
    return [f'name: "{n}"' for n in names]


def test_assert_prev():
    v = R.AssertPrevDataset(input_dataset=_unbatched(), transformations=_names(
        "UnbatchDataset", "MapAndBatchDataset", "RangeDataset"), **I64)
    assert _text(v) == "AssertPrevDatasetOp::Dataset"
    assert _elements(v) == [1, 2, 3, 4, 5]
    take = D.range(4).take(3)._variant_tensor
    assert _elements(R.AssertPrevDataset(input_dataset=take, transformations=_names(
        "TakeDataset", "RangeDataset"), **I64)) == [0, 1, 2]
    assert _elements(R.AssertPrevDataset(input_dataset=take, transformations=[], **I64)) == \
        [0, 1, 2]
    for names, message in [
            (_names("UnbatchDataset", "MapAndBatchDataset", "RangeDataset", "X"),
             "Asserted previous 4 transformations but encountered only 3."),
            (_names("UnbatchDataset", "MapAndBatch"),
             "Failure checking transformations at offset 1: Asserted transformation matching "
             "'MapAndBatch', but found 'MapAndBatchDataset'."),
            (_names("Unbatch"), "Failure checking transformations at offset 0: Asserted "
                                "transformation matching 'Unbatch', but found "
                                "'UnbatchDataset'."),
            (["Unbatch"], "Failure checking transformations at offset 0: Couldn't parse "
                          "transformation 'Unbatch'."),
            (["garbage {"], "Failure checking transformations at offset 0: Couldn't parse "
                            "transformation 'garbage {'.")]:
        v = R.AssertPrevDataset(input_dataset=_unbatched(), transformations=names, **I64)
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            _elements(v)
        assert str(e.value) == _make_error(message)


# -- DatasetFingerprint, IteratorGetModelProto --------------------------------------------------

def test_dataset_fingerprint():
    def fp(ds):
        out = R.DatasetFingerprint(input_dataset=ds._variant_tensor)
        assert out.dtype == tf.uint64 and out.shape == ()
        return int(out)

    # (TF hashes its dataset graph: equal pipelines agree, others differ; the values are
    # eagerflow's own)
    assert fp(D.range(5)) == fp(D.range(5))
    assert len({fp(D.range(5)), fp(D.range(6)), fp(D.range(5).take(2)),
                fp(D.from_tensor_slices([1, 2]))}) == 4
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute DatasetFingerprint as input #0\(zero-based\) was "
                             "expected to be a variant tensor but is a int32 tensor"):
        R.DatasetFingerprint(input_dataset=tf.constant(1))


def _fields(data):
    """The (field, value) pairs of a serialized message (varints and length-delimited)."""
    from eagerflow._src.ops.serialization import read_varint

    out, i = [], 0
    while i < len(data):
        key, i = read_varint(data, i)
        kind = key & 7
        if kind == 0:
            value, i = read_varint(data, i)
        elif kind == 1:
            value, i = data[i:i + 8], i + 8
        else:
            n, i = read_varint(data, i)
            value, i = data[i:i + n], i + n
        out.append((key >> 3, value))
    return out


def test_iterator_model_proto():
    it = R.AnonymousIteratorV3(**I64)
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        R.IteratorGetModelProto(iterator=it)
    assert str(e.value) == _prefix("IteratorGetModelProto") + (
        "GetModelProto() failed because the iterator has not been initialized. Ensure that you "
        "have run the initializer operation for this iterator before getting the next element. "
        "[Op:IteratorGetModelProto] name: ")
    R.MakeIterator(dataset=D.range(5)._variant_tensor, iterator=it)
    proto = R.IteratorGetModelProto(iterator=it).numpy()
    fields = _fields(proto)
    # (TF's: nodes Root -> Prefetch -> Range, output node 1, id counter 4; timings are TF's own)
    assert (2, 1) in fields and (3, 4) in fields
    nodes = {}
    for number, entry in fields:
        if number == 1:
            key, node = dict(_fields(entry))[1], dict(_fields(entry))[2]
            nodes[key] = dict(_fields(node))
    assert {k: n[2] for k, n in nodes.items()} == {1: b"Root", 2: b"Prefetch", 3: b"Range"}
    assert nodes[1][14] == b"\x02" and nodes[2][14] == b"\x03" and 14 not in nodes[3]
    assert (nodes[1][15], nodes[2][15], nodes[3][15]) == (3, 4, 3)


# -- stats aggregators ---------------------------------------------------------------------------

AGGREGATOR = "tensorflow::data::StatsAggregatorResource"


def _wrong(name, kind, code, wanted, wanted_code):
    return (f"Trying to access a handle's resource using the wrong type. The handle points to "
            f"a resource (name '{name}') of type '{kind}' (hash code {code}) but you are "
            f"trying to access the resource as type '{wanted}' (hash code {wanted_code})")


def test_stats_aggregator_handles_and_summaries():
    for op in ("StatsAggregatorHandle", "StatsAggregatorHandleV2",
               "ExperimentalStatsAggregatorHandle"):
        h = getattr(R, op)()
        assert f'container="localhost", type="{AGGREGATOR}"' in repr(h)
        assert f'_{op}"' in repr(h)
        for summary in (R.StatsAggregatorSummary, R.ExperimentalStatsAggregatorSummary):
            assert summary(iterator=h).numpy() == b""
    h = R.StatsAggregatorHandle(shared_name="abc", container="c")
    assert repr(h) == ('<tf.Tensor: shape=(), dtype=resource, value=<ResourceHandle(name="abc", '
                       f'device="{CPU}", container="c", type="{AGGREGATOR}", dtype and shapes : '
                       '"[  ]")>>')


def test_set_stats_aggregator_dataset():
    h = R.StatsAggregatorHandle()
    for op in ("SetStatsAggregatorDataset", "ExperimentalSetStatsAggregatorDataset"):
        v = getattr(R, op)(input_dataset=D.range(5)._variant_tensor, stats_aggregator=h,
                           tag="t", counter_prefix="p", **I64)
        assert _text(v) == "SetStatsAggregatorDatasetOp::Dataset"
        assert _elements(v) == [0, 1, 2, 3, 4]
    assert R.StatsAggregatorSummary(iterator=h).numpy() == b""
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.SetStatsAggregatorDataset(input_dataset=D.range(3)._variant_tensor, stats_aggregator=h,
                                    tag=["t"], counter_prefix="p", **I64)
    assert str(e.value) == _prefix("SetStatsAggregatorDataset") + \
        "tag must be a scalar [Op:SetStatsAggregatorDataset]"


def test_stats_aggregator_handle_checks():
    h = R.StatsAggregatorHandle()
    it = R.AnonymousIteratorV3(**I64)
    it_name = repr(it).split('name="')[1].split('"')[0]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.StatsAggregatorSummary(iterator=it)
    assert str(e.value) == _prefix("StatsAggregatorSummary") + _wrong(
        it_name, "tensorflow::data::IteratorResource", 8918088204830721661, AGGREGATOR,
        9093829314517310100) + " [Op:StatsAggregatorSummary] name: "
    writer = tf.summary.create_file_writer("/tmp/eagerflow_stats_writer")
    R.StatsAggregatorSetSummaryWriter(stats_aggregator=h, summary=writer._resource)
    with pytest.raises(tf.errors.InvalidArgumentError, match="but you are trying to access the "
                       "resource as type 'tensorflow::SummaryWriterInterface' "
                       r"\(hash code 14226400942227524213\)"):
        R.StatsAggregatorSetSummaryWriter(stats_aggregator=h, summary=h)
    with pytest.raises(tf.errors.InvalidArgumentError, match=f"as type '{AGGREGATOR}'"):
        R.StatsAggregatorSetSummaryWriter(stats_aggregator=writer._resource,
                                          summary=writer._resource)


def test_get_model_proto():
    def nodes(ds, n):
        it = iter(ds)
        for _ in range(n):
            next(it)
        proto = tf.data.experimental.get_model_proto(it)
        assert (proto.output, proto.id_counter) == (1, 4)
        return [(k, v.name, list(v.inputs)) for k, v in sorted(proto.nodes.items())], \
            proto.nodes[1].num_elements

    # (TF's model: the map and batch fused, a prefetch on top of a range; the root counts
    # the elements given)
    assert nodes(D.range(5).map(lambda x: x + 1).batch(2), 1) == (
        [(1, "Root", [2]), (2, "MapAndBatch", [3]), (3, "Range", [])], 1)
    assert nodes(D.range(5), 2) == ([(1, "Root", [2]), (2, "Prefetch", [3]), (3, "Range", [])],
                                    2)
    with pytest.raises(ValueError, match="Only supports `tf.data.Iterator`-typed `iterator`."):
        tf.data.experimental.get_model_proto(3)
