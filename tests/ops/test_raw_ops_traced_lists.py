"""tf.raw_ops inside a tf.function given Python lists it must convert: TF's graph builder
(its op_def_library) converts a list argument's items one by one and names their dtypes
when they are not the argument's fixed type, or not all one type ("<NOT CONVERTIBLE TO
TENSOR>" for an item that converts to none); a single argument's list that mixes strings
and numbers or holds a None is its constant's TypeError, a non-rectangular one NumPy's
ValueError. Eagerly TF converts each to the dtype wanted (unchanged here). Every message
below was recorded from TF 2.21."""

import pytest

import eagerflow as tf

# (call, TF 2.21's error class, its message) triples, recorded from TF 2.21
CASES = [
    (lambda: tf.raw_ops.StringJoin(inputs=['a', 1]), TypeError,
      "Tensors in list passed to 'inputs' of 'StringJoin' Op have types [string"
      ', int32] that do not match expected type string.'),
    (lambda: tf.raw_ops.StringJoin(inputs=[1, 2]), TypeError,
      "Tensors in list passed to 'inputs' of 'StringJoin' Op have types [int32,"
      ' int32] that do not match expected type string.'),
    (lambda: tf.raw_ops.StringJoin(inputs=['a', tf.constant(1)]), TypeError,
      "Tensors in list passed to 'inputs' of 'StringJoin' Op have types [string"
      ', int32] that do not match expected type string.'),
    (lambda: tf.raw_ops.StringJoin(inputs=[['a', 1]]), TypeError,
      "Tensors in list passed to 'inputs' of 'StringJoin' Op have types [<NOT C"
      'ONVERTIBLE TO TENSOR>] that do not match expected type string.'),
    (lambda: tf.raw_ops.ConcatV2(values=[[1], ['a']], axis=0), TypeError,
      "Tensors in list passed to 'values' of 'ConcatV2' Op have types [int32, s"
      "tring] that don't all match."),
    (lambda: tf.raw_ops.AddN(inputs=[1, 2.5]), TypeError,
      "Tensors in list passed to 'inputs' of 'AddN' Op have types [int32, float"
      "32] that don't all match."),
    (lambda: tf.raw_ops.AddN(inputs=[tf.constant(1), tf.constant(2.0)]), TypeError,
      "Tensors in list passed to 'inputs' of 'AddN' Op have types [int32, float"
      "32] that don't all match."),
    (lambda: tf.raw_ops.Pack(values=[1, 'a']), TypeError,
      "Tensors in list passed to 'values' of 'Pack' Op have types [int32, strin"
      "g] that don't all match."),
    (lambda: tf.raw_ops.AddV2(x=[1, 'a'], y=1), TypeError,
      "Failed to convert elements of [1, 'a'] to Tensor. Consider casting eleme"
      'nts to a supported type. See https://www.tensorflow.org/api_docs/python/'
      'tf/dtypes for supported TF dtypes.'),
    (lambda: tf.raw_ops.AddV2(x=[1.5, 'a'], y=1.0), TypeError,
      "Failed to convert elements of [1.5, 'a'] to Tensor. Consider casting ele"
      'ments to a supported type. See https://www.tensorflow.org/api_docs/pytho'
      'n/tf/dtypes for supported TF dtypes.'),
    (lambda: tf.raw_ops.AddV2(x=[1, None], y=1), TypeError,
      'Failed to convert elements of [1, None] to Tensor. Consider casting elem'
      'ents to a supported type. See https://www.tensorflow.org/api_docs/python'
      '/tf/dtypes for supported TF dtypes.'),
    (lambda: tf.raw_ops.AddV2(x=[[1, 2], [3]], y=1), ValueError,
      'setting an array element with a sequence. The requested array has an inh'
      'omogeneous shape after 1 dimensions. The detected shape was (2,) + inhom'
      'ogeneous part.'),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_traced_list_inputs(case):
    fn, kind, want = CASES[case]
    with pytest.raises(kind) as info:
        tf.function(fn)()
    assert str(info.value).split("Error: ")[-1].rstrip("\n") == want


def test_eager_unchanged_and_good_lists_run():
    # recorded from TF 2.21: eagerly each item is converted to the dtype wanted
    with pytest.raises(TypeError, match="^Cannot convert 1 to EagerTensor of dtype string$"):
        tf.raw_ops.StringJoin(inputs=["a", 1])
    assert tf.function(lambda: tf.raw_ops.StringJoin(inputs=["a", "b"]))().numpy() == b"ab"
    assert tf.function(lambda: tf.raw_ops.AddN(inputs=[1, 2]))().numpy() == 3
    assert tf.function(lambda: tf.raw_ops.ConcatV2(values=[[1], [2]], axis=0))().numpy() \
        .tolist() == [1, 2]
