"""A mixed-precision Keras training run shared by record_mixed_precision_training_golden.py
(run with TF 2.21 and Keras 3) and test_mixed_precision_training.py (run with eagerflow):
Dense(16, gelu) -> BatchNormalization -> Dense(4) under `mixed_float16` or `mixed_bfloat16`,
softmax cross-entropy from the logits, Adam, seeded by `keras.utils.set_random_seed`.

`run` gives, as float32 bit patterns (a half value widens exactly): the initial weights;
one forward pass in training mode (each layer's output) with the loss and the gradients of
the loss scaled by 2**15 (the LossScaleOptimizer's first scale) taken on a tape; and,
from a second model built from the same seed, the losses of five `train_on_batch` steps
and the weights after them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

POLICIES = ("mixed_float16", "mixed_bfloat16")


def _bits(tf: Any, t: Any) -> list:
    return np.asarray(tf.cast(t, tf.float32).numpy(), np.float32).reshape(-1).view(
        np.uint32).tolist()


def _model(keras: Any) -> tuple:
    keras.utils.set_random_seed(7)
    layers = [keras.layers.Dense(16, activation="gelu"), keras.layers.BatchNormalization(),
              keras.layers.Dense(4)]
    return keras.Sequential([keras.Input((8,))] + layers), layers


def data() -> tuple:
    k = np.arange(32 * 8, dtype=np.float64)
    x = (np.sin(k * 1.7) * 2.0 + np.cos(k * 0.3)).astype(np.float32).reshape(32, 8)
    y = (np.arange(32) * 7 % 4).astype(np.int32)
    return x, y


def run(tf: Any, policy: str) -> dict:
    keras = tf.keras
    x, y = data()
    keras.mixed_precision.set_global_policy(policy)
    try:
        out: dict = {}
        m, layers = _model(keras)
        out["init"] = [_bits(tf, w) for w in m.get_weights()]
        loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
        with tf.GradientTape() as tape:
            h = tf.constant(x)
            outputs = []
            for layer in layers:
                h = layer(h, training=True)
                outputs.append(h)
            loss = loss_fn(y, h)
            scaled = loss * 32768.0
        grads = tape.gradient(scaled, m.trainable_variables)
        out["outputs"] = [_bits(tf, o) for o in outputs]
        out["output_dtypes"] = [o.dtype.name for o in outputs]
        out["loss"] = _bits(tf, loss)
        out["grads"] = {v.path: _bits(tf, g) for v, g in zip(m.trainable_variables, grads)}

        m, _ = _model(keras)
        m.compile(optimizer=keras.optimizers.Adam(1e-2), loss=loss_fn)
        out["optimizer"] = type(m.optimizer).__name__
        out["losses"] = [_bits(tf, np.float32(m.train_on_batch(x, y))) for _ in range(5)]
        out["weights"] = [_bits(tf, w) for w in m.get_weights()]
        return out
    finally:
        keras.mixed_precision.set_global_policy("float32")
