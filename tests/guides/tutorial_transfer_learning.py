# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Transfer learning and fine-tuning" tutorial as pasted, on folders of seeded
cat/dog-like PNGs written here (no download) and a MobileNetV2 built with weights=None at
a small input (no downloaded ImageNet weights): image_dataset_from_directory with
shuffle=True, the test split by cardinality // 5 (take/skip), prefetch(AUTOTUNE), the
RandomFlip/RandomRotation augmentation, preprocess_input against Rescaling(1./127.5,
offset=-1), the frozen base model's feature batch and summary, GlobalAveragePooling2D and
the Dense head, the functional model with training=False, len(model.trainable_variables),
evaluate/fit, fine-tuning from layer 100 with RMSprop (initial_epoch), the test accuracy and
predict_on_batch with sigmoid and tf.where."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(160)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(160)

# cats_and_dogs_filtered: cats darker and bluer, dogs brighter and redder
PATH = 'cats_and_dogs_filtered'
for split, count in (('train', 4), ('validation', 10)):
    for name, base in (('cats', (60, 70, 150)), ('dogs', (200, 120, 60))):
        os.makedirs(os.path.join(PATH, split, name))
        for i in range(count):
            pixels = np.clip(np.array(base) + rng.integers(-50, 50, size=(40, 40, 3)), 0, 255)
            tf.io.write_file(os.path.join(PATH, split, name, f'{name[:-1]}.{i}.png'),
                             tf.io.encode_png(pixels.astype('uint8')))

train_dir = os.path.join(PATH, 'train')
validation_dir = os.path.join(PATH, 'validation')

BATCH_SIZE = 4
IMG_SIZE = (32, 32)

train_dataset = tf.keras.utils.image_dataset_from_directory(train_dir,
                                                            shuffle=True,
                                                            batch_size=BATCH_SIZE,
                                                            image_size=IMG_SIZE)
validation_dataset = tf.keras.utils.image_dataset_from_directory(validation_dir,
                                                                 shuffle=True,
                                                                 batch_size=BATCH_SIZE,
                                                                 image_size=IMG_SIZE)
class_names = train_dataset.class_names
print(class_names)

val_batches = tf.data.experimental.cardinality(validation_dataset)
print(val_batches)
test_dataset = validation_dataset.take(val_batches // 5)
validation_dataset = validation_dataset.skip(val_batches // 5)
print('Number of validation batches: %d' % tf.data.experimental.cardinality(validation_dataset))
print('Number of test batches: %d' % tf.data.experimental.cardinality(test_dataset))

AUTOTUNE = tf.data.AUTOTUNE

train_dataset = train_dataset.prefetch(buffer_size=AUTOTUNE)
validation_dataset = validation_dataset.prefetch(buffer_size=AUTOTUNE)
test_dataset = test_dataset.prefetch(buffer_size=AUTOTUNE)

data_augmentation = tf.keras.Sequential([
    tf.keras.layers.RandomFlip('horizontal'),
    tf.keras.layers.RandomRotation(0.2),
])
for image, _ in train_dataset.take(1):
    first_image = image[0]
    for i in range(3):
        augmented_image = data_augmentation(tf.expand_dims(first_image, 0))
        print(augmented_image.shape, round(float(tf.reduce_max(augmented_image)), 1) <= 255.0)

preprocess_input = tf.keras.applications.mobilenet_v2.preprocess_input
rescale = tf.keras.layers.Rescaling(1./127.5, offset=-1)
print(np.round(preprocess_input(np.array([0.0, 63.75, 255.0])), 4))
print(rescale(tf.constant([0.0, 63.75, 255.0])))

# Create the base model from the pre-trained model MobileNet V2
IMG_SHAPE = IMG_SIZE + (3,)
base_model = tf.keras.applications.MobileNetV2(input_shape=IMG_SHAPE,
                                               include_top=False,
                                               weights=None)

image_batch, label_batch = next(iter(train_dataset))
feature_batch = base_model(image_batch)
print(feature_batch.shape)

base_model.trainable = False
# Let's take a look at the base model architecture
base_model.summary()

global_average_layer = tf.keras.layers.GlobalAveragePooling2D()
feature_batch_average = global_average_layer(feature_batch)
print(feature_batch_average.shape)

prediction_layer = tf.keras.layers.Dense(1, activation='sigmoid')
prediction_batch = prediction_layer(feature_batch_average)
print(prediction_batch.shape)

inputs = tf.keras.Input(shape=(32, 32, 3))
x = data_augmentation(inputs)
x = preprocess_input(x)
x = base_model(x, training=False)
x = global_average_layer(x)
x = tf.keras.layers.Dropout(0.2)(x)
outputs = prediction_layer(x)
model = tf.keras.Model(inputs, outputs)
model.summary()
print(len(model.trainable_variables))

base_learning_rate = 0.0001
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=base_learning_rate),
              loss=tf.keras.losses.BinaryCrossentropy(),
              metrics=[tf.keras.metrics.BinaryAccuracy(threshold=0.5, name='accuracy')])

initial_epochs = 1

loss0, accuracy0 = model.evaluate(validation_dataset, verbose=0)
print("initial loss: {:.2f}".format(loss0))
print("initial accuracy: {:.2f}".format(accuracy0))

history = model.fit(train_dataset,
                    epochs=initial_epochs,
                    validation_data=validation_dataset,
                    verbose=0)
acc = history.history['accuracy']
val_acc = history.history['val_accuracy']
loss = history.history['loss']
val_loss = history.history['val_loss']
print([round(v, 3) for v in loss], [round(v, 3) for v in val_loss], len(acc), len(val_acc))

base_model.trainable = True
# Let's take a look to see how many layers are in the base model
print("Number of layers in the base model: ", len(base_model.layers))

# Fine-tune from this layer onwards
fine_tune_at = 100

# Freeze all the layers before the `fine_tune_at` layer
for layer in base_model.layers[:fine_tune_at]:
    layer.trainable = False
model.compile(loss=tf.keras.losses.BinaryCrossentropy(),
              optimizer=tf.keras.optimizers.RMSprop(learning_rate=base_learning_rate / 10),
              metrics=[tf.keras.metrics.BinaryAccuracy(threshold=0.5, name='accuracy')])
model.summary()
print(len(model.trainable_variables))
print(sum(l.trainable for l in base_model.layers), len(base_model.non_trainable_weights))

fine_tune_epochs = 1
total_epochs = initial_epochs + fine_tune_epochs

history_fine = model.fit(train_dataset,
                         epochs=total_epochs,
                         initial_epoch=len(history.epoch),
                         validation_data=validation_dataset,
                         verbose=0)
print(history_fine.epoch, sorted(history_fine.history))
acc += history_fine.history['accuracy']
val_acc += history_fine.history['val_accuracy']
loss += history_fine.history['loss']
val_loss += history_fine.history['val_loss']
# (the fine-tuned losses follow float rounding here, TF's own too: printed as finite)
print(len(acc), [round(v, 3) for v in loss[:initial_epochs]], bool(np.isfinite(loss).all()))

loss, accuracy = model.evaluate(test_dataset, verbose=0)
print('Test accuracy :', round(accuracy, 3))

# Retrieve a batch of images from the test set
image_batch, label_batch = test_dataset.as_numpy_iterator().next()
predictions = model.predict_on_batch(image_batch).flatten()

# Apply a sigmoid since our model returns logits
predictions = tf.nn.sigmoid(predictions)
predictions = tf.where(predictions < 0.5, 0, 1)

print('Predictions:\n', predictions.numpy())
print('Labels:\n', label_batch)
