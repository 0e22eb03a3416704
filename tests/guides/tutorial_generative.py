# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's generative tutorials on small seeded images: DCGAN (generator of Dense/BatchNorm/
LeakyReLU/Conv2DTranspose, discriminator, the two losses, a tf.function train step with two
tapes and optimizers, a checkpoint of both), the autoencoders (a Dense one, a denoising
convolutional one, anomaly detection by reconstruction error) and the convolutional VAE (the
reparameterization trick, log-normal pdf, the ELBO)."""

import os

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, losses
from tensorflow.keras.models import Model

tf.keras.utils.set_random_seed(5)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(9)
train_images = rng.integers(0, 256, size=(64, 28, 28, 1)).astype('float32')
train_images = (train_images - 127.5) / 127.5
BUFFER_SIZE, BATCH_SIZE = 64, 16
train_dataset = tf.data.Dataset.from_tensor_slices(train_images).shuffle(BUFFER_SIZE, seed=2).batch(BATCH_SIZE)
print(train_dataset.element_spec)


def make_generator_model():
    model = tf.keras.Sequential()
    model.add(layers.Input((100,)))
    model.add(layers.Dense(7 * 7 * 16, use_bias=False))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())
    model.add(layers.Reshape((7, 7, 16)))
    assert model.output_shape == (None, 7, 7, 16)
    model.add(layers.Conv2DTranspose(8, (5, 5), strides=(1, 1), padding='same', use_bias=False))
    assert model.output_shape == (None, 7, 7, 8)
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())
    model.add(layers.Conv2DTranspose(4, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    assert model.output_shape == (None, 14, 14, 4)
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())
    model.add(layers.Conv2DTranspose(1, (5, 5), strides=(2, 2), padding='same', use_bias=False, activation='tanh'))
    assert model.output_shape == (None, 28, 28, 1)
    return model


generator = make_generator_model()
generator.summary()
noise = tf.random.normal([1, 100], seed=1)
generated_image = generator(noise, training=False)
print(generated_image.shape, np.round(float(tf.reduce_mean(generated_image)), 4))


def make_discriminator_model():
    model = tf.keras.Sequential()
    model.add(layers.Input((28, 28, 1)))
    model.add(layers.Conv2D(8, (5, 5), strides=(2, 2), padding='same'))
    model.add(layers.LeakyReLU())
    model.add(layers.Dropout(0.3))
    model.add(layers.Conv2D(16, (5, 5), strides=(2, 2), padding='same'))
    model.add(layers.LeakyReLU())
    model.add(layers.Dropout(0.3))
    model.add(layers.Flatten())
    model.add(layers.Dense(1))
    return model


discriminator = make_discriminator_model()
discriminator.summary()
decision = discriminator(generated_image)
print(decision.shape, np.round(decision.numpy(), 4))
cross_entropy = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def discriminator_loss(real_output, fake_output):
    real_loss = cross_entropy(tf.ones_like(real_output), real_output)
    fake_loss = cross_entropy(tf.zeros_like(fake_output), fake_output)
    return real_loss + fake_loss


def generator_loss(fake_output):
    return cross_entropy(tf.ones_like(fake_output), fake_output)


generator_optimizer = tf.keras.optimizers.Adam(1e-4)
discriminator_optimizer = tf.keras.optimizers.Adam(1e-4)
checkpoint_dir = './training_checkpoints'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")
checkpoint = tf.train.Checkpoint(generator_optimizer=generator_optimizer,
                                 discriminator_optimizer=discriminator_optimizer,
                                 generator=generator, discriminator=discriminator)
noise_dim = 100
num_examples_to_generate = 4
seed = tf.random.normal([num_examples_to_generate, noise_dim], seed=3)


@tf.function
def train_step(images):
    noise = tf.random.normal([BATCH_SIZE, noise_dim])
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        generated_images = generator(noise, training=True)
        real_output = discriminator(images, training=True)
        fake_output = discriminator(generated_images, training=True)
        gen_loss = generator_loss(fake_output)
        disc_loss = discriminator_loss(real_output, fake_output)
    gradients_of_generator = gen_tape.gradient(gen_loss, generator.trainable_variables)
    gradients_of_discriminator = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(gradients_of_generator, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(gradients_of_discriminator, discriminator.trainable_variables))
    return gen_loss, disc_loss


for epoch in range(2):
    for image_batch in train_dataset:
        g, d = train_step(image_batch)
    print(epoch, g.shape, g.dtype, d.dtype)
    path = checkpoint.save(file_prefix=checkpoint_prefix)
    print(os.path.relpath(path))
predictions = generator(seed, training=False)
print(predictions.shape, bool(tf.reduce_all(tf.abs(predictions) <= 1)))
print(int(generator_optimizer.iterations), int(discriminator_optimizer.iterations))
print(os.path.relpath(tf.train.latest_checkpoint(checkpoint_dir)))
status = checkpoint.restore(tf.train.latest_checkpoint(checkpoint_dir))
status.assert_consumed()
print(type(status).__name__)
print(sorted(n for n, _ in tf.train.list_variables(checkpoint_dir) if "OPTIMIZER_SLOT" not in n)[:6])
print(len(generator.non_trainable_weights), [w.path for w in generator.non_trainable_weights][:2])

# -- autoencoder
x_train = rng.random((96, 28, 28)).astype('float32')
x_test = rng.random((32, 28, 28)).astype('float32')
print(x_train.shape, x_test.shape)


class Autoencoder(Model):
    def __init__(self, latent_dim, shape):
        super(Autoencoder, self).__init__()
        self.latent_dim = latent_dim
        self.shape = shape
        self.encoder = tf.keras.Sequential([
            layers.Flatten(),
            layers.Dense(latent_dim, activation='relu'),
        ])
        self.decoder = tf.keras.Sequential([
            layers.Dense(int(tf.math.reduce_prod(shape).numpy()), activation='sigmoid'),
            layers.Reshape(shape)
        ])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


shape = x_test.shape[1:]
latent_dim = 16
autoencoder = Autoencoder(latent_dim, shape)
autoencoder.compile(optimizer='adam', loss=losses.MeanSquaredError())
history = autoencoder.fit(x_train, x_train, epochs=2, shuffle=True, validation_data=(x_test, x_test), verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
encoded_imgs = autoencoder.encoder(x_test).numpy()
decoded_imgs = autoencoder.decoder(encoded_imgs).numpy()
print(encoded_imgs.shape, decoded_imgs.shape, autoencoder.shape)
autoencoder.encoder.summary()

noise_factor = 0.2
x_train_noisy = x_train[..., tf.newaxis] + noise_factor * tf.random.normal(shape=(96, 28, 28, 1), seed=4)
x_train_noisy = tf.clip_by_value(x_train_noisy, clip_value_min=0., clip_value_max=1.)
print(x_train_noisy.dtype, x_train_noisy.shape)


class Denoise(Model):
    def __init__(self):
        super(Denoise, self).__init__()
        self.encoder = tf.keras.Sequential([
            layers.Input(shape=(28, 28, 1)),
            layers.Conv2D(8, (3, 3), activation='relu', padding='same', strides=2),
            layers.Conv2D(4, (3, 3), activation='relu', padding='same', strides=2)])
        self.decoder = tf.keras.Sequential([
            layers.Conv2DTranspose(4, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2DTranspose(8, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2D(1, kernel_size=(3, 3), activation='sigmoid', padding='same')])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


denoise = Denoise()
denoise.compile(optimizer='adam', loss=losses.MeanSquaredError())
history = denoise.fit(x_train_noisy, x_train[..., None], epochs=2, shuffle=True, verbose=0, batch_size=32)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
denoise.encoder.summary()
denoise.decoder.summary()

# anomaly detection
raw = rng.normal(size=(80, 140)).astype('float32')
labels = rng.random(80) > 0.3
min_val, max_val = tf.reduce_min(raw), tf.reduce_max(raw)
data = (raw - min_val) / (max_val - min_val)
data = tf.cast(data, tf.float32)
normal = data[labels]
print(normal.shape, labels.sum())


class AnomalyDetector(Model):
    def __init__(self):
        super(AnomalyDetector, self).__init__()
        self.encoder = tf.keras.Sequential([layers.Dense(32, activation="relu"),
                                            layers.Dense(16, activation="relu"),
                                            layers.Dense(8, activation="relu")])
        self.decoder = tf.keras.Sequential([layers.Dense(16, activation="relu"),
                                            layers.Dense(32, activation="relu"),
                                            layers.Dense(140, activation="sigmoid")])

    def call(self, x):
        return self.decoder(self.encoder(x))


autoencoder = AnomalyDetector()
autoencoder.compile(optimizer='adam', loss='mae')
history = autoencoder.fit(normal, normal, epochs=3, batch_size=16, shuffle=True, verbose=0)
print([round(v, 4) for v in history.history['loss']])
reconstructions = autoencoder.predict(normal, verbose=0)
train_loss = tf.keras.losses.mae(reconstructions, normal)
print(train_loss.shape, train_loss.dtype)
threshold = np.mean(train_loss) + np.std(train_loss)
print("Threshold: ", round(float(threshold), 4))


def predict(model, data, threshold):
    reconstructions = model(data)
    loss = tf.keras.losses.mae(reconstructions, data)
    return tf.math.less(loss, threshold)


preds = predict(autoencoder, data, threshold)
print(preds.dtype, preds.shape, int(tf.reduce_sum(tf.cast(preds, tf.int32))))
print(tf.keras.metrics.Accuracy()(labels, preds).numpy().round(4))

# -- convolutional VAE


class CVAE(tf.keras.Model):
    def __init__(self, latent_dim):
        super(CVAE, self).__init__()
        self.latent_dim = latent_dim
        self.encoder = tf.keras.Sequential([
            tf.keras.layers.InputLayer(shape=(28, 28, 1)),
            tf.keras.layers.Conv2D(filters=8, kernel_size=3, strides=(2, 2), activation='relu'),
            tf.keras.layers.Conv2D(filters=16, kernel_size=3, strides=(2, 2), activation='relu'),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(latent_dim + latent_dim),
        ])
        self.decoder = tf.keras.Sequential([
            tf.keras.layers.InputLayer(shape=(latent_dim,)),
            tf.keras.layers.Dense(units=7 * 7 * 8, activation=tf.nn.relu),
            tf.keras.layers.Reshape(target_shape=(7, 7, 8)),
            tf.keras.layers.Conv2DTranspose(filters=16, kernel_size=3, strides=2, padding='same', activation='relu'),
            tf.keras.layers.Conv2DTranspose(filters=8, kernel_size=3, strides=2, padding='same', activation='relu'),
            tf.keras.layers.Conv2DTranspose(filters=1, kernel_size=3, strides=1, padding='same'),
        ])

    @tf.function
    def sample(self, eps=None):
        if eps is None:
            eps = tf.random.normal(shape=(100, self.latent_dim))
        return self.decode(eps, apply_sigmoid=True)

    def encode(self, x):
        mean, logvar = tf.split(self.encoder(x), num_or_size_splits=2, axis=1)
        return mean, logvar

    def reparameterize(self, mean, logvar):
        eps = tf.random.normal(shape=mean.shape)
        return eps * tf.exp(logvar * .5) + mean

    def decode(self, z, apply_sigmoid=False):
        logits = self.decoder(z)
        if apply_sigmoid:
            probs = tf.sigmoid(logits)
            return probs
        return logits


optimizer = tf.keras.optimizers.Adam(1e-4)


def log_normal_pdf(sample, mean, logvar, raxis=1):
    log2pi = tf.math.log(2. * np.pi)
    return tf.reduce_sum(-.5 * ((sample - mean) ** 2. * tf.exp(-logvar) + logvar + log2pi), axis=raxis)


def compute_loss(model, x):
    mean, logvar = model.encode(x)
    z = model.reparameterize(mean, logvar)
    x_logit = model.decode(z)
    cross_ent = tf.nn.sigmoid_cross_entropy_with_logits(logits=x_logit, labels=x)
    logpx_z = -tf.reduce_sum(cross_ent, axis=[1, 2, 3])
    logpz = log_normal_pdf(z, 0., 0.)
    logqz_x = log_normal_pdf(z, mean, logvar)
    return -tf.reduce_mean(logpx_z + logpz - logqz_x)


@tf.function
def train_step(model, x, optimizer):
    with tf.GradientTape() as tape:
        loss = compute_loss(model, x)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))


vae_images = np.where(rng.random((48, 28, 28, 1)) > .5, 1.0, 0.0).astype('float32')
train_ds = tf.data.Dataset.from_tensor_slices(vae_images[:32]).shuffle(32, seed=1).batch(16)
test_ds = tf.data.Dataset.from_tensor_slices(vae_images[32:]).batch(16)
latent_dim = 2
model = CVAE(latent_dim)
random_vector_for_generation = tf.random.normal(shape=[4, latent_dim], seed=7)
for epoch in range(1, 3):
    for train_x in train_ds:
        train_step(model, train_x, optimizer)
    loss = tf.keras.metrics.Mean()
    for test_x in test_ds:
        loss(compute_loss(model, test_x))
    elbo = -loss.result()
    print('Epoch: {}, Test set ELBO: {}'.format(epoch, elbo.dtype))
mean, logvar = model.encode(vae_images[:4])
z = model.reparameterize(mean, logvar)
print(mean.shape, logvar.shape, z.shape)
print(model.sample(random_vector_for_generation).shape)
print(train_step.experimental_get_tracing_count(), model.sample.experimental_get_tracing_count())
print(np.round(log_normal_pdf(tf.constant([[0.5, -1.0]]), 0., 0.).numpy(), 5))
model.encoder.summary()
model.decoder.summary()
