# ruff: noqa: E702, E701, E501, E741, UP031, UP032, UP018  (the cells as written)
# TF's "Load CSV data" and "Load NumPy data" tutorials and parts of "Better performance with
# the tf.data API", on files the script writes: a Keras model over a NumPy array with a
# Normalization layer, a functional model over mixed feature columns (StringLookup +
# CategoryEncoding), tf.data.experimental.make_csv_dataset, CsvDataset with defaults and
# column selection, decode_csv, and the pipeline's cache, interleave, prefetch, map options.
import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(2)
rng = np.random.default_rng(2)

rows = []
for i in range(40):
    rows.append("%d,%.2f,%s,%d,%s" % (i % 3, rng.random() * 10, ["male", "female"][i % 2], rng.integers(0, 5), ["S", "C", "Q", ""][i % 4]))
with open("titanic.csv", "w") as f:
    f.write("survived,fare,sex,n_siblings,embark_town\n" + "\n".join(rows) + "\n")
with open("abalone.csv", "w") as f:
    for i in range(30):
        f.write(",".join("%.3f" % v for v in rng.random(8)) + "\n")

abalone_train = np.loadtxt("abalone.csv", delimiter=",", dtype="float32")
abalone_features = abalone_train[:, :-1]
abalone_labels = abalone_train[:, -1]
print(abalone_features.shape)
normalize = layers.Normalization()
normalize.adapt(abalone_features)
print(np.round(normalize.mean.numpy(), 4), normalize.variance.shape)
norm_abalone_model = keras.Sequential([normalize, layers.Dense(8, activation="relu"), layers.Dense(1)])
norm_abalone_model.compile(loss=keras.losses.MeanSquaredError(), optimizer=keras.optimizers.Adam())
h = norm_abalone_model.fit(abalone_features, abalone_labels, epochs=2, verbose=0)
print(len(h.history["loss"]), norm_abalone_model.layers[0].get_config()["axis"])
print(normalize.get_config())

titanic_csv = np.genfromtxt("titanic.csv", delimiter=",", dtype=str, skip_header=1)
titanic_features = {name: titanic_csv[:, i] for i, name in enumerate(["survived", "fare", "sex", "n_siblings", "embark_town"])}
titanic_labels = titanic_features.pop("survived").astype("int64")
titanic_features["fare"] = titanic_features["fare"].astype("float32")
titanic_features["n_siblings"] = titanic_features["n_siblings"].astype("float32")
inputs = {}
for name, column in titanic_features.items():
    dtype = tf.string if column.dtype.kind == "U" else tf.float32
    inputs[name] = keras.Input(shape=(1,), name=name, dtype=dtype)
print(inputs)
numeric_inputs = {name: input for name, input in inputs.items() if input.dtype == tf.float32}
x = layers.Concatenate()(list(numeric_inputs.values()))
norm = layers.Normalization()
norm.adapt(np.stack([titanic_features[k] for k in numeric_inputs], axis=1))
all_numeric_inputs = norm(x)
print(all_numeric_inputs)
preprocessed_inputs = [all_numeric_inputs]
for name, input in inputs.items():
    if input.dtype == tf.float32:
        continue
    lookup = layers.StringLookup(vocabulary=np.unique(titanic_features[name]))
    one_hot = layers.CategoryEncoding(num_tokens=lookup.vocabulary_size())
    x = lookup(input)
    x = one_hot(x)
    preprocessed_inputs.append(x)
preprocessed_inputs_cat = layers.Concatenate()(preprocessed_inputs)
titanic_preprocessing = keras.Model(inputs, preprocessed_inputs_cat)
features_dict = {name: np.array(value)[:, None] for name, value in titanic_features.items()}
features_dict = {name: values[:1] for name, values in features_dict.items()}
print(np.round(titanic_preprocessing(features_dict).numpy(), 4))


def titanic_model(preprocessing_head, inputs):
    body = keras.Sequential([layers.Dense(8), layers.Dense(1)])
    preprocessed_inputs = preprocessing_head(inputs)
    result = body(preprocessed_inputs)
    model = keras.Model(inputs, result)
    model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=True), optimizer=keras.optimizers.Adam())
    return model


titanic_model = titanic_model(titanic_preprocessing, inputs)
try:
    titanic_model.fit(x={k: np.array(v)[:, None] for k, v in titanic_features.items()}, y=titanic_labels, epochs=2, verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
train_ds = tf.data.Dataset.from_tensor_slices(({k: np.array(v)[:, None] for k, v in titanic_features.items()}, titanic_labels)).batch(8)
print(train_ds.element_spec)
h = titanic_model.fit(train_ds, epochs=2, verbose=0)
print(len(h.history["loss"]))

titanic_csv_ds = tf.data.experimental.make_csv_dataset("titanic.csv", batch_size=5, label_name="survived", num_epochs=1, ignore_errors=True, shuffle=False)
print(titanic_csv_ds.element_spec)
for batch, label in titanic_csv_ds.take(1):
    for key, value in batch.items():
        print(f"{key:20s}: {value}")
    print()
    print(f"{'label':20s}: {label}")
ds = tf.data.experimental.make_csv_dataset("titanic.csv", batch_size=4, select_columns=["fare", "sex"], column_defaults=[tf.float32, tf.string], shuffle=False, num_epochs=1)
print(ds.element_spec, next(iter(ds)))
text = pathlib_text = open("titanic.csv").read().splitlines()[1:4]
all_strings = [str()] * 5
features = tf.io.decode_csv(text, record_defaults=all_strings)
for f in features:
    print(f"type: {f.dtype.name}, shape: {f.shape}")
titanic_types = [int(), float(), str(), int(), str()]
features = tf.io.decode_csv(text, record_defaults=titanic_types)
for f in features:
    print(f"type: {f.dtype.name}, shape: {f.shape}", f.numpy())
simple_titanic = tf.data.experimental.CsvDataset("titanic.csv", record_defaults=titanic_types, header=True)
for example in simple_titanic.take(1):
    print([e.numpy() for e in example])
print(simple_titanic.element_spec)
ds = tf.data.experimental.CsvDataset("titanic.csv", record_defaults=[tf.float32, tf.constant("?")], header=True, select_cols=[1, 4])
print([tuple(t.numpy() for t in e) for e in ds.take(4)])
try:
    tf.io.decode_csv(["1,2"], record_defaults=[[0], [0], [0]])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e.message)
try:
    tf.io.decode_csv(["1,x"], record_defaults=[[0], [0]])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e.message)
try:
    list(tf.data.experimental.CsvDataset("titanic.csv", record_defaults=[tf.int32] * 5, header=True))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e.message)
print(len(list(tf.data.experimental.CsvDataset("titanic.csv", record_defaults=[tf.int32, tf.float32, tf.string, tf.int32, tf.string], header=True).ignore_errors())))

# tf.data performance patterns
files = tf.data.Dataset.list_files("*.csv", shuffle=False)
print([f.numpy() for f in files])
lines = files.interleave(lambda f: tf.data.TextLineDataset(f).skip(1), cycle_length=2, block_length=3, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)
print([l.numpy()[:12] for l in lines.take(7)])
ds = tf.data.Dataset.range(10).map(lambda x: x * 2, num_parallel_calls=tf.data.AUTOTUNE).cache().prefetch(tf.data.AUTOTUNE)
print(list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()) == list(range(0, 20, 2)))
ds = tf.data.Dataset.range(10).batch(4).map(lambda x: tf.reduce_sum(x)).unbatch() if False else tf.data.Dataset.range(10).batch(4).map(tf.reduce_sum)
print(list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.range(6).cache("cache_file").map(lambda x: x + 1)
print(list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()))
options = tf.data.Options()
options.deterministic = False
options.experimental_optimization.map_parallelization = True
ds = tf.data.Dataset.range(5).map(lambda x: x * x).with_options(options)
print(sorted(ds.as_numpy_iterator()), ds.options().deterministic)
ds = tf.data.Dataset.range(8).map(lambda x: tf.py_function(lambda v: v * 3, [x], tf.int64), num_parallel_calls=2, deterministic=True)
print(list(ds.as_numpy_iterator()), ds.element_spec)
ds = tf.data.Dataset.range(20).window(6, shift=4, drop_remainder=True).flat_map(lambda w: w.batch(6))
print([w.tolist() for w in ds.as_numpy_iterator()])
print(tf.data.Dataset.range(5).prefetch(2), tf.data.Dataset.range(5).cache())

# bad records: a field's error fails its record alone; a quoted field open at the end of
# the file ends that file
with open("f1.csv", "w") as f:
    f.write('a,b\n1,2\n1,x\n3,4\n5\n6,7\n8,9,10\n11,12\n,13\n14,"ab"c\n15,16\n"17,18\n19,20\n')
with open("f2.csv", "w") as f:
    f.write('a,b\n21,22\nbad,23\n24,25\n1a"b,1\n14,"ab"c"d"\n15,"x""y"\n')
for d in [[tf.int32, tf.int32], [0, 0], [tf.int32, tf.string]]:
    ds = tf.data.experimental.CsvDataset(["f1.csv", "f2.csv"], record_defaults=d, header=True)
    print([tuple(x.numpy() for x in e) for e in ds.ignore_errors()])
    it = iter(ds)
    for _ in range(20):
        try:
            print(tuple(x.numpy() for x in next(it)))
        except StopIteration:
            print("END")
            break
        except tf.errors.InvalidArgumentError as e:
            print(type(e).__name__, e)
