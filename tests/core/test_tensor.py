"""EagerTensor: reprs, NumPy interop, Python protocols, operators and indexing."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf

# -- reprs (the strings TF 2 prints; tests/core/test_tf_interop.py compares many more) --


def test_repr_and_str_match_tf():
    a = tf.constant([[1, 2], [3, 4]])
    assert str(a) == "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)"
    assert repr(a) == ("<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\narray([[1, 2],\n"
                       "       [3, 4]], dtype=int32)>")
    assert repr(tf.constant(2.5)) == "<tf.Tensor: shape=(), dtype=float32, numpy=2.5>"
    assert str(tf.constant(2.5)) == "tf.Tensor(2.5, shape=(), dtype=float32)"
    assert repr(tf.constant("ab")) == "<tf.Tensor: shape=(), dtype=string, numpy=b'ab'>"
    assert repr(tf.constant([True, False])) == \
        "<tf.Tensor: shape=(2,), dtype=bool, numpy=array([ True, False])>"
    assert "{}".format(tf.constant([[4.0]])) == "[[4.]]"  # noqa: UP032 - the guide's spelling
    assert f"{tf.constant(1.2345):.2f}" == "1.23"


def test_properties():
    with tf.device("/cpu:0"):
        t = tf.constant([[1.0, 2.0, 3.0]])
    assert t.shape == tf.TensorShape([1, 3]) and t.shape.as_list() == [1, 3]
    assert t.get_shape() == [1, 3] and t.ndim == 2 and t.dtype is tf.float32
    assert t.device == "/job:localhost/replica:0/task:0/device:CPU:0"
    with pytest.raises(AttributeError, match="Tensor.name is undefined"):
        t.name  # noqa: B018


# -- NumPy interop ------------------------------------------------------------------


def test_numpy_interop():
    a = tf.constant([[1, 2], [3, 4]])
    n = a.numpy()
    assert isinstance(n, np.ndarray) and n.dtype == np.int32
    n[0, 0] = 99  # a copy: the tensor is unchanged
    assert a.numpy()[0, 0] == 1
    assert isinstance(tf.constant(1.5).numpy(), np.float32)
    assert np.multiply(a, a).tolist() == [[1, 4], [9, 16]]
    assert np.asarray(tf.constant([1.0, 2.0])).dtype == np.float32
    assert np.sum(a) == 10
    out = np.array([1.0, 2.0], np.float32) + tf.constant([1.0, 2.0])  # defers to the tensor
    assert isinstance(out, tf.Tensor) and out.numpy().tolist() == [2.0, 4.0]
    assert tf.constant(np.array([[1, 2]], np.int16)).dtype is tf.int16


# -- Python protocols ----------------------------------------------------------------


def test_scalar_conversions_len_iter():
    assert bool(tf.constant(1)) and not bool(tf.constant(0)) and not bool(tf.constant([]))
    with pytest.raises(ValueError, match="ambiguous"):
        bool(tf.constant([1, 2]))
    assert int(tf.constant(2.7)) == 2 and float(tf.constant(3)) == 3.0
    assert [10, 20, 30][tf.constant(1)] == 20
    with pytest.raises(TypeError):
        [1, 2][tf.constant(1.0)]
    assert len(tf.constant([1, 2, 3])) == 3
    with pytest.raises(TypeError, match="Scalar tensor has no `len\\(\\)`"):
        len(tf.constant(1))
    items = list(tf.constant([[1, 2], [3, 4]]))
    assert [i.numpy().tolist() for i in items] == [[1, 2], [3, 4]]
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor"):
        iter(tf.constant(1))


def test_tensors_are_unhashable_and_ref_is_the_key():
    t = tf.constant(1)
    with pytest.raises(TypeError, match="Tensor is unhashable. Instead, use tensor.ref\\(\\)"):
        hash(t)
    with pytest.raises(TypeError):
        {t: 1}  # noqa: B018
    d = {t.ref(): "t"}
    assert d[t.ref()] == "t" and t.ref().deref() is t
    assert t.ref() != tf.constant(1).ref()


# -- operators -----------------------------------------------------------------------

_OPS = {
    "+": (lambda a, b: a + b, np.add), "-": (lambda a, b: a - b, np.subtract),
    "*": (lambda a, b: a * b, np.multiply), "//": (lambda a, b: a // b, np.floor_divide),
    "%": (lambda a, b: a % b, np.mod), "**": (lambda a, b: a ** b, np.power),
    "<": (lambda a, b: a < b, np.less), "<=": (lambda a, b: a <= b, np.less_equal),
    ">": (lambda a, b: a > b, np.greater), ">=": (lambda a, b: a >= b, np.greater_equal),
    "&": (lambda a, b: a & b, np.bitwise_and), "|": (lambda a, b: a | b, np.bitwise_or),
    "^": (lambda a, b: a ^ b, np.bitwise_xor),
}


@pytest.mark.parametrize("sym", list(_OPS))
def test_int_operators_forward_and_reflected_match_numpy(sym):
    f, ref = _OPS[sym]
    x = np.array([[7, -3], [4, 9]], np.int32)
    y = np.array([2, 3], np.int32)
    want = ref(x, y)
    np.testing.assert_array_equal(f(tf.constant(x), tf.constant(y)).numpy(), want)
    np.testing.assert_array_equal(f(tf.constant(x), 3).numpy(), ref(x, np.int32(3)))
    np.testing.assert_array_equal(f(3, tf.constant(y)).numpy(), ref(np.int32(3), y))


def test_float_operators_and_unary():
    a, b = tf.constant([1.0, -2.0]), tf.constant([4.0, 8.0])
    assert (a / b).numpy().tolist() == [0.25, -0.25]
    assert (1 / b).numpy().tolist() == [0.25, 0.125]
    assert (-a).numpy().tolist() == [-1.0, 2.0]
    with pytest.raises(TypeError, match="bad operand type for unary \\+: 'tensorflow.python"
                                        ".framework.ops.EagerTensor'"):
        +a  # (TF's tensors have no unary plus; numpy behavior adds it)
    assert abs(a).numpy().tolist() == [1.0, 2.0]
    assert (2.0 ** a).numpy().tolist() == [2.0, 0.25]
    m = tf.constant([[1.0, 2.0]]) @ tf.constant([[3.0], [4.0]])
    assert m.numpy().tolist() == [[11.0]]
    assert ([[1.0, 2.0]] @ tf.constant([[3.0], [4.0]])).numpy().tolist() == [[11.0]]


def test_logical_and_bitwise_operators():
    t, f = tf.constant([True, False]), tf.constant([True, True])
    assert (t & f).numpy().tolist() == [True, False]
    assert (t | False).numpy().tolist() == [True, False]
    assert (True ^ t).numpy().tolist() == [False, True]
    assert (~t).numpy().tolist() == [False, True]
    assert (~tf.constant([5, 3])).numpy().tolist() == [-6, -4]
    assert (6 ^ tf.constant([5, 3])).numpy().tolist() == [3, 5]


def test_equality_operators():
    a = tf.constant([1, 2])
    assert (a == tf.constant([1, 3])).numpy().tolist() == [True, False]
    assert (a != 2).numpy().tolist() == [True, False]
    mismatch = a == tf.constant([1, 2, 3])  # shapes that don't broadcast: a False tensor
    assert isinstance(mismatch, tf.Tensor) and not bool(mismatch)
    assert bool(a != tf.constant([1, 2, 3]))
    assert (a == None) is False and (a != None) is True  # noqa: E711


def test_equality_of_shapes_known_not_to_broadcast_while_tracing():
    # TF 2.21's `==` (Equal with incompatible_shape_error=False): one bool, traced too
    f = tf.function(lambda a, b: (a == b, a != b))
    cf = f.get_concrete_function(tf.TensorSpec([4, 2]), tf.TensorSpec([4]))
    assert [o.shape for o in cf.structured_outputs] == [(), ()]
    assert [bool(o) for o in f(tf.ones([4, 2]), tf.ones([4]))] == [False, True]
    # tf.equal requires them to broadcast: TF's shape error, its node's attrs as TF's
    with pytest.raises(ValueError, match=r"^Dimensions must be equal, but are 2 and 4 for "
                                         r"'\{\{node Equal\}\} = Equal\[T=DT_FLOAT, "
                                         r"incompatible_shape_error=true\]\(x, y\)' with "
                                         r"input shapes: \[4,2\], \[4\]\.$"):
        tf.function(tf.equal).get_concrete_function(tf.TensorSpec([4, 2]),
                                                    tf.TensorSpec([4]))


def test_integer_division_by_zero_is_an_error():
    for f in (lambda: tf.constant(1) // tf.constant(0), lambda: tf.constant(1) % 0,
              lambda: tf.math.floordiv([4, 2], [2, 0])):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Integer division by zero"):
            f()
    assert np.isinf((tf.constant(1.0) / 0.0).numpy())  # floats follow IEEE, silently


# -- indexing -------------------------------------------------------------------------

_KEYS = [
    (0,), (slice(None), 1), (Ellipsis, None), (None, slice(None, None, -1)),
    (slice(None, None, -1), slice(None, None, -2)), (slice(5, 10),), (-1, Ellipsis),
    (slice(1, None), None, 0), (Ellipsis,), (slice(-2, 0, -1),),
]


@pytest.mark.parametrize("key", _KEYS, ids=str)
def test_getitem_matches_numpy(key):
    x = np.arange(24).reshape(2, 3, 4)
    np.testing.assert_array_equal(tf.constant(x)[key].numpy(), x[key])


slices = st.builds(slice, st.one_of(st.none(), st.integers(-6, 6)),
                   st.one_of(st.none(), st.integers(-6, 6)),
                   st.one_of(st.none(), st.integers(-3, 3).filter(lambda s: s != 0)))


@given(st.lists(st.one_of(slices, st.integers(-3, 2), st.just(None)), min_size=1, max_size=3))
def test_getitem_hypothesis(key):
    x = np.arange(60).reshape(3, 4, 5)
    key = tuple(key)
    try:
        want = x[key]
    except IndexError:
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.constant(x)[key]
        return
    np.testing.assert_array_equal(tf.constant(x)[key].numpy(), want)


def test_getitem_tensor_list_and_mask_keys():
    t = tf.constant([[1, 2], [3, 4]])
    assert t[tf.constant(1)].numpy().tolist() == [3, 4]
    assert t[[0, 1]].numpy() == 2  # a list reads like a tuple, as in TF
    assert t[tf.constant([True, False])].numpy().tolist() == [[1, 2]]
    assert tf.constant(5)[None].shape == (1,)


def test_getitem_errors():
    t = tf.constant([[1, 2], [3, 4]])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"slice index 2 of dimension 0 out of bounds. \[Op:StridedSlice\]"):
        t[2]
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index -1 of dimension 0"):
        t[-3]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Index out of range using input dim 2; input has only 2 dims"):
        t[0, 0, 0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Multiple ellipses"):
        t[..., ...]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Attempting to slice scalar"):
        tf.constant(5)[0]
    with pytest.raises(TypeError, match="Only integers, slices"):
        t[1.5]


def test_gradient_flows_through_getitem():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x[::-1, 1] * tf.constant([10.0, 100.0]))
    assert tape.gradient(y, x).numpy().tolist() == [[0.0, 100.0], [0.0, 10.0]]
