# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Simple audio recognition" tutorial, its end-to-end part on small seeded .wav
files: squeeze and the spectrogram mapped over audio_dataset_from_directory's batches
(with ensure_shape), a tiny model with Resizing and an adapted Normalization trained a
few epochs, the test set's evaluation and confusion matrix, and the ExportModel
tf.Module whose tf.function takes a file name or a waveform batch (two concrete
functions), saved with tf.saved_model.save, loaded back and called both ways."""

import os

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, models

seed = 42
tf.random.set_seed(seed)
np.random.seed(seed)
tf.keras.utils.set_random_seed(seed)
rng = np.random.default_rng(seed)

RATE = 1000
data_dir = "mini_speech_commands"
commands = ["down", "go", "left", "no"]
for i, word in enumerate(commands):
    os.makedirs(os.path.join(data_dir, word))
    for k in range(8):
        length = RATE - 50 * (k % 4)
        t = np.arange(length) / RATE
        wave = 0.4 * np.sin(2 * np.pi * (50 + 60 * i) * t) + 0.05 * rng.normal(size=length)
        audio = tf.constant(wave.astype("float32")[:, None])
        tf.io.write_file(os.path.join(data_dir, word, f"{k:02d}_nohash_0.wav"),
                         tf.audio.encode_wav(audio, RATE))
commands = np.array(tf.io.gfile.listdir(str(data_dir)))
commands = commands[(commands != 'README.md') & (commands != '.DS_Store')]
print('Commands:', np.sort(commands))

train_ds, val_ds = tf.keras.utils.audio_dataset_from_directory(
    directory=data_dir,
    batch_size=4,
    validation_split=0.25,
    seed=0,
    output_sequence_length=RATE,
    subset='both')

label_names = np.array(train_ds.class_names)
print()
print("label names:", label_names)
print(train_ds.element_spec)


def squeeze(audio, labels):
    audio = tf.squeeze(audio, axis=-1)
    return audio, labels


train_ds = train_ds.map(squeeze, tf.data.AUTOTUNE)
val_ds = val_ds.map(squeeze, tf.data.AUTOTUNE)

test_ds = val_ds.shard(num_shards=2, index=0)
val_ds = val_ds.shard(num_shards=2, index=1)
print(train_ds.cardinality().numpy(), val_ds.cardinality().numpy(), test_ds.cardinality().numpy())

for example_audio, example_labels in train_ds.take(1):
    print(example_audio.shape)
    print(example_labels.shape)


def get_spectrogram(waveform):
    # Convert the waveform to a spectrogram via a STFT.
    spectrogram = tf.signal.stft(
        waveform, frame_length=255, frame_step=128)
    # Obtain the magnitude of the STFT.
    spectrogram = tf.abs(spectrogram)
    # Add a `channels` dimension, so that the spectrogram can be used
    # as image-like input data with convolution layers (which expect
    # shape (`batch_size`, `height`, `width`, `channels`).
    spectrogram = spectrogram[..., tf.newaxis]
    return spectrogram


for i in range(3):
    label = label_names[example_labels[i]]
    waveform = example_audio[i]
    spectrogram = get_spectrogram(waveform)

    print('Label:', label)
    print('Waveform shape:', waveform.shape)
    print('Spectrogram shape:', spectrogram.shape)


def make_spec_ds(ds):
    return ds.map(
        map_func=lambda audio, label: (tf.ensure_shape(get_spectrogram(audio), [None, 6, 129, 1]), label),
        num_parallel_calls=tf.data.AUTOTUNE)


train_spectrogram_ds = make_spec_ds(train_ds)
val_spectrogram_ds = make_spec_ds(val_ds)
test_spectrogram_ds = make_spec_ds(test_ds)
print(train_spectrogram_ds.element_spec)

for example_spectrograms, example_spect_labels in train_spectrogram_ds.take(1):
    break

train_spectrogram_ds = train_spectrogram_ds.cache().shuffle(100, seed=1).prefetch(tf.data.AUTOTUNE)
val_spectrogram_ds = val_spectrogram_ds.cache().prefetch(tf.data.AUTOTUNE)
test_spectrogram_ds = test_spectrogram_ds.cache().prefetch(tf.data.AUTOTUNE)

input_shape = example_spectrograms.shape[1:]
print('Input shape:', input_shape)
num_labels = len(label_names)

# Instantiate the `tf.keras.layers.Normalization` layer.
norm_layer = layers.Normalization()
# Fit the state of the layer to the spectrograms
# with `Normalization.adapt`.
norm_layer.adapt(data=train_spectrogram_ds.map(map_func=lambda spec, label: spec))
print(norm_layer.mean.shape, np.round(float(tf.reduce_mean(norm_layer.variance)), 5))

model = models.Sequential([
    layers.Input(shape=input_shape),
    # Downsample the input.
    layers.Resizing(8, 32),
    # Normalize.
    norm_layer,
    layers.Conv2D(8, 3, activation='relu'),
    layers.Conv2D(16, 3, activation='relu'),
    layers.MaxPooling2D(),
    layers.Dropout(0.25),
    layers.Flatten(),
    layers.Dense(32, activation='relu'),
    layers.Dropout(0.5),
    layers.Dense(num_labels),
])

model.summary()
model.compile(
    optimizer=tf.keras.optimizers.Adam(),
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=['accuracy'],
)
EPOCHS = 4
history = model.fit(
    train_spectrogram_ds,
    validation_data=val_spectrogram_ds,
    epochs=EPOCHS,
    callbacks=tf.keras.callbacks.EarlyStopping(verbose=1, patience=2),
    verbose=0,
)
metrics = history.history
print({k: [round(v, 4) for v in vs] for k, vs in metrics.items()})
print({k: round(v, 4) for k, v in model.evaluate(test_spectrogram_ds, return_dict=True, verbose=0).items()})

y_pred = model.predict(test_spectrogram_ds, verbose=0)
y_pred = tf.argmax(y_pred, axis=1)
y_true = tf.concat(list(test_spectrogram_ds.map(lambda s, lab: lab)), axis=0)
confusion_mtx = tf.math.confusion_matrix(y_true, y_pred)
print(confusion_mtx)

x = os.path.join(data_dir, 'no', '01_nohash_0.wav')
x = tf.io.read_file(str(x))
x, sample_rate = tf.audio.decode_wav(x, desired_channels=1, desired_samples=RATE,)
x = tf.squeeze(x, axis=-1)
waveform = x
x = get_spectrogram(x)
x = x[tf.newaxis, ...]

prediction = model(x)
print(label_names, np.round(tf.nn.softmax(prediction[0]).numpy(), 3))


class ExportModel(tf.Module):
    def __init__(self, model):
        self.model = model

        # Accept either a string-filename or a batch of waveforms.
        # You could add additional signatures for a single wave, or a ragged-batch.
        self.__call__.get_concrete_function(
            x=tf.TensorSpec(shape=(), dtype=tf.string))
        self.__call__.get_concrete_function(
            x=tf.TensorSpec(shape=[None, RATE], dtype=tf.float32))

    @tf.function
    def __call__(self, x):
        # If they pass a string, load the file and decode it.
        if x.dtype == tf.string:
            x = tf.io.read_file(x)
            x, _ = tf.audio.decode_wav(x, desired_channels=1, desired_samples=RATE,)
            x = tf.squeeze(x, axis=-1)
            x = x[tf.newaxis, :]

        x = get_spectrogram(x)
        result = self.model(x, training=False)

        class_ids = tf.argmax(result, axis=-1)
        class_names = tf.gather(label_names, class_ids)
        return {'predictions': result,
                'class_ids': class_ids,
                'class_names': class_names}


export = ExportModel(model)
out = export(tf.constant(str(os.path.join(data_dir, 'no', '01_nohash_0.wav'))))
print(sorted(out), out['class_ids'], out['class_names'], out['predictions'].shape)
print(export.__call__.experimental_get_tracing_count())

tf.saved_model.save(export, "saved")
imported = tf.saved_model.load("saved")
out = imported(waveform[tf.newaxis, :])
print(out['class_ids'], out['class_names'], out['predictions'].dtype)
out = imported(tf.constant(str(os.path.join(data_dir, 'go', '02_nohash_0.wav'))))
print(out['class_ids'], out['class_names'])
print(len(imported.__call__.concrete_functions) if hasattr(imported.__call__, "concrete_functions") else "")
print(sorted(os.listdir("saved")))
