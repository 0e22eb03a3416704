"""An optimizer written as Keras 3's guide writes one (build with add_variable_from_reference
and add_variable, update_step with _get_variable_index and assign/assign_add), and a metric
used statelessly; run by eagerflow's test and by the Keras script of its golden."""

import numpy as np

KERNEL = np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.0]], np.float32)
X = np.array([[1.0, 2.0, -1.0], [0.5, -1.5, 2.0]], np.float32)


def make(keras):
    class HeavyBall(keras.optimizers.Optimizer):
        def __init__(self, learning_rate=0.1, momentum=0.5, name="heavy_ball", **kwargs):
            super().__init__(learning_rate=learning_rate, name=name, **kwargs)
            self.momentum = momentum

        def build(self, variables):
            if self.built:
                return
            super().build(variables)
            self.velocities = [self.add_variable_from_reference(v, "velocity")
                               for v in variables]
            self.steps_seen = self.add_variable((), initializer="zeros", dtype="float32",
                                                name="steps_seen")

        def update_step(self, gradient, variable, learning_rate):
            lr = keras.ops.cast(learning_rate, variable.dtype)
            v = self.velocities[self._get_variable_index(variable)]
            self.assign(v, self.momentum * v - lr * gradient)
            self.assign_add(variable, v)
            self.assign_add(self.steps_seen, 1.0)

    return HeavyBall


def run(keras, tf):
    """The kernel after each of three steps, the optimizer's variables' paths, and a Mean
    metric's state after a stateless update, result and reset."""
    opt = make(keras)()
    kernel = keras.Variable(KERNEL, name="kernel")
    steps = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(tf.matmul(X, kernel)))
        opt.apply_gradients([(tape.gradient(loss, kernel), kernel)])
        steps.append(np.asarray(kernel.numpy()).tolist())
    mean = keras.metrics.Mean()
    state = mean.stateless_update_state([v.value for v in mean.variables], np.array([1.0, 3.0]))
    return {"steps": steps, "paths": [v.path for v in opt.variables],
            "steps_seen": float(opt.steps_seen.numpy()),
            "metric_state": [float(np.asarray(v)) for v in state],
            "metric_result": float(np.asarray(mean.stateless_result(state))),
            "metric_reset": [float(np.asarray(v)) for v in mean.stateless_reset_state()],
            "metric_untouched": [float(v.numpy()) for v in mean.variables]}
