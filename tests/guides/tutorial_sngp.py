# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Uncertainty-aware deep learning with SNGP" tutorial at a small size on the
seeded two-moons-like data it makes: a deterministic ResNet of Dense layers, spectral
normalization (keras.layers.SpectralNormalization, its power iteration and the kernel's
largest singular value), a random-feature Gaussian process output layer written with
Keras layers (a frozen random projection and cos), the Laplace-approximated precision
matrix updated per batch and reset per epoch by a callback, the posterior covariance with
tf.linalg, mean-field logits, and the predictive uncertainty far from and near the data."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(31)
np.set_printoptions(precision=3, suppress=True)
rng = np.random.default_rng(31)


def r(x, n=3):
    return np.round(np.asarray(x, dtype=np.float64), n)


def make_training_data(sample_size=64):
    t = rng.uniform(0, np.pi, size=sample_size // 2)
    upper = np.stack([np.cos(t), np.sin(t)], axis=1)
    lower = np.stack([1 - np.cos(t), 0.5 - np.sin(t)], axis=1)
    x = np.concatenate([upper, lower]) + rng.normal(scale=0.1, size=(sample_size, 2))
    y = np.concatenate([np.zeros(sample_size // 2), np.ones(sample_size // 2)])
    return x.astype("float32"), y.astype("int32")


train_examples, train_labels = make_training_data()
ood_examples = rng.normal(loc=[2.5, 2.5], scale=0.2, size=(8, 2)).astype("float32")
print(train_examples.shape, train_labels.shape, np.bincount(train_labels))


class DeepResNet(keras.Model):
    def __init__(self, num_classes, num_layers=3, num_hidden=16, dropout_rate=0.1, **classifier_kwargs):
        super().__init__()
        self.num_hidden = num_hidden
        self.num_layers = num_layers
        self.dropout_rate = dropout_rate
        self.classifier_kwargs = classifier_kwargs
        self.input_layer = layers.Dense(self.num_hidden, trainable=False)
        self.dense_layers = [self.make_dense_layer() for _ in range(num_layers)]
        self.dropout = layers.Dropout(self.dropout_rate)
        self.classifier = self.make_output_layer(num_classes)

    def call(self, inputs):
        hidden = self.input_layer(inputs)
        for i in range(self.num_layers):
            resid = self.dense_layers[i](hidden)
            resid = self.dropout(resid)
            hidden += resid
        return self.classifier(hidden)

    def make_dense_layer(self):
        return layers.Dense(self.num_hidden, activation="relu")

    def make_output_layer(self, num_classes):
        return layers.Dense(num_classes, **self.classifier_kwargs)


resnet_config = dict(num_classes=2, num_layers=3, num_hidden=16)
resnet_model = DeepResNet(**resnet_config)
resnet_model.build((None, 2))
resnet_model.summary()
loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
metrics = (keras.metrics.SparseCategoricalAccuracy(),)
optimizer = keras.optimizers.Adam(learning_rate=1e-2)
train_config = dict(loss=loss, metrics=metrics, optimizer=optimizer)
fit_config = dict(batch_size=16, epochs=3, verbose=0)
resnet_model.compile(**train_config)
history = resnet_model.fit(train_examples, train_labels, **fit_config)
print(sorted(history.history), len(history.history["loss"]))
print(len(resnet_model.trainable_weights), len(resnet_model.non_trainable_weights))

# -- spectral normalization
dense = layers.Dense(10)
dense = layers.SpectralNormalization(dense, power_iterations=1)
x = rng.normal(size=(4, 6)).astype("float32")
y = dense(x, training=True)
print(y.shape, [w.path for w in dense.weights])
print([tuple(w.shape) for w in dense.weights], [w.trainable for w in dense.weights])
for _ in range(30):
    dense(x, training=True)
sigma = np.linalg.svd(dense.layer.kernel.numpy(), compute_uv=False)[0]
print("largest singular value after normalization:", r(sigma, 2))
cfg = dense.get_config()
print(sorted(cfg), cfg["power_iterations"])
try:
    layers.SpectralNormalization(layers.Dense(2), power_iterations=0)
except ValueError as e:
    print("ValueError:", e)
try:
    layers.SpectralNormalization(layers.Dense(2))(np.ones((2,), "float32"))
except Exception as e:
    print(type(e).__name__)


# -- a random-feature Gaussian process layer
class RandomFeatureGaussianProcess(layers.Layer):
    def __init__(self, units, num_inducing=64, momentum=0.99, ridge_penalty=1.0, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.num_inducing = num_inducing
        self.momentum = momentum
        self.ridge_penalty = ridge_penalty
        self.random_features = layers.Dense(
            num_inducing, kernel_initializer=keras.initializers.RandomNormal(stddev=1.0, seed=3),
            bias_initializer=keras.initializers.RandomUniform(0.0, 2.0 * np.pi, seed=4), trainable=False)
        self.output_layer = layers.Dense(units, use_bias=False)

    def build(self, input_shape):
        self.random_features.build(input_shape)
        self.output_layer.build((None, self.num_inducing))
        self.precision = self.add_weight(
            name="precision", shape=(self.num_inducing, self.num_inducing),
            initializer=keras.initializers.Identity(gain=self.ridge_penalty), trainable=False)

    def features(self, inputs):
        return tf.cos(self.random_features(inputs)) * np.sqrt(2.0 / self.num_inducing)

    def call(self, inputs, training=False):
        phi = self.features(inputs)
        logits = self.output_layer(phi)
        if training:
            batch_precision = tf.matmul(phi, phi, transpose_a=True)
            self.precision.assign(self.momentum * self.precision + (1 - self.momentum) * batch_precision)
            return logits
        covariance = tf.linalg.inv(self.precision) * self.ridge_penalty
        covmat = tf.matmul(phi, tf.matmul(covariance, phi, transpose_b=True))
        return logits, covmat

    def reset_covariance_matrix(self):
        self.precision.assign(tf.eye(self.num_inducing) * self.ridge_penalty)


class DeepResNetSNGP(DeepResNet):
    def __init__(self, spec_norm_bound=0.9, **kwargs):
        self.spec_norm_bound = spec_norm_bound
        super().__init__(**kwargs)

    def make_dense_layer(self):
        dense_layer = super().make_dense_layer()
        return layers.SpectralNormalization(dense_layer, power_iterations=1)

    def make_output_layer(self, num_classes):
        return RandomFeatureGaussianProcess(num_classes, num_inducing=32)

    def call(self, inputs, training=False, return_covmat=False):
        hidden = self.input_layer(inputs)
        for i in range(self.num_layers):
            resid = self.dense_layers[i](hidden, training=training)
            hidden += resid
        if training:
            return self.classifier(hidden, training=True)
        logits, covmat = self.classifier(hidden)
        if not return_covmat:
            return logits
        return logits, covmat


class ResetCovarianceCallback(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch > 0:
            self.model.classifier.reset_covariance_matrix()


class DeepResNetSNGPWithCovReset(DeepResNetSNGP):
    def fit(self, *args, **kwargs):
        kwargs["callbacks"] = list(kwargs.get("callbacks", []))
        kwargs["callbacks"].append(ResetCovarianceCallback())
        return super().fit(*args, **kwargs)


sngp_model = DeepResNetSNGPWithCovReset(**resnet_config)
sngp_model.compile(loss=loss, metrics=(keras.metrics.SparseCategoricalAccuracy(),), optimizer=keras.optimizers.Adam(learning_rate=1e-2))
history = sngp_model.fit(train_examples, train_labels, **fit_config)
print(sorted(history.history))
print(len(sngp_model.trainable_weights), len(sngp_model.non_trainable_weights))
precision = sngp_model.classifier.precision.numpy()
print(precision.shape, bool(np.allclose(precision, precision.T, atol=1e-5)))
print(bool(np.all(np.linalg.eigvalsh(precision) > 0)))
sngp_logits, sngp_covmat = sngp_model(train_examples[:4], return_covmat=True)
print(sngp_logits.shape, sngp_covmat.shape)
sngp_variance = tf.linalg.diag_part(sngp_covmat)[:, None]
print(sngp_variance.shape, bool(tf.reduce_all(sngp_variance > 0)))


def mean_field_logits(logits, variance, mean_field_factor=np.pi / 8.0):
    logits_scale = tf.sqrt(1.0 + variance * mean_field_factor)
    return logits / logits_scale


def compute_posterior_mean_probability(logits, covmat, lambda_param=np.pi / 8.0):
    logits_adjusted = mean_field_logits(logits, tf.linalg.diag_part(covmat)[:, None], lambda_param)
    return tf.nn.softmax(logits_adjusted, axis=-1)[:, 0]


near = compute_posterior_mean_probability(*sngp_model(train_examples[:8], return_covmat=True))
far = compute_posterior_mean_probability(*sngp_model(ood_examples, return_covmat=True))
print(near.shape, far.shape)
var_near = tf.linalg.diag_part(sngp_model(train_examples[:8], return_covmat=True)[1])
var_far = tf.linalg.diag_part(sngp_model(ood_examples, return_covmat=True)[1])
print("variance grows away from the data:", bool(tf.reduce_mean(var_far) > tf.reduce_mean(var_near)))
print(mean_field_logits(tf.constant([[2.0, -2.0]]), tf.constant([[0.0]])))
print(mean_field_logits(tf.constant([[2.0, -2.0]]), tf.constant([[8.0 / np.pi]])))
print(tf.linalg.inv(tf.constant([[2.0, 0.0], [0.0, 4.0]])))
print(tf.linalg.diag_part(tf.reshape(tf.range(9.0), (3, 3))))
print(keras.initializers.Identity(gain=2.0)((2, 3)))
