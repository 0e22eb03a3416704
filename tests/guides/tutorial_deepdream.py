# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "DeepDream" tutorial on a seeded image and a small model built here (InceptionV3
weights=None at its smallest input, for its layer names; a small conv net as the dream
model): deprocess, the feature-extraction model over named layers, calc_loss, the
DeepDream tf.Module with an input_signature'd tf.function (a tf.range loop, gradient
normalization, clip_by_value), octaves with tf.image.resize, random_roll and the tiled
gradients of TiledGradients (tf.roll, tf.range over tiles, a watched tape), and the
converted uint8 image."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(29)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(29)


def r(x, n=3):
    return np.round(np.asarray(x, dtype=np.float64), n)


original_img = rng.integers(0, 256, size=(40, 48, 3)).astype("uint8")
print(original_img.shape, original_img.dtype)


def deprocess(img):
    img = 255 * (img + 1.0) / 2.0
    return tf.cast(img, tf.uint8)


inception = tf.keras.applications.InceptionV3(include_top=False, weights=None, input_shape=(75, 75, 3))
print(inception.name, len(inception.layers), inception.output_shape)
print([inception.get_layer(name).output.shape for name in ["mixed3", "mixed5"]])
print(r(tf.keras.applications.inception_v3.preprocess_input(np.array([0.0, 127.5, 255.0], "float32"))))

inp = keras.Input((None, None, 3))
x = layers.Conv2D(6, 3, padding="same", activation="relu", name="mixed3")(inp)
x = layers.Conv2D(8, 3, strides=2, padding="same", activation="relu", name="mixed5")(x)
base_model = keras.Model(inp, x)
names = ["mixed3", "mixed5"]
layers_out = [base_model.get_layer(name).output for name in names]
dream_model = tf.keras.Model(inputs=base_model.input, outputs=layers_out)
print([t.shape for t in dream_model.outputs])


def calc_loss(img, model):
    img_batch = tf.expand_dims(img, axis=0)
    layer_activations = model(img_batch)
    if len(layer_activations) == 1:
        layer_activations = [layer_activations]
    losses = []
    for act in layer_activations:
        loss = tf.math.reduce_mean(act)
        losses.append(loss)
    return tf.reduce_sum(losses)


class DeepDream(tf.Module):
    def __init__(self, model):
        self.model = model

    @tf.function(
        input_signature=(
            tf.TensorSpec(shape=[None, None, 3], dtype=tf.float32),
            tf.TensorSpec(shape=[], dtype=tf.int32),
            tf.TensorSpec(shape=[], dtype=tf.float32),
        )
    )
    def __call__(self, img, steps, step_size):
        print("Tracing")
        loss = tf.constant(0.0)
        for n in tf.range(steps):
            with tf.GradientTape() as tape:
                tape.watch(img)
                loss = calc_loss(img, self.model)
            gradients = tape.gradient(loss, img)
            gradients /= tf.math.reduce_std(gradients) + 1e-8
            img = img + gradients * step_size
            img = tf.clip_by_value(img, -1, 1)
        return loss, img


deepdream = DeepDream(dream_model)


def run_deep_dream_simple(img, steps=100, step_size=0.01):
    img = tf.keras.applications.inception_v3.preprocess_input(img)
    img = tf.convert_to_tensor(img)
    step_size = tf.convert_to_tensor(step_size)
    steps_remaining = steps
    step = 0
    while steps_remaining:
        if steps_remaining > 100:
            run_steps = tf.constant(100)
        else:
            run_steps = tf.constant(steps_remaining)
        steps_remaining -= run_steps
        step += run_steps
        loss, img = deepdream(img, run_steps, tf.constant(step_size))
        print("Step {}, loss {:.2f}".format(step, loss) != "")
    result = deprocess(img)
    return result


dream_img = run_deep_dream_simple(img=original_img.astype("float32"), steps=30, step_size=0.01)
print(dream_img.shape, dream_img.dtype)
print(deepdream.__call__.experimental_get_tracing_count())
print(len(deepdream.__call__.get_concrete_function().structured_input_signature[0]))

# -- octaves
OCTAVE_SCALE = 1.30
img = tf.constant(np.array(original_img))
base_shape = tf.shape(img)[:-1]
float_base_shape = tf.cast(base_shape, tf.float32)
shapes = []
for n in range(-2, 3):
    new_shape = tf.cast(float_base_shape * (OCTAVE_SCALE ** n), tf.int32)
    shapes.append(tuple(new_shape.numpy()))
    img = tf.image.resize(img, new_shape).numpy()
    img = run_deep_dream_simple(img=img, steps=5, step_size=0.01)
print(shapes)
img = tf.image.resize(img, base_shape)
img = tf.image.convert_image_dtype(img / 255.0, dtype=tf.uint8)
print(img.shape, img.dtype)
print(tf.image.convert_image_dtype(tf.constant([0.0, 0.5, 1.0]), tf.uint8))
print(tf.image.convert_image_dtype(tf.constant([0, 128, 255], tf.uint8), tf.float32))
print(tf.image.convert_image_dtype(tf.constant([1.5, -0.5]), tf.uint8, saturate=True))
print(deepdream.__call__.experimental_get_tracing_count())


# -- scaling up with tiles
def random_roll(img, maxroll):
    shift = tf.random.uniform(shape=[2], minval=-maxroll, maxval=maxroll, dtype=tf.int32, seed=7)
    img_rolled = tf.roll(img, shift=shift, axis=[0, 1])
    return shift, img_rolled


print(tf.roll(tf.reshape(tf.range(12), (3, 4)), shift=[1, -1], axis=[0, 1]))
print(tf.roll(tf.range(5), shift=7, axis=0))
shift, img_rolled = random_roll(np.array(original_img), 16)
print(shift.shape, shift.dtype, img_rolled.shape)
print(bool(np.array_equal(tf.roll(img_rolled, -shift, axis=[0, 1]), original_img)))


class TiledGradients(tf.Module):
    def __init__(self, model):
        self.model = model

    @tf.function(
        input_signature=(
            tf.TensorSpec(shape=[None, None, 3], dtype=tf.float32),
            tf.TensorSpec(shape=[2], dtype=tf.int32),
            tf.TensorSpec(shape=[], dtype=tf.int32),
        )
    )
    def __call__(self, img, img_size, tile_size=16):
        shift, img_rolled = random_roll(img, tile_size)
        gradients = tf.zeros_like(img_rolled)
        xs = tf.range(0, img_size[1], tile_size)[:-1]
        if not tf.cast(len(xs), bool):
            xs = tf.constant([0])
        ys = tf.range(0, img_size[0], tile_size)[:-1]
        if not tf.cast(len(ys), bool):
            ys = tf.constant([0])
        for x in xs:
            for y in ys:
                with tf.GradientTape() as tape:
                    tape.watch(img_rolled)
                    img_tile = img_rolled[y:y + tile_size, x:x + tile_size]
                    loss = calc_loss(img_tile, self.model)
                gradients = gradients + tape.gradient(loss, img_rolled)
        gradients = tf.roll(gradients, shift=-shift, axis=[0, 1])
        gradients /= tf.math.reduce_std(gradients) + 1e-8
        return gradients


get_tiled_gradients = TiledGradients(dream_model)
g = get_tiled_gradients(tf.constant(original_img, tf.float32) / 127.5 - 1, tf.constant([40, 48]), tf.constant(16))
print(g.shape, g.dtype, r(tf.math.reduce_std(g)))
g_small = get_tiled_gradients(tf.zeros((10, 10, 3)), tf.constant([10, 10]), tf.constant(16))
print(g_small.shape)


def run_deep_dream_with_octaves(img, steps_per_octave=4, step_size=0.01, octaves=range(-1, 2), octave_scale=1.3):
    base_shape = tf.shape(img)
    img = tf.keras.utils.img_to_array(img)
    img = tf.keras.applications.inception_v3.preprocess_input(img)
    initial_shape = img.shape[:-1]
    img = tf.image.resize(img, initial_shape)
    for octave in octaves:
        new_size = tf.cast(tf.convert_to_tensor(base_shape[:-1]), tf.float32) * (octave_scale ** octave)
        new_size = tf.cast(new_size, tf.int32)
        img = tf.image.resize(img, new_size)
        for step in range(steps_per_octave):
            gradients = get_tiled_gradients(img, new_size, tf.constant(16))
            img = img + gradients * step_size
            img = tf.clip_by_value(img, -1, 1)
    result = deprocess(img)
    return result


img = run_deep_dream_with_octaves(img=original_img, step_size=0.01)
img = tf.image.resize(img, tf.shape(original_img)[:-1])
img = tf.image.convert_image_dtype(img / 255.0, dtype=tf.uint8)
print(img.shape, img.dtype)
print(get_tiled_gradients.__call__.experimental_get_tracing_count())
print(keras.utils.img_to_array(original_img).dtype, keras.utils.img_to_array(original_img, dtype="uint8").dtype)
