"""tf.Variable: creation, assignment, reads, operators and TF's error messages."""

import numpy as np
import pytest

import eagerflow as tf


def test_creation_forms():
    v = tf.Variable(2.0)
    assert repr(v) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"
    assert v.name == "Variable:0" and v.trainable and v.dtype is tf.float32 and v.shape == ()
    m = tf.Variable([[1, 2], [3, 4]])
    assert repr(m) == ("<tf.Variable 'Variable:0' shape=(2, 2) dtype=int32, numpy=\n"
                       "array([[1, 2],\n       [3, 4]], dtype=int32)>")
    assert tf.Variable(lambda: tf.ones([2])).numpy().tolist() == [1.0, 1.0]
    assert tf.Variable(1, dtype=tf.float32).dtype is tf.float32
    assert tf.Variable(1.0, name="w").name == "w:0"
    assert not tf.Variable(1.0, trainable=False).trainable
    assert tf.Variable([1.0, 2.0], shape=tf.TensorShape(None)).shape == tf.TensorShape(None)
    assert tf.Variable(np.float64(1.0)).dtype is tf.float64
    assert tf.Variable(tf.Variable(2.0)).numpy() == 2.0
    assert tf.Variable("abc").dtype is tf.string
    assert f"{tf.Variable(2.0)}" == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=2.0>"


def test_creation_errors():
    with pytest.raises(ValueError, match="The `initial_value` arg to `tf.Variable` must be"):
        tf.Variable(None)
    with pytest.raises(ValueError, match="is not compatible with the explicitly supplied"):
        tf.Variable([1.0, 2.0], shape=[3])
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        tf.Variable(1.5, dtype=tf.int32)
    with pytest.raises(ValueError, match="initial_value: Tensor conversion requested dtype "
                                         "float64 for Tensor with dtype float32"):
        tf.Variable(tf.constant(1.5), dtype=tf.float64)
    with pytest.raises(ValueError, match="Argument `constraint` must be None or a callable"):
        tf.Variable(1.0, constraint=5)


def test_assign_family_returns_an_unread_view_that_chains():
    v = tf.Variable(1.0)
    a = v.assign(2.0)
    assert isinstance(a, tf.Variable) and a is not v and v.numpy() == 2.0
    assert repr(a) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=2.0>"
    assert a.name == "UnreadVariable" and a.handle is v.handle and v.name == "Variable:0"
    assert v.assign_add(3.0).numpy() == 5.0 and v.assign_sub(1.5).numpy() == 3.5
    assert v.assign(0.0).assign_add(1.0).assign_sub(0.5).numpy() == 0.5 and v.numpy() == 0.5
    v.assign(4.0)
    assert a.numpy() == 4.0 and float(a + 1) == 5.0  # read when used, as TF's
    assert v.assign(7.0, read_value=False) is None and v.numpy() == 7.0
    with tf.GradientTape() as tape:
        y = v.assign(3.0) * 2.0  # reading the view reads v
    assert tape.gradient(y, v).numpy() == 2.0
    w = tf.Variable([1.0, 2.0])
    w.assign([3, 4])  # Python ints fit a float variable
    assert w.numpy().tolist() == [3.0, 4.0]


def test_an_assignment_not_read_is_no_read_of_the_variable():
    # recorded from TF 2.21: a tf.Variable's assign & co with read_value=False are writes
    # alone (a tape watches no variable), read ones read it; a Keras variable's assign &
    # co read the tf.Variable they hold, read_value or not (a non-trainable one unwatched)
    v, w = tf.Variable(1.0, name="v"), tf.Variable(2.0, name="w")
    kv = tf.keras.Variable(1.0, name="kv")
    km = tf.keras.Variable(1.0, name="km", trainable=False)
    for m, after in (("assign", 3.0), ("assign_add", 6.0), ("assign_sub", 3.0)):
        with tf.GradientTape() as tape:
            assert getattr(v, m)(3.0, read_value=False) is None
            getattr(w, m)(3.0)
        assert [x.name for x in tape.watched_variables()] == ["w:0"]
        assert v.numpy() == w.numpy() == after
        with tf.GradientTape() as tape:
            getattr(kv, m)(1.0, read_value=False)
            getattr(km, m)(1.0)
        assert [x.name for x in tape.watched_variables()] == ["kv:0"]
    with tf.GradientTape() as tape:
        v.assign(1.0, read_value=False)
        y = v * 2.0  # (read after: watched)
    assert float(tape.gradient(y, v)) == 2.0


def test_reads_taken_before_an_assignment_keep_their_value():
    v = tf.Variable([1.0, 2.0])
    before = v.read_value()
    v.assign([5.0, 6.0])
    assert before.numpy().tolist() == [1.0, 2.0] and v.value().numpy().tolist() == [5.0, 6.0]
    arr = np.array([1.0, 2.0], np.float32)
    u = tf.Variable(arr)
    arr[0] = 100.0  # the variable copied its initial value
    assert u.numpy()[0] == 1.0


def test_assign_add_and_sub_update_in_place_only_what_nothing_else_sees():
    """Like TF's AssignAdd/AssignSub: the variable's array is updated in place when no
    tensor, array or tape holds it, and replaced otherwise; no earlier read changes."""
    v = tf.Variable(np.ones((2, 3), np.float32))
    first = id(v._arr)
    v.assign_sub(tf.fill([2, 3], 0.5))
    v.assign_add(tf.ones([2, 3]))
    assert id(v._arr) == first and v.numpy().tolist() == [[1.5] * 3] * 2  # nothing held it
    held = [v.read_value(), np.asarray(v)]  # a tensor and an array that alias the variable
    v.assign_add(tf.ones([2, 3]))
    v.assign_add(v)  # its own read as the delta
    assert [h.tolist() if isinstance(h, np.ndarray) else h.numpy().tolist() for h in held] == \
        [[[1.5] * 3] * 2] * 2 and v.numpy().tolist() == [[5.0] * 3] * 2
    with tf.GradientTape() as tape:
        y = v * v
    v.assign_sub(tf.fill([2, 3], 4.0))  # the tape's recorded read keeps 5.0
    assert tape.gradient(y, v).numpy().tolist() == [[10.0] * 3] * 2
    assert v.numpy().tolist() == [[1.0] * 3] * 2 and y.numpy()[0, 0] == 25.0
    d = tf.Variable(np.ones(3, np.float64))
    d.assign_add(np.array([1, 2, 3], np.float64))  # NumPy data converted, then added
    assert d.numpy().tolist() == [2.0, 3.0, 4.0]


def test_assign_errors():
    with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
        tf.Variable(1).assign(2.5)
    with pytest.raises(ValueError, match="Tensor conversion requested dtype float32 for Tensor "
                                         "with dtype float64"):
        tf.Variable(2.0).assign(tf.constant(3.0, tf.float64))
    with pytest.raises(ValueError, match="Shape mismatch"):
        tf.Variable(1.0).assign([1.0, 2.0])


def test_variables_behave_like_tensors():
    v, w = tf.Variable([1.0, 2.0]), tf.Variable(2.0)
    assert (v + 1).numpy().tolist() == [2.0, 3.0]
    assert (1 - v).numpy().tolist() == [0.0, -1.0]
    assert (v * w).numpy().tolist() == [2.0, 4.0]
    assert (-w).numpy() == -2.0 and v[0].numpy() == 1.0
    assert (tf.Variable([[1.0, 2.0]]) @ tf.Variable([[1.0], [2.0]])).numpy().tolist() == [[5.0]]
    assert (v > 1.5).numpy().tolist() == [False, True]
    assert tf.reduce_sum(v).numpy() == 3.0
    assert np.array(v).tolist() == [1.0, 2.0]
    assert isinstance(tf.convert_to_tensor(v), tf.Tensor)
    assert int(tf.Variable(3.5)) == 3 and float(tf.Variable(3)) == 3.0
    assert not bool(tf.Variable(0))
    assert [x.numpy() for x in tf.Variable([1, 2])] == [1, 2]
    with pytest.raises(TypeError, match="has no len"):
        len(tf.Variable([1, 2]))


def test_variables_are_unhashable_and_refs_are_keys():
    v = tf.Variable(1.0)
    with pytest.raises(TypeError, match="Variable is unhashable"):
        hash(v)
    assert {v.ref(): 1}[v.ref()] == 1 and v.ref().deref() is v
    assert v.ref() != tf.Variable(1.0).ref()


def test_device_and_default_names_are_not_uniquified():
    assert tf.Variable(1.0).name == tf.Variable(1.0).name == "Variable:0"
    with tf.device("/cpu:0"):
        assert tf.Variable(1.0).device == "/job:localhost/replica:0/task:0/device:CPU:0"


def test_tf_2_variable_methods_as_tf():
    """gather_nd, read_value_no_copy, is_initialized, initializer, initialized_value,
    set_shape and count_up_to, with TF 2.21's results and errors."""
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(v.gather_nd([[0, 1], [1, 0]]).numpy(), [2.0, 3.0])
    np.testing.assert_array_equal(v.read_value_no_copy().numpy(), v.numpy())
    assert bool(v.is_initialized()) and v.initializer is None
    with pytest.raises(NotImplementedError):
        v.initialized_value()
    v.set_shape([2, 2])
    with pytest.raises(ValueError, match=r"Shapes \(2, 2\) and \(3, 2\) are not compatible"):
        v.set_shape([3, 2])
    u = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None))
    u.set_shape([2])
    assert u.shape == tf.TensorShape([2])
    c = tf.Variable(0, dtype=tf.int64)
    assert [int(c.count_up_to(2)), int(c.count_up_to(2))] == [0, 1]
    with pytest.raises(tf.errors.OutOfRangeError, match=r"Reached limit of 2"):
        c.count_up_to(2)
    assert int(c.numpy()) == 2


def test_updates_of_bool_and_string_variables_as_tf():
    """TF 2.21 has no add/subtract update kernel for bool or string variables; its scatter
    add/subtract takes bools as the integers 1 and 0; a string cell takes a string."""
    for value in ([True, False], ["a", "b"]):
        for method, op in (("assign_add", "AssignAddVariableOp"),
                           ("assign_sub", "AssignSubVariableOp")):
            v = tf.Variable(value)
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=f"No OpKernel was registered to support Op '{op}'"):
                getattr(v, method)(value)
            assert v.numpy().tolist() == tf.constant(value).numpy().tolist()  # (unchanged)
    v = tf.Variable(["a", "b"])
    with pytest.raises(tf.errors.InvalidArgumentError, match="ResourceScatterNdAdd"):
        v.scatter_nd_add([[1], [0]], ["x", "y"])
    v = tf.Variable([True, False])
    np.testing.assert_array_equal(v.scatter_nd_sub([[1], [0]], [True, False]).numpy(),
                                  [True, True])
    np.testing.assert_array_equal(v.scatter_nd_sub([[1], [0]], [True, True]).numpy(),
                                  [False, False])
    np.testing.assert_array_equal(v.scatter_nd_add([[1], [0]], [True, False]).numpy(),
                                  [False, True])
    s = tf.Variable(["a", "b"])
    s[0].assign("c")
    assert s.numpy().tolist() == [b"c", b"b"]
