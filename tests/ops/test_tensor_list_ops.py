"""TF's TensorList raw ops, eagerly, against TF 2.21's results and errors
(tensor_list_golden.json, recorded by record_tensor_list_golden.py from
tensor_list_cases.py), and how imported graphs and tf.TensorArray's lists meet them."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.ops.tensor_list_cases import CASES, run_case

R = tf.raw_ops
GOLDEN = json.loads((Path(__file__).with_name("tensor_list_golden.json")).read_text())


def test_the_golden_has_every_case():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_tf(name):
    assert recorded_outcome(run_case(tf, CASES[name], np)) == GOLDEN[name]


def test_every_tf_list_op_is_a_raw_op():
    tf_names = {"EmptyTensorList", "TensorListConcat", "TensorListConcatLists",
                "TensorListConcatV2", "TensorListElementShape", "TensorListFromTensor",
                "TensorListGather", "TensorListGetItem", "TensorListLength",
                "TensorListPopBack", "TensorListPushBack", "TensorListPushBackBatch",
                "TensorListReserve", "TensorListResize", "TensorListScatter",
                "TensorListScatterIntoExistingList", "TensorListScatterV2",
                "TensorListSetItem", "TensorListSplit", "TensorListStack"}
    assert tf_names <= set(dir(R))


def test_inside_a_function():
    @tf.function
    def f(x):
        lst = R.TensorListFromTensor(tensor=x, element_shape=[-1])
        lst = R.TensorListPushBack(input_handle=lst, tensor=x[0] * 2.0)
        return R.TensorListStack(input_handle=lst, element_shape=[2],
                                 element_dtype=tf.float32)

    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert f(x).numpy().tolist() == [[1, 2], [3, 4], [2, 4]]
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(f(x) * [[1.0, 1.0], [1.0, 1.0], [3.0, 3.0]])
    assert t.gradient(y, x).numpy().tolist() == [[7, 7], [1, 1]]


def test_a_tensor_array_flow_is_a_list():
    @tf.function
    def f():
        ta = tf.TensorArray(tf.float32, size=2).write(0, [1.0]).write(1, [2.0])
        return R.TensorListLength(input_handle=ta.flow), \
            R.TensorListGetItem(input_handle=ta.flow, index=1, element_shape=-1,
                                element_dtype=tf.float32)

    n, item = f()
    assert int(n) == 2 and item.numpy().tolist() == [2.0]


def test_zeros_like_and_equality():
    lst = R.TensorListFromTensor(tensor=[[1.0, 2.0]], element_shape=[2])
    z = tf.zeros_like(lst)
    assert R.TensorListStack(input_handle=z, element_shape=-1,
                             element_dtype=tf.float32).numpy().tolist() == [[0, 0]]
    assert R.TensorListElementShape(input_handle=z, shape_type=tf.int32).numpy().tolist() == [2]


def test_saved_with_tf_s_nodes_and_loaded_back(tmp_path):
    from eagerflow._src.saved_model.protos import pb

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def f(self, x):
            lst = R.TensorListFromTensor(tensor=x, element_shape=[-1])
            lst = R.TensorListSetItem(input_handle=lst, index=0, item=[9.0, 9.0])
            rest, last = R.TensorListPopBack(input_handle=lst, element_shape=[2],
                                             element_dtype=tf.float32)
            return R.TensorListStack(input_handle=rest, element_shape=[2],
                                     element_dtype=tf.float32), last

    tf.saved_model.save(M(), str(tmp_path))
    model = pb().SavedModel()
    model.ParseFromString((tmp_path / "saved_model.pb").read_bytes())
    ops = {n.op for f in model.meta_graphs[0].graph_def.library.function for n in f.node_def}
    assert {"TensorListFromTensor", "TensorListSetItem", "TensorListPopBack",
            "TensorListStack"} <= ops
    rest, last = tf.saved_model.load(str(tmp_path)).f(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    assert rest.numpy().tolist() == [[9, 9]] and last.numpy().tolist() == [3, 4]


def test_a_stack_of_string_scalars_holds_the_strings():
    # was: each element the 0-d array it was set from (serialized as stray bytes)
    raw = tf.raw_ops
    lst = raw.TensorListReserve(element_shape=-1, num_elements=2, element_dtype=tf.string)
    lst = raw.TensorListSetItem(input_handle=lst, index=0, item=tf.constant(b"wav"))
    out = raw.TensorListStack(input_handle=lst, element_shape=[], element_dtype=tf.string)
    assert out.numpy().tolist() == [b"wav", b""]
    assert tf.io.serialize_tensor(out).numpy() == tf.io.serialize_tensor(
        tf.constant([b"wav", b""])).numpy()
