"""Uses of tf.compat.v1's TF 1 functions that TF 2 has no name for (sparse_matmul,
sparse_merge, the scatter_nd_* updates of a variable, make_template, the errors' code
tables, ...), written once for both implementations: each `program(tf)` calls them as a
TF 1 program does and returns what a user sees (values, dtypes, shapes, names, errors) as
JSON-able values. record_v1_api_golden.py runs them with TensorFlow 2.21 (with the `dir()`
of the namespaces of DIR_SPACES), test_v1_api.py with eagerflow, and compares.
"""

from __future__ import annotations

from tests.v1.v1ns_programs import _err, _try, _val  # noqa: F401

# the tf.compat.v1 namespaces whose `dir()` is recorded
DIR_SPACES = ("", "train", "train.experimental", "nn", "debugging", "image", "linalg",
              "errors", "ragged", "random", "sparse", "losses", "distribute", "user_ops",
              "mixed_precision", "mixed_precision.experimental")


def public_dir(module) -> list:
    return sorted(n for n in dir(module) if not n.startswith("_"))


def resolve(root, dotted: str):
    for part in filter(None, dotted.split(".")):
        root = getattr(root, part)
    return root


PROGRAMS: dict = {}
