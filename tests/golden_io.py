"""Writing the golden files that the recording scripts make with real TensorFlow and Keras,
and comparing results with them.

The recorders run under a TensorFlow interpreter, outside pytest (`.venv-peers/bin/python
tests/ops/tf_random_golden.py`, some of them as subprocesses of interop tests); each puts
the repository root on sys.path and imports this module as `tests.golden_io`.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any


def ml_dtypes_before_0_7() -> bool:
    """Whether ml_dtypes is older than 0.7, as where the goldens were recorded. Besides the
    reprs, 0.7 changed what int() of a bfloat16 infinity or NaN does: it raised as a Python
    float's does (OverflowError, ValueError) where 0.6 gave INT64_MIN, in TF as here."""
    import ml_dtypes

    return tuple(int(p) for p in ml_dtypes.__version__.split(".")[:2]) < (0, 7)


def blas_as_recorded() -> bool:
    """Whether NumPy's OpenBLAS runs the float32 kernels under which the goldens' last bits
    were recorded: its AVX-512 ones (SkylakeX's). Under others (Haswell's, which AMD's Zen
    cores and OPENBLAS_CORETYPE=Haswell get) a few products differ in the last bit."""
    from eagerflow._src.backend import numpy as backend

    return backend._core() in backend._SMALL_KERNEL_CORES


# ml_dtypes 0.7 gave its dtypes a repr of their own, which NumPy now prints in an array's
# repr: `dtype=bfloat16` and `dtype='float8_e4m3fn'` became `dtype=dtype(bfloat16)` and
# `dtype=dtype(float8_e4m3fn)`, in TensorFlow's messages as in ours. The goldens were
# recorded with ml_dtypes 0.5 and 0.6.
_NARROW_DTYPE = re.compile(r"dtype=dtype\((bfloat16|float\d_\w+|u?int[24])\)")


def narrow_dtype_reprs(text: str) -> str:
    """`text` with each ml_dtypes dtype in an array's repr as ml_dtypes before 0.7 had NumPy
    print it: the bare name where it is alphanumeric (`bfloat16`, `int4`), else quoted."""
    return _NARROW_DTYPE.sub(
        lambda m: "dtype=" + (m[1] if m[1].isalnum() else repr(m[1])), text)


def write_text(path: str | os.PathLike, text: str) -> None:
    """`text` at `path`, atomically: written to a temporary file beside it, flushed to
    disk, then renamed over it, so an interrupted recorder never leaves half a file."""
    tmp = f"{os.fspath(path)}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def write_json(path: str | os.PathLike, data: Any, end: str = "", **dump_args: Any) -> None:
    """`data` as JSON at `path` (json.dumps's `dump_args`, then `end`), atomically."""
    write_text(path, json.dumps(data, **dump_args) + end)


def printed_by(code: str, scope: dict) -> str:
    """What running `code` in `scope` prints (a recorded snippet's output)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, scope)
    return out.getvalue()


def result_of(code: str, scope: dict) -> Any:
    """The `result` a recorded program (an entry of a `*_cases.py` CASES) sets when run in a
    copy of `scope`, as JSON reads it back (tuples as lists)."""
    env = dict(scope)
    exec(code, env)
    return json.loads(json.dumps(env["result"]))


def encode_array(value: Any) -> dict:
    """An array as JSON: dtype, shape, and its values flat (real and imaginary parts apart;
    NaN and infinities as JSON's NaN and Infinity)."""
    import base64

    import numpy as np

    v = np.asarray(value)
    if v.dtype.kind in "OS":  # strings: base64 of each
        return {"dtype": "bytes", "shape": list(v.shape), "real": [
            base64.b64encode(bytes(x)).decode() for x in v.ravel()], "imag": None}
    complex_ = v.dtype.kind == "c"
    return {"dtype": v.dtype.name, "shape": list(v.shape),
            "real": (v.real if complex_ else v).astype(float if v.dtype.kind in "fc" else
                                                       object).ravel().tolist(),
            "imag": v.imag.astype(float).ravel().tolist() if complex_ else None}


def decode_array(data: dict) -> Any:
    """The array `encode_array` wrote."""
    import base64

    import numpy as np

    if data["dtype"] == "bytes":
        out = np.empty(len(data["real"]), dtype=object)
        out[:] = [base64.b64decode(x) for x in data["real"]]
        return out.reshape(data["shape"])
    out = np.array(data["real"], dtype=np.float64 if data["dtype"] != "bool" and
                   data["dtype"][0] in "fc" else data["dtype"])
    if data["imag"] is not None:
        out = out + 1j * np.array(data["imag"])
    return out.astype(data["dtype"]).reshape(data["shape"])


def call_outcomes(calls: dict) -> dict:
    """name -> {"value": [arrays]} (a tuple returned gives several) or {"error": class name,
    "message": ...}: what each call of `calls` (name -> function of no arguments) gives."""
    import numpy as np

    out = {}
    for name, call in calls.items():
        try:
            value = call()
        except Exception as e:  # noqa: BLE001 - the error is the recorded result
            out[name] = {"error": type(e).__name__, "message": str(e)}
            continue
        values = value if isinstance(value, tuple) else (value,)
        out[name] = {"value": [np.asarray(v) for v in values]}
    return out


def encode_arrays_cases(cases: dict) -> dict:
    """Cases of {"value": [arrays]} or {"error": ..., "message": ...} as JSON."""
    return {name: ({"value": [encode_array(v) for v in case["value"]]} if "value" in case
                   else case) for name, case in cases.items()}


def assert_json_close(got: Any, want: Any, path: str = "out") -> None:
    """`got` equals the recorded JSON `want`, floats to float32 rounding (rtol 2e-6), the
    first difference named by its path in the data."""
    import numpy as np

    if isinstance(want, float) and isinstance(got, (int, float)):
        assert np.isclose(got, want, rtol=2e-6, atol=1e-7), f"{path}: {got} != {want}"
    elif isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), \
            f"{path}: keys {sorted(got) if isinstance(got, dict) else got} != {sorted(want)}"
        for k in want:
            assert_json_close(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_json_close(g, w, f"{path}[{i}]")
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def expression_outcome(expr: str, env: dict, record: Any, error: Any) -> Any:
    """`record` of what a case's expression evaluates to in `env`, or `error` of what it
    raises: what its golden holds."""
    try:
        return record(eval(expr, env))
    except Exception as e:  # noqa: BLE001 - the error is the recorded result
        return error(e)


def raised(fn: Any, returned: Any = None, paths: dict | None = None) -> Any:
    """[class name, message] of what `fn()` raises (what a case records of an error), or
    `returned` when it returns. `paths` maps folders named in the message to the
    placeholders a golden holds in their place ({folder: "{dir}"})."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is recorded
        text = str(e)
        for folder, placeholder in (paths or {}).items():
            text = text.replace(str(folder), placeholder)
        return [type(e).__name__, text]
    return returned


def as_recorded(text: str) -> str:
    """An eager op error's message with the device in its "{{function_node
    __wrapped__..._device_DEVICE}}" prefix as TF's recorders, which ran without a GPU, name
    it: CPU:0. Where a GPU is the default device (the stand-in GPU of `make test`'s second
    run, or a real one) an op TF would place on it runs there and its message names GPU:0
    (tests/ops/test_eager_errors.py checks which ops do); without one, the text is left as
    it is, so a GPU named there still differs from the golden. (A recorder's text, in
    TF's interpreter, is left as it is too: helpers both sides share may call this.) Arrays
    of ml_dtypes' dtypes are written as the goldens have them (`narrow_dtype_reprs`)."""
    import sys

    text = narrow_dtype_reprs(text)
    tf = sys.modules.get("eagerflow")
    if tf is None or not tf.config.list_physical_devices("GPU"):
        return text
    text = re.sub(r"(\{\{function_node __wrapped__\S*?_device_/job:localhost/replica:0/task:0/"
                  r"device:)GPU:\d+\}\}", r"\1CPU:0}}", text)
    # (the op's NodeDef, where the message quotes it, names the same device in `_device`)
    return re.sub(r'(_device="/job:localhost/replica:0/task:0/device:)GPU:\d+"', r'\1CPU:0"',
                  text)


def handle_as_recorded(text: str) -> str:
    """A resource handle's text with the device it names as TF's recorders, which ran
    without a GPU, name it: CPU:0 (where a GPU is the default device, a TensorArray or a
    stack made there names it, as TF's made there does); as `as_recorded` does for an
    error's device."""
    import re
    import sys

    tf = sys.modules.get("eagerflow")
    if tf is None or not tf.config.list_physical_devices("GPU"):
        return text
    return re.sub(r'(device="/job:localhost/replica:0/task:0/device:)GPU:\d+"', r'\1CPU:0"',
                  text)


def recorded_outcome(got: Any) -> Any:
    """`got`, an outcome ({"error", "message", ...}, or anything else, left as it is),
    with `as_recorded` applied to its message and its other texts' arrays written as
    the goldens have them (`narrow_dtype_reprs`)."""
    if not isinstance(got, dict):
        return got
    out = {k: narrow_dtype_reprs(v) if isinstance(v, str) else v for k, v in got.items()}
    if isinstance(got.get("message"), str):
        out["message"] = as_recorded(got["message"])
    return out


def error_pair_as_recorded(got: Any) -> Any:
    """`got`, an outcome recorded as [error class name, message] (or anything else, left
    as it is), with `as_recorded` applied to its message."""
    if isinstance(got, list) and len(got) == 2 and all(isinstance(v, str) for v in got):
        return [got[0], as_recorded(got[1])]
    return got


def eager_body(text: str) -> str:
    """An eager op error's message less TF's eager wrapping: the "{{function_node
    __wrapped__...}} " prefix of the function that ran the op and the op wrapper's " name:
    ..." suffix (for goldens recorded without them; eager_errors_golden.json has them)."""
    import re

    text = re.sub(r"^\{\{function_node __wrapped__[^}]*\}\} ", "", text)
    return re.sub(r"(\[Op:[^\]]*\]) name: \S*$", r"\1", text)


def assert_raises_as_recorded(fn: Any, want: dict) -> None:
    """`fn()` raises the error `want` records ({"error": its class's name, "message"}),
    the messages compared by their eager_body."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class is compared here
        assert type(e).__name__ == want["error"], f"{type(e).__name__}: {e}"
        assert eager_body(str(e)) == eager_body(want["message"])
        return
    raise AssertionError(f"no {want['error']} raised")


def bits_outcome(call: Any) -> str:
    """`call()`'s result as its dtype, shape and the digest of its bits in a short string,
    or its error's class and first line (the image suites' outcomes)."""
    import hashlib

    import numpy as np

    try:
        a = np.ascontiguousarray(np.asarray(call()))
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    return f"{a.dtype.name}{list(a.shape)}:{hashlib.sha256(a.tobytes()).hexdigest()[:24]}"


def error_core(e: Exception) -> str:
    """An error's class and the core of its message, alike eagerly and traced, in TF and
    eagerflow: for an error raised tracing, the last line of TF's "in user code:" report;
    for one a graph raised running, the line its "Graph execution error:" ends with;
    without the function's name TF's kernel errors start with, and from the op's tag on
    (an eager op's, or a graph's node: TF's graph errors name the node on a line of its
    own, eagerflow's the op)."""
    import re

    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    text = lines[0] if lines else ""
    if text == "in user code:":
        text = re.sub(r"^\w+: ", "", lines[-1])
    elif text == "Graph execution error:":  # (the node's traceback, then its error)
        text = next((lines[i - 1] for i, line in enumerate(lines) if line.startswith("[[")),
                    text)
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text)
    return f"{type(e).__name__}: {text.split(' [Op:')[0].strip()}"
