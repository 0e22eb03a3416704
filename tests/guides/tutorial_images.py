# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's image tutorials on seeded small images: the CNN tutorial's Conv2D/MaxPooling2D
stack and its summary, image classification with the data-augmentation layers
(RandomFlip/RandomRotation/RandomZoom) and Dropout, transfer learning on a MobileNetV2
base built without downloaded weights (its weights saved and loaded locally, frozen and
then partly fine-tuned, BatchNorm in inference mode), and the segmentation U-Net
(a MobileNetV2 encoder's skip outputs, Conv2DTranspose upsampling, Concatenate)."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, models

tf.keras.utils.set_random_seed(21)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(21)

# -- CNN
train_images = rng.integers(0, 256, size=(64, 32, 32, 3)).astype('uint8')
train_labels = rng.integers(0, 10, size=(64, 1))
test_images = rng.integers(0, 256, size=(16, 32, 32, 3)).astype('uint8')
test_labels = rng.integers(0, 10, size=(16, 1))
train_images, test_images = train_images / 255.0, test_images / 255.0
model = models.Sequential()
model.add(layers.Conv2D(8, (3, 3), activation='relu', input_shape=(32, 32, 3)))
model.add(layers.MaxPooling2D((2, 2)))
model.add(layers.Conv2D(16, (3, 3), activation='relu'))
model.add(layers.MaxPooling2D((2, 2)))
model.add(layers.Conv2D(16, (3, 3), activation='relu'))
model.summary()
model.add(layers.Flatten())
model.add(layers.Dense(16, activation='relu'))
model.add(layers.Dense(10))
model.summary()
model.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
history = model.fit(train_images, train_labels, epochs=2, validation_data=(test_images, test_labels), verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
test_loss, test_acc = model.evaluate(test_images, test_labels, verbose=0)
print(round(test_loss, 4), round(test_acc, 4))

# -- classification with augmentation
img_height = img_width = 24
num_classes = 3
images = rng.integers(0, 256, size=(24, img_height, img_width, 3)).astype('float32')
labels = rng.integers(0, num_classes, size=24).astype('int32')
train_ds = tf.data.Dataset.from_tensor_slices((images, labels)).batch(8)
data_augmentation = tf.keras.Sequential([
    layers.RandomFlip("horizontal", input_shape=(img_height, img_width, 3), seed=1),
    layers.RandomRotation(0.1, seed=2),
    layers.RandomZoom(0.1, seed=3),
])
augmented = data_augmentation(images[:2], training=True)
print(augmented.shape, augmented.dtype)
print(np.array_equal(data_augmentation(images[:2]).numpy(), images[:2]))
print([l.get_config()['seed'] for l in data_augmentation.layers], data_augmentation.layers[1].get_config()['fill_mode'])
model = tf.keras.Sequential([
    data_augmentation,
    layers.Rescaling(1. / 255),
    layers.Conv2D(4, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
    layers.Dropout(0.2),
    layers.Flatten(),
    layers.Dense(8, activation='relu'),
    layers.Dense(num_classes, name="outputs")
])
model.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
model.summary()
history = model.fit(train_ds, epochs=2, verbose=0)
print(list(history.history), len(history.history['loss']))
predictions = model.predict(images[:1], verbose=0)
score = tf.nn.softmax(predictions[0])
print(score.shape, round(float(tf.reduce_sum(score)), 4))

# -- transfer learning
IMG_SIZE = (32, 32)
IMG_SHAPE = IMG_SIZE + (3,)
base_model = tf.keras.applications.MobileNetV2(input_shape=IMG_SHAPE, include_top=False, weights=None, alpha=0.35)
base_model.save_weights("mobilenet_v2_local.weights.h5")
base_model = tf.keras.applications.MobileNetV2(input_shape=IMG_SHAPE, include_top=False, weights="mobilenet_v2_local.weights.h5", alpha=0.35)
print(base_model.name, len(base_model.layers), base_model.output_shape)
image_batch = rng.integers(0, 256, size=(4,) + IMG_SHAPE).astype('float32')
label_batch = np.array([0, 1, 1, 0])
feature_batch = base_model(image_batch)
print(feature_batch.shape)
base_model.trainable = False
print(len(base_model.trainable_variables), len(base_model.non_trainable_variables))
preprocess_input = tf.keras.applications.mobilenet_v2.preprocess_input
print(preprocess_input(np.array([[0.0, 127.5, 255.0]])))
rescale = tf.keras.layers.Rescaling(1. / 127.5, offset=-1)
print(rescale(np.array([[0.0, 127.5, 255.0]])))
global_average_layer = tf.keras.layers.GlobalAveragePooling2D()
feature_batch_average = global_average_layer(feature_batch)
print(feature_batch_average.shape)
prediction_layer = tf.keras.layers.Dense(1, activation='sigmoid')
prediction_batch = prediction_layer(feature_batch_average)
print(prediction_batch.shape)
inputs = tf.keras.Input(shape=IMG_SHAPE)
x = preprocess_input(inputs)
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
loss0, accuracy0 = model.evaluate(image_batch, label_batch, verbose=0)
print("initial loss: {:.4f}".format(loss0))
print("initial accuracy: {:.2f}".format(accuracy0))
history = model.fit(image_batch, label_batch, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
base_model.trainable = True
print("Number of layers in the base model: ", len(base_model.layers))
fine_tune_at = 100
for layer in base_model.layers[:fine_tune_at]:
    layer.trainable = False
model.compile(loss=tf.keras.losses.BinaryCrossentropy(),
              optimizer=tf.keras.optimizers.RMSprop(learning_rate=base_learning_rate / 10),
              metrics=[tf.keras.metrics.BinaryAccuracy(threshold=0.5, name='accuracy')])
print(len(model.trainable_variables))
history_fine = model.fit(image_batch, label_batch, epochs=3, initial_epoch=history.epoch[-1], verbose=0)
print(history_fine.epoch, list(history_fine.history))
predictions = model.predict_on_batch(image_batch).flatten()
predictions = tf.where(predictions < 0.5, 0, 1)
print(predictions.dtype, predictions.shape)

# -- segmentation
base_model = tf.keras.applications.MobileNetV2(input_shape=[32, 32, 3], include_top=False, weights=None, alpha=0.35)
layer_names = ['block_1_expand_relu', 'block_3_expand_relu', 'block_6_expand_relu', 'block_13_expand_relu', 'block_16_project']
base_model_outputs = [base_model.get_layer(name).output for name in layer_names]
print([tuple(o.shape) for o in base_model_outputs])
down_stack = tf.keras.Model(inputs=base_model.input, outputs=base_model_outputs)
down_stack.trainable = False


def upsample(filters, size, apply_dropout=False):
    initializer = tf.random_normal_initializer(0., 0.02)
    result = tf.keras.Sequential()
    result.add(tf.keras.layers.Conv2DTranspose(filters, size, strides=2, padding='same',
                                               kernel_initializer=initializer, use_bias=False))
    result.add(tf.keras.layers.BatchNormalization())
    if apply_dropout:
        result.add(tf.keras.layers.Dropout(0.5))
    result.add(tf.keras.layers.ReLU())
    return result


up_stack = [upsample(32, 3), upsample(16, 3), upsample(8, 3), upsample(8, 3)]


def unet_model(output_channels: int):
    inputs = tf.keras.layers.Input(shape=[32, 32, 3])
    skips = down_stack(inputs)
    x = skips[-1]
    skips = reversed(skips[:-1])
    for up, skip in zip(up_stack, skips):
        x = up(x)
        concat = tf.keras.layers.Concatenate()
        x = concat([x, skip])
    last = tf.keras.layers.Conv2DTranspose(filters=output_channels, kernel_size=3, strides=2, padding='same')
    x = last(x)
    return tf.keras.Model(inputs=inputs, outputs=x)


OUTPUT_CLASSES = 3
model = unet_model(output_channels=OUTPUT_CLASSES)
model.compile(optimizer='adam', loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
model.summary()
seg_images = rng.random((8, 32, 32, 3)).astype('float32')
seg_masks = rng.integers(0, 3, size=(8, 32, 32, 1))


def create_mask(pred_mask):
    pred_mask = tf.math.argmax(pred_mask, axis=-1)
    pred_mask = pred_mask[..., tf.newaxis]
    return pred_mask[0]


print(create_mask(model.predict(seg_images[:1], verbose=0)).shape)
history = model.fit(seg_images, seg_masks, epochs=1, batch_size=4, verbose=0)
print(list(history.history))


def add_sample_weights(image, label):
    class_weights = tf.constant([2.0, 2.0, 1.0])
    class_weights = class_weights / tf.reduce_sum(class_weights)
    sample_weights = tf.gather(class_weights, indices=tf.cast(label, tf.int32))
    return image, label, sample_weights


ds = tf.data.Dataset.from_tensor_slices((seg_images, seg_masks)).batch(4).map(add_sample_weights)
print(ds.element_spec[2])
print(np.round(next(iter(ds))[2].numpy()[0, :2, :2, 0], 4))
