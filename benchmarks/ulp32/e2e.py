"""Seeded Keras float32 programs trained 20 steps (train_on_batch, traced), their losses
at full precision each step: run with the TF python (`tf`) or eagerflow (`ef`, with
`--exact` candidates.py's algorithms swapped in); argv[2] names the program (mlp,
mlp_softmax, gru, lstm, cnn). Prints one JSON line: the losses' float32 bits per step.
(The recurrent layers take glorot_uniform recurrent kernels: the orthogonal
initializer's QR is LAPACK's here, Eigen's in TF, so those weights differ from the start.)
Compare with compare_e2e.sh."""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
import numpy as np  # noqa: E402

if sys.argv[1] == "tf":
    import tensorflow as tf  # noqa: E402
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf  # noqa: E402
    if "--exact" in sys.argv:  # the what-if: TF's exp/log/tanh/sums/cross-entropy
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import candidates  # noqa: E402

        candidates.patch()
keras = tf.keras

STEPS = 20


def data(shape: tuple, classes: int, n: int = 32) -> tuple:
    rng = np.random.RandomState(0)
    x = rng.standard_normal((n,) + shape).astype(np.float32)
    y = rng.randint(0, classes, n).astype(np.int32)
    return x, y


def model(name: str):
    keras.utils.set_random_seed(1)
    if name == "mlp":
        m = keras.Sequential([keras.Input((20,)), keras.layers.Dense(32, activation="relu"),
                              keras.layers.Dense(10)])
        loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        x, y = data((20,), 10)
    elif name == "mlp_softmax":
        m = keras.Sequential([keras.Input((20,)), keras.layers.Dense(32, activation="tanh"),
                              keras.layers.Dense(10, activation="softmax")])
        loss, (x, y) = "sparse_categorical_crossentropy", data((20,), 10)
    elif name == "gru":
        m = keras.Sequential([keras.Input((6, 5)),
                              keras.layers.GRU(8, recurrent_initializer="glorot_uniform"),
                              keras.layers.Dense(3)])
        loss, (x, y) = keras.losses.SparseCategoricalCrossentropy(from_logits=True), \
            data((6, 5), 3, 16)
    elif name == "lstm":
        m = keras.Sequential([keras.Input((6, 5)),
                              keras.layers.LSTM(8, recurrent_initializer="glorot_uniform"),
                              keras.layers.Dense(3)])
        loss, (x, y) = keras.losses.SparseCategoricalCrossentropy(from_logits=True), \
            data((6, 5), 3, 16)
    else:  # cnn
        m = keras.Sequential([keras.Input((8, 8, 1)),
                              keras.layers.Conv2D(4, 3, activation="relu"),
                              keras.layers.Flatten(), keras.layers.Dense(5)])
        loss, (x, y) = keras.losses.SparseCategoricalCrossentropy(from_logits=True), \
            data((8, 8, 1), 5, 16)
    m.compile(optimizer=keras.optimizers.Adam(0.01), loss=loss, run_eagerly=False)
    return m, x, y


def main() -> None:
    m, x, y = model(sys.argv[2])
    out = []
    for _ in range(STEPS):
        v = np.float32(m.train_on_batch(x, y))
        out.append(v.view(np.uint32).item().to_bytes(4, "big").hex())
    print(json.dumps(out))


if __name__ == "__main__":
    main()
