# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# TF's "Customizing what happens in fit()" (TensorFlow backend) and the generative
# tutorials' training steps, small and seeded: a Model overriding train_step/test_step with
# its own metrics trackers, sample weights, a GAN's train_step with two optimizers, a dense
# autoencoder and a denoising conv autoencoder, a convolutional VAE's loss, DCGAN steps.
import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)


class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input(shape=(8,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
x = rng.random((64, 8)).astype("float32")
y = rng.random((64, 1)).astype("float32")
h = model.fit(x, y, epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print([m.name for m in model.metrics])


class CustomModel2(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")
        self.loss_fn = keras.losses.MeanSquaredError()

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.loss_fn(y, y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae_metric]

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss = self.loss_fn(y, y_pred)
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input(shape=(8,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel2(inputs, outputs)
model.compile(optimizer="adam")
h = model.fit(x, y, epochs=3, verbose=0, validation_split=0.25)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print({k: round(v, 4) for k, v in model.evaluate(x, y, verbose=0, return_dict=True).items()})
print(model.evaluate(x, y, verbose=0))


class CustomModel3(keras.Model):
    def train_step(self, data):
        if len(data) == 3:
            x, y, sample_weight = data
        else:
            sample_weight = None
            x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred, sample_weight=sample_weight)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred, sample_weight=sample_weight)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input(shape=(8,))
outputs = keras.layers.Dense(1)(inputs)
model = CustomModel3(inputs, outputs)
model.compile(optimizer="adam", loss="mse", metrics=["mae"])
sw = rng.random((64, 1)).astype("float32")
h = model.fit(x, y, sample_weight=sw, epochs=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# A GAN with its own train_step
latent_dim = 8
discriminator = keras.Sequential([
    keras.Input(shape=(12, 12, 1)),
    layers.Conv2D(8, (3, 3), strides=(2, 2), padding="same"),
    layers.LeakyReLU(negative_slope=0.2),
    layers.GlobalMaxPooling2D(),
    layers.Dense(1)], name="discriminator")
generator = keras.Sequential([
    keras.Input(shape=(latent_dim,)),
    layers.Dense(6 * 6 * 4),
    layers.LeakyReLU(negative_slope=0.2),
    layers.Reshape((6, 6, 4)),
    layers.Conv2DTranspose(4, (4, 4), strides=(2, 2), padding="same"),
    layers.LeakyReLU(negative_slope=0.2),
    layers.Conv2D(1, (3, 3), padding="same", activation="sigmoid")], name="generator")
generator.summary()


class GAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.d_loss_tracker = keras.metrics.Mean(name="d_loss")
        self.g_loss_tracker = keras.metrics.Mean(name="g_loss")
        self.seed_generator = keras.random.SeedGenerator(1337)

    @property
    def metrics(self):
        return [self.d_loss_tracker, self.g_loss_tracker]

    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.loss_fn = loss_fn

    def train_step(self, real_images):
        if isinstance(real_images, tuple):
            real_images = real_images[0]
        batch_size = tf.shape(real_images)[0]
        random_latent_vectors = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        generated_images = self.generator(random_latent_vectors)
        combined_images = tf.concat([generated_images, real_images], axis=0)
        labels = tf.concat([tf.ones((batch_size, 1)), tf.zeros((batch_size, 1))], axis=0)
        labels += 0.05 * keras.random.uniform(tf.shape(labels), seed=self.seed_generator)
        with tf.GradientTape() as tape:
            predictions = self.discriminator(combined_images)
            d_loss = self.loss_fn(labels, predictions)
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply(grads, self.discriminator.trainable_weights)
        random_latent_vectors = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        misleading_labels = tf.zeros((batch_size, 1))
        with tf.GradientTape() as tape:
            predictions = self.discriminator(self.generator(random_latent_vectors))
            g_loss = self.loss_fn(misleading_labels, predictions)
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply(grads, self.generator.trainable_weights)
        self.d_loss_tracker.update_state(d_loss)
        self.g_loss_tracker.update_state(g_loss)
        return {"d_loss": self.d_loss_tracker.result(), "g_loss": self.g_loss_tracker.result()}


real = rng.random((32, 12, 12, 1)).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(real).batch(8)
gan = GAN(discriminator=discriminator, generator=generator, latent_dim=latent_dim)
gan.compile(d_optimizer=keras.optimizers.Adam(learning_rate=0.0003),
            g_optimizer=keras.optimizers.Adam(learning_rate=0.0003),
            loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
h = gan.fit(dataset, epochs=2, verbose=0)
print(sorted(h.history), len(h.history["d_loss"]), np.isfinite(h.history["g_loss"]).all())
print(gan.d_optimizer.iterations.numpy(), gan.g_optimizer.iterations.numpy(), len(gan.trainable_variables))

# Autoencoders
x_train = rng.random((48, 8, 8)).astype("float32")


class Autoencoder(keras.Model):
    def __init__(self, latent_dim, shape):
        super().__init__()
        self.latent_dim = latent_dim
        self.shape = shape
        self.encoder = keras.Sequential([layers.Flatten(), layers.Dense(latent_dim, activation='relu')])
        self.decoder = keras.Sequential([layers.Dense(int(np.prod(shape)), activation='sigmoid'), layers.Reshape(shape)])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


shape = x_train.shape[1:]
autoencoder = Autoencoder(4, shape)
autoencoder.compile(optimizer='adam', loss=keras.losses.MeanSquaredError())
h = autoencoder.fit(x_train, x_train, epochs=2, shuffle=True, validation_data=(x_train[:8], x_train[:8]), verbose=0)
print(sorted(h.history), autoencoder.encoder(x_train[:2]).shape, autoencoder.decoder(autoencoder.encoder(x_train[:2])).shape)
noise_factor = 0.2
x_train_noisy = x_train + noise_factor * tf.random.normal(shape=x_train.shape, seed=1)
x_train_noisy = tf.clip_by_value(x_train_noisy, clip_value_min=0., clip_value_max=1.)
print(x_train_noisy.shape, x_train_noisy.dtype, float(tf.reduce_min(x_train_noisy)) >= 0.0)


class Denoise(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = keras.Sequential([
            layers.Input(shape=(8, 8, 1)),
            layers.Conv2D(4, (3, 3), activation='relu', padding='same', strides=2),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same', strides=2)])
        self.decoder = keras.Sequential([
            layers.Conv2DTranspose(2, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2DTranspose(4, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2D(1, kernel_size=(3, 3), activation='sigmoid', padding='same')])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


autoencoder = Denoise()
autoencoder.compile(optimizer='adam', loss=keras.losses.MeanSquaredError())
h = autoencoder.fit(x_train_noisy[..., None], x_train[..., None], epochs=2, verbose=0)
autoencoder.encoder.summary()
autoencoder.decoder.summary()

# Convolutional VAE (its loss and train step)


class CVAE(keras.Model):
    def __init__(self, latent_dim):
        super().__init__()
        self.latent_dim = latent_dim
        self.encoder = keras.Sequential([
            layers.InputLayer(shape=(8, 8, 1)),
            layers.Conv2D(filters=4, kernel_size=3, strides=(2, 2), activation='relu'),
            layers.Flatten(),
            layers.Dense(latent_dim + latent_dim)])
        self.decoder = keras.Sequential([
            layers.InputLayer(shape=(latent_dim,)),
            layers.Dense(units=4 * 4 * 4, activation=tf.nn.relu),
            layers.Reshape(target_shape=(4, 4, 4)),
            layers.Conv2DTranspose(filters=4, kernel_size=3, strides=2, padding='same', activation='relu'),
            layers.Conv2DTranspose(filters=1, kernel_size=3, strides=1, padding='same')])

    @tf.function
    def sample(self, eps=None):
        if eps is None:
            eps = tf.random.normal(shape=(5, self.latent_dim))
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


optimizer = keras.optimizers.Adam(1e-4)


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


cvae = CVAE(2)
bin_images = (x_train[..., None] > .5).astype('float32')
for i in range(0, 48, 16):
    train_step(cvae, bin_images[i:i + 16], optimizer)
loss = keras.metrics.Mean()
loss(compute_loss(cvae, bin_images))
print(loss.result().shape, loss.result().dtype, np.isfinite(loss.result().numpy()))
print(cvae.sample(tf.zeros([3, 2])).shape, train_step.experimental_get_tracing_count())
print(cvae.encoder.output_shape, cvae.decoder.output_shape, int(optimizer.iterations))
print(np.round(log_normal_pdf(tf.constant([[0.5, -1.0]]), tf.constant([[0.0, 0.0]]), tf.constant([[0.0, 1.0]])).numpy(), 5))

# DCGAN steps
cross_entropy = keras.losses.BinaryCrossentropy(from_logits=True)


def discriminator_loss(real_output, fake_output):
    real_loss = cross_entropy(tf.ones_like(real_output), real_output)
    fake_loss = cross_entropy(tf.zeros_like(fake_output), fake_output)
    return real_loss + fake_loss


def generator_loss(fake_output):
    return cross_entropy(tf.ones_like(fake_output), fake_output)


print(np.round(discriminator_loss(tf.constant([[1.0], [-2.0]]), tf.constant([[0.5], [3.0]])).numpy(), 5),
      np.round(generator_loss(tf.constant([[0.5], [3.0]])).numpy(), 5))
generator_optimizer = keras.optimizers.Adam(1e-4)
discriminator_optimizer = keras.optimizers.Adam(1e-4)
checkpoint = tf.train.Checkpoint(generator_optimizer=generator_optimizer, discriminator_optimizer=discriminator_optimizer,
                                 generator=generator, discriminator=discriminator)


@tf.function
def dcgan_step(images):
    noise = tf.random.normal([8, latent_dim])
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


for image_batch in dataset:
    g, d = dcgan_step(image_batch)
print(g.shape, d.dtype, int(generator_optimizer.iterations), dcgan_step.experimental_get_tracing_count())
path = checkpoint.save("./training_checkpoints/ckpt")
print(path, tf.train.latest_checkpoint("./training_checkpoints"))
print(checkpoint.restore(path).assert_consumed() is not None)
