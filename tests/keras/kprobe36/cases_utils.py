"""kprobe36's snippets on keras.utils' data helpers with the options earlier rounds left
at their defaults (to_categorical of odd shapes, pad_sequences of strings and vectors,
timeseries windows with rates and index bounds, split_dataset of dicts and fractions,
PyDataset in fit and evaluate), summaries of models nested two deep, and mixed
precision policies through layers, fit and saving (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["to_categorical_shapes_and_types"] = _TRY + """
U = keras.utils
show("col", lambda: U.to_categorical(np.array([[0], [2], [1]])))
show("grid", lambda: U.to_categorical(np.array([[0, 1], [1, 2]]), 3))
show("floats", lambda: U.to_categorical(np.array([0.0, 2.0, 1.0])))
show("list", lambda: U.to_categorical([1, 0, 3], num_classes=5))
show("scalar", lambda: U.to_categorical(2, 4))
show("tensor", lambda: U.to_categorical(keras.ops.convert_to_tensor(np.array([1, 0], "int32")), 3))
show("small", lambda: U.to_categorical(np.array([0, 3]), 2))
show("neg", lambda: U.to_categorical(np.array([-1, 1]), 3))
show("int8", lambda: U.to_categorical(np.array([1, 2], "int8")))
show("empty", lambda: U.to_categorical(np.array([], "int32"), 3))
"""

SNIPPETS["pad_sequences_strings_vectors_dtypes"] = _TRY + """
ps = keras.utils.pad_sequences
show("pre_trunc_post", lambda: ps([[1, 2, 3, 4], [5]], maxlen=3, padding="post", truncating="pre", value=-1))
show("float", lambda: ps([[0.5, 1.5], [2.5]], dtype="float32", value=9.0))
show("float_as_int", lambda: ps([[0.5, 1.5], [2.5]]))
tryp("strs", lambda: ps([["a", "b"], ["c"]], dtype="object", value="_"))
tryp("strs_U", lambda: ps([["ab", "b"], ["c"]], dtype="<U2", value="z"))
tryp("str_default", lambda: ps([["a", "b"], ["c"]], value="_"))
show("vectors", lambda: ps([np.ones((2, 2)), np.ones((1, 2)) * 2], maxlen=3, dtype="float32"))
show("maxlen0", lambda: ps([[1, 2], [3]], maxlen=0))
show("empty_seq", lambda: ps([[], [1]]))
show("empty_list", lambda: ps([]))
show("arrays", lambda: ps(np.array([[1, 2], [3, 4]]), maxlen=3))
tryp("bad_pad", lambda: ps([[1]], padding="middle"))
tryp("bad_trunc", lambda: ps([[1, 2]], maxlen=1, truncating="middle"))
tryp("ragged_vectors", lambda: ps([np.ones((2, 2)), np.ones((1, 3))]))
tryp("not_iter", lambda: ps([1, 2]))
"""

SNIPPETS["timeseries_rates_strides_bounds"] = _TRY + """
data = np.arange(20, dtype="float32").reshape(10, 2)
tg = np.arange(10, dtype="int32") * 10
def walk(label, **kw):
    try:
        ds = keras.utils.timeseries_dataset_from_array(**kw)
        out = []
        for b in ds:
            if isinstance(b, tuple):
                out.append((tuple(b[0].shape), np.asarray(b[0])[:, 0, 0].tolist(), np.asarray(b[1]).tolist()))
            else:
                out.append((tuple(b.shape), np.asarray(b)[:, 0, 0].tolist()))
        print(label, out)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
walk("rate", data=data, targets=None, sequence_length=3, sampling_rate=2, batch_size=3)
walk("stride", data=data, targets=tg, sequence_length=2, sequence_stride=3, batch_size=2)
walk("bounds", data=data, targets=tg, sequence_length=2, start_index=2, end_index=7, batch_size=10)
walk("shuffle", data=data, targets=None, sequence_length=4, shuffle=True, seed=3, batch_size=3)
walk("nobatch", data=data[:, 0], targets=None, sequence_length=8, batch_size=None)
walk("too_long", data=data, targets=None, sequence_length=11)
walk("bad_rate", data=data, targets=None, sequence_length=2, sampling_rate=0)
walk("bad_start", data=data, targets=None, sequence_length=2, start_index=20)
walk("bad_end", data=data, targets=None, sequence_length=2, start_index=5, end_index=3)
ds = keras.utils.timeseries_dataset_from_array(data, tg, 3, batch_size=4)
print(ds.element_spec)
"""

SNIPPETS["split_dataset_kinds_and_fractions"] = _TRY + """
xs = np.arange(10, dtype="float32").reshape(10, 1)
ys = np.arange(10, dtype="int32")
def desc(label, fn):
    try:
        l, r = fn()
        def flat(ds):
            out = []
            for e in ds:
                if isinstance(e, dict):
                    out.append({k: np.asarray(v).tolist() for k, v in sorted(e.items())})
                elif isinstance(e, tuple):
                    out.append([np.asarray(v).tolist() for v in e])
                else:
                    out.append(np.asarray(e).tolist())
            return out
        print(label, type(l).__name__, int(l.cardinality()), int(r.cardinality()), flat(l)[:3], flat(r)[:2])
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
desc("tuple_frac", lambda: keras.utils.split_dataset((xs, ys), left_size=0.3))
desc("right_int", lambda: keras.utils.split_dataset((xs, ys), right_size=2))
desc("both", lambda: keras.utils.split_dataset(xs, left_size=0.5, right_size=0.2))
desc("dict", lambda: keras.utils.split_dataset({"a": xs, "b": ys}, left_size=4))
desc("list", lambda: keras.utils.split_dataset([1, 2, 3, 4], left_size=0.5))
desc("shuffle", lambda: keras.utils.split_dataset(ys, left_size=5, shuffle=True, seed=7))
desc("ds", lambda: keras.utils.split_dataset(tf.data.Dataset.range(6), left_size=0.5))
desc("too_big", lambda: keras.utils.split_dataset(xs, left_size=11))
desc("sum_too_big", lambda: keras.utils.split_dataset(xs, left_size=0.7, right_size=0.5))
desc("zero", lambda: keras.utils.split_dataset(xs, left_size=0))
desc("neither", lambda: keras.utils.split_dataset(xs))
desc("bad_type", lambda: keras.utils.split_dataset(xs, left_size="half"))
"""

SNIPPETS["py_dataset_in_fit_evaluate_predict"] = _TRY + """
class Seq(keras.utils.PyDataset):
    def __init__(self, n, weights=False, **kw):
        super().__init__(**kw)
        self.n, self.weights, self.ends = n, weights, 0
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        x = X[2 * i:2 * i + 2]
        if self.weights:
            return x, Y[2 * i:2 * i + 2], np.array([1.0, 0.0], "float32")
        return x, Y[2 * i:2 * i + 2]
    def on_epoch_end(self):
        self.ends += 1
tr = Seq(4, workers=1, use_multiprocessing=False, max_queue_size=2)
va = Seq(2)
m = dense_model(0.1)
h = m.fit(tr, validation_data=va, epochs=3, verbose=0)
print(logs4(h), h.params, tr.ends, va.ends)
print(tr.workers, tr.use_multiprocessing, tr.max_queue_size, tr.num_batches)
print(r4(m.evaluate(Seq(4, weights=True), verbose=0)), r4(m.evaluate(Seq(4), verbose=0)))
print(np.asarray(m.predict(Seq(3), verbose=0)).shape)
h = m.fit(Seq(4), epochs=1, steps_per_epoch=2, verbose=0)
print(h.params)
class Inf(keras.utils.PyDataset):
    def __getitem__(self, i):
        return X[:2], Y[:2]
    @property
    def num_batches(self):
        return None
h = m.fit(Inf(), epochs=2, steps_per_epoch=3, verbose=0)
print(h.params, logs4(h))
"""

SNIPPETS["summary_two_levels_nested"] = _TRY + """
inner_in = keras.Input((4,), name="ii")
inner = keras.Model(inner_in, layers.Dense(3, name="inner_dense")(layers.Dense(4, name="inner_hidden")(inner_in)), name="inner")
mid_in = keras.Input((4,), name="mi")
mid = keras.Model(mid_in, layers.Dense(2, name="mid_out")(inner(mid_in)), name="mid")
mid.get_layer("mid_out").trainable = False
inner.get_layer("inner_hidden").trainable = False
top = keras.Sequential([keras.Input((4,)), layers.Dense(4, name="pre"), mid, layers.Dense(1, name="post")], name="top")
lines(lambda: top.summary(expand_nested=True, show_trainable=True, line_length=80))
lines(lambda: top.summary(expand_nested=True, layer_range=["mid", "post"], line_length=80))
lines(lambda: top.summary(show_trainable=True, line_length=80))
tryp("bad_range", lambda: top.summary(layer_range=["nope", "post"]))
"""

SNIPPETS["mixed_float16_layers_outputs_and_fit"] = _TRY + """
keras.config.set_dtype_policy("mixed_float16")
try:
    inp = keras.Input((3,))
    h = layers.Dense(4, activation="relu", name="d")(inp)
    n = layers.BatchNormalization(name="bn")(h)
    ln = layers.LayerNormalization(name="ln")(n)
    sm = layers.Dense(2, name="logits")(ln)
    out = layers.Activation("softmax", dtype="float32", name="probs")(sm)
    m = keras.Model(inp, out)
    for l in m.layers:
        print(l.name, l.dtype_policy.name, l.compute_dtype, l.variable_dtype, [w.dtype for w in l.weights][:2])
    print([t.dtype for t in (h, n, ln, sm, out)])
    fill_bn(m)
    m.compile(keras.optimizers.SGD(0.1), "sparse_categorical_crossentropy", metrics=["accuracy"])
    print(type(m.optimizer).__name__, getattr(m.optimizer, "inner_optimizer", None).__class__.__name__)
    hist = m.fit(X, np.array([0, 1, 0, 1, 1, 0, 1, 0]), epochs=2, batch_size=4, shuffle=False, verbose=0)
    print(logs4(hist))
    print(float(m.optimizer.dynamic_scale.numpy()), int(m.optimizer.iterations.numpy()))
    p = m.predict(X[:2], verbose=0)
    print(p.dtype, np.asarray(m(X[:2])).dtype, r4(p))
    print(keras.mixed_precision.global_policy().name, keras.mixed_precision.dtype_policy().name)
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["mixed_bfloat16_layers_and_no_loss_scale"] = _TRY + """
keras.config.set_dtype_policy("mixed_bfloat16")
try:
    m = keras.Sequential([keras.Input((5,), dtype="int32"), layers.Embedding(10, 3, name="emb"), layers.LSTM(2, name="lstm"), layers.Dense(1, name="out")])
    for l in m.layers:
        print(l.name, l.dtype_policy.name, l.compute_dtype, [w.dtype for w in l.weights][:1])
    ids = np.array([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1]], "int32")
    print(keras.backend.standardize_dtype(m(ids).dtype))
    m.compile(keras.optimizers.Adam(0.01), "mse")
    print(type(m.optimizer).__name__)
    hist = m.fit(ids, np.array([[1.0], [0.0]], "float32"), epochs=1, verbose=0)
    print(sorted(hist.history))
    c = layers.Conv1D(2, 2, dtype="mixed_bfloat16")
    print(c(np.ones((1, 4, 3), "float32")).dtype, c.kernel.dtype)
    print(keras.backend.standardize_dtype(layers.Dense(2)(np.ones((1, 2), "float32")).dtype))
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["per_layer_mixed_policies_and_config"] = _TRY + """
d = layers.Dense(2, dtype="mixed_float16")
y = d(np.ones((1, 3), "float32"))
print(keras.backend.standardize_dtype(y.dtype), d.kernel.dtype, d.dtype, d.compute_dtype, d.variable_dtype)
c = d.get_config()["dtype"]
print(c if isinstance(c, str) else (c["class_name"], c["config"]))
d2 = layers.Dense.from_config(d.get_config())
print(d2.dtype_policy.name)
p = keras.DTypePolicy("mixed_float16")
print(p.name, p.compute_dtype, p.variable_dtype, repr(p))
print(keras.dtype_policies.get("mixed_bfloat16").compute_dtype)
tryp("bad", lambda: keras.DTypePolicy("mixed_float32"))
e = layers.Embedding(5, 2, dtype="mixed_float16")
print(keras.backend.standardize_dtype(e(np.array([1, 2])).dtype), e.embeddings.dtype)
a = layers.Add(dtype="mixed_float16")
print(keras.backend.standardize_dtype(a([np.ones((1, 2), "float32"), np.ones((1, 2), "float32")]).dtype))
s = layers.Softmax(dtype="mixed_float16")
print(keras.backend.standardize_dtype(s(np.ones((1, 2), "float32")).dtype))
i = keras.Input((2,), dtype="float16")
o = layers.Dense(1)(i)
print(i.dtype, o.dtype)
lso = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1))
m = keras.Sequential([keras.Input((3,)), layers.Dense(1, dtype="mixed_float16")])
m.compile(lso, "mse")
m.fit(X, Y, epochs=1, verbose=0)
print(float(lso.dynamic_scale.numpy()), int(lso.iterations.numpy()))
"""
