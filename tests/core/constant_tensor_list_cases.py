"""tf.constant of Python lists holding tensors, which TF's sequence conversion (unlike
convert_to_tensor's autopacking) refuses: where it samples a tensor (the first element,
descended to a scalar), and at the first tensor its walk of the elements meets; NumPy
object arrays holding them; and the same while a graph is built. Shared by
test_constant_tensor_lists.py (eagerflow) and record_constant_tensor_lists.py (TensorFlow
2.21), each calling `run(tf)` with its own `tf`. No eagerflow imports: TF's interpreter
loads this file too."""

import re
from typing import Any

import numpy as np

from tests.core.core_probe_io import outcome


def _probe(fn: Any) -> Any:
    # (the error holds the traceback of the library's own __len__: its file and line are
    # each library's)
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__,
                "message": re.sub(r'File "[^"]+", line \d+', 'File "FILE", line N', str(e))}
    return outcome(lambda: r)


def _programs(tf: Any) -> dict:
    one, two = tf.constant(1), tf.constant(2)
    return {
        "scalar tensor first": lambda: tf.constant([one, 2]),
        "nested": lambda: tf.constant([[one], [2]]),
        "tensors only": lambda: tf.constant([one, two]),
        "nested tensors only": lambda: tf.constant([[one], [two]]),
        "vector tensor first": lambda: tf.constant([tf.constant([1, 2]), [3, 4]]),
        "vector tensors only": lambda: tf.constant([tf.constant([1, 2]), tf.constant([3, 4])]),
        "float": lambda: tf.constant([tf.constant(1.0), 2.0]),
        "one tensor": lambda: tf.constant([one]),
        "tuple": lambda: tf.constant((one, 2)),
        "with dtype": lambda: tf.constant([one, 2], dtype=tf.float32),
        "with shape": lambda: tf.constant([one, 2], shape=[2, 1]),
        "string": lambda: tf.constant([tf.constant("a"), "b"]),
        "variable first": lambda: tf.constant([tf.Variable(1), 2]),
        "no tensor": lambda: tf.constant([[1], [2]]),
        "convert_to_tensor packs": lambda: tf.convert_to_tensor([one, 2]),
        "convert_to_tensor packs nested": lambda: tf.convert_to_tensor([[one], [two]]),
        **_later_tensors(tf, one),
        **_object_arrays(tf, one),
        **_in_graphs(tf, one),
    }


def _later_tensors(tf: Any, one: Any) -> dict:
    """A tensor or variable past the sampled first element: TF converts the elements in
    order and stops at the first that does not fit (a tensor where a scalar belongs is of
    mixed types; where a sequence belongs, TF iterates it: non-rectangular unless its dims
    fit)."""
    pair = tf.constant([3, 4])
    return {
        "int then tensor": lambda: tf.constant([2, one]),
        "float then tensor": lambda: tf.constant([2.0, tf.constant(1.0)]),
        "int then float tensor": lambda: tf.constant([2, tf.constant(1.0)]),
        "bool then tensor": lambda: tf.constant([True, one]),
        "numpy int then tensor": lambda: tf.constant([np.int32(2), one]),
        "0-d array then tensor": lambda: tf.constant([np.array(2), one]),
        "string then tensor": lambda: tf.constant(["a", tf.constant("b")]),
        "bytes then tensor": lambda: tf.constant([b"a", one]),
        "nested scalar position": lambda: tf.constant([[1, 2], [3, tf.constant(4)]]),
        "nested vector in a row": lambda: tf.constant([[1], [tf.constant([1])]]),
        "vector tensor as a row": lambda: tf.constant([[1, 2], pair]),
        "matrix tensor as a block": lambda: tf.constant([[[1, 2], [3, 4]], tf.ones([2, 2],
                                                                                 tf.int32)]),
        "matrix tensor of other dims": lambda: tf.constant([[[1, 2], [3, 4]],
                                                            tf.ones([2, 3], tf.int32)]),
        "scalar tensor as a row": lambda: tf.constant([[1, 2], one]),
        "empty tensor as a row": lambda: tf.constant([[1, 2], tf.zeros([0], tf.int32)]),
        "vector tensor as a scalar": lambda: tf.constant([1, pair]),
        "ragged before the tensor": lambda: tf.constant([[1, 2], [3], one]),
        "tensor before the ragged row": lambda: tf.constant([[1, 2], one, [3]]),
        "None before the tensor": lambda: tf.constant([1, None, one]),
        "None after the tensor": lambda: tf.constant([1, one, None]),
        "float, None, tensor": lambda: tf.constant([1.5, None, one]),
        "string before the tensor": lambda: tf.constant([1, "a", one]),
        "tensor before a big int": lambda: tf.constant([2, one, 2**70]),
        "big int before the tensor": lambda: tf.constant([2**70, one]),
        "tensor before a huge float": lambda: tf.constant([2.0, one, 1e300]),
        "no elements walked": lambda: tf.constant([[], [one]]),
        "no elements walked, tensor row": lambda: tf.constant([[], one]),
        "tuple of tuples": lambda: tf.constant((2, (3, one))),
        "later, with dtype": lambda: tf.constant([2, one], dtype=tf.int32),
        "later, with float dtype": lambda: tf.constant([2, one], dtype=tf.float64),
        "later, with string dtype": lambda: tf.constant([2, one], dtype=tf.string),
        "later, with shape": lambda: tf.constant([2, one], shape=[2]),
        "later variable": lambda: tf.constant([2, tf.Variable(1.0)]),
        "later vector variable as a row": lambda: tf.constant([[2, 3], tf.Variable([1, 2])]),
        "later scalar variable as a row": lambda: tf.constant([[1, 2], tf.Variable(1)]),
        "vector tensor first, list later": lambda: tf.constant([pair, [1, 2]]),
        "convert_to_tensor packs a later tensor": lambda: tf.convert_to_tensor([2, one]),
        "convert_to_tensor packs a row":
            lambda: tf.convert_to_tensor([[1, 2], tf.constant([3, 4])]),
        "convert_to_tensor packs, float": lambda: tf.convert_to_tensor([2, tf.constant(1.0)]),
        "convert_to_tensor packs a variable": lambda: tf.convert_to_tensor([2, tf.Variable(1)]),
        "stack": lambda: tf.stack([2, one]),
    }


def _object_arrays(tf: Any, one: Any) -> dict:
    """NumPy arrays of objects holding tensors: TF converts only strings, naming the type
    of the first other element (a tensor by its C type's full name)."""
    return {
        "object array, int first": lambda: tf.constant(np.array([2, one], dtype=object)),
        "object array, float first": lambda: tf.constant(np.array([1.5, one], dtype=object)),
        "object array of tensors": lambda: tf.constant(np.array([one, one], dtype=object)),
        "object array, string first": lambda: tf.constant(np.array(["a", one], dtype=object)),
        "object array, variable first":
            lambda: tf.constant(np.array([tf.Variable(1), 2], dtype=object)),
        "object array, None first": lambda: tf.constant(np.array([None, 2], dtype=object)),
        "convert_to_tensor, object array of tensors":
            lambda: tf.convert_to_tensor(np.array([one, one], dtype=object)),
        "convert_to_tensor, object array, int first":
            lambda: tf.convert_to_tensor(np.array([2, one], dtype=object)),
    }


def _graph_constant(tf: Any, make: Any) -> Any:
    with tf.Graph().as_default():
        return str(make())


def _in_graphs(tf: Any, one: Any) -> dict:
    """tf.constant while a graph is built: make_tensor_proto refuses every tensor in a list
    (an eager one too), and takes a NumPy object array's elements as strings."""
    cases = {
        "eager tensors": lambda: tf.constant([one, one]),
        "eager tensor in a tuple": lambda: tf.constant((one,)),
        "eager tensor later": lambda: tf.constant([2, one]),
        "eager tensor, with dtype": lambda: tf.constant([2, one], dtype=tf.float32),
        "object array, int first": lambda: tf.constant(np.array([2, "a"], dtype=object)),
        "object array, None": lambda: tf.constant(np.array(["a", None], dtype=object)),
        "object array, tensor first": lambda: tf.constant(np.array([one, 2], dtype=object)),
        "object array to string":
            lambda: tf.constant(np.array(["a", 2.5], dtype=object), dtype=tf.string),
        "object array of strings": lambda: tf.constant(np.array(["a", b"b"], dtype=object)),
        "object array of rows": lambda: tf.constant(np.array([[1, "x"]], dtype=object)),
    }
    out = {}
    for name, make in cases.items():
        out[f"graph: {name}"] = lambda make=make: _graph_constant(tf, make)
        out[f"function: {name}"] = tf.function(make, autograph=False)
    return out


def run(tf: Any) -> dict:
    return {name: _probe(fn) for name, fn in _programs(tf).items()}
