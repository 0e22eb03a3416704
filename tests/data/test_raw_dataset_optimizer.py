"""The ops of tf.data's graph optimizer (tf.raw_ops.ComputeBatchSize, WindowOp,
RewriteDataset, ChooseFastestBranchDataset, MapDefun): the values, reprs and errors TF
2.21 gives (recorded from it)."""

import pytest

import eagerflow as tf

R = tf.raw_ops
D = tf.data.Dataset
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def _prefix(op, arity=""):
    return f"{{{{function_node __wrapped__{op}{arity}_device_{CPU}}}}} "


def _text(v):
    return repr(v)[len("<tf.Tensor: shape=(), dtype=variant, value=<"):-2]


def _elements(v, spec=tf.TensorSpec([], tf.int64)):
    return [x.numpy().tolist() for x in tf.data.experimental.from_variant(v, spec)]


def _b(n, size=2, drop=True):
    return D.range(n).batch(size, drop_remainder=drop)


@pytest.mark.parametrize("ds,want", [
    (D.range(10).batch(4), 4), (D.range(10).batch(4).map(lambda x: x), -1),
    (_b(10, 4), 4), (_b(10, 4).map(lambda x: x * 2), -1), (_b(10, 4).prefetch(1), 4),
    (D.range(10), -1), (D.range(10).padded_batch(3, drop_remainder=True), 3),
    (D.range(10).map(lambda x: x).batch(5, drop_remainder=True), 5),
    (D.zip(_b(10), _b(10)), 2), (_b(10).take(3), 2), (_b(10).shuffle(3), 2),
    (_b(10).repeat(2), 2), (_b(10).filter(lambda x: True), 2),
    (D.range(10).batch(3, drop_remainder=True, num_parallel_calls=2), -1),
    (_b(10).unbatch(), -1), (_b(10).flat_map(lambda x: D.from_tensors(x)), -1),
    (_b(10).interleave(lambda x: D.from_tensors(x)), -1),
    (_b(10).scan(tf.constant(0, tf.int64), lambda s, x: (s, x)), -1), (_b(10).rebatch(1), -1),
    (_b(10).batch(3, drop_remainder=True), 3), (_b(10).concatenate(_b(10, 3)), -1),
    (_b(10).concatenate(_b(10)), 2), (_b(10).cache(), 2), (_b(10).skip(1), 2),
    (_b(10).with_options(tf.data.Options()), 2), (_b(10).ignore_errors(), -1),
    (_b(10).take_while(lambda x: True), -1), (_b(10).shard(2, 0), 2),
    (_b(10).map(lambda x: x, num_parallel_calls=2), -1)])
def test_compute_batch_size(ds, want):
    got = R.ComputeBatchSize(input_dataset=ds._variant_tensor)
    assert got.dtype == tf.int64 and int(got) == want


def test_compute_batch_size_refuses_another_tensor():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute ComputeBatchSize as input #0\(zero-based\) was "
                             "expected to be a variant tensor but is a int32 tensor"):
        R.ComputeBatchSize(input_dataset=tf.constant(1))


def test_window_op():
    w = R.WindowOp(inputs=[tf.constant([1, 2, 3], tf.int64)], output_types=[tf.int64],
                   output_shapes=[[3]])
    assert _text(w) == "Window"
    assert int(R.DatasetCardinality(input_dataset=w)) == 1
    assert _elements(w, tf.TensorSpec([3], tf.int64)) == [[1, 2, 3]]
    w2 = R.WindowOp(inputs=[tf.constant([1, 2, 3], tf.int64), tf.constant([4., 5., 6.])],
                    output_types=[tf.int64, tf.float32], output_shapes=[[], []])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Incompatible shapes at component 0: expected \[\] but got \[3\]."):
        _elements(w2, (tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.float32)))


@pytest.mark.parametrize("name,text", [
    ("map_and_batch_fusion", "MapAndBatchDatasetOp::Dataset"),
    ("map_parallelization", "BatchDatasetV2Op(2)::Dataset"),
    ("inject_prefetch", "PrefetchDatasetOp::Dataset"),
    ("shuffle_and_repeat_fusion", "BatchDatasetV2Op(2)::Dataset"),
    ("autotune_buffer_sizes", "BatchDatasetV2Op(2)::Dataset"),
    ("filter_fusion", "BatchDatasetV2Op(2)::Dataset"),
    ("batch_parallelization", "ParallelBatchDatasetOp(2)::Dataset")])
def test_rewrite_dataset(name, text):
    v = R.RewriteDataset(input_dataset=D.range(10).map(lambda x: x + 1).batch(2)._variant_tensor,
                         rewrite_name=name, output_types=[tf.int64], output_shapes=[[None]])
    assert _text(v) == text
    assert _elements(v, tf.TensorSpec([None], tf.int64)) == [[1, 2], [3, 4], [5, 6], [7, 8],
                                                               [9, 10]]


def test_rewrite_dataset_noop_elimination_and_unknown_names():
    r = R.RangeDataset(start=0, stop=10, step=1, **I64)
    assert _elements(R.RewriteDataset(input_dataset=r, rewrite_name="noop_elimination",
                                      **I64)) == list(range(10))
    v = R.RewriteDataset(input_dataset=R.TakeDataset(input_dataset=r, count=-1, **I64),
                         rewrite_name="noop_elimination", **I64)
    assert _text(v) == "RangeDatasetOp(0, 10, 1)::Dataset"
    assert _elements(v) == list(range(10))
    assert _text(R.RewriteDataset(input_dataset=r, rewrite_name="foo", **I64)) == \
        "RangeDatasetOp(0, 10, 1)::Dataset"
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.RewriteDataset(input_dataset=r, rewrite_name=["foo"], **I64)
    assert str(e.value) == _prefix("RewriteDataset") + \
        "rewrite_name must be a scalar [Op:RewriteDataset]"


def _branch(fn):
    """A branch: a function of a dataset's variant giving its map by `fn`."""
    element = tf.function(fn).get_concrete_function(tf.TensorSpec([], tf.int64))

    def branch(v):
        return R.MapDataset(input_dataset=v, other_arguments=[], f=element, **I64)
    return tf.function(branch).get_concrete_function(tf.TensorSpec([], tf.variant))


def _choose(num=1, den=1, branches=None, lengths=(0, 0)):
    branches = branches or [_branch(lambda x: x * 2), _branch(lambda x: x + x)]
    return R.ChooseFastestBranchDataset(
        input_dataset=D.range(10)._variant_tensor, ratio_numerator=num, ratio_denominator=den,
        other_arguments=[], num_elements_per_branch=2, branches=branches,
        other_arguments_lengths=list(lengths), **I64)


def test_choose_fastest_branch():
    v = _choose()
    assert _text(v) == "ChooseFastestBranchDatasetOp::Dataset"
    assert _elements(v) == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
    assert int(R.DatasetCardinality(input_dataset=v)) == 10
    # (its count is the input's times the ratio)
    assert int(R.DatasetCardinality(input_dataset=_choose(2, 1))) == 20
    for kw, message in [
            (dict(den=0), "`ratio_denominator` must be greater than zero."),
            (dict(num=0), "`ratio_numerator` must be greater than zero."),
            (dict(lengths=(0,)), "branches and other_arguments_lengths must have the same "
                                 "length.")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            _choose(**kw)
        assert str(e.value) == _prefix("ChooseFastestBranchDataset", "_Targuments_0") + \
            message + " [Op:ChooseFastestBranchDataset] name: "
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _choose(num=[1])
    assert str(e.value) == _prefix("ChooseFastestBranchDataset", "_Targuments_0") + \
        "ratio_numerator must be a scalar [Op:ChooseFastestBranchDataset]"


def _double():
    return tf.function(lambda x: x * 2).get_concrete_function(tf.TensorSpec([], tf.int32))


def _two():
    def g(x, y, c):
        return x + y * c, x - c
    return tf.function(g).get_concrete_function(tf.TensorSpec([2], tf.float32),
                                                tf.TensorSpec([2], tf.float32),
                                                tf.TensorSpec([], tf.float32))


def test_map_defun():
    (out,) = R.MapDefun(arguments=[tf.constant([1, 2, 3])], captured_inputs=[],
                        output_types=[tf.int32], output_shapes=[[]], f=_double())
    assert out.numpy().tolist() == [2, 4, 6] and out.dtype == tf.int32
    a, b = R.MapDefun(arguments=[tf.ones([3, 2]), tf.ones([3, 2]) * 2],
                      captured_inputs=[tf.constant(10.)], output_types=[tf.float32, tf.float32],
                      output_shapes=[[2], [2]], f=_two())
    assert a.numpy().tolist() == [[21., 21.]] * 3 and b.numpy().tolist() == [[-9., -9.]] * 3
    (empty,) = R.MapDefun(arguments=[tf.constant([], tf.int32)], captured_inputs=[],
                          output_types=[tf.int32], output_shapes=[[]], f=_double())
    assert empty.shape == (0,) and empty.dtype == tf.int32
    (unknown,) = R.MapDefun(arguments=[tf.constant([1, 2])], captured_inputs=[],
                            output_types=[tf.int32], output_shapes=[None], f=_double())
    assert unknown.numpy().tolist() == [2, 4]


def test_map_defun_errors():
    def fails(message, **kw):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            R.MapDefun(**kw)
        assert str(e.value).endswith(message + " [Op:MapDefun] name: ")

    fails("All inputs must have the same dimension 0. Input 1 has leading dimension 4, while "
          "all previous inputs have leading dimension 3",
          arguments=[tf.ones([3, 2]), tf.ones([4, 2])], captured_inputs=[tf.constant(10.)],
          output_types=[tf.float32, tf.float32], output_shapes=[[2], [2]], f=_two())
    fails("Mismatch in function retval shape, [2], and expected output shape, [3].\n\t "
          "[[{{node identity_RetVal}}]]",
          arguments=[tf.ones([3, 2]), tf.ones([3, 2])], captured_inputs=[tf.constant(10.)],
          output_types=[tf.float32, tf.float32], output_shapes=[[3], [2]], f=_two())
    fails("All inputs must have rank at least 1. Input 0 has a rank of 0.",
          arguments=[tf.constant(1)], captured_inputs=[], output_types=[tf.int32],
          output_shapes=[[]], f=_double())
    fails("Mismatch in function return type and expected output type for output: 0\n\t "
          "[[{{node identity_RetVal}}]]",
          arguments=[tf.constant([1, 2])], captured_inputs=[], output_types=[tf.int64],
          output_shapes=[[]], f=_double())
