"""A sweep of eager errors' " name: " part (leftovers12): every public function of TF's
tensor namespaces called with a Python list, a NumPy scalar, a string or a tensor of a
refused dtype, alone, twice, and with name='nm'; TF and eagerflow each write every call's
error class and whole message, and `compare` lists the calls whose messages differ only
after " name: " (the wrapper's fast or slow path, a name scope, a name handed on).

    /work/tfref/bin/python tests/fuzz/name_sweep.py tf /tmp/sweep_tf.json
    .venv/bin/python tests/fuzz/name_sweep.py eagerflow /tmp/sweep_ef.json /tmp/sweep_tf.json
    python tests/fuzz/name_sweep.py compare /tmp/sweep_tf.json /tmp/sweep_ef.json

(A tool, not a test: test_regressions_leftovers12.py keeps what it found.)
"""

from __future__ import annotations

import json
import re
import signal
import sys
from typing import Any

import numpy as np

NAMESPACES = ["", "math", "nn", "linalg", "signal", "image", "strings", "bitwise", "sparse",
              "ragged", "debugging", "experimental.numpy"]
# (functions that draw, trace, open scopes or files, or that abort TF's process: its FFTs
# of a string's zero length)
SKIP = ("random", "py_function", "numpy_function", "py_func", "print", "while_loop", "map_fn",
        "vectorized_map", "scan", "foldl", "foldr", "cond", "case", "switch_case", "function",
        "custom_gradient", "recompute_grad", "init_scope", "device", "name_scope",
        "control_dependencies", "GradientTape", "Variable", "Module", "TensorArray", "Graph",
        "Session", "enable", "disable", "set_", "get_", "shuffle", "sample", "dropout",
        "stateless", "candidate_sampler", "Assert", "Print", "executing_eagerly", "summary",
        "load", "save", "timestamp", "no_gradient", "autograph", "register", "Spec", "Tensor",
        "DType", "TensorShape", "dtypes", "as_dtype", "experimental_", "is_symbolic", "ctc",
        "nce", "sampled_softmax", "fft", "dct", "stft", "mfcc", "mel", "frame")
VARIANTS = {
    "liststr": "['a', 'b']", "npstr": "np.str_('a')", "arrstr": "np.array(['a'])",
    "tstr": "tf.constant(['a'])", "listbool": "[True, False]", "npbool": "np.bool_(True)",
    "tbool": "tf.constant([True])", "npc": "np.complex64(1j)", "listc": "[1j, 2j]",
    "tc": "tf.constant([1j])", "npf": "np.float32(1.5)", "npi": "np.int64(3)",
    "listf": "[[1.5, 2.5]]",
}


def _names(tf: Any, namespaces: list = NAMESPACES) -> list:
    out = []
    for ns in namespaces:
        try:
            mod = tf
            for part in ns.split(".") if ns else []:
                mod = getattr(mod, part)
            listed = sorted(dir(mod))
        except Exception:  # noqa: BLE001 - (a namespace absent, or one TF cannot load)
            continue
        for n in listed:
            try:
                f = getattr(mod, n, None)
            except Exception:  # noqa: BLE001 - (a lazily loaded name TF cannot load)
                continue
            if n.startswith("_") or any(s in n for s in SKIP) or not callable(f) or \
                    isinstance(f, type):
                continue
            out.append(f"{ns}.{n}" if ns else n)
    return out


def _call(fn: Any, args: list, named: bool) -> list:
    try:
        fn(*args, name="nm") if named else fn(*args)
        return ["ok"]
    except Exception as e:  # noqa: BLE001 - the error is the record
        return [type(e).__name__, str(e)[:2000]]


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
        for key, source in VARIANTS.items():
            for form in ("1", "2", "name"):
                signal.alarm(5)
                try:
                    value = eval(source, {"tf": tf, "np": np})
                    args = [value] * (2 if form == "2" else 1)
                    out[f"{n}|{key}|{form}"] = _call(fn, args, form == "name")
                except TimeoutError:
                    out[f"{n}|{key}|{form}"] = ["timeout"]
                finally:
                    signal.alarm(0)
    return out


def compare(a: dict, b: dict) -> list:
    """The calls whose errors differ only after " name: " (or in having one)."""
    def cut(m: str) -> str:
        return re.sub(r" name: .*$", "", m, flags=re.S)

    return [k for k, x in a.items() if k in b and x != b[k] and len(x) == 2 and
            len(b[k]) == 2 and x[0] == b[k][0] and cut(x[1]) == cut(b[k][1])]


if __name__ == "__main__":
    impl, path = sys.argv[1], sys.argv[2]
    if impl == "compare":
        tf_out, ef_out = (json.load(open(p)) for p in sys.argv[2:4])
        for key in compare(tf_out, ef_out):
            print(key, "\n  TF:", tf_out[key][1][-80:], "\n  eagerflow:", ef_out[key][1][-80:])
    else:
        if impl == "tf":
            import tensorflow as tf_module
        else:
            import eagerflow as tf_module
        names = _names(tf_module) if impl == "tf" else \
            sorted({k.split("|")[0] for k in json.load(open(sys.argv[3]))})
        with open(path, "w") as f:
            json.dump(run(tf_module, names), f)
