"""Snippets written as tensorflow.org's tutorials write their programs (classification on
imbalanced data, overfit and underfit, word embeddings, word2vec, FGSM, DeepDream and
style transfer, basic classification and regression), each printing what a user relies
on; kprobe/record_golden.py kprobe8 records what real TF 2.21 + Keras 3 prints for each,
and test_kprobe8.py checks that eagerflow prints the same."""

SNIPPETS = {}

_TRY = """
import re
def tryp(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
"""

# the imbalanced data tutorial's confusion matrix of labels kept as a column: TF's
# confusion_matrix squeezes only a pair whose ranks differ by one, and stacks the rest
# for ScatterNd (a column is refused there, rows of pairs index the matrix); tf.stack
# checks its axis in Python against the first value's rank
SNIPPETS["confusion_matrix_shapes"] = _TRY + """
labels = np.array([[0], [1], [1], [0]])
preds = np.array([[0.2], [0.8], [0.3], [0.6]])
tryp("column", lambda: tf.math.confusion_matrix(labels, preds > 0.5))
tryp("column ints", lambda: tf.math.confusion_matrix(labels, labels))
tryp("flat", lambda: tf.math.confusion_matrix(labels.ravel(), preds.ravel() > 0.5).numpy().tolist())
tryp("label column", lambda: tf.math.confusion_matrix(labels, [0, 1, 0, 1]).numpy().tolist())
tryp("pred column", lambda: tf.math.confusion_matrix([0, 1, 0, 1], labels).numpy().tolist())
tryp("pred column of columns", lambda: tf.math.confusion_matrix(labels, labels[:, :, None]))
cm = tf.math.confusion_matrix
tryp("rows", lambda: cm([[0, 1], [2, 1]], [[1, 0], [2, 2]], num_classes=3).numpy().tolist())
tryp("rows weighted", lambda: cm([[0, 1]], [[1, 0]], weights=[[1.0, 2.0]]).numpy().tolist())
tryp("rows flat weights", lambda: tf.math.confusion_matrix([[0, 1]], [[1, 0]], weights=[1.0, 2.0]))
tryp("rows of three", lambda: tf.math.confusion_matrix([[0, 1, 2]], [[1, 0, 1]]))
tryp("mismatch", lambda: tf.math.confusion_matrix([[0], [1]], [[1], [0], [1]]))
tryp("negative", lambda: tf.math.confusion_matrix([[0], [-1]], [[1], [0]]))
tryp("scalars", lambda: tf.math.confusion_matrix(1, 0))
tryp("squeezed float", lambda: cm([0, 1], [[1], [0]], dtype=tf.float32).numpy().tolist())
tryp("num_classes", lambda: cm([[0], [1]], [1, 0], num_classes=3).numpy().tolist())
@tf.function
def traced(a, b):
    return tf.math.confusion_matrix(a, b, num_classes=2)
tryp("traced rows", lambda: traced(tf.constant([[0, 1]]), tf.constant([[1, 0]])).numpy().tolist())
def shape_reason(e):  # (the reason TF's shape function gives: the nodes' names aside)
    m = str(e)
    return m[m.index("Dimensions ["):m.index(" for '{{node")]
try:
    traced(tf.constant(labels), tf.constant(labels))
except ValueError as e:
    print("traced column", shape_reason(e))
@tf.function
def scatter(i, u, n):
    return tf.scatter_nd(i, u, tf.stack([n, n]))
for i, u in [((4, 2, 1), (4, 1)), ((4, 2, 1), (4,)), ((4, 1), (3, 2)), ((4, 1, 1), (4, 2, 4))]:
    try:
        scatter(tf.zeros(i, tf.int64), tf.ones(u), tf.constant(2, tf.int64))
    except ValueError as e:
        print("traced scatter_nd", shape_reason(e))
tryp("stack scalars", lambda: tf.stack([tf.constant(1), tf.constant(2)], axis=1))
tryp("stack list", lambda: tf.stack([1, 2], axis=-2))
tryp("stack axis before shapes", lambda: tf.stack([tf.constant([1]), tf.constant([2, 3])], axis=2))
tryp("stack last", lambda: tf.stack([[1, 2], [3, 4]], axis=-1).numpy().tolist())
@tf.function
def stacked(a):
    return tf.stack([a, a], axis=1)
tryp("traced stack", lambda: stacked(tf.constant(1)))
"""

# oversampling as the tutorial does it draws from datasets of one structure: TF's
# directed interleave names the first input's spec and the one that differs; dicts of
# other keys have no common spec (concatenate refuses them too)
SNIPPETS["sample_from_datasets_specs"] = _TRY + """
a = tf.data.Dataset.range(3)
b = tf.data.Dataset.range(100, 110)
ds = tf.data.Dataset
print(list(ds.sample_from_datasets([a, b], seed=1, stop_on_empty_dataset=True).as_numpy_iterator()))
print(ds.sample_from_datasets([a, b], seed=1).cardinality().numpy(),
      ds.sample_from_datasets([a.repeat(), b.repeat()]).cardinality().numpy())
tryp("dtypes", lambda: ds.sample_from_datasets([a, a.map(lambda v: tf.cast(v, tf.float32))]))
tryp("choose structures", lambda: ds.choose_from_datasets(
    [a, b, a.map(lambda v: (v, v))], tf.data.Dataset.range(2)))
tryp("shapes", lambda: ds.sample_from_datasets(
    [a.batch(2), b.batch(3, drop_remainder=True)]).element_spec)
tryp("dict keys", lambda: ds.sample_from_datasets(
    [a.map(lambda v: {"x": v}), b.map(lambda v: {"y": v})]))
tryp("dict order", lambda: ds.sample_from_datasets(
    [a.map(lambda v: {"x": v, "y": v}), b.map(lambda v: {"y": v, "x": v})], seed=1).element_spec)
tryp("concatenate dict keys", lambda: a.map(lambda v: {"x": v}).concatenate(
    b.map(lambda v: {"y": v})))
tryp("concatenate nested keys", lambda: a.map(lambda v: (v, {"x": v})).concatenate(
    b.map(lambda v: (v, {"y": v}))))
pos = ds.from_tensor_slices((np.ones((3, 2)), np.ones((3, 1), "int64")))
neg = ds.from_tensor_slices((np.zeros((9, 2)), np.zeros((9, 1), "int64")))
pos, neg = pos.shuffle(10, seed=5).repeat(), neg.shuffle(10, seed=5).repeat()
resampled = ds.sample_from_datasets([pos, neg], weights=[0.5, 0.5], seed=4)
print(resampled.element_spec, resampled.cardinality().numpy())
for features, label in resampled.batch(16).prefetch(2).take(2):
    print(label.numpy().ravel().tolist(), features.dtype)
"""

# the imbalanced data tutorial: the output layer's bias from the class counts, the
# metrics list of counts, precision/recall and both AUCs, early stopping on val_prc with
# the best weights restored, class weights
SNIPPETS["imbalanced_training"] = """
import os, tempfile
rs = np.random.RandomState(1)
x = rs.normal(size=(240, 4)).astype("float64")
y = (x[:, 0] + 0.7 * x[:, 1] + 0.3 * rs.normal(size=240) > 1.6).astype("int64").reshape(-1, 1)
neg, pos = np.bincount(y[:, 0])
total = neg + pos
print(neg, pos)
METRICS = [
    keras.metrics.BinaryCrossentropy(name='cross entropy'),
    keras.metrics.MeanSquaredError(name='Brier score'),
    keras.metrics.TruePositives(name='tp'), keras.metrics.FalsePositives(name='fp'),
    keras.metrics.TrueNegatives(name='tn'), keras.metrics.FalseNegatives(name='fn'),
    keras.metrics.BinaryAccuracy(name='accuracy'),
    keras.metrics.Precision(name='precision'), keras.metrics.Recall(name='recall'),
    keras.metrics.AUC(name='auc'), keras.metrics.AUC(name='prc', curve='PR'),
]
def make_model(output_bias=None):
    if output_bias is not None:
        output_bias = keras.initializers.Constant(output_bias)
    model = keras.Sequential([
        layers.Dense(8, activation='relu', input_shape=(4,)),
        layers.Dropout(0.5),
        layers.Dense(1, activation='sigmoid', bias_initializer=output_bias)])
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-2),
                  loss=keras.losses.BinaryCrossentropy(), metrics=METRICS)
    return model
initial_bias = np.log([pos / neg])
model = make_model(output_bias=initial_bias)
print(np.round(model.predict(x[:4], verbose=0), 4).tolist())
results = model.evaluate(x, y, batch_size=64, verbose=0)
print("Loss: {:0.4f}".format(results[0]), model.metrics_names)
print(np.round(model.layers[-1].bias.numpy(), 6).tolist(), model.layers[-1].bias.dtype)
initial_weights = os.path.join(tempfile.mkdtemp(), 'initial.weights.h5')
model.save_weights(initial_weights)
model = make_model()
model.load_weights(initial_weights)
model.layers[-1].bias.assign([0.0])
early_stopping = keras.callbacks.EarlyStopping(
    monitor='val_prc', verbose=1, patience=1, mode='max', restore_best_weights=True)
h = model.fit(x[:180], y[:180], batch_size=64, epochs=4, callbacks=[early_stopping],
              validation_data=(x[180:], y[180:]), verbose=0)
print(len(h.history['loss']), early_stopping.stopped_epoch, round(float(early_stopping.best), 4))
print({k: np.round(v, 4).tolist() for k, v in sorted(h.history.items())})
r = model.evaluate(x[180:], y[180:], batch_size=64, verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in sorted(r.items())})
p = model.predict(x[180:], batch_size=64, verbose=0)
print(tf.math.confusion_matrix(y[180:, 0], p[:, 0] > 0.5).numpy().tolist())
class_weight = {0: (1 / neg) * (total / 2.0), 1: (1 / pos) * (total / 2.0)}
weighted = make_model()
weighted.load_weights(initial_weights)
h = weighted.fit(x, y, batch_size=64, epochs=2, class_weight=class_weight, verbose=0)
print({k: np.round(v, 4).tolist() for k, v in sorted(h.history.items())})
"""

# the word embeddings tutorial's Embedding looks ids up as Keras's ops.take: negative ids
# count from the end, ids of other integer or float dtypes are cast to int32 first, and an
# id out of range is tf.gather's error on the Keras variable (TF's slow path: no name)
SNIPPETS["embedding_ids"] = _TRY + """
e = keras.layers.Embedding(3, 2, embeddings_initializer=keras.initializers.Constant(
    [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]))
print(e(tf.constant([-1, -3, 0])).numpy().tolist())
print(e(tf.constant([[1, 2]], tf.uint8)).numpy().tolist(),
      e(tf.constant([1.7, -1.2])).numpy().tolist())
tryp("out of range", lambda: e(tf.constant([3])))
tryp("below range", lambda: e(tf.constant([[1, -4]])))
tryp("uint8 out of range", lambda: e(tf.constant([250], tf.uint8)))
d = keras.layers.Dense(3)
d.build((None, 2))
tryp("take variable", lambda: keras.ops.take(d.kernel, tf.constant([5]), axis=0))
tryp("take tensor", lambda: keras.ops.take(tf.ones((2, 3)), tf.constant([5]), axis=0))
tryp("take flat", lambda: keras.ops.take(d.kernel, tf.constant([9])))
print(keras.ops.take(d.kernel, tf.constant([-1]), axis=1).shape)
m = keras.Sequential([keras.Input((2,), dtype="int32"), keras.layers.Embedding(4, 3),
                      keras.layers.GlobalAveragePooling1D()])
print(np.round(m.predict(np.array([[-1, 3], [0, -4]]), verbose=0), 4).tolist())
"""

# a list of tensors converts by TF's autopacking: a list of tensors alone is one Pack named
# as convert_to_tensor was asked ("packed" by default), any other is packed in that
# (eagerly empty) scope; TextVectorization.adapt converts a labeled dataset's batches so
SNIPPETS["autopacking_errors"] = _TRY + """
tryp("tensors", lambda: tf.convert_to_tensor([tf.constant("a"), tf.constant(1)]))
tryp("tuple", lambda: tf.convert_to_tensor((tf.constant(["a"]), tf.constant([1]))))
tryp("named", lambda: tf.convert_to_tensor((tf.constant(["a"]), tf.constant([1])), name="zz"))
tryp("shapes", lambda: tf.convert_to_tensor([tf.constant([1, 2]), tf.constant([1])]))
tryp("mixed", lambda: tf.convert_to_tensor([tf.constant([1, 2]), [3]]))
tryp("mixed named", lambda: tf.convert_to_tensor([tf.constant([1, 2]), [3]], name="q"))
tryp("nested", lambda: tf.convert_to_tensor([[tf.constant(1), tf.constant(2.0)]]))
tryp("dtype given", lambda: tf.convert_to_tensor([tf.constant(1), tf.constant([2])],
                                                  dtype=tf.int32))
tryp("reduce_sum list", lambda: tf.reduce_sum([tf.constant(1), tf.constant(2.0)]))
tryp("fine", lambda: tf.convert_to_tensor([tf.constant(1), 2, [3][0]]).numpy().tolist())
tv = keras.layers.TextVectorization(max_tokens=5)
tryp("adapt labeled", lambda: tv.adapt(
    tf.data.Dataset.from_tensor_slices((["a b", "c"], [1, 2])).batch(2)))
tryp("adapt tuple", lambda: tv.adapt((tf.constant(["a b", "c"]), tf.constant([1, 2]))))
"""

# the word embeddings tutorial, shrunk: reviews from a directory, a custom standardization,
# TextVectorization + Embedding + GlobalAveragePooling1D trained with a TensorBoard
# callback, the vocabulary and the embedding weights written as TSV
SNIPPETS["word_embeddings"] = """
import io, os, re, shutil, string, tempfile
rs = np.random.RandomState(0)
good, bad = ["great", "fun", "moving", "superb"], ["awful", "dull", "boring", "weak"]
common = ["the", "movie", "film", "was", "a", "plot", "and", "it"]
root = tempfile.mkdtemp()
train_dir = os.path.join(root, "aclImdb", "train")
for cls, words in (("neg", bad), ("pos", good), ("unsup", common)):
    os.makedirs(os.path.join(train_dir, cls))
    for i in range(12):
        toks = list(rs.choice(common, 6)) + list(rs.choice(words, 2))
        rs.shuffle(toks)
        with open(os.path.join(train_dir, cls, f"{i}_{rs.randint(1, 10)}.txt"), "w") as f:
            f.write(" ".join(toks).capitalize() + "!<br /><br />" + " ".join(rs.choice(common, 2)))
shutil.rmtree(os.path.join(train_dir, "unsup"))
train_ds = keras.utils.text_dataset_from_directory(
    train_dir, batch_size=8, validation_split=0.25, subset="training", seed=123)
val_ds = keras.utils.text_dataset_from_directory(
    train_dir, batch_size=8, validation_split=0.25, subset="validation", seed=123)
print(train_ds.class_names, train_ds.cardinality().numpy(), val_ds.cardinality().numpy())
for text_batch, label_batch in train_ds.take(1):
    for i in range(3):
        print(label_batch[i].numpy(), text_batch.numpy()[i])
train_ds = train_ds.cache().prefetch(buffer_size=tf.data.AUTOTUNE)
def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")
vectorize_layer = layers.TextVectorization(standardize=custom_standardization,
                                           max_tokens=20, output_mode="int",
                                           output_sequence_length=10)
vectorize_layer.adapt(train_ds.map(lambda x, y: x))
vocab = vectorize_layer.get_vocabulary()
print(len(vocab), vocab[:5], vectorize_layer.vocabulary_size())
model = keras.Sequential([vectorize_layer, layers.Embedding(20, 4, name="embedding"),
                          layers.GlobalAveragePooling1D(), layers.Dense(8, activation="relu"),
                          layers.Dense(1)])
logdir = os.path.join(root, "logs")
model.compile(optimizer="adam", loss=keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=["accuracy"])
h = model.fit(train_ds, validation_data=val_ds, epochs=2, verbose=0,
              callbacks=[keras.callbacks.TensorBoard(log_dir=logdir)])
print({k: np.round(v, 4).tolist() for k, v in sorted(h.history.items())})
print(sorted(os.listdir(logdir)))
model.summary()
weights = model.get_layer("embedding").get_weights()[0]
out_v = io.StringIO()
out_m = io.StringIO()
for index, word in enumerate(vocab):
    if index == 0:
        continue
    out_v.write("\\t".join([str(x) for x in weights[index]]) + "\\n")
    out_m.write(word + "\\n")
print(weights.shape, len(out_v.getvalue().splitlines()), out_m.getvalue().splitlines()[:3])
p = model.predict(tf.constant(["great fun film", "dull boring plot"]), verbose=0)
print(np.round(p, 3).tolist())
"""
