"""Python builtins in converted code, as TF 2.21's AutoGraph overrides them (record_programs.py
keeps what TF prints in builtins_golden.txt; test_programs.py runs this under eagerflow):
a dataset's abs/len/map/filter/any/all/zip/enumerate are datasets or tensors, a tensor's
sorted is tf.sort, min/max of a tensor stay Python's; next() past a dataset's end.

    python builtins_program.py tf|ef     (from this folder: frames name the file)
"""

import re
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def show(label, f, *args):
    try:
        print(label, "->", tf.function(f)(*args))
    except Exception as e:  # noqa: BLE001 - each case prints what it raised
        text = re.sub(r"_\d+\b", "_N", str(e))
        print(label, "!!", type(e).__name__, re.sub(r" at 0x[0-9a-f]+", "", text))


def digits(d):
    return d.reduce(tf.constant(0, tf.int64), lambda a, x: a * 10 + x)


ds = tf.data.Dataset.range(-3, 4)
show("abs of a dataset", lambda d: digits(abs(d)), ds)
show("len of a dataset", lambda d: len(d), ds)
show("len of a filtered dataset", lambda d: len(d.filter(lambda x: x > 0)), ds)
show("map over a dataset", lambda d: digits(map(lambda x: x * 2, d)), ds)
show("map over two datasets", lambda d: digits(map(lambda x, y: x + y, d, d)), ds)
show("filter of a dataset", lambda d: digits(filter(lambda x: x > 0, d)), ds)
show("any of a dataset", lambda d: any(d.map(lambda x: x > 2)), ds)
show("all of a dataset", lambda d: all(d.map(lambda x: x > 2)), ds)
show("any of a dataset of ints", lambda d: any(d), ds)
show("zip of datasets", lambda d: digits(zip(d, d).map(lambda a, b: a * b)), ds)
show("zip of a dataset and a list", lambda d: zip(d, [1, 2]), ds)
show("enumerate of a dataset", lambda d: digits(enumerate(d).map(lambda i, x: i)), ds)


def loop_over_zip(d):
    s = tf.constant(0, tf.int64)
    for x, y in zip(d, d.skip(1)):
        s += x * y
    return s


show("a loop over a zip of datasets", loop_over_zip, ds)
t = tf.constant([3, 1, 2])
show("sorted of a tensor", lambda x: sorted(x), t)
show("sorted, reversed", lambda x: sorted(x, reverse=True), t)
show("sorted by a key", lambda x: sorted(x, key=lambda v: -v), t)
show("min of a tensor", lambda x: min(x), t)
show("abs of a tensor", lambda x: abs(-x), t)
show("len of a tensor", lambda x: len(x), t)
show("int of a tensor", lambda x: int(x[0]), t)
show("float of a tensor", lambda x: float(x[0]), t)


def past_the_end(d):
    it = iter(d)
    next(it)
    next(it)
    return next(it)


show("next past the end", past_the_end, tf.data.Dataset.range(2))
show("next with a default past the end",
     lambda d: next(iter(d.take(0)), tf.constant(7, tf.int64)), ds)
