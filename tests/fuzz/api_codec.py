"""How an API fuzz call and its outcome are written down, to replay the call in real TF.

Imported under eagerflow (tests/fuzz/api_record.py writes each call of test_api_fuzz.py when
EAGERFLOW_FUZZ_RECORD names a file) and under TensorFlow (tf_api_worker.py replays them), so
it imports neither: only NumPy. An argument that is a tensor, a DType or a TensorShape travels
as a tagged tuple (`TAGS`); plain Python and NumPy values as themselves. An outcome is a list
of leaves, read by duck typing so that the same code summarizes both frameworks' results:

- ("E", error class, first line of its message) for a call that raised;
- ("T", dtype, shape, values or None past SMALL elements) per tensor (a variable's too);
- ("C", type name) before a composite's component tensors (ragged, sparse, slices);
- ("D", dtype), ("S", dims), ("P", repr) for a DType, a TensorShape, a Python value;
- ("O", type name) for anything else.
"""

from __future__ import annotations

from typing import Any

import numpy as np

TENSOR, DTYPE, SHAPE, OPAQUE, OBJECT = ("\x00tensor", "\x00dtype", "\x00shape", "\x00opaque",
                                        "\x00object")
TAGS = (TENSOR, DTYPE, SHAPE, OPAQUE, OBJECT)
SMALL = 4096  # elements of an array kept in a record (larger: its dtype and shape only)


def tagged(value: Any) -> str | None:
    """The tag of an encoded argument, or None for a plain value."""
    if isinstance(value, tuple) and value and isinstance(value[0], str) and value[0] in TAGS:
        return value[0]
    return None


def decode(value: Any, tf: Any, tensor: Any, opaque: Any) -> Any:
    """An encoded argument as a value of the framework `tf` again (`encode`'s inverse):
    `tensor` makes a tagged array a tensor, `opaque` the object no API accepts."""
    tag = tagged(value)
    if tag == TENSOR:
        return tensor(value[1])
    if tag == DTYPE:
        return tf.as_dtype(value[1])
    if tag == SHAPE:
        return tf.TensorShape(value[1])
    if tag == OPAQUE:
        return opaque()
    if tag == OBJECT:
        return object
    if isinstance(value, (list, tuple)):
        return type(value)(decode(v, tf, tensor, opaque) for v in value)
    if isinstance(value, dict):
        return {k: decode(v, tf, tensor, opaque) for k, v in value.items()}
    return value


def error(exc: BaseException) -> list:
    text = str(exc).strip().splitlines()
    return [("E", type(exc).__name__, text[0] if text else "")]


def _array(t: Any) -> tuple:
    arr = np.asarray(t.numpy())
    if arr.dtype == object or arr.dtype.kind in "SU":
        arr = np.asarray(arr, dtype=object)
    name = getattr(getattr(t, "dtype", None), "name", str(arr.dtype))
    return ("T", name, tuple(arr.shape), arr if arr.size <= SMALL else None)


def _components(value: Any) -> list | None:
    """A composite tensor's parts (duck-typed: eagerflow's and TF's share the names)."""
    if hasattr(value, "flat_values") and hasattr(value, "nested_row_splits"):
        return [value.flat_values, *value.nested_row_splits]
    if all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
        return [value.indices, value.values, value.dense_shape]
    return None


def summarize(value: Any) -> list:
    """The leaves of a call's result (see the module's docstring)."""
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in summarize(v)]
    if isinstance(value, dict):
        return [leaf for k in sorted(value, key=repr) for leaf in
                [("P", repr(k)), *summarize(value[k])]]
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic)):
        return [("P", repr(value))]
    if isinstance(value, np.ndarray):
        return [("T", str(value.dtype), value.shape, value if value.size <= SMALL else None)]
    parts = _components(value)
    if parts is not None:
        return [("C", type(value).__name__)] + [leaf for p in parts for leaf in summarize(p)]
    if hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape"):
        try:
            return [_array(value)]
        except Exception as e:  # noqa: BLE001 - a result that can't be read is its error
            return [("O", f"{type(value).__name__} ({type(e).__name__}: {e})"[:200])]
    if hasattr(value, "as_numpy_dtype") and hasattr(value, "is_floating"):
        return [("D", value.name)]
    if hasattr(value, "as_list") and hasattr(value, "rank"):
        return [("S", repr(None if value.rank is None else value.as_list()))]
    return [("O", type(value).__name__)]


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    if a.dtype == object or b.dtype == object:
        return a.tolist() == b.tolist()
    if a.dtype.kind not in "fc" and str(a.dtype) not in ("bfloat16",):
        return np.array_equal(a, b)
    x, y = a.astype(np.complex128).ravel(), b.astype(np.complex128).ravel()
    if not np.array_equal(np.isnan(x), np.isnan(y)):
        return False
    fin = np.isfinite(y)
    if not np.array_equal(x[~fin & ~np.isnan(y)], y[~fin & ~np.isnan(y)]):
        return False
    rtol = {"float16": 1e-3, "bfloat16": 1e-2, "float32": 1e-5, "complex64": 1e-5}.get(
        str(a.dtype), 1e-9)
    scale = max(1.0, float(np.max(np.abs(y[fin]), initial=0.0)))
    return bool(np.all(np.abs(x[fin] - y[fin]) <= rtol * scale))


def difference(ours: list, theirs: list, values: bool = True) -> tuple[str, str] | None:
    """(kind, detail) where eagerflow's outcome differs from TF's, else None. The kinds, most
    telling first: "class" (one raised, the other didn't, or another class), "message",
    "structure", "dtype", "shape", "values", "python" (a Python value's repr)."""
    if _raised(ours) or _raised(theirs):
        if not (_raised(ours) and _raised(theirs)) or ours[0][1] != theirs[0][1]:
            return "class", f"{_short(ours)} | TF {_short(theirs)}"
        if ours[0][2] != theirs[0][2]:
            return "message", f"{ours[0][2][:200]!r} | TF {theirs[0][2][:200]!r}"
        return None
    if [leaf[0] for leaf in ours] != [leaf[0] for leaf in theirs]:
        return "structure", f"{_short(ours)} | TF {_short(theirs)}"
    for g, w in zip(ours, theirs):
        if g[0] == "T":
            if g[1] != w[1]:
                return "dtype", f"{g[1]}{list(g[2])} | TF {w[1]}{list(w[2])}"
            if tuple(g[2]) != tuple(w[2]):
                return "shape", f"{g[1]}{list(g[2])} | TF {w[1]}{list(w[2])}"
            if values and g[3] is not None and w[3] is not None and not _close(g[3], w[3]):
                return "values", f"{_head(g[3])} | TF {_head(w[3])}"
        elif g[0] in "DSP" and g[1] != w[1]:
            return "python", f"{g[1][:100]} | TF {w[1][:100]}"
    return None


def _raised(leaves: list) -> bool:
    return bool(leaves) and leaves[0][0] == "E"


def _head(a: np.ndarray) -> str:
    return " ".join(repr(a.ravel()[:6].tolist()).split())[:160]


def _short(leaves: list) -> str:
    if _raised(leaves):
        return f"{leaves[0][1]}: {leaves[0][2][:160]}"
    return " ".join(f"{leaf[0]}:{leaf[1]}" + (f"{list(leaf[2])}" if leaf[0] == "T" else "")
                    for leaf in leaves[:4])[:200]
