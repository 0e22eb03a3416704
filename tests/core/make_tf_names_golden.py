"""Records the public names of every TF 2.21 namespace, for test_tf_names.py.

Run with the reference interpreter: `/work/tfref/bin/python tests/core/make_tf_names_golden.py`.
Walks tf and its public sub-namespaces (TF's API modules, tf.compat and
tf.keras left out: Keras has its own audit in tests/keras/keras3, compat.v1 is TF 1's API)
and writes {namespace: [names]} to tf_names.json.
"""

import os
import sys
import types

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from tests.golden_io import write_json  # noqa: E402


def public(module_name):
    """A module of TF's public API (tensorflow._api.v2.*, or tensorflow.experimental and
    the like), not one of its implementation (tensorflow.python.*, tensorflow.core.*)."""
    parts = module_name.split(".")
    return parts[0] == "tensorflow" and len(parts) > 1 and parts[1] not in (
        "python", "core", "compiler", "dtensor", "lite", "tsl", "include")


def walk(module, path, out):
    names = sorted(n for n in dir(module) if not n.startswith("_"))
    out[path] = names
    for n in names:
        v = getattr(module, n, None)
        if isinstance(v, types.ModuleType) and public(v.__name__) \
                and n not in ("compat", "keras"):
            walk(v, f"{path}.{n}" if path else n, out)


def main():
    out = {}
    walk(tf, "", out)
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_names.json"),
               out, end="\n", indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
