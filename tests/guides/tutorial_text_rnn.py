# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Text classification with an RNN" and "Word embeddings" tutorials on a generated
review dataset: TextVectorization adapted, Embedding(mask_zero=True) and its mask through a
Bidirectional LSTM (supports_masking, padding-invariant predictions), stacked LSTMs with
return_sequences, the word-embeddings model (Embedding + GlobalAveragePooling1D) with the
embedding weights read back for export."""

import io
import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(17)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(17)
good = ["great", "fine", "superb", "fun"]
bad = ["awful", "dull", "boring", "bad"]
filler = ["the", "movie", "was", "a", "plot", "it", "and"]
texts, labels = [], []
for i in range(64):
    label = i % 2
    words = list(rng.choice(filler, size=rng.integers(3, 8))) + list(rng.choice(good if label else bad, size=2))
    rng.shuffle(words)
    texts.append(" ".join(words))
    labels.append(label)
dataset = tf.data.Dataset.from_tensor_slices((texts, np.array(labels, 'int64')))
train_dataset, test_dataset = dataset.take(48), dataset.skip(48)
print(train_dataset.element_spec)
for example, label in train_dataset.take(1):
    print('text: ', example.numpy())
    print('label: ', label.numpy())
BUFFER_SIZE = 100
BATCH_SIZE = 16
train_dataset = train_dataset.shuffle(BUFFER_SIZE, seed=1).batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
test_dataset = test_dataset.batch(BATCH_SIZE).prefetch(tf.data.AUTOTUNE)
for example, label in train_dataset.take(1):
    print('texts: ', example.numpy()[:3])
    print()
    print('labels: ', label.numpy()[:3])
VOCAB_SIZE = 20
encoder = tf.keras.layers.TextVectorization(max_tokens=VOCAB_SIZE)
encoder.adapt(train_dataset.map(lambda text, label: text))
vocab = np.array(encoder.get_vocabulary())
print(vocab[:20])
encoded_example = encoder(example)[:3].numpy()
print(encoded_example)
for n in range(3):
    print("Original: ", example[n].numpy())
    print("Round-trip: ", " ".join(vocab[encoded_example[n]]))
    print()
model = tf.keras.Sequential([
    encoder,
    tf.keras.layers.Embedding(input_dim=len(encoder.get_vocabulary()), output_dim=8, mask_zero=True),
    tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(8)),
    tf.keras.layers.Dense(8, activation='relu'),
    tf.keras.layers.Dense(1)
])
print([layer.supports_masking for layer in model.layers])
sample_text = ('The movie was cool. The animation and the graphics were out of this world. I would recommend this movie.')
try:  # Keras 3 refuses a NumPy array of str
    model.predict(np.array([sample_text]), verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
predictions = model.predict(tf.constant([sample_text]), verbose=0)
print(predictions[0])
padding = "the " * 20
predictions = model.predict(tf.constant([sample_text, padding]), verbose=0)
print(predictions[0])
model.compile(loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              optimizer=tf.keras.optimizers.Adam(1e-3), metrics=['accuracy'])
history = model.fit(train_dataset, epochs=2, validation_data=test_dataset, validation_steps=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
test_loss, test_acc = model.evaluate(test_dataset, verbose=0)
print('Test Loss:', round(test_loss, 4))
print('Test Accuracy:', round(test_acc, 4))
model.summary()
model = tf.keras.Sequential([
    encoder,
    tf.keras.layers.Embedding(len(encoder.get_vocabulary()), 8, mask_zero=True),
    tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(8, return_sequences=True)),
    tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(4)),
    tf.keras.layers.Dense(8, activation='relu'),
    tf.keras.layers.Dropout(0.5),
    tf.keras.layers.Dense(1)
])
model.compile(loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              optimizer=tf.keras.optimizers.Adam(1e-3), metrics=['accuracy'])
history = model.fit(train_dataset, epochs=1, validation_data=test_dataset, validation_steps=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
predictions = model.predict(tf.constant([sample_text]), verbose=0)
print(predictions.shape)
bi = model.layers[2]
print(bi.name, bi.forward_layer.name, bi.backward_layer.name, bi.merge_mode, bi.backward_layer.go_backwards)
print([w.path for w in bi.weights])
emb = model.layers[1]
print(emb.compute_mask(tf.constant([[3, 0, 2, 0]])))

# -- word embeddings
embedding_layer = tf.keras.layers.Embedding(1000, 5)
result = embedding_layer(tf.constant([1, 2, 3]))
print(result.numpy().shape)
result = embedding_layer(tf.constant([[0, 1, 2], [3, 4, 5]]))
print(result.shape)
print(embedding_layer.get_config())
vectorize_layer = tf.keras.layers.TextVectorization(max_tokens=VOCAB_SIZE, output_mode='int', output_sequence_length=10)
vectorize_layer.adapt(tf.data.Dataset.from_tensor_slices(texts).batch(16))
embedding_dim = 4
model = tf.keras.Sequential([
    vectorize_layer,
    tf.keras.layers.Embedding(VOCAB_SIZE, embedding_dim, name="embedding"),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(8, activation='relu'),
    tf.keras.layers.Dense(1)
])
tensorboard_callback = tf.keras.callbacks.TensorBoard(log_dir="logs")
model.compile(optimizer='adam', loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), metrics=['accuracy'])
history = model.fit(dataset.batch(16), epochs=3, callbacks=[tensorboard_callback], verbose=0)
print([round(v, 4) for v in history.history['loss']])
model.summary()
weights = model.get_layer('embedding').get_weights()[0]
vocab = vectorize_layer.get_vocabulary()
print(weights.shape, len(vocab))
out_v = io.StringIO()
out_m = io.StringIO()
for index, word in enumerate(vocab):
    if index == 0:
        continue
    vec = weights[index]
    out_v.write('\t'.join([str(x) for x in vec]) + "\n")
    out_m.write(word + "\n")
print(len(out_m.getvalue().splitlines()), out_m.getvalue().splitlines()[:3])
print(sorted(os.listdir("logs")))
