"""Text classification with TextVectorization, trained with fit (TF's text tutorial shape).

    python examples/text_classification.py [--epochs N] [--quick]

The data is a small labelled set of review-like sentences the script generates itself (a
seeded mix of positive and negative phrases among neutral filler), so it needs no download.
The model reads raw strings: TextVectorization -> Embedding -> GlobalAveragePooling1D ->
Dense. It reaches over 90% accuracy on held-out sentences within a few epochs.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import eagerflow as tf

POSITIVE = ["great", "wonderful", "loved it", "excellent", "brilliant", "superb acting",
            "a joy", "highly recommend", "beautiful", "moving", "fantastic", "delightful"]
NEGATIVE = ["terrible", "boring", "hated it", "awful", "a waste of time", "dull",
            "poorly written", "disappointing", "bad acting", "weak plot", "annoying", "mess"]
FILLER = ["the movie", "this film", "the story", "the cast", "overall", "honestly", "i think",
          "the ending", "the director", "in the end", "the music", "my friends said", "it was",
          "and", "but", "really", "quite", "the second half"]


def make_reviews(n: int, seed: int) -> tuple:
    """n sentences and their labels (1: positive): each holds two or three phrases of its
    label's kind, sometimes one of the other kind, among filler words."""
    rng = random.Random(seed)
    texts, labels = [], []
    for _ in range(n):
        label = rng.random() < 0.5
        ours, theirs = (POSITIVE, NEGATIVE) if label else (NEGATIVE, POSITIVE)
        parts = rng.sample(ours, rng.randint(2, 3)) + rng.sample(FILLER, rng.randint(3, 6))
        if rng.random() < 0.3:
            parts.append(rng.choice(theirs))
        rng.shuffle(parts)
        text = " ".join(parts).capitalize() + rng.choice([".", "!", "...", "?"])
        texts.append(text)
        labels.append(float(label))
    return np.array(texts), np.array(labels, np.float32)


def build_model(train_texts: np.ndarray, max_tokens: int = 200, length: int = 24) -> tf.keras.Model:
    vectorize = tf.keras.layers.TextVectorization(max_tokens=max_tokens,
                                                  output_sequence_length=length)
    vectorize.adapt(train_texts)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(1,), dtype="string"),
        vectorize,
        tf.keras.layers.Embedding(max_tokens, 16),
        tf.keras.layers.GlobalAveragePooling1D(),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="binary_crossentropy",
                  metrics=["accuracy"])
    return model


def main(epochs: int = 8, train_size: int = 2000, verbose: int = 2) -> float:
    tf.keras.utils.set_random_seed(7)
    x_train, y_train = make_reviews(train_size, seed=1)
    x_test, y_test = make_reviews(500, seed=2)
    model = build_model(x_train)
    model.fit(tf.constant(x_train[:, None]), y_train, batch_size=32, epochs=epochs,
              verbose=verbose)
    loss, accuracy = model.evaluate(tf.constant(x_test[:, None]), y_test, verbose=0)
    print(f"test accuracy {accuracy:.3f} (loss {loss:.3f})")
    return float(accuracy)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="fewer sentences and epochs")
    args = ap.parse_args()
    if args.quick:
        main(epochs=3, train_size=600)
    else:
        main(epochs=args.epochs)
