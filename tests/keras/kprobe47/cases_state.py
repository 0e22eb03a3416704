"""kprobe47's snippets of ordinary code with state: tf.random.Generator, stateless random
ops and keras.random with seeds (exact numbers); saving and loading (.keras files, weights,
tf.saved_model, Keras export, checkpoints and their managers); Keras 3 callbacks and
metrics at their edges (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["random_generator"] = _TRY + """
g = tf.random.Generator.from_seed(1)
show("normal", lambda: g.normal([3]))
show("uniform", lambda: g.uniform([2, 2]))
show("uniform int", lambda: g.uniform([4], minval=0, maxval=10, dtype=tf.int32))
show("uniform full int", lambda: g.uniform_full_int([2], dtype=tf.int64))
show("truncated", lambda: g.truncated_normal([3], stddev=2.0))
show("binomial", lambda: g.binomial([3], counts=10.0, probs=0.3))
show("state", lambda: g.state)
print(g.algorithm)
g.reset_from_seed(1)
show("reset normal", lambda: g.normal([3]))
s1, s2 = g.split(2)
show("split", lambda: (s1.normal([2]), s2.normal([2])))
show("from_non_deterministic", lambda: tf.random.Generator.from_non_deterministic_state().state.shape)
g3 = tf.random.Generator.from_seed(7, alg="threefry")
show("threefry", lambda: g3.uniform([3]))
g4 = tf.random.Generator.from_state([1, 2, 3], alg="philox")
show("from_state", lambda: g4.normal([2]))
show("bad alg", lambda: tf.random.Generator.from_seed(1, alg="mt"))
show("bad int range", lambda: g.uniform([2], maxval=5, dtype=tf.int32))
show("make_seeds", lambda: tf.random.Generator.from_seed(3).make_seeds(2))
"""

SNIPPETS["random_stateless"] = _TRY + """
s = [7, 11]
show("uniform", lambda: tf.random.stateless_uniform([3], seed=s))
show("uniform int", lambda: tf.random.stateless_uniform([4], seed=s, minval=-5, maxval=5, dtype=tf.int32))
show("uniform f64", lambda: tf.random.stateless_uniform([2], seed=s, dtype=tf.float64))
show("normal", lambda: tf.random.stateless_normal([3], seed=s, mean=1.0, stddev=0.5))
show("truncated", lambda: tf.random.stateless_truncated_normal([3], seed=s))
show("categorical", lambda: tf.random.stateless_categorical(tf.math.log([[0.1, 0.6, 0.3]]), 6, seed=s))
show("binomial", lambda: tf.random.stateless_binomial([4], seed=s, counts=[5.0, 10.0, 20.0, 40.0], probs=0.5))
show("poisson", lambda: tf.random.stateless_poisson([4], seed=s, lam=3.0))
show("gamma", lambda: tf.random.stateless_gamma([3], seed=s, alpha=2.0))
show("parameterized", lambda: tf.random.stateless_parameterized_truncated_normal([3], seed=s, means=0.0, stddevs=1.0, minvals=-1.0, maxvals=1.0))
show("split", lambda: tf.random.experimental.stateless_split(s, num=2))
show("fold_in", lambda: tf.random.experimental.stateless_fold_in(s, 3))
show("shuffle", lambda: tf.random.experimental.stateless_shuffle(tf.range(6), seed=s))
show("index_shuffle", lambda: tf.random.experimental.index_shuffle(3, seed=[1, 2, 3], max_index=9))
show("image flip", lambda: tf.image.stateless_random_flip_left_right(tf.reshape(tf.range(6.0), [1, 1, 3, 2]), seed=s))
show("image brightness", lambda: tf.image.stateless_random_brightness(tf.ones([2, 2, 1]), 0.5, seed=s))
show("image crop", lambda: tf.image.stateless_random_crop(tf.reshape(tf.range(16), [4, 4]), [2, 2], seed=s))
show("bad seed", lambda: tf.random.stateless_uniform([2], seed=[1]))
show("bad int", lambda: tf.random.stateless_uniform([2], seed=s, dtype=tf.int32))
"""

SNIPPETS["random_global_seed"] = _TRY + """
tf.random.set_seed(5)
show("uniform", lambda: tf.random.uniform([3]))
show("uniform op seed", lambda: tf.random.uniform([3], seed=2))
show("normal", lambda: tf.random.normal([2], seed=9))
show("shuffle", lambda: tf.random.shuffle(tf.range(6), seed=4))
show("categorical", lambda: tf.random.categorical(tf.math.log([[0.5, 0.5]]), 5, seed=1))
show("gamma", lambda: tf.random.gamma([2], alpha=[1.0, 3.0], seed=3))
show("poisson", lambda: tf.random.poisson([3], lam=4.0, seed=3))
tf.random.set_seed(5)
show("uniform again", lambda: tf.random.uniform([3]))
show("truncated", lambda: tf.random.truncated_normal([3], seed=8))
show("uniform int no max", lambda: tf.random.uniform([2], dtype=tf.int32))
show("learned_unigram", lambda: tf.random.fixed_unigram_candidate_sampler([[1]], 1, 2, True, 4, unigrams=[1.0, 1.0, 1.0, 1.0], seed=2)[0])
"""

SNIPPETS["keras_random_seeds"] = _TRY + """
R = keras.random
show("normal", lambda: R.normal((3,), seed=42))
show("uniform", lambda: R.uniform((3,), minval=2, maxval=4, seed=42))
show("randint", lambda: R.randint((4,), 0, 10, seed=42))
show("truncated", lambda: R.truncated_normal((3,), seed=42))
show("dropout", lambda: R.dropout(np.ones((6,), "float32"), 0.5, seed=42))
show("dropout noise_shape", lambda: R.dropout(np.ones((2, 3), "float32"), 0.5, noise_shape=(1, 3), seed=42))
show("shuffle", lambda: R.shuffle(np.arange(6), seed=42))
show("categorical", lambda: R.categorical(np.log([[0.2, 0.8]]), 5, seed=42))
show("gamma", lambda: R.gamma((3,), alpha=2.0, seed=42))
show("binomial", lambda: R.binomial((3,), counts=10, probabilities=0.4, seed=42))
show("beta", lambda: R.beta((3,), alpha=2.0, beta=3.0, seed=42))
sg = keras.random.SeedGenerator(7)
show("seedgen 1", lambda: R.uniform((2,), seed=sg))
show("seedgen 2", lambda: R.uniform((2,), seed=sg))
show("seedgen state", lambda: sg.state)
show("seed tensor", lambda: R.normal((2,), seed=tf.constant([1, 2])))
show("bad seed", lambda: R.normal((2,), seed="x"))
show("int dtype", lambda: R.normal((2,), dtype="int32", seed=1))
"""

SNIPPETS["keras_save_load"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
inp = keras.Input((3,), name="x")
out = layers.Dense(2, name="head")(layers.Dense(4, activation="relu", name="hid")(inp))
m = keras.Model(inp, out, name="tiny")
m.compile(optimizer="adam", loss="mse", metrics=["mae"])
x = np.linspace(-1, 1, 12).reshape(4, 3).astype("float32")
m.fit(x, np.ones((4, 2), "float32"), epochs=2, verbose=0)
m.save(os.path.join(d, "m.keras"))
r = keras.models.load_model(os.path.join(d, "m.keras"))
show("same predictions", lambda: np.allclose(r.predict(x, verbose=0), m.predict(x, verbose=0)))
show("optimizer iterations", lambda: r.optimizer.iterations)
show("compiled loss", lambda: r.loss)
show("names", lambda: [w.path for w in r.weights])
show("evaluate", lambda: r.evaluate(x, np.ones((4, 2), "float32"), verbose=0, return_dict=True))
show("no compile", lambda: keras.models.load_model(os.path.join(d, "m.keras"), compile=False).optimizer)
show("bad ext", lambda: m.save(os.path.join(d, "m.h6")))
show("missing", lambda: keras.models.load_model(os.path.join(d, "none.keras")))
m.save_weights(os.path.join(d, "w.weights.h5"))
show("weights bad name", lambda: m.save_weights(os.path.join(d, "w.h5")))
m2 = keras.models.clone_model(m)
m2.load_weights(os.path.join(d, "w.weights.h5"))
show("loaded weights", lambda: np.allclose(m2.predict(x, verbose=0), m.predict(x, verbose=0)))
show("load into wrong model", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(5)]).load_weights(os.path.join(d, "w.weights.h5")))
"""

SNIPPETS["keras_custom_object_save"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
@keras.saving.register_keras_serializable(package="p47")
class Scale(layers.Layer):
    def __init__(self, k=2.0, **kw):
        super().__init__(**kw)
        self.k = k
    def call(self, x):
        return x * self.k
    def get_config(self):
        return {**super().get_config(), "k": self.k}
class Unregistered(layers.Layer):
    def call(self, x):
        return x + 1
m = keras.Sequential([keras.Input((2,)), Scale(3.0)])
m.save(os.path.join(d, "s.keras"))
r = keras.models.load_model(os.path.join(d, "s.keras"))
show("custom", lambda: r(np.ones((1, 2), "float32")))
show("registered name", lambda: keras.saving.get_registered_name(Scale))
show("serialize", lambda: str(keras.saving.serialize_keras_object(Scale(1.5))))
u = keras.Sequential([keras.Input((2,)), Unregistered()])
u.save(os.path.join(d, "u.keras"))
show("unregistered", lambda: keras.models.load_model(os.path.join(d, "u.keras")))
show("with custom_objects", lambda: keras.models.load_model(os.path.join(d, "u.keras"), custom_objects={"Unregistered": Unregistered})(np.zeros((1, 2), "float32")))
show("lambda unsafe", lambda: keras.Sequential([keras.Input((2,)), layers.Lambda(lambda t: t * 2)]).save(os.path.join(d, "l.keras")) or keras.models.load_model(os.path.join(d, "l.keras")))
"""

SNIPPETS["tf_saved_model_module"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
class Affine(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
        self.b = tf.Variable([0.5, -0.5], name="b")
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
    def __call__(self, x):
        return {"y": tf.matmul(x, self.w) + self.b}
    @tf.function
    def double(self, x):
        return x * 2
m = Affine()
m.double(tf.constant(1.0))
tf.saved_model.save(m, os.path.join(d, "a"), signatures={"serving_default": m.__call__})
r = tf.saved_model.load(os.path.join(d, "a"))
show("call", lambda: r(tf.constant([[1.0, 1.0]])))
show("double", lambda: r.double(tf.constant(3.0)))
show("double new shape", lambda: r.double(tf.constant([1.0, 2.0])))
show("signatures", lambda: list(r.signatures.keys()))
f = r.signatures["serving_default"]
print(f.structured_input_signature)
print(f.structured_outputs)
show("signature call", lambda: f(x=tf.constant([[2.0, 0.0]])))
show("signature positional", lambda: f(tf.constant([[2.0, 0.0]])))
show("variables", lambda: sorted(v.name for v in r.variables))
show("bad input", lambda: r(tf.constant([[1.0, 2.0, 3.0]])))
show("contains", lambda: tf.saved_model.contains_saved_model(os.path.join(d, "a")))
show("load missing", lambda: tf.saved_model.load(os.path.join(d, "missing")))
"""

SNIPPETS["keras_export_serve"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
m = keras.Sequential([keras.Input((3,), name="feats"), layers.Dense(2, kernel_initializer="ones", name="d")])
m.export(os.path.join(d, "e"), verbose=False)
r = tf.saved_model.load(os.path.join(d, "e"))
show("serve", lambda: r.serve(tf.ones([2, 3])))
show("serving_default", lambda: r.signatures["serving_default"](feats=tf.ones([1, 3])))
show("sig outputs", lambda: r.signatures["serving_default"].structured_outputs)
show("bad shape", lambda: r.serve(tf.ones([2, 4])))
show("trainable", lambda: [v.shape for v in r.trainable_variables])
show("layer", lambda: keras.layers.TFSMLayer(os.path.join(d, "e"), call_endpoint="serve")(np.ones((1, 3), "float32")))
show("layer bad endpoint", lambda: keras.layers.TFSMLayer(os.path.join(d, "e"), call_endpoint="nope"))
ea = keras.export.ExportArchive()
ea.track(m)
ea.add_endpoint("half", lambda x: m(x) / 2, input_signature=[tf.TensorSpec([None, 3], tf.float32)])
ea.write_out(os.path.join(d, "ea"), verbose=False)
ra = tf.saved_model.load(os.path.join(d, "ea"))
show("archive endpoint", lambda: ra.half(tf.ones([1, 3])))
show("archive no track", lambda: type(keras.export.ExportArchive().add_endpoint("f", lambda x: x, input_signature=[tf.TensorSpec([1])])).__name__)
"""

SNIPPETS["tf_checkpoints"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
v = tf.Variable([1.0, 2.0])
step = tf.Variable(0, dtype=tf.int64)
ck = tf.train.Checkpoint(v=v, step=step, nested=tf.train.Checkpoint(u=tf.Variable(3.0)))
mgr = tf.train.CheckpointManager(ck, d, max_to_keep=2, checkpoint_name="ck")
for i in range(3):
    step.assign_add(1)
    v.assign_add([1.0, 1.0])
    p = mgr.save()
    print(os.path.basename(p))
show("kept", lambda: [os.path.basename(c) for c in mgr.checkpoints])
show("latest", lambda: os.path.basename(tf.train.latest_checkpoint(d)))
show("list", lambda: str(tf.train.list_variables(mgr.latest_checkpoint)))
show("load_variable", lambda: tf.train.load_variable(mgr.latest_checkpoint, "v/.ATTRIBUTES/VARIABLE_VALUE"))
v.assign([0.0, 0.0])
status = ck.restore(mgr.checkpoints[0])
show("restored", lambda: (v, step))
show("assert_consumed", lambda: status.assert_consumed() and "ok")
fresh = tf.train.Checkpoint(v=tf.Variable([0.0, 0.0]), extra=tf.Variable(1.0))
st = fresh.restore(mgr.latest_checkpoint)
show("partial consumed", lambda: st.assert_consumed())
show("existing matched", lambda: st.assert_existing_objects_matched())
show("wrong shape", lambda: tf.train.Checkpoint(v=tf.Variable([0.0, 0.0, 0.0])).restore(mgr.latest_checkpoint))
show("missing", lambda: ck.restore(os.path.join(d, "nope-1")))
w = ck.write(os.path.join(d, "plain"))
show("write path", lambda: os.path.basename(w))
show("read", lambda: ck.read(w).assert_consumed() and "ok")
show("bad ckpt arg", lambda: tf.train.Checkpoint(x=3))
"""

SNIPPETS["keras_callbacks_edges"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
x = np.linspace(-1, 1, 16).reshape(8, 2).astype("float32")
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")
def model():
    m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="zeros")])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return m
m = model()
es = keras.callbacks.EarlyStopping(monitor="loss", patience=1, min_delta=10.0, restore_best_weights=True)
h = m.fit(x, y, epochs=5, verbose=0, callbacks=[es])
show("early stop epoch", lambda: (es.stopped_epoch, len(h.history["loss"]), es.best_epoch))
show("history keys", lambda: sorted(h.history))
show("params", lambda: h.params)
m = model()
lr = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0, min_lr=0.02)
h = m.fit(x, y, epochs=4, verbose=0, callbacks=[lr])
show("lr history", lambda: h.history["learning_rate"])
m = model()
log = os.path.join(d, "log.csv")
m.fit(x, y, epochs=2, verbose=0, callbacks=[keras.callbacks.CSVLogger(log, separator=";")], validation_split=0.25)
with open(log) as f:
    rows = f.read().splitlines()
show("csv header", lambda: rows[0])
show("csv rows", lambda: len(rows))
seen = []
m.fit(x, y, epochs=1, batch_size=4, verbose=0, callbacks=[keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append((b, sorted(logs))))])
show("lambda batches", lambda: str(seen))
m = model()
hn = m.fit(x, np.full_like(y, np.nan), epochs=3, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
show("nan stop", lambda: len(hn.history["loss"]))
ck = keras.callbacks.ModelCheckpoint(os.path.join(d, "b.keras"), monitor="loss", save_best_only=True)
show("ckpt", lambda: model().fit(x, y, epochs=1, verbose=0, callbacks=[ck]) and os.path.exists(os.path.join(d, "b.keras")))
show("ckpt bad name", lambda: type(keras.callbacks.ModelCheckpoint(os.path.join(d, "b.h5"))).__name__)
show("ckpt weights bad", lambda: keras.callbacks.ModelCheckpoint(os.path.join(d, "b.keras"), save_weights_only=True))
show("bad mode", lambda: keras.callbacks.EarlyStopping(mode="sideways").monitor_op)
"""

SNIPPETS["keras_metrics_edges"] = _TRY + """
M = keras.metrics
y = np.array([0, 1, 1, 0, 1], "float32")
p = np.array([0.1, 0.8, 0.4, 0.6, 0.9], "float32")
def run(m, *a, **k):
    m.update_state(*a, **k)
    return m.result()
show("auc", lambda: run(M.AUC(num_thresholds=5), y, p))
show("auc pr", lambda: run(M.AUC(curve="PR"), y, p))
show("auc logits", lambda: run(M.AUC(from_logits=True), y, np.log(p / (1 - p))))
show("auc weights", lambda: run(M.AUC(), y, p, sample_weight=[1, 2, 1, 0, 1]))
show("auc empty", lambda: M.AUC().result())
show("precision thr", lambda: run(M.Precision(thresholds=[0.3, 0.7]), y, p))
show("precision top_k", lambda: run(M.Precision(top_k=1), [[0, 1, 1]], [[0.2, 0.5, 0.3]]))
show("recall class_id", lambda: run(M.Recall(class_id=2), [[0, 1, 1], [0, 0, 1]], [[0.2, 0.7, 0.6], [0.9, 0.0, 0.1]]))
show("precision@recall", lambda: run(M.PrecisionAtRecall(0.6), y, p))
show("sens@spec", lambda: run(M.SensitivityAtSpecificity(0.5), y, p))
show("f1", lambda: run(M.F1Score(threshold=0.5), np.array([[1, 0], [0, 1], [1, 1]], "float32"), np.array([[0.7, 0.2], [0.6, 0.9], [0.3, 0.8]], "float32")))
show("fbeta micro", lambda: run(M.FBetaScore(average="micro", beta=2.0), np.array([[1, 0], [0, 1]], "float32"), np.array([[0.7, 0.4], [0.6, 0.9]], "float32")))
show("r2", lambda: run(M.R2Score(), np.array([[1.0], [2.0], [4.0]]), np.array([[1.5], [2.0], [3.0]])))
show("r2 adjusted", lambda: run(M.R2Score(num_regressors=1), np.array([[1.0], [2.0], [4.0], [3.0]]), np.array([[1.5], [2.0], [3.0], [3.5]])))
show("mean_iou", lambda: run(M.MeanIoU(num_classes=3), [0, 1, 2, 2], [0, 2, 2, 1]))
show("iou ignore", lambda: run(M.IoU(num_classes=3, target_class_ids=[0, 2], ignore_class=1), [0, 1, 2, 2], [0, 2, 2, 1]))
show("one_hot iou", lambda: run(M.OneHotMeanIoU(num_classes=2), [[0, 1], [1, 0]], [[0.3, 0.7], [0.4, 0.6]]))
show("mean zero weight", lambda: run(M.Mean(), [1.0, 2.0], sample_weight=[0.0, 0.0]))
show("sparse topk", lambda: run(M.SparseTopKCategoricalAccuracy(k=2), [2, 0], [[0.1, 0.5, 0.4], [0.2, 0.5, 0.3]]))
show("cosine", lambda: run(M.CosineSimilarity(), [[0.0, 1.0]], [[1.0, 1.0]]))
show("poisson", lambda: run(M.Poisson(), [[1.0, 2.0]], [[1.5, 1.0]]))
show("bad thresholds", lambda: M.AUC(thresholds=[0.5, 1.5]))
show("bad f1 shape", lambda: run(M.F1Score(), np.array([1.0, 0.0]), np.array([0.5, 0.5])))
show("bad iou classes", lambda: run(M.MeanIoU(num_classes=2), [0, 3], [0, 1]))
auc = M.AUC(num_thresholds=3)
show("auc config", lambda: str(sorted(auc.get_config().items())))
show("auc variables", lambda: [v.path for v in auc.variables])
"""

SNIPPETS["keras_metrics_in_fit"] = _TRY + """
x = np.linspace(-1, 1, 12).reshape(6, 2).astype("float32")
y = (x[:, :1] > 0).astype("float32")
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, activation="sigmoid", kernel_initializer="ones")])
m.compile(optimizer="sgd", loss="binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc"), keras.metrics.Precision(thresholds=0.6)], weighted_metrics=["mse"])
h = m.fit(x, y, sample_weight=np.array([1, 1, 2, 2, 1, 0], "float32"), epochs=2, verbose=0)
show("history", lambda: h.history)
show("metrics_names", lambda: m.metrics_names)
show("evaluate", lambda: m.evaluate(x, y, verbose=0, return_dict=True))
show("reset", lambda: ([mm.reset_state() for mm in m.metrics], m.get_metrics_result())[1])
show("compile bad metric", lambda: m.compile(loss="mse", metrics=["not_a_metric"]) or m.fit(x, y, verbose=0))
m2 = keras.Sequential([keras.Input((2,)), layers.Dense(3, activation="softmax")])
m2.compile(loss="sparse_categorical_crossentropy", metrics=["accuracy", "sparse_top_k_categorical_accuracy"])
show("sparse metrics", lambda: m2.evaluate(x, np.array([0, 1, 2, 0, 1, 2]), verbose=0))
"""
