"""tf.functions whose input_signature is a tf.data.IteratorSpec, saved in a SavedModel, run
by TensorFlow 2.21 (golden/make_iterator_signature_form.py) and by eagerflow
(test_iterator_signature_form.py); each function takes the `tf` module it runs under.

`module(tf)` is a tf.Module of two such functions: `next(it) * 2`, and the first element
or -1 under a tf.cond on the optional's has_value(). The SavedModel records each
argument as TF's DATA_ITERATOR_SPEC type spec, the function takes the iterator's
resource, and no serving signature is made of them (their input is no tensor). A call
passes an eager iterator; an iterator of another element spec fails in IteratorGetNext.
"""

from __future__ import annotations

import re
from typing import Any


def module(tf: Any) -> Any:
    spec = [tf.data.IteratorSpec(tf.TensorSpec([], tf.int64))]

    class M(tf.Module):
        @tf.function(input_signature=spec)
        def doubled(self, it: Any) -> Any:
            return next(it) * 2

        @tf.function(input_signature=spec)
        def first_or(self, it: Any) -> Any:
            o = it.get_next_as_optional()
            return tf.cond(o.has_value(), o.get_value, lambda: tf.constant(-1, tf.int64))

    return M()


def _outcome(fn: Any) -> Any:
    """The value `fn()` gives, or the class of its error and its kernel's words (the rest
    names the function, which loading renames)."""
    try:
        return fn().numpy().tolist()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        found = re.search(r"(End of sequence|Data type mismatch[^\n]*)", str(e))
        return {"error": type(e).__name__, "message": found.group() if found else str(e)}


def run(tf: Any, m: Any) -> dict:
    """What the functions of `m` (the module or its loaded SavedModel) compute."""
    it = iter(tf.data.Dataset.range(3, 5))
    out = {"doubled": [_outcome(lambda: m.doubled(it)) for _ in range(3)]}
    it = iter(tf.data.Dataset.range(3, 5))
    out["first_or"] = [_outcome(lambda: m.first_or(it)) for _ in range(3)]
    out["floats"] = _outcome(lambda: m.doubled(iter(tf.data.Dataset.from_tensor_slices([1.0]))))
    return out


def structure(saved_model: Any) -> dict:
    """The serving signatures, and per function its FunctionDef's argument dtypes."""
    meta = saved_model.meta_graphs[0]
    og = meta.object_graph_def
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    out: dict = {"signatures": sorted(meta.signature_def)}
    for name in ("doubled", "first_or"):
        fname = next(k for k in og.concrete_functions
                     if k.startswith(f"__inference_{name}_") and k[len(name) + 13:].isdigit())
        out[name] = [a.type for a in fdefs[fname].signature.input_arg]
    return out
