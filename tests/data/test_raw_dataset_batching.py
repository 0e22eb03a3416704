"""TF's dataset ops that batch, slice and combine datasets (tf.raw_ops.BatchDatasetV2,
PaddedBatchDatasetV2, RepeatDataset, ZipDataset, ShardDataset, UnbatchDataset, ...): the
reprs, elements and errors TF 2.21 gives (recorded from it)."""

import pytest

import eagerflow as tf

R = tf.raw_ops
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
VEC = dict(output_types=[tf.int64], output_shapes=[[None]])
PREFIX = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
GET_NEXT = ("{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/"
            "replica:0/task:0/device:CPU:0}} ")


def _range(n=5, start=0, dtype=tf.int64):
    return R.RangeDataset(start=start, stop=start + n, step=1, output_types=[dtype],
                          output_shapes=[[]])


def _values(v, spec=tf.TensorSpec([], tf.int64), n=12):
    ds = tf.data.experimental.from_variant(v, spec).take(n)
    return [tf.nest.map_structure(lambda t: t.numpy().tolist(), e) for e in ds]


def _repr(text):
    return f"<tf.Tensor: shape=(), dtype=variant, value=<{text}::Dataset>>"


def _refused(fn, op, message, cls=tf.errors.InvalidArgumentError, name=True):
    with pytest.raises(cls) as e:
        fn()
    assert str(e.value) == PREFIX % op + message + f" [Op:{op.split('_')[0]}]" + (
        " name: " if name else "")


def test_batch_v2_names_its_size_and_batches():
    v = R.BatchDatasetV2(input_dataset=_range(), batch_size=2, drop_remainder=False, **VEC)
    assert repr(v) == _repr("BatchDatasetV2Op(2)")
    assert _values(v, tf.TensorSpec([None], tf.int64)) == [[0, 1], [2, 3], [4]]
    kept = R.BatchDatasetV2(input_dataset=_range(), batch_size=2, drop_remainder=True,
                            output_types=[tf.int64], output_shapes=[[2]])
    assert _values(kept, tf.TensorSpec([2], tf.int64)) == [[0, 1], [2, 3]]
    v1 = R.BatchDataset(input_dataset=_range(), batch_size=3, **VEC)
    assert repr(v1) == _repr("BatchDatasetOp(3)")
    p = R.ParallelBatchDataset(input_dataset=_range(), batch_size=2, num_parallel_calls=2,
                               drop_remainder=False, **VEC)
    assert repr(p) == _repr("ParallelBatchDatasetOp(2)")
    assert _values(p, tf.TensorSpec([None], tf.int64)) == [[0, 1], [2, 3], [4]]


@pytest.mark.parametrize("op", ["BatchDataset", "BatchDatasetV2"])
def test_batch_refuses_sizes_and_non_scalars(op):
    extra = {"drop_remainder": False} if op.endswith("V2") else {}
    fn = getattr(R, op)
    for size in (0, -1):
        _refused(lambda: fn(input_dataset=_range(), batch_size=size, **extra, **VEC), op,
                 "Batch size must be greater than zero.")
    _refused(lambda: fn(input_dataset=_range(), batch_size=[2], **extra, **VEC), op,
             "batch_size must be a scalar", name=False)
    bad = R.AnonymousIteratorV2(**I64)[1]
    _refused(lambda: fn(input_dataset=bad, batch_size=2, **extra, **VEC), op,
             "Tensor must be a Dataset object.")


def test_parallel_batch_checks_its_determinism():
    _refused(lambda: R.ParallelBatchDataset(input_dataset=_range(), batch_size=2,
                                            num_parallel_calls=2, drop_remainder=True,
                                            deterministic="bogus", **VEC),
             "ParallelBatchDataset", "Unrecognized determinism policy: bogus")


def _rows():
    return R.TensorSliceDataset(components=[tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]],
                                                        tf.int64)], output_shapes=[[3]])


def _padded(shape, pad=None, size=2, drop=False, source=None):
    pad = tf.constant(-1, tf.int64) if pad is None else pad
    return R.PaddedBatchDatasetV2(input_dataset=source if source is not None else _rows(),
                                  batch_size=size, padded_shapes=[tf.constant(shape, tf.int64)],
                                  padding_values=[pad], drop_remainder=drop,
                                  output_shapes=[[None, None]])


def test_padded_batch_pads_to_its_shapes():
    v = _padded([5])
    assert repr(v) == _repr("PaddedBatchDatasetV2Op(2)")
    assert _values(v, tf.TensorSpec([None, 5], tf.int64)) == [
        [[1, 2, 3, -1, -1], [4, 5, 6, -1, -1]], [[7, 8, 9, -1, -1]]]
    assert _values(_padded([-1]), tf.TensorSpec([None, None], tf.int64)) == [
        [[1, 2, 3], [4, 5, 6]], [[7, 8, 9]]]
    words = R.TensorSliceDataset(components=[tf.constant([["a"], ["b"], ["c"]])],
                                 output_shapes=[[1]])
    s = _padded([2], pad=tf.constant("z"), source=words)
    assert _values(s, tf.TensorSpec([None, 2], tf.string)) == [
        [[b"a", b"z"], [b"b", b"z"]], [[b"c", b"z"]]]
    v1 = R.PaddedBatchDataset(input_dataset=_range(), batch_size=2,
                              padded_shapes=[tf.constant([], tf.int64)],
                              padding_values=[tf.constant(0, tf.int64)], output_shapes=[[None]])
    assert repr(v1) == _repr("PaddedBatchDatasetOp(2)")


def test_padded_batch_finds_elements_that_do_not_fit_as_it_batches():
    small = _padded([2])
    with pytest.raises(tf.errors.DataLossError) as e:
        _values(small, tf.TensorSpec([None, None], tf.int64))
    assert str(e.value) == (GET_NEXT % 1 + "Attempted to pad to a smaller size than the input "
                            "element. [Op:IteratorGetNext] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="All elements in a batch must have the same rank as the padded "
                             "shape for component0: expected rank 2 but got element with "
                             "rank 1"):
        _values(_padded([2, 2]), tf.TensorSpec([None, None, None], tf.int64))


def test_padded_batch_refuses_what_tf_refuses():
    op = "PaddedBatchDataset_N_%d_Toutput_types_%d"

    def v1(shapes, values, source=None):
        return lambda: R.PaddedBatchDataset(
            input_dataset=source if source is not None else _range(), batch_size=2,
            padded_shapes=shapes, padding_values=values, output_shapes=[[None]])

    no_dims = tf.constant([], tf.int64)
    zero = tf.constant(0, tf.int64)
    _refused(v1([no_dims, no_dims], [zero]), op % (2, 1),
             "Number of padded shapes (2) must match the number of components in the input "
             "dataset's elements (1)")
    _refused(v1([no_dims], [zero, zero]), op % (1, 2),
             "Number of padding values (2) must match the number of components in the input "
             "dataset's elements (1)")
    _refused(v1([no_dims], [tf.constant([0], tf.int64)]), op % (1, 1),
             "All padding values must be scalars")
    _refused(v1([tf.constant([[1]], tf.int64)], [zero]), op % (1, 1),
             "All padded shapes must be vectors")
    _refused(v1([no_dims], [tf.constant(0)]), op % (1, 1),
             "Mismatched type between padding value 0 and input dataset's component 0: int32 "
             "vs. int64")
    _refused(lambda: _padded([-3]), "PaddedBatchDatasetV2_N_1_Toutput_types_1",
             "Dimension -3 must be >= -1")


@pytest.mark.parametrize("op, counts", [
    ("RepeatDataset", {2: [0, 1, 2, 0, 1, 2], 0: [], -1: [0, 1, 2] * 4, -2: [0, 1, 2] * 4}),
    ("SkipDataset", {2: [2], 0: [0, 1, 2], -1: [], -2: []}),
    ("TakeDataset", {2: [0, 1], 0: [], -1: [0, 1, 2], -2: [0, 1, 2]}),
])
def test_counts_as_tf_reads_them(op, counts):
    for count, want in counts.items():
        v = getattr(R, op)(input_dataset=_range(3), count=count, **I64)
        assert repr(v) == _repr(f"{op}Op")
        assert _values(v) == want
    _refused(lambda: getattr(R, op)(input_dataset=_range(3), count=[2], **I64), op,
             "count must be a scalar", name=False)


def test_prefetch_takes_autotune_and_refuses_below_it():
    for size in (2, 0, -1):
        v = R.PrefetchDataset(input_dataset=_range(3), buffer_size=size, **I64)
        assert repr(v) == _repr("PrefetchDatasetOp") and _values(v) == [0, 1, 2]
    _refused(lambda: R.PrefetchDataset(input_dataset=_range(3), buffer_size=-2, **I64),
             "PrefetchDataset", "buffer_size must be >= 0 or set buffer_size to be -1 for "
                                "auto-tuning")


def test_concatenate_checks_types_not_shapes():
    v = R.ConcatenateDataset(input_dataset=_range(2), another_dataset=_range(3), **I64)
    assert repr(v) == _repr("ConcatenateDatasetOp")
    assert _values(v) == [0, 1, 0, 1, 2]
    vectors = R.TensorSliceDataset(components=[tf.constant([[1, 2]], tf.int64)],
                                   output_shapes=[[2]])
    mixed = R.ConcatenateDataset(input_dataset=_range(2), another_dataset=vectors,
                                 output_types=[tf.int64], output_shapes=[None])
    assert _values(mixed, tf.TensorSpec(None, tf.int64)) == [0, 1, [1, 2]]
    # (TF's message leaves its placeholders, then names the second dataset's types)
    _refused(lambda: R.ConcatenateDataset(input_dataset=_range(2),
                                          another_dataset=_range(2, dtype=tf.int32), **I64),
             "ConcatenateDataset", "input dataset and dataset to concatenate have different "
                                   "output_types %s and %sint32")
    pairs = R.ZipDataset(input_datasets=[_range(), _range(2, dtype=tf.int32)],
                         output_types=[tf.int64, tf.int32], output_shapes=[[], []])
    _refused(lambda: R.ConcatenateDataset(input_dataset=_range(2, dtype=tf.int32),
                                          another_dataset=pairs, **I64),
             "ConcatenateDataset", "input dataset and dataset to concatenate have different "
                                   "output_types %s and %sint64, int32")


def test_zip_gives_every_component():
    v = R.ZipDataset(input_datasets=[_range(2), _range(3, 10)],
                     output_types=[tf.int64] * 2, output_shapes=[[]] * 2)
    assert repr(v) == _repr("ZipDatasetOp")
    assert _values(v, (tf.TensorSpec([], tf.int64),) * 2) == [(0, 10), (1, 11)]
    assert _values(R.ZipDataset(input_datasets=[_range(2)], **I64)) == [0, 1]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'N' of 0 must be at least minimum 1"):
        R.ZipDataset(input_datasets=[], **I64)


def test_shard_names_its_shard_and_checks_it():
    v = R.ShardDataset(input_dataset=_range(), num_shards=2, index=1, **I64)
    assert repr(v) == _repr("ShardDatasetOp(2, 1)")
    assert _values(v) == [1, 3]
    for n, i, message in [(0, 0, "Number of shards must be greater than zero (currently "
                                 "num_shards = 0)."),
                          (-2, 0, "Number of shards must be greater than zero (currently "
                                  "num_shards = -2)."),
                          (2, 2, "Index must be between 0 and 1 (currently index = 2)."),
                          (2, -1, "Index must be between 0 and 1 (currently index = -1).")]:
        _refused(lambda: R.ShardDataset(input_dataset=_range(), num_shards=n, index=i, **I64),
                 "ShardDataset", message)
    hint = R.ShardDataset(input_dataset=_range(), num_shards=-1, index=3, **I64)
    assert repr(hint) == _repr("ShardDatasetOp(-1, 3)")
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match=r"`tf.data.Dataset.shard\(SHARD_HINT, ...\)` can only be used"):
        _values(hint)


def test_unbatch_finds_scalars_and_unequal_batches_in_the_elements():
    batches = R.BatchDatasetV2(input_dataset=_range(), batch_size=2, drop_remainder=False,
                               **VEC)
    for op in ("UnbatchDataset", "ExperimentalUnbatchDataset"):
        v = getattr(R, op)(input_dataset=batches, **I64)
        assert repr(v) == _repr("UnbatchDatasetOp")
        assert _values(v) == [0, 1, 2, 3, 4]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _values(R.UnbatchDataset(input_dataset=_range(), **I64))
    assert str(e.value) == (GET_NEXT % 1 + "Input element must have a non-scalar value in "
                            "each component. [Op:IteratorGetNext] name: ")
    threes = R.BatchDatasetV2(input_dataset=_range(), batch_size=3, drop_remainder=False,
                              **VEC)
    both = R.ZipDataset(input_datasets=[batches, threes], output_types=[tf.int64] * 2,
                        output_shapes=[[None]] * 2)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input element must have the same batch size in each component. "
                             "Component 0 had size 2 but component 1 had size, 3."):
        _values(R.UnbatchDataset(input_dataset=both, output_types=[tf.int64] * 2,
                                 output_shapes=[[]] * 2), (tf.TensorSpec([], tf.int64),) * 2)


def test_sliding_window_batches_windows_and_names_its_arguments():
    v = R.SlidingWindowDataset(input_dataset=_range(), window_size=3, window_shift=2,
                               window_stride=1, drop_remainder=False, **VEC)
    assert repr(v) == _repr("SlidingWindowDatasetOp(3, 2, 1, 0)")
    assert _values(v, tf.TensorSpec([None], tf.int64)) == [[0, 1, 2], [2, 3, 4], [4]]
    strided = R.SlidingWindowDataset(input_dataset=_range(20), window_size=5, window_shift=7,
                                     window_stride=3, drop_remainder=False, **VEC)
    assert _values(strided, tf.TensorSpec([None], tf.int64)) == [
        [0, 3, 6, 9, 12], [7, 10, 13, 16, 19], [14, 17]]
    # (the experimental op has no drop_remainder: it drops them, and shows its kernel's name)
    old = R.ExperimentalSlidingWindowDataset(input_dataset=_range(), window_size=3,
                                             window_shift=2, window_stride=1, **VEC)
    assert repr(old) == _repr("SlidingWindowDatasetOp(3, 2, 1, 1)")
    assert _values(old, tf.TensorSpec([None], tf.int64)) == [[0, 1, 2], [2, 3, 4]]
    pairs = R.ZipDataset(input_datasets=[_range(5), _range(4)], output_types=[tf.int64] * 2,
                         output_shapes=[[]] * 2)
    both = R.SlidingWindowDataset(input_dataset=pairs, window_size=3, window_shift=1,
                                  window_stride=1, drop_remainder=False,
                                  output_types=[tf.int64] * 2, output_shapes=[[None]] * 2)
    assert _values(both, (tf.TensorSpec([None], tf.int64),) * 2) == [
        ([0, 1, 2], [0, 1, 2]), ([1, 2, 3], [1, 2, 3]), ([2, 3], [2, 3]), ([3], [3])]


@pytest.mark.parametrize("args, message", [
    ((0, 1, 1), "Window size must be greater than zero."),
    ((2, 0, 1), "Window shift must be greater than zero."),
    ((2, 1, 0), "window_stride must be greater than zero."),
])
def test_sliding_window_refuses_what_tf_refuses(args, message):
    size, shift, stride = args
    _refused(lambda: R.SlidingWindowDataset(input_dataset=_range(), window_size=size,
                                            window_shift=shift, window_stride=stride, **VEC),
             "SlidingWindowDataset", message)


def _batches(size=4, n=10):
    return R.BatchDatasetV2(input_dataset=_range(n), batch_size=size, drop_remainder=False,
                            **VEC)


def test_rebatch_splits_each_batch_in_ceil_sized_pieces():
    for op in ("RebatchDataset", "ExperimentalRebatchDataset"):
        v = getattr(R, op)(input_dataset=_batches(), num_replicas=3, **VEC)
        assert repr(v) == _repr("RebatchDatasetOp(3)")
        assert _values(v, tf.TensorSpec([None], tf.int64)) == [
            [0, 1], [2, 3], [], [4, 5], [6, 7], [], [8], [9], []]
    # (each component is split by its own size)
    both = R.ZipDataset(input_datasets=[_batches(), _batches(3)], output_types=[tf.int64] * 2,
                        output_shapes=[[None]] * 2)
    split = R.RebatchDataset(input_dataset=both, num_replicas=2, output_types=[tf.int64] * 2,
                             output_shapes=[[None]] * 2)
    assert _values(split, (tf.TensorSpec([None], tf.int64),) * 2) == [
        ([0, 1], [0, 1]), ([2, 3], [2]), ([4, 5], [3, 4]), ([6, 7], [5]), ([8], [6, 7]),
        ([9], [8])]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _values(R.RebatchDataset(input_dataset=_range(), num_replicas=2, **I64))
    assert str(e.value) == (GET_NEXT % 1 + "Cannot rebatch dataset: All components must have "
                            "at least one dimension. Perhaps your input dataset is not "
                            "batched? Component 0 is scalar. [Op:IteratorGetNext] name: ")
    _refused(lambda: R.RebatchDataset(input_dataset=_batches(), num_replicas=0, **VEC),
             "RebatchDataset", "num_replicas must be greater than zero.")


@pytest.mark.parametrize("sizes, drop, want", [
    ([1, 3], False, [[0], [1, 2, 3], [4], [5, 6, 7], [8], [9]]),
    ([1, 3], True, [[0], [1, 2, 3], [4], [5, 6, 7], [8]]),
    (2, False, [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]),
    ([0, 2], True, [[], [0, 1], [], [2, 3], [], [4, 5], [], [6, 7], [], [8, 9], []]),
])
def test_rebatch_v2_rebatches_the_rows(sizes, drop, want):
    v = R.RebatchDatasetV2(input_dataset=_batches(), batch_sizes=sizes, drop_remainder=drop,
                           **VEC)
    assert repr(v) == _repr("RebatchV2DatasetOp")
    assert _values(v, tf.TensorSpec([None], tf.int64), n=20) == want


def test_rebatch_v2_refuses_what_tf_refuses():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="`batch_sizes` must be a scalar or a vector."):
        R.RebatchDatasetV2(input_dataset=_batches(), batch_sizes=[[2]], drop_remainder=False,
                           **VEC)
    # (TF 2.21 takes a negative size, or none, and its iterator crashes the process)
    for sizes in ([2, -1], []):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="batch_sizes must be greater than zero."):
            R.RebatchDatasetV2(input_dataset=_batches(), batch_sizes=tf.constant(sizes, tf.int64),
                               drop_remainder=False, **VEC)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Input element must have a non-scalar value in each component."):
        _values(R.RebatchDatasetV2(input_dataset=_range(), batch_sizes=[2],
                                   drop_remainder=False, **VEC), tf.TensorSpec([None], tf.int64))


def test_window_gives_a_dataset_variant_for_each_component():
    pairs = R.ZipDataset(input_datasets=[_range(5), _range(5, dtype=tf.int32)],
                         output_types=[tf.int64, tf.int32], output_shapes=[[]] * 2)
    w = R.WindowDataset(input_dataset=pairs, size=2, shift=2, stride=1, drop_remainder=False,
                        output_types=[tf.variant] * 2, output_shapes=[[]] * 2)
    assert repr(w) == _repr("WindowDatasetOp(2, 2, 1, 0)")
    assert int(R.DatasetCardinality(input_dataset=w)) == 3
    it = R.AnonymousIteratorV3(output_types=[tf.variant] * 2, output_shapes=[[]] * 2)
    R.MakeIterator(dataset=w, iterator=it)
    got = []
    for _ in range(3):
        a, b = R.IteratorGetNext(iterator=it, output_types=[tf.variant] * 2,
                                 output_shapes=[[]] * 2)
        assert repr(a) == "<tf.Tensor: shape=(), dtype=variant, value=<Window>>"
        got.append((_values(a), _values(b, tf.TensorSpec([], tf.int32))))
    assert got == [([0, 1], [0, 1]), ([2, 3], [2, 3]), ([4], [4])]
    with pytest.raises(tf.errors.OutOfRangeError):
        R.IteratorGetNext(iterator=it, output_types=[tf.variant] * 2, output_shapes=[[]] * 2)


@pytest.mark.parametrize("args, message", [
    ((0, 1, 1), "Window size must be greater than zero."),
    ((2, -1, 1), "Window shift must be greater than zero."),
    ((2, 1, 0), "Window stride must be greater than zero."),
])
def test_window_refuses_what_tf_refuses(args, message):
    size, shift, stride = args
    _refused(lambda: R.WindowDataset(input_dataset=_range(), size=size, shift=shift,
                                     stride=stride, drop_remainder=True,
                                     output_types=[tf.variant], output_shapes=[[]]),
             "WindowDataset", message)


def _sparse(v, rank=2):
    spec = tf.SparseTensorSpec([None] * rank, tf.int64)
    return [(s.indices.numpy().tolist(), s.values.numpy().tolist(), s.dense_shape.numpy().tolist())
            for s in tf.data.experimental.from_variant(v, spec)]


def test_dense_to_sparse_batch_keeps_every_value():
    rows = R.TensorSliceDataset(components=[tf.constant([[1, 2, 0], [4, 0, 6], [7, 8, 9]],
                                                        tf.int64)], output_shapes=[[3]])
    for op in ("DenseToSparseBatchDataset", "ExperimentalDenseToSparseBatchDataset"):
        v = getattr(R, op)(input_dataset=rows, batch_size=2, row_shape=[4],
                           output_types=[tf.int64], output_shapes=[[None, 4]])
        assert repr(v) == _repr("DenseToSparseBatchDatasetOp(2)")
        assert _sparse(v) == [
            ([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], [1, 2, 0, 4, 0, 6], [2, 4]),
            ([[0, 0], [0, 1], [0, 2]], [7, 8, 9], [1, 4])]
    widest = R.DenseToSparseBatchDataset(input_dataset=rows, batch_size=2, row_shape=[-1],
                                         output_types=[tf.int64], output_shapes=[[None, None]])
    assert [s[2] for s in _sparse(widest)] == [[2, 3], [1, 3]]
    small = R.DenseToSparseBatchDataset(input_dataset=rows, batch_size=2, row_shape=[2],
                                        output_types=[tf.int64], output_shapes=[[None, 2]])
    with pytest.raises(tf.errors.DataLossError,
                       match=r"Input element had shape \(\[3\]\) that is larger than the row "
                             r"shape \(\[2\]\)."):
        _sparse(small)
    deeper = R.DenseToSparseBatchDataset(input_dataset=rows, batch_size=2, row_shape=[3, 1],
                                         output_types=[tf.int64], output_shapes=[[None, None]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Input element had shape \(\[3\]\) that is incompatible with the "
                             r"row shape \(\[3,1\]\)."):
        _sparse(deeper)


def test_dense_to_sparse_batch_refuses_what_tf_refuses():
    op = "DenseToSparseBatchDataset"
    pairs = R.ZipDataset(input_datasets=[_range(), _range()], output_types=[tf.int64] * 2,
                         output_shapes=[[]] * 2)
    for source, size, row, message in [
            (_range(), 0, [4], "Batch size must be greater than zero."),
            (_range(), 2, [-2], "Dimension -2 must be >= -1"),
            (pairs, 2, [4], "DenseToSparseBatchDataset only supports inputs with a single "
                            "component.")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.DenseToSparseBatchDataset(input_dataset=source, batch_size=size, row_shape=row,
                                        output_types=[tf.int64], output_shapes=[[None, 4]])
        assert str(e.value) == PREFIX % op + message + f" [Op:{op}]"
    with pytest.raises(tf.errors.InvalidArgumentError, match="row_shape must be a vector"):
        R.DenseToSparseBatchDataset(input_dataset=_range(), batch_size=2, row_shape=[[4]],
                                    output_types=[tf.int64], output_shapes=[[None, 4]])


def test_public_datasets_variants_name_their_kernels_arguments():
    r = tf.data.Dataset.range(10)
    cases = [(r.batch(2), "BatchDatasetV2Op(2)"),
             (r.batch(3, drop_remainder=True), "BatchDatasetV2Op(3)"),
             (r.batch(2, num_parallel_calls=2), "ParallelBatchDatasetOp(2)"),
             (r.padded_batch(2), "PaddedBatchDatasetV2Op(2)"),
             (r.shard(2, 1), "ShardDatasetOp(2, 1)"),
             (r.window(3), "WindowDatasetOp(3, 3, 1, 0)"),
             (r.window(3, 2, 1, True), "WindowDatasetOp(3, 2, 1, 1)"),
             (r.batch(4).rebatch([1, 2]), "RebatchV2DatasetOp"),
             (tf.data.Dataset.from_tensor_slices([[1, 2]]).sparse_batch(2, [3]),
              "DenseToSparseBatchDatasetOp(2)"),
             (r.repeat(2), "RepeatDatasetOp"), (r.batch(2).unbatch(), "UnbatchDatasetOp")]
    for ds, text in cases:
        assert repr(ds._variant_tensor) == _repr(text)


def test_cardinalities_as_tf_counts_them():
    def card(v):
        return int(R.DatasetCardinality(input_dataset=v))

    forever = R.RepeatDataset(input_dataset=_range(3), count=-1, **I64)
    dropped = R.BatchDatasetV2(input_dataset=_range(10), batch_size=4, drop_remainder=True,
                               output_types=[tf.int64], output_shapes=[[4]])
    assert card(R.UnbatchDataset(input_dataset=dropped, **I64)) == 8
    assert card(R.UnbatchDataset(input_dataset=_batches(), **I64)) == -2
    assert card(R.SkipDataset(input_dataset=forever, count=2, **I64)) == -1
    assert card(R.TakeDataset(input_dataset=forever, count=7, **I64)) == 7
    assert card(R.ZipDataset(input_datasets=[forever, _range(3)], output_types=[tf.int64] * 2,
                             output_shapes=[[]] * 2)) == 3
    # (a sliding window's count is the input's over the shift, whatever the window's span)
    for n, drop, want in [(10, True, 5), (10, False, 5), (11, True, 5), (11, False, 6),
                          (1, True, 0), (1, False, 1)]:
        v = R.SlidingWindowDataset(input_dataset=_range(n), window_size=3, window_shift=2,
                                   window_stride=1, drop_remainder=drop, **VEC)
        assert card(v) == want
    assert card(R.SlidingWindowDataset(input_dataset=forever, window_size=3, window_shift=2,
                                       window_stride=1, drop_remainder=True, **VEC)) == -1
    # (a rebatch's is unknown, of an infinite input too)
    assert card(R.RebatchDataset(input_dataset=_batches(), num_replicas=3, **VEC)) == -2
    endless = R.BatchDatasetV2(input_dataset=forever, batch_size=2, drop_remainder=False, **VEC)
    assert card(R.RebatchDatasetV2(input_dataset=endless, batch_sizes=[3],
                                   drop_remainder=False, **VEC)) == -2
    assert int(tf.data.Dataset.range(3).repeat().batch(2).rebatch(3).cardinality()) == -2
