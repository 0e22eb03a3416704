"""Records TF 2.21's `__name__`/`__qualname__` of the public functions, for
test_function_names.py.

Run with the reference interpreter:
`TF_CPP_MIN_LOG_LEVEL=3 /work/tfref/bin/python tests/core/record_function_names.py`.
Writes {namespace: {attribute: name, or [name, qualname] where they differ}} to
function_names_golden.json, for the namespaces below (raw_ops left out: its functions are
named after their ops, and eagerflow holds only the ops it implements).
"""

import inspect
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.golden_io import write_json  # noqa: E402

NAMESPACES = ("", "math", "nn", "linalg", "strings", "image", "random", "signal", "sparse",
              "ragged", "bitwise", "io", "data", "dtypes", "debugging", "keras.ops",
              "keras.activations", "keras.losses", "io.gfile", "summary", "data.experimental",
              "math.special", "sets", "audio", "quantization", "compat.v1", "compat.v1.math",
              "compat.v1.nn", "compat.v1.linalg", "compat.v1.image", "compat.v1.strings",
              "compat.v1.sparse", "compat.v1.losses", "compat.v1.bitwise", "compat.v1.debugging",
              "compat.v1.signal", "compat.v1.sets", "compat.v1.io", "compat.v1.random",
              "compat.v1.manip", "compat.v1.spectral", "compat.v1.quantization",
              "compat.v1.ragged", "compat.v1.gfile", "compat.v1.summary", "compat.v1.train")


def namespace(path):
    module = tf
    for part in path.split(".") if path else ():
        module = getattr(module, part)
    return module


def names(module):
    out = {}
    for attr in sorted(dir(module)):
        if attr.startswith("_"):
            continue
        fn = getattr(module, attr, None)
        if inspect.isclass(fn) or inspect.ismodule(fn) or not callable(fn) \
                or not hasattr(fn, "__name__"):
            continue
        name, qualname = fn.__name__, getattr(fn, "__qualname__", fn.__name__)
        out[attr] = name if name == qualname else [name, qualname]
    return out


def main():
    out = {path: names(namespace(path)) for path in NAMESPACES}
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "function_names_golden.json"),
               out, end="\n", indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
