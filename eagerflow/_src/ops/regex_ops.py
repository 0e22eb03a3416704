"""TF's RegexReplace and RegexFullMatch: regular expressions given as tensors.

Ops layer, after re2.py and before string_ops.py (whose tf.strings.regex_replace and
regex_full_match bind these when the pattern or rewrite is a tensor, and the Static* ops
when they are Python strings). Both match with RE2's semantics (re2.py); an eager call
checks the pattern when the kernel runs, as TF's, and a traced one when the graph runs.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

re2 = lazy_module("eagerflow._src.ops.re2")  # RE2 patterns: loaded by the first regex op


def re2_template(rewrite: str, groups: int) -> str | None:
    """RE2's rewrite string as a Python re template: \\0 is the whole match, \\1-\\9 the
    groups, \\\\ a backslash. A reference to a group the pattern lacks makes RE2 replace
    nothing (None); any other escape ends the rewrite there (RE2 logs it and keeps what
    came before)."""
    out, i = [], 0
    while i < len(rewrite):
        c = rewrite[i]
        if c != "\\":
            out.append(c)
        elif i + 1 < len(rewrite) and rewrite[i + 1].isdigit():
            if int(rewrite[i + 1]) > groups:
                return None
            out.append(f"\\g<{rewrite[i + 1]}>")
            i += 1
        elif i + 1 < len(rewrite) and rewrite[i + 1] == "\\":
            out.append("\\\\")
            i += 1
        else:
            break
        i += 1
    return "".join(out)



def replacer(pattern: str, rewrite: str, replace_global: bool, op: str) -> Callable:
    """bytes -> bytes: RE2's replacement of the first or every match of `pattern` by
    `rewrite` (the pattern compiled once; its errors name `op`)."""
    rx = re2.compile_re2(pattern, op)
    template = re2_template(rewrite, rx.groups)
    if template is None or not (replace_global or _valid_rewrite(rewrite)):
        # (RE2's Replace of one match replaces nothing where the rewrite has an escape
        # it refuses; its GlobalReplace keeps what came before the escape)
        return lambda v: v
    return rx.replacer(template, replace_global)


def _valid_rewrite(rewrite: str) -> bool:
    """Whether each backslash of `rewrite` escapes a digit or a backslash (RE2's rule)."""
    return re.fullmatch(r"(?:[^\\]|\\[0-9\\])*", rewrite, re.S) is not None


def _scalar_text(op: str, what: str, t: Any, errors: str = "replace") -> str:
    """A scalar string tensor's text (`errors`: how its invalid UTF-8 bytes decode; a
    rewrite's keep their bytes through re2's surrogateescape, as RE2 copies them)."""
    arr = np.asarray(t, dtype=object)
    if arr.ndim:
        raise C.fail(op, f"{what} must be scalar, but received [{','.join(map(str, arr.shape))}]")
    v = arr[()]
    return v.decode("utf-8", errors) if isinstance(v, bytes) else str(v)


def _each(fn: Callable, x: Any, out: Any) -> np.ndarray:
    res = np.empty(x.size, dtype=out)
    res[:] = [fn(v) for v in np.asarray(x, dtype=object).reshape(-1).tolist()]
    return res.reshape(np.shape(x))


def _scalar_infer(op: str, what: str, t: Any) -> None:
    C.check_string(op, t)
    if t._shape is not None and len(t._shape) != 0:
        if _state.graph is not None:  # (TF's shape function: a ValueError naming the node)
            raise C.fail(op, f"Shape must be rank 0 but is rank {len(t._shape)}")
        raise C.fail(op, f"{what} must be scalar, but received "
                         f"[{','.join(str(d) for d in t._shape)}]")


def _replace_infer(x: Any, pattern: Any, rewrite: Any, *, replace_global: bool) -> list:
    C.check_string("RegexReplace", x)
    _scalar_infer("RegexReplace", "Pattern", pattern)
    _scalar_infer("RegexReplace", "Rewrite", rewrite)
    return [(x._shape, dt.string)]


def _replace_kernel(xp: Any, x: Any, pattern: Any, rewrite: Any, *,
                    replace_global: bool) -> np.ndarray:
    fn = replacer(_scalar_text("RegexReplace", "Pattern", pattern, "surrogateescape"),
                  _scalar_text("RegexReplace", "Rewrite", rewrite, "surrogateescape"),
                  replace_global,
                  "RegexReplace")
    return _each(fn, x, object)


def _replace_ref(x: np.ndarray, pattern: np.ndarray, rewrite: np.ndarray, *,
                 replace_global: bool) -> np.ndarray:
    """Python's re on the samples' patterns (no empty matches: RE2 and re agree there)."""
    rx = re.compile(pattern[()])
    rw = rewrite[()].replace(b"\\0", b"\\g<0>")
    return _each(lambda v: rx.sub(rw, v, count=0 if replace_global else 1), x, object)


def _match_infer(x: Any, pattern: Any) -> list:
    C.check_string("RegexFullMatch", x)
    _scalar_infer("RegexFullMatch", "Pattern", pattern)
    return [(x._shape, dt.bool)]


def _match_kernel(xp: Any, x: Any, pattern: Any) -> np.ndarray:
    rx = re2.compile_re2(_scalar_text("RegexFullMatch", "Pattern", pattern, "surrogateescape"),
                         "RegexFullMatch")
    return _each(rx.fullmatch, x, bool)


def _match_ref(x: np.ndarray, pattern: np.ndarray) -> np.ndarray:
    rx = re.compile(pattern[()])
    return _each(lambda v: rx.fullmatch(v) is not None, x, bool)


_TEXTS = np.array([[b"hello world", b"abc"], [b"", b"lull"]], dtype=object)


def _s(v: bytes) -> np.ndarray:
    return np.array(v, dtype=object)


REGEX_REPLACE = register(OpDef(
    "RegexReplace", _replace_infer, _replace_kernel, reference=_replace_ref, gpu=False,
    samples=lambda: [
        Sample((_TEXTS, _s(b"l+"), _s(b"<\\0>")), {"replace_global": True}, grad=False),
        Sample((_TEXTS, _s(b"(o|u)"), _s(b"_")), {"replace_global": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((_TEXTS, np.array([b"a", b"b"], dtype=object), _s(b"x")),
                  {"replace_global": True}, InvalidArgumentError,
                  "Pattern must be scalar, but received [2]"),
        BadSample((_TEXTS, _s(b"(a"), _s(b"x")), {"replace_global": True},
                  InvalidArgumentError, "Invalid pattern: (a, error: missing ): (a")],
))
REGEX_FULL_MATCH = register(OpDef(
    "RegexFullMatch", _match_infer, _match_kernel, reference=_match_ref, gpu=False,
    samples=lambda: [Sample((_TEXTS, _s(b"[a-z ]+")), {}, grad=False)],
    bad_samples=lambda: [
        BadSample((_TEXTS, _s(b"(?=a)")), {}, InvalidArgumentError,
                  "Invalid pattern: (?=a), error: invalid perl operator: (?=")],
))
