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
