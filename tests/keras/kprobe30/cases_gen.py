"""kprobe30's snippets after keras.io's generative and advanced-training examples, scaled
down: a DCGAN and a WGAN-GP with two optimizers and loss trackers, a VAE's sampling layer,
knowledge distillation through train_step, SimCLR-like and triplet losses, metric learning,
consistency training, MixUp and CutMix in tf.data (see cases.py)."""

from tests.keras.kprobe30.prelude import _TRY

SNIPPETS = {}

_IMGS = """
IMGS = ((np.arange(8 * 4 * 4, dtype="float32").reshape(8, 4, 4, 1) % 7) / 3.5 - 1).astype("float32")
"""

_GAN = _IMGS + """
def make_gen():
    g = keras.Sequential([keras.Input((3,)), layers.Dense(2 * 2 * 4), layers.Reshape((2, 2, 4)),
                          layers.Conv2DTranspose(4, 3, strides=2, padding="same"),
                          layers.BatchNormalization(), layers.LeakyReLU(0.2),
                          layers.Conv2D(1, 3, padding="same", activation="tanh")],
                         name="generator")
    fill_bn(g, 0.3)
    return g
def make_disc():
    d = keras.Sequential([keras.Input((4, 4, 1)), layers.Conv2D(4, 3, strides=2, padding="same"),
                          layers.LeakyReLU(0.2), layers.Flatten(), layers.Dropout(0.0),
                          layers.Dense(1)], name="discriminator")
    fill(d, 0.3)
    return d
class GAN(keras.Model):
    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator = discriminator
        self.generator = generator
        self.latent_dim = latent_dim
        self.d_loss_metric = keras.metrics.Mean(name="d_loss")
        self.g_loss_metric = keras.metrics.Mean(name="g_loss")
    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer = d_optimizer
        self.g_optimizer = g_optimizer
        self.loss_fn = loss_fn
    @property
    def metrics(self):
        return [self.d_loss_metric, self.g_loss_metric]
    def train_step(self, real):
        n = keras.ops.shape(real)[0]
        z = keras.ops.reshape(keras.ops.cast(keras.ops.arange(n * self.latent_dim) % 5,
                                             "float32") / 5.0 - 0.4, (n, self.latent_dim))
        fake = self.generator(z)
        both = keras.ops.concatenate([fake, real], axis=0)
        labels = keras.ops.concatenate([keras.ops.ones((n, 1)), keras.ops.zeros((n, 1))], axis=0)
        with tf.GradientTape() as tape:
            d_loss = self.loss_fn(labels, self.discriminator(both))
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
        with tf.GradientTape() as tape:
            g_loss = self.loss_fn(keras.ops.zeros((n, 1)),
                                  self.discriminator(self.generator(z)))
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
        self.d_loss_metric.update_state(d_loss)
        self.g_loss_metric.update_state(g_loss)
        return {m.name: m.result() for m in self.metrics}
"""

SNIPPETS["dcgan_two_optimizers_fit_logs_and_state"] = _TRY + _GAN + """
gan = GAN(make_disc(), make_gen(), 3)
gan.compile(d_optimizer=keras.optimizers.Adam(0.01), g_optimizer=keras.optimizers.Adam(0.02),
            loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
print("optimizer", type(gan.optimizer).__name__ if gan.optimizer is not None else None)
h = gan.fit(IMGS, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
print("iters", int(gan.d_optimizer.iterations), int(gan.g_optimizer.iterations))
print("d_vars", len(gan.d_optimizer.variables), "g_vars", len(gan.g_optimizer.variables))
print("lr", r4(gan.d_optimizer.learning_rate), r4(gan.g_optimizer.learning_rate))
print("weights", len(gan.weights), len(gan.trainable_weights), len(gan.non_trainable_weights))
print("gen", wsum(gan.generator))
print("disc", wsum(gan.discriminator))
print("metric_names", [m.name for m in gan.metrics])
"""

SNIPPETS["dcgan_generator_shapes_and_summary"] = _TRY + _GAN + """
g = make_gen()
lines(g.summary)
z = np.linspace(-1, 1, 6, dtype="float32").reshape(2, 3)
out = g(z, training=False)
print(tuple(out.shape), keras.backend.standardize_dtype(out.dtype))
print(r4(keras.ops.sum(out, axis=(1, 2, 3))))
print(r4(keras.ops.max(keras.ops.abs(out))) <= 1.0)
print([l.name for l in g.layers])
print([tuple(l.output.shape) for l in g.layers])
"""

SNIPPETS["gan_fit_on_dataset_with_callback_generating"] = _TRY + _GAN + """
class Monitor(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        z = np.full((1, 3), 0.25, "float32")
        img = self.model.generator(z, training=False)
        print("epoch", epoch, tuple(img.shape), sorted(logs), r4(keras.ops.mean(img)))
gan = GAN(make_disc(), make_gen(), 3)
gan.compile(d_optimizer=keras.optimizers.SGD(0.05), g_optimizer=keras.optimizers.SGD(0.05),
            loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
ds = tf.data.Dataset.from_tensor_slices(IMGS).batch(4)
h = gan.fit(ds, epochs=2, verbose=0, callbacks=[Monitor()])
print(logs4(h))
print(h.params)
"""

SNIPPETS["wgan_gp_penalty_and_d_steps"] = _TRY + _GAN + """
class WGAN(keras.Model):
    def __init__(self, critic, generator, d_steps=2, gp_weight=10.0):
        super().__init__()
        self.critic, self.generator = critic, generator
        self.d_steps, self.gp_weight = d_steps, gp_weight
    def compile(self, d_optimizer, g_optimizer):
        super().compile()
        self.d_optimizer, self.g_optimizer = d_optimizer, g_optimizer
    def gradient_penalty(self, real, fake):
        alpha = keras.ops.reshape(keras.ops.linspace(0.0, 1.0, keras.ops.shape(real)[0]),
                                  (-1, 1, 1, 1))
        mixed = real + alpha * (fake - real)
        with tf.GradientTape() as tape:
            tape.watch(mixed)
            pred = self.critic(mixed, training=True)
        grads = tape.gradient(pred, [mixed])[0]
        norm = keras.ops.sqrt(keras.ops.sum(keras.ops.square(grads), axis=[1, 2, 3]))
        return keras.ops.mean((norm - 1.0) ** 2)
    def train_step(self, real):
        n = keras.ops.shape(real)[0]
        z = keras.ops.ones((n, 3)) * 0.3
        for i in range(self.d_steps):
            with tf.GradientTape() as tape:
                fake = self.generator(z, training=True)
                d_cost = keras.ops.mean(self.critic(fake)) - keras.ops.mean(self.critic(real))
                gp = self.gradient_penalty(real, fake)
                d_loss = d_cost + gp * self.gp_weight
            g = tape.gradient(d_loss, self.critic.trainable_variables)
            self.d_optimizer.apply_gradients(zip(g, self.critic.trainable_variables))
        with tf.GradientTape() as tape:
            g_loss = -keras.ops.mean(self.critic(self.generator(z, training=True)))
        g = tape.gradient(g_loss, self.generator.trainable_variables)
        self.g_optimizer.apply_gradients(zip(g, self.generator.trainable_variables))
        return {"d_loss": d_loss, "g_loss": g_loss, "gp": gp}
w = WGAN(make_disc(), make_gen())
print("gp0", r4(w.gradient_penalty(IMGS[:4], IMGS[4:])))
w.compile(keras.optimizers.Adam(0.001, beta_1=0.5, beta_2=0.9),
          keras.optimizers.Adam(0.001, beta_1=0.5, beta_2=0.9))
h = w.fit(IMGS, batch_size=4, epochs=2, shuffle=False, verbose=0)
print(logs4(h))
print("iters", int(w.d_optimizer.iterations), int(w.g_optimizer.iterations))
"""

SNIPPETS["conditional_gan_label_channels_and_one_hot"] = _TRY + _IMGS + """
labels = np.array([0, 1, 2, 1, 0, 2, 2, 1])
one_hot = keras.utils.to_categorical(labels, 3)
print(one_hot.dtype, one_hot.shape, one_hot[:3].tolist())
maps = keras.ops.repeat(one_hot[:, None, None, :], 16, axis=1)
maps = keras.ops.reshape(maps, (-1, 4, 4, 3))
print(tuple(maps.shape), r4(keras.ops.sum(maps, axis=(1, 2))[:2]))
x = keras.ops.concatenate([IMGS, maps], axis=-1)
print(tuple(x.shape), keras.backend.standardize_dtype(x.dtype))
ds = tf.data.Dataset.from_tensor_slices((IMGS, one_hot)).shuffle(8, seed=3).batch(3)
for a, b in ds.take(2):
    print(tuple(a.shape), b.dtype.name, np.asarray(b).argmax(-1).tolist())
emb = layers.Embedding(3, 16)
fill(emb)
lab_img = layers.Reshape((4, 4, 1))(emb(keras.ops.convert_to_tensor(labels[:2])))
print(tuple(lab_img.shape), r4(keras.ops.sum(lab_img)))
"""

_VAE = """
class Sampling(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.seed_generator = keras.random.SeedGenerator(1337)
    def call(self, inputs):
        z_mean, z_log_var = inputs
        eps = keras.ops.zeros_like(z_mean) + 0.5
        return z_mean + keras.ops.exp(0.5 * z_log_var) * eps
def make_vae_parts(latent=2):
    i = keras.Input((6,))
    h = layers.Dense(4, activation="relu")(i)
    zm = layers.Dense(latent, name="z_mean")(h)
    zl = layers.Dense(latent, name="z_log_var")(h)
    z = Sampling()([zm, zl])
    enc = keras.Model(i, [zm, zl, z], name="encoder")
    j = keras.Input((latent,))
    h = layers.Dense(4, activation="relu")(j)
    dec = keras.Model(j, layers.Dense(6, activation="sigmoid")(h), name="decoder")
    fill(enc); fill(dec)
    return enc, dec
XV = ((np.arange(48, dtype="float32").reshape(8, 6) % 5) / 5).astype("float32")
"""

SNIPPETS["vae_sampling_layer_trackers_train_step"] = _TRY + _VAE + """
class VAE(keras.Model):
    def __init__(self, encoder, decoder, **kw):
        super().__init__(**kw)
        self.encoder, self.decoder = encoder, decoder
        self.total_loss_tracker = keras.metrics.Mean(name="total_loss")
        self.reconstruction_loss_tracker = keras.metrics.Mean(name="reconstruction_loss")
        self.kl_loss_tracker = keras.metrics.Mean(name="kl_loss")
    @property
    def metrics(self):
        return [self.total_loss_tracker, self.reconstruction_loss_tracker, self.kl_loss_tracker]
    def train_step(self, data):
        with tf.GradientTape() as tape:
            z_mean, z_log_var, z = self.encoder(data)
            rec = self.decoder(z)
            bce = keras.losses.binary_crossentropy(data[..., None], rec[..., None])
            rl = keras.ops.mean(keras.ops.sum(bce, axis=1))
            kl = -0.5 * (1 + z_log_var - keras.ops.square(z_mean) - keras.ops.exp(z_log_var))
            kl = keras.ops.mean(keras.ops.sum(kl, axis=1))
            total = rl + kl
        grads = tape.gradient(total, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.total_loss_tracker.update_state(total)
        self.reconstruction_loss_tracker.update_state(rl)
        self.kl_loss_tracker.update_state(kl)
        return {m.name: m.result() for m in self.metrics}
enc, dec = make_vae_parts()
vae = VAE(enc, dec)
vae.compile(optimizer=keras.optimizers.Adam(0.01))
h = vae.fit(XV, epochs=3, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
print([m.name for m in vae.metrics], [r4(m.result()) for m in vae.metrics])
zm, zl, z = enc.predict(XV[:2], verbose=0)
print(zm.shape, bool(np.allclose(z, zm + np.exp(0.5 * zl) * 0.5, atol=1e-6)))
print(enc.output_shape if hasattr(enc, "output_shape") else None)
print([w.path for w in vae.trainable_weights][:3], len(vae.trainable_weights))
"""

SNIPPETS["vae_add_loss_in_model_call_and_losses"] = _TRY + _VAE + """
class VAE2(keras.Model):
    def __init__(self, encoder, decoder, **kw):
        super().__init__(**kw)
        self.encoder, self.decoder = encoder, decoder
    def call(self, x):
        zm, zl, z = self.encoder(x)
        kl = -0.5 * keras.ops.mean(1 + zl - keras.ops.square(zm) - keras.ops.exp(zl))
        self.add_loss(kl)
        return self.decoder(z)
enc, dec = make_vae_parts()
m = VAE2(enc, dec)
y = m(XV[:2])
print(tuple(y.shape), len(m.losses), r4(m.losses[0]))
y = m(XV[:2])
print("after_second_call", len(m.losses))
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
h = m.fit(XV, XV, epochs=2, batch_size=4, shuffle=False, verbose=0)
print(logs4(h))
print(r4(m.evaluate(XV, XV, verbose=0, batch_size=4)))
"""

SNIPPETS["vae_sampling_seeded_noise_shape_and_config"] = _TRY + """
class Sampling(layers.Layer):
    def __init__(self, seed=1337, **kw):
        super().__init__(**kw)
        self.seed = seed
        self.seed_generator = keras.random.SeedGenerator(seed)
    def call(self, inputs):
        z_mean, z_log_var = inputs
        eps = keras.random.normal(keras.ops.shape(z_mean), seed=self.seed_generator)
        return z_mean + keras.ops.exp(0.5 * z_log_var) * eps
    def get_config(self):
        return {**super().get_config(), "seed": self.seed}
s = Sampling(name="sampling")
zm = keras.ops.zeros((3, 2)); zl = keras.ops.zeros((3, 2)) - 100.0
print(r4(s([zm, zl])))
print(sorted(s.get_config()), s.get_config()["seed"])
print([v.path for v in s.variables], s.variables[0].dtype, len(s.trainable_variables))
i1, i2 = keras.Input((2,)), keras.Input((2,))
o = s([i1, i2])
print(type(o).__name__, o.shape, o.dtype)
print(s.compute_output_spec([i1, i2]).shape)
m = keras.Model([i1, i2], o)
print(len(m.weights), [w.name for w in m.weights])
"""

_TEACH = """
XC = (np.sin(np.arange(48, dtype="float32").reshape(12, 4) * 0.9) * 1.5).astype("float32")
YC = (np.arange(12) % 3).astype("int32")
def mlp(units, name, out=3):
    m = keras.Sequential([keras.Input((4,)), layers.Dense(units, activation="relu"),
                          layers.Dense(out)], name=name)
    fill(m)
    return m
"""

SNIPPETS["distiller_train_step_test_step_metrics"] = _TRY + _TEACH + """
class Distiller(keras.Model):
    def __init__(self, student, teacher):
        super().__init__()
        self.teacher, self.student = teacher, student
        self.dl_tracker = keras.metrics.Mean(name="distillation_loss")
    def compile(self, optimizer, metrics, student_loss_fn, distillation_loss_fn, alpha=0.1,
                temperature=3):
        super().compile(optimizer=optimizer, metrics=metrics)
        self.student_loss_fn, self.distillation_loss_fn = student_loss_fn, distillation_loss_fn
        self.alpha, self.temperature = alpha, temperature
    def train_step(self, data):
        x, y = data
        t = self.teacher(x, training=False)
        with tf.GradientTape() as tape:
            s = self.student(x, training=True)
            sl = self.student_loss_fn(y, s)
            dl = self.distillation_loss_fn(keras.ops.softmax(t / self.temperature, axis=1),
                                           keras.ops.softmax(s / self.temperature, axis=1))
            loss = self.alpha * sl + (1 - self.alpha) * dl
        g = tape.gradient(loss, self.student.trainable_variables)
        self.optimizer.apply_gradients(zip(g, self.student.trainable_variables))
        self.dl_tracker.update_state(dl)
        for m in self.metrics:
            if m.name == "compile_metrics":
                m.update_state(y, s)
        return {**{m.name: m.result() for m in self.metrics if m.name != "compile_metrics"},
                **self.get_metrics_result()}
    def test_step(self, data):
        x, y = data
        s = self.student(x, training=False)
        for m in self.metrics:
            if m.name == "compile_metrics":
                m.update_state(y, s)
        return self.get_metrics_result()
teacher, student = mlp(8, "teacher"), mlp(3, "student")
d = Distiller(student, teacher)
d.compile(optimizer=keras.optimizers.Adam(0.05),
          metrics=[keras.metrics.SparseCategoricalAccuracy()],
          student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          distillation_loss_fn=keras.losses.KLDivergence(), alpha=0.2, temperature=5)
print([m.name for m in d.metrics])
h = d.fit(XC, YC, epochs=2, batch_size=6, shuffle=False, verbose=0)
print(logs4(h))
print(r4(d.evaluate(XC, YC, verbose=0, return_dict=True)))
print([m.name for m in d.metrics])
print(wsum(student), wsum(teacher))
"""

SNIPPETS["distillation_kl_temperature_values"] = _TRY + """
t = np.array([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]], "float32")
s = np.array([[1.0, 1.5, 0.0], [0.0, 1.0, 1.0]], "float32")
kl = keras.losses.KLDivergence()
for T in (1.0, 3.0, 10.0):
    p = keras.ops.softmax(t / T, axis=1); q = keras.ops.softmax(s / T, axis=1)
    print(T, r4(kl(p, q)), r4(kl(p, q) * T ** 2), r4(keras.losses.kl_divergence(p, q)))
print(r4(keras.losses.KLDivergence(reduction="sum")(keras.ops.softmax(t), keras.ops.softmax(s))))
print(r4(keras.losses.KLDivergence(reduction=None)(keras.ops.softmax(t), keras.ops.softmax(s))))
print(kl.get_config())
show("neg", lambda: kl(np.array([[-1.0, 2.0]], "float32"), np.array([[0.5, 0.5]], "float32")))
"""

SNIPPETS["simclr_nt_xent_loss_values"] = _TRY + """
def nt_xent(h1, h2, temperature=0.5):
    h1 = keras.ops.normalize(h1, axis=1); h2 = keras.ops.normalize(h2, axis=1)
    n = keras.ops.shape(h1)[0]
    labels = keras.ops.arange(n)
    sim = keras.ops.matmul(h1, keras.ops.transpose(h2)) / temperature
    l1 = keras.losses.sparse_categorical_crossentropy(labels, sim, from_logits=True)
    l2 = keras.losses.sparse_categorical_crossentropy(labels, keras.ops.transpose(sim),
                                                      from_logits=True)
    acc = keras.metrics.SparseCategoricalAccuracy()
    acc.update_state(labels, sim)
    return (keras.ops.mean(l1) + keras.ops.mean(l2)) / 2, acc.result()
a = np.cos(np.arange(12, dtype="float32").reshape(4, 3))
b = a + 0.1 * np.sin(np.arange(12, dtype="float32").reshape(4, 3) * 2)
for T in (0.1, 0.5, 1.0):
    loss, acc = nt_xent(a, b, T)
    print(T, r4(loss), r4(acc))
print(r4(keras.ops.normalize(a, axis=1, order=1)[0]))
print(r4(keras.ops.normalize(np.zeros((1, 3), "float32"))))
"""

SNIPPETS["simclr_two_views_encoder_projection_fit"] = _TRY + """
enc = keras.Sequential([keras.Input((6,)), layers.Dense(5, activation="relu")], name="encoder")
proj = keras.Sequential([keras.Input((5,)), layers.Dense(4)], name="projection_head")
lin = keras.Sequential([keras.Input((5,)), layers.Dense(2)], name="linear_probe")
for m in (enc, proj, lin):
    fill(m, 0.4)
class Contrastive(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder, self.projection_head, self.linear_probe = enc, proj, lin
        self.loss_tracker = keras.metrics.Mean(name="c_loss")
        self.probe_acc = keras.metrics.SparseCategoricalAccuracy(name="p_acc")
    def compile(self, c_opt, p_opt, **kw):
        super().compile(**kw)
        self.c_opt, self.p_opt = c_opt, p_opt
    @property
    def metrics(self):
        return [self.loss_tracker, self.probe_acc]
    def train_step(self, data):
        x, y = data
        v1 = x * 0.9
        v2 = keras.ops.flip(x, axis=1)
        with tf.GradientTape() as tape:
            h1 = keras.ops.normalize(self.projection_head(self.encoder(v1)), axis=1)
            h2 = keras.ops.normalize(self.projection_head(self.encoder(v2)), axis=1)
            sim = keras.ops.matmul(h1, keras.ops.transpose(h2)) / 0.2
            lab = keras.ops.arange(keras.ops.shape(x)[0])
            loss = keras.ops.mean(keras.losses.sparse_categorical_crossentropy(lab, sim,
                                                                               from_logits=True))
        vs = self.encoder.trainable_weights + self.projection_head.trainable_weights
        self.c_opt.apply_gradients(zip(tape.gradient(loss, vs), vs))
        self.loss_tracker.update_state(loss)
        with tf.GradientTape() as tape:
            logits = self.linear_probe(keras.ops.stop_gradient(self.encoder(x)))
            pl = keras.ops.mean(keras.losses.sparse_categorical_crossentropy(y, logits,
                                                                             from_logits=True))
        g = tape.gradient(pl, self.linear_probe.trainable_weights)
        self.p_opt.apply_gradients(zip(g, self.linear_probe.trainable_weights))
        self.probe_acc.update_state(y, logits)
        return {m.name: m.result() for m in self.metrics}
x = (np.sin(np.arange(48, dtype="float32").reshape(8, 6)) * 2).astype("float32")
y = (np.arange(8) % 2).astype("int32")
m = Contrastive()
m.compile(keras.optimizers.Adam(0.01), keras.optimizers.Adam(0.01))
print(logs4(m.fit(x, y, epochs=3, batch_size=4, shuffle=False, verbose=0)))
print(len(m.trainable_weights), wsum(enc), wsum(lin))
"""

SNIPPETS["triplet_margin_loss_and_distances"] = _TRY + """
anc = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 0.0]], "float32")
pos = anc + 0.1
neg = np.array([[0.0, 1.2], [3.0, 1.0], [2.0, 0.5]], "float32")
ap = keras.ops.sum(keras.ops.square(anc - pos), -1)
an = keras.ops.sum(keras.ops.square(anc - neg), -1)
print(r4(ap), r4(an))
for margin in (0.0, 0.5, 1.0):
    print(margin, r4(keras.ops.mean(keras.ops.maximum(ap - an + margin, 0.0))))
cos = keras.losses.cosine_similarity(anc, neg)
print(r4(cos), r4(keras.losses.CosineSimilarity(axis=1)(anc, neg)))
print(r4(keras.metrics.CosineSimilarity()(anc, pos)))
print(r4(keras.ops.norm(anc - neg, axis=-1)), r4(keras.ops.norm(anc - neg, ord=1, axis=-1)))
print(r4(keras.losses.Hinge()(np.array([[1.0], [-1.0]]), np.array([[0.3], [0.4]]))))
"""

SNIPPETS["siamese_distance_layer_model_fit"] = _TRY + """
class DistanceLayer(layers.Layer):
    def call(self, anchor, positive, negative):
        ap = keras.ops.sum(keras.ops.square(anchor - positive), -1)
        an = keras.ops.sum(keras.ops.square(anchor - negative), -1)
        return ap, an
emb = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="relu"), layers.Dense(2)],
                       name="embedding")
fill(emb)
a, p, n = keras.Input((4,), name="anchor"), keras.Input((4,), name="positive"), keras.Input((4,),
                                                                                          name="negative")
dist = DistanceLayer()(emb(a), emb(p), emb(n))
net = keras.Model([a, p, n], dist)
print([l.name for l in net.layers], len(net.weights))
print(len(net.outputs), [t.shape for t in net.outputs])
class Siamese(keras.Model):
    def __init__(self, net, margin=0.5):
        super().__init__()
        self.net, self.margin = net, margin
        self.loss_tracker = keras.metrics.Mean(name="loss")
    def call(self, inputs):
        return self.net(inputs)
    def _loss(self, data):
        ap, an = self.net(data)
        return keras.ops.mean(keras.ops.maximum(ap - an + self.margin, 0.0))
    def train_step(self, data):
        with tf.GradientTape() as tape:
            loss = self._loss(data)
        g = tape.gradient(loss, self.net.trainable_weights)
        self.optimizer.apply_gradients(zip(g, self.net.trainable_weights))
        self.loss_tracker.update_state(loss)
        return {"loss": self.loss_tracker.result()}
    def test_step(self, data):
        self.loss_tracker.update_state(self._loss(data))
        return {"loss": self.loss_tracker.result()}
    @property
    def metrics(self):
        return [self.loss_tracker]
A = np.cos(np.arange(24, dtype="float32").reshape(6, 4))
P = A + 0.05
N = np.sin(np.arange(24, dtype="float32").reshape(6, 4) * 3)
ds = tf.data.Dataset.from_tensor_slices((A, P, N)).batch(3)
s = Siamese(net)
s.compile(optimizer=keras.optimizers.Adam(0.01))
h = s.fit(ds, epochs=2, validation_data=ds, verbose=0)
print(logs4(h))
print(r4(s.evaluate(ds, verbose=0)))
print(wsum(emb))
"""

SNIPPETS["metric_learning_similarity_matrix_ce"] = _TRY + """
emb = keras.Sequential([keras.Input((5,)), layers.Dense(4), layers.UnitNormalization()])
fill(emb)
class Embedder(keras.Model):
    def __init__(self, e):
        super().__init__()
        self.e = e
    def train_step(self, data):
        anchors, positives = data[:, 0], data[:, 1]
        with tf.GradientTape() as tape:
            ae, pe = self.e(anchors, training=True), self.e(positives, training=True)
            sim = keras.ops.einsum("ae,pe->ap", ae, pe) / 0.2
            n = keras.ops.shape(anchors)[0]
            loss = self.compute_loss(y=keras.ops.arange(n), y_pred=sim)
        g = tape.gradient(loss, self.e.trainable_weights)
        self.optimizer.apply_gradients(zip(g, self.e.trainable_weights))
        for m in self.metrics:
            if m.name == "loss":
                m.update_state(loss)
            else:
                m.update_state(keras.ops.arange(n), sim)
        return {m.name: m.result() for m in self.metrics}
    def call(self, x):
        return self.e(x)
data = np.stack([np.cos(np.arange(30, dtype="float32").reshape(6, 5)),
                 np.cos(np.arange(30, dtype="float32").reshape(6, 5)) + 0.1], axis=1)
print(data.shape)
m = Embedder(emb)
m.compile(optimizer=keras.optimizers.Adam(0.01),
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
h = m.fit(data, epochs=3, batch_size=3, verbose=0, shuffle=False)
print(logs4(h))
e = m.predict(data[:, 0], verbose=0)
print(e.shape, r4(np.linalg.norm(e, axis=1)))
print(r4(keras.ops.einsum("ae,pe->ap", e[:2], e[:3])))
"""

SNIPPETS["consistency_training_two_augment_views"] = _TRY + """
model = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="relu"),
                          layers.Dropout(0.0), layers.Dense(3)])
fill(model)
class Consistency(keras.Model):
    def __init__(self, m, weight=0.5):
        super().__init__()
        self.m, self.weight = m, weight
        self.sup = keras.metrics.Mean(name="sup")
        self.cons = keras.metrics.Mean(name="cons")
    @property
    def metrics(self):
        return [self.sup, self.cons]
    def train_step(self, data):
        (xl, yl), xu = data
        with tf.GradientTape() as tape:
            sup = keras.ops.mean(keras.losses.sparse_categorical_crossentropy(
                yl, self.m(xl, training=True), from_logits=True))
            p1 = keras.ops.softmax(self.m(xu + 0.1, training=True))
            p2 = keras.ops.softmax(self.m(xu * 0.9, training=True))
            cons = keras.ops.mean(keras.ops.square(p1 - keras.ops.stop_gradient(p2)))
            loss = sup + self.weight * cons
        g = tape.gradient(loss, self.m.trainable_weights)
        self.optimizer.apply_gradients(zip(g, self.m.trainable_weights))
        self.sup.update_state(sup); self.cons.update_state(cons)
        return {"sup": self.sup.result(), "cons": self.cons.result()}
XL = np.cos(np.arange(16, dtype="float32").reshape(4, 4)); YL = np.array([0, 1, 2, 0], "int32")
XU = np.sin(np.arange(32, dtype="float32").reshape(8, 4))
ds = tf.data.Dataset.zip((tf.data.Dataset.from_tensor_slices((XL, YL)).repeat().batch(2),
                          tf.data.Dataset.from_tensor_slices(XU).batch(4)))
print(ds.element_spec)
c = Consistency(model)
c.compile(optimizer=keras.optimizers.SGD(0.1))
print(logs4(c.fit(ds, epochs=2, verbose=0)))
print(wsum(model))
"""

SNIPPETS["mixup_beta_weights_via_tf_data"] = _TRY + """
def sample_beta(size, a=0.2, b=0.2):
    g1 = tf.random.stateless_gamma([size], seed=[1, 2], alpha=a)
    g2 = tf.random.stateless_gamma([size], seed=[3, 4], alpha=b)
    return g1 / (g1 + g2)
xs = np.arange(24, dtype="float32").reshape(6, 4) / 10
ys = keras.utils.to_categorical(np.arange(6) % 3, 3).astype("float32")
d1 = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(3)
d2 = tf.data.Dataset.from_tensor_slices((xs[::-1].copy(), ys[::-1].copy())).batch(3)
def mix(a, b):
    (x1, y1), (x2, y2) = a, b
    n = tf.shape(x1)[0]
    l = tf.fill([n], 0.25)
    xl = tf.reshape(l, [n, 1])
    return x1 * xl + x2 * (1 - xl), y1 * xl + y2 * (1 - xl)
mixed = tf.data.Dataset.zip((d1, d2)).map(mix, num_parallel_calls=tf.data.AUTOTUNE)
print(mixed.element_spec)
for x, y in mixed:
    print(r4(x[0]), r4(y))
b = sample_beta(5)
print(b.shape, b.dtype.name, bool(np.all((np.asarray(b) >= 0) & (np.asarray(b) <= 1))))
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="softmax")])
fill(m)
m.compile(optimizer="sgd", loss="categorical_crossentropy", metrics=["accuracy"])
print(logs4(m.fit(mixed, epochs=2, verbose=0)))
"""

SNIPPETS["cutmix_box_mask_via_tf_data"] = _TRY + """
imgs = np.arange(2 * 6 * 6 * 1, dtype="float32").reshape(2, 6, 6, 1) / 72
def cut_box(h, w, lam):
    ch = tf.cast(h * tf.sqrt(1.0 - lam), tf.int32)
    cw = tf.cast(w * tf.sqrt(1.0 - lam), tf.int32)
    return ch, cw
def cutmix(a, b):
    ch, cw = cut_box(6, 6, 0.5)
    y0, x0 = 1, 2
    patch = tf.image.crop_to_bounding_box(b, y0, x0, ch, cw)
    patch = tf.image.pad_to_bounding_box(patch, y0, x0, 6, 6)
    mask = tf.image.pad_to_bounding_box(tf.ones([ch, cw, 1]), y0, x0, 6, 6)
    return a * (1 - mask) + patch, tf.reduce_mean(mask)
ds = tf.data.Dataset.zip((tf.data.Dataset.from_tensor_slices(imgs),
                          tf.data.Dataset.from_tensor_slices(imgs[::-1].copy())))
out = ds.map(cutmix)
print(out.element_spec)
for x, frac in out:
    print(tuple(x.shape), r4(frac), r4(tf.reduce_sum(x)))
print([int(v) for v in cut_box(6, 6, 0.5)], [int(v) for v in cut_box(32, 32, 0.75)])
show("crop_bad", lambda: tf.image.crop_to_bounding_box(imgs[0], 4, 4, 4, 4))
"""
