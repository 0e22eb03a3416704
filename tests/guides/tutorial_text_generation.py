# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Text generation with an RNN" on a short generated text: unicode_split into
characters, StringLookup and its inverse, sequences by batch(drop_remainder), the
split_input_target map, the GRU model (return_sequences/return_state) and its summary,
sampled indices, the untrained loss, fit with a checkpoint callback, the OneStep generator
(a tf.function with a masked prediction), and the custom training step variant."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
words = ["ROMEO:", "JULIET:", "thou", "art", "love", "night", "fair", "sweet", "moon", "doth"]
rng = np.random.default_rng(1)
text = "\n".join(" ".join(rng.choice(words, size=6)) for _ in range(40))
print(f'Length of text: {len(text)} characters')
print(text[:60])
vocab = sorted(set(text))
print(f'{len(vocab)} unique characters')

example_texts = ['abcdefg', 'xyz']
chars = tf.strings.unicode_split(example_texts, input_encoding='UTF-8')
print(chars)
ids_from_chars = tf.keras.layers.StringLookup(vocabulary=list(vocab), mask_token=None)
ids = ids_from_chars(chars)
print(ids)
chars_from_ids = tf.keras.layers.StringLookup(vocabulary=ids_from_chars.get_vocabulary(), invert=True, mask_token=None)
chars = chars_from_ids(ids)
print(chars)
print(tf.strings.reduce_join(chars, axis=-1).numpy())


def text_from_ids(ids):
    return tf.strings.reduce_join(chars_from_ids(ids), axis=-1)


all_ids = ids_from_chars(tf.strings.unicode_split(text, 'UTF-8'))
print(all_ids[:12])
ids_dataset = tf.data.Dataset.from_tensor_slices(all_ids)
for ids in ids_dataset.take(5):
    print(chars_from_ids(ids).numpy().decode('utf-8'))
seq_length = 20
sequences = ids_dataset.batch(seq_length + 1, drop_remainder=True)
for seq in sequences.take(1):
    print(chars_from_ids(seq))
for seq in sequences.take(2):
    print(text_from_ids(seq).numpy())


def split_input_target(sequence):
    input_text = sequence[:-1]
    target_text = sequence[1:]
    return input_text, target_text


print(split_input_target(list("Tensorflow")))
dataset = sequences.map(split_input_target)
for input_example, target_example in dataset.take(1):
    print("Input :", text_from_ids(input_example).numpy())
    print("Target:", text_from_ids(target_example).numpy())
BATCH_SIZE = 8
BUFFER_SIZE = 100
dataset = (dataset.shuffle(BUFFER_SIZE, seed=3).batch(BATCH_SIZE, drop_remainder=True).prefetch(tf.data.experimental.AUTOTUNE))
print(dataset)
vocab_size = len(ids_from_chars.get_vocabulary())
embedding_dim = 16
rnn_units = 32


class OldModel(tf.keras.Model):
    def __init__(self):
        super().__init__(self)  # as the tutorial wrote it for Keras 2


try:
    OldModel()
except TypeError as e:
    print(type(e).__name__, e)


class MyModel(tf.keras.Model):
    def __init__(self, vocab_size, embedding_dim, rnn_units):
        super().__init__()
        self.embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim)
        self.gru = tf.keras.layers.GRU(rnn_units, return_sequences=True, return_state=True)
        self.dense = tf.keras.layers.Dense(vocab_size)

    def call(self, inputs, states=None, return_state=False, training=False):
        x = inputs
        x = self.embedding(x, training=training)
        if states is None:
            states = self.gru.get_initial_state(tf.shape(x)[0])  # Keras 3 takes the batch size
        x, states = self.gru(x, initial_state=states, training=training)
        x = self.dense(x, training=training)
        if return_state:
            return x, states
        else:
            return x


gru = tf.keras.layers.GRU(4, return_state=True)
print(gru.get_initial_state(3))
try:  # the tutorial's Keras 2 call, given the embedded inputs
    gru.get_initial_state(tf.zeros((2, 5, 3)))
except Exception as e:
    print(type(e).__name__, e)
model = MyModel(vocab_size=vocab_size, embedding_dim=embedding_dim, rnn_units=rnn_units)
for input_example_batch, target_example_batch in dataset.take(1):
    example_batch_predictions = model(input_example_batch)
    print(example_batch_predictions.shape, "# (batch_size, sequence_length, vocab_size)")
model.summary()
sampled_indices = tf.random.categorical(example_batch_predictions[0], num_samples=1, seed=5)
sampled_indices = tf.squeeze(sampled_indices, axis=-1).numpy()
print(sampled_indices.shape, sampled_indices.dtype)
loss = tf.losses.SparseCategoricalCrossentropy(from_logits=True)
example_batch_mean_loss = loss(target_example_batch, example_batch_predictions)
print("Prediction shape: ", example_batch_predictions.shape, " # (batch_size, sequence_length, vocab_size)")
print("Mean loss:        ", round(float(example_batch_mean_loss), 4))
print(round(float(tf.exp(example_batch_mean_loss).numpy()), 3))
model.compile(optimizer='adam', loss=loss)
checkpoint_dir = './training_checkpoints'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt_{epoch}.weights.h5")
checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_prefix, save_weights_only=True)
history = model.fit(dataset, epochs=3, callbacks=[checkpoint_callback], verbose=0)
print([round(v, 4) for v in history.history['loss']])
print(sorted(os.listdir(checkpoint_dir)))


class OneStep(tf.keras.Model):
    def __init__(self, model, chars_from_ids, ids_from_chars, temperature=1.0):
        super().__init__()
        self.temperature = temperature
        self.model = model
        self.chars_from_ids = chars_from_ids
        self.ids_from_chars = ids_from_chars
        skip_ids = self.ids_from_chars(['[UNK]'])[:, None]
        sparse_mask = tf.SparseTensor(values=[-float('inf')] * len(skip_ids), indices=skip_ids,
                                      dense_shape=[len(ids_from_chars.get_vocabulary())])
        self.prediction_mask = tf.sparse.to_dense(sparse_mask)

    @tf.function
    def generate_one_step(self, inputs, states=None):
        input_chars = tf.strings.unicode_split(inputs, 'UTF-8')
        input_ids = self.ids_from_chars(input_chars).to_tensor()
        predicted_logits, states = self.model(inputs=input_ids, states=states, return_state=True)
        predicted_logits = predicted_logits[:, -1, :]
        predicted_logits = predicted_logits / self.temperature
        predicted_logits = predicted_logits + self.prediction_mask
        predicted_ids = tf.random.categorical(predicted_logits, num_samples=1)
        predicted_ids = tf.squeeze(predicted_ids, axis=-1)
        predicted_chars = self.chars_from_ids(predicted_ids)
        return predicted_chars, states


one_step_model = OneStep(model, chars_from_ids, ids_from_chars)
print(one_step_model.prediction_mask)
states = None
next_char = tf.constant(['ROMEO:'])
result = [next_char]
for n in range(20):
    next_char, states = one_step_model.generate_one_step(next_char, states=states)
    result.append(next_char)
result = tf.strings.join(result)
print(result.dtype, result.shape, states.shape)
next_char = tf.constant(['ROMEO:', 'ROMEO:', 'ROMEO:'])
states = None
for n in range(5):
    next_char, states = one_step_model.generate_one_step(next_char, states=states)
print(next_char.shape, states.shape, one_step_model.generate_one_step.experimental_get_tracing_count())


class CustomTraining(MyModel):
    @tf.function
    def train_step(self, inputs):
        inputs, labels = inputs
        with tf.GradientTape() as tape:
            predictions = self(inputs, training=True)
            loss = self.loss(labels, predictions)
        grads = tape.gradient(loss, model.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return {'loss': loss}


model = CustomTraining(vocab_size=len(ids_from_chars.get_vocabulary()), embedding_dim=embedding_dim, rnn_units=rnn_units)
model.compile(optimizer=tf.keras.optimizers.Adam(), loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(dataset, epochs=1, verbose=0)
print(list(history.history), len(history.history['loss']))
mean = tf.metrics.Mean()
for epoch in range(2):
    mean.reset_state()
    for (batch_n, (inp, target)) in enumerate(dataset):
        logs = model.train_step([inp, target])
        mean.update_state(logs['loss'])
    print(f'Epoch {epoch + 1} Loss: {mean.result().numpy():.4f}')
