"""Keras models and optimizers as tf.train.Checkpoint sees them, built the same way by
real Keras 3 on TF and by eagerflow: `build(name, tf, keras)` gives the objects of a
checkpoint (models after one training step, optimizers after one update).

checkpoint_golden.py records TF's object graph for each case (checkpoint_golden.json);
test_checkpoint_layout.py writes eagerflow's and compares, and, where TensorFlow is
installed, checks that each side restores the other's checkpoints.
"""

import numpy as np

from tests.keras.harness_cases import CASES as HARNESS
from tests.keras.layers_golden import cases as layer_cases

MODELS = ["sequential_sgd_momentum", "functional_adam", "subclassed_adam", "sequential_fit",
          "nested_rmsprop", "attributes", "custom_weights", "sequential_built_by_call",
          "sequential_unbuilt", "functional_fit_metrics", "masked_embedding_lstm",
          "masking_concatenate"]
OPTIMIZERS = {
    "sgd": ("SGD", {}), "sgd_momentum": ("SGD", {"momentum": 0.9}),
    "adam": ("Adam", {}), "adam_amsgrad": ("Adam", {"amsgrad": True}),
    "adamw": ("AdamW", {}), "rmsprop": ("RMSprop", {}),
    "rmsprop_momentum_centered": ("RMSprop", {"momentum": 0.5, "centered": True}),
    "adagrad": ("Adagrad", {}), "adadelta": ("Adadelta", {}), "adamax": ("Adamax", {}),
    "nadam": ("Nadam", {}), "ftrl": ("Ftrl", {}),
    "sgd_schedule": ("SGD", {"learning_rate": ("ExponentialDecay", 0.1, 10, 0.9)}),
    "sgd_ema": ("SGD", {"use_ema": True, "momentum": 0.5}),
    "adam_ema_accumulation": ("Adam", {"use_ema": True, "gradient_accumulation_steps": 2}),
    "sgd_weight_decay": ("SGD", {"weight_decay": 0.1}),
    "loss_scale": ("LossScaleOptimizer", {}),
    "adafactor": ("Adafactor", {}), "muon": ("Muon", {}),
    "schedule_free_adamw": ("ScheduleFreeAdamW", {"use_ema": True}),
    "multi": ("MultiOptimizer", {}),
}
LAYERS = {f"layer_{i}_{c[0]}": c for i, c in enumerate(HARNESS)}
MORE_LAYERS = {f"layer_{c['id']}": c for c in layer_cases.CASES  # attention, ConvLSTM, ...
               if "_bad" not in c["id"] and not c["cls"].startswith("model:")}
ALL = MODELS + [f"optimizer_{k}" for k in OPTIMIZERS] + list(LAYERS) + list(MORE_LAYERS)

X = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) / 3
Y = np.array([[1.0, -1.0], [0.5, 2.0]], np.float32)


def _step(tf, model, optimizer, x=X, y=Y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    variables = model.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))


def _optimizer(keras, name):
    cls, kwargs = OPTIMIZERS[name]
    kwargs = dict(kwargs)
    lr = kwargs.get("learning_rate")
    if isinstance(lr, tuple):
        kwargs["learning_rate"] = getattr(keras.optimizers.schedules, lr[0])(*lr[1:])
    if cls == "LossScaleOptimizer":
        return keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD())
    if cls == "MultiOptimizer":
        return keras.optimizers.MultiOptimizer(keras.optimizers.OptimizerMap(
            keras.optimizers.SGD(), {"b": keras.optimizers.Adam()}))
    return getattr(keras.optimizers, cls)(**kwargs)


def _layer_input(shape, extra):
    n = int(np.prod(shape))
    x = (np.arange(n) % 7).reshape(shape)
    return x.astype(extra.get("input_dtype", "float32"))


def build(name, tf, keras):
    """The objects of case `name`'s checkpoint (keyword arguments of tf.train.Checkpoint)."""
    keras.utils.set_random_seed(0)
    L = keras.layers
    if name in LAYERS:
        cls, kwargs, shape, _, _, _, extra = LAYERS[name]
        kwargs = dict(kwargs)
        if cls == "Lambda":
            kwargs["function"] = lambda x: x * 2.0
        layer = getattr(L, cls)(**kwargs)
        layer(_layer_input(shape, extra))
        return {"layer": layer}
    if name in MORE_LAYERS:
        c = MORE_LAYERS[name]
        layer = layer_cases.make(keras, c)
        layer(*[layer_cases._structure(tf, a) for a in c["args"]],
              **{k: layer_cases._structure(tf, v) for k, v in c["call"].items()})
        return {"layer": layer}
    if name.startswith("optimizer_"):
        opt = _optimizer(keras, name[len("optimizer_"):])
        a = keras.Variable(np.ones((2, 3), np.float32), name="a")
        b = keras.Variable(np.arange(3, dtype=np.float32), name="b")
        opt.apply_gradients([(tf.constant(X), a), (tf.constant(X[0]), b)])
        return {"optimizer": opt}
    if name == "sequential_sgd_momentum":
        model = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2)])
        opt = keras.optimizers.SGD(0.1, momentum=0.9)
        _step(tf, model, opt)
        return {"model": model, "optimizer": opt}
    if name == "functional_adam":
        inp = keras.Input((3,))
        model = keras.Model(inp, L.Dense(2)(L.Dense(4, activation="relu")(inp)))
        opt = keras.optimizers.Adam(0.01)
        _step(tf, model, opt)
        return {"model": model, "optimizer": opt}
    if name == "subclassed_adam":
        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.d1 = L.Dense(4, activation="tanh")
                self.d2 = L.Dense(2)

            def call(self, x):
                return self.d2(self.d1(x))
        model = Net()
        opt = keras.optimizers.Adam(0.01)
        _step(tf, model, opt)
        return {"model": model, "optimizer": opt}
    if name == "sequential_fit":
        model = keras.Sequential([keras.Input((3,)), L.Dense(2)])
        model.compile(keras.optimizers.Adam(0.01), "mse")
        model.fit(X, Y, epochs=1, verbose=0)
        return {"model": model}
    if name == "functional_fit_metrics":
        inner = keras.Sequential([keras.Input((3,)), L.Dense(4)])
        inp = keras.Input((3,))
        model = keras.Model(inp, L.Dense(2)(inner(inp)))
        model.compile(keras.optimizers.SGD(0.1, momentum=0.5), "mse", metrics=["mae"])
        model.fit(X, Y, epochs=1, verbose=0)
        return {"model": model}
    if name == "nested_rmsprop":
        inner = keras.Sequential([keras.Input((3,)), L.Dense(4), L.BatchNormalization()])
        inp = keras.Input((3,))
        model = keras.Model(inp, L.Dense(2)(inner(inp)))
        opt = keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True)
        _step(tf, model, opt)
        return {"model": model, "optimizer": opt}
    if name == "attributes":
        class Net(keras.Model):
            def __init__(self):
                super().__init__()
                self.blocks = [L.Dense(3), L.Dense(3)]  # a list: not saved by Keras 3 on TF
                self.heads = {"a": L.Dense(2)}          # nor a dict
                self.pair = (L.Dense(2),)               # a tuple is
                self.scale = keras.Variable(np.float32(1.5), name="scale")
                self.tracker = keras.metrics.Mean()     # metrics are not TF trackables

            def call(self, x):
                h = self.blocks[1](self.blocks[0](x))
                return (self.heads["a"](h) + self.pair[0](x)) * self.scale
        model = Net()
        opt = keras.optimizers.Adam(0.01)
        _step(tf, model, opt)
        return {"model": model, "optimizer": opt}
    if name == "custom_weights":
        class Custom(L.Layer):
            def build(self, input_shape):
                self.alpha = self.add_weight(shape=(input_shape[-1],), name="alpha")
                self.add_weight(shape=(2,), name="unassigned")  # no attribute: not saved
                self._beta = self.add_weight(shape=(1,), name="beta", trainable=False)

            def call(self, x):
                return x * self.alpha + self._beta
        layer = Custom()
        layer(X)
        return {"layer": layer}
    if name == "sequential_built_by_call":
        model = keras.Sequential([L.Dense(4), L.Dense(2)])
        model(X)
        return {"model": model}
    if name == "masked_embedding_lstm":  # the mask's not_equal is operation 2
        inp = keras.Input((None,), dtype="int32")
        x = L.Embedding(10, 3, mask_zero=True)(inp)
        model = keras.Model(inp, L.Dense(2)(L.Add()([L.LSTM(3, return_sequences=True)(x),
                                                    L.Dense(3)(x)])))
        opt = keras.optimizers.Adam(0.01)
        _step(tf, model, opt, np.array([[1, 2, 0], [3, 0, 0]], np.int32),
              np.ones((2, 3, 2), np.float32))
        return {"model": model, "optimizer": opt}
    if name == "masking_concatenate":
        a, b = keras.Input((3, 2)), keras.Input((3, 2))
        c = L.Concatenate(axis=1)([L.Masking(0.0)(a), b])
        model = keras.Model([a, b], L.GRU(2)(c))
        return {"model": model}
    if name == "sequential_unbuilt":
        return {"model": keras.Sequential([L.Dense(2)])}
    raise KeyError(name)


def object_tree(graph):
    """A TrackableObjectGraph (TF's or eagerflow's message) as plain data, breadth first:
    [path of the node's first path, its children's names, its attributes' keys]."""
    paths = {0: ""}
    queue = [0]
    out = []
    for nid in queue:
        node = graph.nodes[nid]
        for c in node.children:
            if c.node_id not in paths:
                paths[c.node_id] = f"{paths[nid]}/{c.local_name}" if paths[nid] else \
                    c.local_name
                queue.append(c.node_id)
        out.append([paths[nid], [c.local_name for c in node.children],
                    [a.checkpoint_key for a in node.attributes]])
    return out


def checkpoint_record(tf, parse_graph, path):
    """{"tree": object_tree, "keys": {key: [shape, dtype name]}} of a written checkpoint."""
    reader = tf.train.load_checkpoint(path)
    graph = parse_graph(reader.get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH"))
    dtypes = reader.get_variable_to_dtype_map()
    keys = {k: [list(shape), dtypes[k].name] for k, shape in tf.train.list_variables(path)
            if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}
    return {"tree": object_tree(graph), "keys": keys}


INTEROP = [n for n in MODELS if n != "sequential_unbuilt"] + \
    [f"optimizer_{k}" for k in OPTIMIZERS]


def perturb(tf, objs):
    """Adds 1 to every variable of a case (so a restore visibly replaces values)."""
    seen = set()
    for obj in objs.values():
        optimizer = getattr(obj, "optimizer", None)
        for v in list(obj.variables) + list(getattr(optimizer, "variables", None) or []):
            if id(v) not in seen:
                seen.add(id(v))
                v.assign(v + tf.cast(1, v.dtype))


# Run by a TensorFlow interpreter: argv = [work dir, JSON list of case names]. For each
# case it writes TF's checkpoint (values perturbed) under tf/, then restores eagerflow's
# from ef/ into a fresh build (assert_consumed) and writes what it restored under back/.
TF_SCRIPT = r'''
import json, os, sys
sys.path.insert(0, os.environ["EAGERFLOW_ROOT"])
import tensorflow as tf
import keras
from tests.keras.keras3 import checkpoint_cases as C

d, names = sys.argv[1], json.loads(sys.argv[2])
errors = {}
for name in names:
    keras.backend.clear_session()
    objs = C.build(name, tf, keras)
    C.perturb(tf, objs)
    tf.train.Checkpoint(**objs).write(os.path.join(d, "tf", name))
    keras.backend.clear_session()
    fresh = C.build(name, tf, keras)
    try:
        tf.train.Checkpoint(**fresh).read(os.path.join(d, "ef", name)).assert_consumed()
    except Exception as e:
        errors[name] = f"{type(e).__name__}: {e}"
        continue
    tf.train.Checkpoint(**fresh).write(os.path.join(d, "back", name))
with open(os.path.join(d, "errors.json"), "w") as f:
    json.dump(errors, f)
'''
