"""tf.keras.preprocessing's Keras 1 utilities (text, sequence, image) and
keras.utils.bounding_boxes against Keras 3.15's recorded results and errors
(preprocessing_utils_golden.json), plus what the goldens cannot pin (process-salted hashes,
TimeseriesGenerator's config, the iterators in fit)."""

import json
import os
import re
import sys

import numpy as np
import pytest

from eagerflow import keras

sys.path.insert(0, os.path.dirname(__file__))
import preprocessing_utils_cases as C  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "preprocessing_utils_golden.json")) as f:
    GOLDEN = json.load(f)["cases"]


def _unordered_sets(text):
    """A message less the order its sets print in (the process's string hashes)."""
    return re.sub(r"\{([^{}]*)\}", lambda m: str(sorted(m.group(1).split(", "))), text)


def assert_close(got, want, path="out"):
    """Equal structures; floats to float32/float64 rounding of Keras's."""
    if path.endswith(".message"):
        assert _unordered_sets(got) == _unordered_sets(want), (path, got, want)
    elif isinstance(want, dict) and "array" in want:
        assert isinstance(got, dict) and got.get("dtype") == want["dtype"], (path, got)
        np.testing.assert_allclose(np.asarray(got["array"], dtype=float),
                                   np.asarray(want["array"], dtype=float), rtol=1e-6,
                                   atol=1e-4, err_msg=path)
    elif isinstance(want, dict):
        assert isinstance(got, dict) and got.keys() == want.keys(), (path, got, want)
        for key in want:
            assert_close(got[key], want[key], f"{path}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6, abs=1e-6), (path, got, want)
    else:
        assert got == want, (path, got, want)


@pytest.mark.parametrize("cid", sorted(C.CASES))
def test_as_keras(cid):
    assert_close(C.run(keras, C.CASES[cid]), GOLDEN[cid])


def test_one_hot_is_hashing_trick_with_python_hash():
    text = C.TEXTS[1]
    assert keras.preprocessing.text.one_hot(text, 11) == [
        hash(w) % 10 + 1 for w in keras.preprocessing.text.text_to_word_sequence(text)]


def test_timeseries_generator_trains_and_round_trips_its_config():
    """A TimeseriesGenerator is a PyDataset: fit takes it; its config (which Keras 3.15
    cannot give) holds the data as JSON."""
    data = np.arange(40, dtype="float32").reshape(20, 2)
    gen = keras.preprocessing.sequence.TimeseriesGenerator(data, data[:, :1], length=4,
                                                           batch_size=5)
    model = keras.Sequential([keras.Input((4, 2)), keras.layers.Flatten(),
                              keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    history = model.fit(gen, epochs=1, verbose=0)
    assert len(history.history["loss"]) == 1
    config = json.loads(gen.to_json())["config"]
    assert json.loads(config["data"]) == data.tolist() and config["start_index"] == 4
    with pytest.raises(TypeError, match="Data not JSON Serializable"):
        keras.preprocessing.sequence.TimeseriesGenerator(
            [object()], [1], length=0).get_config()


def test_image_iterators_feed_fit_and_announce_their_files(tmp_path, capsys):
    """flow() and flow_from_directory() iterators train a model (as PyDatasets); the
    directory iterator prints Keras's count line; each iterator also runs forever as a
    Python iterator, epoch after epoch."""
    gen = keras.preprocessing.image.ImageDataGenerator(rotation_range=10, rescale=1 / 255.0)
    model = keras.Sequential([keras.Input((5, 6, 3)), keras.layers.Flatten(),
                              keras.layers.Dense(2, activation="softmax")])
    model.compile("sgd", "sparse_categorical_crossentropy")
    flow = gen.flow(C.IMAGES, np.array([0, 1, 0, 1]), batch_size=3, seed=1)
    assert len(model.fit(flow, epochs=2, verbose=0).history["loss"]) == 2
    directory = C.image_dir(keras)
    it = gen.flow_from_directory(directory, target_size=(5, 6), class_mode="sparse",
                                 batch_size=3)
    assert capsys.readouterr().out == "Found 4 images belonging to 2 classes.\n"
    model.fit(it, epochs=1, verbose=0)
    sizes = [len(next(it)[0]) for _ in range(4)]
    assert sizes == [3, 1, 3, 1]
