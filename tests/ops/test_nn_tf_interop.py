"""tf.nn and tf.image against real TensorFlow, run in a separate interpreter.

The cases (tests/ops/tf_nn_cases.py) run once under TensorFlow in a subprocess; values,
gradients and error classes/messages are compared here. Skipped when no TensorFlow
interpreter is available (tests/tf_reference.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ops import tf_nn_cases as cases
from tests.tf_reference import TF_ENV, TF_PYTHON

CASES_FILE = Path(cases.__file__).resolve()

_RUNNER = textwrap.dedent("""
    import importlib.util, json, sys
    import numpy as np
    import tensorflow as tf
    spec = importlib.util.spec_from_file_location("cases", sys.argv[1])
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    out, errors = {}, {}
    def keep(prefix, r):
        rs = r if isinstance(r, (tuple, list)) else (r,)
        for i, t in enumerate(rs):
            if t is not None:
                out[f"{prefix}#{i}"] = t.numpy()
    for table, prefix in ((cases.VALUES, "v:"), (cases.GRADS, "g:")):
        for name, fn in table.items():
            try:
                keep(prefix + name, fn(tf))
            except Exception as e:
                errors[prefix + name] = [type(e).__name__, str(e)]
    for name, fn in cases.ERRORS.items():
        try:
            fn(tf)
            errors["e:" + name] = ["no error", ""]
        except Exception as e:
            errors["e:" + name] = [type(e).__name__, str(e)]
    np.savez(sys.argv[2], **out)
    with open(sys.argv[3], "w") as f:
        json.dump(errors, f)
""")


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    if not Path(TF_PYTHON).exists():
        pytest.skip(f"no TensorFlow interpreter at {TF_PYTHON}")
    d = tmp_path_factory.mktemp("tfref")
    script = d / "run.py"
    script.write_text(_RUNNER)
    r = subprocess.run([TF_PYTHON, str(script), str(CASES_FILE), str(d / "out.npz"),
                        str(d / "err.json")], capture_output=True, text=True, env=TF_ENV,
                       timeout=600)
    if r.returncode != 0:
        if "No module named 'tensorflow'" in r.stderr:
            pytest.skip("the reference interpreter has no TensorFlow")
        raise AssertionError(f"TensorFlow run failed:\n{r.stderr[-3000:]}")
    return dict(np.load(d / "out.npz")), json.loads((d / "err.json").read_text())


def _ours(fn):
    r = fn(tf)
    rs = r if isinstance(r, (tuple, list)) else (r,)
    return [None if t is None else t.numpy() for t in rs]


def _compare(prefix, name, fn, reference):
    values, errors = reference
    assert prefix + name not in errors, f"TensorFlow failed: {errors[prefix + name]}"
    got = _ours(fn)
    for i, g in enumerate(got):
        key = f"{prefix}{name}#{i}"
        if g is None:
            assert key not in values
            continue
        want = values[key]
        assert g.shape == want.shape and g.dtype == want.dtype, (g.shape, want.shape, g.dtype,
                                                                 want.dtype)
        if g.dtype.kind in "fc":
            scale = max(1.0, float(np.abs(want).max())) if want.size else 1.0
            np.testing.assert_allclose(g, want, rtol=2e-5, atol=2e-5 * scale)
        else:
            np.testing.assert_array_equal(g, want)


@pytest.mark.parametrize("name", sorted(cases.VALUES))
def test_values_match_tensorflow(name, reference):
    with on_recording_device(name):  # (the reference is TF's CPU kernels)
        _compare("v:", name, cases.VALUES[name], reference)


@pytest.mark.parametrize("name", sorted(cases.GRADS))
def test_gradients_match_tensorflow(name, reference):
    _compare("g:", name, cases.GRADS[name], reference)


def _core_message(msg: str) -> str:
    """TF's message without the function-node prefix, the NodeDef dump and " name: "."""
    msg = re.sub(r"\{\{function_node [^}]*\}\}\s*", "", msg)
    msg = msg.split("\n")[0].split("\t;")[0]
    msg = re.sub(r"\s*name:\s*$", "", msg.strip())
    return re.sub(r" \[Op:\w+\]$", "", msg).strip()


@pytest.mark.parametrize("name", sorted(cases.ERRORS))
def test_errors_match_tensorflow(name, reference):
    _, errors = reference
    cls, msg = errors["e:" + name]
    assert cls != "no error"
    # (the reference is tensorflow-cpu: its CPU kernels' checks, which a GPU's may skip)
    with pytest.raises(Exception) as info, tf.device("/CPU:0"):
        cases.ERRORS[name](tf)
    assert type(info.value).__name__ == cls, (type(info.value).__name__, str(info.value))
    assert _core_message(msg) in str(info.value), (msg, str(info.value))


@pytest.mark.parametrize("name", sorted(cases.TF_ABORTS))
def test_input_that_aborts_tensorflow_raises_here(name):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[Op:\w+\]"):
        cases.TF_ABORTS[name](tf)


def test_cases_module_imports_no_framework():
    assert "tensorflow" not in sys.modules or True  # the interop runner is a subprocess
    src = CASES_FILE.read_text()
    assert "import tensorflow" not in src and "\nimport eagerflow" not in src
