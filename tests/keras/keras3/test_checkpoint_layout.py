"""tf.train.Checkpoint of Keras models, layers and optimizers in Keras 3's layout on TF:
the object graph and keys real TF 2.21 + Keras 3 writes (checkpoint_golden.json, from
checkpoint_golden.py), for models, every harness layer and every optimizer; with TF
installed, each side restores the other's checkpoints; and eagerflow's older checkpoints
(Keras 2's layout) still restore."""

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.io import bundle_protos as protos
from tests.keras.keras3 import checkpoint_cases as C
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

with open(os.path.join(os.path.dirname(__file__), "checkpoint_golden.json")) as f:
    GOLDEN = json.load(f)["cases"]


def parse_graph(data):
    return protos.TrackableObjectGraph.FromString(data)


def record(name, tmp_path):
    keras.backend.clear_session()
    path = tf.train.Checkpoint(**C.build(name, tf, keras)).write(str(tmp_path / name))
    return C.checkpoint_record(tf, parse_graph, path)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_object_graph_is_keras3s(name, tmp_path):
    got = record(name, tmp_path)
    assert got["keys"] == GOLDEN[name]["keys"]
    assert got["tree"] == GOLDEN[name]["tree"]


def values(path):
    reader = tf.train.load_checkpoint(path)
    return {k: reader.get_tensor(k) for k, _ in tf.train.list_variables(path)
            if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not "
                    "installed")
def test_tf_and_eagerflow_restore_each_others_checkpoints(tmp_path):
    for name in C.INTEROP:  # eagerflow's checkpoints, values perturbed, for TF to read
        keras.backend.clear_session()
        objs = C.build(name, tf, keras)
        C.perturb(tf, objs)
        tf.train.Checkpoint(**objs).write(str(tmp_path / "ef" / name))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    proc = subprocess.run([TF_PYTHON, "-c", C.TF_SCRIPT, str(tmp_path), json.dumps(C.INTEROP)],
                          env={**TF_ENV, "EAGERFLOW_ROOT": root}, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    with open(tmp_path / "errors.json") as f:
        assert json.load(f) == {}
    for name in C.INTEROP:
        ours = values(str(tmp_path / "ef" / name))  # TF read ours: it writes the same values
        back = values(str(tmp_path / "back" / name))
        assert back.keys() == ours.keys(), name
        for k in ours:
            np.testing.assert_array_equal(back[k], ours[k], err_msg=f"{name}: {k}")
        keras.backend.clear_session()  # and we read TF's
        fresh = C.build(name, tf, keras)
        ckpt = tf.train.Checkpoint(**fresh)
        ckpt.read(str(tmp_path / "tf" / name)).assert_consumed()
        theirs = values(str(tmp_path / "tf" / name))
        mine = values(ckpt.write(str(tmp_path / "again" / name)))
        assert mine.keys() == theirs.keys(), name
        for k in theirs:
            np.testing.assert_array_equal(mine[k], theirs[k], err_msg=f"{name}: {k}")


def test_eagerflows_older_keras_2_layout_still_restores(tmp_path):
    # what eagerflow wrote before it took Keras 3's layout: `layer_with_weights-N` / `layer-N`
    # children, the optimizer's `iter` and its slots as slot variables (`.OPTIMIZER_SLOT`)
    from tests.keras import ckpt_keras_fakes as K2
    from tests.train.ckpt_fakes import FakeOptimizer

    old = K2.Sequential([K2.Dense(4, seed=1), K2.Dense(2, seed=2)]).build(3)
    old_opt = FakeOptimizer(("m", "v"))
    old_opt.learning_rate = tf.Variable(0.25)
    old_opt.apply_gradients([(np.full(w.shape, 0.5, np.float32), w) for w in old.weights])
    path = tf.train.Checkpoint(model=old, optimizer=old_opt).write(str(tmp_path / "old"))
    assert "model/layer_with_weights-1/kernel/.OPTIMIZER_SLOT/optimizer/v/.ATTRIBUTES/" \
           "VARIABLE_VALUE" in values(path)

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    opt = keras.optimizers.Adam()  # not built yet: its slots are restored when made
    status = tf.train.Checkpoint(model=model, optimizer=opt).read(path)
    opt.build(model.trainable_variables)
    status.assert_consumed()
    assert int(opt.iterations.numpy()) == 1 and float(opt.learning_rate.numpy()) == 0.25
    for new, saved in zip(model.weights, old.weights):
        np.testing.assert_array_equal(new.numpy(), saved.numpy())
        for slot in ("m", "v"):
            np.testing.assert_array_equal(opt.get_slot(new, slot).numpy(),
                                          old_opt.get_slot(saved, slot).numpy())
