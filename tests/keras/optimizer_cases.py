"""Keras 3's newer optimizers on a fixed problem (optimizers_golden.json, written by
make_optimizers_golden.py): the weights and slots after each of a few steps, the config,
and the variables' paths."""

import json

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
    "Adafactor": {"learning_rate": 0.01},
    "Adafactor-options": {"learning_rate": 0.05, "beta_2_decay": -0.5, "epsilon_2": 0.01,
                          "clip_threshold": 0.5, "relative_step": False},
    "Adafactor-ema": {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.5},
    "Muon": {"learning_rate": 0.01},
    "Muon-options": {"learning_rate": 0.02, "nesterov": False, "rms_rate": None, "ns_steps": 3,
                     "weight_decay": 0.01, "adam_weight_decay": None, "adam_lr_ratio": 0.5,
                     "momentum": 0.9},
    "Muon-excluded": {"learning_rate": 0.01, "exclude_layers": ["ker"]},
    "Muon-accumulated": {"learning_rate": 0.01, "gradient_accumulation_steps": 2},
    "ScheduleFreeAdamW": {"learning_rate": 0.01},
    "ScheduleFreeAdamW-warmup": {"learning_rate": 0.01, "warmup_steps": 2, "beta_1": 0.8,
                                 "weight_decay": 0.01, "epsilon": 1e-6},
    "ScheduleFreeAdamW-clipped": {"learning_rate": 0.05, "global_clipnorm": 0.5},
    "MultiOptimizer": {},
    "MultiOptimizer-scaled": {"loss_scale_factor": 4.0, "name": "multi"},
}
STEPS = 3


def make(keras, name):
    """The optimizer of case `name` (a MultiOptimizer's map: Adam for the bias, else SGD)."""
    if name.startswith("MultiOptimizer"):
        adam = keras.optimizers.Adam(0.01, name="inner_adam")
        sgd = keras.optimizers.SGD(0.1, momentum=0.5, name="inner_sgd")
        return keras.optimizers.MultiOptimizer(
            keras.optimizers.OptimizerMap(sgd, {"b.*": adam}), **CONFIGS[name])
    return getattr(keras.optimizers, name.split("-")[0])(**CONFIGS[name])


def run(keras, tf, name, wrap=None):
    """Weights and optimizer variables after each step of `name`'s config (as lists); the
    step runs as it is or as `wrap(step)` (a tf.function, say)."""
    opt = make(keras, name)
    kernel, bias = keras.Variable(KERNEL, name="kernel"), keras.Variable(BIAS, name="bias")

    def step():
        with tf.GradientTape() as tape:
            pred = tf.matmul(tf.constant(X), kernel) + bias
            loss = tf.reduce_mean(tf.square(pred - Y))
        grads = tape.gradient(loss, [kernel, bias])
        opt.apply_gradients(zip(grads, [kernel, bias]))

    step = wrap(step) if wrap is not None else step
    out = []
    for _ in range(STEPS):
        step()
        out.append([np.asarray(kernel).tolist(), np.asarray(bias).tolist()]
                   + [np.asarray(v).tolist() for v in opt.variables[2:]])
    return {"steps": out, "config": {k: v for k, v in opt.get_config().items() if k != "name"},
            "name": opt.name.rstrip("_0123456789"),  # (the automatic name counts)
            "slots": [(v.path.split("/", 1)[-1], v.dtype) for v in opt.variables]}


def swap_ema_fit(keras, swap_on_epoch):
    """SwapEMAWeights around a fit with validation (and the weights a later callback sees
    at each epoch's end), then one more step, a predict and an evaluate given the same
    callback: the logs and the weights the model holds after each."""
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.layers[0].set_weights([KERNEL, BIAS])
    model.compile(keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5), loss="mse")
    swap = keras.callbacks.SwapEMAWeights(swap_on_epoch=swap_on_epoch)
    seen = []
    record = keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: seen.append(_weights(model)))
    history = model.fit(X, Y, epochs=3, batch_size=2, validation_data=(X, Y), shuffle=False,
                        callbacks=[swap, record], verbose=0)
    out = {"history": history.history, "epoch_ends": seen, "after_fit": _weights(model)}
    model.train_on_batch(X, Y)
    out["after_step"] = _weights(model)
    out["predict"] = np.asarray(model.predict(X, callbacks=[swap], verbose=0)).tolist()
    out["after_predict"] = _weights(model)
    out["evaluate"] = model.evaluate(X, Y, callbacks=[swap], verbose=0)
    out["after_evaluate"] = _weights(model)
    return out


def _weights(model):
    return [np.asarray(w).tolist() for w in model.get_weights()]


# Expressions over `keras` and `np`, their value (configs, names) or error recorded
_MAP = ("keras.optimizers.OptimizerMap(keras.optimizers.SGD(name='s'), "
        "{'b.*': keras.optimizers.Adam(name='a')})")
_MULTI = f"keras.optimizers.MultiOptimizer({_MAP}, name='m')"
_V = "[keras.Variable(np.ones((2, 2)), name='kernel'), keras.Variable(np.ones(2), name='bias')]"
EXPRESSIONS = [
    "keras.optimizers.OptimizerMap(1)",
    "keras.optimizers.OptimizerMap(keras.optimizers.SGD(), [1])",
    f"{_MAP}.__setitem__(3, keras.optimizers.SGD())",
    f"{_MAP}.__setitem__('x', 3)",
    f"{_MAP}.__setitem__('x', keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD()))",
    f"{_MAP}.__setitem__('x', {_MULTI})",
    f"[type({_MAP}[k]).__name__ for k in ('bias', 'kernel', 'b.*')]",
    f"(len({_MAP}), list({_MAP}))",
    f"{_MAP}.get_config()",
    f"{_MULTI}.get_config()",
    f"keras.optimizers.serialize({_MULTI})",
    f"keras.optimizers.deserialize(keras.optimizers.serialize({_MULTI})).get_config()",
    f"{_MULTI}.learning_rate",
    f"setattr({_MULTI}, 'learning_rate', 0.1)",
    f"{_MULTI}.apply([np.ones(2)])",
    "keras.optimizers.MultiOptimizer(keras.optimizers.OptimizerMap(keras.optimizers.SGD(), "
    "{'b.*': keras.optimizers.Adam(), 'bi.*': keras.optimizers.SGD()})).build(" + _V + ")",
    f"keras.optimizers.MultiOptimizer({_MAP}).set_weights([])",
    "keras.optimizers.MultiOptimizer(lambda v: keras.optimizers.LossScaleOptimizer("
    "keras.optimizers.SGD())).build(" + _V + ")",
    f"[o.loss_scale_factor for o in keras.optimizers.MultiOptimizer({_MAP}, 2.0).optimizers]",
    "keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(name='s'), "
    "name='lso').get_config()",
    "keras.optimizers.Muon().zeropower_via_newtonschulz5(keras.ops.ones((3,)), 5)",
    "np.asarray(keras.optimizers.Muon().zeropower_via_newtonschulz5("
    "keras.ops.convert_to_tensor(np.arange(12.0).reshape(4, 3) - 5.0, 'float32'), 5))",
    "[type(keras.optimizers.get(n)).__name__ for n in ('adafactor', 'Adafactor', 'muon', "
    "'schedulefreeadamw', 'ScheduleFreeAdamW')]",
    "keras.optimizers.get('schedule_free_adamw')",
    "keras.optimizers.Adafactor(learning_rate=0.5, beta_2_decay=-0.6, name='f').get_config()",
    "keras.optimizers.Muon(exclude_layers=['dense'], rms_rate=None, name='mu').get_config()",
    "keras.optimizers.ScheduleFreeAdamW(warmup_steps=10, name='sf').get_config()",
    "keras.optimizers.Adafactor.from_config(keras.optimizers.Adafactor(0.3, name='f')"
    ".get_config()).get_config()",
    "keras.callbacks.SwapEMAWeights().swap_on_epoch",
    "vars(keras.callbacks.RemoteMonitor())",
]


def evaluate(keras, expr):
    """`expr`'s value as JSON data, or its error's class and message."""
    try:
        value = eval(expr, {"keras": keras, "np": np})
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return {"error": type(e).__name__, "message": str(e)}
    value = np.asarray(value).tolist() if isinstance(value, np.ndarray) else value
    return {"value": json.loads(json.dumps(value, default=repr))}
