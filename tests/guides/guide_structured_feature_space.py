"""TF's "Classify structured data using Keras preprocessing layers" and Keras' FeatureSpace on
a small seeded heart-disease-like dataset held in dicts of NumPy arrays (no pandas): Normalization,
StringLookup/IntegerLookup with one-hot output, crosses, adapt, output dicts, and a tiny
model trained a few steps."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(8)
rng = np.random.default_rng(6)
n = 64
data = {
    "age": rng.integers(30, 70, n).astype("float32"),
    "thalach": rng.normal(150, 20, n).astype("float32"),
    "sex": rng.integers(0, 2, n).astype("int64"),
    "cp": rng.integers(0, 4, n).astype("int64"),
    "thal": rng.choice(["normal", "fixed", "reversible"], n),
}
target = rng.integers(0, 2, n).astype("float32")


def df_to_dataset(features, labels, shuffle=True, batch_size=8):
    ds = tf.data.Dataset.from_tensor_slices((dict(features), labels))
    if shuffle:
        ds = ds.shuffle(buffer_size=len(labels), seed=1)
    return ds.batch(batch_size)


train_ds = df_to_dataset(data, target, shuffle=False)
[(train_features, label_batch)] = train_ds.take(1)
print("Every feature:", list(train_features.keys()))
print("A batch of ages:", train_features["age"])
print("A batch of targets:", label_batch)


def get_normalization_layer(name, dataset):
    normalizer = layers.Normalization(axis=None)
    feature_ds = dataset.map(lambda x, y: x[name])
    normalizer.adapt(feature_ds)
    return normalizer


age_layer = get_normalization_layer("thalach", train_ds)
print(age_layer(train_features["thalach"][:3]))
print(np.round(age_layer.mean.numpy(), 3), np.round(age_layer.variance.numpy(), 3))


def get_category_encoding_layer(name, dataset, dtype, max_tokens=None):
    if dtype == "string":
        index = layers.StringLookup(max_tokens=max_tokens)
    else:
        index = layers.IntegerLookup(max_tokens=max_tokens)
    feature_ds = dataset.map(lambda x, y: x[name])
    index.adapt(feature_ds)
    encoder = layers.CategoryEncoding(num_tokens=index.vocabulary_size())
    return lambda feature: encoder(index(feature)), index


thal_enc, thal_index = get_category_encoding_layer("thal", train_ds, "string")
print(thal_index.get_vocabulary(), thal_enc(train_features["thal"][:3]))
cp_enc, cp_index = get_category_encoding_layer("cp", train_ds, "int64", max_tokens=5)
print(cp_index.get_vocabulary(), cp_enc(train_features["cp"][:3]))

# FeatureSpace
feature_space = keras.utils.FeatureSpace(
    features={
        "sex": keras.utils.FeatureSpace.integer_categorical(num_oov_indices=0),
        "cp": "integer_categorical",
        "thal": "string_categorical",
        "age": "float_normalized",
        "thalach": keras.utils.FeatureSpace.float_discretized(num_bins=4),
    },
    crosses=[keras.utils.FeatureSpace.cross(feature_names=("sex", "cp"), crossing_dim=8)],
    output_mode="concat",
)
print(feature_space.output_mode, sorted(feature_space.features))
ds_features = train_ds.map(lambda x, _: x)
feature_space.adapt(ds_features)
print(feature_space.get_encoded_features().shape)
for name in ["sex", "cp", "thal", "age", "thalach"]:
    print(name, type(feature_space.preprocessors[name]).__name__)
print(sorted(feature_space.crossers))
one = {k: v[:2] for k, v in data.items()}
out = feature_space(one)
print(out.shape, out.dtype)
print(np.round(out.numpy(), 4))

dict_space = keras.utils.FeatureSpace(
    features={"thal": "string_categorical", "age": "float_rescaled", "cp": "integer_hashed"},
    output_mode="dict",
)
dict_space.adapt(ds_features)
out = dict_space({k: one[k] for k in ["thal", "age", "cp"]})
for k in sorted(out):
    print(k, out[k].shape, out[k].dtype, np.round(np.asarray(out[k]), 4).tolist())
print(feature_space.get_config()["features"]["age"])

preprocessed_ds = train_ds.map(lambda x, y: (feature_space(x), y),
                               num_parallel_calls=tf.data.AUTOTUNE)
print(preprocessed_ds.element_spec)
encoded_features = feature_space.get_encoded_features()
x = keras.layers.Dense(8, activation="relu")(encoded_features)
x = keras.layers.Dropout(0.5)(x)
predictions = keras.layers.Dense(1, activation="sigmoid")(x)
training_model = keras.Model(inputs=encoded_features, outputs=predictions)
training_model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
h = training_model.fit(preprocessed_ds, epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
inference_model = keras.Model(inputs=feature_space.get_inputs(),
                              outputs=training_model(encoded_features))
print(sorted(feature_space.get_inputs()))
sample = {"age": 60.0, "sex": 1, "cp": 1, "thal": "fixed", "thalach": 150.0}
input_dict = {name: tf.convert_to_tensor([value]) for name, value in sample.items()}
print(inference_model.predict(input_dict, verbose=0).shape)
try:
    keras.utils.FeatureSpace(features={"a": "float_unknown"})
except ValueError as e:
    print("ValueError:", e)
try:
    keras.utils.FeatureSpace(features={"a": "float_normalized"})({"a": np.ones(2, "float32")})
except ValueError as e:
    print("ValueError:", e)
