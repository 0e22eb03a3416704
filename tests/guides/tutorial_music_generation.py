# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Generate music with an RNN" tutorial at a small size, on seeded notes made here (no
MAESTRO download, no pretty_midi; NumPy columns in place of its pandas frame): the
pitch/step/duration table, create_sequences (window, flat_map of batches, the scaled
pitch, the labels as a dict), shuffle/batch/cache/prefetch, mse_with_positive_pressure,
the LSTM model with three named outputs and a dict of losses, evaluate with
return_dict, loss_weights, Keras 3's refusal of the tutorial's ModelCheckpoint path,
fit with ModelCheckpoint and EarlyStopping(restore_best_weights), and predict_next_note
sampling pitches with tf.random.categorical at a temperature."""

import os

import numpy as np
import tensorflow as tf

seed = 42
tf.random.set_seed(seed)
np.random.seed(seed)
tf.keras.utils.set_random_seed(seed)
np.set_printoptions(precision=4, suppress=True)

# Sampling rate for audio playback
_SAMPLING_RATE = 16000

rng = np.random.default_rng(seed)
# a "MIDI file": an arpeggio-like melody whose pitch climbs and falls, with jittered timing
n_notes = 160
pitch = (60 + 12 * np.abs(np.sin(np.arange(n_notes) / 5.0)) + rng.integers(0, 3, n_notes)).astype(np.int64)
step = np.round(rng.choice([0.125, 0.25, 0.5], n_notes) + rng.normal(0, 0.01, n_notes), 4)
step[0] = 0.0
start = np.cumsum(step)
duration = np.round(np.abs(rng.normal(0.3, 0.1, n_notes)), 4)
end = start + duration
raw_notes = {'pitch': pitch, 'start': start, 'end': end, 'step': step, 'duration': duration}
for k, v in raw_notes.items():
    print(k, v[:5])


def midi_to_notes_names(pitches):
    names = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B']
    return np.array([f"{names[p % 12]}{p // 12 - 1}" for p in pitches])


print(midi_to_notes_names(raw_notes['pitch'][:10]))

key_order = ['pitch', 'step', 'duration']
all_notes = raw_notes
n_notes = len(all_notes['pitch'])
print('Number of notes parsed:', n_notes)
train_notes = np.stack([all_notes[key] for key in key_order], axis=1)
notes_ds = tf.data.Dataset.from_tensor_slices(train_notes)
print(notes_ds.element_spec)


def create_sequences(
    dataset: tf.data.Dataset,
    seq_length: int,
    vocab_size=128,
) -> tf.data.Dataset:
    """Returns TF Dataset of sequence and label examples."""
    seq_length = seq_length + 1

    # Take 1 extra for the labels
    windows = dataset.window(seq_length, shift=1, stride=1,
                             drop_remainder=True)

    # `flat_map` flattens the" dataset of datasets" into a dataset of tensors
    def flatten(x):
        return x.batch(seq_length, drop_remainder=True)
    sequences = windows.flat_map(flatten)

    # Normalize note pitch
    def scale_pitch(x):
        x = x / [vocab_size, 1.0, 1.0]
        return x

    # Split the labels
    def split_labels(sequences):
        inputs = sequences[:-1]
        labels_dense = sequences[-1]
        labels = {key: labels_dense[i] for i, key in enumerate(key_order)}

        return scale_pitch(inputs), labels

    return sequences.map(split_labels, num_parallel_calls=tf.data.AUTOTUNE)


seq_length = 12
vocab_size = 128
seq_ds = create_sequences(notes_ds, seq_length, vocab_size)
print(seq_ds.element_spec)
for seq, target in seq_ds.take(1):
    print('sequence shape:', seq.shape)
    print('sequence elements (first 4):', seq[0: 4])
    print()
    print('target:', target)

batch_size = 16
buffer_size = n_notes - seq_length  # the number of items in the dataset
train_ds = (seq_ds
            .shuffle(buffer_size)
            .batch(batch_size, drop_remainder=True)
            .cache()
            .prefetch(tf.data.experimental.AUTOTUNE))
print(train_ds.element_spec)
print(int(train_ds.cardinality()), int(seq_ds.cardinality()))


def mse_with_positive_pressure(y_true: tf.Tensor, y_pred: tf.Tensor):
    mse = (y_true - y_pred) ** 2
    positive_pressure = 10 * tf.maximum(-y_pred, 0.0)
    return tf.reduce_mean(mse + positive_pressure)


input_shape = (seq_length, 3)
learning_rate = 0.005

inputs = tf.keras.Input(input_shape)
x = tf.keras.layers.LSTM(32)(inputs)

outputs = {
    'pitch': tf.keras.layers.Dense(128, name='pitch')(x),
    'step': tf.keras.layers.Dense(1, name='step')(x),
    'duration': tf.keras.layers.Dense(1, name='duration')(x),
}

model = tf.keras.Model(inputs, outputs)

loss = {
    'pitch': tf.keras.losses.SparseCategoricalCrossentropy(
        from_logits=True),
    'step': mse_with_positive_pressure,
    'duration': mse_with_positive_pressure,
}

optimizer = tf.keras.optimizers.Adam(learning_rate=learning_rate)

model.compile(loss=loss, optimizer=optimizer)

model.summary()
losses = model.evaluate(train_ds, return_dict=True, verbose=0)
print({k: round(v, 4) for k, v in sorted(losses.items())})

model.compile(
    loss=loss,
    loss_weights={
        'pitch': 0.05,
        'step': 1.0,
        'duration': 1.0,
    },
    optimizer=optimizer,
)
print({k: round(v, 4) for k, v in sorted(model.evaluate(train_ds, return_dict=True, verbose=0).items())})

try:
    tf.keras.callbacks.ModelCheckpoint(
        filepath='./training_checkpoints/ckpt_{epoch}',
        save_weights_only=True)
except ValueError as e:
    print(type(e).__name__, e)

callbacks = [
    tf.keras.callbacks.ModelCheckpoint(
        filepath='./training_checkpoints/ckpt_{epoch}.weights.h5',
        save_weights_only=True),
    tf.keras.callbacks.EarlyStopping(
        monitor='loss',
        patience=2,
        verbose=1,
        restore_best_weights=True),
]

epochs = 4

history = model.fit(
    train_ds,
    epochs=epochs,
    callbacks=callbacks,
    verbose=0,
)
print({k: [round(v, 3) for v in vs] for k, vs in sorted(history.history.items())})
print(sorted(os.listdir('training_checkpoints')))


def predict_next_note(
        notes: np.ndarray,
        model: tf.keras.Model,
        temperature: float = 1.0) -> tuple[int, float, float]:
    """Generates a note as a tuple of (pitch, step, duration), using a trained sequence model."""

    assert temperature > 0

    # Add batch dimension
    inputs = tf.expand_dims(notes, 0)

    predictions = model.predict(inputs, verbose=0)
    pitch_logits = predictions['pitch']
    step = predictions['step']
    duration = predictions['duration']

    pitch_logits /= temperature
    pitch = tf.random.categorical(pitch_logits, num_samples=1)
    pitch = tf.squeeze(pitch, axis=-1)
    duration = tf.squeeze(duration, axis=-1)
    step = tf.squeeze(step, axis=-1)

    # `step` and `duration` values should be non-negative
    step = tf.maximum(0, step)
    duration = tf.maximum(0, duration)

    return int(pitch), float(step), float(duration)


temperature = 2.0
num_predictions = 8

sample_notes = np.stack([raw_notes[key] for key in key_order], axis=1)

# The initial sequence of notes; pitch is normalized similar to training
# sequences
input_notes = (
    sample_notes[:seq_length] / np.array([vocab_size, 1, 1]))

# int() of the (1,)-shaped pitch: NumPy 2's refusal in TF 2.21's tensor __int__
try:
    predict_next_note(input_notes, model, temperature)
except TypeError as e:
    print(type(e).__name__, e)


def predict_next_note(notes, model, temperature=1.0):
    inputs = tf.expand_dims(notes, 0)
    predictions = model.predict(inputs, verbose=0)
    pitch_logits = predictions['pitch'] / temperature
    pitch = tf.squeeze(tf.random.categorical(pitch_logits, num_samples=1))
    step = tf.maximum(0, tf.squeeze(predictions['step']))
    duration = tf.maximum(0, tf.squeeze(predictions['duration']))
    return int(pitch), float(step), float(duration)


generated_notes = []
prev_start = 0
for _ in range(num_predictions):
    pitch, step, duration = predict_next_note(input_notes, model, temperature)
    start = prev_start + step
    end = start + duration
    input_note = (pitch, step, duration)
    generated_notes.append((*input_note, start, end))
    input_notes = np.delete(input_notes, 0, axis=0)
    input_notes = np.append(input_notes, np.expand_dims(input_note, 0), axis=0)
    prev_start = start

generated_notes = np.array(generated_notes)
print(generated_notes[:, 0].astype(int))
print(np.round(generated_notes[:, 1:], 3))
print(midi_to_notes_names(generated_notes[:, 0].astype(int)))
print(input_notes.shape, input_notes.dtype)
