# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Basic text classification" on generated review files: text_dataset_from_directory
(train/validation split with a seed, class names), a custom standardization, TextVectorization
(int output, vocabulary, a vectorized review), Embedding + GlobalAveragePooling1D trained with
BinaryAccuracy, and the export model taking raw strings."""

import os
import re
import string

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, losses

tf.keras.utils.set_random_seed(1)
good = ["great", "wonderful", "loved", "superb", "fun", "moving", "brilliant"]
bad = ["boring", "awful", "hated", "dull", "weak", "mess", "terrible"]
filler = ["the", "movie", "plot", "actors", "was", "and", "a", "film", "story", "it"]
rng = np.random.default_rng(2)
for split, count in [("train", 60), ("test", 20)]:
    for label, words in [("pos", good), ("neg", bad)]:
        os.makedirs(os.path.join("aclImdb", split, label))
        for i in range(count):
            toks = list(rng.choice(filler, size=8)) + list(rng.choice(words, size=3))
            rng.shuffle(toks)
            text = " ".join(toks[:5]) + ".<br /><br />" + " ".join(toks[5:]).capitalize() + "!"
            with open(os.path.join("aclImdb", split, label, f"{i}_{i % 10}.txt"), "w") as f:
                f.write(text)
print(sorted(os.listdir("aclImdb/train")))

batch_size = 16
seed = 42
raw_train_ds = tf.keras.utils.text_dataset_from_directory(
    'aclImdb/train', batch_size=batch_size, validation_split=0.2, subset='training', seed=seed)
for text_batch, label_batch in raw_train_ds.take(1):
    for i in range(2):
        print("Review", text_batch.numpy()[i])
        print("Label", label_batch.numpy()[i])
print("Label 0 corresponds to", raw_train_ds.class_names[0])
print("Label 1 corresponds to", raw_train_ds.class_names[1])
raw_val_ds = tf.keras.utils.text_dataset_from_directory(
    'aclImdb/train', batch_size=batch_size, validation_split=0.2, subset='validation', seed=seed)
raw_test_ds = tf.keras.utils.text_dataset_from_directory('aclImdb/test', batch_size=batch_size)
print(raw_train_ds.element_spec)
print(raw_train_ds.cardinality().numpy(), raw_val_ds.cardinality().numpy(), raw_test_ds.cardinality().numpy())


def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, '<br />', ' ')
    return tf.strings.regex_replace(stripped_html, '[%s]' % re.escape(string.punctuation), '')


print(custom_standardization(tf.constant(["Hello, <br />World!"])))
max_features = 40
sequence_length = 16
vectorize_layer = layers.TextVectorization(
    standardize=custom_standardization, max_tokens=max_features,
    output_mode='int', output_sequence_length=sequence_length)
train_text = raw_train_ds.map(lambda x, y: x)
vectorize_layer.adapt(train_text)


def vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return vectorize_layer(text), label


text_batch, label_batch = next(iter(raw_train_ds))
first_review, first_label = text_batch[0], label_batch[0]
print("Review", first_review)
print("Label", raw_train_ds.class_names[first_label])
print("Vectorized review", vectorize_text(first_review, first_label))
print("1287 ---> ", vectorize_layer.get_vocabulary()[12])
print(" 313 ---> ", vectorize_layer.get_vocabulary()[3])
print('Vocabulary size: {}'.format(len(vectorize_layer.get_vocabulary())))
print(vectorize_layer.get_vocabulary()[:6])
train_ds = raw_train_ds.map(vectorize_text)
val_ds = raw_val_ds.map(vectorize_text)
test_ds = raw_test_ds.map(vectorize_text)
print(train_ds.element_spec)
AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)
test_ds = test_ds.cache().prefetch(buffer_size=AUTOTUNE)

embedding_dim = 8
model = tf.keras.Sequential([
    layers.Embedding(max_features, embedding_dim),
    layers.Dropout(0.2),
    layers.GlobalAveragePooling1D(),
    layers.Dropout(0.2),
    layers.Dense(1, activation='sigmoid')])
model.summary()
model.compile(loss=losses.BinaryCrossentropy(),
              optimizer='adam',
              metrics=[tf.metrics.BinaryAccuracy(threshold=0.5)])
history = model.fit(train_ds, validation_data=val_ds, epochs=4, verbose=0)
model.summary()
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
loss, accuracy = model.evaluate(test_ds, verbose=0)
print("Loss: ", round(loss, 4))
print("Accuracy: ", round(accuracy, 4))

export_model = tf.keras.Sequential([vectorize_layer, model, layers.Activation('sigmoid')])
export_model.compile(loss=losses.BinaryCrossentropy(from_logits=False), optimizer="adam",
                     metrics=['accuracy'])
metrics = export_model.evaluate(raw_test_ds, return_dict=True, verbose=0)
print({k: round(v, 4) for k, v in metrics.items()})
examples = tf.constant(["The movie was great!", "The movie was okay.", "The movie was terrible..."])
print(np.round(export_model.predict(examples, verbose=0), 4))
print(export_model.layers[0].name, export_model.output_shape if export_model.built else None)
print(vectorize_layer(examples))
print(vectorize_layer.get_config()['max_tokens'], vectorize_layer.vocabulary_size())
