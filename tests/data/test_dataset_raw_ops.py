"""TF's dataset and iterator ops over variant tensors (tf.raw_ops.RangeDataset,
AnonymousIteratorV3, MakeIterator, IteratorGetNext, ...), and
tf.data.experimental.to_variant / from_variant: the values, reprs and errors TF 2.21
gives (recorded from it)."""

import pytest

import eagerflow as tf

I64 = dict(output_types=[tf.int64], output_shapes=[[]])
PREFIX = ("{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/"
          "replica:0/task:0/device:CPU:0}} ")


def _range(n=5):
    return tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **I64)


def _iterator(ds):
    it = tf.raw_ops.AnonymousIteratorV3(**I64)
    tf.raw_ops.MakeIterator(dataset=ds, iterator=it)
    return it


def test_a_dataset_op_gives_a_variant_naming_its_kernel():
    v = _range()
    assert repr(v) == ("<tf.Tensor: shape=(), dtype=variant, "
                       "value=<RangeDatasetOp(0, 5, 1)::Dataset>>")
    s = tf.raw_ops.TensorSliceDataset(components=[tf.constant([1, 2])], output_shapes=[[]])
    assert repr(s) == ("<tf.Tensor: shape=(), dtype=variant, "
                       "value=<TensorSliceDatasetOp::Dataset>>")
    assert str(tf.data.Dataset.from_tensor_slices([1, 2])._variant_tensor) == (
        "tf.Tensor(<TensorSliceDatasetOp::Dataset>, shape=(), dtype=variant)")


def test_from_variant_and_to_variant_round_trip():
    ds = tf.data.experimental.from_variant(_range(), tf.TensorSpec([], tf.int64))
    assert list(ds.as_numpy_iterator()) == [0, 1, 2, 3, 4]
    assert ds.element_spec == tf.TensorSpec([], tf.int64)
    src = tf.data.Dataset.from_tensor_slices(({"a": [1, 2]}, [3.0, 4.0]))
    back = tf.data.experimental.from_variant(tf.data.experimental.to_variant(src),
                                             src.element_spec)
    got = [(e[0]["a"].numpy(), e[1].numpy()) for e in back]
    assert got == [(1, 3.0), (2, 4.0)]
    s = tf.raw_ops.TensorSliceDataset(components=[tf.constant([1, 2, 3]),
                                                  tf.constant([[1., 2.], [3., 4.], [5., 6.]])],
                                      output_shapes=[[], [2]])
    pairs = tf.data.experimental.from_variant(
        s, (tf.TensorSpec([], tf.int32), tf.TensorSpec([2], tf.float32)))
    assert [(int(a), b.tolist()) for a, b in pairs.as_numpy_iterator()] == [
        (1, [1., 2.]), (2, [3., 4.]), (3, [5., 6.])]


def test_from_variant_of_another_type_fails_as_the_iterator_is_made():
    ds = tf.data.experimental.from_variant(_range(), tf.TensorSpec([], tf.int32))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Data type mismatch at component 0: expected int32 but got "
                             "int64."):
        iter(ds)


def test_an_iterator_gives_the_elements_then_end_of_sequence():
    it = _iterator(_range(3))
    got = [int(tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0]) for _ in range(3)]
    assert got == [0, 1, 2]
    with pytest.raises(tf.errors.OutOfRangeError) as e:
        tf.raw_ops.IteratorGetNext(iterator=it, **I64)
    assert str(e.value) == PREFIX % 1 + "End of sequence [Op:IteratorGetNext] name: "
    with pytest.raises(tf.errors.OutOfRangeError):
        tf.raw_ops.IteratorGetNextSync(iterator=it, **I64)


def test_an_iterator_not_made_fails_as_tf():
    it, deleter = tf.raw_ops.AnonymousIteratorV2(**I64)
    assert repr(deleter) == "<tf.Tensor: shape=(), dtype=variant, value=<[empty]>>"
    assert "container=\"Anonymous\", type=\"tensorflow::data::IteratorResource\"" in repr(it)
    with pytest.raises(tf.errors.FailedPreconditionError,
                       match=r"GetNext\(\) failed because the iterator has not been "
                             "initialized. Ensure that you have run the initializer operation"
                             " for this iterator before getting the next element."):
        tf.raw_ops.IteratorGetNext(iterator=it, **I64)
    tf.raw_ops.DeleteIterator(handle=it, deleter=deleter)


@pytest.mark.parametrize("types, shapes, message", [
    ([tf.int32], [[]], "Data type mismatch at component 0: expected int32 but got int64."),
    ([tf.int64], [[3]], "Incompatible shapes at component 0: expected [3] but got []."),
    ([tf.int64, tf.int64], [[], []],
     "Number of components does not match: expected 2 types but got 1."),
])
def test_get_next_checks_what_it_asks_for(types, shapes, message):
    it = _iterator(_range())
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.raw_ops.IteratorGetNext(iterator=it, output_types=types, output_shapes=shapes)
    assert str(e.value) == PREFIX % len(types) + message + " [Op:IteratorGetNext] name: "


def test_bad_inputs_and_attrs_are_refused():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute MakeIterator as input #0\(zero-based\) was "
                             "expected to be a variant tensor but is a int32 tensor"):
        tf.raw_ops.MakeIterator(dataset=tf.constant(1),
                                iterator=tf.raw_ops.AnonymousIteratorV3(**I64))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Length for attr 'output_types' of 0 must be at least minimum 1"):
        tf.raw_ops.AnonymousIteratorV3(output_types=[], output_shapes=[])
    with pytest.raises(tf.errors.InvalidArgumentError, match="step must be a non-zero "
                                                             "integer."):
        tf.raw_ops.RangeDataset(start=0, stop=5, step=0, **I64)


def test_iterator_v2_keeps_one_iterator_for_its_attrs():
    a = tf.raw_ops.IteratorV2(shared_name="", container="", **I64)
    b = tf.raw_ops.IteratorV2(shared_name="", container="", **I64)
    tf.raw_ops.MakeIterator(dataset=_range(), iterator=a)
    assert int(tf.raw_ops.IteratorGetNext(iterator=b, **I64)[0]) == 0
    shared = tf.raw_ops.IteratorV2(shared_name="ds_it", container="", **I64)
    assert 'name="ds_it"' in repr(shared) and 'container="localhost"' in repr(shared)


def test_dataset_ops_in_a_function_run_each_call():
    @tf.function
    def f(n):
        v = tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **I64)
        it = tf.raw_ops.AnonymousIteratorV3(**I64)
        tf.raw_ops.MakeIterator(dataset=v, iterator=it)
        x = tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0]
        y = tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0]
        return x + y, tf.raw_ops.DatasetCardinality(input_dataset=v)

    for n in (5, 9):
        s, card = f(tf.constant(n, tf.int64))
        assert (int(s), int(card)) == (1, n)

    @tf.function
    def total(n):
        ds = tf.data.experimental.from_variant(
            tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **I64), tf.TensorSpec([], tf.int64))
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s

    assert int(total(tf.constant(5, tf.int64))) == 10
    assert int(total(tf.constant(4, tf.int64))) == 6


def test_experimental_dataset_cardinality_is_dataset_cardinality():
    v = _range()
    forever = tf.raw_ops.RepeatDataset(input_dataset=v, count=-1, **I64)
    for op in (tf.raw_ops.DatasetCardinality, tf.raw_ops.ExperimentalDatasetCardinality):
        assert (int(op(input_dataset=v)), int(op(input_dataset=forever))) == (5, -1)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute ExperimentalDatasetCardinality as input "
                             r"#0\(zero-based\) was expected to be a variant tensor but is a "
                             "int32 tensor"):
        tf.raw_ops.ExperimentalDatasetCardinality(input_dataset=tf.constant(1))
