"""Keras layers' initial weights and random masks against Keras 3 on TensorFlow 2.21.

After keras.utils.set_random_seed, every layer of the layer harness (and a small model)
must start from TF's weights bit for bit, Dropout-like layers must draw TF's masks, the
random image layers (RandomFlip, RandomCrop, RandomContrast, RandomTranslation, RandomZoom,
RandomRotation; RandomFlip also in a Dataset.map) TF's transformations, and keras.random
TF's numbers.
weights_golden.json was written by tf_weights_golden.py from weights_cases.py.

Recurrent layers draw their dropout masks as Keras 3 does (in inference too, one per gate
with recurrent dropout, cell by cell in a stack). The orthogonal initializer (RNN
recurrent kernels) factors its draw with TF's Qr steps (ops/eigen_qr.py) below 48
columns, so these kernels are TF's bit for bit too.
"""

import json
import os
import sys

import numpy as np
import pytest

from eagerflow import keras

sys.path.insert(0, os.path.dirname(__file__))
import weights_cases as W  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "weights_golden.json")) as _f:
    GOLDEN = json.load(_f)

# keras.random's gamma and beta draws (weights_cases.keras_random's indices): on a GPU
# they run as TF's GPU kernel, the CPU's stream and sampler, but its log, log1p and pow
# are the device's, whose last bits may differ from the C library's (TF's CPU golden)
DEVICE_LIBM = {("keras_random", 9), ("keras_random", 10), ("keras_random", 11)}
ON_GPU = os.environ.get("EAGERFLOW_STANDIN_GPUS") or os.environ.get("EAGERFLOW_REGISTRY_ON")
# The recurrent layers' recurrent kernels (Bidirectional's two): the orthogonal initializer
# factors its draw with Qr, which on a GPU is TF's cuSolver kernel (geqrf, orgqr), not its
# CPU's Eigen Householder steps: the device's QR, within float32's rounding of TF's CPU one
DEVICE_QR = {(case, 1) for case in ("GRU-46", "GRU-47", "LSTM-44", "LSTM-45", "SimpleRNN-42",
                                     "SimpleRNN-43", "Bidirectional-1", "Bidirectional-2")} | {
    ("Bidirectional-1", 4), ("Bidirectional-2", 4)}


def _values(e):
    dt = np.dtype("uint16" if e["dtype"] == "bfloat16" else e["dtype"])
    return np.frombuffer(bytes.fromhex(e["hex"]), dt).reshape(e["shape"])


def _compare(what, got, want):
    assert len(got) == len(want), f"{what}: {len(got)} arrays, TF has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        assert (g["dtype"], g["shape"]) == (w["dtype"], w["shape"]), f"{what}[{i}]"
        if g == w:
            continue
        if ON_GPU and (what, i) in DEVICE_QR:
            np.testing.assert_allclose(_values(g), _values(w), rtol=1e-6, atol=1e-6,
                                       err_msg=f"{what}[{i}] (the device's QR)")
            continue
        if ON_GPU and (what, i) in DEVICE_LIBM:
            np.testing.assert_allclose(_values(g), _values(w), rtol=1e-13 if
                                       g["dtype"] == "float64" else 1e-6,
                                       err_msg=f"{what}[{i}] (the device's libm)")
            continue
        pytest.fail(f"{what}[{i}] differs from TF")


@pytest.fixture(scope="module")
def ours():
    return W.run_all(keras)


@pytest.mark.parametrize("case", sorted(GOLDEN["harness"]))
def test_harness_layer_initial_weights(ours, case):
    assert case in ours["harness"], f"{case} was not built"
    _compare(case, ours["harness"][case], GOLDEN["harness"][case])


def test_model_weights_and_dropout_masks(ours):
    _compare("model", ours["model"]["weights"], GOLDEN["model"]["weights"])
    # the outputs go through convolutions and matmuls (their sums' order is the backend's),
    # so they agree to rounding; a different dropout mask would change them entirely
    np.testing.assert_allclose(ours["model"]["outputs"], GOLDEN["model"]["outputs"],
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", sorted(GOLDEN["masks"]))
def test_random_layer_masks(ours, case):
    _compare(case, ours["masks"][case], GOLDEN["masks"][case])


@pytest.mark.parametrize("case", sorted(GOLDEN["rnn_dropout"]))
def test_recurrent_dropout_masks(ours, case):
    np.testing.assert_allclose(ours["rnn_dropout"][case], GOLDEN["rnn_dropout"][case],
                               rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", sorted(GOLDEN["image_layers"]))
def test_random_image_layer_draws(ours, case):
    got, want = ours["image_layers"][case], GOLDEN["image_layers"][case]
    if case.startswith("RandomRotation"):
        # the angles are TF's draws; the warp's sines and bilinear sums round differently
        # in the last bits (a different angle would move whole pixels)
        for g, w in zip(got, want):
            np.testing.assert_allclose(_values(g), _values(w), rtol=1e-6, atol=1e-4)
        return
    _compare(case, got, want)


def test_keras_random_draws(ours):
    _compare("keras_random", ours["keras_random"], GOLDEN["keras_random"])
