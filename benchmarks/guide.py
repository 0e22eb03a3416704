"""The eager guide's MNIST CNN and its train step, written once for every benchmark.

conv.py, data.py and the rows of rows.py (run by _worker.py, which puts this folder on
sys.path) time the same model: Conv2D(16, 3x3, relu) -> Conv2D(16, 3x3, relu) ->
GlobalAveragePooling2D -> Dense(10), trained with a GradientTape, Adam and a
from-logits sparse cross entropy. `tf` is eagerflow or TensorFlow: the code is the same.
"""

from __future__ import annotations


def guide_model(tf, input_shape: tuple = (28, 28, 1)) -> object:
    """The guide's Sequential CNN; `input_shape` may leave the image size as None."""
    layers = tf.keras.layers
    return tf.keras.Sequential([
        tf.keras.Input(input_shape), layers.Conv2D(16, [3, 3], activation="relu"),
        layers.Conv2D(16, [3, 3], activation="relu"), layers.GlobalAveragePooling2D(),
        layers.Dense(10)])


def guide_train_step(tf, model: object) -> object:
    """The guide's eager train step on `model` (Adam, from-logits loss); returns the loss."""
    optimizer = tf.keras.optimizers.Adam()
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def train_step(images, labels):
        with tf.GradientTape() as tape:
            loss_value = loss_object(labels, model(images, training=True))
        grads = tape.gradient(loss_value, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss_value

    return train_step
