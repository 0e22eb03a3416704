"""tf.cond, tf.while_loop, tf.case, tf.switch_case and tf.TensorArray, eager and in graphs,
with gradients checked against central differences in float64."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.testing.op_harness import numeric_jvp_grad


def tape_grad(f, x0):
    x = tf.constant(x0)
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    return t.gradient(y, x).numpy()


# -- cond --------------------------------------------------------------------------------

def piecewise(x):
    return tf.cond(tf.reduce_sum(x) > 0, lambda: tf.reduce_sum(x * x * 2.0),
                   lambda: tf.reduce_sum(tf.sin(x) * 3.0))


@pytest.mark.parametrize("x0", [[0.5, 0.25], [-0.5, -0.25]])
def test_cond_eager_and_graph_agree_with_gradients(x0):
    x0 = np.array(x0)
    fn = tf.function(piecewise)
    eager = float(piecewise(tf.constant(x0)))
    assert float(fn(tf.constant(x0))) == pytest.approx(eager, rel=1e-12)
    num = numeric_jvp_grad(lambda a: float(piecewise(tf.constant(a))), x0)
    np.testing.assert_allclose(tape_grad(piecewise, x0), num, rtol=1e-6)
    np.testing.assert_allclose(tape_grad(fn, x0), num, rtol=1e-6)

    @tf.function
    def grad_inside(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = piecewise(x)
        return t.gradient(y, x)
    np.testing.assert_allclose(grad_inside(tf.constant(x0)).numpy(), num, rtol=1e-6)


def test_cond_is_one_op_in_the_graph():
    fn = tf.function(piecewise)
    types = [o.type for o in fn.get_concrete_function(tf.constant([1.0])).graph.get_operations()]
    assert "StatelessIf" in types
    assert "Sin" not in types  # the branches live in sub-graphs


def test_cond_gradient_wrt_variables_read_in_branches():
    v = tf.Variable(np.array(2.0))

    @tf.function
    def f(x):
        return tf.cond(x > 0, lambda: v * x, lambda: v * v)
    for x0, want in [(3.0, 3.0), (-1.0, 4.0)]:
        x = tf.constant(np.float64(x0))
        with tf.GradientTape() as t:
            y = f(x)
        assert float(t.gradient(y, v)) == pytest.approx(want)


def test_cond_structures_and_errors():
    @tf.function
    def f(x):
        return tf.cond(x > 0, lambda: {"a": x, "b": (x * 2, 1)}, lambda: {"a": -x, "b": (x, 2)})
    out = f(tf.constant(3.0))
    assert float(out["a"]) == 3.0 and float(out["b"][0]) == 6.0 and int(out["b"][1]) == 1

    @tf.function
    def mismatch(x):
        return tf.cond(x > 0, lambda: x, lambda: (x, x))
    with pytest.raises(AssertionError, match=r"AssertionError: \[1, 2\]"):  # (TF 2.21's)
        mismatch(tf.constant(1.0))

    @tf.function
    def nesting(x):
        return tf.cond(x > 0, lambda: (x, [x]), lambda: ([x], x))
    with pytest.raises(TypeError, match=r"same number, type, and overall structure(.|\n)*"
                                        r"true_fn output: \(<tf.Tensor 'cond/Identity:0'"):
        nesting(tf.constant(1.0))

    @tf.function
    def dtypes(x):
        return tf.cond(x > 0, lambda: x, lambda: tf.cast(x, tf.int32))
    with pytest.raises(TypeError, match="have different types"):
        dtypes(tf.constant(1.0))

    @tf.function
    def python_pred(x):
        return tf.cond(True, lambda: x, lambda: x)
    with pytest.raises(TypeError, match="pred must not be a Python bool"):
        python_pred(tf.constant(1.0))
    with pytest.raises(TypeError, match="'false_fn' argument required"):
        tf.cond(tf.constant(True), lambda: 1)
    with pytest.raises(TypeError, match="'true_fn' must be callable"):
        tf.cond(tf.constant(True), 1, lambda: 1)


def test_cond_output_shapes_merge():
    @tf.function
    def f(x):
        return tf.cond(x > 0, lambda: tf.zeros([2]), lambda: tf.zeros([3]))
    out = f.get_concrete_function(tf.constant(1.0)).structured_outputs
    assert out.shape.as_list() == [None]
    assert f(tf.constant(1.0)).shape == [2] and f(tf.constant(-1.0)).shape == [3]


def test_cond_effects_run_only_in_the_taken_branch():
    v = tf.Variable(0)

    @tf.function
    def f(x):
        return tf.cond(x > 0, lambda: v.assign_add(1).read_value(), lambda: v.read_value())
    f(tf.constant(1))
    f(tf.constant(-1))
    f(tf.constant(1))
    assert int(v) == 2


def test_switch_case_and_case():
    for eager in (True, False):
        def sw(i):
            return tf.switch_case(i, [lambda: tf.constant(10), lambda: tf.constant(20)],
                                  default=lambda: tf.constant(-1))

        def cs(x):
            return tf.case([(x > 10, lambda: tf.constant(1)), (x > 5, lambda: tf.constant(2))],
                           default=lambda: tf.constant(3))
        if not eager:
            sw, cs = tf.function(sw), tf.function(cs)
        assert [int(sw(tf.constant(i))) for i in (0, 1, 5, -3)] == [10, 20, -1, -1]
        assert [int(cs(tf.constant(i))) for i in (11, 6, 0)] == [1, 2, 3]
    with pytest.raises(ValueError, match="contiguous range"):
        tf.switch_case(tf.constant(0), {0: lambda: 1, 3: lambda: 2})
    with pytest.raises(tf.errors.InvalidArgumentError, match="None of conditions"):
        tf.case([(tf.constant(False), lambda: 1)])
    with pytest.raises(tf.errors.InvalidArgumentError, match="more than 1 conditions"):
        tf.case([(tf.constant(True), lambda: 1), (tf.constant(True), lambda: 2)],
                default=lambda: 3, exclusive=True)


# -- while_loop --------------------------------------------------------------------------

def power_loop(x):
    _, y = tf.while_loop(lambda i, y: i < 4, lambda i, y: (i + 1, tf.sin(y) * x + 0.5),
                         (tf.constant(0), x))
    return tf.reduce_sum(y)


def test_while_eager_and_graph_agree_with_gradients():
    x0 = np.array([0.3, -0.8, 1.2])
    fn = tf.function(power_loop)
    np.testing.assert_allclose(float(fn(tf.constant(x0))), float(power_loop(tf.constant(x0))),
                               rtol=1e-12)
    num = numeric_jvp_grad(lambda a: float(power_loop(tf.constant(a))), x0)
    np.testing.assert_allclose(tape_grad(power_loop, x0), num, rtol=1e-6)
    np.testing.assert_allclose(tape_grad(fn, x0), num, rtol=1e-6)

    @tf.function
    def grad_inside(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = power_loop(x)
        return t.gradient(y, x)
    np.testing.assert_allclose(grad_inside(tf.constant(x0)).numpy(), num, rtol=1e-6)


def test_while_gradient_with_data_dependent_trip_count_and_variables():
    v = tf.Variable(np.float64(1.5))

    @tf.function
    def f(x):
        return tf.while_loop(lambda y: y < 50.0, lambda y: y * x * v, [x])[0]
    for x0 in (1.7, 3.0):
        x = tf.constant(np.float64(x0))
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        gx, gv = t.gradient(y, [x, v])
        n = 0
        y_ = x0
        while y_ < 50:
            y_ *= x0 * 1.5
            n += 1
        assert float(y) == pytest.approx(y_)
        num = numeric_jvp_grad(lambda a: float(f(tf.constant(a))), np.array(x0))
        assert float(gx) == pytest.approx(num.item(), rel=1e-6)
        assert float(gv) == pytest.approx(n * y_ / 1.5, rel=1e-9)  # y = x * (x v)^n


def test_while_loop_semantics():
    for wrap in (lambda f: f, tf.function):
        @wrap
        def f(n):
            return tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i),
                                 (tf.constant(0), tf.constant(0)))
        i, s = f(tf.constant(5))
        assert (int(i), int(s)) == (5, 10)

        @wrap
        def g(x):
            return tf.while_loop(lambda v: v < 100.0, lambda v: [v * 2.0], [x],
                                 maximum_iterations=3)
        out = g(tf.constant(1.0))
        assert isinstance(out, list) and float(out[0]) == 8.0


def test_while_loop_errors_like_tf():
    @tf.function
    def grows(x):
        return tf.while_loop(lambda v: tf.reduce_sum(v) < 10, lambda v: [tf.concat([v, v], 0)],
                             [x])
    with pytest.raises(ValueError, match=r"enters the loop with shape \(1,\), but has shape "
                                         r"\(2,\) after one iteration"):
        grows(tf.constant([1.0]))

    @tf.function
    def grows_ok(x):
        return tf.while_loop(lambda v: tf.reduce_sum(v) < 10, lambda v: [tf.concat([v, v], 0)],
                             [x], shape_invariants=[tf.TensorShape([None])])
    assert grows_ok(tf.constant([1.0]))[0].shape == [16]

    @tf.function
    def retypes(x):
        return tf.while_loop(lambda v: v < 10, lambda v: [tf.cast(v, tf.int32)], [x])
    with pytest.raises(TypeError, match="enters the loop with type"):
        retypes(tf.constant(1.0))

    @tf.function
    def restructures(x):
        return tf.while_loop(lambda v: v < 10, lambda v: (v + 1, v), [x])
    with pytest.raises(ValueError, match="same nested structure"):
        restructures(tf.constant(1.0))


def test_nested_loops_and_conds_capture_outer_tensors():
    @tf.function
    def f(x, n):
        def outer_body(i, acc):
            inner = tf.while_loop(lambda j, a: j < i, lambda j, a: (j + 1, a + x), (0, acc))[1]
            return i + 1, tf.cond(i > 1, lambda: inner * 2.0, lambda: inner)
        return tf.while_loop(lambda i, acc: i < n, outer_body, (0, tf.zeros_like(x)))[1]

    def ref(x, n):
        acc = 0.0
        for i in range(n):
            acc = acc + x * i
            if i > 1:
                acc = acc * 2.0
        return acc
    assert float(f(tf.constant(1.5), tf.constant(4))) == pytest.approx(ref(1.5, 4))


def test_loop_with_effects_runs_them_each_iteration():
    v = tf.Variable(0)

    @tf.function
    def f(n):
        return tf.while_loop(lambda i: i < n, lambda i: [v.assign_add(i).read_value() * 0 + i + 1],
                             [0])
    f(tf.constant(4))
    assert int(v) == 0 + 1 + 2 + 3


# -- TensorArray -------------------------------------------------------------------------

def test_tensor_array_eager():
    ta = tf.TensorArray(tf.float32, size=3)
    ta.write(0, 1.0)
    ta = ta.write(2, 3.0)
    assert ta.size().numpy() == 3
    np.testing.assert_array_equal(ta.stack().numpy(), [1.0, 0.0, 3.0])
    assert float(ta.read(2)) == 3.0
    with pytest.raises(tf.errors.OutOfRangeError, match="not resizeable"):
        ta.write(3, 1.0)
    dyn = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in range(4):
        dyn = dyn.write(i, i * i)
    np.testing.assert_array_equal(dyn.gather([1, 3]).numpy(), [1, 9])
    un = tf.TensorArray(tf.float32, size=0, dynamic_size=True).unstack(tf.constant([[1.0, 2.0],
                                                                                   [3.0, 4.0]]))
    np.testing.assert_array_equal(un.read(1).numpy(), [3.0, 4.0])
    sc = tf.TensorArray(tf.float32, size=4).scatter([3, 0], tf.constant([5.0, 6.0]))
    np.testing.assert_array_equal(sc.stack().numpy(), [6.0, 0.0, 0.0, 5.0])
    np.testing.assert_array_equal(un.concat().numpy(), [1.0, 2.0, 3.0, 4.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="dtype"):
        tf.TensorArray(tf.float32, size=1).write(0, tf.constant(1))


def test_tensor_array_in_graph_loops():
    @tf.function
    def squares(n):
        ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)

        def body(i, ta):
            return i + 1, ta.write(i, i * i)
        _, ta = tf.while_loop(lambda i, ta: i < n, body, (0, ta))
        return ta.stack(), ta.size(), ta.read(2)
    stacked, size, third = squares(tf.constant(5))
    np.testing.assert_array_equal(stacked.numpy(), [0, 1, 4, 9, 16])
    assert int(size) == 5 and int(third) == 4

    @tf.function
    def reverse(x):
        ta = tf.TensorArray(tf.float32, size=3).unstack(x)
        out = tf.TensorArray(tf.float32, size=3)
        for i in range(3):
            out = out.write(2 - i, ta.read(i))
        return out.stack(), out.gather([0, 2])
    s, g = reverse(tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(s.numpy(), [3.0, 2.0, 1.0])
    np.testing.assert_array_equal(g.numpy(), [3.0, 1.0])


def test_gradients_never_repeat_effects_inside_control_flow():
    v = tf.Variable(0)

    @tf.function
    def f(x):
        def body(i, y):
            v.assign_add(1)
            return i + 1, y * x
        y = tf.while_loop(lambda i, y: i < 3, body, (0, x))[1]
        return tf.cond(y > 0, lambda: y + tf.cast(v.assign_add(100).read_value(), x.dtype) * 0,
                       lambda: y)

    x = tf.constant(np.float64(1.5))
    with tf.GradientTape() as t:
        t.watch(x)
        y = f(x)
    assert int(v) == 103
    g = t.gradient(y, x)
    assert int(v) == 103  # the backward pass ran no assignment again
    assert float(g) == pytest.approx(4 * 1.5 ** 3)
