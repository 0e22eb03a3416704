"""tf.nn.ctc_loss on dense labels in a saved function: written as TF writes it, TF's
composite of primitive ops (saved_model/composite_export.py), not TF's CTCLoss kernel,
whose loss for a labelling no path yields is inf where the composite's is ~707.

golden/make_ctc_dense_form.py recorded TF's SavedModel of such a function (ctc_dense_tf/),
the op types of its functions, and per case the loss and its gradient that TF computes.
Here eagerflow saves the same function: it holds neither _CTCLossDense nor CTCLoss, only
ops TF's holds (and a few of the same meaning), and loaded back it computes the eager call's
loss and gradient, which are TF's; eagerflow loads TF's file and computes the same; with
TensorFlow, TF loads eagerflow's file and computes the same.
"""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.golden_io import decode_array
from tests.tf_reference import TF_ENV, TF_PYTHON

pytest.importorskip("tensorboard")  # the protos come from the saved_model extra

HERE = Path(__file__).resolve().parent / "golden"
GOLDEN = json.loads((HERE / "ctc_dense_form.json").read_text())
CASES = sorted(GOLDEN["cases"])
ARGS = ("logits", "labels", "label_length", "logit_length")
# (the checkpoint ops of a SavedModel's saver function, whose inputs hold no variable here)
_SAVER = {"MergeV2Checkpoints", "RestoreV2", "SaveV2", "ShardedFilename",
          "StaticRegexFullMatch", "StringJoin"}
# ops eagerflow's composite writes that TF's does not, each of the same meaning as TF's:
# its While of no stateful op, the call of the composite, and the few ops eagerflow builds
# the transitions and the buffers' reads with
_OWN = {"StatelessWhile", "PartitionedCall", "LogicalAnd", "NotEqual", "Squeeze"}


def _ctc(logits, labels, label_length, logit_length):
    return tf.nn.ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True,
                          blank_index=0)


def _inputs(name: str) -> list:
    return [decode_array(GOLDEN["cases"][name][k]) for k in ARGS]


def _value_and_grad(fn, logits, *rest) -> tuple:
    x = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = fn(x, *rest)
    return loss.numpy(), tape.gradient(loss, x).numpy()


def _close(name: str, loss: np.ndarray, grad: np.ndarray) -> None:
    want = GOLDEN["cases"][name]
    np.testing.assert_allclose(loss, decode_array(want["loss"]), rtol=1e-5)
    np.testing.assert_allclose(grad, decode_array(want["grad"]), rtol=1e-4, atol=1e-6)


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("ctc") / "model")
    m = tf.Module()
    m.f = tf.function(_ctc, input_signature=[
        tf.TensorSpec([None, None, 4], tf.float32), tf.TensorSpec([None, None], tf.int32),
        tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)])
    tf.saved_model.save(m, path)
    return path


@pytest.fixture(scope="module")
def loaded(saved):
    return tf.saved_model.load(saved).f


@pytest.fixture(scope="module")
def tfs():
    return tf.saved_model.load(str(HERE / "ctc_dense_tf")).f


def test_written_with_tfs_ops(saved):
    model = pb().SavedModel()
    model.ParseFromString((Path(saved) / "saved_model.pb").read_bytes())
    ops = {n.op for f in model.meta_graphs[0].graph_def.library.function for n in f.node_def}
    assert not ops & {"_CTCLossDense", "CTCLoss", "CTCLossV2"}
    assert {"StatelessWhile", "LogSoftmax", "TensorScatterUpdate", "IdentityN"} <= ops
    assert ops - _SAVER - _OWN <= set(GOLDEN["ops"])
    assert "CTCLoss" not in GOLDEN["ops"]  # (nor is TF's kernel in TF's own)


@pytest.mark.parametrize("name", CASES)
def test_eager_call_computes_what_tf_did(name):
    _close(name, *_value_and_grad(_ctc, *_inputs(name)))


@pytest.mark.parametrize("name", CASES)
def test_loaded_back_computes_the_eager_values(loaded, name):
    _close(name, *_value_and_grad(loaded, *_inputs(name)))


def test_impossible_labelling_is_finite_when_saved(loaded):
    loss, grad = _value_and_grad(loaded, *_inputs("impossible"))
    assert np.all(np.isfinite(loss)) and np.all(loss > 700) and np.all(np.isfinite(grad))


@pytest.mark.parametrize("name", CASES)
def test_loads_tfs_file(tfs, name):
    _close(name, *_value_and_grad(tfs, *_inputs(name)))


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_runs_eagerflows_function(saved):
    root = str(Path(__file__).resolve().parents[2])
    script = (
        "import json, sys\nimport tensorflow as tf\nsys.path.insert(0, sys.argv[1])\n"
        "from tests.golden_io import decode_array, encode_array\n"
        "f = tf.saved_model.load(sys.argv[2]).f\nout = {}\n"
        "for name, case in json.loads(sys.stdin.read()).items():\n"
        "    x, *rest = (decode_array(case[k]) for k in ARGS)\n"
        "    x = tf.constant(x)\n"
        "    with tf.GradientTape() as tape:\n"
        "        tape.watch(x)\n"
        "        loss = f(x, *rest)\n"
        "    out[name] = [encode_array(loss.numpy()),\n"
        "                 encode_array(tape.gradient(loss, x).numpy())]\n"
        "print(json.dumps(out))\n").replace("ARGS", repr(ARGS))
    run = subprocess.run([TF_PYTHON, "-c", script, root, saved],
                         input=json.dumps(GOLDEN["cases"]), env=TF_ENV, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    for name in CASES:
        _close(name, *(decode_array(a) for a in got[name]))
