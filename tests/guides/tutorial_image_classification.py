# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Image classification" tutorial as pasted, on a folder of seeded flower-like PNGs
written here with tf.io.encode_png (no download; three classes, small images):
image_dataset_from_directory's seeded training/validation split (class names, batch
shapes, resizing), cache/shuffle/prefetch(AUTOTUNE), a Rescaling map, the Conv2D/
MaxPooling2D model over Rescaling(input_shape), its summary and history, the
RandomFlip/RandomRotation/RandomZoom augmentation, the Dropout model, a new image read with
load_img/img_to_array, predict and softmax, and the TensorFlow Lite conversion with its
signature runner."""

import contextlib
import io
import os
import pathlib
import re

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.models import Sequential

tf.keras.utils.set_random_seed(123)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(123)

# the flower photos: each class a color of its own over noise
data_dir = pathlib.Path('flower_photos')
colors = {'daisy': (230, 230, 90), 'roses': (200, 30, 40), 'tulips': (220, 120, 200)}
for name, color in colors.items():
    (data_dir / name).mkdir(parents=True)
    for i in range(10):
        noise = rng.integers(-60, 60, size=(28, 28, 3))
        pixels = np.clip(np.array(color) + noise, 0, 255).astype('uint8')
        png = tf.io.encode_png(pixels)
        tf.io.write_file(str(data_dir / name / f'{name}_{i}.png'), png)
print(png.dtype, png.shape)

image_count = len(list(data_dir.glob('*/*.png')))
print(image_count)
roses = sorted(data_dir.glob('roses/*'))
print(roses[0].name, os.path.getsize(roses[0]) > 0)

batch_size = 8
img_height = 24
img_width = 24

train_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir,
    validation_split=0.2,
    subset="training",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size)
val_ds = tf.keras.utils.image_dataset_from_directory(
    data_dir,
    validation_split=0.2,
    subset="validation",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size)

class_names = train_ds.class_names
print(class_names)
print(train_ds.element_spec)
print(len(train_ds), len(val_ds), train_ds.file_paths[:3])

for image_batch, labels_batch in train_ds:
    print(image_batch.shape)
    print(labels_batch.shape)
    print(labels_batch.numpy(), image_batch.dtype)
    print(np.round(image_batch[0, 0, :3].numpy(), 2))
    break

AUTOTUNE = tf.data.AUTOTUNE

train_ds = train_ds.cache().shuffle(1000).prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)
print(type(train_ds).__name__, train_ds.element_spec[1])

normalization_layer = layers.Rescaling(1./255)
normalized_ds = train_ds.map(lambda x, y: (normalization_layer(x), y))
image_batch, labels_batch = next(iter(normalized_ds))
first_image = image_batch[0]
# Notice the pixel values are now in `[0,1]`.
print(round(float(np.min(first_image)), 4), round(float(np.max(first_image)), 4))

num_classes = len(class_names)

model = Sequential([
    layers.Rescaling(1./255, input_shape=(img_height, img_width, 3)),
    layers.Conv2D(4, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Conv2D(8, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Conv2D(8, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Flatten(),
    layers.Dense(16, activation='relu'),
    layers.Dense(num_classes)
])
model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
model.summary()

epochs = 3
history = model.fit(
    train_ds,
    validation_data=val_ds,
    epochs=epochs,
    verbose=0
)
acc = history.history['accuracy']
val_acc = history.history['val_accuracy']
loss = history.history['loss']
val_loss = history.history['val_loss']
epochs_range = range(epochs)
print(sorted(history.history), list(epochs_range))
print([round(v, 3) for v in loss], [round(v, 3) for v in val_loss])

data_augmentation = keras.Sequential(
    [
        layers.RandomFlip("horizontal",
                          input_shape=(img_height,
                                       img_width,
                                       3)),
        layers.RandomRotation(0.1),
        layers.RandomZoom(0.1),
    ]
)
for images, _ in train_ds.take(1):
    for i in range(3):
        augmented_images = data_augmentation(images)
        print(augmented_images.shape, augmented_images.dtype)
print([type(l).__name__ for l in data_augmentation.layers], data_augmentation.output_shape)

model = Sequential([
    data_augmentation,
    layers.Rescaling(1./255),
    layers.Conv2D(4, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Conv2D(8, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Conv2D(8, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Dropout(0.2),
    layers.Flatten(),
    layers.Dense(16, activation='relu'),
    layers.Dense(num_classes, name="outputs")
])
model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
model.summary()

epochs = 3
history = model.fit(
    train_ds,
    validation_data=val_ds,
    epochs=epochs,
    verbose=0
)
print(sorted(history.history), len(history.history['val_loss']))

# a new picture: a sunflower-colored one
sunflower = np.clip(np.array((240, 200, 40)) + rng.integers(-30, 30, size=(40, 40, 3)), 0, 255).astype('uint8')
sunflower_path = 'Red_sunflower.png'
tf.io.write_file(sunflower_path, tf.io.encode_png(sunflower))

img = tf.keras.utils.load_img(
    sunflower_path, target_size=(img_height, img_width)
)
print(type(img).__name__, img.size, img.mode)
img_array = tf.keras.utils.img_to_array(img)
print(img_array.shape, img_array.dtype)
img_array = tf.expand_dims(img_array, 0)  # Create a batch

predictions = model.predict(img_array, verbose=0)
score = tf.nn.softmax(predictions[0])
print(score.shape, score.dtype, round(float(tf.reduce_sum(score)), 4))
print(
    "This image most likely belongs to {} with a {:.0f} percent confidence."
    .format(class_names[np.argmax(score)], 100 * np.max(score))
)

# -- TensorFlow Lite
# Convert the model.
converter = tf.lite.TFLiteConverter.from_keras_model(model)
with contextlib.redirect_stdout(io.StringIO()) as printed:  # (Keras's export prints its endpoints)
    tflite_model = converter.convert()
print(re.sub(r"'/tmp/\w+'", "'TMP'", printed.getvalue()))

# Save the model.
with open('model.tflite', 'wb') as f:
    f.write(tflite_model)
print(type(tflite_model).__name__, len(tflite_model) > 1000)

TF_MODEL_FILE_PATH = 'model.tflite'  # The default path to the saved TensorFlow Lite model

interpreter = tf.lite.Interpreter(model_path=TF_MODEL_FILE_PATH)
signatures = interpreter.get_signature_list()
print(list(signatures), [len(v['inputs']) for v in signatures.values()], [v['outputs'] for v in signatures.values()])

classify_lite = interpreter.get_signature_runner('serving_default')
print(type(classify_lite).__name__)
input_name = signatures['serving_default']['inputs'][0]
outputs_lite = classify_lite(**{input_name: img_array})
print(list(outputs_lite))  # (Keras 3 names the output 'output_0', not the layer's 'outputs')
predictions_lite = outputs_lite['output_0']
print(predictions_lite.shape, predictions_lite.dtype)
score_lite = tf.nn.softmax(predictions_lite)
print(np.argmax(score_lite) == np.argmax(score))
print(np.max(np.abs(predictions - predictions_lite)) < 1e-4)
