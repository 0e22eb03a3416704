# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Image segmentation" tutorial as pasted, on a seeded stand-in for the Oxford pets
dataset (dicts of a uint8 image and a 1..3 trimap) and a MobileNetV2(weights=None) encoder
(no downloaded weights): load_image (bilinear and NEAREST_NEIGHBOR resizes, normalize), the
Augment layer whose two RandomFlips share a seed, the cache/shuffle/batch/repeat/map/prefetch
pipeline, the U-Net of get_layer outputs and Conv2DTranspose upsampling, create_mask,
training with validation steps, the class_weight error for 3-D targets and add_sample_weights."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)


def g(x):
    return '%.4g' % float(x)


def pets(n, seed):
    r = np.random.default_rng(seed)
    return tf.data.Dataset.from_tensor_slices({
        'image': r.integers(0, 256, size=(n, 40, 36, 3)).astype('uint8'),
        'segmentation_mask': r.integers(1, 4, size=(n, 40, 36, 1)).astype('uint8'),
    })


dataset = {'train': pets(12, 1), 'test': pets(6, 2)}
print(dataset['train'].element_spec)


def normalize(input_image, input_mask):
    input_image = tf.cast(input_image, tf.float32) / 255.0
    input_mask -= 1
    return input_image, input_mask


def load_image(datapoint):
    input_image = tf.image.resize(datapoint['image'], (32, 32))
    input_mask = tf.image.resize(
        datapoint['segmentation_mask'],
        (32, 32),
        method=tf.image.ResizeMethod.NEAREST_NEIGHBOR,
    )
    input_image, input_mask = normalize(input_image, input_mask)
    return input_image, input_mask


TRAIN_LENGTH = 12
BATCH_SIZE = 4
BUFFER_SIZE = 12
STEPS_PER_EPOCH = TRAIN_LENGTH // BATCH_SIZE
train_images = dataset['train'].map(load_image, num_parallel_calls=tf.data.AUTOTUNE)
test_images = dataset['test'].map(load_image, num_parallel_calls=tf.data.AUTOTUNE)
print(train_images.element_spec)
image, mask = next(iter(train_images))
print(g(tf.reduce_mean(image)), mask.dtype, np.unique(mask.numpy()).tolist())


class Augment(tf.keras.layers.Layer):
    def __init__(self, seed=42):
        super().__init__()
        # both use the same seed, so they'll make the same random changes.
        self.augment_inputs = tf.keras.layers.RandomFlip(mode="horizontal", seed=seed)
        self.augment_labels = tf.keras.layers.RandomFlip(mode="horizontal", seed=seed)

    def call(self, inputs, labels):
        inputs = self.augment_inputs(inputs)
        labels = self.augment_labels(labels)
        return inputs, labels


aug = Augment()
flip_in, flip_lab = aug(tf.stack([image, image]), tf.stack([mask, mask]))
print(flip_in.shape, flip_lab.shape, flip_lab.dtype)
flipped = tf.reduce_all(flip_in[:, :, ::-1] == image, axis=[1, 2, 3]).numpy()
print(flipped.tolist(), (tf.reduce_all(flip_lab[:, :, ::-1] == tf.cast(mask, flip_lab.dtype), axis=[1, 2, 3]).numpy() == flipped).tolist())



def make_train_batches():
    # a fresh pipeline for each use: an iterator dropped early leaves the random flips'
    # seed wherever its prefetch thread got to (a race, in TF as anywhere)
    train_batches = (
        train_images
        .cache()
        .shuffle(BUFFER_SIZE, seed=5)
        .batch(BATCH_SIZE)
        .repeat()
        .map(Augment())
        .prefetch(buffer_size=tf.data.AUTOTUNE))
    return train_batches


train_batches = make_train_batches()
test_batches = test_images.batch(BATCH_SIZE)
print(train_batches.element_spec)
for images, masks in train_batches.take(2):
    sample_image, sample_mask = images[0], masks[0]
    print(images.shape, masks.shape, g(tf.reduce_sum(images)), int(tf.reduce_sum(tf.cast(masks, tf.int32))))

base_model = tf.keras.applications.MobileNetV2(input_shape=[32, 32, 3], include_top=False, weights=None)
# Use the activations of these layers
layer_names = [
    'block_1_expand_relu',   # 64x64
    'block_3_expand_relu',   # 32x32
    'block_6_expand_relu',   # 16x16
    'block_13_expand_relu',  # 8x8
    'block_16_project',      # 4x4
]
base_model_outputs = [base_model.get_layer(name).output for name in layer_names]
# Create the feature extraction model
down_stack = tf.keras.Model(inputs=base_model.input, outputs=base_model_outputs)
down_stack.trainable = False
print([o.shape for o in down_stack.outputs])


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


up_stack = [
    upsample(64, 3),  # 4x4 -> 8x8
    upsample(32, 3),  # 8x8 -> 16x16
    upsample(16, 3),  # 16x16 -> 32x32
    upsample(8, 3),   # 32x32 -> 64x64
]


def unet_model(output_channels: int):
    inputs = tf.keras.layers.Input(shape=[32, 32, 3])
    # Downsampling through the model
    skips = down_stack(inputs)
    x = skips[-1]
    skips = reversed(skips[:-1])
    # Upsampling and establishing the skip connections
    for up, skip in zip(up_stack, skips):
        x = up(x)
        concat = tf.keras.layers.Concatenate()
        x = concat([x, skip])
    # This is the last layer of the model
    last = tf.keras.layers.Conv2DTranspose(
        filters=output_channels, kernel_size=3, strides=2,
        padding='same')  # 64x64 -> 128x128
    x = last(x)
    return tf.keras.Model(inputs=inputs, outputs=x)


OUTPUT_CLASSES = 3
model = unet_model(output_channels=OUTPUT_CLASSES)
model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
model.summary()


def create_mask(pred_mask):
    pred_mask = tf.math.argmax(pred_mask, axis=-1)
    pred_mask = pred_mask[..., tf.newaxis]
    return pred_mask[0]


pred = model.predict(sample_image[tf.newaxis, ...], verbose=0)
print(pred.shape, pred.dtype, create_mask(pred).shape, create_mask(pred).dtype)

EPOCHS = 2
VAL_SUBSPLITS = 1
VALIDATION_STEPS = 6 // BATCH_SIZE // VAL_SUBSPLITS


class DisplayCallback(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print('\nSample Prediction after epoch {}\n'.format(epoch + 1), sorted(logs))


model_history = model.fit(make_train_batches(), epochs=EPOCHS,
                          steps_per_epoch=STEPS_PER_EPOCH,
                          validation_steps=VALIDATION_STEPS,
                          validation_data=test_batches,
                          callbacks=[DisplayCallback()], verbose=0)
loss = model_history.history['loss']
val_loss = model_history.history['val_loss']
print(len(loss), len(val_loss), [g(v) for v in loss], [g(v) for v in val_loss])
print(model_history.params)

try:
    model_history = model.fit(make_train_batches(), epochs=EPOCHS,
                              steps_per_epoch=STEPS_PER_EPOCH,
                              class_weight={0: 2.0, 1: 2.0, 2: 1.0}, verbose=0)
    print([g(v) for v in model_history.history['loss']], [g(v) for v in model_history.history['accuracy']])
except Exception as e:
    print(f"Expected {type(e).__name__}: {e}")

label = np.array([0, 0])
prediction = np.array([[-3., 0], [-3, 0]])
sample_weight = [1, 10]
scce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True,
                                                     reduction=tf.keras.losses.Reduction.NONE)
print(scce(label, prediction, sample_weight).numpy().round(4))


def add_sample_weights(image, label):
    # The weights for each class, with the constraint that:
    #     sum(class_weights) == 1.0
    class_weights = tf.constant([2.0, 2.0, 1.0])
    class_weights = class_weights / tf.reduce_sum(class_weights)
    # Create an image of `sample_weights` by using the label at each pixel as an
    # index into the `class weights` .
    sample_weights = tf.gather(class_weights, indices=tf.cast(label, tf.int32))
    return image, label, sample_weights


print(train_batches.map(add_sample_weights).element_spec)
try:
    weighted_history = model.fit(
        make_train_batches().map(add_sample_weights),
        epochs=1,
        steps_per_epoch=2, verbose=0)
    print([g(v) for v in weighted_history.history['loss']], sorted(weighted_history.history))
except ValueError as e:
    print(f"{type(e).__name__}: {e}")
print(create_mask(model.predict(sample_image[tf.newaxis, ...], verbose=0)).shape)
