"""A sweep of binding errors (arity): every public function of TF's tensor namespaces
called with no arguments, with one tensor, and with an unknown keyword; TF and eagerflow
each write every call's error class and message, and `compare` lists the calls whose
binding errors differ (TF's dispatcher binds a call's arguments first and words its
errors as "Missing required positional argument"; its generated op wrappers name the op's
function, `matrix_band_part() missing ...`).

    /work/tfref/bin/python tests/fuzz/arity_sweep.py tf /tmp/arity_tf.json [NAMESPACES]
    .venv/bin/python tests/fuzz/arity_sweep.py eagerflow /tmp/arity_ef.json /tmp/arity_tf.json
    python tests/fuzz/arity_sweep.py compare /tmp/arity_tf.json /tmp/arity_ef.json

NAMESPACES (comma-separated, e.g. compat.v1,compat.v1.nn,math.special) replaces
name_sweep's namespaces. (A tool, not a test: test_regressions_arity.py and
dispatcher_binding_golden.json keep what it found.)
"""

from __future__ import annotations

import json
import re
import signal
import sys
from typing import Any

from name_sweep import _names  # type: ignore[import-not-found]

FORMS = {"none": ("", {}), "one": ("x", {}), "kw": ("x", {"bogus_kw": 1})}
BINDING = re.compile(r"positional argument|keyword argument|arguments were given|"
                     r"multiple values|takes \d|required")


def _call(fn: Any, args: list, kwargs: dict) -> list:
    try:
        fn(*args, **kwargs)
        return ["ok"]
    except Exception as e:  # noqa: BLE001 - the error is the record
        return [type(e).__name__, str(e)[:500]]


def run(tf: Any, names: list) -> dict:
    def timeout(*_: Any) -> None:
        raise TimeoutError

    signal.signal(signal.SIGALRM, timeout)
    out: dict = {}
    for n in names:
        fn: Any = tf
        try:
            for part in n.split("."):
                fn = getattr(fn, part)
        except AttributeError:
            continue
        for form, (args, kwargs) in FORMS.items():
            signal.alarm(5)
            try:
                x = tf.constant([1.0])
                out[f"{n}|{form}"] = _call(fn, [x] if args else [], kwargs)
            except TimeoutError:
                out[f"{n}|{form}"] = ["timeout"]
            finally:
                signal.alarm(0)
    return out


def compare(a: dict, b: dict) -> list:
    """The calls where either side raised a binding error and the two differ."""
    return [k for k, x in a.items() if k in b and x != b[k] and
            any(len(r) == 2 and r[0] == "TypeError" and BINDING.search(r[1])
                for r in (x, b[k]))]


if __name__ == "__main__":
    impl, path = sys.argv[1], sys.argv[2]
    if impl == "compare":
        tf_out, ef_out = (json.load(open(p)) for p in sys.argv[2:4])
        keys = compare(tf_out, ef_out)
        for key in keys:
            print(key, "\n  TF:", tf_out[key][-1][:150], "\n  eagerflow:", ef_out[key][-1][:150])
        print(len(keys), "differ")
    else:
        if impl == "tf":
            import tensorflow as tf_module
        else:
            import eagerflow as tf_module
        spaces = sys.argv[3].split(",") if impl == "tf" and len(sys.argv) > 3 else None
        names = _names(tf_module, *[spaces] * bool(spaces)) if impl == "tf" else \
            sorted({k.split("|")[0] for k in json.load(open(sys.argv[3]))})
        with open(path, "w") as f:
            json.dump(run(tf_module, names), f)
