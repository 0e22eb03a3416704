"""Dataset.window over elements holding a None (TF's NoneTensorSpec): the element spec
counts a window dataset for each component, the None's too, where TF's window kernel
makes none for a None (it has no tensor), so TF's MakeIterator refuses an iterator of
those windows (or of a dataset passing them on unchanged) for the counts differing.
Windows a flat_map or interleave reads the tensors' windows of still iterate. Shared by
test_window_nones.py (eagerflow) and record_window_nones.py (TensorFlow 2.21), each
calling `run(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads this
file too."""

import re
from typing import Any

# (a dataset op's number counts the process's ops; TF names output_types or output_shapes
# of an empty list from run to run)
_VARYING = ((re.compile(r"Dataset:\d+ transformation"), "Dataset:N transformation"),
            (re.compile(r"attr 'output_(types|shapes)' of 0"), "attr 'output_*' of 0"))


def _probe(make: Any) -> Any:
    try:
        return {"values": [str(w)[:80] for w in make()][:3]}
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        message = str(e)
        for pattern, text in _VARYING:
            message = pattern.sub(text, message)
        return {"error": type(e).__name__, "message": message}


def _programs(tf: Any) -> dict:
    def pairs() -> Any:
        return tf.data.Dataset.range(4).map(lambda x: (x, None))

    return {
        "window": lambda: pairs().window(2),
        "window of slices": lambda: tf.data.Dataset.from_tensor_slices(([1, 2, 3], None))
        .window(2),
        "window of a dict": lambda: tf.data.Dataset.range(4).map(lambda x: {"a": x, "b": None})
        .window(2),
        "window, None nested": lambda: tf.data.Dataset.range(4).map(lambda x: (x, (None, x)))
        .window(3, shift=1, drop_remainder=True),
        "take": lambda: pairs().window(2).take(1),
        "prefetch": lambda: pairs().window(2).prefetch(1),
        "repeat": lambda: pairs().window(2).repeat(2),
        "cache": lambda: pairs().window(2).cache(),
        "with_options": lambda: pairs().window(2).with_options(tf.data.Options()),
        "flat_map of the tensors' windows": lambda: pairs().window(2)
        .flat_map(lambda a, b: a),
        "interleave of the tensors' windows": lambda: pairs().window(2)
        .interleave(lambda a, b: a),
        "map to the tensors' windows": lambda: pairs().window(2).map(lambda a, b: a),
        "reduce": lambda: [pairs().window(2).reduce(0, lambda s, w: s)],
        "window without a None": lambda: tf.data.Dataset.range(3).map(lambda x: (x, x))
        .window(2).flat_map(lambda a, b: tf.data.Dataset.zip((a, b))),
        **_reading_the_none(tf, pairs),
    }


def _reading_the_none(tf: Any, pairs: Any) -> dict:
    """flat_map / interleave functions that read the None's window, which TF's kernel
    never passes: the windows after it move down one argument and the last ones are
    missing, so reading it fails as the function runs ("Argument 1 is out of range"); a
    function returning a dataset of Nones is refused as the op is made."""
    def nested() -> Any:
        return tf.data.Dataset.range(4).map(lambda x: (x, (None, x))).window(
            3, shift=1, drop_remainder=True)

    def dicts() -> Any:
        return tf.data.Dataset.range(4).map(lambda x: {"a": x, "b": None}).window(2)

    return {
        "flat_map of a zip with the None's window": lambda: pairs().window(2)
        .flat_map(lambda a, b: tf.data.Dataset.zip((a, b))),
        "flat_map of the None's window zipped first": lambda: pairs().window(2)
        .flat_map(lambda a, b: tf.data.Dataset.zip((b, a))),
        "flat_map returning the None's window": lambda: pairs().window(2)
        .flat_map(lambda a, b: b),
        "flat_map mapping the None's window": lambda: pairs().window(2)
        .flat_map(lambda a, b: b.map(lambda v: 1)),
        "flat_map of the None window's cardinality": lambda: pairs().window(2)
        .flat_map(lambda a, b: tf.data.Dataset.from_tensors(b.cardinality())),
        "flat_map reducing the None's window": lambda: pairs().window(2).flat_map(
            lambda a, b: tf.data.Dataset.from_tensors(b.reduce(0, lambda s, v: s + 1))),
        "flat_map's element_spec": lambda: [pairs().window(2)
                                            .flat_map(lambda a, b: tf.data.Dataset.zip((a, b)))
                                            .element_spec],
        "interleave returning the None's window": lambda: pairs().window(2)
        .interleave(lambda a, b: b),
        "interleave of a zip with the None's window": lambda: pairs().window(2)
        .interleave(lambda a, b: tf.data.Dataset.zip((a, b))),
        "flat_map of a dict's zip": lambda: dicts().flat_map(lambda d: tf.data.Dataset.zip(d)),
        "flat_map of a dict's tensor window": lambda: dicts().flat_map(lambda d: d["a"]),
        "flat_map of a dict's None window": lambda: dicts().flat_map(lambda d: d["b"]),
        "flat_map, None nested: the first window": lambda: nested()
        .flat_map(lambda a, bc: a),
        "flat_map, None nested: a zip with the last window": lambda: nested()
        .flat_map(lambda a, bc: tf.data.Dataset.zip((a, bc[1]))),
        "flat_map, None nested: the None's window": lambda: nested()
        .flat_map(lambda a, bc: bc[0]),
        "flat_map of slices' windows zipped": lambda: tf.data.Dataset.from_tensor_slices(
            ([1, 2, 3], None)).window(2).flat_map(lambda a, b: tf.data.Dataset.zip((a, b))),
    }


def run(tf: Any) -> dict:
    return {name: _probe(make) for name, make in _programs(tf).items()}
