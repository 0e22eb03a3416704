"""tf.linalg.expm in a saved function: written as TF writes it, TF's composite of primitive
ops (TF 2.21 has no MatrixExponential kernel; saved_model/composite_export.py).

golden/make_expm_form.py recorded the op types of TF's saved functions for expm and what
they compute on each case (a batch of matrices taking different Padé degrees and
squarings, doubles, complex, a norm that is not finite). Here eagerflow saves the same
functions: they hold no MatrixExponential, only ops TF's hold (and TF's call of a
function), and loaded back they compute what TF's did; with TensorFlow, TF loads them and
computes the same.
"""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.golden_io import decode_array, encode_array
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "expm_form.json").read_text())
CASES = sorted(GOLDEN["cases"])
# (the checkpoint ops of a SavedModel's saver function, whose inputs hold no variable here)
_SAVER = {"MergeV2Checkpoints", "RestoreV2", "SaveV2", "ShardedFilename",
          "StaticRegexFullMatch", "StringJoin"}


def _save(name: str, path: Path) -> np.ndarray:
    x = decode_array(GOLDEN["cases"][name]["x"])
    m = tf.Module()
    m.f = tf.function(tf.linalg.expm, input_signature=[tf.TensorSpec(
        [None] + list(x.shape[1:]), tf.as_dtype(x.dtype))])
    tf.saved_model.save(m, str(path))
    return x


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    root = tmp_path_factory.mktemp("expm")
    return {name: (root / name, _save(name, root / name)) for name in CASES}


def _close(got: np.ndarray, want: np.ndarray) -> None:
    tol = 1e-4 if got.dtype in (np.float32, np.complex64) else 1e-10
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * np.nanmax(np.abs(want),
                                                                         initial=1.0))


@pytest.mark.parametrize("name", CASES)
def test_written_with_tfs_ops(saved, name):
    path, _ = saved[name]
    model = pb().SavedModel()
    model.ParseFromString((path / "saved_model.pb").read_bytes())
    ops = {n.op for f in model.meta_graphs[0].graph_def.library.function for n in f.node_def}
    assert "MatrixExponential" not in ops
    assert {"MatrixSolve", "StatelessWhile"} <= ops
    assert ops - _SAVER <= set(GOLDEN["ops"])


@pytest.mark.parametrize("name", CASES)
def test_loaded_back_computes_what_tf_did(saved, name):
    path, x = saved[name]
    want = decode_array(GOLDEN["cases"][name]["want"])
    _close(tf.saved_model.load(str(path)).f(x).numpy(), want)
    _close(tf.linalg.expm(x).numpy(), want)  # (and the op itself)


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_functions(saved):
    root = str(Path(__file__).resolve().parents[2])
    inputs = {name: (str(path), encode_array(x)) for name, (path, x) in saved.items()}
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        "from tests.golden_io import decode_array, encode_array\n"
        "out = {n: encode_array(tf.saved_model.load(p).f(decode_array(x)).numpy())\n"
        "       for n, (p, x) in json.loads(sys.stdin.read()).items()}\n"
        "print(json.dumps(out))\n")
    run = subprocess.run([TF_PYTHON, "-c", script, root], input=json.dumps(inputs),
                         env=TF_ENV, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    for name in CASES:
        _close(decode_array(got[name]), decode_array(GOLDEN["cases"][name]["want"]))
