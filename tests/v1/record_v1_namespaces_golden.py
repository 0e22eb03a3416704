"""Records, for TF 1 namespaces of tf.compat.v1 (sparse, io, random, dtypes, sets, image,
manip, spectral, python_io, debugging, the saved_model constants, train's queue runner and
io names), what each name is in TF 2.21: the tf.compat.v1 top-level object it is
("v1:NAME"), else the TF 2 object it is ("tf:PATH"), else its value (constants), else
"own" (a function of that namespace alone). Writes golden/v1_namespaces.json.

Run: $EAGERFLOW_TF_PYTHON tests/v1/record_v1_namespaces_golden.py
"""

from __future__ import annotations

import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tests.golden_io import write_json  # noqa: E402

NAMESPACES = ["sparse", "io", "random", "dtypes", "sets", "image", "manip", "spectral",
              "python_io", "debugging", "saved_model.constants",
              "saved_model.signature_constants", "saved_model.tag_constants",
              "train.queue_runner"]
TRAIN_NAMES = ["match_filenames_once", "write_graph", "QueueRunner", "add_queue_runner",
               "start_queue_runners", "limit_epochs", "input_producer",
               "string_input_producer", "range_input_producer", "slice_input_producer",
               "batch", "batch_join", "shuffle_batch", "shuffle_batch_join", "maybe_batch",
               "maybe_batch_join", "maybe_shuffle_batch", "maybe_shuffle_batch_join"]
TF2 = ["sparse", "io", "random", "dtypes", "sets", "image", "signal", "math", "linalg",
       "debugging", "queue", "saved_model", ""]


def resolve(tf, path: str) -> object:
    obj = tf
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def where(tf, obj: object) -> str:
    """What `obj` is, in words that name the same thing in TF and in eagerflow."""
    v1 = tf.compat.v1
    if isinstance(obj, (str, int, float, bytes)):
        return f"value:{obj!r}"
    for name in sorted(dir(v1)):
        if not name.startswith("_") and getattr(v1, name, None) is obj:
            return f"v1:{name}"
    for mod in TF2:
        space = resolve(tf, mod) if mod else tf
        for name in sorted(dir(space)):
            if not name.startswith("_") and getattr(space, name, None) is obj:
                return f"tf:{mod + '.' if mod else ''}{name}"
    return "own"


def record(tf) -> dict:
    out: dict = {}
    for ns in NAMESPACES:
        mod = resolve(tf.compat.v1, ns)
        out[ns] = {n: where(tf, getattr(mod, n)) for n in sorted(dir(mod))
                   if not n.startswith("_")
                   and not isinstance(getattr(mod, n), types.ModuleType)}
    out["train"] = {n: where(tf, getattr(tf.compat.v1.train, n)) for n in TRAIN_NAMES}
    return out


if __name__ == "__main__":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden",
                            "v1_namespaces.json"), record(tf), indent=1, sort_keys=True)
