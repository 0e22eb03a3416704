"""What the sweeps against real TensorFlow share (tests/core/test_api_sweep.py,
test_operator_sweep.py, tests/data/test_dataset_sweep.py, tests/keras/test_function_sweep.py):
an outcome's text (a result's dtype, shape and values, or an error's class and first line),
how two outcomes match, the golden each recorder writes (a line per case, so that a change
reads as a diff) and the rule for each test's KNOWN list.

Imported by the recorders under TensorFlow and by the tests under eagerflow, so it imports
neither: only NumPy.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable

import numpy as np

from tests.golden_io import narrow_dtype_reprs, write_text


def show(r: Any, depth: int = 0) -> str:
    """A result as text: a tensor's dtype, shape and values (floats to 5 digits)."""
    if depth > 3:
        return "..."
    if hasattr(r, "dtype") and hasattr(r, "numpy") and hasattr(r, "shape"):
        try:
            a = np.asarray(r.numpy())
        except Exception:  # noqa: BLE001 - a symbolic value has none
            return f"<{type(r).__name__} no value>"
        if a.dtype.kind == "f" or r.dtype.name == "bfloat16":
            v = [f"{x:.5g}" for x in a.astype(np.float64).ravel()]
        elif a.dtype.kind == "c":
            v = [f"{x.real:.5g}{x.imag:+.5g}j" for x in a.ravel()]
        elif a.dtype.kind == "O":
            v = [repr(x) for x in a.ravel()]
        else:
            v = [str(x) for x in a.ravel()]
        return f"T({r.dtype.name},{list(a.shape)},{' '.join(v[:12])})"
    if isinstance(r, tuple):
        return f"{type(r).__name__}(" + ", ".join(show(x, depth + 1) for x in r) + ")"
    if isinstance(r, list):
        return "[" + ", ".join(show(x, depth + 1) for x in r[:8]) + "]"
    if isinstance(r, dict):
        return "{" + ", ".join(f"{k}: {show(v, depth + 1)}" for k, v in r.items()) + "}"
    if r is None or isinstance(r, (bool, int, float, str, bytes)):
        return repr(r)[:80]
    return f"<{type(r).__name__}>"


def message(e: BaseException) -> str:
    """An error as its class and first line, without what names the framework's own
    modules or memory, with arrays of ml_dtypes' dtypes as the goldens have them."""
    text = narrow_dtype_reprs(str(e).split("\n")[0])
    text = re.sub(r"<class '(tensorflow|eagerflow)\.[\w.]*\.(\w+)'>", r"<class '\2'>", text)
    text = re.sub(r"0x[0-9a-f]+", "0x", text)
    return f"{type(e).__name__}: {text[:200]}"


_MISSING = re.compile(r"missing \d+ required positional|Missing required positional argument")
_TENSOR = re.compile(r"T\((\w+),(\[[\d, ]*\]),(.*)\)$")


def _values_close(a: str, b: str) -> bool:
    xs, ys = a.split(), b.split()
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if x == y:
            continue
        try:
            u, v = complex(x.replace("inf", "1e999")), complex(y.replace("inf", "1e999"))
        except ValueError:
            return False
        if not np.isclose(u, v, rtol=2e-4, atol=1e-6):
            return False
    return True


def same(want: str, got: str) -> bool:
    """Whether two outcomes match: the same text, tensors of one dtype and shape whose
    values agree to four digits, or two errors that both say arguments are missing (Python
    words that one from the signature, TF's dispatch wrapper its own way)."""
    if want == got:
        return True
    if _MISSING.search(want) and _MISSING.search(got):
        return want.split(":")[0] == got.split(":")[0]
    w, g = _TENSOR.match(want), _TENSOR.match(got)
    return bool(w and g and w.group(1, 2) == g.group(1, 2)
                and _values_close(w.group(3), g.group(3)))


def write_outcomes(path: str, tf_version: str, cases: Iterable, outcome: Callable) -> None:
    """The golden of a sweep: `outcome(case)` for each case, keyed by the case's parts."""
    lines = [f"{json.dumps('|'.join(map(str, c)))}: {json.dumps(outcome(c))}" for c in cases]
    write_text(path, f'{{"tf_version": {json.dumps(tf_version)},\n"outcomes": {{\n'
               + ",\n".join(lines) + "\n}}\n")


def on_cpu(tf: Any, outcome: Callable) -> Callable:
    """`outcome(tf, *case)` run on the CPU, as TF's record was: a GPU has kernels TF's CPU
    lacks (its NotFoundErrors are the CPU's), whatever the default device."""
    def got(case: tuple) -> str:
        with tf.device("/CPU:0"):
            return outcome(tf, *case)
    return got


def differences(cases: Iterable, want: Callable, got: Callable) -> list:
    """Each case whose outcome here, `got(case)`, does not match TF's, `want(case)`."""
    out = []
    for case in cases:
        w, g = want(case), got(case)
        if not same(w, g):
            out.append(f"{case}:\n    TF: {w}\n    eagerflow: {g}")
    return out


def planned_differences(tf: Any, row: list, texts: list, cases: Callable,
                        outcome: Callable, since: dict | None = None) -> list:
    """The differences of one function's calls from TF's recorded outcomes: `row` is its
    entry of a sweep's recorded plan (its outcomes as indices into `texts`, in `cases`'
    order), `outcome` the sweep's call here, run on the CPU; `since`: the cases whose
    outcome in TF is now another than recorded, with the new one."""
    full, n, shapes, want = row
    recorded = dict(zip(cases([[full, n, shapes]]), (texts[i] for i in want)))
    recorded.update((c, t) for c, t in (since or {}).items() if c in recorded)
    return differences(recorded, recorded.get, on_cpu(tf, outcome))


def check_known(name: str, diffs: list, known: dict) -> None:
    """A name listed in KNOWN must still differ somewhere (else its entry goes); any other
    must not differ at all."""
    if name in known:
        assert diffs, f"{name} now answers every case as TF's: its KNOWN entry must go"
        return
    assert not diffs, f"{len(diffs)} cases differ:\n" + "\n".join(diffs[:10])
