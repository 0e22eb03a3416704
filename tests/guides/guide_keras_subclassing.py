# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Making new layers and models via subclassing" guide on small seeded data:
a Linear layer with add_weight in __init__ and in build(), trainable and non-trainable
weights (ComputeSum), layers nested in layers and tracked (MLPBlock), add_loss in a layer
and in nested layers (losses reset on each call, a kernel_regularizer's loss), losses in a
custom training loop and in fit, the training argument (CustomDropout), get_config and
from_config, masks (supports_masking, compute_mask, the mask argument), a Model subclass,
and the end-to-end variational autoencoder trained by a loop and by fit."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(37)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(37)


# -- the Layer class: the combination of state (weights) and some computation
class Linear(keras.layers.Layer):
    def __init__(self, units=32, input_dim=32):
        super().__init__()
        self.w = self.add_weight(shape=(input_dim, units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(units,), initializer="zeros", trainable=True)

    def call(self, inputs):
        return ops.matmul(inputs, self.w) + self.b


x = ops.ones((2, 2))
linear_layer = Linear(4, 2)
y = linear_layer(x)
print(y)
assert linear_layer.weights == [linear_layer.w, linear_layer.b]
print([(w.path, w.name, tuple(w.shape), w.dtype, w.trainable) for w in linear_layer.weights])
print(linear_layer.name, linear_layer.built, linear_layer.dtype, linear_layer.compute_dtype, linear_layer.variable_dtype)


# -- layers can have non-trainable weights
class ComputeSum(keras.layers.Layer):
    def __init__(self, input_dim):
        super().__init__()
        self.total = self.add_weight(initializer="zeros", shape=(input_dim,), trainable=False)

    def call(self, inputs):
        self.total.assign_add(ops.sum(inputs, axis=0))
        return self.total


x = ops.ones((2, 2))
my_sum = ComputeSum(2)
y = my_sum(x)
print(y.numpy())
y = my_sum(x)
print(y.numpy())
print("weights:", len(my_sum.weights))
print("non-trainable weights:", len(my_sum.non_trainable_weights))
print("trainable_weights:", my_sum.trainable_weights)


# -- best practice: deferring weight creation until the shape of the inputs is known
class Linear(keras.layers.Layer):
    def __init__(self, units=32):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="random_normal", trainable=True)

    def call(self, inputs):
        return ops.matmul(inputs, self.w) + self.b


linear_layer = Linear(32)
print(linear_layer.built, linear_layer.weights)
y = linear_layer(x)
print(linear_layer.built, y.shape, [tuple(w.shape) for w in linear_layer.weights])
try:
    linear_layer(ops.ones((2, 3)))
except Exception as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0])


# -- layers are recursively composable
class MLPBlock(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.linear_1 = Linear(32)
        self.linear_2 = Linear(32)
        self.linear_3 = Linear(1)

    def call(self, inputs):
        x = self.linear_1(inputs)
        x = keras.activations.relu(x)
        x = self.linear_2(x)
        x = keras.activations.relu(x)
        return self.linear_3(x)


mlp = MLPBlock()
y = mlp(ops.ones(shape=(3, 64)))
print("weights:", len(mlp.weights))
print("trainable weights:", len(mlp.trainable_weights))
print([w.path for w in mlp.weights])
print(y.shape, [l.name for l in mlp._layers])
mlp.trainable = False
print(len(mlp.trainable_weights), len(mlp.non_trainable_weights), mlp.linear_1.trainable)


# -- the add_loss() method
class ActivityRegularizationLayer(keras.layers.Layer):
    def __init__(self, rate=1e-2):
        super().__init__()
        self.rate = rate

    def call(self, inputs):
        self.add_loss(self.rate * ops.mean(inputs))
        return inputs


class OuterLayer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.activity_reg = ActivityRegularizationLayer(1e-2)

    def call(self, inputs):
        return self.activity_reg(inputs)


layer = OuterLayer()
assert len(layer.losses) == 0
_ = layer(ops.zeros((1, 1)))
assert len(layer.losses) == 1
_ = layer(ops.zeros((1, 1)))
assert len(layer.losses) == 1
print(len(layer.losses), float(layer.losses[0]))
_ = layer(ops.ones((2, 2)) * 3.0)
print(np.round(float(layer.losses[0]), 6), len(layer.activity_reg.losses))


class OuterLayerWithKernelRegularizer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(32, kernel_regularizer=keras.regularizers.l2(1e-3))

    def call(self, inputs):
        return self.dense(inputs)


layer = OuterLayerWithKernelRegularizer()
_ = layer(ops.zeros((1, 1)))
print(len(layer.losses), layer.losses[0].shape, round(float(layer.losses[0]), 7) == round(float(1e-3 * ops.sum(layer.dense.kernel ** 2)), 7))

inputs = keras.Input(shape=(3,))
outputs = ActivityRegularizationLayer()(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
history = model.fit(rng.random((2, 3)), rng.random((2, 3)), verbose=0)
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})
model.compile(optimizer="adam")
history = model.fit(rng.random((2, 3)), rng.random((2, 3)), verbose=0)
print({k: [round(v, 5) for v in vs] for k, vs in history.history.items()})

# the losses in a custom training loop
optimizer = keras.optimizers.SGD(learning_rate=1e-3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
model = keras.Sequential([keras.Input(shape=(4,)), layers.Dense(8, kernel_regularizer=keras.regularizers.l2(1e-2)), ActivityRegularizationLayer(), layers.Dense(3)])
x_batch = rng.random((6, 4)).astype("float32")
y_batch = rng.integers(0, 3, size=(6,))
for step in range(2):
    with tf.GradientTape() as tape:
        logits = model(x_batch, training=True)
        loss_value = loss_fn(y_batch, logits)
        loss_value += sum(model.losses)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    print(step, round(float(loss_value), 5), len(model.losses))


# -- you can optionally enable serialization on your layers
class Linear(keras.layers.Layer):
    def __init__(self, units=32, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="random_normal", trainable=True)

    def call(self, inputs):
        return ops.matmul(inputs, self.w) + self.b

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units})
        return config


layer = Linear(64)
config = layer.get_config()
print(config)
new_layer = Linear.from_config(config)
print(new_layer.units, new_layer.name == layer.name, new_layer.built)
layer = Linear(8, name="my_linear", trainable=False, dtype="float64")
print(layer.get_config())
print(layer(ops.ones((1, 2), dtype="float64")).dtype, layer.trainable_weights, len(layer.non_trainable_weights))


class NoConfig(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units


print(NoConfig(3).get_config())
try:
    NoConfig.from_config({"name": "x", "trainable": True})
except Exception as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0][:200])


# -- privileged training argument in the call() method
class CustomDropout(keras.layers.Layer):
    def __init__(self, rate, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, inputs, training=None):
        if training:
            return keras.random.dropout(inputs, rate=self.rate, seed=self.seed_generator)
        return inputs


layer = CustomDropout(0.5)
x = ops.ones((2, 6))
print(np.array_equal(layer(x), x), np.array_equal(layer(x, training=False), x))
y = layer(x, training=True)
print(sorted(set(np.round(np.asarray(y), 3).ravel().tolist())) in ([0.0, 2.0], [2.0], [0.0]), y.shape)
inputs = keras.Input(shape=(6,))
outputs = CustomDropout(0.5)(inputs)
model = keras.Model(inputs, outputs)
print(np.array_equal(model(x), x), np.array_equal(model.predict(x, verbose=0), x))


class TrainingFlag(keras.layers.Layer):
    def call(self, inputs, training=None):
        print("training =", training)
        return inputs


class Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = TrainingFlag()

    def call(self, inputs, training=None):
        return self.inner(inputs)


outer = Outer()
_ = outer(ops.ones((1, 2)))
_ = outer(ops.ones((1, 2)), training=True)
_ = outer(ops.ones((1, 2)), training=False)


# -- privileged mask argument in the call() method
class MaskedSum(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        if mask is None:
            return ops.sum(inputs, axis=1)
        mask = ops.cast(mask, inputs.dtype)[:, :, None]
        return ops.sum(inputs * mask, axis=1)

    def compute_mask(self, inputs, mask=None):
        return None


class Passthrough(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, inputs):
        return inputs * 2.0


tokens = np.array([[3, 1, 0, 0], [2, 5, 7, 0]])
embed = layers.Embedding(10, 3, mask_zero=True)
e = embed(tokens)
print(embed.compute_mask(tokens))
p = Passthrough()(e)
print(getattr(p, "_keras_mask", None))
print(np.round(MaskedSum()(p, mask=embed.compute_mask(tokens)), 4))
inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(10, 3, mask_zero=True)(inputs)
x = Passthrough()(x)
outputs = MaskedSum()(x)
model = keras.Model(inputs, outputs)
print(model(tokens).shape, model.layers[-1].supports_masking)
print([l.name for l in model._layers])
seq = keras.Sequential([layers.Dense(2)])
print([l.name for l in seq._layers], end=" ")
seq(ops.ones((1, 3)))
print([l.name for l in seq._layers])


# -- the Model class
class ResNetBlock(keras.layers.Layer):
    def __init__(self, filters):
        super().__init__()
        self.conv = layers.Conv2D(filters, 3, padding="same")
        self.bn = layers.BatchNormalization()

    def call(self, inputs, training=False):
        x = self.conv(inputs)
        x = self.bn(x, training=training)
        return keras.activations.relu(x + inputs)


class ResNet(keras.Model):
    def __init__(self, num_classes=4):
        super().__init__()
        self.block_1 = ResNetBlock(3)
        self.block_2 = ResNetBlock(3)
        self.global_pool = layers.GlobalAveragePooling2D()
        self.classifier = layers.Dense(num_classes)

    def call(self, inputs, training=False):
        x = self.block_1(inputs, training=training)
        x = self.block_2(x, training=training)
        x = self.global_pool(x)
        return self.classifier(x)


resnet = ResNet()
dataset = tf.data.Dataset.from_tensor_slices((rng.random((16, 6, 6, 3)).astype("float32"), rng.integers(0, 4, size=(16,)))).batch(8)
resnet.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
history = resnet.fit(dataset, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
print(len(resnet.weights), len(resnet.trainable_weights), len(resnet.non_trainable_weights), [l.name for l in resnet.layers])
resnet.summary()
resnet.save_weights("resnet.weights.h5")
clone = ResNet()
clone(ops.zeros((1, 6, 6, 3)))
clone.load_weights("resnet.weights.h5")
batch = next(iter(dataset))[0]
print(np.allclose(clone(batch), resnet(batch), atol=1e-6))


# -- putting it all together: an end-to-end example
class Sampling(layers.Layer):
    """Uses (z_mean, z_log_var) to sample z, the vector encoding a digit."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, inputs):
        z_mean, z_log_var = inputs
        batch = ops.shape(z_mean)[0]
        dim = ops.shape(z_mean)[1]
        epsilon = keras.random.normal(shape=(batch, dim), seed=self.seed_generator)
        return z_mean + ops.exp(0.5 * z_log_var) * epsilon


class Encoder(layers.Layer):
    """Maps MNIST digits to a triplet (z_mean, z_log_var, z)."""

    def __init__(self, latent_dim=32, intermediate_dim=64, name="encoder", **kwargs):
        super().__init__(name=name, **kwargs)
        self.dense_proj = layers.Dense(intermediate_dim, activation="relu")
        self.dense_mean = layers.Dense(latent_dim)
        self.dense_log_var = layers.Dense(latent_dim)
        self.sampling = Sampling()

    def call(self, inputs):
        x = self.dense_proj(inputs)
        z_mean = self.dense_mean(x)
        z_log_var = self.dense_log_var(x)
        z = self.sampling((z_mean, z_log_var))
        return z_mean, z_log_var, z


class Decoder(layers.Layer):
    """Converts z, the encoded digit vector, back into a readable digit."""

    def __init__(self, original_dim, intermediate_dim=64, name="decoder", **kwargs):
        super().__init__(name=name, **kwargs)
        self.dense_proj = layers.Dense(intermediate_dim, activation="relu")
        self.dense_output = layers.Dense(original_dim, activation="sigmoid")

    def call(self, inputs):
        x = self.dense_proj(inputs)
        return self.dense_output(x)


class VariationalAutoEncoder(keras.Model):
    """Combines the encoder and decoder into an end-to-end model for training."""

    def __init__(self, original_dim, intermediate_dim=64, latent_dim=32, name="autoencoder", **kwargs):
        super().__init__(name=name, **kwargs)
        self.original_dim = original_dim
        self.encoder = Encoder(latent_dim=latent_dim, intermediate_dim=intermediate_dim)
        self.decoder = Decoder(original_dim, intermediate_dim=intermediate_dim)

    def call(self, inputs):
        z_mean, z_log_var, z = self.encoder(inputs)
        reconstructed = self.decoder(z)
        kl_loss = -0.5 * ops.mean(z_log_var - ops.square(z_mean) - ops.exp(z_log_var) + 1)
        self.add_loss(kl_loss)
        return reconstructed


original_dim = 36
vae = VariationalAutoEncoder(original_dim, 16, 4)
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
mse_loss_fn = keras.losses.MeanSquaredError()
loss_metric = keras.metrics.Mean()
x_train = rng.random((48, original_dim)).astype("float32")
train_dataset = tf.data.Dataset.from_tensor_slices(x_train)
train_dataset = train_dataset.shuffle(buffer_size=1024, seed=7).batch(16)
epochs = 2
for epoch in range(epochs):
    print("Start of epoch %d" % (epoch,))
    for step, x_batch_train in enumerate(train_dataset):
        with tf.GradientTape() as tape:
            reconstructed = vae(x_batch_train)
            loss = mse_loss_fn(x_batch_train, reconstructed)
            loss += sum(vae.losses)
        grads = tape.gradient(loss, vae.trainable_weights)
        optimizer.apply_gradients(zip(grads, vae.trainable_weights))
        loss_metric(loss)
        print("step %d: mean loss = %.4f" % (step, loss_metric.result()))
print(len(vae.weights), [w.path for w in vae.weights][:3], len(vae.losses))

vae = VariationalAutoEncoder(original_dim, 16, 4)
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
vae.compile(optimizer, loss=keras.losses.MeanSquaredError())
history = vae.fit(x_train, x_train, epochs=2, batch_size=16, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})

original_inputs = keras.Input(shape=(original_dim,), name="encoder_input")
x = layers.Dense(16, activation="relu")(original_inputs)
z_mean = layers.Dense(4, name="z_mean")(x)
z_log_var = layers.Dense(4, name="z_log_var")(x)
z = Sampling()((z_mean, z_log_var))
encoder = keras.Model(inputs=original_inputs, outputs=z, name="encoder")
latent_inputs = keras.Input(shape=(4,), name="z_sampling")
x = layers.Dense(16, activation="relu")(latent_inputs)
outputs = layers.Dense(original_dim, activation="sigmoid")(x)
decoder = keras.Model(inputs=latent_inputs, outputs=outputs, name="decoder")
outputs = decoder(z)
vae = keras.Model(inputs=original_inputs, outputs=outputs, name="vae")
vae.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3), loss=keras.losses.MeanSquaredError())
history = vae.fit(x_train, x_train, epochs=2, batch_size=16, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
vae.summary()
