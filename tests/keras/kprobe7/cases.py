"""Snippets written as tensorflow.org's tutorials write their programs (transfer learning,
image segmentation, autoencoders, text classification, CSV data, customizing fit, data
augmentation), each printing what a user relies on; kprobe/record_golden.py kprobe7
records what real TF 2.21 + Keras 3 prints for each, and test_kprobe7.py checks that
eagerflow prints the same."""

SNIPPETS = {}

# the segmentation tutorial weighs classes of a mask: Keras 3 maps a Dataset with a
# function gathering a weight per label element (per pixel), while arrays and a
# PyDataset's batches get one weight per sample through NumPy (a mask there is NumPy's
# int() error); a generator takes no class_weight
SNIPPETS["class_weight_paths"] = """
import re
rs = np.random.RandomState(0)
x = rs.rand(8, 4, 4, 3).astype("float32")
y = rs.randint(0, 3, (8, 4, 4, 1)).astype("uint8")
cw = {0: 2.0, 1: 0.5, 2: 1.0}
def model(shape=(4, 4, 3)):
    keras.utils.set_random_seed(3)
    m = keras.Sequential([keras.Input(shape), layers.Dense(3)])
    m.compile(keras.optimizers.SGD(0.1),
              keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return m
def fit(label, *args, **kwargs):
    kwargs.setdefault("class_weight", cw)
    try:
        h = model(kwargs.pop("shape", (4, 4, 3))).fit(*args, epochs=1, verbose=0, **kwargs)
        print(label, np.round(h.history["loss"], 4).tolist())
    except tf.errors.InvalidArgumentError as e:
        print(label, type(e).__name__, re.search(r"indices\\[[^]]*\\] = -?\\d+ is not in "
                                                 r"\\[0, \\d+\\)", str(e)).group())
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        print(label, type(e).__name__, e)
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
fit("mask dataset", ds)
fit("mask dataset unweighted", ds, class_weight=None)
fit("mask dataset flipped", ds.map(lambda a, b: (a, tf.cast(tf.reverse(b, [2]), tf.float32))))
fit("mask dataset int weights", ds, class_weight={0: 2, 1: 1, 2: 3})
fit("mask dataset rank 3", ds.map(lambda a, b: (a, tf.cast(b[..., 0], tf.float32))))
fit("mask arrays", x, y, batch_size=4)
class Masks(keras.utils.PyDataset):
    def __init__(self, *parts):
        super().__init__()
        self.parts = parts
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return tuple(p[i * 4:(i + 1) * 4] for p in self.parts)
fit("mask PyDataset", Masks(x, y))
fit("PyDataset with weights", Masks(x, y, np.ones((8, 4, 4), "float32")))
fit("PyDataset inputs only", Masks(x))
fit("generator", (b for b in [(x[:4], y[:4])]))
v = x[:, 0, 0]
labels = rs.randint(0, 3, (8,))
flat = tf.data.Dataset.from_tensor_slices((v, labels)).batch(4)
fit("labels dataset", flat, shape=(3,))
fit("labels arrays", v, labels, batch_size=4, shuffle=False, shape=(3,))
fit("one-hot dataset", tf.data.Dataset.from_tensor_slices((x[:, 0, 0], np.eye(3)[labels])).batch(4),
    shape=(3,))
fit("column dataset", flat.map(lambda a, b: (a, b[:, None])), shape=(3,))
fit("float labels", flat.map(lambda a, b: (a, tf.cast(b, tf.float32) + 0.4)), shape=(3,))
fit("bool labels", flat.map(lambda a, b: (a, b > 0)), shape=(3,))
fit("label past the table", flat.map(lambda a, b: (a, b + 1)), shape=(3,))
fit("negative label", flat.map(lambda a, b: (a, b - 1)), shape=(3,))
fit("unknown rank", flat.map(lambda a, b: (a, tf.numpy_function(lambda t: t, [b], tf.int64))),
    shape=(3,))
fit("dataset with weights", flat.map(lambda a, b: (a, b, tf.ones_like(b, tf.float32))),
    shape=(3,))
fit("two outputs", flat.map(lambda a, b: (a, (b, b))), shape=(3,))
fit("dict labels", flat.map(lambda a, b: (a, {"o": b})), shape=(3,))
fit("inputs only", flat.map(lambda a, b: (a,)), shape=(3,))
fit("empty dict", flat, class_weight={}, shape=(3,))
fit("empty dict arrays", v, labels, class_weight={}, batch_size=4, shape=(3,))
fit("arrays list of labels", v, [labels], batch_size=4, shape=(3,))
fit("arrays no labels", v, batch_size=4, shape=(3,))
"""

# what each kind of data refuses alongside it, in Keras 3's words
SNIPPETS["data_arguments_refused"] = """
x = np.zeros((4, 3), "float32")
y = np.zeros((4,), "int32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
m.compile("sgd", "sparse_categorical_crossentropy")
class Batches(keras.utils.PyDataset):
    def __len__(self):
        return 1
    def __getitem__(self, i):
        return x, y
def gen():
    yield x, y
for kind, make in [("dataset", lambda: tf.data.Dataset.from_tensor_slices((x, y)).batch(2)),
                   ("generator", gen), ("PyDataset", Batches)]:
    for kw in [dict(y=y), dict(sample_weight=y)]:
        try:
            m.fit(make(), verbose=0, **kw)
        except ValueError as e:
            print(kind, e)
        try:
            m.evaluate(make(), verbose=0, **kw)
        except ValueError as e:
            print(kind, "evaluate", e)
"""

# the text classification tutorial's TextVectorization takes a custom standardization
# function: its config names the function, and from_config/load_model find it among the
# custom objects (or the registered ones), as Keras 3's
SNIPPETS["text_vectorization_custom_standardize"] = """
import os, re, string, tempfile
def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")
@keras.saving.register_keras_serializable(package="kp7")
def split_on_dash(x):
    return tf.strings.split(x, sep="-")
def make(**kwargs):
    layer = layers.TextVectorization(max_tokens=10, output_sequence_length=4, **kwargs)
    layer.adapt(["The <br />movie-was GREAT!", "bad movie, bad-plot"])
    return layer
def show(label, fn):
    try:
        out = fn()
        print(label, out if not hasattr(out, "numpy") else out.numpy().tolist())
    except Exception as e:
        # (classes by name: ours live in eagerflow's modules, not keras.src's)
        print(label, type(e).__name__,
              re.sub(r"<class '[\\w.]+\\.(\\w+)'>", r"<class \\1>", str(e)))
layer = make(standardize=custom_standardization)
print(layer.get_config()["standardize"] is custom_standardization)
try:
    layers.TextVectorization.from_config(layer.get_config())
except TypeError as e:
    print("unserialized", type(e).__name__, str(e).split(":")[0])
config = keras.layers.serialize(layer)["config"]
print(config["standardize"], config["split"])
show("no custom objects", lambda: layers.TextVectorization.from_config(dict(config)))
with keras.saving.custom_object_scope({"custom_standardization": custom_standardization}):
    again = layers.TextVectorization.from_config(dict(config))
print(again.get_config()["standardize"] is custom_standardization, again.get_vocabulary())
dashed = make(split=split_on_dash, standardize=None)
config = keras.layers.serialize(dashed)["config"]
print(config["split"], config["standardize"], dashed.get_vocabulary())
show("registered", lambda: layers.TextVectorization.from_config(config).get_config()["split"]
     is split_on_dash)
inputs = keras.Input(shape=(1,), dtype="string")
model = keras.Model(inputs, layer(inputs))
path = os.path.join(tempfile.mkdtemp(), "export.keras")
model.save(path)
texts = tf.constant([["The movie-was bad!"]])
show("load without", lambda: keras.models.load_model(path))
loaded = keras.models.load_model(
    path, custom_objects={"custom_standardization": custom_standardization})
show("loaded", lambda: loaded(texts))
show("original", lambda: model(texts))
"""
