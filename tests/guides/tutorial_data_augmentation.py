# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Data augmentation" tutorial on a seeded image: the Keras preprocessing layers
(Resizing, Rescaling, RandomFlip, RandomRotation) in a model and in Dataset.map, a
custom layer, and the tf.image ops: flip_left_right, rgb_to_grayscale, adjust_saturation,
adjust_brightness, central_crop, rot90, and the stateless random ones
(stateless_random_brightness/contrast/crop/flip) driven by seeds from a
tf.random.Generator and tf.random.experimental.stateless_split."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(13)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(13)
IMG = rng.integers(0, 256, size=(12, 12, 3)).astype('uint8')
images = tf.constant(rng.integers(0, 256, size=(6, 12, 12, 3)).astype('float32'))
labels = tf.constant(rng.integers(0, 3, size=6))
num_classes = 3
IMG_SIZE = 8
resize_and_rescale = tf.keras.Sequential([layers.Resizing(IMG_SIZE, IMG_SIZE), layers.Rescaling(1. / 255)])
result = resize_and_rescale(IMG[None])
print(result.shape, result.dtype)
print("Min and max pixel values:", result.numpy().min().round(4), result.numpy().max().round(4))
print(result[0, :2, :2, 0].numpy())
data_augmentation = tf.keras.Sequential([layers.RandomFlip("horizontal_and_vertical"), layers.RandomRotation(0.2)])
image = tf.cast(tf.expand_dims(IMG, 0), tf.float32)
augmented_image = data_augmentation(image)
print(augmented_image.shape, augmented_image.dtype)
try:  # data_augmentation was built on 12x12 images: Keras 3 refuses the resized 8x8 ones
    model = tf.keras.Sequential([
        resize_and_rescale,
        data_augmentation,
        layers.Conv2D(4, 3, padding='same', activation='relu'),
        layers.MaxPooling2D(),
    ])
except ValueError as e:
    print(type(e).__name__, e)
data_augmentation = tf.keras.Sequential([layers.RandomFlip("horizontal_and_vertical"), layers.RandomRotation(0.2)])
model = tf.keras.Sequential([
    resize_and_rescale,
    data_augmentation,
    layers.Conv2D(4, 3, padding='same', activation='relu'),
    layers.MaxPooling2D(),
])
print(model(images).shape)
aug_ds = tf.data.Dataset.from_tensor_slices((images, labels)).batch(2).map(lambda x, y: (resize_and_rescale(x, training=True), y))
print(aug_ds.element_spec)


def random_invert_img(x, p=0.5):
    if tf.random.uniform([]) < p:
        x = (255 - x)
    else:
        x
    return x


def random_invert(factor=0.5):
    return layers.Lambda(lambda x: random_invert_img(x, factor))


random_invert_layer = random_invert()
print(random_invert_layer(image).shape)


class RandomInvert(layers.Layer):
    def __init__(self, factor=0.5, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return random_invert_img(x, self.factor)


print(RandomInvert()(image).shape, RandomInvert().get_config()['trainable'])

image = tf.constant(IMG)
flipped = tf.image.flip_left_right(image)
print(flipped[0, :3, 0].numpy(), image[0, -3:, 0].numpy())
grayscaled = tf.image.rgb_to_grayscale(image)
print(grayscaled.shape, grayscaled.dtype, grayscaled[0, :4, 0].numpy())
print(tf.squeeze(grayscaled).shape)
saturated = tf.image.adjust_saturation(image, 3)
print(saturated.dtype, saturated[0, :3].numpy())
bright = tf.image.adjust_brightness(image, 0.4)
print(bright.dtype, bright[0, :2].numpy())
cropped = tf.image.central_crop(image, central_fraction=0.5)
print(cropped.shape)
rotated = tf.image.rot90(image)
print(rotated.shape, bool(tf.reduce_all(rotated[0] == image[:, -1])))
fimage = tf.image.convert_image_dtype(image, tf.float32)
print(fimage.dtype, fimage[0, 0].numpy())
print(tf.image.adjust_contrast(fimage, 2.0)[0, 0].numpy())
print(tf.image.adjust_hue(fimage, 0.2)[0, 0].numpy())
print(tf.image.adjust_gamma(fimage, 2.0)[0, 0].numpy())
print(tf.image.per_image_standardization(fimage)[0, 0].numpy())
print(tf.image.rgb_to_hsv(fimage)[0, 0].numpy())
print(tf.image.resize_with_crop_or_pad(fimage, 16, 16).shape, tf.image.resize_with_pad(fimage, 10, 16).shape)
print(tf.image.resize(fimage, [5, 7], method='bicubic')[0, :2].numpy())
print(tf.image.resize(fimage, [5, 7], method='area')[0, :2].numpy())
print(tf.image.resize(fimage, [5, 7], method='lanczos3')[0, :2].numpy())
print(tf.image.resize(fimage, [5, 7], method='mitchellcubic')[0, :2].numpy())
print(tf.image.resize(image, [5, 7], method='nearest').dtype)

for i in range(3):
    seed = (i, 0)
    stateless_random_brightness = tf.image.stateless_random_brightness(image, max_delta=95, seed=seed)
    print(stateless_random_brightness[0, 0].numpy())
for i in range(3):
    seed = (i, 0)
    stateless_random_contrast = tf.image.stateless_random_contrast(fimage, lower=0.1, upper=0.9, seed=seed)
    print(stateless_random_contrast[0, 0].numpy())
for i in range(3):
    seed = (i, 0)
    stateless_random_crop = tf.image.stateless_random_crop(image, size=[6, 6, 3], seed=seed)
    print(stateless_random_crop[0, 0].numpy())
for i in range(2):
    seed = (i, 0)
    print(tf.image.stateless_random_flip_left_right(image, seed)[0, 0].numpy(),
          tf.image.stateless_random_flip_up_down(image, seed)[0, 0].numpy())
print(tf.image.stateless_random_saturation(fimage, 0.5, 1.5, seed=(1, 2))[0, 0].numpy())
print(tf.image.stateless_random_hue(fimage, 0.2, seed=(1, 2))[0, 0].numpy())
print(tf.image.stateless_random_jpeg_quality(image, 50, 90, seed=(1, 2)).shape)


def resize_and_rescale_fn(image, label):
    image = tf.cast(image, tf.float32)
    image = tf.image.resize(image, [IMG_SIZE, IMG_SIZE])
    image = (image / 255.0)
    return image, label


def augment(image_label, seed):
    image, label = image_label
    image, label = resize_and_rescale_fn(image, label)
    image = tf.image.resize_with_crop_or_pad(image, IMG_SIZE + 6, IMG_SIZE + 6)
    new_seed = tf.random.split(seed, num=1)[0, :]
    image = tf.image.stateless_random_crop(image, size=[IMG_SIZE, IMG_SIZE, 3], seed=seed)
    image = tf.image.stateless_random_brightness(image, max_delta=0.5, seed=new_seed)
    image = tf.clip_by_value(image, 0, 1)
    return image, label


print(tf.random.split(tf.constant([1, 2]), num=2).numpy(), tf.random.experimental.stateless_split([3, 4], 3).numpy())
counter = tf.data.experimental.Counter()
train_ds = tf.data.Dataset.from_tensor_slices((images, labels))
train_ds = tf.data.Dataset.zip((train_ds, (counter, counter)))
train_ds = train_ds.shuffle(100, seed=1).map(augment).batch(3)
for x, y in train_ds.take(1):
    print(x.shape, y.numpy(), np.round(float(tf.reduce_mean(x)), 4))
rng_gen = tf.random.Generator.from_seed(123, alg='philox')
print(rng_gen.make_seeds(2)[0].numpy(), rng_gen.state.numpy())


def f(x, y):
    seed = rng_gen.make_seeds(1)[:, 0]
    image, label = augment((x, y), seed)
    return image, label


train_ds = tf.data.Dataset.from_tensor_slices((images, labels)).map(f).batch(3)
for x, y in train_ds.take(2):
    print(x.shape, np.round(float(tf.reduce_mean(x)), 4))
print(rng_gen.state.numpy(), rng_gen.algorithm)
