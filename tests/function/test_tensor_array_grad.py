"""TensorArray gradients, eagerly and in graphs (tf.function, while_loop, cond).

Every gradient is checked against central finite differences in float64
(tf.test.compute_gradient, or a perturbed variable), and tf.function against eager.
"""

import numpy as np
import pytest

import eagerflow as tf
from tests.autodiff.nested_tapes import derivatives

RNG = np.random.default_rng(7)


def check(f, *xs, second_order=False):
    """f's Jacobians vs finite differences, eagerly and as a tf.function."""
    xs = [tf.constant(x) for x in xs]
    for g in (f, tf.function(f)):
        theoretical, numerical = tf.test.compute_gradient(g, xs, delta=1e-5)
        for t, n in zip(theoretical, numerical):
            np.testing.assert_allclose(t, n, rtol=1e-6, atol=1e-7)
    if second_order:
        traced = tf.function(f)  # (traced once: finite differences call it ~100 times)

        def grad_of(*ys):
            with tf.GradientTape() as tape:
                tape.watch(ys)
                out = traced(*ys)
            return tape.gradient(out, ys[0])
        theoretical, numerical = tf.test.compute_gradient(grad_of, xs, delta=1e-5)
        for t, n in zip(theoretical, numerical):
            np.testing.assert_allclose(t, n, rtol=1e-5, atol=1e-6)


def test_write_read():
    def f(x):
        ta = tf.TensorArray(tf.float64, size=3)
        ta = ta.write(0, x * 2.0).write(2, tf.sin(x))
        return ta.read(0) * ta.read(2) + ta.read(2) ** 2 + ta.read(0)
    check(f, RNG.normal(size=(2, 3)), second_order=True)


def test_stack_of_writes_and_unstack_reads():
    def f(x, y):
        ta = tf.TensorArray(tf.float64, size=3).unstack(x)
        out = tf.TensorArray(tf.float64, size=3)
        for i in range(3):
            out = out.write(i, ta.read(i) * y[i])
        return out.stack() ** 2
    check(f, RNG.normal(size=(3, 2)), RNG.normal(size=(3,)), second_order=True)


def test_unwritten_element_reads_as_zeros():
    def f(x):
        ta = tf.TensorArray(tf.float64, size=3, element_shape=[2])
        ta = ta.write(1, tf.exp(x))
        return ta.stack() * 3.0 + ta.read(0)
    check(f, RNG.normal(size=(2,)))


def test_gather_and_scatter():
    def f(x, v):
        ta = tf.TensorArray(tf.float64, size=4).unstack(x)
        ta = ta.scatter([3, 1], v * v)
        return ta.gather([0, 1, 3]) * tf.constant([[1.0], [2.0], [4.0]], tf.float64)
    check(f, RNG.normal(size=(4, 2)), RNG.normal(size=(2, 2)), second_order=True)


def test_gather_with_repeated_indices_keeps_tfs_gradients():
    # A graph's gather is TensorListGather, whose gradient (TF's TensorListScatterV2)
    # keeps the last of an index gathered twice; the eager array reads each, and sums.
    # TF 2.21, this function: eager [[9, 9], [10, 10], [0, 0], [0, 0]], tf.function
    # [[9, 9], [6, 6], [0, 0], [0, 0]]
    def f(x):
        ta = tf.TensorArray(tf.float64, size=4).unstack(x)
        ta = ta.scatter([3, 1], x[:2] * 2.0)
        return ta.gather([0, 1, 1, 3]) * tf.constant([[1.0], [2.0], [3.0], [4.0]], tf.float64)

    x = tf.constant(np.arange(8.0).reshape(4, 2))
    for g, row in ((f, 10.0), (tf.function(f), 6.0)):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = g(x)
        assert tape.gradient(y, x).numpy().tolist() == [[9, 9], [row, row], [0, 0], [0, 0]]


def test_concat_and_split():
    def f(x, y):
        ta = tf.TensorArray(tf.float64, size=3, infer_shape=False, element_shape=[None, 2])
        ta = ta.write(0, x).write(1, y * 2.0).write(2, x[:1] * y[0])
        parts = tf.TensorArray(tf.float64, size=2, infer_shape=False)
        parts = parts.split(ta.concat() ** 2, [4, 2])
        return parts.read(0) - parts.read(1)[0]
    check(f, RNG.normal(size=(2, 2)), RNG.normal(size=(3, 2)), second_order=True)


def rnn_step(x, h, w, u):
    return tf.tanh(tf.matmul(x[None], w) + tf.matmul(h, u))


def test_rnn_while_loop_wrt_inputs_matches_finite_differences():
    w = RNG.normal(size=(3, 4)) * 0.5
    u = RNG.normal(size=(4, 4)) * 0.5

    def rnn(x, w, u):
        n = x.shape[0]
        inputs = tf.TensorArray(tf.float64, size=n).unstack(x)
        outs = tf.TensorArray(tf.float64, size=n)

        def body(i, h, outs):
            h = rnn_step(inputs.read(i), h, w, u)
            return i + 1, h, outs.write(i, h[0])
        _, h, outs = tf.while_loop(lambda i, h, o: i < n, body,
                                   [tf.constant(0), tf.zeros([1, 4], tf.float64), outs])
        return tf.reduce_sum(outs.stack() ** 2, axis=1) + tf.reduce_sum(h)
    check(rnn, RNG.normal(size=(5, 3)), w, u, second_order=True)


def test_rnn_while_loop_wrt_outer_variables():
    """The classic loop: a TensorArray written in a while_loop, stacked, then
    tape.gradient with respect to variables read in the body."""
    w = tf.Variable(RNG.normal(size=(3, 4)) * 0.5)
    u = tf.Variable(RNG.normal(size=(4, 4)) * 0.5)
    x = tf.constant(RNG.normal(size=(6, 3)))

    def loss(x):
        inputs = tf.TensorArray(tf.float64, size=6).unstack(x)
        outs = tf.TensorArray(tf.float64, size=0, dynamic_size=True)

        def body(i, h, outs):
            h = rnn_step(inputs.read(i), h, w, u)
            return i + 1, h, outs.write(i, tf.reduce_sum(h * h))
        _, _, outs = tf.while_loop(lambda i, h, o: i < 6, body,
                                   [tf.constant(0), tf.zeros([1, 4], tf.float64), outs])
        return tf.reduce_sum(outs.stack() * tf.range(1.0, 7.0, dtype=tf.float64))

    results = []
    for f in (loss, tf.function(loss)):
        with tf.GradientTape() as tape:
            y = f(x)
        results.append(tape.gradient(y, [w, u]))
    for var, g_eager, g_graph in zip([w, u], *results):
        np.testing.assert_allclose(g_graph.numpy(), g_eager.numpy(), rtol=1e-10)
        np.testing.assert_allclose(g_graph.numpy(), _numeric_var_grad(loss, x, var), rtol=1e-6,
                                   atol=1e-8)


def _numeric_var_grad(f, x, var, eps=1e-6):
    base = var.numpy().copy()
    grad = np.zeros_like(base)
    for idx in np.ndindex(base.shape):
        vals = []
        for s in (1, -1):
            p = base.copy()
            p[idx] += s * eps
            var.assign(p)
            vals.append(f(x).numpy())
        grad[idx] = (vals[0] - vals[1]) / (2 * eps)
    var.assign(base)
    return grad


def test_while_loop_with_maximum_iterations_and_tape_inside_function():
    @tf.function
    def grads(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            ta = tf.TensorArray(tf.float64, size=0, dynamic_size=True)
            _, ta, acc = tf.while_loop(
                lambda i, ta, acc: True,
                lambda i, ta, acc: (i + 1, ta.write(i, acc * x), acc * x),
                [tf.constant(0), ta, tf.constant(1.0, tf.float64)], maximum_iterations=4)
            y = tf.reduce_sum(ta.stack())  # x + x^2 + x^3 + x^4
        return tape.gradient(y, x)
    x0 = 0.7
    np.testing.assert_allclose(grads(tf.constant(x0, tf.float64)).numpy(),
                               1 + 2 * x0 + 3 * x0 ** 2 + 4 * x0 ** 3, rtol=1e-12)


def test_tensor_array_read_in_cond_branch():
    def f(x):
        ta = tf.TensorArray(tf.float64, size=2).unstack(x)
        return tf.cond(tf.reduce_sum(x) > -100.0, lambda: ta.read(0) * ta.read(1),
                       lambda: ta.read(1))
    check(f, RNG.normal(size=(2, 3)))


def test_int_tensor_array_has_no_gradient_and_does_not_break_float_paths():
    @tf.function
    def f(x):
        idx = tf.TensorArray(tf.int32, size=2).write(0, 1).write(1, 0)
        ta = tf.TensorArray(tf.float64, size=2).unstack(x)
        return ta.read(idx.read(0)) * 2.0

    x = tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    assert tape.gradient(y, x).numpy().tolist() == [[0.0, 0.0], [2.0, 2.0]]


def test_stacked_shape_known_after_loop():
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=3)
        _, ta = tf.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta.write(i, x)),
                              [0, ta])
        s = ta.stack()  # (TF's: the size the array was made with, kept through the loop)
        assert s.shape.as_list() == [3, 2]
        return s
    assert f(tf.constant([1.0, 2.0])).shape == (3, 2)


@pytest.mark.parametrize("n", [1, 3])
def test_gradient_list_values_accumulate(n):
    # the same element read n times: gradient lists are added, not concatenated
    def f(x):
        ta = tf.TensorArray(tf.float64, size=1).write(0, x)
        return tf.add_n([ta.read(0) * float(k + 1) for k in range(n)])
    check(f, RNG.normal(size=(2,)))


def test_while_loop_higher_order_matches_closed_form():
    @tf.function
    def power(x):  # x^4 by a loop: a <- a * x, three times
        return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, x])[1]

    values = derivatives(power, tf.constant(1.5, tf.float64), 3)
    np.testing.assert_allclose([v.numpy() for v in values],
                               [1.5 ** 4, 4 * 1.5 ** 3, 12 * 1.5 ** 2, 24 * 1.5], rtol=1e-12)


def test_while_loop_second_order_nested_loops_and_variables():
    v = tf.Variable(0.7, dtype=tf.float64)

    def f(x):
        def outer(i, a):
            inner = tf.while_loop(lambda j, b: j < 2, lambda j, b: (j + 1, tf.sin(b) * v + x),
                                  [0, a])[1]
            return i + 1, inner * a
        return tf.while_loop(lambda i, a: i < 2, outer, [0, x])[1]

    def grad_x(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.function(f)(x)
        return tape.gradient(y, x)

    check(f, np.array(0.3))
    theoretical, numerical = tf.test.compute_gradient(grad_x, [np.array(0.3)], delta=1e-5)
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6)

    x = tf.constant(0.3, tf.float64)
    with tf.GradientTape() as outer_tape:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.function(f)(x)
        gx = tape.gradient(y, x)
    dgx_dv = outer_tape.gradient(gx, v)
    eps, base = 1e-6, v.numpy()
    vals = []
    for s in (1, -1):
        v.assign(base + s * eps)
        vals.append(grad_x(x).numpy())
    v.assign(base)
    np.testing.assert_allclose(dgx_dv.numpy(), (vals[0] - vals[1]) / (2 * eps), rtol=1e-6)


def test_loop_gradient_reuses_the_random_draws_of_the_forward_pass():
    x = tf.constant(np.ones(200), tf.float64)

    def loop(x):
        return tf.while_loop(lambda i, a: i < 2, lambda i, a: (
            i + 1, a * tf.random.uniform([200], 0.5, 1.5, dtype=tf.float64)), [0, x])[1]

    @tf.function
    def inside(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = loop(x)
        return y, tape.gradient(y, x)

    y, g = inside(x)  # y = x * u1 * u2, so dy/dx = y at x = 1
    np.testing.assert_allclose(g.numpy(), y.numpy(), rtol=1e-12)


def test_function_gradient_from_outside_reuses_the_loops_draws():
    x = tf.constant(np.ones(200), tf.float64)

    @tf.function
    def loop(x):
        return tf.while_loop(lambda i, a: i < 2, lambda i, a: (
            i + 1, a * tf.random.uniform([200], 0.5, 1.5, dtype=tf.float64)), [0, x])[1]

    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loop(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), y.numpy(), rtol=1e-12)
    with tf.GradientTape() as tape:  # a second call: new draws, gradient consistent again
        tape.watch(x)
        y2 = loop(x)
    assert not np.allclose(y2.numpy(), y.numpy())
    np.testing.assert_allclose(tape.gradient(y2, x).numpy(), y2.numpy(), rtol=1e-12)


@pytest.mark.parametrize("positive", [True, False])
def test_cond_gradient_reuses_the_branch_draws(positive):
    x = tf.constant(np.ones(200) * (1.0 if positive else -1.0), tf.float64)

    def c(x):  # either branch multiplies by its own random draw: dy/dx = y / x
        return tf.cond(tf.reduce_sum(x) > 0,
                       lambda: x * tf.random.uniform([200], 0.5, 1.5, dtype=tf.float64),
                       lambda: x * tf.random.normal([200], dtype=tf.float64))

    @tf.function
    def inside(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = c(x)
        return y, tape.gradient(y, x)

    y, g = inside(x)
    np.testing.assert_allclose(g.numpy(), y.numpy() / x.numpy(), rtol=1e-12)
    f = tf.function(c)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), y.numpy() / x.numpy(), rtol=1e-12)


def test_size_known_only_when_the_graph_runs():
    """A TensorArray sized by a tensor the trace can't know (TF's TensorListReserve of a
    run-time count): written in a loop, stacked, differentiated; any length, none too."""
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float64)])
    def f(xs):
        n = tf.shape(xs)[0]
        ta = tf.TensorArray(tf.float64, size=n)
        for i in tf.range(n):
            ta = ta.write(i, tf.sin(xs[i]) * xs[i])
        return ta.stack() * tf.cast(ta.size(), tf.float64)

    for n in (0, 1, 5):
        x = RNG.normal(size=n)
        np.testing.assert_allclose(f(tf.constant(x)).numpy(), np.sin(x) * x * n)
    check(f, RNG.normal(size=4))


def test_run_time_size_is_checked_when_the_graph_runs():
    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def f(n):
        ta = tf.TensorArray(tf.float32, size=n)
        return ta.size(), ta.write(0, 1.0).stack()

    assert int(f(tf.constant(3))[0]) == 3
    # TF 2.21's TensorListReserve message (size() is the size given, as TF's: -2 itself)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="The num_elements to reserve must be a non negative number, but "
                             "got -2"):
        f(tf.constant(-2))
    size = tf.function(lambda n: tf.TensorArray(tf.float32, size=n).size())
    assert int(size(tf.constant(-2))) == -2


@tf.function
def _cond_writes(p):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    ta = tf.cond(p, lambda: ta.write(0, 1.0), lambda: ta.write(0, 2.0))
    return ta.stack()


@tf.function
def _alternating(n):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in tf.range(n):  # an AutoGraph `if` in a loop: a cond returning the TensorArray
        if i % 2 == 0:
            ta = ta.write(i, 1.0)
        else:
            ta = ta.write(i, 2.0)
    return ta.stack()


@tf.function
def _batch_sums(ds):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    i = 0
    for x in ds:  # a dataset argument: each step's "has next" is a cond over the state
        ta = ta.write(i, tf.reduce_sum(x * x))
        i += 1
    return ta.stack()


def test_a_cond_returns_tensor_arrays_as_tf_does():
    """TF 2.21 (checked by hand): tf.cond branches may return TensorArrays (by their flow),
    in AutoGraph's if statements and dataset loops too, gradients included."""
    assert _cond_writes(tf.constant(True)).numpy().tolist() == [1.0]
    assert _cond_writes(tf.constant(False)).numpy().tolist() == [2.0]
    assert _alternating(tf.constant(3)).numpy().tolist() == [1.0, 2.0, 1.0]
    ds = tf.data.Dataset.range(5).map(lambda v: tf.cast(v, tf.float32)).batch(2)
    assert _batch_sums(ds).numpy().tolist() == [1.0, 13.0, 16.0]
    x = tf.Variable(3.0)

    @tf.function
    def grad(p):
        with tf.GradientTape() as tape:
            ta = tf.TensorArray(tf.float32, size=2)
            ta = tf.cond(p, lambda: ta.write(0, x * x).write(1, x),
                         lambda: ta.write(0, x).write(1, 2 * x))
            y = tf.reduce_sum(ta.stack())
        return tape.gradient(y, x)

    assert grad(tf.constant(True)).numpy() == 7.0 and grad(tf.constant(False)).numpy() == 3.0
    with pytest.raises(TypeError):  # a TensorArray against a tensor: TF's TypeError
        tf.function(lambda p: tf.cond(p, lambda: tf.TensorArray(tf.float32, size=1),
                                      lambda: tf.constant(1.0)))(tf.constant(True))
