"""ResNet-50 (v1, 25.6M parameters), written once for the saving benchmarks.

The rows of rows.py that save and load a whole model (run by _worker.py, which puts this
folder on sys.path) build it with the same Keras functional code on eagerflow and on
TensorFlow: `tf` is either. Bottleneck blocks [3, 4, 6, 3] as in Keras's
applications.ResNet50; the image size may be left as None.
"""

from __future__ import annotations


def resnet50(tf, input_shape: tuple = (None, None, 3), classes: int = 1000) -> object:
    L = tf.keras.layers

    def bn(x):
        return L.BatchNormalization(epsilon=1.001e-5)(x)

    def block(x, filters, stride, project):
        shortcut = bn(L.Conv2D(4 * filters, 1, strides=stride)(x)) if project else x
        x = L.Activation("relu")(bn(L.Conv2D(filters, 1, strides=stride)(x)))
        x = L.Activation("relu")(bn(L.Conv2D(filters, 3, padding="same")(x)))
        x = bn(L.Conv2D(4 * filters, 1)(x))
        return L.Activation("relu")(L.Add()([shortcut, x]))

    inputs = tf.keras.Input(input_shape)
    x = L.Conv2D(64, 7, strides=2)(L.ZeroPadding2D(3)(inputs))
    x = L.Activation("relu")(bn(x))
    x = L.MaxPooling2D(3, strides=2)(L.ZeroPadding2D(1)(x))
    for filters, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        x = block(x, filters, stride, True)
        for _ in range(blocks - 1):
            x = block(x, filters, 1, False)
    x = L.Dense(classes)(L.GlobalAveragePooling2D()(x))
    return tf.keras.Model(inputs, x)
