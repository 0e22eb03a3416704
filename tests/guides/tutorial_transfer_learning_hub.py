# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Transfer learning with TensorFlow Hub" tutorial without TF Hub: the tutorial's
hub.KerasLayer models stand here as SavedModels exported locally (a small seeded "ImageNet
classifier" and its headless feature extractor, written with Model.export) and loaded as
Keras 3 tf.keras.layers.TFSMLayer layers (no download; seeded flower-like PNGs in class
folders): image_dataset_from_directory with a validation split, class_names, Rescaling,
cache/prefetch, the classifier's predictions decoded against a label list, the frozen
feature extractor under a new Dense head, compile/fit with the CollectBatchStats callback
(per-batch logs and reset_metrics), predicted class names, model.export of the whole model,
and its reload compared with the model's own predictions."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(3)

data_root = 'flower_photos'
flowers = ['daisy', 'roses', 'tulips']
for c, name in enumerate(flowers):
    os.makedirs(os.path.join(data_root, name))
    for i in range(8):
        img = rng.integers(0, 80, size=(40, 40, 3)).astype(np.uint8)
        img[..., c] += 150
        tf.io.write_file(os.path.join(data_root, name, f'{i}.png'), tf.io.encode_png(img))

# -- stand-ins for the TF Hub models: a tiny "MobileNet" trained on nothing, exported
IMAGE_SHAPE = (32, 32)
imagenet_labels = np.array(['background'] + [f'label_{i}' for i in range(1, 11)])
base = tf.keras.Sequential([
    tf.keras.Input(IMAGE_SHAPE + (3,)),
    tf.keras.layers.Conv2D(8, 3, strides=2, activation='relu'),
    tf.keras.layers.GlobalAveragePooling2D(),
], name='feature_vector')
head = tf.keras.layers.Dense(len(imagenet_labels), name='logits')
full = tf.keras.Sequential([base, head])
with open(os.devnull, 'w') as devnull:
    import contextlib
    with contextlib.redirect_stdout(devnull):
        full.export('classifier_model')
        base.export('feature_extractor_model')
print(sorted(os.listdir('classifier_model')))

classifier_model = 'classifier_model'
classifier = tf.keras.Sequential([
    tf.keras.layers.TFSMLayer(classifier_model, call_endpoint='serve')
])
grace_hopper = rng.integers(0, 255, size=IMAGE_SHAPE + (3,)).astype(np.float32) / 255.0
print(grace_hopper.shape)
result = classifier.predict(grace_hopper[np.newaxis, ...], verbose=0)
print(result.shape)
predicted_class = tf.math.argmax(result[0], axis=-1)
print(predicted_class)
predicted_class_name = imagenet_labels[predicted_class]
print(predicted_class_name.title())

batch_size = 8
img_height = 32
img_width = 32

train_ds = tf.keras.utils.image_dataset_from_directory(
    str(data_root),
    validation_split=0.25,
    subset="training",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size
)

val_ds = tf.keras.utils.image_dataset_from_directory(
    str(data_root),
    validation_split=0.25,
    subset="validation",
    seed=123,
    image_size=(img_height, img_width),
    batch_size=batch_size
)
class_names = np.array(train_ds.class_names)
print(class_names)

normalization_layer = tf.keras.layers.Rescaling(1. / 255)
train_ds = train_ds.map(lambda x, y: (normalization_layer(x), y))  # Where x—images, y—labels.
val_ds = val_ds.map(lambda x, y: (normalization_layer(x), y))  # Where x—images, y—labels.

AUTOTUNE = tf.data.AUTOTUNE
train_ds = train_ds.cache().prefetch(buffer_size=AUTOTUNE)
val_ds = val_ds.cache().prefetch(buffer_size=AUTOTUNE)

for image_batch, labels_batch in train_ds:
    print(image_batch.shape)
    print(labels_batch.shape)
    break

result_batch = classifier.predict(train_ds, verbose=0)
print(result_batch.shape)
predicted_class_names = imagenet_labels[tf.math.argmax(result_batch, axis=-1)]
print(predicted_class_names[:8])

feature_extractor_model = 'feature_extractor_model'
feature_extractor_layer = tf.keras.layers.TFSMLayer(
    feature_extractor_model,
    call_endpoint='serve',
    trainable=False)
feature_batch = feature_extractor_layer(image_batch)
print(feature_batch.shape)
print(feature_extractor_layer.trainable, len(feature_extractor_layer.weights), len(feature_extractor_layer.trainable_weights))

num_classes = len(class_names)

model = tf.keras.Sequential([
    tf.keras.Input((img_height, img_width, 3)),
    feature_extractor_layer,
    tf.keras.layers.Dense(num_classes)
])

model.summary()
predictions = model(image_batch)
print(predictions.shape)

model.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=0.05),
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=['acc'])


class CollectBatchStats(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.batch_losses = []
        self.batch_acc = []

    def on_train_batch_end(self, batch, logs=None):
        self.batch_losses.append(round(float(logs['loss']), 4))
        self.batch_acc.append(round(float(logs['acc']), 4))
        self.model.reset_metrics()


batch_stats_callback = CollectBatchStats()
NUM_EPOCHS = 4
history = model.fit(train_ds,
                    validation_data=val_ds,
                    epochs=NUM_EPOCHS,
                    callbacks=[batch_stats_callback],
                    verbose=0)
print(batch_stats_callback.batch_losses)
print(batch_stats_callback.batch_acc)
print({k: [round(v, 3) for v in vs] for k, vs in sorted(history.history.items())})

predicted_batch = model.predict(image_batch, verbose=0)
predicted_id = tf.math.argmax(predicted_batch, axis=-1)
predicted_label_batch = class_names[predicted_id]
print(predicted_label_batch, labels_batch.numpy())

export_path = "saved_models/1"
with open(os.devnull, 'w') as devnull:
    with contextlib.redirect_stdout(devnull):
        model.export(export_path)
reloaded = tf.keras.layers.TFSMLayer(export_path, call_endpoint='serve')
result_batch = model.predict(image_batch, verbose=0)
reloaded_result_batch = reloaded(image_batch)
print(abs(reloaded_result_batch - result_batch).numpy().max() < 1e-5)
reloaded_predicted_id = tf.math.argmax(reloaded_result_batch, axis=-1)
reloaded_predicted_label_batch = class_names[reloaded_predicted_id]
print(reloaded_predicted_label_batch)
loaded = tf.saved_model.load(export_path)
print(list(loaded.signatures), loaded.signatures['serving_default'].structured_outputs)
model.save('flowers.keras')
try:
    tf.keras.models.load_model('flowers.keras')
except ValueError as e:
    print(type(e).__name__, e)
again = tf.keras.models.load_model('flowers.keras', safe_mode=False)
print(np.allclose(again.predict(image_batch, verbose=0), result_batch, atol=1e-6), type(again.layers[0]).__name__)
