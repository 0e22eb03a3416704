"""Random draws a Keras 3 / TF user makes outside tf.random, run the same way under TF 2.21 +
Keras 3.15 and under eagerflow: keras.random with integer seeds and SeedGenerators (eager
and traced), seeded initializers and the kernels layers get from them, the seeded random
layers and augmentation layers in training, tf.image's stateless and op-seeded random
ops, and tf.data's seeded sampling; and the kernels those draws pass through whose last
bits were not TF's (small MatrixSolve/MatrixInverse for perspective warps, Qr for the
Orthogonal initializer). Not here: recurrent layers' and attention's outputs, whose float32
tanh and softmax are NumPy's (docs/ulp32.md), not TF's.

Each case is a function of the modules `tf` and `keras` returning a list of values;
record_rng10_golden.py runs them under TensorFlow into rng10_golden.json and
test_rng10_golden.py compares the bytes (random_cases.encode) under eagerflow. A call
that raises is recorded as its error's class name.
"""

from __future__ import annotations

import random

import numpy as np

from tests.ops.random_cases import encode

SEEDS = (0, 7, 1234, 2**31 + 5)
IMG = np.linspace(0.0, 1.0, 2 * 5 * 6 * 3, dtype="float32").reshape(2, 5, 6, 3)


def _try(fn):
    """fn's value, or the class name of what it raised (the recorded outcome)."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - any error is an outcome to compare
        return type(e).__name__


# -- keras.random -----------------------------------------------------------------------

def _draws(keras, seed):
    R = keras.random
    logits = np.log(np.array([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], "float32"))
    x = np.arange(20, dtype="float32").reshape(5, 4)
    return [R.normal((2, 3), seed=seed), R.normal((4,), 1.5, 0.2, "float64", seed=seed),
            R.uniform((2, 3), seed=seed), R.uniform((5,), -2.0, 7.0, "float16", seed=seed),
            R.uniform((3,), dtype="bfloat16", seed=seed),
            R.truncated_normal((7,), seed=seed), R.truncated_normal((3,), 2.0, 3.0, seed=seed),
            R.randint((6,), 0, 10, seed=seed), R.randint((4,), -5, 5, "int64", seed=seed),
            R.dropout(x, 0.3, seed=seed), R.dropout(x, 0.5, noise_shape=(5, 1), seed=seed),
            R.shuffle(x, seed=seed), R.shuffle(x, axis=1, seed=seed),
            R.categorical(logits, 6, seed=seed), R.categorical(logits, 4, "int64", seed=seed),
            R.gamma((5,), 0.7, seed=seed), R.gamma((3,), 3.0, "float64", seed=seed),
            R.binomial((6,), 10, 0.3, seed=seed), R.binomial((3,), 50.0, 0.6, seed=seed),
            R.beta((4,), 2.0, 3.0, seed=seed), R.beta((3,), 0.5, 0.5, "float64", seed=seed)]


def keras_random_int_seeds(tf, keras):
    out = []
    for seed in SEEDS:
        out += _draws(keras, seed)
    return out


def keras_random_seed_generator(tf, keras):
    """One SeedGenerator across every draw (its counter advancing each), and its state."""
    out = []
    for seed in (1, 42, 2**31 + 5):
        g = keras.random.SeedGenerator(seed)
        out += _draws(keras, g) + [g.state.numpy()] + _draws(keras, g)[:3]
    return out


def keras_random_in_function(tf, keras):
    g = keras.random.SeedGenerator(17)

    @tf.function
    def f():
        return [keras.random.normal((3,), seed=g), keras.random.uniform((2,), seed=g),
                keras.random.dropout(tf.ones((4,)), 0.5, seed=g),
                keras.random.normal((2,), seed=5)]

    return f() + f() + [g.state.numpy(), keras.random.normal((2,), seed=g)]


def keras_random_traced_int_seeds(tf, keras):
    """Integer seeds inside tf.function: the same draws as eager ones, call after call."""
    f = tf.function(lambda: _draws(keras, 3)[:9] + _draws(keras, 3)[15:19])
    return f() + f()


def keras_random_global_seed(tf, keras):
    out = []
    for seed in (3, 1234):
        keras.utils.set_random_seed(seed)
        out += [keras.random.normal((3,)), keras.random.uniform((2,)),
                keras.random.normal((3,)), keras.random.randint((3,), 0, 9)]
    return out


def keras_random_dtypes(tf, keras):
    R, out = keras.random, []
    x = np.linspace(-1.0, 1.0, 12).reshape(3, 4)
    for d in ("float16", "bfloat16", "float64"):
        out += [_try(lambda: R.normal((5,), seed=4, dtype=d)),
                _try(lambda: R.uniform((5,), seed=4, dtype=d)),
                _try(lambda: R.truncated_normal((5,), seed=4, dtype=d)),
                _try(lambda: R.gamma((3,), 1.5, seed=4, dtype=d)),
                _try(lambda: R.beta((3,), 1.5, 2.5, seed=4, dtype=d)),
                _try(lambda: R.binomial((3,), 7, 0.4, seed=4, dtype=d)),
                _try(lambda: R.dropout(keras.ops.cast(x, d), 0.4, seed=4))]
    for d in ("int8", "uint8", "int16", "uint32", "int64"):
        out.append(_try(lambda: R.randint((6,), 0, 100, seed=4, dtype=d)))
    return out + [R.shuffle(np.arange(10, dtype="int64"), seed=4),
                  R.categorical(np.zeros((2, 5), "float64"), 4, seed=4)]


def layers_traced(tf, keras):
    """Seeded and unseeded (under set_random_seed) dropout in a model called in training
    inside tf.function, call after call, and the numpy and Python draws set_random_seed
    seeds."""
    L = keras.layers
    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((6,)), L.Dropout(0.5, seed=1), L.Dropout(0.3),
                              L.GaussianNoise(0.2), L.GaussianDropout(0.2, seed=2)])
    f = tf.function(lambda x: model(x, training=True))
    x = np.ones((2, 6), "float32")
    out = [f(x), f(x), model(x, training=True)]
    keras.utils.set_random_seed(6)
    return out + [np.random.rand(3), np.array([random.random() for _ in range(3)])]


def rnn_dropout_masks(tf, keras):
    """Seeded RNN cells' input and recurrent dropout masks, as a layer's call draws them
    (once per call: reset between calls), eager and traced."""
    L = keras.layers
    x, h = np.ones((2, 3), "float32"), np.ones((2, 4), "float32")
    out = []
    for cell in (L.LSTMCell(4, dropout=0.3, recurrent_dropout=0.2, seed=7),
                 L.GRUCell(4, dropout=0.4, recurrent_dropout=0.5, seed=8),
                 L.SimpleRNNCell(4, dropout=0.5, recurrent_dropout=0.1, seed=9)):
        for _ in range(2):
            out += [cell.get_dropout_mask(x), cell.get_recurrent_dropout_mask(h)]
            cell.reset_dropout_mask()
            cell.reset_recurrent_dropout_mask()

        def masks(v, w, cell=cell):
            got = [cell.get_dropout_mask(v), cell.get_recurrent_dropout_mask(w)]
            cell.reset_dropout_mask()
            cell.reset_recurrent_dropout_mask()
            return got
        f = tf.function(masks)
        out += f(x, h) + f(x, h)
    return out


def fit_shuffle_order(tf, keras):
    """model.fit's per-epoch shuffles of array data under set_random_seed (and "batch"
    shuffles): a weight that each SGD step sets to its batch's mean, read after each batch,
    shows the batches in the order fit drew them."""
    x = np.arange(16, dtype="float32").reshape(16, 1) ** 2
    out = []
    for shuffle in (True, "batch"):
        keras.utils.set_random_seed(7)
        model = keras.Sequential([keras.Input((1,)), _MeanProbe(keras)])
        model.compile(keras.optimizers.SGD(0.5), "mse")
        seen = []
        cb = keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda b, logs: seen.append(model.weights[0].numpy()))
        model.fit(x, x, batch_size=4, epochs=3, shuffle=shuffle, verbose=0, callbacks=[cb])
        out.append(np.array(seen))
    return out


def _MeanProbe(keras):
    class MeanProbe(keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(), initializer="zeros")

        def call(self, x):
            return x * 0.0 + self.w
    return MeanProbe()


def keras_utils_draws(tf, keras):
    import os
    import tempfile
    left, right = keras.utils.split_dataset(np.arange(20), 0.6, shuffle=True, seed=3)
    ts = keras.utils.timeseries_dataset_from_array(np.arange(50), None, 5, shuffle=True,
                                                   seed=4, batch_size=4)
    out = [_elements(left), _elements(right), _elements(ts)]
    with tempfile.TemporaryDirectory() as root:
        for k, name in enumerate(("ants", "bees", "cats")):
            os.mkdir(os.path.join(root, name))
            for i in range(4):
                with open(os.path.join(root, name, f"{i}.txt"), "w") as f:
                    f.write(f"{name} {i} {k}")
        for split in (None, "training", "validation"):
            ds = keras.utils.text_dataset_from_directory(
                root, batch_size=3, seed=11, validation_split=split and 0.25, subset=split)
            out += [np.array([t.numpy() for b in ds for t in b[0]]),
                    np.concatenate([b[1].numpy() for b in ds])]
    return out


def mixed_precision_layers(tf, keras):
    """The noise and augmentation layers under the mixed_float16 policy (float16 draws
    and arithmetic), the policy restored after."""
    L = keras.layers
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        x = np.linspace(-1.0, 1.0, 24, dtype="float32").reshape(2, 3, 4)
        out = [L.Dropout(0.3, seed=1)(x, training=True),
               L.GaussianNoise(0.2, seed=1)(x, training=True),
               L.GaussianDropout(0.3, seed=1)(x, training=True),
               L.AlphaDropout(0.3, seed=1)(x, training=True),
               L.RandomFlip(seed=1)(IMG, training=True),
               L.RandomBrightness(0.2, seed=1)(IMG, training=True),
               L.RandomContrast(0.2, seed=1)(IMG, training=True)]
        d = L.Dense(3, kernel_initializer=keras.initializers.GlorotNormal(2))
        d.build((None, 4))
        return out + [d.kernel.numpy()]
    finally:
        keras.mixed_precision.set_global_policy("float32")


# -- initializers -----------------------------------------------------------------------

def _initializers(keras, seed):
    Init = keras.initializers
    return [Init.GlorotUniform(seed), Init.GlorotNormal(seed), Init.HeNormal(seed),
            Init.HeUniform(seed),
            Init.LecunNormal(seed), Init.LecunUniform(seed), Init.RandomNormal(0.5, 2.0, seed),
            Init.RandomUniform(-3.0, 1.0, seed), Init.TruncatedNormal(0.0, 0.3, seed),
            Init.Orthogonal(1.5, seed),
            Init.VarianceScaling(2.0, "fan_out", "uniform", seed),
            Init.VarianceScaling(0.5, "fan_avg", "truncated_normal", seed),
            Init.VarianceScaling(1.0, "fan_in", "untruncated_normal", seed)]


def initializers_seeded(tf, keras):
    out = []
    for seed in (0, 5, 1234):
        for init in _initializers(keras, seed):
            out += [init((4, 3)), init((3, 4), "float64"), init((2, 3, 5))]
    Init = keras.initializers
    out += [Init.Orthogonal(seed=3)((7, 2)), Init.Orthogonal(seed=3)((3, 3, 2, 6)),
            Init.Identity(2.0)((3, 4)), Init.GlorotUniform(9)((2, 2), "float16"),
            Init.HeNormal(9)((3, 2), "bfloat16"), Init.TruncatedNormal(seed=9)((5,), "float16"),
            Init.RandomUniform(seed=9)((4,), "float64")]
    return out


def initializer_repeats(tf, keras):
    """A seeded initializer called twice (Keras 3 draws anew from its SeedGenerator), and
    one without a seed under set_random_seed."""
    init = keras.initializers.GlorotUniform(seed=11)
    out = [init((3, 3)), init((3, 3))]
    keras.utils.set_random_seed(8)
    free = keras.initializers.RandomNormal()
    return out + [free((4,)), free((4,)), keras.initializers.HeUniform()((2, 2))]


def layer_kernels(tf, keras):
    L = keras.layers
    out = []
    d = L.Dense(4, kernel_initializer=keras.initializers.HeNormal(seed=2),
                bias_initializer=keras.initializers.RandomUniform(seed=3))
    d.build((None, 3))
    out += [w.numpy() for w in d.weights]
    c = L.Conv2D(2, 3, kernel_initializer=keras.initializers.Orthogonal(seed=4))
    c.build((None, 5, 5, 3))
    out += [w.numpy() for w in c.weights]
    keras.utils.set_random_seed(21)
    model = keras.Sequential([keras.Input((3,)), L.Dense(5), L.Dense(2, activation="relu"),
                              L.Embedding(10, 3)])
    out += [w.numpy() for w in model.weights]
    keras.utils.set_random_seed(22)
    lstm = L.LSTM(3)
    lstm.build((None, 4, 2))
    gru = L.GRU(2)
    gru.build((None, 4, 3))
    conv = L.Conv2DTranspose(3, 2)
    conv.build((None, 4, 4, 2))
    return out + [w.numpy() for w in lstm.weights + gru.weights + conv.weights]


# -- layers that draw --------------------------------------------------------------------

def noise_layers(tf, keras):
    L = keras.layers
    x = np.linspace(-1.0, 1.0, 2 * 3 * 4 * 5, dtype="float32").reshape(2, 3, 4, 5)
    out = []
    for layer in (L.Dropout(0.4, seed=9), L.Dropout(0.5, noise_shape=(None, 1, 4, 1), seed=9),
                  L.GaussianNoise(0.3, seed=9), L.GaussianDropout(0.3, seed=9),
                  L.AlphaDropout(0.3, seed=9), L.SpatialDropout2D(0.5, seed=9),
                  L.SpatialDropout1D(0.5, seed=9), L.SpatialDropout3D(0.5, seed=9)):
        xin = x.reshape(2, 12, 5) if "1D" in type(layer).__name__ else \
            x.reshape(2, 3, 2, 2, 5) if "3D" in type(layer).__name__ else x
        out += [layer(xin, training=True), layer(xin, training=True)]
    return out


def _augmenters(keras, seed):
    L = keras.layers
    return [L.RandomFlip("horizontal_and_vertical", seed=seed), L.RandomFlip("vertical", seed=seed),
            L.RandomRotation(0.2, seed=seed), L.RandomRotation(0.3, "constant", "nearest",
                                                                 seed=seed),
            L.RandomZoom(0.3, seed=seed), L.RandomZoom((-0.2, 0.1), (0.1, 0.3), "nearest",
                                                       seed=seed),
            L.RandomTranslation(0.2, 0.3, seed=seed),
            L.RandomTranslation((-0.1, 0.2), 0.1, "constant", "nearest", seed=seed),
            L.RandomContrast(0.4, seed=seed), L.RandomBrightness(0.3, seed=seed),
            L.RandomBrightness((-0.2, 0.4), (0, 1), seed=seed),
            L.RandomCrop(3, 4, seed=seed)]


def augmentation_layers(tf, keras):
    out = []
    for seed in (5, 1234):
        for layer in _augmenters(keras, seed):
            out += [layer(IMG, training=True), layer(IMG * 255.0, training=True)]
    return out


def augmentation_layers_more(tf, keras):
    L = keras.layers
    out = []
    for make in (lambda: L.RandomHue(0.3, (0, 1), seed=3),
                 lambda: L.RandomSaturation(0.4, (0, 1), seed=3),
                 lambda: L.RandomGrayscale(0.5, seed=3),
                 lambda: L.RandomShear(0.2, 0.3, seed=3),
                 lambda: L.RandomColorDegeneration(0.4, (0, 1), seed=3),
                 lambda: L.RandomSharpness(0.4, (0, 1), seed=3),
                 lambda: L.RandomPosterization((1, 8), (0, 255), seed=3),
                 lambda: L.RandomInvert(0.5, (0, 1), seed=3),
                 lambda: L.RandomErasing(1.0, (0.1, 0.4), seed=3, value_range=(0, 1)),
                 lambda: L.RandomGaussianBlur(1.0, 1.0, seed=3, value_range=(0, 1)),
                 lambda: L.RandomPerspective(1.0, 0.3, seed=3),
                 lambda: L.Solarization(0.5, 0.5, (0, 1), seed=3),
                 lambda: L.MixUp(0.2, seed=3), lambda: L.CutMix(1.0, seed=3),
                 lambda: L.RandAugment((0, 1), num_ops=2, seed=3),
                 lambda: L.AugMix((0, 1), seed=3),
                 lambda: L.RandomColorJitter((0, 1), 0.2, 0.3, 0.3, 0.1, seed=3),
                 lambda: L.RandomElasticTransform(1.0, 1.0, value_range=(0, 1), seed=3),
                 lambda: L.Pipeline([L.RandomFlip(seed=3), L.RandomContrast(0.2, seed=3)])):
        layer = make()
        random.seed(13)  # (AugMix picks its chains' layers with Python's global random)
        out += [_try(lambda: layer(IMG, training=True)), _try(lambda: layer(IMG, training=True))]
    return out


def augmentation_inputs(tf, keras):
    """Unbatched, uint8 and traced inputs, other fill modes, a Sequential of augmenters,
    and augmenters mapped over a dataset."""
    L = keras.layers
    img8 = np.round(IMG * 255).astype("uint8")
    out = []
    for layer in (L.RandomFlip(seed=2), L.RandomRotation(0.25, "reflect", seed=2),
                  L.RandomZoom(0.2, fill_mode="wrap", seed=2),
                  L.RandomTranslation(0.2, 0.2, "nearest", seed=2),
                  L.RandomContrast(0.3, seed=2), L.RandomBrightness(0.2, seed=2),
                  L.RandomCrop(4, 4, seed=2)):
        out += [_try(lambda: layer(IMG[0], training=True)),
                _try(lambda: layer(img8, training=True))]
    seq = keras.Sequential([L.RandomFlip(seed=4), L.RandomRotation(0.1, seed=4),
                            L.RandomZoom(0.1, seed=4)])
    out += [seq(IMG, training=True), seq(IMG, training=True)]
    traced = L.RandomRotation(0.2, seed=6)
    f = tf.function(lambda x: traced(x, training=True))
    out += [f(IMG), f(IMG)]
    flip = L.RandomFlip(seed=8)
    ds = tf.data.Dataset.from_tensor_slices(IMG).batch(1).map(lambda x: flip(x, training=True))
    return out + [_elements(ds), _elements(ds)]


def small_solves(tf, keras):
    """MatrixSolve and MatrixInverse of the small real matrices Keras's perspective warps
    (8 x 8) and box transforms (3 x 3) solve, up to 8 float / 4 double rows (every size
    small_solve_cases.py has: 1-20), adjoint or not, with a NaN and a denormal pivot (TF's
    threads read it as 0)."""
    out = []
    for d, top in ((tf.float32, 8), (tf.float64, 4)):
        for n in range(1, top + 1):
            a = tf.random.stateless_normal([3, n, n], [n, 1], dtype=d)
            b = tf.random.stateless_normal([3, n, 2], [n, 2], dtype=d)
            out += [tf.linalg.solve(a, b), tf.linalg.solve(a, b, adjoint=True),
                    tf.linalg.inv(a), tf.linalg.inv(a, adjoint=True)]
    nan = tf.constant([[1.0, 2.0, 0.5], [float("nan"), 1.0, 3.0], [2.0, -1.0, 1.0]])
    tiny = tf.constant([[1e-40, 1.0], [1.0, 1e-2]])
    return out + [_try(lambda: tf.linalg.inv(nan)), _try(lambda: tf.linalg.inv(tiny)),
                  _try(lambda: tf.linalg.inv(tf.constant([[1e-40, 0.0], [0.0, 1.0]])))]


def qr_bits(tf, keras):
    """Qr of the tall matrices Orthogonal factors below 48 columns (TF's unblocked Eigen
    HouseholderQR), reduced and full, float and double, one column, more than 128 rows
    (its sums in passes), batches, and a matrix holding a NaN."""
    out = []
    for i, (shape, d) in enumerate((((3, 1, 1), tf.float32), ((2, 7, 7), tf.float64),
                                    ((2, 9, 4), tf.float32), ((33, 17), tf.float32),
                                    ((130, 5), tf.float32), ((200, 47), tf.float32),
                                    ((150, 10), tf.float64), ((40, 1), tf.float32),
                                    ((17, 16), tf.float64))):
        a = tf.random.stateless_normal(shape, [i, 5], dtype=d)
        for full in (False, True):
            out += list(tf.linalg.qr(a, full_matrices=full))
    nan = tf.constant([[1.0, 2.0], [float("nan"), 1.0], [2.0, -1.0]])
    return out + list(tf.linalg.qr(nan)) + list(tf.linalg.qr(nan, full_matrices=True))


# -- tf.image -----------------------------------------------------------------------------

def image_stateless(tf, keras):
    out = []
    img = tf.constant(IMG)
    for seed in ((1, 2), (0, 0), (-1, 7), (123456789, 987654321)):
        Im = tf.image
        out += [Im.stateless_random_flip_left_right(img, seed),
                Im.stateless_random_flip_up_down(img, seed),
                Im.stateless_random_flip_left_right(img[0], seed),
                Im.stateless_random_brightness(img, 0.3, seed),
                Im.stateless_random_contrast(img, 0.2, 1.8, seed),
                Im.stateless_random_hue(img, 0.3, seed),
                Im.stateless_random_saturation(img, 0.5, 1.5, seed),
                Im.stateless_random_crop(img, [2, 3, 4, 3], seed),
                Im.stateless_random_crop(img[0], [2, 2, 3], seed)]
        out += list(Im.stateless_sample_distorted_bounding_box(
            [40, 50, 3], tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), seed,
            min_object_covered=0.3))
    return out


def image_op_seeded(tf, keras):
    img = tf.constant(IMG)
    out = []
    for gseed in (3, 1234):
        tf.random.set_seed(gseed)
        Im = tf.image
        out += [Im.random_flip_left_right(img, seed=5), Im.random_flip_up_down(img, seed=5),
                Im.random_flip_left_right(img[0], seed=6), Im.random_brightness(img, 0.3, seed=7),
                Im.random_contrast(img, 0.2, 1.8, seed=8), Im.random_hue(img, 0.2, seed=9),
                Im.random_saturation(img, 0.5, 1.5, seed=10),
                Im.random_crop(img, [2, 3, 4, 3], seed=11), Im.random_flip_left_right(img),
                Im.random_brightness(img, 0.1)]
        out += list(Im.sample_distorted_bounding_box(
            [40, 50, 3], tf.constant([[[0.1, 0.2, 0.6, 0.7]]]), seed=12,
            min_object_covered=0.3))
    tf.random.set_seed(5)
    f = tf.function(lambda x: [tf.image.random_flip_left_right(x, seed=1),
                               tf.image.random_brightness(x, 0.2, seed=2),
                               tf.image.random_crop(x, [1, 2, 2, 3], seed=3)])
    return out + f(img) + f(img)


def tf_nn_draws(tf, keras):
    x = tf.reshape(tf.range(1.0, 25.0), [4, 6])
    tf.random.set_seed(3)
    out = [tf.nn.dropout(x, 0.3, seed=1), tf.nn.dropout(x, 0.5, noise_shape=[4, 1], seed=1),
           tf.function(lambda: tf.nn.dropout(x, 0.3, seed=2))(),
           tf.nn.experimental.stateless_dropout(x, 0.4, seed=[1, 2]),
           tf.random.stateless_parameterized_truncated_normal([5], [3, 4], 0.0, 1.0, -1.0, 2.0),
           tf.random.experimental.stateless_fold_in([1, 2], 7),
           tf.random.experimental.stateless_split([1, 2], 3)]
    true = tf.constant([[1, 3], [2, 4]], tf.int64)
    for sampler in (lambda: tf.random.uniform_candidate_sampler(true, 2, 4, True, 10, seed=5),
                    lambda: tf.random.log_uniform_candidate_sampler(true, 2, 4, False, 10,
                                                                    seed=5),
                    lambda: tf.random.learned_unigram_candidate_sampler(true, 2, 4, True, 10,
                                                                        seed=5),
                    lambda: tf.random.fixed_unigram_candidate_sampler(
                        true, 2, 4, True, 10, unigrams=[1.0] * 5 + [3.0] * 5, seed=5),
                    lambda: tf.random.all_candidate_sampler(true, 2, 5, True, seed=5)):
        out += list(sampler())
    w, b = tf.reshape(tf.range(30.0) / 30.0, [10, 3]), tf.zeros([10])
    inputs = tf.reshape(tf.range(6.0) / 6.0, [2, 3])
    return out + [tf.nn.sampled_softmax_loss(w, b, true[:, :1], inputs, 4, 10, seed=6)]


# -- tf.data -----------------------------------------------------------------------------

def _elements(ds):
    return np.concatenate([np.ravel(np.asarray(x)) for x in ds])


def data_sampling(tf, keras):
    D = tf.data.Dataset
    a, b, c = D.range(0, 10), D.range(100, 110), D.range(200, 205)
    out = [_elements(D.sample_from_datasets([a, b], seed=4)),
           _elements(D.sample_from_datasets([a, b, c], [0.2, 0.5, 0.3], seed=9)),
           _elements(D.sample_from_datasets([a, b], [0.9, 0.1], seed=9,
                                            stop_on_empty_dataset=True)),
           _elements(D.choose_from_datasets([a, b], D.range(3).repeat(2).map(
               lambda i: i % 2)))]
    tf.random.set_seed(6)
    out += [_elements(D.sample_from_datasets([a, b]))]
    return out


def data_shuffles(tf, keras):
    D = tf.data.Dataset
    out = [_elements(D.range(12).shuffle(5, seed=3).batch(5)),
           _elements(D.range(30).batch(4).shuffle(3, seed=5)),
           _elements(D.random(seed=7).take(4)), _elements(D.random(seed=-3).take(3)),
           _elements(D.range(8).shuffle(8, seed=2**40 + 1))]
    tf.random.set_seed(77)
    out += [_elements(D.range(8).shuffle(8, seed=2)), _elements(D.random().take(3)),
            _elements(D.range(5).map(lambda x: tf.random.stateless_uniform([], [x, 3]))),
            _elements(D.range(4).map(lambda x: tf.random.uniform([], seed=1)))]
    return out


CASES = {f.__name__: f for f in (
    keras_random_int_seeds, keras_random_seed_generator, keras_random_in_function,
    keras_random_traced_int_seeds, keras_random_global_seed, keras_random_dtypes,
    layers_traced, rnn_dropout_masks, fit_shuffle_order, keras_utils_draws,
    mixed_precision_layers, tf_nn_draws, initializers_seeded, initializer_repeats,
    layer_kernels, noise_layers, augmentation_layers, augmentation_layers_more,
    augmentation_inputs, small_solves, qr_bits, image_stateless, image_op_seeded,
    data_sampling, data_shuffles)}


def _encode(value):
    return {"error": value} if isinstance(value, str) else encode(value)


def run(tf, keras, name) -> list:
    """Case `name`'s values, each encoded, each case without a global seed at its start."""
    tf.random.set_seed(None)
    try:
        return [_encode(v) for v in CASES[name](tf, keras)]
    finally:
        tf.random.set_seed(None)
