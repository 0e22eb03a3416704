"""The small Keras regression the distribute tests train under a strategy and compare
with one device: built once here so that every loop spelling trains the same model."""

import eagerflow as tf

GLOBAL_BATCH = 8


def regression_step(strategy, optimizer_cls, outputs=1):
    """Dense(4, tanh) -> Dense(outputs) and an optimizer (learning rate 0.05), created
    under `strategy.scope()` from seed 1, and the per-replica train step for them.

    The step's loss is the squared error summed over its replica's batch and divided by
    the global batch, so that the replicas' summed gradients equal one device's. Returns
    (model, optimizer, step_fn, traces); step_fn appends to `traces` each time it runs as
    Python, that is, each time it is traced inside a tf.function."""
    with strategy.scope():
        tf.keras.utils.set_random_seed(1)
        model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="tanh",
                                                           input_shape=(3,)),
                                     tf.keras.layers.Dense(outputs)])
        optimizer = optimizer_cls(learning_rate=0.05)
    traces = []

    def step_fn(inputs):
        traces.append(1)  # a Python side effect: runs when traced (or run as Python)
        features, labels = inputs
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum((model(features) - labels) ** 2) / float(GLOBAL_BATCH)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return model, optimizer, step_fn, traces
