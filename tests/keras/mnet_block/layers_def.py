"""The layers of one MobileNetV2 inverted-residual block, written once for both recorders:
`make_golden.py` builds them with TF 2.21, the test with eagerflow. Two shapes: block_13 of a
96x96 model (6x6 input, zero padding then a stride-2 'valid' depthwise conv) and block_16 of a
32x32 model (1x1 input, batch norm over 4 samples)."""

import numpy as np

CASES = {"stride2_6x6": (6, 2), "stride1_1x1": (1, 1)}
BATCH, CIN, EXPAND = 4, 8, 24


def build(tf, stride: int) -> list:
    """The block's layers, each already built, in call order."""
    L = tf.keras.layers
    def bn():
        return L.BatchNormalization(epsilon=1e-3, momentum=0.999)

    layers = [L.Conv2D(EXPAND, 1, use_bias=False), bn(), L.ReLU(6.0)]
    if stride == 2:
        layers.append(L.ZeroPadding2D(((0, 1), (0, 1))))
    padding = "valid" if stride == 2 else "same"
    layers += [L.DepthwiseConv2D(3, strides=stride, padding=padding, use_bias=False), bn(),
               L.ReLU(6.0), L.Conv2D(CIN, 1, use_bias=False), bn()]
    return layers


def inputs(side: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=(BATCH, side, side, CIN)).astype(np.float32)


def local_vjps(tf, layers: list, x: np.ndarray, weights: list, seed: int) -> dict:
    """Each layer's output and its vector-Jacobian product (input and weights) for a seeded
    upstream gradient, the layer fed the previous layer's recorded output `x`."""
    rng = np.random.default_rng(seed)
    out, k = {}, 0
    for i, layer in enumerate(layers):
        if not layer.built:
            layer.build(x.shape)
        n = len(layer.weights)
        if n:
            layer.set_weights(weights[k:k + n])
            k += n
        xv = tf.Variable(x)
        with tf.GradientTape() as tape:
            y = layer(xv, training=True)
            dy = tf.constant(rng.normal(size=tuple(y.shape)).astype(np.float32))
            s = tf.reduce_sum(y * dy)
        grads = tape.gradient(s, [xv] + list(layer.trainable_variables))
        out[f"{i}_y"] = y.numpy()
        for j, g in enumerate(grads):
            out[f"{i}_g{j}"] = g.numpy()
        x = y.numpy()
    return out
