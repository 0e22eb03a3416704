"""Realistic models built alike by eagerflow or TensorFlow 2.21 / Keras 3 (each builder
takes the `tf` and `keras` modules): the interop matrix saves them on one side and loads
them on the other (tests/interop/test_matrix_tf.py live, test_matrix_golden.py from files
TF wrote). Imports neither itself."""

import numpy as np

TEXTS = ["the cat sat on the mat", "a dog ate the cat", "the bird flew", "cats and dogs",
         "on the mat sat a dog", "the end"]


def close(got, want, rtol=1e-5, atol=1e-6, where="") -> None:
    """Asserts that two `plain` structures agree: the same keys, dtypes and shapes, floats
    to the tolerances, integers and strings exactly."""
    if isinstance(want, dict) and "dtype" in want and "value" in want:
        assert got["dtype"] == want["dtype"], f"{where}: dtype {got['dtype']} != {want['dtype']}"
        g, w = np.asarray(got["value"]), np.asarray(want["value"])
        assert g.shape == w.shape, f"{where}: shape {g.shape} != {w.shape}"
        if w.dtype.kind == "f":
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=where)
        else:
            assert g.tolist() == w.tolist(), f"{where}: {g.tolist()} != {w.tolist()}"
    elif isinstance(want, dict):
        assert sorted(got) == sorted(want), f"{where}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            close(got[k], want[k], rtol, atol, f"{where}/{k}")
    else:
        assert len(got) == len(want), f"{where}: {len(got)} parts != {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            close(g, w, rtol, atol, f"{where}/{i}")


def plain(tf, x):
    """Nested outputs as JSON: tensors as {dtype, value} (strings decoded), ragged and
    sparse tensors by their parts."""
    if isinstance(x, dict):
        return {k: plain(tf, v) for k, v in sorted(x.items())}
    if isinstance(x, (list, tuple)):
        return [plain(tf, v) for v in x]
    if isinstance(x, tf.RaggedTensor):
        return {"ragged": plain(tf, x.flat_values), "splits": plain(tf, x.row_splits)}
    if isinstance(x, tf.SparseTensor):
        return {"indices": plain(tf, x.indices), "values": plain(tf, x.values),
                "shape": plain(tf, x.dense_shape)}
    a = np.asarray(x)
    if a.dtype == object:
        return {"dtype": "string", "value": np.vectorize(bytes.decode, otypes=[object])(
            a).tolist() if a.size else a.tolist()}
    return {"dtype": str(a.dtype), "value": a.tolist()}


def spec_texts(structure):
    """A signature's structure with each spec's repr; dicts sorted (TF's loaded dicts come
    in the proto map's order, which changes from run to run)."""
    if isinstance(structure, dict):
        return {k: spec_texts(v) for k, v in sorted(structure.items())}
    if isinstance(structure, (list, tuple)):
        return [spec_texts(v) for v in structure]
    return repr(structure)


def register(keras):
    """The custom objects, registered under package "interop" (both sides call this once)."""
    reg = keras.saving.register_keras_serializable

    @reg(package="interop")
    class Scale(keras.layers.Layer):
        """A layer with a config argument, a trainable weight and a non-trainable one."""

        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def build(self, input_shape):
            self.gamma = self.add_weight(name="gamma", shape=(input_shape[-1],),
                                         initializer="ones")
            self.calls = self.add_weight(name="calls", shape=(), initializer="zeros",
                                         trainable=False)

        def call(self, x):
            return x * self.gamma * self.factor

        def get_config(self):
            return {**super().get_config(), "factor": self.factor}

    @reg(package="interop")
    class Residual(keras.Model):
        """A subclassed model: two Dense layers, a Scale and a skip connection."""

        def __init__(self, units=4, **kwargs):
            super().__init__(**kwargs)
            self.units = units
            self.d1 = keras.layers.Dense(units, activation="tanh", name="d1")
            self.scale = Scale(0.5, name="scale")
            self.d2 = keras.layers.Dense(3, name="d2")

        def call(self, x):
            h = self.d1(x)
            return self.d2(h + self.scale(h))

        def get_config(self):
            return {"units": self.units, **{k: v for k, v in super().get_config().items()
                                             if k in ("name", "trainable")}}

    @reg(package="interop")
    def scaled_mse(y_true, y_pred):
        return keras.ops.mean(keras.ops.square(y_true - y_pred), axis=-1) * 0.5

    @reg(package="interop")
    class MeanAbsLog(keras.metrics.Metric):
        def __init__(self, name="mean_abs_log", **kwargs):
            super().__init__(name=name, **kwargs)
            self.total = self.add_variable(shape=(), initializer="zeros", name="total")
            self.count = self.add_variable(shape=(), initializer="zeros", name="count")

        def update_state(self, y_true, y_pred, sample_weight=None):
            v = keras.ops.mean(keras.ops.abs(keras.ops.log1p(keras.ops.abs(y_pred - y_true))))
            self.total.assign_add(v)
            self.count.assign_add(1.0)

        def result(self):
            return self.total / keras.ops.maximum(self.count, 1.0)

    return {"Scale": Scale, "Residual": Residual, "scaled_mse": scaled_mse,
            "MeanAbsLog": MeanAbsLog}


def text_rnn(keras):
    """Sequential: TextVectorization (adapted) -> masked Embedding -> Bidirectional LSTM
    -> GRU -> Dense, compiled with Adam."""
    keras.utils.set_random_seed(1)
    vec = keras.layers.TextVectorization(max_tokens=20, output_sequence_length=6)
    vec.adapt(TEXTS)
    model = keras.Sequential([
        keras.Input((), dtype="string"), vec,
        keras.layers.Embedding(20, 5, mask_zero=True),
        keras.layers.Bidirectional(keras.layers.LSTM(4, return_sequences=True)),
        keras.layers.GRU(3),
        keras.layers.Dense(2, activation="softmax")])
    model.compile(keras.optimizers.Adam(0.01), "sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


def tabular(keras):
    """Functional, two inputs and two named outputs: Normalization and StringLookup
    (adapted), one-hot, Dense, BatchNormalization, Dropout; compiled with RMSprop."""
    keras.utils.set_random_seed(2)
    num = keras.Input((3,), name="num")
    cat = keras.Input((1,), dtype="string", name="cat")
    norm = keras.layers.Normalization()
    norm.adapt(np.array([[1.0, 2, 3], [2, 4, 1], [0, 0, 0], [5, 1, 2]], "float32"))
    lookup = keras.layers.StringLookup(output_mode="one_hot")
    lookup.adapt(np.array([["red"], ["green"], ["blue"], ["red"]]))
    h = keras.layers.Concatenate()([norm(num), keras.layers.Flatten()(lookup(cat))])
    h = keras.layers.Dense(8, use_bias=False)(h)
    h = keras.layers.BatchNormalization()(h)
    h = keras.layers.Activation("relu")(h)
    h = keras.layers.Dropout(0.3)(h)
    out_a = keras.layers.Dense(1, name="score")(h)
    out_b = keras.layers.Dense(3, activation="softmax", name="kind")(h)
    model = keras.Model({"num": num, "cat": cat}, {"score": out_a, "kind": out_b})
    model.compile(keras.optimizers.RMSprop(0.01),
                  {"score": "mse", "kind": "sparse_categorical_crossentropy"},
                  metrics={"kind": ["accuracy"]})
    return model


def custom(keras, objects):
    """The registered subclassed model with a registered loss and metric, SGD momentum."""
    keras.utils.set_random_seed(3)
    model = objects["Residual"](units=4, name="residual")
    model(np.zeros((1, 5), "float32"))
    model.compile(keras.optimizers.SGD(0.05, momentum=0.9), objects["scaled_mse"],
                  metrics=[objects["MeanAbsLog"]()])
    return model


def text_data(tf):
    x = np.array(TEXTS * 2, dtype=object)
    y = np.array([0, 1, 0, 1, 1, 0] * 2)
    return x, y


def tabular_data(tf):
    rng = np.random.RandomState(0)
    x = {"num": rng.rand(16, 3).astype("float32") * 4,
         "cat": tf.constant([["red"], ["green"], ["blue"], ["pink"]] * 4)}
    y = {"score": rng.rand(16, 1).astype("float32"), "kind": rng.randint(0, 3, 16)}
    return x, y


def custom_data(tf):
    rng = np.random.RandomState(1)
    return rng.rand(16, 5).astype("float32"), rng.rand(16, 3).astype("float32")


def make_module(tf, vocab_path):
    """A tf.Module: variables, functions taking dicts, ragged, sparse and string tensors,
    a polymorphic function traced twice, a StaticVocabularyTable over an asset file and a
    MutableHashTable; signatures `serving_default` (dict in, dict out) and `lookup`."""

    class Serving(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
            self.b = tf.Variable([0.5, -0.5], name="b")
            self.count = tf.Variable(0, dtype=tf.int64, name="count")
            self.vocab = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
                vocab_path, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64,
                tf.lookup.TextFileIndex.LINE_NUMBER), 2)
            self.seen = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)

        @tf.function(input_signature=[{
            "a": tf.TensorSpec([None, 2], tf.float32, name="a"),
            "b": tf.TensorSpec([None], tf.string, name="b")}])
        def dict_in(self, inp):
            self.count.assign_add(1)
            return {"y": tf.matmul(inp["a"], self.w) + self.b,
                    "n": tf.strings.length(inp["b"]), "up": tf.strings.upper(inp["b"])}

        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.float32)])
        def ragged_in(self, r):
            return tf.reduce_sum(r, axis=1) * self.b[0]

        @tf.function(input_signature=[tf.SparseTensorSpec([None, 3], tf.float32)])
        def sparse_in(self, s):
            top = tf.sparse.reduce_max(s, axis=1, output_is_sparse=True)
            return {"sum": tf.sparse.reduce_sum(s, axis=1) + self.b[1],
                    "max": tf.sparse.to_dense(top)}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words")])
        def lookup(self, words):
            ids = self.vocab.lookup(words)
            self.seen.insert(words, ids)
            return {"ids": ids, "seen": self.seen.size(),
                    "tokens": tf.strings.split(tf.strings.reduce_join(words, separator=" "))}

        @tf.function
        def poly(self, x, scale=2.0):
            return x * scale

    m = Serving()
    m.poly(tf.constant([1.0, 2.0]))
    m.poly(tf.constant([1, 2]), scale=3)
    return m


MODULE_VOCAB = "the\ncat\nsat\n"


def module_calls(tf, m, signatures=True):
    """What the tests call on a loaded module: name -> its outputs (nested). Without
    `signatures` (a module saved again has none), the functions alone, the lookup table
    filled by the function in place of the signature."""
    sp = tf.sparse.SparseTensor([[0, 1], [1, 2], [1, 0]], [3.0, -4.0, -1.0], [3, 3])
    out = {"dict_in": m.dict_in({"a": tf.constant([[1.0, 1.0], [0.0, 2.0]]),
                                 "b": tf.constant(["hello", "a b"])})}
    if signatures:
        out["serving_default"] = m.signatures["serving_default"](
            a=tf.constant([[1.0, -1.0]]), b=tf.constant(["x"]))
    out["ragged_in"] = m.ragged_in(tf.ragged.constant([[1.0, 2.0], [3.0], []]))
    out["sparse_in"] = m.sparse_in(sp)
    words = tf.constant(["cat", "dog", "the"])
    out["lookup" if signatures else "lookup_first"] = \
        m.signatures["lookup"](words=words) if signatures else m.lookup(words)
    out["lookup_again"] = m.lookup(tf.constant(["sat", "cow"]))
    out["poly_float"] = m.poly(tf.constant([1.0, 2.0]))
    out["poly_int"] = m.poly(tf.constant([1, 2]), scale=3)
    out["count"] = m.count.read_value()
    return out


def layer_facts(tf, keras):
    """Layer-level facts the matrix's models rest on: the lookup layers' checkpoint keys
    (adapt state included), encoded lookups' dtypes and what a merge makes of them, the
    paths of a Bidirectional made of a built layer."""
    import tempfile

    L = keras.layers
    out = {}
    layers = {}
    s = L.StringLookup()
    s.adapt(np.array(["a", "b", "a"]))
    layers["string_adapted"] = s
    layers["string_given"] = L.StringLookup(vocabulary=["a", "b"])
    s = L.StringLookup(output_mode="tf_idf")
    s.adapt(np.array([["a", "b"], ["a", "c"]]))
    layers["string_tf_idf"] = s
    layers["string_tf_idf_given"] = L.StringLookup(output_mode="tf_idf", vocabulary=["a", "b"],
                                                   idf_weights=[0.5, 1.0])
    i = L.IntegerLookup()
    i.adapt(np.array([3, 4, 3]))
    layers["integer_adapted"] = i
    t = L.TextVectorization(output_mode="tf_idf")
    t.adapt(["a b c", "a b"])
    layers["text_tf_idf"] = t
    with tempfile.TemporaryDirectory() as d:
        for k, layer in layers.items():
            path = tf.train.Checkpoint(layer=layer).write(f"{d}/{k}")
            out[f"checkpoint_keys/{k}"] = sorted(
                n for n, _ in tf.train.list_variables(path) if n != "_CHECKPOINTABLE_OBJECT_GRAPH")
    one_hot = L.StringLookup(output_mode="one_hot")
    one_hot.adapt(np.array([["red"], ["green"]]))
    inp = keras.Input((1,), dtype="string")
    feats = keras.Input((2,))
    symbolic = one_hot(inp)
    model = keras.Model([inp, feats], [L.Concatenate()([symbolic, feats]),
                                       L.Add()([symbolic, L.Dense(3)(feats)])])
    joined, added = model([tf.constant([["red"], ["blue"]]), tf.ones((2, 2))])
    out["one_hot"] = {"symbolic": str(symbolic.dtype),
                      "eager": one_hot(tf.constant([["red"]])).dtype.name,
                      "concatenated": plain(tf, joined), "added_dtype": added.dtype.name}
    lstm = L.LSTM(2)
    lstm.build((None, 3, 4))
    out["bidirectional_of_a_built_layer"] = [w.path for w in L.Bidirectional(lstm).weights]
    return out


def archive(tf, keras, model):
    """A keras.export.ExportArchive of the tabular model: its dict endpoint, one of two
    positional tensors, and a variable collection."""
    a = keras.export.ExportArchive()
    a.track(model)
    a.add_endpoint("predict", lambda inputs: model(inputs, training=False), input_signature=[{
        "num": tf.TensorSpec([None, 3], tf.float32, name="num"),
        "cat": tf.TensorSpec([None, 1], tf.string, name="cat")}])
    a.add_endpoint("score_only",
                   lambda num, cat: model({"num": num, "cat": cat}, training=False)["score"],
                   input_signature=[tf.TensorSpec([None, 3], tf.float32),
                                    tf.TensorSpec([None, 1], tf.string)])
    a.add_variable_collection("kind_weights", model.get_layer("kind").weights)
    return a


def archive_facts(tf, loaded, x):
    """What a loaded archive serves and shows."""
    return {"signatures": {k: [spec_texts(f.structured_input_signature),
                               spec_texts(f.structured_outputs)]
                           for k, f in loaded.signatures.items()},
            "predict": plain(tf, loaded.predict(x)),
            "score_only": plain(tf, loaded.score_only(x["num"], x["cat"])),
            "kind_weights": [v.name for v in loaded.kind_weights],
            "variables": sorted(v.name for v in loaded.variables)}


def masked_sequence(keras):
    """Masking -> LSTM -> TimeDistributed(Dense): the output carries the mask, which Keras
    3's losses and metrics honour (masked steps count for nothing)."""
    keras.utils.set_random_seed(3)
    model = keras.Sequential([keras.Input((5, 3)), keras.layers.Masking(0.0),
                              keras.layers.LSTM(4, return_sequences=True),
                              keras.layers.TimeDistributed(keras.layers.Dense(2))])
    model.compile(keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    return model


def masked_data(tf):
    x = np.random.RandomState(0).rand(6, 5, 3).astype("float32")
    x[:, 3:] = 0  # (the last two steps masked)
    x[0, 1:] = 0
    return x, np.random.RandomState(1).rand(6, 5, 2).astype("float32")


def masked_facts(tf, keras):
    model = masked_sequence(keras)
    x, y = masked_data(tf)
    return {"evaluate": model.evaluate(x, y, batch_size=6, verbose=0),
            "fit": model.fit(x, y, batch_size=3, epochs=2, shuffle=False, verbose=0).history}


def root_children(saved_model_pb, saved_model_class):
    """{child name: its kind (a user object's identifier)} of a SavedModel's root."""
    sm = saved_model_class()
    with open(saved_model_pb, "rb") as f:
        sm.ParseFromString(f.read())
    nodes = sm.meta_graphs[0].object_graph_def.nodes
    out = {}
    for c in nodes[0].children:
        node = nodes[c.node_id]
        kind = node.WhichOneof("kind")
        out[c.local_name] = node.user_object.identifier if kind == "user_object" else kind
    return out
