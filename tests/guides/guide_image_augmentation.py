# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Images as TF's "Data augmentation" and "Image classification" tutorials handle them, on a
# small seeded synthetic image set: Keras preprocessing layers (Resizing, Rescaling,
# RandomFlip, RandomRotation, ...) in a model and in a dataset's map, and the tf.image
# functions (flips, grayscale, saturation, brightness, crops, rotation, stateless random
# ops) with their shapes, dtypes and values.
import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers

rng = np.random.default_rng(3)
images = rng.integers(0, 256, size=(6, 20, 24, 3)).astype("uint8")
labels = np.array([0, 1, 2, 0, 1, 2])
image = tf.constant(images[0])
print(image.dtype, image.shape)

IMG_SIZE = 12
resize_and_rescale = keras.Sequential([
    layers.Resizing(IMG_SIZE, IMG_SIZE),
    layers.Rescaling(1. / 255)
])
result = resize_and_rescale(images[:1])
print(result.shape, result.dtype)
print("Min and max pixel values:", result.numpy().min(), result.numpy().max())
print(np.round(result.numpy()[0, :2, :2, 0], 5))

try:
    resize_and_rescale.build((None, 20, 24, 3))
except ValueError as e:
    print(type(e).__name__, e)
print([type(l).__name__ for l in resize_and_rescale.layers])
print(resize_and_rescale.layers[0].get_config())
print(resize_and_rescale.layers[1].get_config())

for interp in ["nearest", "bilinear", "bicubic", "area", "lanczos3", "gaussian", "mitchellcubic"]:
    try:
        r = layers.Resizing(7, 9, interpolation=interp)(images[:2].astype("float32"))
        print(interp, r.shape, np.round(float(tf.reduce_sum(r)), 0), np.round(r.numpy()[1, 3, 4], 3))
    except ValueError as e:
        print(interp, type(e).__name__, e)
r = layers.Resizing(10, 10, crop_to_aspect_ratio=True)(images[:1].astype("float32"))
print(r.shape, np.round(r.numpy()[0, 0, :3, 1], 3))
r = layers.Resizing(10, 10, pad_to_aspect_ratio=True, fill_value=0.5)(images[:1].astype("float32"))
print(r.shape, np.round(r.numpy()[0, :2, 0, 1], 3))

data_augmentation = keras.Sequential([
    layers.RandomFlip("horizontal_and_vertical", seed=1),
    layers.RandomRotation(0.2, seed=2),
])
aug = data_augmentation(tf.cast(tf.expand_dims(image, 0), tf.float32), training=True)
print(aug.shape, aug.dtype)
same = data_augmentation(tf.cast(tf.expand_dims(image, 0), tf.float32), training=False)
print(bool(tf.reduce_all(same == tf.cast(image, tf.float32))))
for l in data_augmentation.layers:
    cfg = l.get_config()
    print(type(l).__name__, {k: cfg[k] for k in sorted(cfg) if k not in ("dtype",)})

model = keras.Sequential([
    keras.Input((20, 24, 3)),
    resize_and_rescale,
    layers.Conv2D(4, 3, padding="same", activation="relu"),
    layers.MaxPooling2D(),
    layers.Flatten(),
    layers.Dense(3),
])
model.summary()
print(model.output_shape, model.count_params())

ds = tf.data.Dataset.from_tensor_slices((images, labels))
AUTOTUNE = tf.data.AUTOTUNE


rr = keras.Sequential([layers.Resizing(IMG_SIZE, IMG_SIZE), layers.Rescaling(1. / 255)])


def prepare(ds, shuffle=False, augment=False):
    ds = ds.map(lambda x, y: (rr(x), y), num_parallel_calls=AUTOTUNE)
    if shuffle:
        ds = ds.shuffle(1000, seed=0)
    ds = ds.batch(4)
    if augment:
        ds = ds.map(lambda x, y: (data_augmentation(x, training=True), y), num_parallel_calls=AUTOTUNE)
    return ds.prefetch(buffer_size=AUTOTUNE)


train_ds = prepare(ds, shuffle=True, augment=True)
print(train_ds.element_spec)
for x, y in train_ds:
    print(x.shape, y.numpy().tolist() if False else y.shape)

# tf.image functions
x = tf.constant(images[1].astype("float32") / 255.0)
flipped = tf.image.flip_left_right(x)
print(bool(tf.reduce_all(flipped[:, ::-1] == x)))
grayscaled = tf.image.rgb_to_grayscale(x)
print(grayscaled.shape, np.round(grayscaled.numpy()[0, :3, 0], 5))
print(tf.squeeze(grayscaled).shape)
saturated = tf.image.adjust_saturation(x, 3)
print(np.round(saturated.numpy()[0, 0], 5))
bright = tf.image.adjust_brightness(x, 0.4)
print(np.round(bright.numpy()[0, 0], 5))
cropped = tf.image.central_crop(x, central_fraction=0.5)
print(cropped.shape, np.round(cropped.numpy()[0, 0], 5))
rotated = tf.image.rot90(x)
print(rotated.shape, bool(tf.reduce_all(rotated[0] == x[:, -1])))
print(np.round(tf.image.adjust_contrast(x, 2.0).numpy()[0, 0], 5))
print(np.round(tf.image.adjust_hue(x, 0.2).numpy()[0, 0], 5))
print(np.round(tf.image.adjust_gamma(x, 2.0, 1.5).numpy()[0, 0], 5))
print(np.round(tf.image.per_image_standardization(x).numpy()[0, 0], 4))
print(np.round(tf.image.rgb_to_hsv(x).numpy()[0, 0], 5))
print(np.round(tf.image.rgb_to_yuv(x).numpy()[0, 0], 5))
print(tf.image.convert_image_dtype(tf.constant(images[0]), tf.float32).numpy()[0, 0])
print(tf.image.convert_image_dtype(x, tf.uint8).numpy()[0, 0], tf.image.convert_image_dtype(x, tf.uint8, saturate=True).numpy()[0, 1])
print(tf.image.resize_with_crop_or_pad(x, 24, 20).shape, tf.image.resize_with_pad(x, 10, 10).shape)
print(np.round(tf.image.resize_with_pad(x, 10, 10).numpy()[:3, 0, 0], 5))
print(tf.image.crop_to_bounding_box(x, 2, 3, 5, 6).shape, tf.image.pad_to_bounding_box(x, 1, 2, 25, 30).shape)
print(np.round(tf.image.total_variation(x).numpy(), 3), np.round(tf.image.image_gradients(x[None])[0].numpy()[0, 0, 0], 5))
print(np.round(tf.image.psnr(x, bright, max_val=1.0).numpy(), 4), np.round(tf.image.ssim(x, saturated, max_val=1.0).numpy(), 4))
print(np.round(tf.image.sobel_edges(x[None]).numpy()[0, 1, 1, 0], 5))
for i in range(3):
    seed = (i, 0)
    stateless_random_brightness = tf.image.stateless_random_brightness(x, max_delta=0.95, seed=seed)
    sc = tf.image.stateless_random_contrast(x, lower=0.1, upper=0.9, seed=seed)
    sr = tf.image.stateless_random_crop(x, size=[10, 10, 3], seed=seed)
    sf = tf.image.stateless_random_flip_left_right(x, seed=seed)
    ss = tf.image.stateless_random_saturation(x, 0.5, 1.0, seed=seed)
    sj = tf.image.stateless_random_jpeg_quality(tf.image.convert_image_dtype(x, tf.uint8), 50, 90, seed=seed) if False else None
    print(i, np.round(stateless_random_brightness.numpy()[0, 0], 5), np.round(sc.numpy()[0, 0], 5),
          np.round(sr.numpy()[0, 0], 5), bool(tf.reduce_all(sf == x)), np.round(ss.numpy()[0, 0], 5))
boxes = tf.constant([[[0.1, 0.2, 0.6, 0.7]]])
print(np.round(tf.image.draw_bounding_boxes(x[None], boxes, [[1.0, 0.0, 0.0]]).numpy()[0, 2, 4:6], 5))
print(np.round(tf.image.crop_and_resize(x[None], [[0.1, 0.2, 0.6, 0.7]], [0], [4, 4]).numpy()[0, 1, 1], 5))
print(tf.image.extract_patches(x[None], [1, 4, 4, 1], [1, 4, 4, 1], [1, 1, 1, 1], "VALID").shape)

# errors
for f in [lambda: tf.image.central_crop(x, 0.0), lambda: tf.image.flip_left_right(tf.zeros([3])),
          lambda: tf.image.rgb_to_grayscale(tf.zeros([4, 4, 2])), lambda: tf.image.resize(x, [0, 4]),
          lambda: tf.image.crop_to_bounding_box(x, 0, 0, 30, 5), lambda: tf.image.adjust_saturation(tf.zeros([4, 4, 2]), 2.0),
          lambda: layers.RandomRotation(0.2)(tf.zeros([4])), lambda: layers.Resizing(3, 3, interpolation="cubic")]:
    try:
        r = f()
        print("ok", getattr(r, "shape", r))
    except Exception as e:
        print(type(e).__name__, str(e)[:300])

# inputs of the wrong rank: Keras reads some shapes before its rank check
for make in [lambda: layers.RandomRotation(0.2, seed=1), lambda: layers.RandomTranslation(0.1, 0.1, seed=1),
             lambda: layers.RandomPerspective(seed=1), lambda: layers.RandomCrop(2, 2, seed=1),
             lambda: layers.Resizing(3, 3), lambda: layers.RandomZoom(0.2, seed=1), lambda: layers.RandomFlip(seed=1)]:
    for shp in [(4,), (4, 4), (1, 2, 4, 4, 3)]:
        try:
            r = make()(np.ones(shp, "float32"), training=True)
            print(type(r).__name__, r.shape)
        except Exception as e:
            print(shp, type(e).__name__, [m for m in str(e).split("\n") if m.strip()][1])
for f in [lambda: tf.image.adjust_hue(tf.zeros([4, 3]), 0.1), lambda: tf.image.adjust_hue(tf.zeros([2, 4, 4, 5]), 0.1),
          lambda: tf.image.adjust_saturation(tf.zeros([4, 4, 2], tf.uint8), 2.0), lambda: tf.image.adjust_saturation(x, [2.0, 1.0]),
          lambda: tf.image.adjust_saturation(tf.zeros([0, 4, 3]), 2.0)]:
    try:
        r = f()
        print("ok", r.shape, r.dtype)
    except Exception as e:
        print(type(e).__name__, str(e))
m = keras.Sequential([keras.Input((4,)), layers.Dense(2)])
for s in [(None, 4), [None, 4], (3, 4), tf.TensorShape([None, 4])]:
    try:
        m.build(s)
        print("built", m.input_shape)
    except ValueError as e:
        print(type(e).__name__, e)
