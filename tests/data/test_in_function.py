"""Datasets inside tf.function: AutoGraph's `for` (loop-carried variables, break), iter()
and next(), get_next_as_optional, reduce, get_single_element, datasets built inside the
function (from its tensors, with map functions reading them); every result compared
with eager iteration of the same pipeline."""

import numpy as np
import pytest

import eagerflow as tf


def _eager_sum(ds):
    total = 0
    for x in ds:
        total += int(tf.reduce_sum(x))
    return total


# ---------------------------------------------------------------------------------------
# for x in dataset
# ---------------------------------------------------------------------------------------

def test_for_loop_matches_eager_iteration_and_runs_per_call():
    ds = tf.data.Dataset.range(1, 11).map(lambda x: x * x).filter(lambda x: x % 2 == 0)

    @tf.function
    def total():
        s = tf.constant(0, tf.int64)
        n = tf.constant(0)
        for x in ds:
            s += x
            n += 1
        return s, n

    s, n = total()
    assert int(s) == _eager_sum(ds) == 4 + 16 + 36 + 64 + 100
    assert int(n) == 5
    s2, _ = total()  # a fresh iterator on each call
    assert int(s2) == int(s)
    assert total.experimental_get_tracing_count() == 1


def test_for_loop_with_break_and_continue():
    ds = tf.data.Dataset.range(10)

    @tf.function
    def f():
        s = tf.constant(0, tf.int64)
        for x in ds:
            if x % 3 == 0:
                continue
            if x > 7:
                break
            s += x
        return s

    assert int(f()) == 1 + 2 + 4 + 5 + 7


def test_break_leaves_the_rest_of_an_iterator_unread():
    it = iter(tf.data.Dataset.range(10))

    @tf.function
    def until_three():
        last = tf.constant(-1, tf.int64)
        for x in it:
            last = x
            if x == 3:
                break
        return last

    assert int(until_three()) == 3
    assert int(next(it)) == 4  # the element after the break was not consumed
    assert int(until_three()) == 9  # goes on from 5 to the end (no 3 left)
    assert [int(x) for x in it] == []


def test_for_loop_over_structured_batches_with_a_partial_last_batch():
    x = np.arange(14, dtype=np.float32).reshape(7, 2)
    y = np.arange(7)
    ds = tf.data.Dataset.from_tensor_slices({"x": x, "y": y}).batch(3)
    v = tf.Variable(0.0)

    @tf.function
    def f():
        rows = tf.constant(0)
        for batch in ds:
            v.assign_add(tf.reduce_sum(batch["x"]))
            rows += tf.shape(batch["y"])[0]
        return rows

    assert int(f()) == 7
    assert float(v.numpy()) == float(x.sum())


def test_python_side_effects_in_the_loop_body_run_once_per_trace():
    traced = []

    @tf.function
    def f(ds_scale):
        s = tf.constant(0.0)
        for x in tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]):
            traced.append(1)
            s += x * ds_scale
        return s

    assert float(f(tf.constant(2.0))) == 12.0
    assert float(f(tf.constant(3.0))) == 18.0
    assert len(traced) == 1  # the body is traced (once), then runs as a graph loop


def test_enumerate_of_a_dataset_in_a_function():
    ds = tf.data.Dataset.from_tensor_slices([10, 20, 30])

    @tf.function
    def f():
        s = tf.constant(0, tf.int64)
        for i, x in enumerate(ds):
            s += i * tf.cast(x, tf.int64)
        return s

    assert int(f()) == 0 * 10 + 1 * 20 + 2 * 30


def test_loop_variable_types_must_not_change():
    ds = tf.data.Dataset.range(3)

    @tf.function
    def f():
        s = tf.constant(0, tf.int64)
        for x in ds:
            s = tf.cast(x, tf.float32)
        return s

    with pytest.raises(TypeError, match="dtype int64 before the loop, but dtype float32"):
        f()


def test_without_autograph_a_python_for_is_refused_as_in_tf():
    ds = tf.data.Dataset.range(3)

    @tf.function(autograph=False)
    def f():
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s

    with pytest.raises(ValueError, match="unusually high number of `tf.data.Iterator.get_next"):
        f()


# ---------------------------------------------------------------------------------------
# iter() / next() / get_next_as_optional
# ---------------------------------------------------------------------------------------

def test_next_on_an_iterator_made_outside_advances_it_per_call():
    it = iter(tf.data.Dataset.range(3).map(lambda x: x * 10))

    @tf.function
    def step():
        return next(it)

    assert [int(step()) for _ in range(3)] == [0, 10, 20]
    with pytest.raises(tf.errors.OutOfRangeError, match="End of sequence"):
        step()
    assert step.experimental_get_tracing_count() == 1


def test_iter_inside_a_function_is_fresh_per_call():
    ds = tf.data.Dataset.range(3, 10)

    @tf.function
    def first_two():
        i = iter(ds)
        a = next(i)
        b = i.get_next()
        return a + b

    assert int(first_two()) == 7
    assert int(first_two()) == 7


def test_get_next_as_optional_inside_a_function():
    it = iter(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]))

    @tf.function
    def f():
        opt = it.get_next_as_optional()
        return opt.has_value(), opt.get_value()

    for expected in ([1, 2], [3, 4]):
        has, value = f()
        assert bool(has) and value.numpy().tolist() == expected
    # as in TF, OptionalGetValue of the empty optional fails when the function runs
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"The given optional does not have a value.\n\t \[\[\{\{node "
                             r"OptionalGetValue\}\}\]\]"):
        f()


# ---------------------------------------------------------------------------------------
# reduce, get_single_element
# ---------------------------------------------------------------------------------------

def test_reduce_inside_a_function_reads_the_functions_tensors():
    ds = tf.data.Dataset.range(4)

    @tf.function
    def f(w):
        return ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x * w)

    assert int(f(tf.constant(2, tf.int64))) == 12
    assert int(f(tf.constant(3, tf.int64))) == 18
    eager = ds.reduce(tf.constant(0, tf.int64), lambda s, x: s + x * 3)
    assert int(eager) == 18


def test_reduce_with_a_growing_state_inside_a_function():
    @tf.function
    def f():
        return tf.data.Dataset.range(3).reduce(
            tf.constant([0], tf.int64), lambda s, x: tf.concat([s, tf.reshape(x, [1])], 0))

    assert f().numpy().tolist() == [0, 0, 1, 2]
    assert f.get_concrete_function().outputs[0].shape.as_list() == [None]


def test_get_single_element_inside_a_function():
    @tf.function
    def f(x):
        return tf.data.Dataset.from_tensors(x).map(lambda v: v + 1).get_single_element()

    assert f(tf.constant([1, 2])).numpy().tolist() == [2, 3]

    @tf.function
    def g():
        return tf.data.Dataset.range(2).get_single_element()

    with pytest.raises(tf.errors.InvalidArgumentError, match="more than one element"):
        g()


# ---------------------------------------------------------------------------------------
# datasets built inside the function
# ---------------------------------------------------------------------------------------

def test_datasets_built_from_the_functions_tensors():
    traces = []

    @tf.function
    def f(n, x, w):
        def scale(v):
            traces.append(1)
            return v * w
        s = tf.constant(0.0)
        for v in tf.data.Dataset.from_tensor_slices(x).map(scale):
            s += v
        count = tf.constant(0, tf.int64)
        for i in tf.data.Dataset.range(n):
            count += i
        return s, count

    s, c = f(tf.constant(4, tf.int64), tf.constant([1.0, 2.0]), tf.constant(10.0))
    assert float(s) == 30.0 and int(c) == 6
    s, c = f(tf.constant(5, tf.int64), tf.constant([1.0, 2.0]), tf.constant(2.0))
    assert float(s) == 6.0 and int(c) == 10
    assert len(traces) == 1  # the map is traced once, with the function


def test_a_dataset_built_in_a_function_can_not_leave_it():
    kept = []

    @tf.function
    def f(x):
        kept.append(tf.data.Dataset.from_tensor_slices(x))
        kept.append(tf.data.Dataset.range(3).map(lambda v: v + tf.cast(x[0], tf.int64)))
        return x

    f(tf.constant([1, 2]))
    assert kept[0].element_spec == tf.TensorSpec([], tf.int32)
    for ds in kept:
        with pytest.raises(tf.errors.InvalidArgumentError, match="only be iterated inside"):
            list(ds)


def test_transformation_arguments_from_the_function():
    @tf.function
    def f(k):
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(10).take(k):  # counts and sizes: read per call
            s += x
        return s

    assert int(f(tf.constant(3, tf.int64))) == 0 + 1 + 2
    assert int(f(tf.constant(5, tf.int64))) == 10

    @tf.function
    def h(k):
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(10).map(lambda v: v, num_parallel_calls=k):
            s += x  # other arguments (parallelism, cycle lengths) must be known at trace
        return s

    with pytest.raises(TypeError, match="must be known when the function is traced"):
        h(tf.constant(3, tf.int64))

    @tf.function
    def g():
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(10).take(tf.constant(3, tf.int64) + 1):
            s += x
        return s

    assert int(g()) == 0 + 1 + 2 + 3  # a constant expression is fine


def test_training_loop_over_a_dataset_inside_a_function():
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(64, 3)).astype(np.float32)
    ys = xs @ np.array([[1.0], [-2.0], [0.5]], np.float32)
    ds = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(16)
    w = tf.Variable(tf.zeros([3, 1]))

    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
        w.assign_sub(0.1 * tape.gradient(loss, w))
        return loss

    @tf.function
    def epoch():
        total = tf.constant(0.0)
        for x, y in ds:
            total += step(x, y)
        return total

    first = float(epoch())
    for _ in range(20):
        last = float(epoch())
    assert last < first / 10
    np.testing.assert_allclose(w.numpy().ravel(), [1.0, -2.0, 0.5], atol=0.05)


def test_gradients_do_not_read_the_dataset_again():
    w = tf.Variable(2.0)
    ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])

    @tf.function
    def loop():
        s = tf.constant(0.0)
        for x in ds:
            s += w * x
        return s

    with tf.GradientTape() as tape:
        y = loop()
    assert float(y) == 12.0
    assert tape.gradient(y, w) is None  # TF: a loop over a dataset has no gradient

    it = iter(ds)

    @tf.function
    def one():
        return w * next(it)

    with tf.GradientTape() as tape:
        y = one()
    assert float(y) == 2.0 and float(tape.gradient(y, w)) == 1.0  # the element is a constant
    assert float(next(it)) == 2.0  # the gradient did not fetch another element


def test_breaking_out_of_a_threaded_pipeline_leaves_no_threads():
    import gc
    import threading
    import time

    ds = tf.data.Dataset.range(10**6).map(lambda x: x * 2, num_parallel_calls=2).prefetch(4)

    @tf.function
    def head():
        s = tf.constant(0, tf.int64)
        for x in ds:
            if x > 10:
                break
            s += x
        return s

    assert int(head()) == 0 + 2 + 4 + 6 + 8 + 10
    deadline = time.monotonic() + 30  # (a poll: it ends once they are gone)
    while time.monotonic() < deadline:
        gc.collect()
        if not [t for t in threading.enumerate() if t.name.startswith("tf_data")]:
            break
        time.sleep(0.01)
    assert [t.name for t in threading.enumerate() if t.name.startswith("tf_data")] == []
