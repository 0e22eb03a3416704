# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "pix2pix: Image-to-image translation with a conditional GAN" tutorial, scaled to
32x32 pairs of seeded synthetic JPEGs (the facade and its photo side by side, as the
tutorial's files are): load (decode_jpeg, the halves), resize with nearest neighbours,
random_crop of the stacked pair, the flip in a tf.function random_jitter, normalize,
list_files/map/shuffle/batch, the U-Net generator of downsample/upsample blocks with
skips, the PatchGAN discriminator, both losses, the two-tape tf.function train_step,
the fit loop's steps and a checkpoint of both models and optimizers."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(12)

PATH = "facades"
for split, count in (("train", 6), ("test", 2)):
    os.makedirs(os.path.join(PATH, split))
    for i in range(count):
        photo = rng.integers(0, 256, size=(32, 32, 3), dtype=np.uint8)
        label = (photo // 64 * 64).astype(np.uint8)  # a coarse "facade label" of the photo
        pair = np.concatenate([photo, label], axis=1)
        tf.io.write_file(os.path.join(PATH, split, f"{i}.jpg"),
                         tf.io.encode_jpeg(pair, quality=95))

sample_image = tf.io.read_file(os.path.join(PATH, "train", "1.jpg"))
sample_image = tf.io.decode_jpeg(sample_image)
print(sample_image.shape, sample_image.dtype)


def load(image_file):
    # Read and decode an image file to a uint8 tensor
    image = tf.io.read_file(image_file)
    image = tf.io.decode_jpeg(image)

    # Split each image tensor into two tensors:
    # - one with a real building facade image
    # - one with an architecture label image
    w = tf.shape(image)[1]
    w = w // 2
    input_image = image[:, w:, :]
    real_image = image[:, :w, :]

    # Convert both images to float32 tensors
    input_image = tf.cast(input_image, tf.float32)
    real_image = tf.cast(real_image, tf.float32)

    return input_image, real_image


inp, re = load(os.path.join(PATH, "train", "1.jpg"))
print(inp.shape, re.shape, inp.dtype)
print(np.round(inp[0, :3].numpy(), 1), np.round(re[0, :3].numpy(), 1))

# The facade training set consist of 400 images
BUFFER_SIZE = 400
# The batch size of 1 produced better results for the U-Net in the original pix2pix experiment
BATCH_SIZE = 1
# Each image is 256x256 in size (32x32 here)
IMG_WIDTH = 32
IMG_HEIGHT = 32


def resize(input_image, real_image, height, width):
    input_image = tf.image.resize(input_image, [height, width],
                                  method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    real_image = tf.image.resize(real_image, [height, width],
                                 method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)

    return input_image, real_image


def random_crop(input_image, real_image):
    stacked_image = tf.stack([input_image, real_image], axis=0)
    cropped_image = tf.image.random_crop(
        stacked_image, size=[2, IMG_HEIGHT, IMG_WIDTH, 3])

    return cropped_image[0], cropped_image[1]


# Normalizing the images to [-1, 1]
def normalize(input_image, real_image):
    input_image = (input_image / 127.5) - 1
    real_image = (real_image / 127.5) - 1

    return input_image, real_image


@tf.function()
def random_jitter(input_image, real_image):
    # Resizing to 286x286 (40x40 here)
    input_image, real_image = resize(input_image, real_image, 40, 40)

    # Random cropping back to 256x256 (32x32 here)
    input_image, real_image = random_crop(input_image, real_image)

    if tf.random.uniform(()) > 0.5:
        # Random mirroring
        input_image = tf.image.flip_left_right(input_image)
        real_image = tf.image.flip_left_right(real_image)

    return input_image, real_image


for i in range(3):
    rj_inp, rj_re = random_jitter(inp, re)
    print(rj_inp.shape, rj_re.shape, np.round(float(tf.reduce_mean(rj_inp)), 3))
print(random_jitter.experimental_get_tracing_count())


def load_image_train(image_file):
    input_image, real_image = load(image_file)
    input_image, real_image = random_jitter(input_image, real_image)
    input_image, real_image = normalize(input_image, real_image)

    return input_image, real_image


def load_image_test(image_file):
    input_image, real_image = load(image_file)
    input_image, real_image = resize(input_image, real_image,
                                     IMG_HEIGHT, IMG_WIDTH)
    input_image, real_image = normalize(input_image, real_image)

    return input_image, real_image


train_dataset = tf.data.Dataset.list_files(PATH + '/train/*.jpg', seed=3)
print([os.path.basename(f.decode()) for f in train_dataset.as_numpy_iterator()])
# (no num_parallel_calls=tf.data.AUTOTUNE: parallel calls of random_jitter's stateful
# random ops take the draws in whatever order the threads come, a race in TF)
train_dataset = train_dataset.map(load_image_train)
train_dataset = train_dataset.shuffle(BUFFER_SIZE, seed=4)
train_dataset = train_dataset.batch(BATCH_SIZE)
print(train_dataset.element_spec)

test_dataset = tf.data.Dataset.list_files(PATH + '/test/*.jpg', shuffle=False)
test_dataset = test_dataset.map(load_image_test)
test_dataset = test_dataset.batch(BATCH_SIZE)
print(test_dataset.element_spec, test_dataset.cardinality().numpy())

OUTPUT_CHANNELS = 3


def downsample(filters, size, apply_batchnorm=True):
    initializer = tf.random_normal_initializer(0., 0.02)

    result = tf.keras.Sequential()
    result.add(
        tf.keras.layers.Conv2D(filters, size, strides=2, padding='same',
                               kernel_initializer=initializer, use_bias=False))

    if apply_batchnorm:
        result.add(tf.keras.layers.BatchNormalization())

    result.add(tf.keras.layers.LeakyReLU())

    return result


down_model = downsample(3, 4)
down_result = down_model(tf.expand_dims(inp, 0))
print(down_result.shape)


def upsample(filters, size, apply_dropout=False):
    initializer = tf.random_normal_initializer(0., 0.02)

    result = tf.keras.Sequential()
    result.add(
        tf.keras.layers.Conv2DTranspose(filters, size, strides=2,
                                        padding='same',
                                        kernel_initializer=initializer,
                                        use_bias=False))

    result.add(tf.keras.layers.BatchNormalization())

    if apply_dropout:
        result.add(tf.keras.layers.Dropout(0.5))

    result.add(tf.keras.layers.ReLU())

    return result


up_model = upsample(3, 4)
up_result = up_model(down_result)
print(up_result.shape)


def Generator():
    inputs = tf.keras.layers.Input(shape=[32, 32, 3])

    down_stack = [
        downsample(8, 4, apply_batchnorm=False),  # (batch_size, 16, 16, 8)
        downsample(16, 4),  # (batch_size, 8, 8, 16)
        downsample(32, 4),  # (batch_size, 4, 4, 32)
        downsample(32, 4),  # (batch_size, 2, 2, 32)
        downsample(32, 4),  # (batch_size, 1, 1, 32)
    ]

    up_stack = [
        upsample(32, 4, apply_dropout=True),  # (batch_size, 2, 2, 64)
        upsample(32, 4),  # (batch_size, 4, 4, 64)
        upsample(16, 4),  # (batch_size, 8, 8, 32)
        upsample(8, 4),  # (batch_size, 16, 16, 16)
    ]

    initializer = tf.random_normal_initializer(0., 0.02)
    last = tf.keras.layers.Conv2DTranspose(OUTPUT_CHANNELS, 4,
                                           strides=2,
                                           padding='same',
                                           kernel_initializer=initializer,
                                           activation='tanh')  # (batch_size, 32, 32, 3)

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
        x = tf.keras.layers.Concatenate()([x, skip])

    x = last(x)

    return tf.keras.Model(inputs=inputs, outputs=x)


generator = Generator()
generator.summary()
gen_output = generator(inp[tf.newaxis, ...], training=False)
print(gen_output.shape, np.round(float(tf.reduce_mean(gen_output)), 4))

LAMBDA = 100
loss_object = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def generator_loss(disc_generated_output, gen_output, target):
    gan_loss = loss_object(tf.ones_like(disc_generated_output), disc_generated_output)

    # Mean absolute error
    l1_loss = tf.reduce_mean(tf.abs(target - gen_output))

    total_gen_loss = gan_loss + (LAMBDA * l1_loss)

    return total_gen_loss, gan_loss, l1_loss


def Discriminator():
    initializer = tf.random_normal_initializer(0., 0.02)

    inp = tf.keras.layers.Input(shape=[32, 32, 3], name='input_image')
    tar = tf.keras.layers.Input(shape=[32, 32, 3], name='target_image')

    x = tf.keras.layers.concatenate([inp, tar])  # (batch_size, 32, 32, channels*2)

    down1 = downsample(8, 4, False)(x)  # (batch_size, 16, 16, 8)
    down2 = downsample(16, 4)(down1)  # (batch_size, 8, 8, 16)
    down3 = downsample(32, 4)(down2)  # (batch_size, 4, 4, 32)

    zero_pad1 = tf.keras.layers.ZeroPadding2D()(down3)  # (batch_size, 6, 6, 32)
    conv = tf.keras.layers.Conv2D(64, 4, strides=1,
                                  kernel_initializer=initializer,
                                  use_bias=False)(zero_pad1)  # (batch_size, 3, 3, 64)

    batchnorm1 = tf.keras.layers.BatchNormalization()(conv)

    leaky_relu = tf.keras.layers.LeakyReLU()(batchnorm1)

    zero_pad2 = tf.keras.layers.ZeroPadding2D()(leaky_relu)  # (batch_size, 5, 5, 64)

    last = tf.keras.layers.Conv2D(1, 4, strides=1,
                                  kernel_initializer=initializer)(zero_pad2)  # (batch_size, 2, 2, 1)

    return tf.keras.Model(inputs=[inp, tar], outputs=last)


discriminator = Discriminator()
discriminator.summary()
disc_out = discriminator([inp[tf.newaxis, ...], gen_output], training=False)
print(disc_out.shape, np.round(disc_out[0, ..., 0].numpy(), 4))


def discriminator_loss(disc_real_output, disc_generated_output):
    real_loss = loss_object(tf.ones_like(disc_real_output), disc_real_output)

    generated_loss = loss_object(tf.zeros_like(disc_generated_output), disc_generated_output)

    total_disc_loss = real_loss + generated_loss

    return total_disc_loss


generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
discriminator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)

checkpoint_dir = './training_checkpoints'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")
checkpoint = tf.train.Checkpoint(generator_optimizer=generator_optimizer,
                                 discriminator_optimizer=discriminator_optimizer,
                                 generator=generator,
                                 discriminator=discriminator)


def generate_images(model, test_input, tar):
    prediction = model(test_input, training=True)
    display_list = [test_input[0], tar[0], prediction[0]]
    for image in display_list:
        # Getting the pixel values in the [0, 1] range to plot.
        print(image.shape, np.round(float(tf.reduce_mean(image * 0.5 + 0.5)), 4))


for example_input, example_target in test_dataset.take(1):
    generate_images(generator, example_input, example_target)

losses = []


@tf.function
def train_step(input_image, target, step):
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        gen_output = generator(input_image, training=True)

        disc_real_output = discriminator([input_image, target], training=True)
        disc_generated_output = discriminator([input_image, gen_output], training=True)

        gen_total_loss, gen_gan_loss, gen_l1_loss = generator_loss(disc_generated_output, gen_output, target)
        disc_loss = discriminator_loss(disc_real_output, disc_generated_output)

    generator_gradients = gen_tape.gradient(gen_total_loss,
                                            generator.trainable_variables)
    discriminator_gradients = disc_tape.gradient(disc_loss,
                                                 discriminator.trainable_variables)

    generator_optimizer.apply_gradients(zip(generator_gradients,
                                            generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(discriminator_gradients,
                                                discriminator.trainable_variables))
    return gen_total_loss, gen_gan_loss, gen_l1_loss, disc_loss


def fit(train_ds, test_ds, steps):
    example_input, example_target = next(iter(test_ds.take(1)))

    for step, (input_image, target) in train_ds.repeat().take(steps).enumerate():
        if (step) % 4 == 0:
            print(f"Step: {step//4}k")
            generate_images(generator, example_input, example_target)

        out = train_step(input_image, target, step)
        losses.append([round(float(v), 3) for v in out])

        # Training step
        if (step+1) % 2 == 0:
            print('.', end='', flush=True)

        # Save (checkpoint) the model every 5k steps
        if (step + 1) % 8 == 0:
            print(os.path.basename(checkpoint.save(file_prefix=checkpoint_prefix)))


fit(train_dataset, test_dataset, steps=8)
for row in losses:
    print(row)
print(train_step.experimental_get_tracing_count())
print(int(generator_optimizer.iterations.numpy()), int(discriminator_optimizer.iterations.numpy()))
print(sorted(os.listdir(checkpoint_dir)))
checkpoint.restore(tf.train.latest_checkpoint(checkpoint_dir))
for inp, tar in test_dataset.take(2):
    generate_images(generator, inp, tar)
