"""Functions over tf.data pipelines, shared by eagerflow's tests and the TensorFlow script that
records their values (tests/data/record_dataset_graphs.py): `cases(tf)` for either package.

Each case is a function of one int64 scalar `n` (called with 7) folding a pipeline into an
int64 scalar, by `reduce`, AutoGraph's `for`, `iter`/`next` or `get_single_element`.
"""

import numpy as np


def cases(tf):
    def total(ds):
        return ds.reduce(tf.constant(0, tf.int64),
                         lambda a, b: a + tf.reduce_sum(tf.cast(b, tf.int64)))

    def assert_count(n):
        return tf.data.experimental.assert_cardinality(n)

    pipes = {
        "range_map": lambda n: tf.data.Dataset.range(n).map(lambda x: x * 2 + n),
        "slices": lambda n: tf.data.Dataset.from_tensor_slices(tf.range(n) * 3),
        "slices_const": lambda n: tf.data.Dataset.from_tensor_slices([1, 2, 3]).map(
            lambda x: tf.cast(x, tf.int64) * n),
        "tensors_repeat": lambda n: tf.data.Dataset.from_tensors(n + 1).repeat(3),
        "filter": lambda n: tf.data.Dataset.range(n).filter(lambda x: x % 3 == 0),
        "batch": lambda n: tf.data.Dataset.range(n).batch(3).map(
            lambda b: tf.reduce_sum(b) * tf.shape(b, out_type=tf.int64)[0]),
        "batch_drop": lambda n: tf.data.Dataset.range(n).batch(3, drop_remainder=True).map(
            lambda b: b[-1]),
        "padded_batch": lambda n: tf.data.Dataset.range(n).map(lambda x: tf.fill([x], x))
        .padded_batch(2).map(lambda b: tf.reduce_sum(b) + tf.size(b, out_type=tf.int64)),
        "shuffle": lambda n: tf.data.Dataset.range(n).shuffle(4, seed=3),
        "repeat_skip_take": lambda n: tf.data.Dataset.range(n).repeat(2).skip(3).take(5),
        "prefetch": lambda n: tf.data.Dataset.range(n).prefetch(2).prefetch(
            tf.data.AUTOTUNE),
        "cache": lambda n: tf.data.Dataset.range(n).cache(),
        "zip": lambda n: tf.data.Dataset.zip((tf.data.Dataset.range(n),
                                              tf.data.Dataset.range(10, 20))).map(
            lambda a, b: a * b),
        "concatenate": lambda n: tf.data.Dataset.range(n).concatenate(
            tf.data.Dataset.range(100, 103)),
        "enumerate": lambda n: tf.data.Dataset.range(n).map(lambda x: x * 5).enumerate(
            start=2).map(lambda i, x: i * x),
        "scan": lambda n: tf.data.Dataset.range(n).scan(
            np.int64(1), lambda s, x: (s + x, s * x)),
        "unbatch": lambda n: tf.data.Dataset.range(n).batch(4).unbatch().map(lambda x: x * x),
        "take_of_arg": lambda n: tf.data.Dataset.range(100).take(n),
        "batch_of_arg": lambda n: tf.data.Dataset.range(10).batch(n).map(
            lambda b: tf.reduce_max(b)),
        "shard": lambda n: tf.data.Dataset.range(n * 2).shard(3, 1),
        "unique": lambda n: tf.data.Dataset.from_tensor_slices([1, 2, 1, 3, 2]).unique().map(
            lambda x: tf.cast(x, tf.int64) * n),
        "ignore_errors": lambda n: tf.data.Dataset.range(n).ignore_errors(),
        "assert_cardinality": lambda n: tf.data.Dataset.range(5).apply(assert_count(5)),
        "counts_of_args": lambda n: tf.data.Dataset.range(20).shard(n - 4, n - 6).shuffle(
            n, seed=5).batch(n - 5, drop_remainder=True).map(lambda b: b[0] * 100 + b[1]),
        "window_of_args": lambda n: tf.data.Dataset.range(10).window(n - 4, n - 5).flat_map(
            lambda w: w.batch(3)).map(lambda b: tf.reduce_sum(b) * 10),
        "padded_batch_of_arg": lambda n: tf.data.Dataset.range(6).map(
            lambda x: tf.fill([x], x)).padded_batch(n - 4, drop_remainder=True).map(
            lambda b: tf.reduce_sum(b) + tf.size(b, out_type=tf.int64)),
        "group_by_window": lambda n: tf.data.Dataset.range(n * 2).group_by_window(
            lambda x: x % 3, lambda k, w: w.batch(2).map(lambda b: tf.reduce_sum(b) * (k + 1)),
            window_size=2),
        "group_by_window_size_func": lambda n: tf.data.Dataset.range(n * 2).group_by_window(
            lambda x: x % 2, lambda k, w: w.batch(5).map(lambda b: b[0] * 7 + b[-1] + n),
            window_size_func=lambda k: k + 2),
        "choose_from_datasets": lambda n: tf.data.Dataset.choose_from_datasets(
            [tf.data.Dataset.range(n), tf.data.Dataset.range(100, 110)],
            tf.data.Dataset.range(3).map(lambda x: x % 2).repeat()).map(lambda x: x * 3),
        "sample_from_datasets": lambda n: tf.data.Dataset.sample_from_datasets(
            [tf.data.Dataset.range(n), tf.data.Dataset.range(100, 110)], [0.3, 0.7],
            seed=11).take(8).enumerate().map(lambda i, x: (i + 1) * x),
        "random": lambda n: tf.data.Dataset.random(seed=4).take(n).map(lambda x: x % 1000),
        "repeat_of_arg": lambda n: tf.data.Dataset.range(3).repeat(n),
        "map_parallel": lambda n: tf.data.Dataset.range(n).map(lambda x: x * x,
                                                               num_parallel_calls=2),
        "take_while": lambda n: tf.data.Dataset.range(n).take_while(lambda x: x < 4),
        "flat_map": lambda n: tf.data.Dataset.range(n).flat_map(
            lambda x: tf.data.Dataset.range(x).map(lambda y: y * n)),
        "interleave": lambda n: tf.data.Dataset.range(n).interleave(
            lambda x: tf.data.Dataset.from_tensors(x).repeat(2), cycle_length=2),
        "interleave_parallel": lambda n: tf.data.Dataset.range(n).interleave(
            lambda x: tf.data.Dataset.range(x), cycle_length=2, num_parallel_calls=2,
            deterministic=True),
        "window": lambda n: tf.data.Dataset.range(n).window(3, 2).flat_map(
            lambda w: w.batch(3)).map(lambda b: tf.reduce_sum(b) * 10 + tf.size(
                b, out_type=tf.int64)),
    }
    out = {name: (lambda mk: lambda n: total(mk(n)))(mk) for name, mk in pipes.items()}

    def for_loop(n):
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(n).filter(lambda x: x % 2 == 0):
            s += x * x
        return s

    def iter_next(n):
        it = iter(tf.data.Dataset.range(n).map(lambda x: x + 10))
        a = next(it)
        b = next(it)
        return a * 100 + b

    def single_element(n):
        return tf.data.Dataset.from_tensors(n * 3).get_single_element()

    def for_batches(n):
        # (the filter's parameter is named as the loop's target: not a loop variable)
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(n).filter(lambda x: x % 2 == 0).batch(2):
            s += tf.reduce_sum(x) * tf.size(x, out_type=tf.int64)
        return s

    def for_break(n):
        s = tf.constant(0, tf.int64)
        for a, b in tf.data.Dataset.zip((tf.data.Dataset.range(n), tf.data.Dataset.range(5, 50))):
            if a > 3:
                break
            s += a * b
        return s

    def dict_elements(n):
        ds = tf.data.Dataset.from_tensor_slices({"a": tf.range(n), "b": tf.range(n) * 2})
        ds = ds.map(lambda d: {"p": d["a"] * d["b"], "q": d["a"]}).batch(2)
        it = iter(ds)
        first = next(it)
        return tf.reduce_sum(first["p"]) * 1000 + total(ds.map(lambda d: d["p"] + d["q"]))

    def optional(n):
        it = iter(tf.data.Dataset.range(n).skip(n - 2))
        got = []
        for _ in range(3):
            o = it.get_next_as_optional()
            got.append(tf.cond(o.has_value(), lambda: o.get_value() + 5,
                               lambda: tf.constant(-1, tf.int64)))
        return got[0] * 10000 + got[1] * 100 + got[2]

    out.update(optional=optional, for_loop=for_loop, iter_next=iter_next,
               single_element=single_element, for_break=for_break, for_batches=for_batches,
               dict_elements=dict_elements)
    return out


# pipelines whose GraphDef (DatasetToGraphV2) goes between the two packages
def graph_pipelines(tf):
    c = tf.constant(3, tf.int64)
    return {
        "range_map_batch": tf.data.Dataset.range(5).map(lambda x: x * c).batch(2),
        "slices_filter": tf.data.Dataset.from_tensor_slices([1.5, -2.0, 3.25]).filter(
            lambda x: x > 0),
        "flat_map_window": tf.data.Dataset.range(6).window(2).flat_map(
            lambda w: w.batch(2)).map(lambda b: b * c),
        "zip_take": tf.data.Dataset.zip((tf.data.Dataset.range(4),
                                         tf.data.Dataset.from_tensors([1, 2]).repeat())).take(3),
    }
