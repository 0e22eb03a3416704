"""Files of kinds the other file_cases*.py leave out, as file_cases_kinds.py's cases (write,
read): a tf.Module keeping tf.train.ExponentialMovingAverage's shadow variables (in a
checkpoint and a SavedModel); a registered Keras layer overriding save_own_variables /
load_own_variables; a tf.train.Checkpoint of a Keras model, its optimizer, a step counter
and a dataset iterator, restored to resume a custom training loop; a Keras model of two
inputs and two outputs with masking (Embedding's mask_zero through a registered layer with
its own compute_mask and an LSTM) and a shared layer, in a `.keras` file and an export;
a tf.Module whose functions have several concrete traces (unknown dimensions, namedtuple
and nested dict inputs) saved with several named signatures; an Adam keeping moving
averages and accumulating gradients, resumed from a `.keras` file; custom gradients saved
with and without their gradient functions; ragged, sparse and namedtuple inputs of a
loaded module saved again; a registered learning-rate schedule resumed; a registered
subclassed model of dict inputs whose config nests a serialized layer, in a `.keras` file
and an export, and one built on a tuple, exported; Keras metrics' variables in a checkpoint;
int64 and bool weights of a registered layer in `.keras`, `.h5` and `.weights.h5` files;
iterators of shuffled, filtered, interleaved, zipped, windowed and re-batched datasets in a
checkpoint; string ops in a saved function; HashedCrossing, Discretization,
CategoryEncoding and Hashing in a `.keras` file and an export; GRU (reset_after=False),
TimeDistributed and Bidirectional layers over a mask in `.keras` and `.h5` files;
keras.ops.scan and fori_loop in a registered layer, exported; a saved function calling
tf.numpy_function. file_cases_kinds.py adds them to its CASES (golden/file_cases_kinds.json
holds TF 2.21's reads of its own files, the files TF wrote are kept in
golden/file_cases_kinds/); test_file_cases_mixes.py checks them, and
file_cases_mixes_more.py's. Builders take the `tf` and `keras` modules; this module imports
neither."""

from __future__ import annotations

import collections
import os

import numpy as np

from tests.interop.file_cases import TOKENS, XS, YS, fit_history, values
from tests.saved_model.user_model_cases import outcome, pretty, signature_facts


def path(d: str, name: str) -> str:
    return os.path.join(d, name)


def rounded(x, n=5):
    return np.round(np.asarray(x, "float64"), n).tolist()


# --- a tf.Module keeping moving averages ---------------------------------------------------

def _ema_module(tf):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([1.0, -2.0], name="w")
            self.b = tf.Variable(0.5, name="b")
            self.step = tf.Variable(0, dtype=tf.int64, trainable=False, name="step")
            self.ema = tf.train.ExponentialMovingAverage(0.9, num_updates=self.step)
            self.ema.apply([self.w, self.b])
            # (the averager is no Trackable: the module keeps its shadow variables)
            self.averages = [self.ema.average(self.w), self.ema.average(self.b)]

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="g")])
        def train(self, g):
            self.w.assign_sub(g)
            self.b.assign_add(0.25)
            self.step.assign_add(1)
            self.ema.apply([self.w, self.b])
            return self.ema.average(self.w)

        @tf.function(input_signature=[])
        def averaged(self):
            return {"w": self.ema.average(self.w), "b": self.ema.average(self.b)}

    return M()


def write_ema_module(tf, keras, d):
    keras.backend.clear_session()  # (the averages' saved names count those made before)
    m = _ema_module(tf)
    for g in ([0.5, -1.0], [0.25, 0.5], [1.0, 1.0]):
        m.train(tf.constant(g))
    tf.train.Checkpoint(m=m).write(path(d, "ck"))
    tf.saved_model.save(m, path(d, "sm"))


def read_ema_module(tf, keras, d):
    # (TF names each average in a variable scope made unique per default graph, which
    # clear_session starts anew: the second module's are "..._1")
    keras.backend.clear_session()
    fresh, second = _ema_module(tf), _ema_module(tf)

    def restored():
        tf.train.Checkpoint(m=fresh).read(path(d, "ck")).assert_consumed()
        return [fresh.w, fresh.b, fresh.step, *fresh.averages]

    loaded = tf.saved_model.load(path(d, "sm"))
    return {"keys": outcome(lambda: sorted(k for k, _ in tf.train.list_variables(path(d, "ck"))
                                           if "OBJECT_GRAPH" not in k)),
            "names": outcome(lambda: [fresh.ema.average_name(fresh.w), fresh.ema.name,
                                      [v.name for v in second.averages],
                                      sorted(second.ema.variables_to_restore())]),
            "restored": outcome(restored),
            "resumed": outcome(lambda: fresh.train(tf.constant([0.5, 0.5]))),
            "loaded_averages": outcome(loaded.averaged),
            "loaded_train": outcome(lambda: [loaded.train(tf.constant([1.0, 0.0])),
                                             loaded.averaged(), loaded.step]),
            "loaded_shadows": outcome(lambda: sorted([v.name, v.numpy().tolist()]
                                                     for v in loaded.averages))}


# --- a Keras layer saving its own variables ------------------------------------------------

_OWN: dict = {}


def own_layer(keras):
    """A registered layer keeping, besides its kernel, a table of per-feature offsets it
    saves itself (no weight: save_own_variables / load_own_variables), defined once per
    `keras`."""
    if id(keras) in _OWN:
        return _OWN[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Offsets(keras.layers.Layer):
        def __init__(self, units=2, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.offsets = np.zeros((units,), "float32")

        def build(self, input_shape):
            self.kernel = self.add_weight(shape=(input_shape[-1], self.units),
                                          initializer="ones", name="kernel")

        def call(self, x):
            return keras.ops.matmul(x, self.kernel) + self.offsets

        def save_own_variables(self, store):
            super().save_own_variables(store)
            store["offsets"] = self.offsets

        def load_own_variables(self, store):
            self.offsets = np.asarray(store["offsets"])
            self.kernel.assign(store["0"])

        def get_config(self):
            return {**super().get_config(), "units": self.units}

    _OWN[id(keras)] = Offsets
    return Offsets


def write_own_variables_keras(tf, keras, d):
    inp = keras.Input((3,), name="x")
    layer = own_layer(keras)(2, name="offsets")
    model = keras.Model(inp, layer(inp), name="own")
    layer.kernel.assign(np.arange(6, dtype="float32").reshape(3, 2) / 4)
    layer.offsets = np.array([1.5, -0.5], "float32")
    model.save(path(d, "m.keras"))
    model.save_weights(path(d, "m.weights.h5"))


def read_own_variables_keras(tf, keras, d):
    own_layer(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    inp = keras.Input((3,), name="x")
    again = keras.Model(inp, own_layer(keras)(2, name="offsets")(inp))
    return {"predict": outcome(lambda: rounded(m.predict(XS[:3], verbose=0))),
            "offsets": outcome(lambda: m.get_layer("offsets").offsets),
            "weights": outcome(lambda: values(m.weights)),
            "load_weights": outcome(lambda: [again.load_weights(path(d, "m.weights.h5")),
                                             rounded(again.predict(XS[:2], verbose=0))][1])}


# --- a checkpoint resuming a custom training loop ------------------------------------------

def _loop_objects(tf, keras):
    """A model, an optimizer, a step counter and an iterator over a shuffled, repeated
    dataset: what a custom training loop checkpoints."""
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="tanh", name="h",
                           kernel_initializer=keras.initializers.Constant(0.2))(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out", kernel_initializer="ones")(h))
    ds = tf.data.Dataset.from_tensor_slices((XS, YS)).shuffle(8, seed=3).repeat().batch(3)
    return model, keras.optimizers.Adam(0.05), tf.Variable(0, dtype=tf.int64, name="step"), \
        iter(ds)


def _train(tf, model, optimizer, step, it, n):
    losses = []
    for _ in range(n):
        x, y = next(it)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        step.assign_add(1)
        losses.append(round(float(loss), 5))
    return losses


def write_resume_loop(tf, keras, d):
    model, optimizer, step, it = _loop_objects(tf, keras)
    _train(tf, model, optimizer, step, it, 3)
    ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, step=step, it=it)
    tf.train.CheckpointManager(ckpt, path(d, "ckpts"), max_to_keep=2).save(
        checkpoint_number=step)


def read_resume_loop(tf, keras, d):
    model, optimizer, step, it = _loop_objects(tf, keras)
    ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, step=step, it=it)
    latest = tf.train.latest_checkpoint(path(d, "ckpts"))

    def resumed():
        status = ckpt.restore(latest)
        return [int(step), _train(tf, model, optimizer, step, it, 3), int(step),
                [rounded(w, 4) for w in model.weights], status.assert_consumed() is status]

    return {"latest": outcome(lambda: os.path.basename(latest)),
            "resumed": outcome(resumed),
            "iterations": outcome(lambda: int(optimizer.iterations))}


# --- masking, two inputs and outputs, a shared layer --------------------------------------

_MASKED: dict = {}


def mask_layer(keras):
    """A registered layer that scales its inputs and narrows the mask it is given to the
    steps whose first feature is positive, defined once per `keras`."""
    if id(keras) in _MASKED:
        return _MASKED[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class PositiveMask(keras.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor
            self.supports_masking = True

        def call(self, x, mask=None):
            return x * self.factor

        def compute_mask(self, x, mask=None):
            positive = keras.ops.greater(x[..., 0], 0.0)
            return positive if mask is None else keras.ops.logical_and(mask, positive)

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    _MASKED[id(keras)] = PositiveMask
    return PositiveMask


def masked_model(keras):
    tokens = keras.Input((5,), dtype="int32", name="tokens")
    extra = keras.Input((3,), name="extra")
    wide = keras.layers.Dense(4, name="wide", kernel_initializer="ones")(extra)
    emb = keras.layers.Embedding(7, 3, mask_zero=True, name="emb",
                                 embeddings_initializer=keras.initializers.RandomUniform(
                                     -1, 1, seed=4))(tokens)
    seq = keras.layers.LSTM(4, name="lstm", seed=5)(mask_layer(keras)(1.5, name="pos")(emb))
    shared = keras.layers.Dense(2, name="shared",
                                kernel_initializer=keras.initializers.Constant(0.3))
    left, right = shared(seq), shared(wide)
    out = keras.layers.Add(name="sum")([left, right])
    return keras.Model([tokens, extra], {"sum": out, "left": left}, name="masked")


def _set_weights(model, seed):
    rng = np.random.RandomState(seed)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype("float32"))


def write_masked_keras(tf, keras, d):
    model = masked_model(keras)
    _set_weights(model, 10)
    model.save(path(d, "m.keras"))
    model.export(path(d, "export"), verbose=False)


def read_masked_keras(tf, keras, d):
    mask_layer(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    tokens, extra = TOKENS[:4], XS[:4]
    served = tf.saved_model.load(path(d, "export"))
    return {"predict": outcome(lambda: {k: rounded(v, 4) for k, v in m.predict(
                [tokens, extra], verbose=0).items()}),
            "mask": outcome(lambda: m.get_layer("pos").compute_mask(
                m.get_layer("emb")(tokens), m.get_layer("emb").compute_mask(tokens))),
            "config": outcome(lambda: m.get_layer("pos").get_config()),
            "shared": outcome(lambda: [len(m.get_layer("shared")._inbound_nodes),
                                       [w.path for w in m.weights]]),
            "serve": outcome(lambda: {k: rounded(v, 4) for k, v in served.serve(
                [tf.constant(tokens), tf.constant(extra)]).items()}),
            "signatures": outcome(lambda: signature_facts(served, tf))}


# --- several concrete traces and named signatures -----------------------------------------

Pair = collections.namedtuple("Pair", ["a", "b"])


def write_multi_signatures(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.Variable(2.0, name="scale")

        @tf.function
        def total(self, x):
            return {"sum": tf.reduce_sum(x, axis=-1) * self.scale,
                    "rank": tf.rank(x)}

        @tf.function
        def combine(self, pair, extra):
            return {"mixed": pair.a * self.scale + pair.b, "n": tf.size(extra["ids"]),
                    "first": extra["ids"][:1]}

    m = M()
    vec, mat = tf.TensorSpec([None], tf.float32), tf.TensorSpec([None, 3], tf.float32)
    one = m.total.get_concrete_function(vec)
    two = m.total.get_concrete_function(mat)
    pair = m.combine.get_concrete_function(
        Pair(tf.TensorSpec([None], tf.float32, name="a"), tf.TensorSpec([], tf.float32)),
        {"ids": tf.TensorSpec([None], tf.int64)})
    tf.saved_model.save(m, path(d, "sm"), signatures={"vector": one, "matrix": two,
                                                      "pair": pair})


def read_multi_signatures(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    return {"signatures": outcome(lambda: signature_facts(m, tf)),
            # (an output dict's order is TF's protobuf map's, which differs per run)
            "total_traces": outcome(lambda: sorted(pretty(cf)
                                                   for cf in m.total.concrete_functions)),
            "vector": outcome(lambda: m.total(tf.constant([1.0, 2.0, 3.0]))),
            "matrix": outcome(lambda: m.total(tf.ones([2, 3]))),
            "other_shape": outcome(lambda: m.total(tf.ones([2, 2]))),
            "signature_vector": outcome(lambda: m.signatures["vector"](
                x=tf.constant([1.0, 4.0]))),
            "signature_pair": outcome(lambda: m.signatures["pair"](
                a=tf.constant([1.0, 2.0]), pair_1=tf.constant(0.5),
                extra_ids=tf.constant([4, 5, 6], tf.int64))),
            "combine": outcome(lambda: m.combine(
                Pair(tf.constant([1.0, 2.0]), tf.constant(0.5)),
                {"ids": tf.constant([4, 5, 6], tf.int64)}))}


# --- an optimizer keeping moving averages and accumulating gradients ----------------------

def _small_model(keras, name):
    inp = keras.Input((3,), name="x")
    h = keras.layers.Dense(4, activation="tanh", name="h")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h), name=name)
    _set_weights(model, 11)
    return model


def write_ema_optimizer_keras(tf, keras, d):
    model = _small_model(keras, "ema_opt")
    model.compile(optimizer=keras.optimizers.Adam(0.05, use_ema=True, ema_momentum=0.8,
                                                  gradient_accumulation_steps=2), loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))


def read_ema_optimizer_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    opt = m.optimizer
    return {"config": outcome(lambda: {k: v for k, v in opt.get_config().items()
                                       if k in ("use_ema", "ema_momentum",
                                                "ema_overwrite_frequency",
                                                "gradient_accumulation_steps")}),
            "variables": outcome(lambda: [[v.path, rounded(v, 4)] for v in opt.variables]),
            "predict": outcome(lambda: rounded(m.predict(XS[:3], verbose=0), 4)),
            "trained": outcome(lambda: [rounded(fit_history(m, XS, YS, epochs=2)["loss"], 4),
                                        int(opt.iterations),
                                        [rounded(w, 4) for w in m.weights]])}


# --- custom gradients saved with and without their gradient functions --------------------

def write_custom_gradients(tf, keras, d):
    @tf.custom_gradient
    def clipped(x):
        def grad(dy):
            return tf.clip_by_value(dy, -0.5, 0.5)
        return tf.identity(x), grad

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([2.0, -1.0], name="v")

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="x")])
        def f(self, x):
            return tf.reduce_sum(clipped(x * self.v) * 3.0)

    m = M()
    for name, keep in (("with", True), ("without", False)):
        tf.saved_model.save(m, path(d, name), options=tf.saved_model.SaveOptions(
            experimental_custom_gradients=keep))


def read_custom_gradients(tf, keras, d):
    x = tf.constant([1.0, 3.0])
    kept, dropped = (tf.saved_model.load(path(d, name)) for name in ("with", "without"))

    def grads():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = kept.f(x)
        return [y, *tape.gradient(y, [x, kept.v])]

    # (without its gradient function, the op's gradient is the one its writer registered
    # in this process: none in another process, whose error is TF's LookupError then)
    return {"with": outcome(grads), "without": outcome(lambda: dropped.f(x))}


# --- composite inputs saved, loaded and saved again ----------------------------------------

def _composite_spec(tf):
    return {"r": tf.RaggedTensorSpec([None, None], tf.float32, ragged_rank=1,
                                     row_splits_dtype=tf.int64),
            "s": tf.SparseTensorSpec([None, 4], tf.int64),
            "p": Pair(tf.TensorSpec(None, tf.float32), tf.TensorSpec([None], tf.int32))}


def write_resave_composites(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.scale = tf.Variable(2.0, name="scale")

        @tf.function(input_signature=[_composite_spec(tf)])
        def f(self, inputs):
            r, s, p = inputs["r"], inputs["s"], inputs["p"]
            return {"r": r * self.scale, "rows": r.row_lengths(),
                    "s_sum": tf.sparse.reduce_sum(s, axis=1),
                    "p": tf.reduce_sum(p.a) + tf.cast(tf.reduce_sum(p.b), tf.float32)}

    tf.saved_model.save(M(), path(d, "sm"))


def _composite_args(tf):
    return {"r": tf.RaggedTensor.from_row_lengths([1.0, 2.0, 3.0], tf.constant([2, 0, 1],
                                                                             tf.int64)),
            "s": tf.SparseTensor([[0, 1], [1, 3]], tf.constant([5, 7], tf.int64), [2, 4]),
            "p": Pair(tf.constant([[1.0, 2.0]]), tf.constant([3, 4], tf.int32))}


def read_resave_composites(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))

    def again():
        tf.saved_model.save(m, path(d, "again"))
        loaded = tf.saved_model.load(path(d, "again"))
        return [loaded.f(_composite_args(tf)),
                loaded.f.concrete_functions[0].structured_input_signature]

    def wrong():  # (the message up to the signature, whose dicts are in TF's map order)
        out = outcome(lambda: m.f({**_composite_args(tf), "r": tf.ones([2, 2])}))
        return {**out, "message": out["message"].split(" Received args")[0]}

    return {"call": outcome(lambda: m.f(_composite_args(tf))),
            "inputs": outcome(lambda: m.f.concrete_functions[0].structured_input_signature),
            "again": outcome(again), "wrong": outcome(wrong)}


# --- a registered learning-rate schedule resuming training --------------------------------

_SCHEDULES: dict = {}


def halving(keras):
    """A registered schedule halving the rate every `every` steps, defined once per
    `keras`."""
    if id(keras) in _SCHEDULES:
        return _SCHEDULES[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Halving(keras.optimizers.schedules.LearningRateSchedule):
        def __init__(self, rate, every):
            self.rate, self.every = rate, every

        def __call__(self, step):
            steps = keras.ops.floor(keras.ops.cast(step, "float32") / self.every)
            return self.rate * keras.ops.power(0.5, steps)

        def get_config(self):
            return {"rate": self.rate, "every": self.every}

    _SCHEDULES[id(keras)] = Halving
    return Halving


def write_schedule_keras(tf, keras, d):
    model = _small_model(keras, "scheduled")
    model.compile(optimizer=keras.optimizers.SGD(halving(keras)(0.2, 3), momentum=0.5),
                  loss="mse")
    fit_history(model, XS, YS, epochs=2)
    model.save(path(d, "m.keras"))


def read_schedule_keras(tf, keras, d):
    halving(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    opt = m.optimizer
    return {"schedule": outcome(lambda: [type(opt._learning_rate).__name__,
                                         opt.get_config()["learning_rate"]]),
            "rate": outcome(lambda: rounded(opt.learning_rate, 6)),
            "iterations": outcome(lambda: int(opt.iterations)),
            "trained": outcome(lambda: [rounded(fit_history(m, XS, YS, epochs=1)["loss"], 4),
                                        rounded(opt.learning_rate, 6),
                                        [rounded(w, 4) for w in m.weights]])}


# --- a registered subclassed model of dict inputs nesting serialized layers ---------------

_SUBCLASSED: dict = {}


def towers(keras):
    """A registered subclassed model of dict inputs returning a tuple: a Sequential tower
    and a Dense head given in its config (serialized, rebuilt by from_config) and one
    Dense layer shared by both inputs, defined once per `keras`."""
    if id(keras) in _SUBCLASSED:
        return _SUBCLASSED[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Towers(keras.Model):
        def __init__(self, head=None, width=4, **kwargs):
            super().__init__(**kwargs)
            self.width = width
            self.tower = keras.Sequential([keras.layers.Dense(width, activation="relu"),
                                           keras.layers.Dense(width)], name="tower")
            self.shared = keras.layers.Dense(width, name="shared")
            self.head = head or keras.layers.Dense(1, name="head")

        def call(self, inputs):
            a = self.shared(self.tower(inputs["a"]))
            b = self.shared(inputs["b"])
            return self.head(a * b), a + b

        def get_config(self):
            return {**super().get_config(), "width": self.width,
                    "head": keras.saving.serialize_keras_object(self.head)}

        @classmethod
        def from_config(cls, config):
            config["head"] = keras.saving.deserialize_keras_object(config["head"])
            return cls(**config)

    _SUBCLASSED[id(keras)] = Towers
    return Towers


TOWER_INPUTS = {"a": XS[:4], "b": YS[:4].repeat(2, axis=1)}


def write_towers_keras(tf, keras, d):
    keras.backend.clear_session()  # (the tower's Dense layers are auto-named)
    model = towers(keras)(head=keras.layers.Dense(1, name="head", use_bias=False),
                          name="towers")
    model(TOWER_INPUTS)
    _set_weights(model, 12)
    model.save(path(d, "m.keras"))
    model.export(path(d, "export"), verbose=False)


def read_towers_keras(tf, keras, d):
    keras.backend.clear_session()
    towers(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    served = tf.saved_model.load(path(d, "export"))
    return {"predict": outcome(lambda: [rounded(y, 4) for y in m(TOWER_INPUTS)]),
            "head": outcome(lambda: [m.head.name, m.head.use_bias]),
            "weights": outcome(lambda: [w.path for w in m.weights]),
            "serve": outcome(lambda: [rounded(y, 4) for y in served.serve(
                {k: tf.constant(v) for k, v in TOWER_INPUTS.items()})]),
            "signatures": outcome(lambda: signature_facts(served, tf))}


# --- a subclassed model built on a tuple, exported -----------------------------------------

_PAIRED: dict = {}


def paired(keras):
    """A registered subclassed model called on a tuple (x, offset), defined once per
    `keras`."""
    if id(keras) in _PAIRED:
        return _PAIRED[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Paired(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = keras.layers.Dense(2, name="dense")

        def call(self, inputs):
            x, offset = inputs
            return self.dense(x) + offset

    _PAIRED[id(keras)] = Paired
    return Paired


def write_tuple_export(tf, keras, d):
    model = paired(keras)(name="paired")
    model((XS[:2], YS[:2]))
    _set_weights(model, 13)
    model.export(path(d, "export"), verbose=False)
    model.save(path(d, "m.keras"))


def read_tuple_export(tf, keras, d):
    paired(keras)
    served = tf.saved_model.load(path(d, "export"))
    m = keras.models.load_model(path(d, "m.keras"))
    return {"serve": outcome(lambda: rounded(served.serve((tf.constant(XS[:3]),
                                                           tf.constant(YS[:3]))), 4)),
            "signatures": outcome(lambda: signature_facts(served, tf)),
            "endpoint": outcome(lambda: served.serve.concrete_functions[0]
                                .structured_input_signature),
            "loaded": outcome(lambda: rounded(m((XS[:3], YS[:3])), 4))}


# --- metrics' state in a checkpoint ---------------------------------------------------------

def _metrics(keras):
    return {"mean": keras.metrics.Mean(name="mean"),
            "auc": keras.metrics.AUC(num_thresholds=5, name="auc"),
            "acc": keras.metrics.SparseCategoricalAccuracy(name="acc"),
            "precision": keras.metrics.Precision(thresholds=[0.3, 0.6], name="precision")}


def _update(metrics, start):
    labels = (np.arange(6) + start) % 2
    scores = np.linspace(0.1, 0.9, 6).astype("float32")
    metrics["mean"].update_state(scores * start)
    metrics["auc"].update_state(labels, scores)
    metrics["acc"].update_state(labels, np.stack([1 - scores, scores], axis=1))
    metrics["precision"].update_state(labels, scores)


def _metric_checkpoint(tf, metrics):
    # (Keras 3's metrics are no TF trackables: a checkpoint holds their variables)
    return tf.train.Checkpoint(**{k: m.variables for k, m in metrics.items()})


def write_metrics_checkpoint(tf, keras, d):
    metrics = _metrics(keras)
    _update(metrics, 1)
    _update(metrics, 2)
    _metric_checkpoint(tf, metrics).write(path(d, "ck"))


def read_metrics_checkpoint(tf, keras, d):
    metrics = _metrics(keras)

    def restored():
        _metric_checkpoint(tf, metrics).read(path(d, "ck")).assert_consumed()
        return {k: rounded(m.result(), 5) for k, m in metrics.items()}

    def resumed():
        _update(metrics, 3)
        return {k: rounded(m.result(), 5) for k, m in metrics.items()}

    return {"keys": outcome(lambda: sorted([k, s] for k, s in tf.train.list_variables(
                path(d, "ck")) if "OBJECT_GRAPH" not in k)),
            "restored": outcome(restored), "resumed": outcome(resumed)}


# --- integer and boolean weights of a registered layer ------------------------------------

_COUNTERS: dict = {}


def counters(keras):
    """A registered layer of an int64 step and a boolean flag (non-trainable weights that
    its calls in training update) beside a float scale, defined once per `keras`."""
    if id(keras) in _COUNTERS:
        return _COUNTERS[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Counters(keras.layers.Layer):
        def build(self, input_shape):
            self.scale = self.add_weight(shape=(input_shape[-1],), initializer="ones",
                                         name="scale")
            self.steps = self.add_weight(shape=(), dtype="int64", initializer="zeros",
                                         trainable=False, name="steps")
            self.seen = self.add_weight(shape=(2,), dtype="bool", initializer="zeros",
                                        trainable=False, name="seen")

        def call(self, x, training=False):
            if training:
                self.steps.assign_add(keras.ops.cast(keras.ops.shape(x)[0], "int64"))
                self.seen.assign(keras.ops.logical_or(
                    self.seen, keras.ops.any(x[:, :2] > 0.5, axis=0)))
            return x * self.scale

    _COUNTERS[id(keras)] = Counters
    return Counters


def write_int_weights_keras(tf, keras, d):
    inp = keras.Input((3,), name="x")
    h = counters(keras)(name="counters")(inp)
    model = keras.Model(inp, keras.layers.Dense(2, name="out")(h), name="counted")
    model.get_layer("out").kernel.assign(np.full((3, 2), 0.25, "float32"))
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    fit_history(model, XS, YS, epochs=1)
    model.save(path(d, "m.keras"))
    model.save_weights(path(d, "m.weights.h5"))
    model.save(path(d, "m.h5"))


def read_int_weights_keras(tf, keras, d):
    counters(keras)
    out = {}
    for name, compile_ in (("m.keras", True), ("m.h5", True), ("m.h5", False)):
        out[f"{name}_{compile_}"] = outcome(lambda name=name, compile_=compile_: [
            [w.path, w.dtype, np.asarray(w).tolist()] for w in keras.models.load_model(
                path(d, name), compile=compile_).get_layer("counters").weights])
    fresh = keras.models.load_model(path(d, "m.keras"))
    fresh.get_layer("counters").steps.assign(0)
    out["weights_h5"] = outcome(lambda: [fresh.load_weights(path(d, "m.weights.h5")),
                                         int(fresh.get_layer("counters").steps)][1])
    return out


# --- datasets' iterators of several kinds in a checkpoint ---------------------------------

def _iterators(tf):
    base = tf.data.Dataset.range(20)
    return {
        "shuffled": iter(base.shuffle(6, seed=4).map(lambda x: x * 2)
                         .filter(lambda x: x % 3 != 0).batch(2).prefetch(1)),
        "interleaved": iter(base.take(6).interleave(
            lambda x: tf.data.Dataset.from_tensor_slices(tf.stack([x, x * 10])),
            cycle_length=2, block_length=1)),
        "interleaved_repeat": iter(base.take(6).interleave(
            lambda x: tf.data.Dataset.from_tensors(x).repeat(2), cycle_length=2,
            block_length=1)),
        "zipped": iter(tf.data.Dataset.zip((base.skip(3), base.map(lambda x: x * x)))
                       .enumerate(start=5)),
        "windows": iter(base.take(9).window(3, shift=2, drop_remainder=True)
                        .flat_map(lambda w: w.batch(3))),
        "unbatched": iter(base.batch(4).unbatch().padded_batch(3, padded_shapes=[])),
    }


def _plain(x):
    return [_plain(v) for v in x] if isinstance(x, tuple) else np.asarray(x).tolist()


def write_iterator_kinds(tf, keras, d):
    its = _iterators(tf)
    for it in its.values():
        for _ in range(2):
            next(it)
    tf.train.Checkpoint(**its).write(path(d, "ck"))


def read_iterator_kinds(tf, keras, d):
    out = {}
    for name, it in _iterators(tf).items():
        def rest(it=it, name=name):
            tf.train.Checkpoint(**{name: it}).read(path(d, "ck")).expect_partial()
            return [_plain(x) for x in it]
        out[name] = outcome(rest)
    return out


# --- string ops in a saved function ---------------------------------------------------------

def write_string_ops(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
        def features(self, text):
            clean = tf.strings.regex_replace(tf.strings.lower(text), "[^a-z ]", "")
            words = tf.strings.split(clean)
            return {"words": words.to_tensor(default_value="<pad>"),
                    "bigrams": tf.strings.reduce_join(
                        tf.strings.ngrams(words, 2, separator="+"), axis=-1,
                        separator="|"),
                    "buckets": tf.strings.to_hash_bucket_fast(words, 17).to_tensor(-1),
                    "strong": tf.strings.to_hash_bucket_strong(text, 11, [3, 5]),
                    "lengths": tf.strings.length(text, unit="UTF8_CHAR"),
                    "head": tf.strings.substr(text, 0, 3, unit="UTF8_CHAR"),
                    "codes": tf.strings.unicode_decode(text, "UTF-8").to_tensor(0)[:, :4],
                    "count": tf.strings.format("{} words", tf.size(words.flat_values))}

    tf.saved_model.save(M(), path(d, "sm"))


def read_string_ops(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    text = tf.constant(["The Cat, sat!", "héllo wörld 42", ""])
    return {"features": outcome(lambda: m.features(text)),
            "signature": outcome(lambda: m.signatures["serving_default"](text=text))}


# --- hashed crossing and discretized features -----------------------------------------------

def _crossing_model(keras):
    a = keras.Input((1,), dtype="int64", name="a")
    b = keras.Input((1,), dtype="string", name="b")
    x = keras.Input((1,), name="x")
    crossed = keras.layers.HashedCrossing(num_bins=7, output_mode="one_hot", name="cross")((a, b))
    bins = keras.layers.Discretization(bin_boundaries=[-0.5, 0.0, 0.5], name="bins")(x)
    coded = keras.layers.CategoryEncoding(num_tokens=4, output_mode="one_hot", name="code")(bins)
    hashed = keras.layers.Hashing(num_bins=5, salt=[7, 9], name="hash")(b)
    out = keras.layers.Concatenate(name="cat")([crossed, coded,
                                                keras.ops.cast(hashed, "float32")])
    return keras.Model({"a": a, "b": b, "x": x}, out, name="crossing")


CROSS_INPUTS = {"a": np.array([[1], [2], [3], [1]], "int64"),
                "b": np.array([["x"], ["y"], ["x"], ["z"]]),
                "x": np.array([[-1.0], [0.2], [0.7], [-0.2]], "float32")}


def write_crossing_keras(tf, keras, d):
    model = _crossing_model(keras)
    model.save(path(d, "m.keras"))
    model.export(path(d, "export"), verbose=False)


def read_crossing_keras(tf, keras, d):
    m = keras.models.load_model(path(d, "m.keras"))
    served = tf.saved_model.load(path(d, "export"))
    return {"predict": outcome(lambda: m.predict(CROSS_INPUTS, verbose=0)),
            "configs": outcome(lambda: [{k: v for k, v in layer.get_config().items()
                                         if k in ("num_bins", "salt", "bin_boundaries",
                                                  "output_mode", "num_tokens")}
                                        for layer in m.layers[3:]]),
            "serve": outcome(lambda: served.serve(
                {k: tf.constant(v) for k, v in CROSS_INPUTS.items()}))}


# --- recurrent variants with masking in legacy h5 and .keras --------------------------------

def _recurrent_model(keras):
    tokens = keras.Input((5,), dtype="int32", name="tokens")
    emb = keras.layers.Embedding(7, 3, mask_zero=True, name="emb")(tokens)
    gru = keras.layers.GRU(4, reset_after=False, return_sequences=True, name="gru")(emb)
    per_step = keras.layers.TimeDistributed(keras.layers.Dense(3), name="steps")(gru)
    both = keras.layers.Bidirectional(keras.layers.LSTM(2), merge_mode="mul",
                                      name="bi")(per_step)
    model = keras.Model(tokens, keras.layers.Dense(1, name="out")(both), name="recurrent")
    _set_weights(model, 14)
    return model


def write_recurrent_variants(tf, keras, d):
    model = _recurrent_model(keras)
    model.save(path(d, "m.keras"))
    model.save(path(d, "m.h5"))


def read_recurrent_variants(tf, keras, d):
    out = {}
    for name in ("m.keras", "m.h5"):
        def run(name=name):
            m = keras.models.load_model(path(d, name))
            return [rounded(m.predict(TOKENS[:4], verbose=0), 4),
                    [w.path for w in m.weights]]
        out[name] = outcome(run)
    return out


# --- keras.ops loops in a custom layer, exported --------------------------------------------

_LOOPS: dict = {}


def loops(keras):
    """A registered layer running keras.ops.fori_loop and keras.ops.scan (a running sum
    over time, then `times` scaled steps), defined once per `keras`."""
    if id(keras) in _LOOPS:
        return _LOOPS[id(keras)]

    @keras.saving.register_keras_serializable(package="probe10")
    class Loops(keras.layers.Layer):
        def __init__(self, times=3, **kwargs):
            super().__init__(**kwargs)
            self.times = times

        def build(self, input_shape):
            self.rate = self.add_weight(shape=(), initializer="ones", name="rate")

        def call(self, x):
            def step(carry, xt):
                carry = carry * 0.5 + xt
                return carry, carry
            _, sums = keras.ops.scan(step, keras.ops.zeros_like(x[:, 0]),
                                     keras.ops.moveaxis(x, 1, 0))
            total = keras.ops.moveaxis(sums, 0, 1)
            return keras.ops.fori_loop(0, self.times, lambda i, y: y * self.rate + 1.0, total)

        def get_config(self):
            return {**super().get_config(), "times": self.times}

    _LOOPS[id(keras)] = Loops
    return Loops


def write_ops_loops_export(tf, keras, d):
    inp = keras.Input((5, 3), name="seq")
    model = keras.Model(inp, loops(keras)(2, name="loops")(inp), name="looped")
    model.get_layer("loops").rate.assign(0.75)
    model.save(path(d, "m.keras"))
    model.export(path(d, "export"), verbose=False)


def read_ops_loops_export(tf, keras, d):
    loops(keras)
    m = keras.models.load_model(path(d, "m.keras"))
    served = tf.saved_model.load(path(d, "export"))
    seq = np.linspace(-1, 1, 30, dtype="float32").reshape(2, 5, 3)
    return {"predict": outcome(lambda: rounded(m.predict(seq, verbose=0), 4)),
            "serve": outcome(lambda: rounded(served.serve(tf.constant(seq)), 4))}


# --- a saved function calling Python ---------------------------------------------------------

def write_numpy_function(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def f(self, x):
            y = tf.numpy_function(lambda a: (a * 2).astype("float32"), [x], tf.float32)
            return tf.reshape(y, [-1]) + 1.0

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
        def g(self, x):
            return x + 1.0

    m = M()
    tf.saved_model.save(m, path(d, "sm"))


def read_numpy_function(tf, keras, d):
    m = tf.saved_model.load(path(d, "sm"))
    x = tf.constant([1.0, 2.0])
    return {"g": outcome(lambda: m.g(x)),
            "f": outcome(lambda: type(m.f).__name__)}


# name -> (write, read)
MIX_CASES = {
    "ema_module": (write_ema_module, read_ema_module),
    "own_variables_keras": (write_own_variables_keras, read_own_variables_keras),
    "resume_loop": (write_resume_loop, read_resume_loop),
    "masked_keras": (write_masked_keras, read_masked_keras),
    "multi_signatures": (write_multi_signatures, read_multi_signatures),
    "ema_optimizer_keras": (write_ema_optimizer_keras, read_ema_optimizer_keras),
    "custom_gradients": (write_custom_gradients, read_custom_gradients),
    "resave_composites": (write_resave_composites, read_resave_composites),
    "schedule_keras": (write_schedule_keras, read_schedule_keras),
    "towers_keras": (write_towers_keras, read_towers_keras),
    "tuple_export": (write_tuple_export, read_tuple_export),
    "metrics_checkpoint": (write_metrics_checkpoint, read_metrics_checkpoint),
    "int_weights_keras": (write_int_weights_keras, read_int_weights_keras),
    "iterator_kinds": (write_iterator_kinds, read_iterator_kinds),
    "string_ops": (write_string_ops, read_string_ops),
    "crossing_keras": (write_crossing_keras, read_crossing_keras),
    "recurrent_variants": (write_recurrent_variants, read_recurrent_variants),
    "ops_loops_export": (write_ops_loops_export, read_ops_loops_export),
    "numpy_function": (write_numpy_function, read_numpy_function),
}
MIX_TF_FILES = tuple(MIX_CASES)
