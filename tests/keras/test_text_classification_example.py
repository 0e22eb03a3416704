"""examples/text_classification.py trains TextVectorization -> Embedding ->
GlobalAveragePooling1D -> Dense with fit on raw strings and classifies held-out sentences."""

import importlib.util
from pathlib import Path

import numpy as np

import eagerflow as tf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "text_classification.py"


def _example():
    spec = importlib.util.spec_from_file_location("text_classification", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_reaches_its_stated_accuracy_quickly():
    accuracy = _example().main(epochs=3, train_size=600, verbose=0)
    assert accuracy >= 0.9


def test_the_trained_model_reads_raw_strings_and_saves_its_vocabulary():
    ex = _example()
    texts, labels = ex.make_reviews(300, seed=3)
    model = ex.build_model(texts, max_tokens=50, length=8)
    vectorize = model.layers[0]
    vocab = vectorize.get_vocabulary()
    assert vocab[:2] == ["", "[UNK]"] and len(vocab) == 50
    ids = vectorize(tf.constant([["Great movie!"], ["zzz"]]))
    assert ids.shape == (2, 8) and ids.dtype == tf.int64
    assert ids.numpy()[1].tolist() == [1] + [0] * 7  # unknown, then padding
    probs = model.predict(tf.constant(texts[:4, None]), verbose=0)
    assert probs.shape == (4, 1) and np.all((probs >= 0) & (probs <= 1))
