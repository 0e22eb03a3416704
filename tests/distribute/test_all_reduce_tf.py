"""all_reduce in a replica as TF 2.21 does it, on what tests/guides/
guide_distribute_replica_context does not print whole: the collective's attr error (recorded
from TF's eager MirroredStrategy run, every line), and the dtype of a MEAN of integers."""

from __future__ import annotations

import pytest

import eagerflow as tf

# TF 2.21: MirroredStrategy(["/cpu:0", "/cpu:1"]).run(lambda: ctx.all_reduce("MEAN", int16))
INT16 = (
    "Value for attr 'T' of int16 is not in the list of allowed values: bfloat16, float, half, "
    "double, int32, int64\n\t; NodeDef: {{node CollectiveReduceV2}}; Op<name=CollectiveReduceV2;"
    " signature=input:T, group_size:int32, group_key:int32, instance_key:int32, ordering_token:"
    "Nordering_token*resource -> data:T; attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF, "
    "DT_DOUBLE, DT_INT32, DT_INT64]; attr=merge_op:string,allowed=[\"Min\", \"Max\", \"Mul\", "
    "\"Add\"]; attr=final_op:string,allowed=[\"Id\", \"Div\"]; attr=communication_hint:string,"
    "default=\"auto\"; attr=timeout_seconds:float,default=0; attr=is_stateless:bool,"
    "default=false; attr=Nordering_token:int,default=0,min=0; attr=max_subdivs_per_device:int,"
    "default=-1; is_stateful=true; is_distributed_communication=true> [Op:CollectiveReduceV2] "
    "name: ")


def _mean(strategy, dtype):
    return strategy.run(lambda: tf.distribute.get_replica_context().all_reduce(
        "MEAN", tf.constant([1, 2], dtype)))


def test_an_int16_all_reduce_is_tfs_attr_error():
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _mean(s, tf.int16)
    assert str(info.value) == INT16


@pytest.mark.parametrize("dtype, want", [(tf.int32, tf.float64), (tf.int64, tf.float64),
                                         (tf.float16, tf.float16)])
def test_mean_of_integers_divides_as_python(dtype, want):
    # MirroredStrategy's (and CentralStorageStrategy's) MEAN is a sum divided with `/`
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    for out in (_mean(s, dtype), tf.function(lambda: _mean(s, dtype))()):
        assert [t.dtype for t in out.values] == [want, want]
        assert [t.numpy().tolist() for t in out.values] == [[1.0, 2.0]] * 2
    one = tf.distribute.OneDeviceStrategy("/cpu:0")
    assert _mean(one, dtype).dtype == dtype  # (a one-device reduction is the value)
