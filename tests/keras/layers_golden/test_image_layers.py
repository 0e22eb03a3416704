"""Keras 3's image augmentation layers, Pipeline and TFSMLayer beyond their goldens
(test_layers_golden.py compares their outputs, seeded draws, configs and errors with
Keras 3.15's): the properties a user relies on, traced and tf.data calls, .keras files,
and SavedModels as layers."""

import contextlib
import json
import os
import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.gpu_target import on_the_gpu

sys.path.insert(0, os.path.dirname(__file__))
import cases as C  # noqa: E402

L = keras.layers
IMG = C.IMG
RANDOM_LAYERS = [
    lambda: L.RandomBrightness(0.3, seed=1), lambda: L.RandomGrayscale(seed=2),
    lambda: L.RandomInvert(seed=3), lambda: L.Solarization(0.4, 0.5, seed=4),
    lambda: L.RandomPosterization((2, 6), seed=5), lambda: L.RandomSaturation(0.5, seed=6),
    lambda: L.RandomHue(0.5, seed=7), lambda: L.RandomColorDegeneration(0.5, seed=8),
    lambda: L.RandomSharpness(0.5, seed=9),
    lambda: L.RandomColorJitter(brightness_factor=0.2, contrast_factor=0.3,
                                saturation_factor=0.4, hue_factor=0.1, seed=10),
    lambda: L.MixUp(seed=11), lambda: L.CutMix(seed=12), lambda: L.RandomErasing(seed=13),
    lambda: L.RandomGaussianBlur(seed=14)]


@pytest.mark.parametrize("make", RANDOM_LAYERS, ids=lambda m: type(m()).__name__)
def test_random_layers_repeat_with_their_seed_and_draw_anew(make):
    """Two layers with one seed draw the same; a second call draws anew; inference
    leaves the images as they were (cast to float32)."""
    first, second = make(), make()
    a, b = first(IMG, training=True).numpy(), second(IMG, training=True).numpy()
    np.testing.assert_array_equal(a, b)
    assert a.shape == IMG.shape and a.dtype == np.float32
    assert not np.array_equal(first(IMG, training=True).numpy(), a)
    np.testing.assert_array_equal(make()(IMG, training=False).numpy(), IMG)


@pytest.mark.parametrize("make", RANDOM_LAYERS[:4] + RANDOM_LAYERS[10:],
                         ids=lambda m: type(m()).__name__)
def test_random_layers_traced_and_in_datasets(make):
    """In a tf.function and in Dataset.map, the layer's generator moves on as in eager
    calls: the same draws, call after call."""
    eager, traced, mapped = make(), make(), make()
    fn = tf.function(lambda x: traced(x, training=True))
    ds = tf.data.Dataset.from_tensors(IMG).repeat(2).map(lambda x: mapped(x, training=True))
    for got_traced, got_mapped in zip([fn(IMG), fn(IMG)], ds):
        want = eager(IMG, training=True).numpy()
        np.testing.assert_allclose(got_traced.numpy(), want, rtol=1e-6, atol=1e-4)
        np.testing.assert_allclose(got_mapped.numpy(), want, rtol=1e-6, atol=1e-4)


def test_grayscale_and_invert_act_on_whole_images():
    out = L.RandomGrayscale(0.5, seed=3)(IMG, training=True).numpy()
    gray = [bool(np.allclose(o, o[..., :1])) for o in out]
    kept = [bool(np.array_equal(o, x)) for o, x in zip(out, IMG)]
    assert all(g or k for g, k in zip(gray, kept)) and any(gray) and any(kept)
    out = L.RandomInvert(0.5, seed=1)(IMG, training=True).numpy()
    assert all(np.allclose(o, 255 - x) or np.array_equal(o, x) for o, x in zip(out, IMG))


def test_mixup_and_cutmix_mix_labels_like_images():
    """The labels become convex combinations of two rows (each sums to one); CutMix's
    pixels each come from the image or from one other image of the batch."""
    data = {"images": IMG, "labels": C.LABELS}
    for layer in (L.MixUp(seed=2), L.CutMix(seed=3)):
        labels = layer(data, training=True)["labels"].numpy()
        np.testing.assert_allclose(labels.sum(axis=1), 1.0, rtol=1e-5)
        assert np.count_nonzero(labels > 1e-3) > 4  # (some mixed)
    images = L.CutMix(seed=5)(IMG, training=True).numpy()
    for i in range(4):
        own = np.all(images[i] == IMG[i], axis=-1)
        assert own.all() or any(np.array_equal(images[i][~own], IMG[j][~own])
                                for j in range(4) if j != i)
    assert not np.array_equal(images, IMG)


def test_equalization_flattens_the_histogram_and_autocontrast_stretches():
    x = np.linspace(100, 140, 4 * 8 * 8 * 3).reshape(4, 8, 8, 3).astype("float32")
    out = L.Equalization()(x, training=True).numpy()
    assert out.min() == 0 and out.max() == 255
    out = L.AutoContrast()(x).numpy()
    np.testing.assert_allclose(out.min(axis=(1, 2)), 0, atol=1e-3)
    np.testing.assert_allclose(out.max(axis=(1, 2)), 255, atol=1e-3)


def test_random_shear_refuses_its_own_config_as_keras_does():
    config = L.RandomShear(0.2).get_config()
    assert config["x_factor"] == (-0.2, 0.2)
    with pytest.raises(TypeError, match="Received: input_number=-0.2"):
        L.RandomShear.from_config(config)
    assert L.RandomShear.from_config(L.RandomShear((0.1, 0.3)).get_config()).x_factor == \
        (0.1, 0.3)


def test_image_layers_round_trip_through_a_keras_file(tmp_path):
    model = C.image_augmentation(keras)
    path = str(tmp_path / "augment.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    assert [type(x).__name__ for x in loaded.layers] == [type(x).__name__
                                                         for x in model.layers]
    for a, b in zip(loaded.layers, model.layers):  # (the file holds tuples as lists)
        assert json.dumps(a.get_config()) == json.dumps(b.get_config())
    x = np.resize(IMG, (2, 8, 8, 3))
    np.testing.assert_allclose(loaded(x, training=False).numpy(),
                               model(x, training=False).numpy(), rtol=1e-5, atol=1e-4)


def test_pipeline_passes_training_and_masks_and_round_trips():
    pipe = L.Pipeline([L.Masking(0.0), L.Dense(2), L.Dropout(0.999, seed=1)])
    x = np.array([[[1.0, 2.0], [0.0, 0.0]]], "float32")
    out = pipe(x, training=False)
    assert out.shape == (1, 2, 2)
    assert np.array_equal(np.asarray(out._keras_mask), [[True, False]])
    assert np.count_nonzero(pipe(x, training=True).numpy()) < out.numpy().size
    clone = L.Pipeline.from_config(pipe.get_config())
    assert [type(x).__name__ for x in clone.layers] == ["Masking", "Dense", "Dropout"]
    assert pipe.get_config()["name"] == pipe.name and set(pipe.get_config()) == {"layers",
                                                                                 "name"}
    with pytest.raises(ValueError, match="must contain a `layers` key"):
        L.Pipeline.from_config({"name": "p"})
    ds = tf.data.Dataset.from_tensors(IMG).map(
        L.Pipeline([L.RandomBrightness(0.0), L.AutoContrast()]))
    np.testing.assert_allclose(next(iter(ds)).numpy(), L.AutoContrast()(IMG).numpy())


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A small model exported as a SavedModel (serve, serving_default)."""
    keras.utils.set_random_seed(3)
    inputs = keras.Input((3,))
    model = keras.Model(inputs, L.Dense(2, name="d")(L.Dense(4, name="h")(inputs)))
    path = str(tmp_path_factory.mktemp("sm") / "model")
    model.export(path)
    return model, path


def test_tfsm_layer_calls_the_endpoint_with_its_weights(exported):
    model, path = exported
    tf.keras.backend.clear_session()  # (names count per session: other files make TFSMLayers)
    layer = L.TFSMLayer(path)
    x = C.data((5, 3))
    np.testing.assert_allclose(layer(x).numpy(), model(x).numpy(), rtol=1e-6)
    assert layer.built and repr(layer) == "<TFSMLayer name=tfsm_layer, built=True>"
    assert all("/" not in w.name and w.name == w.path for w in layer.weights)
    assert sorted(tuple(w.shape) for w in layer.trainable_weights) == sorted(
        tuple(w.shape) for w in model.trainable_weights)
    # its weights are the ones the endpoint reads: training them changes the outputs
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x))
    grads = tape.gradient(loss, layer.trainable_weights)
    assert all(g is not None for g in grads)
    before = layer(x).numpy()
    for w, g in zip(layer.trainable_weights, grads):
        w.assign_sub(0.1 * g)
    assert not np.allclose(layer(x).numpy(), before)
    signature = L.TFSMLayer(path, call_endpoint="serving_default")
    assert isinstance(signature(inputs=x), dict)  # (a signature: keyword inputs, a dict)


def test_tfsm_layer_in_a_model_and_its_errors(exported):
    model, path = exported
    inputs = keras.Input((3,))
    outer = keras.Model(inputs, L.Dense(1)(L.TFSMLayer(path)(inputs)))
    assert outer.count_params() == model.count_params() + 3
    layer = L.TFSMLayer(path, call_training_endpoint="serve")
    config = layer.get_config()
    assert {k: config[k] for k in ("filepath", "call_endpoint", "call_training_endpoint")} \
        == {"filepath": path, "call_endpoint": "serve", "call_training_endpoint": "serve"}
    with pytest.raises(ValueError, match="disallowed by default"):
        L.TFSMLayer.from_config(config)
    clone = L.TFSMLayer.from_config(config, safe_mode=False)
    np.testing.assert_allclose(clone(C.data((2, 3))).numpy(),
                               model(C.data((2, 3))).numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match=r"endpoint 'nope' is neither.*\['serve', "
                                         r"'serving_default'\]"):
        L.TFSMLayer(path, call_endpoint="nope")


@pytest.mark.parametrize("cls,axis", [(L.RandomHeight, 1), (L.RandomWidth, 2)])
def test_legacy_random_height_and_width(cls, axis):
    """tf.keras's legacy layers: one size for the batch per call, drawn from 1 + factor,
    the other axis kept; the input as it was in inference; TF's errors."""
    layer = cls((-0.5, 0.5), seed=3)
    sizes = {layer(IMG, training=True).shape[axis] for _ in range(12)}
    assert len(sizes) > 1 and all(2 <= s <= 9 for s in sizes)
    out = layer(IMG, training=True)
    assert out.shape[3 - axis] == IMG.shape[3 - axis] and out.dtype == tf.float32
    np.testing.assert_array_equal(cls(0.2)(IMG, training=False).numpy(), IMG)
    assert cls(0.2).compute_output_shape((None, 5, 6, 3))[axis] is None
    assert cls(0.3, seed=2).get_config()["factor"] == 0.3
    a, b = cls(0.4, seed=9), cls(0.4, seed=9)
    np.testing.assert_array_equal(a(IMG, training=True).numpy(), b(IMG, training=True).numpy())
    with pytest.raises(ValueError, match="upper bound"):
        cls((0.3, 0.1))
    with pytest.raises(ValueError, match="larger than -1"):
        cls((-1.5, 0.2))


def test_mel_spectrogram_of_a_tone_peaks_at_its_band():
    """A 1 kHz tone's energy lands in the mel band holding 1 kHz, in every frame."""
    t = np.arange(8000) / 8000.0
    tone = np.sin(2 * np.pi * 1000.0 * t).astype("float32")[None]
    layer = L.MelSpectrogram(fft_length=256, sequence_stride=128, sampling_rate=8000,
                             num_mel_bins=20, min_freq=0.0, power_to_db=False)
    out = layer(tone).numpy()[0]
    assert out.shape == (20, 63) == tuple(layer.compute_output_shape((1, 8000))[1:])
    edges = np.linspace(0, 1127 * np.log(1 + 4000 / 700), 22)
    band = np.searchsorted(edges, 1127 * np.log(1 + 1000 / 700)) - 1
    assert set(np.argmax(out[:, 2:-2], axis=0)) <= {band - 1, band}
    clone = L.MelSpectrogram.from_config(layer.get_config())
    np.testing.assert_allclose(clone(tone).numpy()[0], out, rtol=1e-6)


SIGNALS = C.data((2, 300, 2), 0.6).astype("float64")


def _stft_reference(x, frame_length, step, fft_length, window, periodic, scaling):
    """[batch, frames, bins, channels]: rfft of each windowed frame (valid padding), over
    the window's scale, from NumPy and scipy's windows."""
    from scipy import signal
    win = signal.get_window(window, frame_length, periodic)
    scale = {"density": np.sqrt(np.sum(win ** 2)), "spectrum": np.sum(np.abs(win)),
             None: 1.0}[scaling]
    starts = range(0, x.shape[1] - frame_length + 1, step)
    frames = np.stack([x[:, s:s + frame_length, :] for s in starts], axis=1)
    return np.fft.rfft(frames * win[None, None, :, None], fft_length, axis=2) / scale


@pytest.mark.parametrize("kwargs", [
    {"frame_length": 64},
    {"mode": "magnitude", "frame_length": 40, "frame_step": 20, "expand_dims": True,
     "scaling": None},
    {"mode": "real", "frame_length": 48, "window": "hamming", "periodic": True,
     "scaling": "spectrum"},
    {"mode": "imag", "frame_length": 32, "data_format": "channels_first"},
    {"mode": "psd", "frame_length": 32, "fft_length": 64, "expand_dims": True},
    {"mode": "stft", "frame_length": 16, "frame_step": 8},
    {"mode": "angle", "frame_length": 32, "expand_dims": True},
], ids=lambda kw: "-".join(str(v) for v in kw.values()))
def test_stft_spectrogram_against_numpy(kwargs):
    pytest.importorskip("scipy")
    layer = L.STFTSpectrogram(dtype="float64", **kwargs)
    first = kwargs.get("data_format") == "channels_first"
    # (its channels-first float64 convolution is a GPU's: TF's CPU kernel refuses it)
    with on_the_gpu() if first else contextlib.nullcontext():
        got = layer(np.transpose(SIGNALS, (0, 2, 1)) if first else SIGNALS).numpy()
    length = kwargs["frame_length"]
    n = kwargs.get("fft_length") or 2 ** int(np.ceil(np.log2(length)))
    spec = _stft_reference(SIGNALS, length, kwargs.get("frame_step") or length // 2, n,
                           kwargs.get("window", "hann"), kwargs.get("periodic", False),
                           kwargs.get("scaling", "density"))
    mode = kwargs.get("mode", "log")
    eps = 1e-7
    want = {"real": spec.real, "imag": spec.imag, "angle": np.angle(spec),
            "stft": np.concatenate([spec.real, spec.imag], axis=2),
            "magnitude": np.sqrt(np.maximum(np.abs(spec) ** 2, eps)),
            "log": np.log(np.maximum(np.sqrt(np.maximum(np.abs(spec) ** 2, eps)), eps))}.get(
        mode)
    if mode == "psd":
        want = np.abs(spec) ** 2
        want[:, :, 1:-1] *= 2
    if first:  # [batch, channels * bins, frames] or [batch, channels, frames, bins]
        want = np.transpose(want, (0, 3, 1, 2)) if kwargs.get("expand_dims") else \
            np.transpose(want, (0, 3, 2, 1)).reshape(2, -1, want.shape[1])
    elif not kwargs.get("expand_dims"):
        want = np.transpose(want, (0, 1, 3, 2)).reshape(2, want.shape[1], -1)
    assert got.shape == want.shape == tuple(layer.compute_output_shape(
        (2, 2, 300) if first else (2, 300, 2)))
    if mode == "angle":  # (+-pi alike where the imaginary part is a rounding's zero)
        got, want = np.exp(1j * got), np.exp(1j * want)
    np.testing.assert_allclose(got, want, rtol=1e-7, atol=1e-9)


def test_stft_spectrogram_weights_errors_and_config():
    pytest.importorskip("scipy")
    layer = L.STFTSpectrogram(mode="real", frame_length=32, padding="same")
    out = layer(SIGNALS.astype("float32"))
    assert out.shape == (2, 19, 34) == layer.compute_output_shape((2, 300, 2))
    assert [w.path for w in layer.weights] == [f"{layer.name}/real_kernel"]
    clone = L.STFTSpectrogram.from_config(layer.get_config())
    np.testing.assert_allclose(clone(SIGNALS.astype("float32")).numpy(), out.numpy())
    from scipy import signal
    kernel = keras.initializers.STFT("imag", "hann", None)((8, 1, 5))  # (an 8-point DFT)
    want = -np.sin(2 * np.pi * np.arange(8)[:, None] * np.arange(5) / 8) * \
        signal.get_window("hann", 8, False)[:, None]
    np.testing.assert_allclose(kernel.numpy()[:, 0], want, rtol=1e-5, atol=1e-6)
    assert keras.initializers.STFT("real", "hamming").get_config() == {
        "side": "real", "window": "hamming", "periodic": False, "scaling": "density"}
    for kwargs, message in [
            ({"frame_length": 32, "frame_step": 40}, "`frame_step` should be a positive"),
            ({"frame_length": 64, "fft_length": 32}, "`fft_length` should be not less"),
            ({"mode": "power"}, "Output mode is invalid, it must be one of log, magnitude"),
            ({"scaling": "unit"}, "Scaling is invalid"),
            ({"padding": "causal"}, "Padding is invalid, it should be 'valid', 'same'")]:
        with pytest.raises(ValueError, match=message):
            L.STFTSpectrogram(**kwargs)
    with pytest.raises(TypeError, match="Invalid input type"):
        L.STFTSpectrogram(frame_length=8)(np.ones((1, 20, 1), "int32"))
    with pytest.warns(UserWarning, match="power of two"):
        L.STFTSpectrogram(frame_length=8, fft_length=12)


@pytest.mark.parametrize("case", [c for c in C.CASES if c.get("cpu_error")
                                  and c["cls"] == "STFTSpectrogram"], ids=lambda c: c["id"])
def test_stft_spectrogram_channels_first_is_channels_last_transposed(case):
    """TF's CPU refuses a channels_first STFTSpectrogram (its NCHW convolution); eagerflow
    computes it: its twin's channels_last output, in the channels_first layout."""
    pytest.importorskip("scipy")
    first = C.make(keras, case)
    last = C.make(keras, {**case, "kwargs": {**case["kwargs"], "data_format": "channels_last"}})
    x = case["args"][0]
    want = last(np.transpose(x, (0, 2, 1))).numpy()
    got = first(x).numpy()
    assert got.shape == tuple(first.compute_output_shape(x.shape))
    if case["kwargs"].get("expand_dims"):  # [batch, channels, frames, bins]
        got = np.transpose(got, (0, 2, 3, 1))
    else:  # [batch, channels * bins, frames]
        got = np.transpose(got, (0, 2, 1))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_spectrograms_in_a_fitted_model_a_keras_file_and_datasets(tmp_path):
    """A Sequential model over MelSpectrogram features fits (its loss falls); the audio
    model of both layers round trips through a .keras file (the STFT kernels its trained
    weights); Dataset.map and a tf.function give the eager spectrograms."""
    pytest.importorskip("scipy")
    waves = C.data((8, 400), 0.4) * np.linspace(0.2, 1.0, 400, dtype="float32")
    labels = (np.arange(8) % 2).astype("float32")
    keras.utils.set_random_seed(3)
    model = keras.Sequential([
        keras.Input((400,)), L.MelSpectrogram(fft_length=64, sequence_stride=32,
                                              num_mel_bins=8),
        L.Flatten(), L.Rescaling(0.01), L.Dense(1, activation="sigmoid")])
    model.compile("adam", "binary_crossentropy")
    history = model.fit(waves, labels, epochs=4, batch_size=4, verbose=0).history["loss"]
    assert history[-1] < history[0]
    assert model.output_shape == (None, 1) and model.layers[0].output.shape == (None, 8, 13)

    audio = C.audio_spectrograms(keras)
    audio.compile("sgd", "mse")
    audio.fit(waves, np.stack([labels, 1 - labels], 1), epochs=1, verbose=0)
    path = str(tmp_path / "audio.keras")
    audio.save(path)
    loaded = keras.models.load_model(path)
    assert [type(x).__name__ for x in loaded.layers] == [type(x).__name__
                                                         for x in audio.layers]
    np.testing.assert_allclose(loaded.predict(waves, verbose=0),
                               audio.predict(waves, verbose=0), rtol=1e-6, atol=1e-6)

    mel = L.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=8)
    stft = L.STFTSpectrogram(mode="magnitude", frame_length=16)
    # (top_db clips below the loudest value of the whole call: per batch, as Keras's)
    want_mel = np.concatenate([mel(waves[:4]).numpy(), mel(waves[4:]).numpy()])
    want_stft = stft(waves[..., None]).numpy()
    ds = tf.data.Dataset.from_tensor_slices(waves).batch(4).map(
        lambda x: (mel(x), stft(tf.expand_dims(x, -1))))
    got = list(ds)
    np.testing.assert_allclose(np.concatenate([m for m, _ in got]), want_mel, rtol=1e-5,
                               atol=1e-4)
    np.testing.assert_allclose(np.concatenate([s for _, s in got]), want_stft, rtol=1e-5,
                               atol=1e-6)
    traced = tf.function(lambda x: mel(x))
    np.testing.assert_allclose(traced(waves[:4]).numpy(), want_mel[:4], rtol=1e-5,
                               atol=1e-4)
    spec = tf.TensorSpec((None, None), tf.float32)  # (frames unknown until run)
    assert tf.function(lambda x: mel(x)).get_concrete_function(spec).outputs[0].shape \
        .as_list() == [None, 8, None]


def test_bounding_boxes_ragged_rows_are_padded_and_inputs_kept():
    """Ragged boxes (a different count per image) are padded with zero boxes labelled -1;
    the caller's dict is left as it was; a traced call and a Dataset.map give the eager
    call's boxes."""
    images = IMG[:2]
    boxes = tf.ragged.constant([[[1.0, 1.0, 3.0, 3.0]], [[0.0, 0.0, 2.0, 2.0],
                                                          [1.0, 2.0, 3.0, 4.0]]],
                               ragged_rank=1)
    labels = tf.ragged.constant([[3], [1, 2]])
    data = {"images": images, "bounding_boxes": {"boxes": boxes, "labels": labels}}
    out = L.Resizing(10, 12, bounding_box_format="xyxy")(data)
    np.testing.assert_array_equal(out["bounding_boxes"]["labels"].numpy(), [[3, -1], [1, 2]])
    np.testing.assert_allclose(out["bounding_boxes"]["boxes"].numpy(),
                               [[[2, 2, 6, 6], [0, 0, 0, 0]], [[0, 0, 4, 4], [2, 4, 6, 8]]])
    assert data["bounding_boxes"]["boxes"] is boxes
    dense = {"images": images, "bounding_boxes": {
        "boxes": out["bounding_boxes"]["boxes"] / 2, "labels": np.array([[3, 0], [1, 2]])}}
    eager, traced, mapped = (L.RandomTranslation(0.3, 0.3, seed=4, bounding_box_format="xyxy")
                             for _ in range(3))
    fn = tf.function(lambda d: traced(d, training=True))
    ds = tf.data.Dataset.from_tensors(dense).map(lambda d: mapped(d, training=True))
    want = eager(dense, training=True)["bounding_boxes"]
    for got in (fn(dense)["bounding_boxes"], next(iter(ds))["bounding_boxes"]):
        np.testing.assert_allclose(got["boxes"].numpy(), want["boxes"].numpy(), atol=1e-5)
        np.testing.assert_array_equal(got["labels"].numpy(), want["labels"].numpy())


def test_composite_augmentation_round_trips_through_a_keras_file(tmp_path):
    """RandAugment, AugMix, CLAHE and MaxNumBoundingBoxes saved in a .keras file and read
    back: the same configs, the same inference outputs; MaxNumBoundingBoxes's fill_value
    is not in its config (as in Keras 3.15), so a clone pads with -1."""
    model = C.composite_augmentation(keras)
    path = str(tmp_path / "composite.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    for a, b in zip(loaded.layers, model.layers):
        assert type(a) is type(b) and json.dumps(a.get_config()) == json.dumps(b.get_config())
    x = np.resize(IMG, (2, 8, 8, 3))
    np.testing.assert_allclose(loaded(x, training=False).numpy(),
                               model(x, training=False).numpy(), rtol=1e-5, atol=1e-3)
    clone = L.MaxNumBoundingBoxes.from_config(L.MaxNumBoundingBoxes(4, -3).get_config())
    assert (clone.max_number, clone.fill_value) == (4, -1)


@pytest.mark.parametrize("make", [lambda: L.RandAugment(seed=3),
                                  lambda: L.AugMix(seed=4, all_ops=False, num_chains=2)],
                         ids=["RandAugment", "AugMix"])
def test_composite_layers_repeat_with_their_seed_traced(make):
    """Two layers made after the same global seed draw alike (AugMix's choices come from
    Python's random); a tf.function call gives the eager call's images."""
    keras.utils.set_random_seed(7)
    first = make()
    keras.utils.set_random_seed(7)
    second, traced = make(), make()
    keras.utils.set_random_seed(8)
    a = first(IMG, training=True).numpy()
    keras.utils.set_random_seed(8)
    np.testing.assert_array_equal(second(IMG, training=True).numpy(), a)
    keras.utils.set_random_seed(8)
    got = tf.function(lambda x: traced(x, training=True))(IMG).numpy()
    np.testing.assert_allclose(got, a, rtol=1e-5, atol=1e-3)
    assert not np.array_equal(a, IMG)
