"""Dataset elements holding None beside tensors (TF's NoneTensorSpec: a component of no
tensor), and filter / take_while predicates returning a dataset: shared by
test_none_components.py (eagerflow) and record_none_components.py (TensorFlow 2.21), each
calling `run(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads this file
too."""

import re
from typing import Any

from tests.core.core_probe_io import outcome


def _probe(fn: Any) -> Any:
    # (TF names either empty output attr from run to run: output_types, output_shapes)
    got = outcome(fn)
    if isinstance(got, dict):
        got["message"] = re.sub(r"attr '(T?output_types|output_shapes)'", "attr 'output_*'",
                                got["message"])
    return got


def _programs(tf: Any) -> dict:
    ds = tf.data.Dataset.range(4).map(lambda x: (x, None))
    pairs = tf.data.Dataset.range(2).map(lambda x: {"a": x, "b": None})

    @tf.function
    def loop():
        s = tf.constant(0, tf.int64)
        for x, _ in ds:
            s += x
        return s

    @tf.function
    def optional(it):
        return it.get_next_as_optional().get_value()

    @tf.function
    def first():
        return next(iter(ds))

    return {
        "spec": lambda: ds.element_spec, "repr": lambda: ds, "elements": lambda: list(ds),
        "batch": lambda: ds.batch(2).element_spec, "batches": lambda: list(ds.batch(2)),
        "batch drop": lambda: ds.batch(2, drop_remainder=True).element_spec,
        "ragged_batch": lambda: ds.ragged_batch(2).element_spec,
        "unbatch": lambda: ds.batch(2).unbatch().element_spec,
        "unbatched": lambda: list(ds.batch(3).unbatch()),
        "rebatch": lambda: ds.batch(2).rebatch(1).element_spec,
        "padded_batch": lambda: ds.padded_batch(2),
        "map dropping it": lambda: list(ds.map(lambda x, y: x + 1)),
        "map passing it": lambda: list(ds.map(lambda x, y: (x, y))),
        "parallel map": lambda: list(ds.map(lambda x, y: (x, y), num_parallel_calls=2)),
        "as_numpy_iterator": lambda: list(ds.as_numpy_iterator()),
        "from_tensors": lambda: tf.data.Dataset.from_tensors((1, None)).element_spec,
        "from_tensors elements": lambda: list(tf.data.Dataset.from_tensors((1, None))),
        "from_tensor_slices": lambda: list(tf.data.Dataset.from_tensor_slices(([1, 2], None))),
        "dict": lambda: pairs.element_spec, "dict elements": lambda: list(pairs),
        "only None": lambda: tf.data.Dataset.range(2).map(lambda x: None),
        "only Nones": lambda: tf.data.Dataset.range(2).map(lambda x: (None, None)),
        "from_tensors None": lambda: tf.data.Dataset.from_tensors(None),
        "from_tensors Nones": lambda: tf.data.Dataset.from_tensors((None, None)),
        "from_tensor_slices None": lambda: tf.data.Dataset.from_tensor_slices((None,)),
        "zip": lambda: tf.data.Dataset.zip((ds, ds)).element_spec,
        "take": lambda: list(ds.take(1)), "repeat": lambda: ds.repeat(2).cardinality(),
        "shuffle": lambda: len(list(ds.shuffle(4, seed=1))),
        "cache": lambda: list(ds.cache()), "prefetch": lambda: list(ds.prefetch(1)),
        "filter": lambda: list(ds.filter(lambda x, y: x > 1)),
        "take_while": lambda: list(ds.take_while(lambda x, y: x < 2)),
        "shard": lambda: list(ds.shard(2, 0)),
        "concatenate": lambda: ds.concatenate(ds).element_spec,
        "enumerate": lambda: ds.enumerate().element_spec,
        "scan": lambda: list(ds.scan(tf.constant(0, tf.int64), lambda s, e: (s + e[0], e))),
        "flat_map": lambda: list(ds.flat_map(
            lambda x, y: tf.data.Dataset.from_tensors((x, y)))),
        "interleave": lambda: list(ds.interleave(
            lambda x, y: tf.data.Dataset.from_tensors((x, y)), cycle_length=2)),
        "group_by_window": lambda: list(ds.group_by_window(
            lambda x, y: x % 2, lambda k, w: w.batch(2), window_size=2)),
        "choose_from_datasets": lambda: tf.data.Dataset.choose_from_datasets(
            [ds, ds], tf.data.Dataset.range(2)).element_spec,
        "get_single_element": lambda: ds.take(1).get_single_element(),
        "random access": lambda: tf.data.experimental.at(ds, 1),
        "random access dict": lambda: tf.data.experimental.at(pairs, 1),
        "random access dict past the end": lambda: tf.data.experimental.at(pairs, 2),
        "random access dict of tensors": lambda: tf.data.experimental.at(
            tf.data.Dataset.range(4).map(lambda x: {"a": x}), 3),
        "random access nested": lambda: tf.data.experimental.at(
            tf.data.Dataset.range(4).map(lambda x: (x, {"b": (x, None, x * 2)})), 2),
        "from_tensors list of None": lambda: tf.data.Dataset.from_tensors([None]),
        "from_tensors lists of None": lambda: tf.data.Dataset.from_tensors(
            ([[None], [None]], 1)).element_spec,
        "from_tensors dict of lists of None": lambda: tf.data.Dataset.from_tensors(
            {"a": [None, None]}),
        "from_tensor_slices list of None": lambda: tf.data.Dataset.from_tensor_slices(
            ([None], [1])).element_spec,
        "window flat_map": lambda: list(ds.window(2).flat_map(lambda x, y: x)),
        "reduce": lambda: ds.reduce(tf.constant(0, tf.int64), lambda s, e: s + e[0]),
        "optional": lambda: iter(ds).get_next_as_optional().get_value(),
        "Optional.from_value": lambda: tf.experimental.Optional.from_value(
            (1, None)).element_spec,
        "for in function": loop, "optional in function": lambda: optional(iter(ds)),
        "next in function": first,
        "filter returning a dataset": lambda: tf.data.Dataset.range(3).filter(
            lambda x: tf.data.Dataset.range(2)),
        "filter returning a bool dataset": lambda: tf.data.Dataset.range(3).filter(
            lambda x: tf.data.Dataset.from_tensors(True)),
        "take_while returning a dataset": lambda: tf.data.Dataset.range(3).take_while(
            lambda x: tf.data.Dataset.range(2)),
    }


def run(tf: Any) -> dict:
    return {name: _probe(fn) for name, fn in _programs(tf).items()}
