# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "CycleGAN" tutorial at 32x32 on seeded "horse" and "zebra" images made here (no TFDS
download), with tensorflow_examples' pix2pix models written out as that package has them
(InstanceNormalization over tf.nn.moments, downsample/upsample blocks, the U-Net generator
and the discriminator with norm_type='instancenorm', filters scaled down): random_jitter
(nearest-neighbour resize, random_crop, random_flip_left_right), normalize, the four
models, the discriminator/generator/cycle/identity losses, four Adam optimizers, a
Checkpoint with a CheckpointManager (a second manager restoring the latest), the
persistent-tape tf.function train_step over zipped datasets, and the translated test
images. The train maps run without parallel calls, whose random draws race in TF."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(21)


def fake_images(n, stripes):
    out = []
    for _ in range(n):
        img = rng.integers(90, 170, size=(36, 36, 3)).astype(np.float32)
        if stripes:
            img[:, ::4] = 20
            img[:, 1::4] = 240
        out.append(img.astype(np.uint8))
    return np.stack(out)


train_horses = tf.data.Dataset.from_tensor_slices((fake_images(4, False), np.zeros(4, np.int64)))
train_zebras = tf.data.Dataset.from_tensor_slices((fake_images(4, True), np.ones(4, np.int64)))
test_horses = tf.data.Dataset.from_tensor_slices((fake_images(2, False), np.zeros(2, np.int64)))
test_zebras = tf.data.Dataset.from_tensor_slices((fake_images(2, True), np.ones(2, np.int64)))

BUFFER_SIZE = 1000
BATCH_SIZE = 1
IMG_WIDTH = 32
IMG_HEIGHT = 32


def random_crop(image):
    cropped_image = tf.image.random_crop(
        image, size=[IMG_HEIGHT, IMG_WIDTH, 3])

    return cropped_image


# normalizing the images to [-1, 1]
def normalize(image):
    image = tf.cast(image, tf.float32)
    image = (image / 127.5) - 1
    return image


def random_jitter(image):
    # resizing to 286 x 286 x 3 (36 x 36 here)
    image = tf.image.resize(image, [36, 36],
                            method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)

    # randomly cropping to 256 x 256 x 3 (32 x 32 here)
    image = random_crop(image)

    # random mirroring
    image = tf.image.random_flip_left_right(image)

    return image


def preprocess_image_train(image, label):
    image = random_jitter(image)
    image = normalize(image)
    return image


def preprocess_image_test(image, label):
    image = tf.image.resize(image, [IMG_HEIGHT, IMG_WIDTH])
    image = normalize(image)
    return image


train_horses = train_horses.cache().map(
    preprocess_image_train).shuffle(
    BUFFER_SIZE).batch(BATCH_SIZE)

train_zebras = train_zebras.cache().map(
    preprocess_image_train).shuffle(
    BUFFER_SIZE).batch(BATCH_SIZE)

test_horses = test_horses.map(
    preprocess_image_test, num_parallel_calls=tf.data.AUTOTUNE).cache().shuffle(
    BUFFER_SIZE).batch(BATCH_SIZE)

test_zebras = test_zebras.map(
    preprocess_image_test, num_parallel_calls=tf.data.AUTOTUNE).cache().shuffle(
    BUFFER_SIZE).batch(BATCH_SIZE)

sample_horse = next(iter(train_horses))
sample_zebra = next(iter(train_zebras))
print(sample_horse.shape, sample_horse.dtype, np.round(float(tf.reduce_mean(sample_horse)), 4))
print(np.round(float(tf.reduce_mean(sample_zebra)), 4))
print(np.round(random_jitter(sample_horse[0])[0, :3, 0].numpy(), 4))


# -- tensorflow_examples.models.pix2pix, as that package writes it
class InstanceNormalization(tf.keras.layers.Layer):
    """Instance Normalization Layer (https://arxiv.org/abs/1607.08022)."""

    def __init__(self, epsilon=1e-5):
        super(InstanceNormalization, self).__init__()
        self.epsilon = epsilon

    def build(self, input_shape):
        self.scale = self.add_weight(
            name='scale',
            shape=input_shape[-1:],
            initializer=tf.random_normal_initializer(1., 0.02),
            trainable=True)

        self.offset = self.add_weight(
            name='offset',
            shape=input_shape[-1:],
            initializer='zeros',
            trainable=True)

    def call(self, x):
        mean, variance = tf.nn.moments(x, axes=[1, 2], keepdims=True)
        inv = tf.math.rsqrt(variance + self.epsilon)
        normalized = (x - mean) * inv
        return self.scale * normalized + self.offset


def downsample(filters, size, norm_type='batchnorm', apply_norm=True):
    initializer = tf.random_normal_initializer(0., 0.02)

    result = tf.keras.Sequential()
    result.add(
        tf.keras.layers.Conv2D(filters, size, strides=2, padding='same',
                               kernel_initializer=initializer, use_bias=False))

    if apply_norm:
        if norm_type.lower() == 'batchnorm':
            result.add(tf.keras.layers.BatchNormalization())
        elif norm_type.lower() == 'instancenorm':
            result.add(InstanceNormalization())

    result.add(tf.keras.layers.LeakyReLU())

    return result


def upsample(filters, size, norm_type='batchnorm', apply_dropout=False):
    initializer = tf.random_normal_initializer(0., 0.02)

    result = tf.keras.Sequential()
    result.add(
        tf.keras.layers.Conv2DTranspose(filters, size, strides=2,
                                        padding='same',
                                        kernel_initializer=initializer,
                                        use_bias=False))

    if norm_type.lower() == 'batchnorm':
        result.add(tf.keras.layers.BatchNormalization())
    elif norm_type.lower() == 'instancenorm':
        result.add(InstanceNormalization())

    if apply_dropout:
        result.add(tf.keras.layers.Dropout(0.5))

    result.add(tf.keras.layers.ReLU())

    return result


def unet_generator(output_channels, norm_type='batchnorm'):
    down_stack = [
        downsample(8, 4, norm_type, apply_norm=False),  # (bs, 16, 16, 8)
        downsample(16, 4, norm_type),  # (bs, 8, 8, 16)
        downsample(32, 4, norm_type),  # (bs, 4, 4, 32)
        downsample(32, 4, norm_type),  # (bs, 2, 2, 32)
        downsample(32, 4, norm_type),  # (bs, 1, 1, 32)
    ]

    up_stack = [
        upsample(32, 4, norm_type, apply_dropout=True),  # (bs, 2, 2, 64)
        upsample(32, 4, norm_type),  # (bs, 4, 4, 64)
        upsample(16, 4, norm_type),  # (bs, 8, 8, 32)
        upsample(8, 4, norm_type),  # (bs, 16, 16, 16)
    ]

    initializer = tf.random_normal_initializer(0., 0.02)
    last = tf.keras.layers.Conv2DTranspose(
        output_channels, 4, strides=2,
        padding='same', kernel_initializer=initializer,
        activation='tanh')  # (bs, 32, 32, 3)

    concat = tf.keras.layers.Concatenate()

    inputs = tf.keras.layers.Input(shape=[None, None, 3])
    x = inputs

    # Downsampling through the model
    skips = []
    for down in down_stack:
        x = down(x)
        skips.append(x)

    skips = reversed(skips[:-1])

    # Upsampling and establishing the skip connections
    for up, skip in zip(up_stack, skips):
        x = up(x)
        x = concat([x, skip])

    x = last(x)

    return tf.keras.Model(inputs=inputs, outputs=x)


def discriminator(norm_type='batchnorm', target=True):
    initializer = tf.random_normal_initializer(0., 0.02)

    inp = tf.keras.layers.Input(shape=[None, None, 3], name='input_image')
    x = inp

    if target:
        tar = tf.keras.layers.Input(shape=[None, None, 3], name='target_image')
        x = tf.keras.layers.concatenate([inp, tar])  # (bs, 32, 32, channels*2)

    down1 = downsample(8, 4, norm_type, False)(x)  # (bs, 16, 16, 8)
    down2 = downsample(16, 4, norm_type)(down1)  # (bs, 8, 8, 16)

    zero_pad1 = tf.keras.layers.ZeroPadding2D()(down2)  # (bs, 10, 10, 16)
    conv = tf.keras.layers.Conv2D(
        32, 4, strides=1, kernel_initializer=initializer,
        use_bias=False)(zero_pad1)  # (bs, 7, 7, 32)

    if norm_type.lower() == 'batchnorm':
        norm1 = tf.keras.layers.BatchNormalization()(conv)
    elif norm_type.lower() == 'instancenorm':
        norm1 = InstanceNormalization()(conv)

    leaky_relu = tf.keras.layers.LeakyReLU()(norm1)

    zero_pad2 = tf.keras.layers.ZeroPadding2D()(leaky_relu)  # (bs, 9, 9, 32)

    last = tf.keras.layers.Conv2D(
        1, 4, strides=1,
        kernel_initializer=initializer)(zero_pad2)  # (bs, 6, 6, 1)

    if target:
        return tf.keras.Model(inputs=[inp, tar], outputs=last)
    else:
        return tf.keras.Model(inputs=inp, outputs=last)


# -- the tutorial
OUTPUT_CHANNELS = 3

generator_g = unet_generator(OUTPUT_CHANNELS, norm_type='instancenorm')
generator_f = unet_generator(OUTPUT_CHANNELS, norm_type='instancenorm')

discriminator_x = discriminator(norm_type='instancenorm', target=False)
discriminator_y = discriminator(norm_type='instancenorm', target=False)
print(generator_g.count_params(), discriminator_x.count_params())
print([w.name for w in discriminator_x.weights][:6])

to_zebra = generator_g(sample_horse)
to_horse = generator_f(sample_zebra)
print(to_zebra.shape, np.round(float(tf.reduce_mean(to_zebra)), 4), np.round(float(tf.reduce_mean(to_horse)), 4))
print(discriminator_y(sample_zebra).shape, np.round(float(tf.reduce_mean(discriminator_x(sample_horse))), 4))

LAMBDA = 10
loss_obj = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def discriminator_loss(real, generated):
    real_loss = loss_obj(tf.ones_like(real), real)

    generated_loss = loss_obj(tf.zeros_like(generated), generated)

    total_disc_loss = real_loss + generated_loss

    return total_disc_loss * 0.5


def generator_loss(generated):
    return loss_obj(tf.ones_like(generated), generated)


def calc_cycle_loss(real_image, cycled_image):
    loss1 = tf.reduce_mean(tf.abs(real_image - cycled_image))

    return LAMBDA * loss1


def identity_loss(real_image, same_image):
    loss = tf.reduce_mean(tf.abs(real_image - same_image))
    return LAMBDA * 0.5 * loss


generator_g_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
generator_f_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)

discriminator_x_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_y_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)

checkpoint_path = "./checkpoints/train"

ckpt = tf.train.Checkpoint(generator_g=generator_g,
                           generator_f=generator_f,
                           discriminator_x=discriminator_x,
                           discriminator_y=discriminator_y,
                           generator_g_optimizer=generator_g_optimizer,
                           generator_f_optimizer=generator_f_optimizer,
                           discriminator_x_optimizer=discriminator_x_optimizer,
                           discriminator_y_optimizer=discriminator_y_optimizer)

ckpt_manager = tf.train.CheckpointManager(ckpt, checkpoint_path, max_to_keep=5)

# if a checkpoint exists, restore the latest checkpoint.
if ckpt_manager.latest_checkpoint:
    ckpt.restore(ckpt_manager.latest_checkpoint)
    print('Latest checkpoint restored!!')
print(ckpt_manager.latest_checkpoint)

EPOCHS = 4
log = []


@tf.function
def train_step(real_x, real_y):
    # persistent is set to True because the tape is used more than
    # once to calculate the gradients.
    with tf.GradientTape(persistent=True) as tape:
        # Generator G translates X -> Y
        # Generator F translates Y -> X.

        fake_y = generator_g(real_x, training=True)
        cycled_x = generator_f(fake_y, training=True)

        fake_x = generator_f(real_y, training=True)
        cycled_y = generator_g(fake_x, training=True)

        # same_x and same_y are used for identity loss.
        same_x = generator_f(real_x, training=True)
        same_y = generator_g(real_y, training=True)

        disc_real_x = discriminator_x(real_x, training=True)
        disc_real_y = discriminator_y(real_y, training=True)

        disc_fake_x = discriminator_x(fake_x, training=True)
        disc_fake_y = discriminator_y(fake_y, training=True)

        # calculate the loss
        gen_g_loss = generator_loss(disc_fake_y)
        gen_f_loss = generator_loss(disc_fake_x)

        total_cycle_loss = calc_cycle_loss(real_x, cycled_x) + calc_cycle_loss(real_y, cycled_y)

        # Total generator loss = adversarial loss + cycle loss
        total_gen_g_loss = gen_g_loss + total_cycle_loss + identity_loss(real_y, same_y)
        total_gen_f_loss = gen_f_loss + total_cycle_loss + identity_loss(real_x, same_x)

        disc_x_loss = discriminator_loss(disc_real_x, disc_fake_x)
        disc_y_loss = discriminator_loss(disc_real_y, disc_fake_y)

    # Calculate the gradients for generator and discriminator
    generator_g_gradients = tape.gradient(total_gen_g_loss,
                                          generator_g.trainable_variables)
    generator_f_gradients = tape.gradient(total_gen_f_loss,
                                          generator_f.trainable_variables)

    discriminator_x_gradients = tape.gradient(disc_x_loss,
                                              discriminator_x.trainable_variables)
    discriminator_y_gradients = tape.gradient(disc_y_loss,
                                              discriminator_y.trainable_variables)

    # Apply the gradients to the optimizer
    generator_g_optimizer.apply_gradients(zip(generator_g_gradients,
                                              generator_g.trainable_variables))

    generator_f_optimizer.apply_gradients(zip(generator_f_gradients,
                                              generator_f.trainable_variables))

    discriminator_x_optimizer.apply_gradients(zip(discriminator_x_gradients,
                                                  discriminator_x.trainable_variables))

    discriminator_y_optimizer.apply_gradients(zip(discriminator_y_gradients,
                                                  discriminator_y.trainable_variables))
    return total_gen_g_loss, total_gen_f_loss, disc_x_loss, disc_y_loss


for epoch in range(EPOCHS):
    n = 0
    for image_x, image_y in tf.data.Dataset.zip((train_horses, train_zebras)):
        losses = train_step(image_x, image_y)
        if n % 2 == 0:
            print('.', end='')
        n += 1
        # (2 places: the float32 gradients of the convolutions round differently in
        # the last bit, and the GAN's losses part in the 4th place after 15 steps)
        log.append([round(float(l), 2) for l in losses])
    print()
    if (epoch + 1) % 2 == 0:
        ckpt_save_path = ckpt_manager.save()
        print('Saving checkpoint for epoch {} at {}'.format(epoch + 1, os.path.relpath(ckpt_save_path)))

for row in log:
    print(row)
print(train_step.experimental_get_tracing_count())
print(int(generator_g_optimizer.iterations), int(discriminator_y_optimizer.iterations))

# a new manager over the same directory restores the latest checkpoint
ckpt2 = tf.train.Checkpoint(generator_g=unet_generator(OUTPUT_CHANNELS, norm_type='instancenorm'))
manager2 = tf.train.CheckpointManager(ckpt2, checkpoint_path, max_to_keep=5)
if manager2.latest_checkpoint:
    status = ckpt2.restore(manager2.latest_checkpoint)
    print('Latest checkpoint restored!!', os.path.relpath(manager2.latest_checkpoint))
    status.expect_partial()
print([os.path.relpath(p) for p in manager2.checkpoints])

for inp in test_horses.take(2):
    prediction = generator_g(inp)
    restored = ckpt2.generator_g(inp)
    print(prediction.shape, np.round(float(tf.reduce_mean(prediction)), 4),
          float(tf.reduce_max(tf.abs(prediction - restored))) < 1e-3)
