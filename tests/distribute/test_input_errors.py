"""Distributed input's errors compared whole with TF 2.21's (recorded from its eager runs:
an Optional past the end of a distributed iterator, one of tf.data's, an empty structure's;
`get_value` of an empty Optional runs TF's OptionalGetValue op, named after how many tensors
the value holds, one per replica for a PerReplicaSpec)."""

from __future__ import annotations

import pytest

import eagerflow as tf

_PREFIX = ("{{function_node __wrapped__OptionalGetValue_output_types_%d_device_/job:localhost/"
           "replica:0/task:0/device:CPU:0}} The given optional does not have a value. "
           "[Op:OptionalGetValue] name: ")


def _message(optional):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        optional.get_value()
    return str(info.value)


def test_empty_optionals_raise_tfs_op_error():
    assert _message(tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32))) == _PREFIX % 1
    pair = (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32))
    assert _message(tf.experimental.Optional.empty(pair)) == _PREFIX % 2
    assert _message(iter(tf.data.Dataset.range(0)).get_next_as_optional()) == _PREFIX % 1
    assert _message(tf.experimental.Optional.empty({})) == (
        "Length for attr 'output_shapes' of 0 must be at least minimum 1\n\t; NodeDef: "
        "{{node OptionalGetValue}}; Op<name=OptionalGetValue; signature=optional:variant -> "
        "components:; attr=output_types:list(type),min=1; attr=output_shapes:list(shape),min=1>"
        " [Op:OptionalGetValue] name: ")


def test_distributed_iterators_past_the_end():
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2)))
    for _ in range(2):
        assert bool(it.get_next_as_optional().has_value())
    assert _message(it.get_next_as_optional()) == _PREFIX % 2
    it = iter(s.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(3).batch(1)))
    opt = [it.get_next_as_optional() for _ in range(3)]
    assert [bool(o.has_value()) for o in opt] == [True, True, False]
    # the short group: [2] and an empty batch (its shape is not static), as TF gives them
    assert [t.numpy().tolist() for t in opt[1].get_value().values] == [[2], []]
    assert repr(opt[1].element_spec) == ("PerReplicaSpec(TensorSpec(shape=(1,), dtype=tf.int64, "
                                         "name=None), TensorSpec(shape=(0,), dtype=tf.int64, "
                                         "name=None))")
    assert _message(opt[2]) == _PREFIX % 2
