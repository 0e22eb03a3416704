"""Keras 3's optimizers given a gather's gradient, a tf.IndexedSlices
(sparse_optimizers_golden.json, written by make_sparse_optimizers_golden.py).

Keras's TensorFlow backend applies such a gradient with its own arithmetic (a square of the
slices squares each slice, repeated ids included, and an update scatters slice by slice), so
with repeated ids the steps differ from those of the summed dense gradient. The loss is a
polynomial of the rows, whose gradient TF and eagerflow compute to the same bits.
"""

import numpy as np

TABLE = np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.0], [0.3, 0.2]], np.float32)
KERNEL = np.array([[1.0, -0.5], [0.25, 2.0]], np.float32)
IDS = {"repeated": np.array([0, 2, 0, 0, 3], np.int32),
       "unique": np.array([3, 0, 2], np.int32)}
W = np.array([[1.0, -2.0], [0.5, 0.25], [-1.0, 1.5], [2.0, 0.5], [0.1, -0.3]], np.float32)
CONFIGS = {
    "SGD": {"learning_rate": 0.1},
    "SGD-momentum": {"learning_rate": 0.1, "momentum": 0.9},
    "SGD-nesterov": {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True},
    "Adam": {"learning_rate": 0.1},
    "Adam-amsgrad": {"learning_rate": 0.1, "amsgrad": True},
    "Adam-clipnorm": {"learning_rate": 0.1, "clipnorm": 0.5},
    "Adam-clipvalue": {"learning_rate": 0.1, "clipvalue": 0.3},
    "Adam-global_clipnorm": {"learning_rate": 0.1, "global_clipnorm": 0.5},
    "Adam-weight_decay": {"learning_rate": 0.1, "weight_decay": 0.05},
    "Adam-loss_scale_factor": {"learning_rate": 0.1, "loss_scale_factor": 8.0},
    "Adam-accumulated": {"learning_rate": 0.1, "gradient_accumulation_steps": 2},
    "Adam-ema": {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.5},
    "AdamW": {"learning_rate": 0.1},
    "Adamax": {"learning_rate": 0.1},
    "Nadam": {"learning_rate": 0.1},
    "RMSprop": {"learning_rate": 0.1},
    "RMSprop-momentum": {"learning_rate": 0.1, "momentum": 0.5},
    "RMSprop-centered": {"learning_rate": 0.1, "centered": True, "momentum": 0.5},
    "Adagrad": {"learning_rate": 0.1},
    "Adadelta": {"learning_rate": 1.0},
    "Ftrl": {"learning_rate": 0.1},
    "Ftrl-regularized": {"learning_rate": 0.1, "l1_regularization_strength": 0.01,
                         "l2_regularization_strength": 0.02,
                         "l2_shrinkage_regularization_strength": 0.03, "beta": 0.1},
    "Lamb": {"learning_rate": 0.1},
    "Lion": {"learning_rate": 0.1},
    "Adafactor": {"learning_rate": 0.1},
    "LossScaleOptimizer": {"learning_rate": 0.1},
}
STEPS = 3


def make(keras, name):
    """The optimizer of case `name` (LossScaleOptimizer wraps an Adam)."""
    kind, config = name.split("-")[0], CONFIGS[name]
    if kind == "LossScaleOptimizer":
        return keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(**config),
                                                   initial_scale=4.0)
    return getattr(keras.optimizers, kind)(**config)


def run(keras, tf, name, ids, traced=False):
    """The table and the dense kernel after each step (as lists), and the gradient's type."""
    opt = make(keras, name)
    table = keras.Variable(TABLE, name="table")
    kernel = keras.Variable(KERNEL, name="kernel")
    w = tf.constant(W[: len(IDS[ids])])
    index = tf.constant(IDS[ids])

    def step():
        with tf.GradientTape() as tape:
            rows = tf.gather(table, index)
            out = tf.matmul(rows, kernel)
            loss = tf.reduce_sum(out * w) + 0.5 * tf.reduce_sum(rows * rows * w)
            if hasattr(opt, "scale_loss"):
                loss = opt.scale_loss(loss)
        grads = tape.gradient(loss, [table, kernel])
        opt.apply_gradients(zip(grads, [table, kernel]))
        return grads

    fn = tf.function(step) if traced else step
    steps = []
    for _ in range(STEPS):
        try:
            grads = fn()
        except (TypeError, ValueError) as e:  # (Keras refuses some: its error is the case)
            return {"error": type(e).__name__, "message": str(e)}
        steps.append([np.asarray(table.numpy()).tolist(), np.asarray(kernel.numpy()).tolist()])
    return {"steps": steps, "gradient": type(grads[0]).__name__}


VOCAB, DIM, LENGTH = 12, 3, 5
TOKENS = np.array([[1, 2, 2, 0, 0], [3, 3, 3, 4, 1], [5, 6, 7, 0, 0], [2, 2, 9, 9, 11],
                   [8, 1, 0, 0, 0], [10, 10, 10, 10, 10], [4, 5, 6, 7, 8], [1, 1, 2, 3, 5]],
                  np.int32)
LABELS = np.array([0, 1, 0, 1, 1, 0, 1, 0], np.int32)
FIT_OPTIMIZERS = {"Adam": {"learning_rate": 0.05}, "RMSprop": {"learning_rate": 0.05},
                  "Adagrad": {"learning_rate": 0.5}, "SGD": {"learning_rate": 0.5,
                                                             "momentum": 0.9}}


def fit(keras, name):
    """A text classifier (Embedding, average pooling, Dense) fitted two epochs: the losses
    per epoch and the weights after."""
    embedding = np.linspace(-0.5, 0.5, VOCAB * DIM, dtype=np.float32).reshape(VOCAB, DIM)
    dense = np.linspace(-1.0, 1.0, DIM * 2, dtype=np.float32).reshape(DIM, 2)
    model = keras.Sequential([
        keras.Input((LENGTH,), dtype="int32"),
        keras.layers.Embedding(VOCAB, DIM),
        keras.layers.GlobalAveragePooling1D(),
        keras.layers.Dense(2),
    ])
    model.set_weights([embedding, dense, np.array([0.1, -0.1], np.float32)])
    model.compile(getattr(keras.optimizers, name)(**FIT_OPTIMIZERS[name]),
                  keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(TOKENS, LABELS, batch_size=4, epochs=2, shuffle=False, verbose=0)
    return {"loss": [float(x) for x in history.history["loss"]],
            "weights": [np.asarray(w).tolist() for w in model.get_weights()]}
