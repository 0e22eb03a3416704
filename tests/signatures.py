"""The public signatures of a TF-like module, by dotted name: what record_tf_signatures.py
writes for TF and test_tf_signatures.py computes for eagerflow (one definition for both)."""

from __future__ import annotations

import inspect
import types
from typing import Any

NAMESPACES = ["", "math", "linalg", "nn", "image", "strings", "random", "signal", "io", "sparse",
              "ragged", "bitwise", "audio", "config", "debugging", "dtypes", "summary", "train",
              "saved_model", "distribute", "data", "data.experimental", "test", "autograph",
              "experimental", "nest", "sets", "quantization", "lookup", "types.experimental",
              "random.experimental", "io.gfile", "config.experimental", "linalg.experimental",
              "errors"]


def _params(fn: Any) -> list | None:
    target = fn.__init__ if inspect.isclass(fn) else fn
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        if p.name == "self":
            continue
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        if default is not None and " at 0x" in default:
            default = "<object>"
        out.append([p.name, p.kind.name, default])
    return out


def signatures(module: Any) -> dict:
    """{"math.atan2": [[name, kind, default repr or None], ...], ...}"""
    out = {}
    for space in NAMESPACES:
        obj = module
        try:
            for part in filter(None, space.split(".")):
                obj = getattr(obj, part)
        except AttributeError:
            continue
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                fn = getattr(obj, name)
            except Exception:  # (lazy attributes that fail to load)
                continue
            if isinstance(fn, types.ModuleType) or not callable(fn):
                continue
            params = _params(fn)
            if params is not None:
                out[f"{space}.{name}" if space else name] = params
    return out
