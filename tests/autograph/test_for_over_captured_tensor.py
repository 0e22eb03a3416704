"""AutoGraph's `for` over an eager tensor a tf.function captures, as TF 2.21's (recorded
from TF 2.21 by hand: the values, the traced graph's op types and inputs, the errors): the
loop is a graph while loop reading the captured tensor by index (a TensorList made of
it, captured as "TensorArrayUnstack/value"), not unrolled in Python; iterating the tensor
in Python while the graph is built (enumerate, zip, a comprehension, iter(), autograph
off) is refused as a symbolic tensor's iteration is; a scalar is refused by TF's len()."""

from __future__ import annotations

import pytest

import eagerflow as tf

X = tf.constant([1.0, 2.0, 3.0, 4.0])
M = tf.constant([[1, 2], [3, 4], [5, 6]])
LOOP_OPS = ["Const", "Const", "Const", "TensorListReserve", "Const", "Const",
            "TensorListFromTensor", "Const", "Const", "Const", "StatelessWhile", "Identity"]
ITERATING = "Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt"


def _graph(fn, *args):
    graph = fn.get_concrete_function(*args).graph
    return ([op.type for op in graph.get_operations()],
            [(t.name, t.shape.as_list(), t.dtype.name) for t in graph.inputs])


def test_a_captured_vector_is_iterated_by_a_graph_loop():
    @tf.function
    def total():
        s = tf.constant(0.0)
        for v in X:
            s += v
        return s

    assert float(total()) == 10.0
    assert _graph(total) == (LOOP_OPS, [("TensorArrayUnstack/value:0", [4], "float32")])


def test_a_captured_matrix_is_iterated_by_rows():
    @tf.function
    def rows():
        out = tf.constant([0, 0])
        for row in M:
            out = out + row
        return out

    assert rows().numpy().tolist() == [9, 12]
    assert _graph(rows) == (LOOP_OPS, [("TensorArrayUnstack/value:0", [3, 2], "int32")])


def test_the_loop_is_the_one_an_argument_gets():
    @tf.function
    def total(y):
        s = tf.constant(0.0)
        for v in y:
            s += v
        return s

    assert _graph(total, X) == (
        ["Placeholder", "Const", "Const", "Const", "TensorListReserve", "Const",
         "TensorListFromTensor", "Const", "Const", "Const", "StatelessWhile", "Identity"],
        [("y:0", [4], "float32")])
    assert float(total(X)) == 10.0


def test_break_and_a_tensor_array_in_the_loop():
    @tf.function
    def until():
        s = tf.constant(0.0)
        for v in X:
            if v > 2.5:
                break
            s += v
        return s

    @tf.function
    def squares():
        out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for v in X:
            out = out.write(out.size(), v * v)
        return out.stack()

    assert float(until()) == 3.0
    assert "StatelessWhile" in _graph(until)[0]
    assert squares().numpy().tolist() == [1.0, 4.0, 9.0, 16.0]
    assert "TensorListStack" in _graph(squares)[0]


def test_a_python_list_filled_in_the_loop_holds_its_body_s_tensors():
    @tf.function
    def doubled():
        acc = []
        for v in X:
            acc.append(v * 2)
        return acc

    with pytest.raises(ValueError, match="^<tf.Tensor 'while/mul:0' shape=\\(\\) "
                                         "dtype=float32> is out of scope and cannot be used "
                                         "here") as info:
        doubled()
    assert type(info.value).__name__ == "InaccessibleTensorError"


@pytest.mark.parametrize("how", ["enumerate", "zip", "comprehension", "iter", "no autograph"])
def test_iterating_it_in_python_while_tracing_is_refused(how):
    def body():
        if how == "enumerate":
            for _, v in enumerate(X):
                return v
        if how == "zip":
            for a, _ in zip(X, X):
                return a
        if how == "comprehension":
            return tf.add_n([v for v in X])
        return next(iter(X))

    fn = tf.function(body, autograph=how != "no autograph")
    with pytest.raises(tf.errors.OperatorNotAllowedInGraphError, match=ITERATING):
        fn()
    assert [float(v) for v in X] == [1.0, 2.0, 3.0, 4.0]  # (eagerly, as ever)


@pytest.mark.parametrize("captured", [True, False])
def test_a_scalar_is_refused_by_len(captured):
    scalar = tf.constant(5.0)

    def total(y):
        s = tf.constant(0.0)
        for v in y:
            s += v
        return s

    fn = tf.function(lambda: total(scalar)) if captured else tf.function(total)
    with pytest.raises(ValueError, match='\n    ValueError: len requires a non-scalar tensor, '
                                         'got one of shape Tensor\\("Shape:0", shape=\\(0,\\), '
                                         'dtype=int32\\)\n$'):
        fn() if captured else fn(scalar)
    with pytest.raises(TypeError, match="^Cannot iterate over a scalar tensor.$"):
        iter(scalar)  # (eagerly)
