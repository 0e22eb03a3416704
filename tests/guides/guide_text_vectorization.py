# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Text as TF's "Basic text classification" and "Word embeddings" tutorials prepare it, on a
# small local corpus: TextVectorization (standardization, vocabulary, int / multi_hot /
# count / tf_idf outputs, n-grams, a fixed sequence length) adapted on a dataset, an
# Embedding with GlobalAveragePooling1D trained a few steps, and StringLookup/IntegerLookup.
import re
import string

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(7)

texts = ["The movie was <br />great, GREAT fun!", "terrible plot; awful acting...",
         "I loved the acting and the plot", "not good. not fun. boring",
         "A great, great film", "awful, boring, terrible", "fun fun fun!", "the plot was good"]
labels = np.array([1, 0, 1, 0, 1, 0, 1, 1])
raw_train_ds = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(4)
print(raw_train_ds.element_spec)
for text_batch, label_batch in raw_train_ds.take(1):
    for i in range(2):
        print("Review", text_batch.numpy()[i])
        print("Label", label_batch.numpy()[i])


def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, '<br />', ' ')
    return tf.strings.regex_replace(stripped_html, '[%s]' % re.escape(string.punctuation), '')


print(custom_standardization(tf.constant(texts[:2])))
max_features = 20
sequence_length = 6
vectorize_layer = layers.TextVectorization(
    standardize=custom_standardization,
    max_tokens=max_features,
    output_mode='int',
    output_sequence_length=sequence_length)
train_text = raw_train_ds.map(lambda x, y: x)
vectorize_layer.adapt(train_text)
print(vectorize_layer.get_vocabulary())
print(vectorize_layer.vocabulary_size())


def vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return vectorize_layer(text), label


text_batch, label_batch = next(iter(raw_train_ds))
first_review, first_label = text_batch[0], label_batch[0]
print("Review", first_review)
print("Vectorized review", vectorize_text(first_review, first_label))
print("7 ---> ", vectorize_layer.get_vocabulary()[7])
cfg = vectorize_layer.get_config()
print(sorted(cfg))
print({k: cfg[k] for k in ("max_tokens", "output_mode", "output_sequence_length", "split", "ngrams", "pad_to_max_tokens", "sparse", "ragged", "encoding", "name")})

train_ds = raw_train_ds.map(vectorize_text)
print(train_ds.element_spec)

for mode in ["multi_hot", "count", "tf_idf"]:
    v = layers.TextVectorization(max_tokens=10, output_mode=mode)
    v.adapt(texts)
    print(mode, v.get_vocabulary())
    print(np.round(v(["great fun great", "awful plot xyz"]).numpy(), 4))
v = layers.TextVectorization(output_mode="int", ngrams=2, max_tokens=15)
v.adapt(texts[:3])
print(v.get_vocabulary())
print(v(["the movie was great"]))
v = layers.TextVectorization(output_mode="int", ragged=True)
v.adapt(texts)
print(v(["fun plot", "the movie was great fun"]))
v = layers.TextVectorization(output_mode="int", vocabulary=["a", "b", "c"], split="character", standardize=None)
print(v(["abcab", "xa"]), v.get_vocabulary(include_special_tokens=False))
v = layers.TextVectorization(output_mode="multi_hot", vocabulary=["a", "b"], pad_to_max_tokens=True, max_tokens=5)
print(v(["a b a", "c"]))

embedding_dim = 4
model = keras.Sequential([
    layers.Embedding(max_features, embedding_dim),
    layers.Dropout(0.2),
    layers.GlobalAveragePooling1D(),
    layers.Dropout(0.2),
    layers.Dense(1)])
model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=True),
              optimizer='adam',
              metrics=[keras.metrics.BinaryAccuracy(threshold=0.0)])
history = model.fit(train_ds, epochs=3, verbose=0)
print(sorted(history.history), [round(v, 4) for v in history.history["loss"]])
model.summary()
loss, accuracy = model.evaluate(train_ds, verbose=0)
print("Loss: %.4f Accuracy: %.4f" % (loss, accuracy))
export_model = keras.Sequential([vectorize_layer, model, layers.Activation('sigmoid')])
export_model.compile(loss=keras.losses.BinaryCrossentropy(from_logits=False), optimizer="adam", metrics=['accuracy'])
print(np.round(export_model.predict(tf.constant(["great fun", "awful plot", "the"]), verbose=0), 4))
weights = model.get_layer(index=0).get_weights()[0]
print(weights.shape, np.round(weights[1], 4))

emb = layers.Embedding(1000, 5)
result = emb(tf.constant([1, 2, 3]))
print(result.shape, emb.get_config()["embeddings_initializer"])
result = emb(tf.constant([[0, 1, 2], [3, 4, 5]]))
print(result.shape)
emb = layers.Embedding(10, 3, mask_zero=True)
print(emb.compute_mask(tf.constant([[0, 1, 2], [3, 0, 5]])))

# lookups
vocab = ["a", "b", "c", "d"]
data = tf.constant([["a", "c", "d"], ["d", "z", "b"]])
layer = layers.StringLookup(vocabulary=vocab)
print(layer(data), layer.vocabulary_size(), layer.get_vocabulary())
layer = layers.StringLookup(vocabulary=vocab, num_oov_indices=2, mask_token="")
print(layer(data), layer.get_vocabulary())
inv = layers.StringLookup(vocabulary=vocab, invert=True)
print(inv(tf.constant([[1, 3, 4], [4, 0, 2]])))
layer = layers.StringLookup(output_mode="one_hot", vocabulary=vocab)
print(layer(tf.constant(["a", "z"])))
layer = layers.StringLookup(output_mode="tf_idf", vocabulary=vocab, idf_weights=[0.25, 0.75, 0.6, 0.4])
print(layer(tf.constant([["a", "c", "d", "d"], ["d", "z", "b", "z"]])))
layer = layers.IntegerLookup(max_tokens=4)
layer.adapt(tf.constant([12, 36, 1138, 42, 42, 12, 12]))
print(layer.get_vocabulary(), layer(tf.constant([[12, 1138, 42], [42, 1000, 36]])))
layer = layers.StringLookup()
layer.adapt(tf.data.Dataset.from_tensor_slices(["x", "y", "x", "z", "x", "y"]))
print(layer.get_vocabulary(), layer.get_config()["vocabulary_size"] if "vocabulary_size" in layer.get_config() else None)
for f in [lambda: layers.StringLookup(vocabulary=["a", "a"]), lambda: layers.TextVectorization(output_mode="bad"),
          lambda: layers.TextVectorization(output_sequence_length=3, output_mode="count"),
          lambda: layers.StringLookup(vocabulary=vocab, invert=True, output_mode="count"),
          lambda: layers.TextVectorization(max_tokens=1)]:
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__, e)
