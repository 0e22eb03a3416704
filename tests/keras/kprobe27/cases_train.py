"""kprobe27's snippets after keras.io's training examples: knowledge distillation,
siamese networks with contrastive and triplet losses, GANs (conditional, WGAN-GP), a VAE,
MixUp and CutMix through tf.data, warmup learning-rate schedules (see cases.py)."""

from tests.keras.kprobe27.prelude import _TRY

SNIPPETS = {}

# The data most snippets here share: 12 rows of 4 features in 3 classes.
_DATA = """
XC = (np.sin(np.arange(48, dtype="float32").reshape(12, 4) * 0.9) * 1.5).astype("float32")
YC = (np.arange(12) % 3).astype("int32")
def mlp(units, name, out=3):
    m = keras.Sequential([keras.Input((4,)), layers.Dense(units, activation="relu"),
                          layers.Dense(out)], name=name)
    fill(m)
    return m
"""

_DISTILLER = """
class Distiller(keras.Model):
    def __init__(self, student, teacher):
        super().__init__()
        self.teacher = teacher
        self.student = student
    def compile(self, optimizer, metrics, student_loss_fn, distillation_loss_fn, alpha=0.1,
                temperature=3):
        super().compile(optimizer=optimizer, metrics=metrics)
        self.student_loss_fn = student_loss_fn
        self.distillation_loss_fn = distillation_loss_fn
        self.alpha = alpha
        self.temperature = temperature
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, allow_empty=False):
        teacher_pred = self.teacher(x, training=False)
        student_loss = self.student_loss_fn(y, y_pred)
        distillation_loss = self.distillation_loss_fn(
            keras.ops.softmax(teacher_pred / self.temperature, axis=1),
            keras.ops.softmax(y_pred / self.temperature, axis=1)) * (self.temperature ** 2)
        return self.alpha * student_loss + (1 - self.alpha) * distillation_loss
    def call(self, x):
        return self.student(x)
"""

SNIPPETS["distiller_compute_loss_fit_evaluate"] = _TRY + _DATA + _DISTILLER + """
teacher = mlp(8, "teacher")
student = mlp(3, "student")
teacher.compile(optimizer=keras.optimizers.Adam(0.05),
                loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                metrics=[keras.metrics.SparseCategoricalAccuracy()])
print(logs4(teacher.fit(XC, YC, epochs=3, batch_size=6, shuffle=False, verbose=0)))
d = Distiller(student=student, teacher=teacher)
d.compile(optimizer=keras.optimizers.Adam(0.05),
          metrics=[keras.metrics.SparseCategoricalAccuracy()],
          student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          distillation_loss_fn=keras.losses.KLDivergence(), alpha=0.1, temperature=10)
h = d.fit(XC, YC, epochs=3, batch_size=6, shuffle=False, verbose=0)
print(logs4(h))
print(r4(d.evaluate(XC, YC, verbose=0)))
print(r4(d.evaluate(XC, YC, verbose=0, return_dict=True)))
print(wsum(student), wsum(teacher))
print([l.name for l in d.layers], len(d.trainable_weights), len(d.weights))
print(d.predict(XC[:2], verbose=0).shape, [m.name for m in d.metrics])
"""

SNIPPETS["distiller_train_step_with_tape"] = _TRY + _DATA + """
class Distiller(keras.Model):
    def __init__(self, student, teacher):
        super().__init__()
        self.teacher, self.student = teacher, student
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.sl_tracker = keras.metrics.Mean(name="student_loss")
        self.dl_tracker = keras.metrics.Mean(name="distillation_loss")
        self.acc = keras.metrics.SparseCategoricalAccuracy(name="acc")
    @property
    def metrics(self):
        return [self.loss_tracker, self.sl_tracker, self.dl_tracker, self.acc]
    def compile(self, optimizer, student_loss_fn, distillation_loss_fn, alpha=0.5, temperature=2):
        super().compile(optimizer=optimizer)
        self.student_loss_fn, self.distillation_loss_fn = student_loss_fn, distillation_loss_fn
        self.alpha, self.temperature = alpha, temperature
    def train_step(self, data):
        x, y = data
        t = self.teacher(x, training=False)
        with tf.GradientTape() as tape:
            s = self.student(x, training=True)
            sl = self.student_loss_fn(y, s)
            dl = self.distillation_loss_fn(tf.nn.softmax(t / self.temperature, axis=1),
                                           tf.nn.softmax(s / self.temperature, axis=1))
            loss = self.alpha * sl + (1 - self.alpha) * dl
        grads = tape.gradient(loss, self.student.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.student.trainable_variables))
        self.loss_tracker.update_state(loss)
        self.sl_tracker.update_state(sl)
        self.dl_tracker.update_state(dl)
        self.acc.update_state(y, s)
        return {m.name: m.result() for m in self.metrics}
    def test_step(self, data):
        x, y = data
        s = self.student(x, training=False)
        self.sl_tracker.update_state(self.student_loss_fn(y, s))
        self.acc.update_state(y, s)
        return {"student_loss": self.sl_tracker.result(), "acc": self.acc.result()}
    def call(self, x):
        return self.student(x)
d = Distiller(mlp(3, "s"), mlp(8, "t"))
d.compile(keras.optimizers.SGD(0.2),
          keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          keras.losses.KLDivergence(), alpha=0.3, temperature=4)
print(logs4(d.fit(XC, YC, epochs=2, batch_size=4, shuffle=False, verbose=0)))
print(r4(d.evaluate(XC, YC, verbose=0, return_dict=True)))
print(r4(d.evaluate(XC, YC, verbose=0)))
print(wsum(d.student), wsum(d.teacher), d.optimizer.iterations.numpy())
"""

SNIPPETS["distiller_save_without_get_config"] = _TRY + _DATA + _DISTILLER + """
d = Distiller(student=mlp(3, "student"), teacher=mlp(8, "teacher"))
d.compile(optimizer="adam", metrics=["accuracy"],
          student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          distillation_loss_fn=keras.losses.KLDivergence())
d.fit(XC, YC, epochs=1, verbose=0)
p = os.path.join(D, "distiller.keras")
tryp("save", lambda: d.save(p))
d.student.save(os.path.join(D, "student.keras"))
s2 = keras.models.load_model(os.path.join(D, "student.keras"))
print(s2.name, r4(s2(XC[:2])) == r4(d(XC[:2])))
d.save_weights(os.path.join(D, "d.weights.h5"))
d2 = Distiller(student=mlp(3, "student"), teacher=mlp(8, "teacher"))
tryp("unbuilt", lambda: d2.load_weights(os.path.join(D, "d.weights.h5")))
d2(XC[:1])
fill(d2, 0.1)
d2.load_weights(os.path.join(D, "d.weights.h5"))
print(wsum(d2) == wsum(d), wsum(d2.student) == wsum(d.student))
"""

SNIPPETS["distiller_failed_save_leaves_empty_file"] = _TRY + _DATA + _DISTILLER + """
d = Distiller(student=mlp(3, "student"), teacher=mlp(8, "teacher"))
p = os.path.join(D, "distiller.keras")
tryp("save", lambda: d.save(p).__class__)
tryp("exists", lambda: (os.path.exists(p), os.path.getsize(p)))
tryp("load", lambda: type(keras.models.load_model(p)).__name__)
"""

SNIPPETS["siamese_contrastive_loss"] = _TRY + """
def euclidean_distance(vects):
    x, y = vects
    sum_square = keras.ops.sum(keras.ops.square(x - y), axis=1, keepdims=True)
    return keras.ops.sqrt(keras.ops.maximum(sum_square, keras.backend.epsilon()))
def loss(margin=1):
    def contrastive_loss(y_true, y_pred):
        square_pred = keras.ops.square(y_pred)
        margin_square = keras.ops.square(keras.ops.maximum(margin - (y_pred), 0))
        return keras.ops.mean((1 - y_true) * square_pred + (y_true) * margin_square)
    return contrastive_loss
inp = keras.layers.Input((6, 6, 1))
x = keras.layers.BatchNormalization()(inp)
x = keras.layers.Conv2D(2, (3, 3), activation="tanh")(x)
x = keras.layers.AveragePooling2D(pool_size=(2, 2))(x)
x = keras.layers.Flatten()(x)
x = keras.layers.Dense(3, activation="tanh")(x)
embedding_network = keras.Model(inp, x)
input_1 = keras.layers.Input((6, 6, 1))
input_2 = keras.layers.Input((6, 6, 1))
tower_1 = embedding_network(input_1)
tower_2 = embedding_network(input_2)
merge_layer = keras.layers.Lambda(euclidean_distance, output_shape=(1,))([tower_1, tower_2])
normal_layer = keras.layers.BatchNormalization()(merge_layer)
output_layer = keras.layers.Dense(1, activation="sigmoid")(normal_layer)
siamese = keras.Model(inputs=[input_1, input_2], outputs=output_layer)
fill_bn(siamese)
siamese.compile(loss=loss(margin=1), optimizer="RMSprop", metrics=["accuracy"])
a = (np.arange(8 * 36, dtype="float32").reshape(8, 6, 6, 1) % 7) / 7
b = a[::-1].copy()
lab = np.array([0, 1, 0, 1, 1, 0, 1, 0], "float32")
h = siamese.fit([a, b], lab, validation_data=([a[:4], b[:4]], lab[:4]), batch_size=4,
                epochs=2, shuffle=False, verbose=0)
print(logs4(h))
print(r4(siamese.evaluate([a, b], lab, verbose=0)))
print(r4(siamese.predict([a[:3], b[:3]], verbose=0)))
print([l.__class__.__name__ for l in siamese.layers])
print(len(siamese.weights), len(embedding_network.weights), wsum(embedding_network))
"""

SNIPPETS["siamese_triplet_custom_train_step"] = _TRY + """
class DistanceLayer(layers.Layer):
    def call(self, anchor, positive, negative):
        ap_distance = tf.reduce_sum(tf.square(anchor - positive), -1)
        an_distance = tf.reduce_sum(tf.square(anchor - negative), -1)
        return (ap_distance, an_distance)
emb = keras.Sequential([keras.Input((5,)), layers.Dense(4, activation="relu"),
                        layers.BatchNormalization(), layers.Dense(3)], name="Embedding")
ai, pi, ni = (layers.Input(name=n, shape=(5,)) for n in ("anchor", "positive", "negative"))
distances = DistanceLayer()(emb(ai), emb(pi), emb(ni))
siamese_network = keras.Model(inputs=[ai, pi, ni], outputs=distances)
class SiameseModel(keras.Model):
    def __init__(self, siamese_network, margin=0.5):
        super().__init__()
        self.siamese_network = siamese_network
        self.margin = margin
        self.loss_tracker = keras.metrics.Mean(name="loss")
    def call(self, inputs):
        return self.siamese_network(inputs)
    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = self._compute_loss(data)
        gradients = tape.gradient(loss, self.siamese_network.trainable_weights)
        self.optimizer.apply_gradients(zip(gradients, self.siamese_network.trainable_weights))
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}
    def test_step(self, data):
        loss = self._compute_loss(data)
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}
    def _compute_loss(self, data):
        ap_distance, an_distance = self.siamese_network(data)
        loss = ap_distance - an_distance
        return tf.maximum(loss + self.margin, 0.0)
    @property
    def metrics(self):
        return [self.loss_tracker]
fill_bn(siamese_network)
sm = SiameseModel(siamese_network)
sm.compile(optimizer=keras.optimizers.Adam(0.01))
base = np.cos(np.arange(40, dtype="float32").reshape(8, 5))
ds = tf.data.Dataset.from_tensor_slices((base, base * 0.9, base[::-1] + 0.3)).batch(4)
h = sm.fit(ds, epochs=3, validation_data=ds.take(1), verbose=0)
print(logs4(h))
ap, an = sm((base[:4], base[:4] * 0.9, base[4:]))
print(ap.shape, an.shape, ap.dtype)
print(r4(sm.evaluate(ds, verbose=0)))
print(r4(keras.metrics.CosineSimilarity()(emb(base[:2]), emb(base[2:4]))))
print([w.path for w in sm.siamese_network.non_trainable_weights])
"""

SNIPPETS["conditional_gan_train_step"] = _TRY + """
latent_dim, num_classes = 3, 2
gen = keras.Sequential([keras.Input((latent_dim + num_classes,)), layers.Dense(6),
                        layers.LeakyReLU(negative_slope=0.2), layers.Dense(4, activation="tanh")],
                       name="generator")
disc = keras.Sequential([keras.Input((4 + num_classes,)), layers.Dense(5),
                         layers.LeakyReLU(negative_slope=0.2), layers.Dense(1)],
                        name="discriminator")
class ConditionalGAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.seed_generator = keras.random.SeedGenerator(1337)
        self.gen_loss_tracker = keras.metrics.Mean(name="generator_loss")
        self.disc_loss_tracker = keras.metrics.Mean(name="discriminator_loss")
    @property
    def metrics(self):
        return [self.gen_loss_tracker, self.disc_loss_tracker]
    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.loss_fn = loss_fn
    def train_step(self, data):
        real, one_hot_labels = data
        batch_size = keras.ops.shape(real)[0]
        rl = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        gen_in = keras.ops.concatenate([rl, one_hot_labels], axis=1)
        fake = self.generator(gen_in)
        fake_and_labels = keras.ops.concatenate([fake, one_hot_labels], -1)
        real_and_labels = keras.ops.concatenate([real, one_hot_labels], -1)
        combined = keras.ops.concatenate([fake_and_labels, real_and_labels], axis=0)
        labels = keras.ops.concatenate([keras.ops.ones((batch_size, 1)),
                                        keras.ops.zeros((batch_size, 1))], axis=0)
        with tf.GradientTape() as tape:
            predictions = self.discriminator(combined)
            d_loss = self.loss_fn(labels, predictions)
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
        rl = keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        gen_in = keras.ops.concatenate([rl, one_hot_labels], axis=1)
        misleading = keras.ops.zeros((batch_size, 1))
        with tf.GradientTape() as tape:
            fake = self.generator(gen_in)
            preds = self.discriminator(keras.ops.concatenate([fake, one_hot_labels], -1))
            g_loss = self.loss_fn(misleading, preds)
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
        self.gen_loss_tracker.update_state(g_loss)
        self.disc_loss_tracker.update_state(d_loss)
        return {"g_loss": self.gen_loss_tracker.result(),
                "d_loss": self.disc_loss_tracker.result()}
fill(gen)
fill(disc)
cond_gan = ConditionalGAN(discriminator=disc, generator=gen, latent_dim=latent_dim)
cond_gan.compile(d_optimizer=keras.optimizers.Adam(learning_rate=0.01),
                 g_optimizer=keras.optimizers.Adam(learning_rate=0.01),
                 loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
real = np.tanh(np.arange(32, dtype="float32").reshape(8, 4) / 10)
onehot = keras.utils.to_categorical(np.arange(8) % 2, num_classes)
ds = tf.data.Dataset.from_tensor_slices((real, onehot)).batch(4)
print(onehot.dtype, ds.element_spec)
h = cond_gan.fit(ds, epochs=2, verbose=0)
print(logs4(h))
print(wsum(gen), wsum(disc), cond_gan.seed_generator.state.numpy().tolist())
print(cond_gan.d_optimizer.iterations.numpy(), cond_gan.g_optimizer.iterations.numpy(),
      type(cond_gan.optimizer).__name__, cond_gan.optimizer.iterations.numpy())
z = keras.random.normal((2, latent_dim), seed=7)
print(r4(gen(keras.ops.concatenate([z, onehot[:2]], axis=1))))
"""

SNIPPETS["wgan_gp_gradient_penalty"] = _TRY + """
class WGAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim, discriminator_extra_steps=2,
                 gp_weight=10.0):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.d_steps = discriminator_extra_steps
        self.gp_weight = gp_weight
    def compile(self, d_optimizer, g_optimizer, d_loss_fn, g_loss_fn):
        super().compile()
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.d_loss_fn = d_loss_fn
        self.g_loss_fn = g_loss_fn
    def gradient_penalty(self, batch_size, real_images, fake_images):
        alpha = tf.random.uniform([batch_size, 1, 1, 1], 0.0, 1.0, seed=5)
        diff = fake_images - real_images
        interpolated = real_images + alpha * diff
        with tf.GradientTape() as gp_tape:
            gp_tape.watch(interpolated)
            pred = self.discriminator(interpolated, training=True)
        grads = gp_tape.gradient(pred, [interpolated])[0]
        norm = tf.sqrt(tf.reduce_sum(tf.square(grads), axis=[1, 2, 3]))
        return tf.reduce_mean((norm - 1.0) ** 2)
    def train_step(self, real_images):
        batch_size = tf.shape(real_images)[0]
        for i in range(self.d_steps):
            random_latent_vectors = tf.random.normal(shape=(batch_size, self.latent_dim),
                                                     seed=i + 1)
            with tf.GradientTape() as tape:
                fake_images = self.generator(random_latent_vectors, training=True)
                fake_logits = self.discriminator(fake_images, training=True)
                real_logits = self.discriminator(real_images, training=True)
                d_cost = self.d_loss_fn(real_img=real_logits, fake_img=fake_logits)
                gp = self.gradient_penalty(batch_size, real_images, fake_images)
                d_loss = d_cost + gp * self.gp_weight
            d_gradient = tape.gradient(d_loss, self.discriminator.trainable_variables)
            self.d_optimizer.apply_gradients(zip(d_gradient,
                                                 self.discriminator.trainable_variables))
        random_latent_vectors = tf.random.normal(shape=(batch_size, self.latent_dim), seed=9)
        with tf.GradientTape() as tape:
            generated_images = self.generator(random_latent_vectors, training=True)
            gen_img_logits = self.discriminator(generated_images, training=True)
            g_loss = self.g_loss_fn(gen_img_logits)
        gen_gradient = tape.gradient(g_loss, self.generator.trainable_variables)
        self.g_optimizer.apply_gradients(zip(gen_gradient, self.generator.trainable_variables))
        return {"d_loss": d_loss, "g_loss": g_loss}
def discriminator_loss(real_img, fake_img):
    return tf.reduce_mean(fake_img) - tf.reduce_mean(real_img)
def generator_loss(fake_img):
    return -tf.reduce_mean(fake_img)
g = keras.Sequential([keras.Input((3,)), layers.Dense(16), layers.Reshape((4, 4, 1)),
                      layers.Conv2D(1, 3, padding="same", activation="tanh")], name="g")
d = keras.Sequential([keras.Input((4, 4, 1)), layers.Conv2D(2, 3, strides=2, padding="same"),
                      layers.LeakyReLU(0.2), layers.Flatten(), layers.Dropout(0.0),
                      layers.Dense(1)], name="d")
fill(g)
fill(d)
wgan = WGAN(discriminator=d, generator=g, latent_dim=3)
wgan.compile(d_optimizer=keras.optimizers.Adam(0.002, beta_1=0.5, beta_2=0.9),
             g_optimizer=keras.optimizers.Adam(0.002, beta_1=0.5, beta_2=0.9),
             g_loss_fn=generator_loss, d_loss_fn=discriminator_loss)
imgs = (np.arange(96, dtype="float32").reshape(6, 4, 4, 1) % 5) / 5 - 0.5
h = wgan.fit(imgs, batch_size=3, epochs=2, shuffle=False, verbose=0)
print(sorted(h.history), len(h.history["d_loss"]))
print(wsum(g), wsum(d))
x = tf.constant(imgs[:2])
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(d(x) ** 2)
    gx = inner.gradient(y, x)
    pen = tf.reduce_sum(gx ** 2)
print(r4(pen), outer.gradient(pen, x).shape)
"""

SNIPPETS["vae_add_loss_and_trackers"] = _TRY + """
class Sampling(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = keras.random.SeedGenerator(1337)
    def call(self, inputs):
        z_mean, z_log_var = inputs
        batch = keras.ops.shape(z_mean)[0]
        dim = keras.ops.shape(z_mean)[1]
        epsilon = keras.random.normal(shape=(batch, dim), seed=self.seed_generator)
        return z_mean + keras.ops.exp(0.5 * z_log_var) * epsilon
latent_dim = 2
encoder_inputs = keras.Input(shape=(4, 4, 1))
x = layers.Conv2D(2, 3, activation="relu", strides=2, padding="same")(encoder_inputs)
x = layers.Flatten()(x)
x = layers.Dense(4, activation="relu")(x)
z_mean = layers.Dense(latent_dim, name="z_mean")(x)
z_log_var = layers.Dense(latent_dim, name="z_log_var")(x)
z = Sampling()([z_mean, z_log_var])
encoder = keras.Model(encoder_inputs, [z_mean, z_log_var, z], name="encoder")
latent_inputs = keras.Input(shape=(latent_dim,))
x = layers.Dense(2 * 2 * 2, activation="relu")(latent_inputs)
x = layers.Reshape((2, 2, 2))(x)
x = layers.Conv2DTranspose(2, 3, activation="relu", strides=2, padding="same")(x)
decoder_outputs = layers.Conv2DTranspose(1, 3, activation="sigmoid", padding="same")(x)
decoder = keras.Model(latent_inputs, decoder_outputs, name="decoder")
class VAE(keras.Model):
    def __init__(self, encoder, decoder, **kwargs):
        super().__init__(**kwargs)
        self.encoder = encoder
        self.decoder = decoder
        self.total_loss_tracker = keras.metrics.Mean(name="total_loss")
        self.reconstruction_loss_tracker = keras.metrics.Mean(name="reconstruction_loss")
        self.kl_loss_tracker = keras.metrics.Mean(name="kl_loss")
    @property
    def metrics(self):
        return [self.total_loss_tracker, self.reconstruction_loss_tracker, self.kl_loss_tracker]
    def train_step(self, data):
        with tf.GradientTape() as tape:
            z_mean, z_log_var, z = self.encoder(data)
            reconstruction = self.decoder(z)
            reconstruction_loss = keras.ops.mean(keras.ops.sum(
                keras.losses.binary_crossentropy(data, reconstruction), axis=(1, 2)))
            kl_loss = -0.5 * (1 + z_log_var - keras.ops.square(z_mean) - keras.ops.exp(z_log_var))
            kl_loss = keras.ops.mean(keras.ops.sum(kl_loss, axis=1))
            total_loss = reconstruction_loss + kl_loss
        grads = tape.gradient(total_loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.total_loss_tracker.update_state(total_loss)
        self.reconstruction_loss_tracker.update_state(reconstruction_loss)
        self.kl_loss_tracker.update_state(kl_loss)
        return {"loss": self.total_loss_tracker.result(),
                "reconstruction_loss": self.reconstruction_loss_tracker.result(),
                "kl_loss": self.kl_loss_tracker.result()}
fill(encoder)
fill(decoder)
imgs = ((np.arange(96, dtype="float32").reshape(6, 4, 4, 1) % 5) / 5)
vae = VAE(encoder, decoder)
vae.compile(optimizer=keras.optimizers.Adam(0.01))
h = vae.fit(imgs, epochs=2, batch_size=3, shuffle=False, verbose=0)
print(logs4(h))
zm, zv, zz = encoder.predict(imgs[:2], verbose=0)
print(r4(zm), zv.shape, zz.shape)
print(decoder.predict(zm, verbose=0).shape, [m.name for m in vae.metrics])
print(len(vae.trainable_weights), wsum(vae))
encoder.summary()
"""

SNIPPETS["vae_add_loss_in_layer_fit"] = _TRY + """
class KLLayer(layers.Layer):
    def call(self, inputs):
        z_mean, z_log_var = inputs
        kl = -0.5 * keras.ops.mean(1 + z_log_var - keras.ops.square(z_mean)
                                   - keras.ops.exp(z_log_var))
        self.add_loss(0.5 * kl)
        return z_mean
i = keras.Input((4,))
h = layers.Dense(3, activation="relu")(i)
zm = layers.Dense(2, name="zm")(h)
zv = layers.Dense(2, name="zv")(h)
z = KLLayer(name="kl")([zm, zv])
o = layers.Dense(4, name="dec")(z)
m = keras.Model(i, o)
fill(m)
x = np.cos(np.arange(24, dtype="float32").reshape(6, 4))
print(len(m.losses), r4(m.losses))
m(x)
print(len(m.losses), r4(m.losses))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
print(logs4(m.fit(x, x, epochs=3, batch_size=3, shuffle=False, verbose=0)))
print(r4(m.evaluate(x, x, verbose=0)))
m2 = keras.Model(i, o)
m2.compile(optimizer=keras.optimizers.SGD(0.1))
print(logs4(m2.fit(x, epochs=2, batch_size=6, verbose=0)))
print(r4(m2.evaluate(x, verbose=0)), len(m2.losses))
"""

SNIPPETS["mixup_tf_data"] = _TRY + """
def mix_up(ds_one, ds_two, lam):
    images_one, labels_one = ds_one
    images_two, labels_two = ds_two
    batch_size = keras.ops.shape(images_one)[0]
    x_l = keras.ops.reshape(lam, (batch_size, 1, 1, 1))
    y_l = keras.ops.reshape(lam, (batch_size, 1))
    images = images_one * x_l + images_two * (1 - x_l)
    labels = labels_one * y_l + labels_two * (1 - y_l)
    return (images, labels)
x = (np.arange(6 * 16, dtype="float32").reshape(6, 4, 4, 1) % 9) / 9
y = keras.ops.one_hot(np.arange(6) % 3, 3)
lams = np.array([[0.2, 0.9], [0.5, 0.1], [0.7, 0.3]], "float32")
one = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
two = tf.data.Dataset.from_tensor_slices((x[::-1], y[::-1])).batch(2)
lam_ds = tf.data.Dataset.from_tensor_slices(lams)
train_ds_mu = tf.data.Dataset.zip((one, two, lam_ds)).map(
    lambda a, b, l: mix_up(a, b, l), num_parallel_calls=tf.data.AUTOTUNE)
print(train_ds_mu.element_spec)
for imgs, labs in train_ds_mu.take(2):
    print(r4(labs), r4(tf.reduce_sum(imgs, axis=[1, 2, 3])))
g1 = keras.random.gamma((4,), alpha=0.2, seed=3)
g2 = keras.random.gamma((4,), alpha=0.2, seed=4)
print(r4(g1 / (g1 + g2)))
print(r4(tf.random.stateless_gamma([3], seed=[1, 2], alpha=0.5)))
m = keras.Sequential([keras.Input((4, 4, 1)), layers.Conv2D(2, 3), layers.GlobalAveragePooling2D(),
                      layers.Dense(3, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.5), loss="categorical_crossentropy",
          metrics=["accuracy"])
print(logs4(m.fit(train_ds_mu, epochs=2, verbose=0)))
"""

SNIPPETS["cutmix_tf_data_boxes"] = _TRY + """
IMG_SIZE = 6
def get_box(lambda_value, cx, cy):
    cut_rat = keras.ops.sqrt(1.0 - lambda_value)
    cut_w = keras.ops.cast(IMG_SIZE * cut_rat, "int32")
    cut_h = keras.ops.cast(IMG_SIZE * cut_rat, "int32")
    boundaryx1 = keras.ops.clip(cx - cut_w // 2, 0, IMG_SIZE)
    boundaryy1 = keras.ops.clip(cy - cut_h // 2, 0, IMG_SIZE)
    bbx2 = keras.ops.clip(cx + cut_w // 2, 0, IMG_SIZE)
    bby2 = keras.ops.clip(cy + cut_h // 2, 0, IMG_SIZE)
    target_h = bby2 - boundaryy1
    target_h = keras.ops.where(target_h == 0, 1, target_h)
    target_w = bbx2 - boundaryx1
    target_w = keras.ops.where(target_w == 0, 1, target_w)
    return boundaryx1, boundaryy1, target_h, target_w
def cutmix(train_ds_one, train_ds_two, lambda_value, cx, cy):
    (image1, label1), (image2, label2) = train_ds_one, train_ds_two
    boundaryx1, boundaryy1, target_h, target_w = get_box(lambda_value, cx, cy)
    crop2 = tf.image.crop_to_bounding_box(image2, boundaryy1, boundaryx1, target_h, target_w)
    image2 = tf.image.pad_to_bounding_box(crop2, boundaryy1, boundaryx1, IMG_SIZE, IMG_SIZE)
    crop1 = tf.image.crop_to_bounding_box(image1, boundaryy1, boundaryx1, target_h, target_w)
    img1 = tf.image.pad_to_bounding_box(crop1, boundaryy1, boundaryx1, IMG_SIZE, IMG_SIZE)
    image1 = image1 - img1
    image = image1 + image2
    lambda_value = 1 - (target_w * target_h) / (IMG_SIZE * IMG_SIZE)
    lambda_value = keras.ops.cast(lambda_value, "float32")
    label = lambda_value * label1 + (1 - lambda_value) * label2
    return image, label
x = (np.arange(4 * 36 * 3, dtype="float32").reshape(4, 6, 6, 3) % 11) / 11
y = keras.ops.one_hot(np.array([0, 1, 2, 1]), 3)
one = tf.data.Dataset.from_tensor_slices((x, y))
two = tf.data.Dataset.from_tensor_slices((x[::-1], y[::-1]))
params = tf.data.Dataset.from_tensor_slices((np.array([0.3, 0.6, 0.9, 0.1], "float32"),
                                             np.array([1, 3, 5, 2], "int32"),
                                             np.array([2, 2, 4, 0], "int32")))
mixed = tf.data.Dataset.zip((one, two, params)).map(
    lambda a, b, p: cutmix(a, b, p[0], p[1], p[2]), num_parallel_calls=tf.data.AUTOTUNE)
print(mixed.element_spec)
for img, lab in mixed:
    print(img.shape, r4(lab), r4(tf.reduce_sum(img)))
print([t.numpy().tolist() for t in get_box(tf.constant(0.5), tf.constant(3), tf.constant(1))])
tryp("crop_oob", lambda: tf.image.crop_to_bounding_box(x[0], 4, 4, 4, 4).shape)
"""

SNIPPETS["warmup_cosine_schedule"] = _TRY + """
class WarmUpCosine(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, learning_rate_base, total_steps, warmup_learning_rate, warmup_steps):
        super().__init__()
        self.learning_rate_base = learning_rate_base
        self.total_steps = total_steps
        self.warmup_learning_rate = warmup_learning_rate
        self.warmup_steps = warmup_steps
        self.pi = np.pi
    def __call__(self, step):
        if self.total_steps < self.warmup_steps:
            raise ValueError("Total_steps must be larger or equal to warmup_steps.")
        cos_annealed_lr = keras.ops.cos(
            self.pi * (keras.ops.cast(step, "float32") - self.warmup_steps)
            / float(self.total_steps - self.warmup_steps))
        learning_rate = 0.5 * self.learning_rate_base * (1 + cos_annealed_lr)
        if self.warmup_steps > 0:
            slope = (self.learning_rate_base - self.warmup_learning_rate) / self.warmup_steps
            warmup_rate = slope * keras.ops.cast(step, "float32") + self.warmup_learning_rate
            learning_rate = keras.ops.where(step < self.warmup_steps, warmup_rate, learning_rate)
        return keras.ops.where(step > self.total_steps, 0.0, learning_rate)
    def get_config(self):
        return {"learning_rate_base": self.learning_rate_base, "total_steps": self.total_steps,
                "warmup_learning_rate": self.warmup_learning_rate,
                "warmup_steps": self.warmup_steps}
s = WarmUpCosine(0.1, 10, 0.0, 3)
print([round(float(s(k)), 5) for k in range(12)])
print(type(s(2)).__name__ if not hasattr(s(2), "dtype") else
      keras.backend.standardize_dtype(s(2).dtype))
tryp("bad", lambda: WarmUpCosine(0.1, 2, 0.0, 3)(0))
opt = keras.optimizers.AdamW(learning_rate=s, weight_decay=0.01)
m = dense_model()
m.compile(optimizer=opt, loss="mse")
print(logs4(m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)))
print(round(float(opt.learning_rate), 5), opt.iterations.numpy())
lr_cfg = opt.get_config()["learning_rate"]
print(sorted(lr_cfg) if isinstance(lr_cfg, dict) else lr_cfg)
tryp("from_config", lambda: keras.optimizers.AdamW.from_config(opt.get_config()))
"""

SNIPPETS["warmup_schedule_registered_save_load"] = _TRY + """
@keras.saving.register_keras_serializable(package="k27")
class LinearWarmup(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak, warmup_steps, after):
        self.peak = peak
        self.warmup_steps = warmup_steps
        self.after = after
    def __call__(self, step):
        step = keras.ops.cast(step, "float32")
        warm = self.peak * step / self.warmup_steps
        return keras.ops.where(step < self.warmup_steps, warm, self.after(step - self.warmup_steps))
    def get_config(self):
        return {"peak": self.peak, "warmup_steps": self.warmup_steps,
                "after": keras.saving.serialize_keras_object(self.after)}
    @classmethod
    def from_config(cls, config):
        config["after"] = keras.saving.deserialize_keras_object(config["after"])
        return cls(**config)
after = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
sch = LinearWarmup(0.1, 2, after)
print([round(float(sch(k)), 5) for k in range(6)])
m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(learning_rate=sch, momentum=0.9), loss="mse")
m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(m.optimizer.iterations.numpy(), round(float(m.optimizer.learning_rate), 5))
p = os.path.join(D, "warm.keras")
m.save(p)
m2 = keras.models.load_model(p)
lr2 = m2.optimizer.learning_rate
print(type(lr2).__name__ if not hasattr(lr2, "numpy") else "tensor",
      type(m2.optimizer._learning_rate).__name__, m2.optimizer.iterations.numpy())
print(r4(m2.predict(X[:2], verbose=0)) == r4(m.predict(X[:2], verbose=0)))
print(m2.optimizer._learning_rate.get_config()["after"]["class_name"],
      round(float(m2.optimizer._learning_rate(3)), 5))
print(logs4(m2.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=0)),
      logs4(m.fit(X, Y, epochs=1, batch_size=4, shuffle=False, verbose=0)))
cfg = keras.optimizers.serialize(m.optimizer)
print(cfg["class_name"], cfg["config"]["learning_rate"]["class_name"],
      cfg["config"]["learning_rate"].get("registered_name"))
"""
