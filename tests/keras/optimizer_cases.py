"""Keras 3's Lion and Lamb on a fixed problem (optimizers_golden.json, written by
make_optimizers_golden.py): the weights and slots after each of a few steps."""

import numpy as np

KERNEL = np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.0]], np.float32)
BIAS = np.array([0.0, 0.1], np.float32)
X = np.array([[1.0, 2.0, -1.0], [0.5, -1.5, 2.0], [0.0, 1.0, 1.0], [2.0, 0.0, -0.5]],
             np.float32)
Y = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]], np.float32)
CONFIGS = {
    "Lion": {"learning_rate": 0.01},
    "Lion-betas": {"learning_rate": 0.003, "beta_1": 0.8, "beta_2": 0.95},
    "Lamb": {"learning_rate": 0.01},
    "Lamb-wd": {"learning_rate": 0.02, "epsilon": 1e-5, "weight_decay": 0.01},
}
STEPS = 3


def run(keras, tf, name):
    """Weights and optimizer variables after each step of `name`'s config (as lists)."""
    cls = getattr(keras.optimizers, name.split("-")[0])
    opt = cls(**CONFIGS[name])
    kernel, bias = keras.Variable(KERNEL, name="kernel"), keras.Variable(BIAS, name="bias")
    out = []
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            pred = tf.matmul(tf.constant(X), kernel) + bias
            loss = tf.reduce_mean(tf.square(pred - Y))
        grads = tape.gradient(loss, [kernel, bias])
        opt.apply_gradients(zip(grads, [kernel, bias]))
        out.append([np.asarray(kernel).tolist(), np.asarray(bias).tolist()]
                   + [np.asarray(v).tolist() for v in opt.variables[2:]])
    return {"steps": out, "config": {k: v for k, v in opt.get_config().items()
                                     if k in ("beta_1", "beta_2", "epsilon",
                                              "learning_rate", "weight_decay")},
            "slots": [v.path.split("/", 1)[1] for v in opt.variables]}  # (the name counts)
