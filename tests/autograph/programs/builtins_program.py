"""Python builtins in converted code, as TF 2.21's AutoGraph overrides them (record_programs.py
keeps what TF prints in builtins_golden.txt; test_programs.py runs this under eagerflow):
a dataset's abs/len/map/filter/any/all/zip/enumerate are datasets or tensors, a tensor's
sorted is tf.sort, min/max of a tensor stay Python's; next() past a dataset's end.

    python builtins_program.py tf|ef     (from this folder: frames name the file)
"""

from program import show, tf


def traced(label, f, *args):
    show(label, lambda: tf.function(f)(*args))


def digits(d):
    return d.reduce(tf.constant(0, tf.int64), lambda a, x: a * 10 + x)


ds = tf.data.Dataset.range(-3, 4)
traced("abs of a dataset", lambda d: digits(abs(d)), ds)
traced("len of a dataset", lambda d: len(d), ds)
traced("len of a filtered dataset", lambda d: len(d.filter(lambda x: x > 0)), ds)
traced("map over a dataset", lambda d: digits(map(lambda x: x * 2, d)), ds)
traced("map over two datasets", lambda d: digits(map(lambda x, y: x + y, d, d)), ds)
traced("filter of a dataset", lambda d: digits(filter(lambda x: x > 0, d)), ds)
traced("any of a dataset", lambda d: any(d.map(lambda x: x > 2)), ds)
traced("all of a dataset", lambda d: all(d.map(lambda x: x > 2)), ds)
traced("any of a dataset of ints", lambda d: any(d), ds)
traced("zip of datasets", lambda d: digits(zip(d, d).map(lambda a, b: a * b)), ds)
traced("zip of a dataset and a list", lambda d: zip(d, [1, 2]), ds)
traced("enumerate of a dataset", lambda d: digits(enumerate(d).map(lambda i, x: i)), ds)


def loop_over_zip(d):
    s = tf.constant(0, tf.int64)
    for x, y in zip(d, d.skip(1)):
        s += x * y
    return s


traced("a loop over a zip of datasets", loop_over_zip, ds)
t = tf.constant([3, 1, 2])
traced("sorted of a tensor", lambda x: sorted(x), t)
traced("sorted, reversed", lambda x: sorted(x, reverse=True), t)
traced("sorted by a key", lambda x: sorted(x, key=lambda v: -v), t)
traced("min of a tensor", lambda x: min(x), t)
traced("abs of a tensor", lambda x: abs(-x), t)
traced("len of a tensor", lambda x: len(x), t)
traced("int of a tensor", lambda x: int(x[0]), t)
traced("float of a tensor", lambda x: float(x[0]), t)


def past_the_end(d):
    it = iter(d)
    next(it)
    next(it)
    return next(it)


traced("next past the end", past_the_end, tf.data.Dataset.range(2))
traced("next with a default past the end",
     lambda d: next(iter(d.take(0)), tf.constant(7, tf.int64)), ds)
