"""Dataset.window over elements holding a None (TF's NoneTensorSpec): the element spec
counts a window dataset for each component, the None's too, where TF's window kernel
makes none for a None (it has no tensor), so TF's MakeIterator refuses an iterator of
those windows (or of a dataset passing them on unchanged) for the counts differing.
Windows a flat_map or interleave reads the tensors' windows of still iterate. Shared by
test_window_nones.py (eagerflow) and record_window_nones.py (TensorFlow 2.21), each
calling `run(tf)` with its own `tf`. No eagerflow imports: TF's interpreter loads this
file too."""

from typing import Any


def _probe(make: Any) -> Any:
    try:
        return {"values": [str(w)[:80] for w in make()][:3]}
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": str(e)}


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
    }


def run(tf: Any) -> dict:
    return {name: _probe(make) for name, make in _programs(tf).items()}
