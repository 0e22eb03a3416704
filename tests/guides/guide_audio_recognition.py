"""TF's "Simple audio recognition" tutorial on small generated .wav files: encode_wav and
decode_wav, audio_dataset_from_directory (labels, splits, output_sequence_length), squeeze,
the STFT spectrogram, and a tiny conv model trained a few seeded steps."""

import os

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(9)
rng = np.random.default_rng(2)
RATE = 800
data_dir = "mini_speech"
commands = ["down", "go", "up"]
for i, word in enumerate(commands):
    os.makedirs(os.path.join(data_dir, word))
    for k in range(6):
        length = RATE - 40 * (k % 3)
        t = np.arange(length) / RATE
        wave = 0.5 * np.sin(2 * np.pi * (60 + 40 * i) * t) + 0.05 * rng.normal(size=length)
        audio = tf.constant(wave.astype("float32")[:, None])
        tf.io.write_file(os.path.join(data_dir, word, f"{k}.wav"),
                         tf.audio.encode_wav(audio, RATE))
print(np.array(sorted(tf.io.gfile.listdir(data_dir))))

contents = tf.io.read_file(os.path.join(data_dir, "go", "0.wav"))
print(contents.dtype, len(contents.numpy()), contents.numpy()[:16])
audio, sample_rate = tf.audio.decode_wav(contents)
print(audio.shape, audio.dtype, sample_rate, audio[:3, 0])
a2, r2 = tf.audio.decode_wav(contents, desired_channels=2, desired_samples=10)
print(a2.shape, a2[-1])
st = tf.audio.encode_wav(tf.constant([[0.0, 1.0], [-1.0, 0.5]]), 16000)
print(st.numpy())

train_ds, val_ds = keras.utils.audio_dataset_from_directory(
    directory=data_dir, batch_size=4, validation_split=0.25, seed=0,
    output_sequence_length=RATE, subset="both")
label_names = np.array(train_ds.class_names)
print("label names:", label_names)
print(train_ds.element_spec)


def squeeze(audio, labels):
    audio = tf.squeeze(audio, axis=-1)
    return audio, labels


train_ds = train_ds.map(squeeze, tf.data.AUTOTUNE)
val_ds = val_ds.map(squeeze, tf.data.AUTOTUNE)
for example_audio, example_labels in train_ds.take(1):
    print(example_audio.shape, example_labels.shape, example_labels)
print(np.round(example_audio[0, -50:-45].numpy(), 4))


def get_spectrogram(waveform):
    spectrogram = tf.signal.stft(waveform, frame_length=255, frame_step=128)
    spectrogram = tf.abs(spectrogram)
    spectrogram = spectrogram[..., tf.newaxis]
    return spectrogram


waveform = example_audio[0]
spectrogram = get_spectrogram(waveform)
print("Waveform shape:", waveform.shape)
print("Spectrogram shape:", spectrogram.shape)
print(np.round(spectrogram[0, :6, 0].numpy(), 3))
stft = tf.signal.stft(waveform, 64, 32, fft_length=64, pad_end=True)
print(stft.shape, stft.dtype)
print(np.round(tf.abs(stft)[2, :5].numpy(), 3))
log_spec = np.log(spectrogram.numpy().squeeze().T + np.finfo(float).eps)
print(log_spec.shape, log_spec.dtype)
print(np.round(tf.signal.hann_window(6).numpy(), 5), tf.signal.frame(tf.range(7), 3, 2))
inv = tf.signal.inverse_stft(stft, 64, 32, fft_length=64,
                             window_fn=tf.signal.inverse_stft_window_fn(32))
print(inv.shape, round(float(tf.reduce_max(tf.abs(inv[64:-64] - waveform[64:len(inv) - 64]))), 3))


def make_spec_ds(ds):
    return ds.map(map_func=lambda audio, label: (get_spectrogram(audio), label),
                  num_parallel_calls=tf.data.AUTOTUNE)


train_spectrogram_ds = make_spec_ds(train_ds)
val_spectrogram_ds = make_spec_ds(val_ds)
print(train_spectrogram_ds.element_spec)
for example_spectrograms, example_spect_labels in train_spectrogram_ds.take(1):
    break
input_shape = example_spectrograms.shape[1:]
print("Input shape:", input_shape)
num_labels = len(label_names)
norm_layer = layers.Normalization()
norm_layer.adapt(data=train_spectrogram_ds.map(map_func=lambda spec, label: spec))
print(norm_layer.mean.shape, round(float(tf.reduce_mean(norm_layer.mean)), 4))

model = keras.models.Sequential([
    layers.Input(shape=input_shape),
    layers.Resizing(16, 16),
    norm_layer,
    layers.Conv2D(8, 3, activation="relu"),
    layers.MaxPooling2D(),
    layers.Dropout(0.25),
    layers.Flatten(),
    layers.Dense(16, activation="relu"),
    layers.Dropout(0.5),
    layers.Dense(num_labels),
])
model.summary()
model.compile(optimizer=keras.optimizers.Adam(),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(train_spectrogram_ds, validation_data=val_spectrogram_ds, epochs=3,
                    callbacks=keras.callbacks.EarlyStopping(verbose=1, patience=2), verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
print({k: round(v, 4) for k, v in model.evaluate(val_spectrogram_ds, return_dict=True,
                                                   verbose=0).items()})
y_pred = tf.argmax(model.predict(val_spectrogram_ds, verbose=0), axis=1)
y_true = tf.concat(list(val_spectrogram_ds.map(lambda s, lab: lab)), axis=0)
print(tf.math.confusion_matrix(y_true, y_pred))
x = get_spectrogram(tf.audio.decode_wav(contents, desired_channels=1,
                                        desired_samples=RATE)[0][:, 0])[tf.newaxis, ...]
prediction = model(x)
print(prediction.shape, np.round(tf.nn.softmax(prediction[0]).numpy(), 3))
try:
    tf.audio.decode_wav(tf.constant(b"not a wav file"))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e.message)
