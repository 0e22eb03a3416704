"""keras.distillation as Keras 3 has it: each case's printed output equals what TF 2.21 +
Keras 3 printed, and its recorded numbers (losses, trackers, fit histories, the student's
trained weights, predictions) equal Keras's within float32 tolerance
(distillation_golden.json, recorded by make_distillation_golden.py from the same seeded
weights); plus the Distiller's gradients reaching only the student, and its loss
against a NumPy formula."""

import contextlib
import json
import os
import sys
import tempfile

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import printed_by
from tests.gpu_target import gpu_less

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import distillation_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "distillation_golden.json")))


def run(code):
    tf.keras.backend.clear_session()
    with tempfile.TemporaryDirectory() as tmpdir:
        scope = {"tf": tf, "keras": tf.keras, "np": np, "tmpdir": tmpdir}
        printed = printed_by(C.PRELUDE + code, scope)
    return printed, scope["VALUES"]


@pytest.mark.parametrize("name", sorted(C.SNIPPETS))
def test_as_keras3(name):
    # (a compiled model's config holds jit_compile="auto" as Keras resolved it: off on
    # TF's recorder, which had no GPU; on where one is present)
    with gpu_less() if name == "distiller_compile_config" else contextlib.nullcontext():
        printed, values = run(C.SNIPPETS[name])
    want = GOLDEN[name]
    assert printed == want["printed"]
    assert sorted(values) == sorted(want["values"])
    for key, value in want["values"].items():
        # float32 sums in another order; a two-epoch fit compounds the rounding
        np.testing.assert_allclose(values[key], value, rtol=2e-4, atol=2e-5, err_msg=key)


def _models():
    d = tf.keras.distillation

    def mlp(name, seed):
        model = tf.keras.Sequential([tf.keras.Input((4,)),
                                     tf.keras.layers.Dense(5, activation="relu", name="h"),
                                     tf.keras.layers.Dense(3, name="logits")], name=name)
        rs = np.random.RandomState(seed)
        model.set_weights([rs.randn(*w.shape).astype("float32") for w in model.get_weights()])
        return model

    return d, mlp("teacher", 1), mlp("student", 2)


def test_loss_is_the_mix_numpy_computes():
    """0.3 * sparse cross-entropy + 0.7 * T^2 * KL(softmax(t/T) || softmax(s/T)), by hand."""
    d, teacher, student = _models()
    dist = d.Distiller(teacher, student, d.LogitsDistillation(
        temperature=2.0, loss=tf.keras.losses.KLDivergence()), student_loss_weight=0.3)
    dist.compile("sgd", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    x = np.random.RandomState(0).randn(6, 4).astype("float32")
    y = np.array([0, 1, 2, 1, 0, 2])
    t, s = teacher.predict(x, verbose=0).astype("float64"), \
        student.predict(x, verbose=0).astype("float64")

    def softmax(v):
        e = np.exp(v - v.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)

    ce = np.mean(-np.log(softmax(s)[np.arange(6), y]))
    pt, ps = softmax(t / 2), softmax(s / 2)
    kl = np.mean(np.sum(pt * np.log(pt / ps), -1)) * 4
    got = float(dist.compute_loss(x, y, dist(x)))
    np.testing.assert_allclose(got, 0.3 * ce + 0.7 * kl, rtol=1e-5)


def test_gradients_reach_the_student_only():
    d, teacher, student = _models()
    dist = d.Distiller(teacher, student, d.FeatureDistillation(
        teacher_layer_name="h", student_layer_name="h"), student_loss_weight=0.5)
    dist.compile("sgd", loss="sparse_categorical_crossentropy")
    x = np.random.RandomState(1).randn(6, 4).astype("float32")
    y = np.array([0, 1, 2, 1, 0, 2])
    with tf.GradientTape() as tape:
        loss = dist.compute_loss(x, y, dist(x, training=True))
    variables = dist.trainable_variables
    assert [v.path for v in variables] == [v.path for v in student.trainable_variables]
    grads = tape.gradient(loss, variables)
    assert all(g is not None for g in grads)
    teacher_before = teacher.get_weights()
    dist.fit(x, y, epochs=2, verbose=0)
    for a, b in zip(teacher_before, teacher.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_saved_distiller_reloads_in_a_fresh_session():
    d, teacher, student = _models()
    dist = d.Distiller(teacher, student, [d.LogitsDistillation(temperature=5),
                                          d.FeatureDistillation(loss="mae")],
                       distillation_loss_weights=[0.5, 1.5], student_loss_weight=0.1)
    x = np.random.RandomState(2).randn(3, 4).astype("float32")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "d.keras")
        dist.save(path)
        tf.keras.backend.clear_session()
        back = tf.keras.models.load_model(path)
    assert type(back) is d.Distiller
    assert back.distillation_loss_weights == [0.5, 1.5]
    assert [type(x).__name__ for x in back.distillation_losses] == [
        "LogitsDistillation", "FeatureDistillation"]
    assert back.distillation_losses[0].temperature == 5
    np.testing.assert_array_equal(back.predict(x, verbose=0), dist.predict(x, verbose=0))
