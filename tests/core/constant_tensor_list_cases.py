"""tf.constant of Python lists holding tensors, which TF's sequence conversion (unlike
convert_to_tensor's autopacking) refuses where it samples a tensor: the first element,
descended to a scalar. Shared by test_constant_tensor_lists.py (eagerflow) and
record_constant_tensor_lists.py (TensorFlow 2.21), each calling `run(tf)` with its own
`tf`. No eagerflow imports: TF's interpreter loads this file too."""

import re
from typing import Any

from tests.core.core_probe_io import outcome


def _probe(fn: Any) -> Any:
    # (the error holds the traceback of the library's own __len__: its file and line are
    # each library's)
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__,
                "message": re.sub(r'File "[^"]+", line \d+', 'File "FILE", line N', str(e))}
    return outcome(lambda: r)


def _programs(tf: Any) -> dict:
    one, two = tf.constant(1), tf.constant(2)
    return {
        "scalar tensor first": lambda: tf.constant([one, 2]),
        "nested": lambda: tf.constant([[one], [2]]),
        "tensors only": lambda: tf.constant([one, two]),
        "nested tensors only": lambda: tf.constant([[one], [two]]),
        "vector tensor first": lambda: tf.constant([tf.constant([1, 2]), [3, 4]]),
        "vector tensors only": lambda: tf.constant([tf.constant([1, 2]), tf.constant([3, 4])]),
        "float": lambda: tf.constant([tf.constant(1.0), 2.0]),
        "one tensor": lambda: tf.constant([one]),
        "tuple": lambda: tf.constant((one, 2)),
        "with dtype": lambda: tf.constant([one, 2], dtype=tf.float32),
        "with shape": lambda: tf.constant([one, 2], shape=[2, 1]),
        "string": lambda: tf.constant([tf.constant("a"), "b"]),
        "variable first": lambda: tf.constant([tf.Variable(1), 2]),
        "no tensor": lambda: tf.constant([[1], [2]]),
        "convert_to_tensor packs": lambda: tf.convert_to_tensor([one, 2]),
        "convert_to_tensor packs nested": lambda: tf.convert_to_tensor([[one], [two]]),
    }


def run(tf: Any) -> dict:
    return {name: _probe(fn) for name, fn in _programs(tf).items()}
