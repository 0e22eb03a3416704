"""Python sequences holding objects of an arbitrary class (and None, dicts, ragged rows)
converted to a tensor, eagerly and while a tf.function traces: eagerly TF raises
ValueError, naming the first object it cannot convert when the sequence starts with one,
else "mixed types"; while tracing NumPy converts them, and TF refuses the object arrays
("Failed to convert elements") and NumPy's ragged lists. Shared by
test_object_conversion.py (eagerflow) and record_object_conversion.py (TensorFlow 2.21),
each calling `outcomes(tf)` with its own `tf`. No eagerflow imports: TF's interpreter
loads this file too."""

import re


class A:
    """An object of a class TF knows nothing of (its repr names this module, not TF's)."""


A.__module__, A.__qualname__ = "m", "A"


def _calls(tf):
    return {
        "ctt [A, A]": lambda: tf.convert_to_tensor([A(), A()]),
        "ctt [1, A]": lambda: tf.convert_to_tensor([1, A()]),
        "ctt [A, 1]": lambda: tf.convert_to_tensor([A(), 1]),
        "ctt [[1], [A]]": lambda: tf.convert_to_tensor([[1], [A()]]),
        "ctt [1.5, A]": lambda: tf.convert_to_tensor([1.5, A()]),
        "ctt ['a', A]": lambda: tf.convert_to_tensor(["a", A()]),
        "ctt (A,)": lambda: tf.convert_to_tensor((A(),)),
        "ctt A": lambda: tf.convert_to_tensor(A()),
        "ctt [A] float32": lambda: tf.convert_to_tensor([A()], dtype=tf.float32),
        "ctt [None]": lambda: tf.convert_to_tensor([None]),
        "ctt [1, None]": lambda: tf.convert_to_tensor([1, None]),
        "ctt [{}]": lambda: tf.convert_to_tensor([{}]),
        "constant [A]": lambda: tf.constant([A()]),
        "constant A": lambda: tf.constant(A()),
        "constant [1, A] float32": lambda: tf.constant([1, A()], dtype=tf.float32),
        "add [A] 1": lambda: tf.add([A()], 1),
        # (ragged lists: TF's eager conversion takes one with an empty row, its graph's
        # NumPy refuses them all)
        "ctt [[], [1]]": lambda: tf.convert_to_tensor([[], [1]]),
        "constant [[], [1]]": lambda: tf.constant([[], [1]]),
        "add [[], [1]] 1": lambda: tf.add([[], [1]], 1),
        "ctt [[1, 2], [3]]": lambda: tf.convert_to_tensor([[1, 2], [3]]),
        "ctt [[1.0], []] float32": lambda: tf.convert_to_tensor([[1.0], []], dtype=tf.float32),
        "ctt 2**70": lambda: tf.convert_to_tensor(2**70),
        "ctt {'a': 1}": lambda: tf.convert_to_tensor({"a": 1}),
    }


def _outcome(fn):
    try:
        return ["ok", repr(fn())]
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return [type(e).__name__, re.sub(r"0x[0-9a-f]+", "0x?", str(e))]


def outcomes(tf):
    """{"call [traced]": [error class, message] or ["ok", repr]}."""
    out = {}
    for name, fn in _calls(tf).items():
        out[name] = _outcome(fn)
        traced = tf.function(lambda fn=fn: fn(), autograph=False)
        out[f"{name} traced"] = _outcome(traced)
    return out
