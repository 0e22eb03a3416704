"""kprobe47's second set: files real TF 2.21 + Keras 3 wrote (tf_files/, by
write_tf_files.py) loaded by user code, and rarer corners of ragged tensors, text
preprocessing, tf.data, random draws, callbacks and metrics (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

# where the TF-written files lie, in TF's run and in eagerflow's alike
_FILES = _TRY + """
import os
import tests.keras.kprobe47 as _here
F = os.path.join(os.path.dirname(os.path.abspath(_here.__file__)), "tf_files")
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["tf_files_keras_model"] = _FILES + """
m = keras.models.load_model(os.path.join(F, "model.keras"))
print(m.name, [l.name for l in m.layers])
show("predict", lambda: m.predict(x[:2], verbose=0))
show("optimizer", lambda: (type(m.optimizer).__name__, m.optimizer.iterations, m.optimizer.learning_rate))
show("optimizer vars", lambda: [v.path for v in m.optimizer.variables])
show("evaluate", lambda: m.evaluate(x, x[:, :2] * 2, verbose=0, return_dict=True))
show("metrics names", lambda: m.metrics_names)
show("compile config", lambda: str(m.get_compile_config()))
m.fit(x, x[:, :2] * 2, epochs=1, verbose=0)
show("after fit", lambda: (m.optimizer.iterations, m.predict(x[:1], verbose=0)))
m2 = keras.Model.from_config(m.get_config())
m2.load_weights(os.path.join(F, "model.weights.h5"))
show("weights file", lambda: m2.predict(x[:2], verbose=0))
show("weights into other", lambda: keras.Sequential([keras.Input((4,)), layers.Dense(3)]).load_weights(os.path.join(F, "model.weights.h5")))
"""

SNIPPETS["tf_files_saved_models"] = _FILES + """
e = tf.saved_model.load(os.path.join(F, "export"))
show("export serve", lambda: e.serve(x[:2]))
show("export sig", lambda: e.signatures["serving_default"](feats=tf.constant(x[:1])))
print(e.signatures["serving_default"].structured_input_signature)
show("export vars", lambda: sorted(v.name for v in e.variables))
t = keras.layers.TFSMLayer(os.path.join(F, "export"), call_endpoint="serve")
show("tfsm layer", lambda: t(x[:1]))
show("tfsm weights", lambda: [w.shape for w in t.weights])
mod = tf.saved_model.load(os.path.join(F, "module"))
show("module call", lambda: mod(tf.constant([[1.0, 1.0]])))
show("module ids", lambda: mod.ids(tf.constant(["b", "q", "a"])))
show("module sigs", lambda: sorted(mod.signatures))
show("module ids sig", lambda: mod.signatures["ids"](words=tf.constant(["a"])))
show("module w", lambda: mod.w)
show("module bad dtype", lambda: mod(tf.constant([[1, 1]])))
mod.w.assign(tf.zeros([2, 2]))
show("module assigned", lambda: mod(tf.constant([[1.0, 1.0]])))
"""

SNIPPETS["tf_files_checkpoint_dataset"] = _FILES + """
path = os.path.join(F, "ckpt", "ck")
show("list", lambda: str(tf.train.list_variables(path)))
step = tf.Variable(0, dtype=tf.int64)
v = tf.Variable([0.0, 0.0])
st = tf.train.Checkpoint(step=step, v=v).read(path)
show("restored", lambda: (step, v))
show("consumed", lambda: st.assert_consumed())
show("existing", lambda: st.assert_existing_objects_matched() and "ok")
show("reader", lambda: tf.train.load_checkpoint(path).get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE"))
show("reader dtypes", lambda: str(sorted(tf.train.load_checkpoint(path).get_variable_to_dtype_map().items())))
show("reader missing", lambda: tf.train.load_checkpoint(path).get_tensor("nope"))
d = tf.data.Dataset.load(os.path.join(F, "dataset"))
print(sorted(d.element_spec.items()))  # (TF's key order varies by run)
show("dataset", lambda: [(e["n"], e["s"], e["r"].tolist()) for e in d.as_numpy_iterator()])
show("dataset cardinality", lambda: d.cardinality())
show("dataset batch", lambda: d.padded_batch(4).get_single_element()["r"])
"""

SNIPPETS["ragged_more_ops"] = _TRY + """
rt = tf.ragged.constant([[3, 1, 2], [], [5, 4]])
show("sort", lambda: tf.sort(rt, direction="DESCENDING"))
show("argsort", lambda: tf.argsort(rt))
show("cumsum", lambda: tf.math.cumsum(rt, axis=1))
show("unique", lambda: tf.unique(tf.ragged.constant([[1, 1, 2]]).flat_values).y)
show("one_hot", lambda: tf.one_hot(rt, 6).shape)
show("strings", lambda: tf.strings.as_string(rt))
show("size", lambda: tf.size(rt))
show("rank", lambda: tf.rank(rt))
show("shape", lambda: tf.shape(rt))
show("dynamic shape", lambda: str(tf.shape(rt)))
show("equal", lambda: tf.equal(rt, 1))
show("squeeze", lambda: tf.squeeze(tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1), axis=2))
show("pad", lambda: rt.to_tensor(shape=[None, 4]))
show("to_tensor bad", lambda: rt.to_tensor(shape=[2, 2, 2]))
show("segment mean", lambda: tf.math.segment_mean(rt.flat_values, rt.value_rowids()))
show("fill", lambda: tf.ones_like(rt))
show("zeros_like dtype", lambda: tf.zeros_like(rt, dtype=tf.float32))
show("reshape", lambda: tf.reshape(rt, [-1]))
show("add_n", lambda: tf.add_n([rt, rt, rt]))
show("nested_value_rowids", lambda: tf.ragged.constant([[[1], [2, 3]], [[4]]]).nested_value_rowids())
show("keras ragged op", lambda: keras.ops.convert_to_numpy(tf.ragged.constant([[1, 2], [3]]).to_tensor()))
show("numpy", lambda: str(rt.numpy()))
show("iter", lambda: [r.numpy().tolist() for r in rt])
show("bool", lambda: bool(rt))
"""

SNIPPETS["ragged_keras_layers"] = _TRY + """
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
show("embedding", lambda: layers.Embedding(8, 2, embeddings_initializer="ones")(rt))
show("category encoding", lambda: layers.CategoryEncoding(num_tokens=7, output_mode="multi_hot")(rt))
show("text vec int ragged", lambda: layers.TextVectorization(vocabulary=["a", "b"], ragged=True)(tf.constant(["a b c", "b"])))
show("integer lookup ragged", lambda: layers.IntegerLookup(vocabulary=[1, 2, 3])(rt))
show("dense ragged", lambda: layers.Dense(2)(tf.ragged.constant([[1.0, 2.0]])))
show("global avg", lambda: layers.GlobalAveragePooling1D()(tf.ragged.constant([[[1.0], [3.0]], [[5.0]]], ragged_rank=1)))
show("lstm ragged", lambda: layers.LSTM(2)(tf.ragged.constant([[[1.0], [3.0]], [[5.0]]], ragged_rank=1)))
show("input ragged", lambda: keras.Input((None,), ragged=True))
show("convert", lambda: keras.ops.convert_to_tensor(rt))
show("sum", lambda: keras.ops.sum(rt, axis=1))
"""

SNIPPETS["text_vectorization_adapt_data"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices(["b a", "c b a", "a", "d d d d"]).batch(2)
tv = layers.TextVectorization(max_tokens=5)
tv.adapt(ds)
print(tv.get_vocabulary())
tv.adapt(ds, steps=1)
print(tv.get_vocabulary())
show("after", lambda: tv(["a d e"]))
show("in map", lambda: list(ds.map(tv).as_numpy_iterator()))
tv2 = layers.TextVectorization(output_mode="int", output_sequence_length=2, vocabulary=["x", "y"])
show("vocab given", lambda: tv2(["y x z q"]))
show("set vocab tf_idf no idf", lambda: layers.TextVectorization(output_mode="tf_idf", vocabulary=["x"]))
tv3 = layers.TextVectorization(split=None, standardize="lower")
tv3.adapt(["Hello World", "hello world", "Bye"])
print(tv3.get_vocabulary())
show("no split", lambda: tv3(["HELLO WORLD"]))
show("strip punct", lambda: layers.TextVectorization(standardize="strip_punctuation", vocabulary=["hi"])(["hi!", "Hi."]))
show("bad standardize", lambda: layers.TextVectorization(standardize="upper"))
show("config", lambda: str(sorted((k, v) for k, v in tv2.get_config().items() if k != "name")))
show("2d input", lambda: tv2(tf.constant([["y"], ["x"]])))
show("bad rank", lambda: tv2(tf.constant([[["y"]]])))
"""

SNIPPETS["tf_data_options_and_iter"] = _TRY + """
ds = tf.data.Dataset.range(6)
it = iter(ds.batch(4))
show("next", lambda: next(it))
show("get_next_as_optional", lambda: (lambda o: (o.has_value(), o.get_value()))(it.get_next_as_optional()))
show("exhausted", lambda: it.get_next_as_optional().has_value())
show("next after end", lambda: next(it))
o = tf.data.Options()
o.deterministic = False
o.experimental_optimization.map_parallelization = True
show("options", lambda: ds.with_options(o).options().deterministic)
show("options bad", lambda: setattr(tf.data.Options(), "deterministc", True))
show("prefetch", lambda: list(ds.prefetch(tf.data.AUTOTUNE).take(2).as_numpy_iterator()))
show("map parallel deterministic", lambda: list(ds.map(lambda x: x * 2, num_parallel_calls=3, deterministic=True).as_numpy_iterator()))
show("shard", lambda: list(ds.shard(4, 1).as_numpy_iterator()))
show("shard bad", lambda: list(ds.shard(2, 3)))
show("skip negative", lambda: list(ds.skip(-1)))
show("take negative", lambda: list(ds.take(-1).as_numpy_iterator()))
show("repeat 0", lambda: list(ds.repeat(0)))
show("rebatch", lambda: list(ds.batch(4).rebatch(3).as_numpy_iterator()))
show("unbatch", lambda: list(tf.data.Dataset.from_tensors([[1, 2], [3, 4]]).unbatch().as_numpy_iterator()))
show("sparse batch", lambda: next(iter(tf.data.Dataset.from_tensors(tf.sparse.SparseTensor([[0]], [1], [3])).repeat(2).batch(2))).dense_shape)
show("counter", lambda: list(tf.data.experimental.Counter(start=3, step=-1).take(3).as_numpy_iterator()))
show("reduce", lambda: ds.reduce(np.int64(0), lambda s, x: s + x))
show("reduce bad", lambda: ds.reduce(0, lambda s, x: s + x))
show("zip dict", lambda: list(tf.data.Dataset.zip({"a": ds, "b": ds.map(lambda x: -x)}).take(1).as_numpy_iterator()))
show("bucket elem len", lambda: list(tf.data.experimental.dense_to_ragged_batch(2)(tf.data.Dataset.range(3).map(tf.range)).map(lambda r: r.row_lengths()).as_numpy_iterator()))
"""

SNIPPETS["tf_data_text_pipeline"] = _TRY + """
lines = tf.data.Dataset.from_tensor_slices(["The cat sat", "on the mat today", "dogs bark"])
table = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(["the", "cat", "mat"], tf.constant([0, 1, 2], tf.int64)), 1)
def encode(s):
    words = tf.strings.split(tf.strings.lower(s))
    return table.lookup(words)
enc = lines.map(encode)
print(enc.element_spec)
show("encoded", lambda: [e.tolist() for e in enc.as_numpy_iterator()])
show("padded", lambda: next(iter(enc.padded_batch(3, padding_values=np.int64(-1)))))
show("ragged", lambda: next(iter(enc.ragged_batch(2))))
show("bucketed", lambda: [b.shape for b in enc.bucket_by_sequence_length(lambda e: tf.size(e), [3], [2, 2])])
show("window text", lambda: [list(w.as_numpy_iterator()) for w in lines.window(2, 1, drop_remainder=True)])
show("filter by length", lambda: list(enc.filter(lambda e: tf.size(e) > 2).as_numpy_iterator()))
show("flat_map words", lambda: list(lines.flat_map(lambda s: tf.data.Dataset.from_tensor_slices(tf.strings.split(s))).take(4).as_numpy_iterator()))
show("text line dataset", lambda: list(tf.data.TextLineDataset(tf.constant([], tf.string))))
show("text line missing", lambda: list(tf.data.TextLineDataset(["/nonexistent/x.txt"])))
"""

SNIPPETS["random_keras_layers_seeded"] = _TRY + """
x = np.ones((2, 6), "float32")
show("dropout", lambda: layers.Dropout(0.5, seed=3)(x, training=True))
show("gaussian noise", lambda: layers.GaussianNoise(1.0, seed=3)(x, training=True))
show("gaussian dropout", lambda: layers.GaussianDropout(0.5, seed=3)(x, training=True))
show("alpha dropout", lambda: layers.AlphaDropout(0.5, seed=3)(x, training=True))
show("spatial dropout", lambda: layers.SpatialDropout1D(0.5, seed=3)(np.ones((1, 2, 4), "float32"), training=True))
show("random flip", lambda: layers.RandomFlip("horizontal", seed=3)(np.arange(12, dtype="float32").reshape(1, 2, 3, 2), training=True))
show("random rotation", lambda: layers.RandomRotation(0.2, seed=3)(np.arange(9, dtype="float32").reshape(1, 3, 3, 1), training=True)[0, :, :, 0])
show("random crop", lambda: layers.RandomCrop(2, 2, seed=3)(np.arange(16, dtype="float32").reshape(1, 4, 4, 1), training=True)[0, :, :, 0])
show("random contrast", lambda: layers.RandomContrast(0.5, seed=3)(np.arange(8, dtype="float32").reshape(1, 2, 2, 2), training=True))
show("initializer glorot", lambda: keras.initializers.GlorotUniform(seed=3)((2, 2)))
show("initializer orthogonal", lambda: keras.initializers.Orthogonal(seed=3)((2, 2)))
show("initializer var scaling", lambda: keras.initializers.VarianceScaling(2.0, "fan_out", "truncated_normal", seed=3)((2, 3)))
show("initializer tf", lambda: tf.keras.initializers.HeNormal(seed=3)((2, 2)))
show("dense seeded", lambda: layers.Dense(2, kernel_initializer=keras.initializers.RandomNormal(seed=5))(np.ones((1, 2), "float32")))
"""

SNIPPETS["keras_callbacks_more"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
os.chdir(d)  # (the checkpoint callback prints its relative path)
x = np.linspace(-1, 1, 16).reshape(8, 2).astype("float32")
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")
def model():
    m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="zeros")])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    return m
m = model()
sched = keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5 if e > 0 else lr)
h = m.fit(x, y, epochs=3, verbose=0, callbacks=[sched])
show("scheduler", lambda: h.history["learning_rate"])
show("scheduler bad", lambda: model().fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(lambda e: "x")]))
m = model()
es = keras.callbacks.EarlyStopping(monitor="val_mae", patience=0, baseline=0.0001, verbose=1)
h = m.fit(x, y, epochs=4, verbose=0, validation_split=0.25, callbacks=[es])
show("baseline", lambda: (len(h.history["loss"]), es.stopped_epoch, es.wait))
m = model()
es = keras.callbacks.EarlyStopping(monitor="nope", patience=0)
show("missing monitor", lambda: len(m.fit(x, y, epochs=2, verbose=0, callbacks=[es]).history["loss"]))
m = model()
ck = keras.callbacks.ModelCheckpoint(os.path.join(d, "e{epoch:02d}-{loss:.2f}.weights.h5"), save_weights_only=True)
m.fit(x, y, epochs=2, verbose=0, callbacks=[ck])
show("ckpt names", lambda: sorted(os.listdir(d)))
ck2 = keras.callbacks.ModelCheckpoint("best.keras", monitor="val_loss", save_best_only=True, verbose=1)
m.fit(x, y, epochs=2, verbose=0, callbacks=[ck2], validation_data=(x, y))
show("ckpt best", lambda: ck2.best)
class Stop(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 1:
            self.model.stop_training = True
h = model().fit(x, y, epochs=5, verbose=0, callbacks=[Stop()])
show("stop_training", lambda: len(h.history["loss"]))
cl = keras.callbacks.CallbackList([keras.callbacks.History()], add_history=False, model=model())
show("callback list", lambda: [type(c).__name__ for c in cl.callbacks])
rb = keras.callbacks.BackupAndRestore(os.path.join(d, "backup"))
show("backup", lambda: len(model().fit(x, y, epochs=2, verbose=0, callbacks=[rb]).history["loss"]))
show("remote bad", lambda: keras.callbacks.RemoteMonitor().on_epoch_end(0, {"loss": np.float32(1.0)}))
"""

SNIPPETS["keras_metrics_more"] = _TRY + """
M = keras.metrics
def run(m, *a, **k):
    m.update_state(*a, **k)
    return m.result()
show("accuracy int vs float", lambda: run(M.Accuracy(), [1, 2, 3], [1.0, 2.0, 4.0]))
show("binary acc thr", lambda: run(M.BinaryAccuracy(threshold=0.7), [1, 0, 1], [0.8, 0.6, 0.69]))
show("categorical acc", lambda: run(M.CategoricalAccuracy(), [[0, 1], [1, 0]], [[0.4, 0.6], [0.4, 0.6]]))
show("sparse cat acc 2d", lambda: run(M.SparseCategoricalAccuracy(), [[1], [0]], [[0.4, 0.6], [0.4, 0.6]]))
show("topk", lambda: run(M.TopKCategoricalAccuracy(k=1), [[0, 0, 1]], [[0.2, 0.3, 0.5]]))
show("hinge", lambda: run(M.Hinge(), [[0.0, 1.0]], [[0.3, 0.8]]))
show("kld", lambda: run(M.KLDivergence(), [[0.2, 0.8]], [[0.5, 0.5]]))
show("logcosh", lambda: run(M.LogCoshError(), [[0.0, 1.0]], [[0.5, 0.0]]))
show("msle", lambda: run(M.MeanSquaredLogarithmicError(), [[1.0, 2.0]], [[2.0, 2.0]]))
show("rmse", lambda: run(M.RootMeanSquaredError(), [1.0, 2.0], [2.0, 4.0], sample_weight=[1.0, 3.0]))
show("mape", lambda: run(M.MeanAbsolutePercentageError(), [1.0, 0.0], [2.0, 1.0]))
show("tp thresholds", lambda: run(M.TruePositives(thresholds=[0.2, 0.6]), [1, 1, 0], [0.3, 0.7, 0.9]))
show("fn", lambda: run(M.FalseNegatives(), [1, 1, 0], [0.3, 0.7, 0.9]))
show("spec@sens", lambda: run(M.SpecificityAtSensitivity(0.8, num_thresholds=5), [0, 1, 1, 0], [0.2, 0.7, 0.4, 0.5]))
show("recall@precision", lambda: run(M.RecallAtPrecision(0.9), [0, 1, 1, 0], [0.2, 0.7, 0.4, 0.5]))
show("auc multi_label", lambda: run(M.AUC(multi_label=True, num_labels=2), [[0, 1], [1, 0], [1, 1]], [[0.3, 0.6], [0.7, 0.2], [0.8, 0.9]]))
show("auc label_weights", lambda: run(M.AUC(multi_label=True, label_weights=[1.0, 0.0]), [[0, 1], [1, 0], [1, 1]], [[0.3, 0.6], [0.7, 0.2], [0.8, 0.9]]))
show("auc minoring", lambda: run(M.AUC(summation_method="minoring", num_thresholds=4), [0, 1, 1], [0.1, 0.5, 0.9]))
auc = M.AUC(multi_label=True)
show("auc labels from data", lambda: run(auc, np.array([[0, 1], [1, 0], [1, 1]]), np.array([[0.3, 0.6], [0.7, 0.2], [0.8, 0.9]])))
show("auc labels config", lambda: (auc.get_config()["num_labels"], [v.shape for v in auc.variables]))
show("auc labels rank 3", lambda: run(M.AUC(multi_label=True), np.ones((2, 2, 2)), np.ones((2, 2, 2))))
show("fp result type", lambda: [type(M.FalsePositives(thresholds=t).result()).__name__ for t in (None, 0.3, [0.3, 0.6])])
show("sum", lambda: run(M.Sum(), [1.0, 2.0, 3.0], sample_weight=[1.0, 0.5, 0.0]))
show("mean metric wrapper", lambda: run(M.MeanMetricWrapper(fn=lambda t, p: abs(t - p)), [1.0, 2.0], [1.5, 1.0]))
show("concordance", lambda: run(M.ConcordanceCorrelation(), [1.0, 2.0, 3.0], [1.5, 2.5, 2.0]))
show("pearson", lambda: run(M.PearsonCorrelation(), [1.0, 2.0, 3.0], [1.5, 2.5, 2.0]))
show("get", lambda: type(M.get("mae")).__name__ if not callable(M.get("mae")) else M.get("mae").__name__)
show("get bad", lambda: M.get("nonsense"))
show("serialize", lambda: str(M.serialize(M.Precision(thresholds=0.3, name="p"))))
show("deserialize", lambda: M.deserialize({"class_name": "Recall", "config": {"name": "r", "top_k": 2}}).top_k)
"""

SNIPPETS["ragged_edge_reprs"] = _TRY + """
show("empty", lambda: repr(tf.ragged.constant([])))
show("empty rows", lambda: repr(tf.ragged.constant([[], []])))
show("empty rows dtype", lambda: tf.ragged.constant([[], []]).dtype)
show("inner_shape", lambda: tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], inner_shape=(2,)))
show("long repr", lambda: repr(tf.ragged.constant([list(range(40)), [1]])))
show("from_tensor ragged_rank2", lambda: tf.RaggedTensor.from_tensor(tf.ones([2, 2, 2], tf.int32), ragged_rank=2).shape)
show("int32 splits", lambda: tf.ragged.constant([[1], [2, 3]], row_splits_dtype=tf.int32).row_lengths())
show("mixed splits", lambda: tf.concat([tf.ragged.constant([[1]], row_splits_dtype=tf.int32), tf.ragged.constant([[2]])], 0))
show("nest flatten", lambda: tf.nest.flatten(tf.ragged.constant([[1], [2, 3]]), expand_composites=True))
show("validate off", lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 3], validate=False))
show("float to_list", lambda: tf.ragged.constant([[0.1, 0.2]], dtype=tf.float64).to_list())
show("shape list", lambda: tf.ragged.constant([[1], [2, 3]]).shape.as_list())
show("spec of", lambda: repr(tf.type_spec_from_value(tf.ragged.constant([[1], [2, 3]]))))
@tf.function
def graph_repr(r):
    print(repr(r)[:80])
    return r.row_lengths()
show("graph", lambda: graph_repr(tf.ragged.constant([[1], [2, 3]])))
show("dtype mismatch", lambda: tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[1.0]])], 0))
show("convert to tensor", lambda: tf.convert_to_tensor(tf.ragged.constant([[1], [2, 3]])))
show("np array", lambda: np.array(tf.ragged.constant([[1], [2, 3]]), dtype=object).shape)
"""

SNIPPETS["strings_errors"] = _TRY + """
show("decode replace", lambda: tf.strings.unicode_decode([b"a\\xffb"], "UTF-8", errors="replace"))
show("decode ignore", lambda: tf.strings.unicode_decode([b"a\\xffb"], "UTF-8", errors="ignore"))
show("decode strict", lambda: tf.strings.unicode_decode([b"a\\xffb"], "UTF-8", errors="strict"))
show("decode bad encoding", lambda: tf.strings.unicode_decode(["a"], "UTF-9"))
show("transcode replace char", lambda: tf.strings.unicode_transcode([b"a\\xff"], "UTF-8", "UTF-8", replacement_char=63))
show("split scalar", lambda: tf.strings.split("a b"))
show("split rank 2", lambda: tf.strings.split([["a b"], ["c"]]))
show("to_number empty", lambda: tf.strings.to_number([""]))
show("to_number overflow", lambda: tf.strings.to_number(["99999999999"], tf.int32))
show("regex bad", lambda: tf.strings.regex_replace(["a"], "(", "x"))
show("regex full bad", lambda: tf.strings.regex_full_match(["a"], "["))
show("substr negative", lambda: tf.strings.substr(["hello"], -3, 2))
show("substr len vector", lambda: tf.strings.substr(["hello", "world"], [0, 1], [1, 3]))
show("format count", lambda: tf.strings.format("{} {}", [tf.constant(1)]))
show("format summarize", lambda: tf.strings.format("{}", tf.range(10), summarize=2))
show("join shapes", lambda: tf.strings.join([["a", "b"], ["c", "d", "e"]]))
show("as_string bad", lambda: tf.strings.as_string(["a"]))
show("as_string scientific", lambda: tf.strings.as_string([12345.678], scientific=True, precision=2))
show("length bad unit", lambda: tf.strings.length(["a"], unit="CHAR"))
show("bytes_split scalar", lambda: tf.strings.bytes_split("abc"))
show("hash bad buckets", lambda: tf.strings.to_hash_bucket_fast(["a"], 0))
show("reduce_join keepdims", lambda: tf.strings.reduce_join([["a", "b"], ["c", "d"]], axis=0, keepdims=True))
show("lower bad encoding", lambda: tf.strings.lower(["A"], encoding="latin1"))
"""

SNIPPETS["data_pipeline_edges"] = _TRY + """
show("range args", lambda: list(tf.data.Dataset.range(10, 0, -3).as_numpy_iterator()))
show("range dtype", lambda: tf.data.Dataset.range(3, output_type=tf.int32).element_spec)
show("range bad", lambda: tf.data.Dataset.range(1, 2, 0))
show("map ragged out", lambda: tf.data.Dataset.range(3).map(lambda n: tf.RaggedTensor.from_row_lengths(tf.range(n), [n])).element_spec)
show("padded ragged", lambda: tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]])).padded_batch(2))
show("window card", lambda: tf.data.Dataset.range(7).window(3).cardinality())
show("window drop card", lambda: tf.data.Dataset.range(7).window(3, drop_remainder=True).cardinality())
show("group reduce not dataset", lambda: tf.data.Dataset.range(4).group_by_window(lambda x: x % 2, lambda k, w: k, window_size=2))
show("ignore_errors", lambda: list(tf.data.Dataset.from_tensor_slices([1.0, 0.0, 2.0]).map(lambda x: tf.debugging.check_numerics(1.0 / x, "bad")).ignore_errors().as_numpy_iterator()))
show("check_numerics", lambda: list(tf.data.Dataset.from_tensor_slices([1.0, 0.0]).map(lambda x: tf.debugging.check_numerics(1.0 / x, "bad")).as_numpy_iterator()))
a = tf.data.Dataset.range(2)
b = tf.data.Dataset.range(10, 15)
show("sample stop_on_empty", lambda: list(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.5, 0.5], seed=1, stop_on_empty_dataset=True).as_numpy_iterator()))
show("sample weights bad", lambda: tf.data.Dataset.sample_from_datasets([a, b], weights=[0.5]))
show("sample dtype mismatch", lambda: tf.data.Dataset.sample_from_datasets([a, tf.data.Dataset.from_tensors(1.0)]))
show("sparse_batch", lambda: next(iter(tf.data.Dataset.range(1, 4).map(lambda n: tf.fill([n], n)).sparse_batch(2, [5]))).indices)
show("batch parallel", lambda: list(tf.data.Dataset.range(5).batch(2, num_parallel_calls=2, deterministic=True).as_numpy_iterator()))
show("ragged_batch row dtype", lambda: tf.data.Dataset.range(3).map(tf.range).ragged_batch(2, row_splits_dtype=tf.int32).element_spec)
show("ragged_batch drop", lambda: list(tf.data.Dataset.range(3).map(tf.range).ragged_batch(2, drop_remainder=True).map(lambda r: r.row_lengths()).as_numpy_iterator()))
show("from_tensor_slices dict ragged", lambda: tf.data.Dataset.from_tensor_slices({"r": tf.ragged.constant([[1], [2, 3]]), "d": [1, 2]}).element_spec["r"])
"""

SNIPPETS["random_generator_more"] = _TRY + """
g = tf.random.Generator.from_seed(11)
show("f16", lambda: g.normal([3], dtype=tf.float16))
show("bf16", lambda: g.uniform([3], dtype=tf.bfloat16))
show("f64", lambda: g.normal([2], dtype=tf.float64))
show("int64 range", lambda: g.uniform([3], minval=-5, maxval=5, dtype=tf.int64))
g2 = tf.random.Generator.from_seed(11)
g2.skip(5)
show("skip", lambda: g2.normal([2]))
@tf.function
def draw():
    return g.normal([2])
show("in function 1", lambda: draw())
show("in function 2", lambda: draw())
show("global", lambda: tf.random.get_global_generator().state.shape)
tf.random.set_global_generator(tf.random.Generator.from_seed(5))
show("global seeded", lambda: tf.random.get_global_generator().uniform([2]))
show("uniform candidate", lambda: tf.random.uniform_candidate_sampler([[1, 2]], 2, 3, True, 10, seed=4)[0])
show("log uniform candidate", lambda: tf.random.log_uniform_candidate_sampler([[1]], 1, 4, True, 100, seed=4)[0])
show("stateless shape tensor", lambda: tf.random.stateless_normal(tf.constant([2]), seed=tf.constant([1, 2], tf.int64)))
show("stateless f16", lambda: tf.random.stateless_uniform([3], seed=[3, 4], dtype=tf.float16))
show("stateless int64 full", lambda: tf.random.stateless_uniform([2], seed=[3, 4], minval=None, maxval=None, dtype=tf.int64))
show("stateless alg", lambda: tf.random.stateless_uniform([2], seed=[3, 4], alg="threefry"))
show("stateless philox alg", lambda: tf.random.stateless_normal([2], seed=[3, 4], alg=tf.random.Algorithm.PHILOX))
show("stateless gamma beta", lambda: tf.random.stateless_gamma([2, 2], seed=[1, 1], alpha=[1.0, 5.0], beta=[2.0, 0.5]))
show("stateless gamma bad shape", lambda: tf.random.stateless_gamma([3], seed=[1, 1], alpha=[1.0, 5.0]))
show("keras seed gen in fn", lambda: tf.function(lambda: keras.random.uniform((2,), seed=keras.random.SeedGenerator(3)))())
"""

SNIPPETS["saving_more_paths"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
os.chdir(d)
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, kernel_initializer="ones", name="d")], name="s")
show("h5 save", lambda: m.save("legacy.h5"))
show("h5 load", lambda: keras.models.load_model("legacy.h5").predict(np.ones((1, 3), "float32"), verbose=0))
show("json", lambda: keras.models.model_from_json(m.to_json()).name)
show("unzipped", lambda: keras.saving.save_model(m, "dir.keras", zipped=False))
show("unzipped load", lambda: keras.saving.load_model("dir.keras").name)
show("tf save keras model", lambda: tf.saved_model.save(m, "sm"))
show("tf load keras model", lambda: sorted(tf.saved_model.load("sm").signatures))
show("tf load call", lambda: tf.saved_model.load("sm").signatures["serving_default"](tf.ones([1, 3])))
ck = tf.train.Checkpoint(model=m)
p = ck.save("ck/c")
show("ckpt keras vars", lambda: sorted(n for n, _ in tf.train.list_variables(p)))
m.layers[0].kernel.assign(np.zeros((3, 2), "float32"))
ck.restore(p)
show("ckpt restored", lambda: m.layers[0].kernel)
show("weights h5 load by name", lambda: m.load_weights("legacy.h5", skip_mismatch=True))
show("load dir no ext", lambda: keras.models.load_model("sm"))
"""

SNIPPETS["lookup_layers_adapt_and_vocab_files"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
p = os.path.join(d, "v.txt")
with open(p, "w") as f:
    f.write("red\\ngreen\\nblue\\n")
sl = layers.StringLookup(vocabulary=p)
show("from file", lambda: sl(["blue", "pink"]))
print(sl.get_vocabulary())
show("file missing", lambda: layers.StringLookup(vocabulary=os.path.join(d, "nope.txt")))
il = layers.IntegerLookup(max_tokens=3, num_oov_indices=1)
il.adapt(tf.data.Dataset.from_tensor_slices([5, 5, 7, 7, 7, 9]).batch(2))
print(il.get_vocabulary())
show("int adapted", lambda: il([5, 7, 9, 100]))
show("int invert", lambda: layers.IntegerLookup(vocabulary=[5, 7], invert=True)([0, 1, 2]))
show("sl pad_to_max", lambda: layers.StringLookup(vocabulary=["a"], output_mode="multi_hot", pad_to_max_tokens=True, max_tokens=4)(["a"]))
show("sl set_vocab after", lambda: (lambda s: (s.set_vocabulary(["q", "r"]), s(["r"]))[1])(layers.StringLookup()))
show("sl vocab with mask in middle", lambda: layers.StringLookup(vocabulary=["a", "", "b"], mask_token=""))
show("sl sparse", lambda: layers.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot", sparse=True)([["a", "b"]]))
show("sl idf ragged", lambda: layers.StringLookup(vocabulary=["a"], output_mode="tf_idf", idf_weights=[1.0, 2.0])(["a"]))
show("hash table in fn", lambda: tf.function(lambda s: sl(s))(tf.constant(["green"])))
show("int lookup str input", lambda: layers.IntegerLookup(vocabulary=[1, 2])(["1"]))
show("sl int input", lambda: layers.StringLookup(vocabulary=["1"])([1]))
"""

SNIPPETS["text_dataset_from_directory"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
for cls, texts in {"neg": ["bad movie", "awful", "boring plot"], "pos": ["great film", "loved it"]}.items():
    os.makedirs(os.path.join(d, cls))
    for i, t in enumerate(texts):
        with open(os.path.join(d, cls, f"{i}.txt"), "w") as f:
            f.write(t)
ds = keras.utils.text_dataset_from_directory(d, batch_size=2, shuffle=True, seed=7)
print(ds.class_names, ds.element_spec)
show("batches", lambda: [(x.tolist(), y.tolist()) for x, y in ds.as_numpy_iterator()])
tr, va = keras.utils.text_dataset_from_directory(d, batch_size=None, validation_split=0.4, subset="both", seed=3, label_mode="categorical")
show("split", lambda: ([x for x, _ in tr.as_numpy_iterator()], [y.tolist() for _, y in va.as_numpy_iterator()]))
show("binary", lambda: next(iter(keras.utils.text_dataset_from_directory(d, label_mode="binary", shuffle=False, batch_size=5)))[1])
show("max_length", lambda: next(iter(keras.utils.text_dataset_from_directory(d, shuffle=False, max_length=4, batch_size=5)))[0])
show("no subset seed", lambda: keras.utils.text_dataset_from_directory(d, validation_split=0.5, subset="training"))
show("bad labels", lambda: keras.utils.text_dataset_from_directory(d, labels=[0, 1]))
show("missing dir", lambda: keras.utils.text_dataset_from_directory(os.path.join(d, "nope")))
"""

SNIPPETS["csv_and_tfrecord_pipelines"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
p = os.path.join(d, "t.csv")
with open(p, "w") as f:
    f.write("a,b,name\\n1,2.5,x\\n3,,y\\n5,6.5,z\\n")
cs = tf.data.experimental.CsvDataset(p, [tf.int32, tf.constant([0.0]), tf.string], header=True)
show("csv", lambda: list(cs.as_numpy_iterator()))
show("csv missing required", lambda: list(tf.data.experimental.CsvDataset(p, [tf.int32, tf.float32, tf.string], header=True).as_numpy_iterator()))
mc = tf.data.experimental.make_csv_dataset(p, batch_size=3, label_name="a", shuffle=False, num_epochs=1, column_defaults=[0, 0.0, ""])
show("make_csv", lambda: (lambda fl: (sorted(fl[0]), fl[0]["b"], fl[1]))(next(iter(mc))))
rp = os.path.join(d, "r.tfrecord")
with tf.io.TFRecordWriter(rp) as w:
    for ids, label in [([1, 2, 3], 0), ([4], 1)]:
        ex = tf.train.Example(features=tf.train.Features(feature={
            "ids": tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
            "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label]))}))
        w.write(ex.SerializeToString())
spec = {"ids": tf.io.RaggedFeature(tf.int64), "label": tf.io.FixedLenFeature([], tf.int64)}
rd = tf.data.TFRecordDataset(rp).map(lambda s: tf.io.parse_single_example(s, spec))
show("ragged feature", lambda: [(e["ids"].tolist(), e["label"]) for e in rd.as_numpy_iterator()])
show("batched parse", lambda: tf.io.parse_example(next(iter(tf.data.TFRecordDataset(rp).batch(2))), spec)["ids"])
show("var len", lambda: tf.io.parse_example(next(iter(tf.data.TFRecordDataset(rp).batch(2))), {"ids": tf.io.VarLenFeature(tf.int64)})["ids"].dense_shape)
show("fixed len bad", lambda: list(tf.data.TFRecordDataset(rp).map(lambda s: tf.io.parse_single_example(s, {"ids": tf.io.FixedLenFeature([2], tf.int64)}))))
show("missing feature", lambda: list(tf.data.TFRecordDataset(rp).map(lambda s: tf.io.parse_single_example(s, {"zz": tf.io.FixedLenFeature([], tf.int64)}))))
show("named parse", lambda: list(tf.data.TFRecordDataset(rp).map(lambda s: tf.io.parse_single_example(s, {"ids": tf.io.FixedLenFeature([2], tf.int64)}, name="ex"))))
def checked(x):
    with tf.name_scope("outer"):
        return tf.cond(x > 1, lambda: tf.debugging.check_numerics(1.0 / tf.cast(x - x, tf.float32), "bad"), lambda: 0.0)
show("scoped cond error", lambda: list(tf.data.Dataset.range(4).map(checked)))
"""

SNIPPETS["keras_sequence_utils"] = _TRY + """
P = keras.utils.pad_sequences
seqs = [[1, 2, 3], [4], [5, 6, 7, 8, 9]]
show("pre", lambda: P(seqs))
show("post maxlen", lambda: P(seqs, maxlen=3, padding="post", truncating="post", value=-1))
show("float dtype", lambda: P([[0.5], [1.5, 2.5]], dtype="float32"))
show("strings", lambda: P([["a"], ["b", "c"]], dtype=object, value="<pad>"))
show("empty seq", lambda: P([[], [1]]))
show("bad padding", lambda: P(seqs, padding="middle"))
show("str in int", lambda: P([["a"]]))
ts = keras.utils.timeseries_dataset_from_array(np.arange(20), np.arange(20) * 10, sequence_length=3, sampling_rate=2, batch_size=3, shuffle=True, seed=5, start_index=2, end_index=15)
show("timeseries", lambda: [(x.tolist(), y.tolist()) for x, y in ts.as_numpy_iterator()])
show("timeseries bad", lambda: keras.utils.timeseries_dataset_from_array(np.arange(5), None, sequence_length=10))
a, b = keras.utils.split_dataset(tf.data.Dataset.range(10), left_size=0.3, shuffle=True, seed=2)
show("split_dataset", lambda: (list(a.as_numpy_iterator()), list(b.as_numpy_iterator())))
show("split arrays", lambda: [list(x.as_numpy_iterator()) for x in keras.utils.split_dataset(np.arange(5), right_size=2)])
show("split bad", lambda: keras.utils.split_dataset(np.arange(5), left_size=4, right_size=4))
show("to_categorical", lambda: keras.utils.to_categorical([0, 2, 1], num_classes=4))
show("normalize", lambda: keras.utils.normalize(np.array([[3.0, 4.0]]), order=2))
"""

SNIPPETS["metrics_compile_names"] = _TRY + """
x = np.linspace(-1, 1, 12).reshape(6, 2).astype("float32")
y = np.array([0, 1, 2, 0, 1, 2])
m = keras.Sequential([keras.Input((2,)), layers.Dense(3, kernel_initializer="ones")])
m.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["acc", "sparse_categorical_accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2")])
h = m.fit(x, y, epochs=1, verbose=0, validation_data=(x, y))
show("keys", lambda: sorted(h.history))
inp = keras.Input((2,), name="i")
outs = {"a": layers.Dense(1, name="a")(inp), "b": layers.Dense(3, name="b")(inp)}
mm = keras.Model(inp, outs)
mm.compile(optimizer="sgd", loss={"a": "mse", "b": keras.losses.SparseCategoricalCrossentropy(from_logits=True)}, metrics={"a": ["mae"], "b": ["accuracy"]}, loss_weights={"a": 0.5, "b": 2.0})
hh = mm.fit(x, {"a": x[:, :1], "b": y}, epochs=1, verbose=0)
show("multi keys", lambda: sorted(hh.history))
show("multi evaluate keys", lambda: sorted(mm.evaluate(x, {"a": x[:, :1], "b": y}, verbose=0, return_dict=True)))
show("multi evaluate list", lambda: len(mm.evaluate(x, {"a": x[:, :1], "b": y}, verbose=0)))
show("missing output loss", lambda: mm.compile(loss={"a": "mse", "c": "mse"}) or mm.fit(x, {"a": x[:, :1], "b": y}, verbose=0))
show("metric bad output", lambda: mm.compile(loss="mse", metrics={"zz": ["mae"]}) or mm.fit(x, {"a": x[:, :1], "b": y}, verbose=0))
"""

SNIPPETS["data_reprs_more"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices({"t": tf.ragged.constant([[1], [2, 3]]), "s": tf.sparse.from_dense([[1, 0], [0, 2]])})
print(ds.element_spec)
print(repr(ds.batch(2).element_spec["t"]))
print(repr(tf.data.DatasetSpec(tf.TensorSpec([], tf.int64))))
print(tf.data.Dataset.range(2).window(2).element_spec)
show("iter type", lambda: type(iter(tf.data.Dataset.range(2))).__name__)
show("spec type", lambda: type(tf.data.Dataset.range(2).element_spec).__name__)
show("options eq", lambda: tf.data.Options() == tf.data.Options())
show("dataset bool", lambda: bool(tf.data.Dataset.range(2)))
show("dataset iter list", lambda: list(tf.data.Dataset.range(2)))
show("dataset len", lambda: len(tf.data.Dataset.range(5).batch(2)))
show("zip repr", lambda: repr(tf.data.Dataset.zip(tf.data.Dataset.range(1), tf.data.Dataset.range(1)))[:40])
show("spec compat", lambda: tf.TensorSpec([None], tf.int32).is_compatible_with(tf.ragged.constant([[1]])))
show("structure", lambda: tf.data.experimental.get_structure(tf.data.Dataset.range(2).batch(2)))
"""

SNIPPETS["saved_model_ragged_and_text"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
class Tok(tf.Module):
    def __init__(self):
        super().__init__()
        self.lookup = layers.StringLookup(vocabulary=["the", "cat", "sat"])
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def ids(self, s):
        return self.lookup(tf.strings.split(s))
    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int64)])
    def lengths(self, r):
        return r.row_lengths()
t = Tok()
show("before", lambda: t.ids(tf.constant(["the cat", "dog sat the"])))
tf.saved_model.save(t, os.path.join(d, "tok"))
r = tf.saved_model.load(os.path.join(d, "tok"))
show("ids", lambda: r.ids(tf.constant(["the cat", "dog sat the"])))
show("lengths", lambda: r.lengths(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64)))
show("lengths bad", lambda: r.lengths(tf.constant([[1, 2]], tf.int64)))
print(r.lengths.concrete_functions[0].structured_input_signature)
tv = layers.TextVectorization(max_tokens=6, output_sequence_length=4)
tv.adapt(["a b c", "a b", "a"])
inp = keras.Input((1,), dtype="string")
m = keras.Model(inp, tv(inp))
m.export(os.path.join(d, "tv"), verbose=False)
e = tf.saved_model.load(os.path.join(d, "tv"))
show("exported tv", lambda: e.serve(tf.constant([["a c z"]])))
m.save(os.path.join(d, "tv.keras"))
show("keras tv", lambda: keras.models.load_model(os.path.join(d, "tv.keras"))(tf.constant([["b b a"]])))
show("keras tv vocab", lambda: keras.models.load_model(os.path.join(d, "tv.keras")).layers[1].get_vocabulary())
"""

SNIPPETS["callbacks_verbose_messages"] = _TRY + """
x = np.linspace(-1, 1, 16).reshape(8, 2).astype("float32")
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")
def model():
    m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="zeros")])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return m
m = model()
m.fit(x, y, epochs=4, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="loss", patience=1, min_delta=10.0, restore_best_weights=True, verbose=1)])
m = model()
m.fit(x, y, epochs=3, verbose=0, callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0, verbose=1)])
m = model()
m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: lr / 2, verbose=1)])
m = model()
m.fit(x, y, epochs=3, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="val_loss", patience=5, start_from_epoch=1, verbose=1)], validation_data=(x, y))
m = model()
m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="missing_metric", verbose=1, mode="min")])
"""

SNIPPETS["ragged_math_and_errors_more"] = _TRY + """
rt = tf.ragged.constant([[1.0, -2.0], [], [3.5]])
show("abs", lambda: tf.abs(rt))
show("round", lambda: tf.round(rt * 1.5))
show("clip", lambda: tf.clip_by_value(rt, -1.0, 2.0))
show("softmax", lambda: tf.nn.softmax(tf.ragged.constant([[1.0, 2.0], [3.0]])))
show("l2 normalize", lambda: tf.nn.l2_normalize(rt, axis=1))
show("matmul", lambda: tf.matmul(rt, rt))
show("reduce_sum int", lambda: tf.reduce_sum(tf.ragged.constant([[1, 2], [3]]), axis=-1))
show("logical", lambda: tf.logical_and(rt > 0, rt < 2))
show("string ops", lambda: tf.strings.join([tf.ragged.constant([["a"], ["b", "c"]]), "!"]))
show("concat axis2", lambda: tf.concat([tf.ragged.constant([[[1]], [[2, 3]]]), tf.ragged.constant([[[4]], [[5]]])], axis=2))
show("stack ragged dense", lambda: tf.stack([tf.ragged.constant([[1], [2, 3]]), tf.constant([[4, 5], [6, 7]])], axis=0))
show("gather batch_dims", lambda: tf.gather(tf.ragged.constant([[1, 2, 3], [4, 5]]), tf.ragged.constant([[2, 0], [1]]), batch_dims=1))
show("cast string", lambda: tf.cast(tf.ragged.constant([["1"]]), tf.int32))
show("dense + ragged shape", lambda: tf.ragged.constant([[1, 2], [3]]) + tf.constant([[1, 2], [3, 4]]))
show("repr in list", lambda: str([tf.ragged.constant([[1]])]))
show("to_tensor ragged_rank2", lambda: tf.ragged.constant([[[1], [2, 3]], [[4]]]).to_tensor())
"""

SNIPPETS["lookup_tables_more"] = _TRY + """
t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 2, 3], ["a", "b", "c"], key_dtype=tf.int64), "?")
show("int keys", lambda: t.lookup(tf.constant([3, 9], tf.int64)))
show("int32 keys", lambda: t.lookup(tf.constant([3], tf.int32)))
show("key shape 2d", lambda: t.lookup(tf.constant([[1, 2], [3, 4]], tf.int64)))
show("table attrs", lambda: (t.key_dtype, t.value_dtype, t.default_value))
show("name", lambda: t.name)
show("no oov buckets", lambda: tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(["a"], [0], value_dtype=tf.int64), num_oov_buckets=0))
show("vocab int keys", lambda: tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer([10, 20], [0, 1], key_dtype=tf.int64, value_dtype=tf.int64), 2).lookup(tf.constant([20, 5, 99], tf.int64)))
show("vocab bad value dtype", lambda: tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(["a"], [0]), 1))
m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.string, "none")
m.insert(tf.constant([1, 2], tf.int64), tf.constant(["x", "y"]))
m.insert(tf.constant([1], tf.int64), tf.constant(["z"]))
show("mutable overwrite", lambda: m.lookup(tf.constant([1, 2, 3], tf.int64)))
show("mutable size", lambda: m.size())
show("mutable vector values", lambda: (lambda mm: (mm.insert(["k"], [[1.0, 2.0]]), mm.lookup(["k", "q"]))[1])(tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, [0.0, 0.0])))
@tf.function
def in_fn(k):
    return t.lookup(k)
show("in function", lambda: in_fn(tf.constant([2], tf.int64)))
"""

SNIPPETS["seeded_training_numbers"] = _TRY + """
keras.utils.set_random_seed(42)
x = np.random.default_rng(0).standard_normal((32, 4)).astype("float32")
y = (x @ np.array([[1.0], [-2.0], [0.5], [0.0]], "float32") > 0).astype("float32")
m = keras.Sequential([keras.Input((4,)), layers.Dense(8, activation="relu"), layers.Dropout(0.3), layers.GaussianNoise(0.1), layers.Dense(1, activation="sigmoid")])
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="binary_crossentropy", metrics=["accuracy"])
h = m.fit(x, y, epochs=3, batch_size=8, verbose=0, shuffle=True)
show("history", lambda: h.history)
show("predict", lambda: m.predict(x[:3], verbose=0))
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(32, seed=3).batch(16)
h2 = m.fit(ds, epochs=2, verbose=0)
show("dataset history", lambda: h2.history)
show("init values", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(2)]).layers[0].kernel)
tf.random.set_seed(7)
show("tf after keras seed", lambda: tf.random.uniform([2]))
keras.utils.set_random_seed(5)
show("tf after set_random_seed", lambda: (tf.random.uniform([2]), np.random.rand(1), keras.random.uniform((1,))))
for L in [layers.GaussianNoise(0.5, seed=2), layers.GaussianDropout(0.5, seed=2), layers.AlphaDropout(0.5, seed=2)]:
    f = tf.function(lambda v: L(v, training=True), input_signature=[tf.TensorSpec([None, 2, 3])])
    show(type(L).__name__ + " unknown batch", lambda: f(tf.ones([2, 2, 3])))
"""
