# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras' "Working with preprocessing layers" guide, its cells in order on small seeded data:
adapt() of Normalization, TextVectorization and a StringLookup given its vocabulary, an
augmentation Sequential in front of a model (a small CNN in place of ResNet50, whose
weights=None build is slow), Normalization of flattened images in a model fit, one-hot
StringLookup and IntegerLookup with their OOV slots, the hashing trick (Hashing and
multi_hot CategoryEncoding), TextVectorization as token indices feeding an Embedding and a
GRU (the vectorizer mapped in tf.data, then an end-to-end model on strings), multi_hot
bigrams and TF-IDF bigrams into Dense models (their end-to-end models on a (1,)-shaped string
Input fail in TF 2.21, as Keras 3 keeps that axis: the errors print, and a ()-shaped Input
is used). (`import keras` is tf.keras here.)"""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(21)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(21)

# -- the adapt() method
data = np.array(
    [
        [0.1, 0.2, 0.3],
        [0.8, 0.9, 1.0],
        [1.5, 1.6, 1.7],
    ]
)
layer = layers.Normalization()
layer.adapt(data)
normalized_data = layer(data)

print("Features mean: %.2f" % (normalized_data.numpy().mean()))
print("Features std: %.2f" % (normalized_data.numpy().std()))
print(layer.mean.numpy(), layer.variance.numpy(), normalized_data.dtype)

data = [
    "ξεῖν᾽, ἦ τοι μὲν ὄνειροι ἀμήχανοι ἀκριτόμυθοι",
    "γίγνοντ᾽, οὐδέ τι πάντα τελείεται ἀνθρώποισι.",
    "δοιαὶ γάρ τε πύλαι ἀμενηνῶν εἰσὶν ὀνείρων:",
    "αἱ μὲν γὰρ κεράεσσι τετεύχαται, αἱ δ᾽ ἐλέφαντι:",
    "τῶν οἳ μέν κ᾽ ἔλθωσι διὰ πριστοῦ ἐλέφαντος,",
    "οἵ ῥ᾽ ἐλεφαίρονται, ἔπε᾽ ἀκράαντα φέροντες:",
    "οἱ δὲ διὰ ξεστῶν κεράων ἔλθωσι θύραζε,",
    "οἵ ῥ᾽ ἔτυμα κραίνουσι, βροτῶν ὅτε κέν τις ἴδηται.",
]
layer = layers.TextVectorization()
layer.adapt(data)
vectorized_text = layer(data)
print(vectorized_text)
print(layer.vocabulary_size(), layer.get_vocabulary()[:8])

vocab = ["a", "b", "c", "d"]
data = tf.constant([["a", "c", "d"], ["d", "z", "b"]])
layer = layers.StringLookup(vocabulary=vocab)
vectorized_data = layer(data)
print(vectorized_data)
print(layer.get_vocabulary(), layer.vocabulary_size())

# -- preprocessing data before the model or inside the model
dataset = tf.data.Dataset.from_tensor_slices((rng.random((8, 3)).astype("float32"), np.arange(8)))
normalizer = layers.Normalization()
normalizer.adapt(dataset.map(lambda x, y: x))
dataset = dataset.map(lambda x, y: (normalizer(x), y))
print(dataset.element_spec)
print(np.round(np.mean([x.numpy() for x, _ in dataset], axis=0), 4))
dataset = dataset.batch(4).prefetch(tf.data.AUTOTUNE)
print([y.numpy().tolist() for _, y in dataset])

# -- image data augmentation
input_shape = (32, 32, 3)
classes = 10
data_augmentation = keras.Sequential(
    [
        layers.RandomFlip("horizontal"),
        layers.RandomRotation(0.1),
        layers.RandomZoom(0.1),
    ]
)
inputs = keras.Input(shape=input_shape)
x = data_augmentation(inputs)
x = layers.Rescaling(1.0 / 255)(x)
x = layers.Conv2D(4, 3, activation="relu")(x)
x = layers.GlobalAveragePooling2D()(x)
outputs = layers.Dense(classes, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.summary()
images = rng.integers(0, 256, size=(4, 32, 32, 3)).astype("float32")
print(model(images).shape, bool(np.allclose(data_augmentation(images), images)))
print([l.name for l in data_augmentation.layers])

# -- normalizing numerical features
x_train = rng.integers(0, 256, size=(64, 8, 8, 3)).astype("uint8")
y_train = rng.integers(0, 10, size=(64, 1)).astype("uint8")
x_train = x_train.reshape((len(x_train), -1))
input_shape = x_train.shape[1:]
classes = 10
normalizer = layers.Normalization()
normalizer.adapt(x_train)
inputs = keras.Input(shape=input_shape)
x = normalizer(inputs)
outputs = layers.Dense(classes, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
history = model.fit(x_train, y_train, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(normalizer.mean.shape, normalizer.count if hasattr(normalizer, "count") else None)

# -- encoding string categorical features via one-hot encoding
vocab = ["a", "b", "c"]
data = tf.constant([["a"], ["b"], ["c"], ["b"], ["c"], ["a"]])
lookup = layers.StringLookup(output_mode="one_hot")
lookup.adapt(data)
test_data = tf.constant([["a"], ["b"], ["c"], ["d"], ["e"], [""]])
encoded_data = lookup(test_data)
print(encoded_data)
print(lookup.get_vocabulary())
lookup = layers.StringLookup(vocabulary=vocab, output_mode="one_hot")
print(lookup(tf.constant(["c", "z"])))

# -- encoding integer categorical features via one-hot encoding
data = tf.constant([[10], [20], [20], [10], [30], [0]])
lookup = layers.IntegerLookup(output_mode="one_hot")
lookup.adapt(data)
test_data = tf.constant([[10], [10], [20], [50], [60], [0]])
encoded_data = lookup(test_data)
print(encoded_data)
print(lookup.get_vocabulary())
lookup = layers.IntegerLookup(output_mode="one_hot", mask_token=0)
lookup.adapt(data)
print(lookup.get_vocabulary(), lookup(tf.constant([[10], [0], [60]])))

# -- applying the hashing trick to an integer categorical feature
data = rng.integers(0, 100000, size=(1000, 1))
hasher = layers.Hashing(num_bins=64, salt=1337)
encoder = layers.CategoryEncoding(num_tokens=64, output_mode="multi_hot")
encoded_data = encoder(hasher(data))
print(encoded_data.shape)
print(hasher(tf.constant([[1], [2], [99999]])), layers.Hashing(num_bins=64)(tf.constant([[1], [2], [99999]])))
print(int(tf.reduce_sum(encoded_data)), encoded_data.dtype)
print(layers.Hashing(num_bins=8, salt=[1, 2])(tf.constant(["a", "b", "c"])))

# -- encoding text as a sequence of token indices
adapt_data = tf.constant(
    [
        "The Brain is wider than the Sky",
        "For put them side by side",
        "The one the other will contain",
        "With ease and You beside",
    ]
)
text_vectorizer = layers.TextVectorization(output_mode="int")
text_vectorizer.adapt(adapt_data)
print(
    "Encoded text:\n",
    text_vectorizer(["The Brain is deeper than the sea"]).numpy(),
)
print(text_vectorizer.get_vocabulary())
inputs = keras.Input(shape=(None,), dtype="int64")
x = layers.Embedding(input_dim=text_vectorizer.vocabulary_size(), output_dim=16)(inputs)
x = layers.GRU(8)(x)
outputs = layers.Dense(1)(x)
model = keras.Model(inputs, outputs)
train_dataset = tf.data.Dataset.from_tensor_slices(
    (
        ["The Brain is deeper than the sea", "for if they are held Blue to Blue"],
        [1, 0],
    )
)
train_dataset = train_dataset.batch(2).map(lambda x, y: (text_vectorizer(x), y))
print(train_dataset.element_spec)
print("\nTraining model...")
model.compile(optimizer="rmsprop", loss="mse")
history = model.fit(train_dataset, verbose=0)
print([round(v, 4) for v in history.history["loss"]])
inputs = keras.Input(shape=(1,), dtype="string")
x = text_vectorizer(inputs)
outputs = model(x)
end_to_end_model = keras.Model(inputs, outputs)
test_data = tf.constant(["The one the other will absorb"])
test_output = end_to_end_model(test_data)
print("Model output:", test_output.shape, test_output.dtype, np.round(test_output.numpy(), 4))

# -- encoding text as a dense matrix of N-grams with multi-hot encoding
text_vectorizer = layers.TextVectorization(output_mode="multi_hot", ngrams=2)
text_vectorizer.adapt(adapt_data)
print(
    "Encoded text:\n",
    text_vectorizer(["The Brain is deeper than the sea"]).numpy(),
)
print(text_vectorizer.get_vocabulary()[:12])
inputs = keras.Input(shape=(text_vectorizer.vocabulary_size(),))
outputs = layers.Dense(1)(inputs)
model = keras.Model(inputs, outputs)
train_dataset = tf.data.Dataset.from_tensor_slices(
    (
        ["The Brain is deeper than the sea", "for if they are held Blue to Blue"],
        [1, 0],
    )
)
train_dataset = train_dataset.batch(2).map(lambda x, y: (text_vectorizer(x), y))
print("\nTraining model...")
model.compile(optimizer="rmsprop", loss="mse")
history = model.fit(train_dataset, verbose=0)
print([round(v, 4) for v in history.history["loss"]])
inputs = keras.Input(shape=(1,), dtype="string")
x = text_vectorizer(inputs)
try:
    outputs = model(x)
except ValueError as e:  # (Keras 3 keeps the (1,) axis: the guide's cell fails in TF 2.21)
    print("ValueError:", str(e).splitlines()[0])
inputs = keras.Input(shape=(), dtype="string")
x = text_vectorizer(inputs)
outputs = model(x)
end_to_end_model = keras.Model(inputs, outputs)
test_data = tf.constant(["The one the other will absorb"])
test_output = end_to_end_model(test_data)
print("Model output:", np.round(test_output.numpy(), 4))

# -- encoding text as a dense matrix of N-grams with TF-IDF weighting
text_vectorizer = layers.TextVectorization(output_mode="tf_idf", ngrams=2)
text_vectorizer.adapt(adapt_data)
print(
    "Encoded text:\n",
    text_vectorizer(["The Brain is deeper than the sea"]).numpy(),
)
print(np.round(text_vectorizer.idf_weights.numpy()[:8], 4) if hasattr(text_vectorizer, "idf_weights") else None)
inputs = keras.Input(shape=(text_vectorizer.vocabulary_size(),))
outputs = layers.Dense(1)(inputs)
model = keras.Model(inputs, outputs)
train_dataset = tf.data.Dataset.from_tensor_slices(
    (
        ["The Brain is deeper than the sea", "for if they are held Blue to Blue"],
        [1, 0],
    )
)
train_dataset = train_dataset.batch(2).map(lambda x, y: (text_vectorizer(x), y))
print("\nTraining model...")
model.compile(optimizer="rmsprop", loss="mse")
history = model.fit(train_dataset, verbose=0)
print([round(v, 4) for v in history.history["loss"]])
inputs = keras.Input(shape=(1,), dtype="string")
x = text_vectorizer(inputs)
try:
    outputs = model(x)
except ValueError as e:  # (Keras 3 keeps the (1,) axis: the guide's cell fails in TF 2.21)
    print("ValueError:", str(e).splitlines()[0])
inputs = keras.Input(shape=(), dtype="string")
x = text_vectorizer(inputs)
outputs = model(x)
end_to_end_model = keras.Model(inputs, outputs)
test_data = tf.constant(["The one the other will absorb"])
test_output = end_to_end_model(test_data)
print("Model output:", np.round(test_output.numpy(), 4))
print(end_to_end_model.layers[1].__class__.__name__, end_to_end_model.layers[1].get_config()["output_mode"])
