"""More cases of file_cases.py (write, read), for state a program saves beside its model:
lookup tables with asset files, ragged, sparse and shape-free signatures, variables with
aggregation and synchronization settings, module trees sharing variables, custom
gradients kept by SaveOptions, an optimizer's step count after a restore, partial
restores and their failure messages, checkpoint readers, and a NumPy iterator's
checkpoint. Builders take the `tf` and `keras` modules; this module imports neither."""

from __future__ import annotations

import os

import numpy as np

from tests.interop.file_cases import errors
from tests.saved_model.user_model_cases import outcome

WORDS = ["apple", "pear", "fig", "plum"]


# --- SavedModels ----------------------------------------------------------------------------

def write_vocab_table(tf, keras, d):
    vocab = os.path.join(d, "vocab.txt")
    with open(vocab, "w") as f:
        f.write("\n".join(WORDS) + "\n")

    class M(tf.Module):
        def __init__(self):
            super().__init__()
            init = tf.lookup.TextFileInitializer(
                vocab, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                tf.lookup.TextFileIndex.LINE_NUMBER)
            self.table = tf.lookup.StaticHashTable(init, default_value=-1)

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words")])
        def ids(self, words):
            return self.table.lookup(words)

    tf.saved_model.save(M(), os.path.join(d, "sm"))
    os.remove(vocab)  # (the SavedModel keeps its own copy among its assets)


def read_vocab_table(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    words = tf.constant(["fig", "kiwi", "apple"])
    return {"ids": outcome(lambda: m.ids(words)),
            "serving": outcome(lambda: m.signatures["serving_default"](words=words)),
            "assets": sorted(os.listdir(os.path.join(d, "sm", "assets"))),
            "size": outcome(lambda: m.table.size())}


def write_composite_signatures(tf, keras, d):
    class M(tf.Module):
        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.float32)])
        def row_sums(self, r):
            return tf.reduce_sum(r, axis=1)

        @tf.function(input_signature=[tf.SparseTensorSpec([None, 3], tf.float32)])
        def col_sums(self, s):
            return tf.sparse.reduce_sum(s, axis=0)

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32, name="x")])
        def anything(self, x):
            return {"double": x * 2.0, "rank": tf.rank(x)}

    tf.saved_model.save(M(), os.path.join(d, "sm"))


def read_composite_signatures(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    ragged = tf.ragged.constant([[1.0, 2.0], [], [3.0, 4.0, 5.0]])
    sparse = tf.sparse.SparseTensor([[0, 0], [1, 2], [3, 1]], [1.0, 2.0, 3.0], [4, 3])
    return {"ragged": outcome(lambda: m.row_sums(ragged)),
            "sparse": outcome(lambda: m.col_sums(sparse)),
            "scalar": outcome(lambda: m.anything(tf.constant(1.5))),
            "matrix": outcome(lambda: m.anything(tf.ones([2, 3]))),
            "spec": outcome(lambda: m.anything.concrete_functions[0]
                            .structured_input_signature),
            "wrong_dtype": errors(lambda: m.anything(tf.constant([1, 2])), d)}


def write_variable_settings(tf, keras, d):
    m = tf.Module()
    m.mean = tf.Variable(2.0, aggregation=tf.VariableAggregation.MEAN,
                         synchronization=tf.VariableSynchronization.ON_READ,
                         trainable=False, name="mean")
    m.total = tf.Variable([1.0, 2.0], aggregation=tf.VariableAggregation.SUM, name="total")
    m.frozen = tf.Variable(3, trainable=False, name="frozen")
    tf.saved_model.save(m, os.path.join(d, "sm"))
    tf.train.Checkpoint(m=m).write(os.path.join(d, "ck"))


def read_variable_settings(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    out = {k: [str(v.aggregation), str(v.synchronization), bool(v.trainable),
               v.numpy().tolist()] for k, v in (("mean", m.mean), ("total", m.total),
                                                ("frozen", m.frozen))}
    fresh = tf.Module()
    fresh.mean, fresh.total = tf.Variable(0.0), tf.Variable([0.0, 0.0])
    fresh.frozen = tf.Variable(0)
    tf.train.Checkpoint(m=fresh).read(os.path.join(d, "ck")).assert_consumed()
    out["restored"] = [fresh.mean.numpy().tolist(), fresh.total.numpy().tolist(),
                       fresh.frozen.numpy().tolist()]
    return out


def write_shared_tree(tf, keras, d):
    shared = tf.Variable([1.0, 2.0], name="shared")
    root = tf.Module()
    root.left, root.right = tf.Module(), tf.Module()
    root.left.v = root.right.v = shared
    root.right.own = tf.Variable(5.0, name="own")
    root.left.inner = tf.Module()
    root.left.inner.again = shared

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def bump(x):
        root.left.v.assign_add([x, x])
        return root.right.v + root.right.own

    root.bump = bump
    tf.saved_model.save(root, os.path.join(d, "sm"))
    tf.train.Checkpoint(root=root).write(os.path.join(d, "ck"))


def read_shared_tree(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    out = {"same": [m.left.v is m.right.v, m.left.inner.again is m.right.v],
           "bump": outcome(lambda: m.bump(tf.constant(0.5))),
           "after": m.right.v.numpy().tolist()}
    reader = tf.train.load_checkpoint(os.path.join(d, "ck"))
    out["keys"] = sorted(k for k in reader.get_variable_to_shape_map()
                         if k != "_CHECKPOINTABLE_OBJECT_GRAPH")
    return out


def write_custom_gradient_options(tf, keras, d):
    @tf.custom_gradient
    def clipped(x):
        def grad(dy):
            return tf.clip_by_value(dy, -0.5, 0.5)
        return tf.identity(x), grad

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, x):
            return clipped(x * 3.0)

    m = M()
    opts = tf.saved_model.SaveOptions(experimental_custom_gradients=True,
                                      function_aliases={"clip3": m.f})
    tf.saved_model.save(m, os.path.join(d, "with"), options=opts)
    tf.saved_model.save(m, os.path.join(d, "without"),
                        options=tf.saved_model.SaveOptions(experimental_custom_gradients=False))


def read_custom_gradient_options(tf, keras, d):
    x = tf.constant([1.0, -2.0])
    m = tf.saved_model.load(os.path.join(d, "with"))

    def grads():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = m.f(x)
        return tape.gradient(y, x)

    # (without its gradient saved, a function's gradient is whatever the reading
    # process has registered under the op's name: TF's writer's own process still has it)
    without = tf.saved_model.load(os.path.join(d, "without"))
    return {"value": outcome(lambda: m.f(x)), "grad": outcome(grads),
            "without": outcome(lambda: without.f(x))}


# --- checkpoints ----------------------------------------------------------------------------

def write_optimizer_steps(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="m")
    model.layers[0].kernel.assign(np.linspace(-1, 1, 6, dtype="float32").reshape(3, 2))
    opt = keras.optimizers.Adam(0.1)
    x = tf.constant(np.linspace(0, 1, 12, dtype="float32").reshape(4, 3))
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x)))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                model.trainable_variables))
    tf.train.Checkpoint(model=model, optimizer=opt).write(os.path.join(d, "ck"))


def read_optimizer_steps(tf, keras, d):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")], name="m")
    opt = keras.optimizers.Adam(0.1)
    opt.build(model.trainable_variables)
    tf.train.Checkpoint(model=model, optimizer=opt).read(
        os.path.join(d, "ck")).assert_consumed()
    x = tf.constant(np.linspace(0, 1, 12, dtype="float32").reshape(4, 3))
    out = {"iterations": int(opt.iterations.numpy()),
           "kernel": np.round(model.layers[0].kernel.numpy(), 5).tolist()}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x)))
    opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                            model.trainable_variables))
    out["after_step"] = [int(opt.iterations.numpy()),
                         np.round(model.layers[0].kernel.numpy(), 5).tolist()]
    return out


def write_partial_restore(tf, keras, d):
    ck = tf.train.Checkpoint(a=tf.Variable(1.0), b=tf.Variable([2.0, 3.0]),
                             step=tf.Variable(7, dtype=tf.int64))
    ck.write(os.path.join(d, "ck"))


def read_partial_restore(tf, keras, d):
    path = os.path.join(d, "ck")
    a = tf.Variable(0.0)
    out = {"expect_partial": outcome(lambda: tf.train.Checkpoint(a=a).read(path)
                                     .expect_partial() and a.numpy())}
    out["consumed"] = errors(lambda: tf.train.Checkpoint(a=tf.Variable(0.0)).read(path)
                             .assert_consumed(), d)
    out["existing"] = errors(lambda: tf.train.Checkpoint(
        a=tf.Variable(0.0), c=tf.Variable(1.0)).read(path).assert_existing_objects_matched(),
        d)
    out["wrong_shape"] = errors(lambda: tf.train.Checkpoint(b=tf.Variable([0.0])).read(path),
                                d)
    out["wrong_dtype"] = errors(lambda: tf.train.Checkpoint(step=tf.Variable(0.0)).read(path),
                                d)
    out["missing"] = errors(lambda: tf.train.Checkpoint(a=tf.Variable(0.0)).read(
        os.path.join(d, "nothing")), d)
    reader = tf.train.load_checkpoint(path)
    out["shapes"] = {k: v for k, v in sorted(reader.get_variable_to_shape_map().items())
                     if k != "_CHECKPOINTABLE_OBJECT_GRAPH"}
    out["dtypes"] = {k: v.name for k, v in sorted(reader.get_variable_to_dtype_map().items())}
    out["listed"] = [[k, list(s)] for k, s in tf.train.list_variables(path)]
    out["b"] = reader.get_tensor("b/.ATTRIBUTES/VARIABLE_VALUE").tolist()
    return out


def write_numpy_iterator(tf, keras, d):
    it = tf.data.Dataset.range(6).map(lambda x: x * 10).as_numpy_iterator()
    next(it)
    next(it)
    tf.train.Checkpoint(it=it).write(os.path.join(d, "ck"))


def read_numpy_iterator(tf, keras, d):
    it = tf.data.Dataset.range(6).map(lambda x: x * 10).as_numpy_iterator()

    def rest():
        tf.train.Checkpoint(it=it).read(os.path.join(d, "ck")).assert_consumed()
        return [int(x) for x in it]

    return {"rest": outcome(rest)}


# --- Keras models holding text layers and recurrent state --------------------------------

TEXTS = ["red fish blue fish", "one fish", "two fish red", "blue one"]


def text_model(keras):
    text = keras.Input((), dtype="string", name="text")
    vec = keras.layers.TextVectorization(max_tokens=8, output_sequence_length=5, name="vec")
    vec.adapt(TEXTS)
    emb = keras.layers.Embedding(8, 3, mask_zero=True, name="emb")
    h = keras.layers.GlobalAveragePooling1D(name="pool")(emb(vec(text)))
    model = keras.Model(text, keras.layers.Dense(2, name="out")(h))
    rng = np.random.RandomState(3)
    for w in model.weights:
        w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(w.dtype))
    return model


def write_text_embedding(tf, keras, d):
    model = text_model(keras)
    model.save(os.path.join(d, "m.keras"))
    model.export(os.path.join(d, "export"), verbose=False)


def read_text_embedding(tf, keras, d):
    texts = tf.constant(["red fish", "two blue one zebra", ""])
    model = keras.models.load_model(os.path.join(d, "m.keras"))
    served = tf.saved_model.load(os.path.join(d, "export"))
    # (the empty text's every step is masked: its average is NaN in both frameworks)
    return {"predict": outcome(lambda: tf.round(model(texts) * 1e5) / 1e5),
            "vocabulary": model.get_layer("vec").get_vocabulary(),
            "mask": outcome(lambda: model.get_layer("emb").compute_mask(
                model.get_layer("vec")(texts))),
            "served": outcome(lambda: tf.round(served.serve(texts) * 1e5) / 1e5)}


def write_string_lookup_export(tf, keras, d):
    word = keras.Input((1,), dtype="string", name="word")
    lookup = keras.layers.StringLookup(vocabulary=WORDS, num_oov_indices=2, name="lookup")
    h = keras.layers.Flatten(name="flat")(keras.layers.Embedding(6, 2, name="emb")(
        lookup(word)))
    model = keras.Model(word, keras.layers.Dense(1, name="out")(h))
    rng = np.random.RandomState(5)
    for w in model.weights:
        w.assign(rng.uniform(-1, 1, tuple(w.shape)).astype(w.dtype))
    model.export(os.path.join(d, "export"), verbose=False)
    model.save(os.path.join(d, "m.keras"))


def read_string_lookup_export(tf, keras, d):
    words = tf.constant([["fig"], ["kiwi"], ["apple"], ["durian"]])
    served = tf.saved_model.load(os.path.join(d, "export"))
    model = keras.models.load_model(os.path.join(d, "m.keras"))
    return {"served": outcome(lambda: tf.round(served.serve(words) * 1e5) / 1e5),
            "ids": outcome(lambda: model.get_layer("lookup")(words)),
            "predict": np.round(model.predict(words, verbose=0), 5).tolist()}


def write_stateful_gru(tf, keras, d):
    x = keras.Input(batch_shape=(2, 4, 3), name="x")
    rnn = keras.layers.GRU(3, stateful=True, name="gru")
    model = keras.Model(x, rnn(x))
    rng = np.random.RandomState(9)
    for w in model.weights:
        if w.trainable:
            w.assign(rng.uniform(-0.5, 0.5, tuple(w.shape)).astype(w.dtype))
    model.predict(np.linspace(-1, 1, 24, dtype="float32").reshape(2, 4, 3), verbose=0)
    model.save(os.path.join(d, "m.keras"))
    model.save_weights(os.path.join(d, "m.weights.h5"))


def read_stateful_gru(tf, keras, d):
    xs = np.linspace(1, -1, 24, dtype="float32").reshape(2, 4, 3)
    model = keras.models.load_model(os.path.join(d, "m.keras"))
    first = model.predict(xs, verbose=0)
    second = model.predict(xs, verbose=0)
    model.get_layer("gru").reset_states()
    fresh = model.predict(xs, verbose=0)
    return {"first": np.round(first, 5).tolist(), "second": np.round(second, 5).tolist(),
            "after_reset": np.round(fresh, 5).tolist(),
            "weights": [w.path for w in model.weights]}


# --- a training loop's whole state, signatures by name, save options ----------------------

def _loop_parts(tf, keras):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name="d")], name="m")
    model.layers[0].kernel.assign([[0.5], [-0.25]])
    data = tf.data.Dataset.from_tensor_slices(
        (np.linspace(0, 1, 16, dtype="float32").reshape(8, 2),
         np.linspace(1, 0, 8, dtype="float32").reshape(8, 1))).batch(2).repeat()
    opt = keras.optimizers.SGD(0.5, momentum=0.9)
    step = tf.Variable(0, dtype=tf.int64, name="step")
    return model, iter(data), opt, step


def _train(tf, model, it, opt, step, n):
    losses = []
    for _ in range(n):
        x, y = next(it)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                model.trainable_variables))
        step.assign_add(1)
        losses.append(round(float(loss.numpy()), 5))
    return losses


def write_training_loop(tf, keras, d):
    model, it, opt, step = _loop_parts(tf, keras)
    _train(tf, model, it, opt, step, 5)
    tf.train.Checkpoint(model=model, optimizer=opt, data=it, step=step).write(
        os.path.join(d, "ck"))


def read_training_loop(tf, keras, d):
    model, it, opt, step = _loop_parts(tf, keras)
    opt.build(model.trainable_variables)
    tf.train.Checkpoint(model=model, optimizer=opt, data=it, step=step).read(
        os.path.join(d, "ck")).assert_consumed()
    return {"step": int(step.numpy()), "iterations": int(opt.iterations.numpy()),
            "next_losses": _train(tf, model, it, opt, step, 4)}


def write_named_signatures(tf, keras, d):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, -1.0], [0.5, 2.0]])

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="features"),
                                      tf.TensorSpec([], tf.float32, name="scale")])
        def score(self, x, s):
            return {"scores": tf.matmul(x, self.w) * s, "best": tf.argmax(x, axis=1)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def upper(self, words):
            return tf.strings.upper(words)

    m = M()
    tf.saved_model.save(m, os.path.join(d, "sm"), signatures={
        "score": m.score, "shout": m.upper.get_concrete_function()})


def read_named_signatures(tf, keras, d):
    m = tf.saved_model.load(os.path.join(d, "sm"))
    sigs = m.signatures
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    return {"names": sorted(sigs),
            "score_inputs": outcome(lambda: sigs["score"].structured_input_signature),
            "score_outputs": outcome(lambda: sigs["score"].structured_outputs),
            "score": outcome(lambda: sigs["score"](features=x, scale=tf.constant(2.0))),
            "shout": outcome(lambda: sigs["shout"](words=tf.constant(["ab", "c"]))),
            "positional": errors(lambda: sigs["score"](x, tf.constant(2.0)), d),
            "direct": outcome(lambda: m.score(x, tf.constant(0.5)))}


CASES = {
    "training_loop": (write_training_loop, read_training_loop),
    "named_signatures": (write_named_signatures, read_named_signatures),
    "text_embedding": (write_text_embedding, read_text_embedding),
    "string_lookup_export": (write_string_lookup_export, read_string_lookup_export),
    "stateful_gru": (write_stateful_gru, read_stateful_gru),
    "vocab_table": (write_vocab_table, read_vocab_table),
    "composite_signatures": (write_composite_signatures, read_composite_signatures),
    "variable_settings": (write_variable_settings, read_variable_settings),
    "shared_tree": (write_shared_tree, read_shared_tree),
    "custom_gradient_options": (write_custom_gradient_options, read_custom_gradient_options),
    "optimizer_steps": (write_optimizer_steps, read_optimizer_steps),
    "partial_restore": (write_partial_restore, read_partial_restore),
    "numpy_iterator": (write_numpy_iterator, read_numpy_iterator),
}
