"""`for` loops over `tf.range` in functions, as TF 2.21 runs them (record_programs.py keeps
what they print in range_loops_golden.txt; test_programs.py runs them under eagerflow):
the iterate is the loop's own variable, from start by delta, and the range is never made;
the range's length is computed beside it, in TF's ops.

    python range_loops_program.py tf|ef     (from this folder: frames name the file)
"""

import re

from program import show, tf


def run(label, fn, *args):
    show(label, lambda: tf.function(fn)(*args))


def down_by_two(n):
    s = 0
    for i in tf.range(n, 0, -2):
        s += i
    return s


def by_delta(n, d):
    s = tf.constant(0)
    for i in tf.range(0, n, d):
        s += i
    return s


def halves(n):
    s = tf.constant(0.0)
    for x in tf.range(0.0, n, 0.5):
        s += x
    return s


def iterate_after(n):
    for i in tf.range(5, n):
        pass
    return i  # noqa: F821 - set by the loop (TF: the range's start when it runs no step)


def with_break(n):
    s = tf.constant(0)
    for i in tf.range(n):
        if i > 3:
            break
        s += i
    return s, i


def nested(n):
    s = tf.constant(0, tf.int64)
    for i in tf.range(n, dtype=tf.int64):
        for j in tf.range(i):
            s += j
    return s


def gradient(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for _ in tf.range(3):
            y = y * x
    return t.gradient(y, x)


def early_return(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i
        if s > 5:
            return s
    return -s


def huge(n):
    # 2**31 - 1 steps' range: never made, so the loop holds one number
    s = tf.constant(0)
    for i in tf.range(n):
        if i >= 4:
            break
        s += i
    return s


run("down by two", down_by_two, tf.constant(7))
run("by a positive tensor delta", by_delta, tf.constant(10), tf.constant(3))
run("by a negative tensor delta", by_delta, tf.constant(-10), tf.constant(-3))
run("float range", halves, tf.constant(3.0))
run("iterate after an empty loop", iterate_after, tf.constant(5))
run("iterate after the loop", iterate_after, tf.constant(9))
run("break", with_break, tf.constant(10))
run("nested int64 ranges", nested, tf.constant(5, tf.int64))
run("gradient through the loop", gradient, tf.constant(2.0))
run("return inside", early_return, tf.constant(10))
run("a range of 2**31 - 1", huge, tf.constant(2**31 - 1))

# the ops of the function's graph (the while loop's own counter and limit left out)
graph = tf.function(by_delta).get_concrete_function(
    tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32)).graph
print([(o.name, o.type) for o in graph.get_operations()
       if not re.search(r"loop_counter|maximum_iterations", o.name)])
