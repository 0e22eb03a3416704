"""kprobe32's snippets at the edges of the other case files' programs: augmentation layers
with bounding boxes and labels mapped over tf.data, ragged and unbatched boxes, boxes as
Python lists, uint8 images traced (a tf.data map, a tf.function), an augmenting model
trained with fit, SeedGenerator-driven layers saved and reloaded, and keras.random inside
tf.data maps and stateless calls, segmentation masks through the geometric layers and the
policy layers (RandAugment, AugMix, CLAHE, MaxNumBoundingBoxes) seeded (see cases.py)."""

from tests.keras.kprobe32.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["boxes_dict_over_tf_data"] = _TRY + """
boxes = np.array([[[1.0, 1.0, 4.0, 3.0], [0.0, 2.0, 2.0, 6.0]]] * 2, "float32")
labels = np.array([[1, 2]] * 2, "int32")
ds = tf.data.Dataset.from_tensor_slices({"images": IMG, "bounding_boxes": {"boxes": boxes,
    "labels": labels}})
flip = layers.RandomFlip("horizontal", seed=21, bounding_box_format="xyxy")
crop = layers.CenterCrop(4, 4, bounding_box_format="xyxy")
out = ds.batch(2).map(lambda d: crop(flip(d, training=True)))
print(out.element_spec)
for d in out:
    img4("img", lambda: d["images"])
    print(r4(d["bounding_boxes"]["boxes"]), d["bounding_boxes"]["labels"].numpy().tolist())
one = ds.map(lambda d: flip(d, training=True)).batch(2)
for d in one:
    print("unbatched", r4(d["bounding_boxes"]["boxes"]))
"""

SNIPPETS["boxes_unbatched_ragged_and_lists"] = _TRY + """
flip = layers.RandomFlip("horizontal_and_vertical", seed=22, bounding_box_format="xyxy")
single = {"images": IMG[0], "bounding_boxes": {"boxes": np.array([[1.0, 1.0, 4.0, 3.0]], "float32"),
                                               "labels": np.array([3], "int32")}}
out = flip(single, training=True)
print(tuple(out["images"].shape), r4(out["bounding_boxes"]["boxes"]),
    np.asarray(out["bounding_boxes"]["labels"]).tolist())
rag = {"images": tf.constant(IMG), "bounding_boxes": {"boxes": tf.ragged.constant([[[1.0, 1.0,
    4.0, 3.0]], [[0.0, 2.0, 2.0, 6.0], [1.0, 1.0, 2.0, 2.0]]], ragged_rank=1),
                                         "labels": tf.ragged.constant([[1], [2, 3]])}}
out = layers.RandomFlip("horizontal", seed=22, bounding_box_format="xyxy")(rag, training=True)
print(r4(out["bounding_boxes"]["boxes"]), np.asarray(out["bounding_boxes"]["labels"]).tolist())
bad = {"images": IMG, "bounding_boxes": {"boxes": np.zeros((2, 1, 4), "float32")}}
tryp("no_labels", lambda: layers.RandomFlip(seed=1, bounding_box_format="xyxy")(bad, training=True))
bad_rank = {"images": IMG, "bounding_boxes": {"boxes": np.zeros((2, 1, 1, 4), "float32"),
    "labels": np.zeros((2, 1), "int32")}}
tryp("bad_rank", lambda: layers.RandomFlip(seed=1, bounding_box_format="xyxy")(bad_rank,
    training=True))
"""

SNIPPETS["boxes_as_python_lists"] = _TRY + """
lists = {"images": tf.constant(IMG), "bounding_boxes": {"boxes": [[[1.0, 1.0, 4.0, 3.0]], [[0.0,
    2.0, 2.0, 6.0]]], "labels": [[1], [2]]}}
tryp("lists", lambda: r4(layers.RandomFlip(seed=1, bounding_box_format="xyxy")(lists,
    training=True)["bounding_boxes"]["boxes"]))
tryp("lists_center", lambda: r4(layers.CenterCrop(4, 4,
    bounding_box_format="xyxy")(lists)["bounding_boxes"]["boxes"]))
tryp("lists_np_images", lambda: layers.CenterCrop(4, 4,
    bounding_box_format="xyxy")({"images": IMG, "bounding_boxes": lists["bounding_boxes"]}))
"""

SNIPPETS["uint8_images_traced_become_float"] = _TRY + """
u8 = IMG.astype("uint8")
for lay in [layers.Resizing(3, 3), layers.RandomContrast(0.3, seed=25), layers.RandomFlip(seed=25),
            layers.CenterCrop(3, 3), layers.RandomRotation(0.1,
                seed=25), layers.RandomGrayscale(1.0, seed=25)]:
    ds = tf.data.Dataset.from_tensors(u8).map(lambda x: lay(x))
    f = tf.function(lambda x: lay(x))
    print(type(lay).__name__, ds.element_spec.dtype.name, f(tf.constant(u8)).dtype.name)
    img4(" eager", lambda: lay(u8))
d = {"images": u8, "labels": np.array([1, 2], "int32")}
flip = layers.RandomFlip(seed=25)
out = tf.function(lambda d: flip(d, training=True))(d)
print({k: v.dtype.name for k, v in sorted(out.items())})
boxes = tf.ragged.constant([[[1.0, 1.0, 4.0, 3.0]], [[0.0, 2.0, 2.0, 6.0], [1.0, 1.0, 2.0, 2.0]]],
                           ragged_rank=1)
rag = {"images": tf.constant(IMG), "bounding_boxes": {"boxes": boxes,
                                                      "labels": tf.ragged.constant([[1], [2, 3]])}}
bflip = layers.RandomFlip("horizontal", seed=22, bounding_box_format="xyxy")
out = tf.function(lambda d: bflip(d, training=True))(rag)["bounding_boxes"]
print(r4(out["boxes"]), out["labels"].dtype.name, r4(out["labels"]))
"""

SNIPPETS["augmenting_model_fit"] = _TRY + """
xs = IMG / 255.0
ys = np.array([[1.0], [0.0]], "float32")
m = keras.Sequential([keras.Input((6, 6, 3)), layers.RandomFlip(seed=23),
    layers.RandomRotation(0.1, seed=23),
                      layers.RandomZoom(0.1, seed=23), layers.Conv2D(2,
                          3), layers.GlobalAveragePooling2D(),
                      layers.Dense(1)])
fill(m, 0.3)
m.compile(keras.optimizers.SGD(0.1), "mse")
print(logs4(m.fit(xs, ys, epochs=3, batch_size=2, verbose=0, shuffle=False)))
print(r4(m.predict(xs, verbose=0)[:, 0]), r4(m.evaluate(xs, ys, verbose=0)))
print([v.path for v in m.non_trainable_variables])
print(m.layers[1].generator.state.numpy().tolist())
"""

SNIPPETS["augmentation_model_saved_and_reloaded"] = _TRY + """
m = keras.Sequential([keras.Input((6, 6, 3)), layers.RandomContrast(0.3, seed=24),
    layers.RandomTranslation(0.1, 0.1, seed=24),
                      layers.Rescaling(1 / 255.0), layers.Flatten(), layers.Dense(2)])
fill(m, 0.1)
m(IMG, training=True)
m.save("aug.keras")
n = keras.models.load_model("aug.keras")
print([type(l).__name__ for l in n.layers], [l.get_config().get("seed") for l in n.layers[:2]])
print(r4(n.predict(IMG, verbose=0)), bool(np.allclose(m.predict(IMG, verbose=0), n.predict(IMG,
    verbose=0))))
print([int(v) for v in np.asarray(n.layers[0].generator.state)],
    [int(v) for v in np.asarray(m.layers[0].generator.state)])
img4("reloaded_train", lambda: n.layers[0](IMG, training=True))
"""

SNIPPETS["random_ops_in_tf_data_map"] = _TRY + """
R = keras.random
ds = tf.data.Dataset.range(4).map(lambda i: R.uniform((2,), seed=7) + tf.cast(i, "float32"))
print([r4(v) for v in ds])
g = R.SeedGenerator(3)
ds2 = tf.data.Dataset.range(3).map(lambda i: R.normal((2,), seed=g))
tryp("generator_in_map", lambda: [r4(v) for v in ds2])
drop = layers.Dropout(0.5, seed=9)
ds3 = tf.data.Dataset.from_tensors(np.ones((2, 4), "float32")).repeat(2).map(lambda x: drop(x,
    training=True))
print([np.asarray(v).tolist() for v in ds3])
"""

SNIPPETS["random_in_traced_layers_stateless"] = _TRY + """
class Noisy(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.gen = keras.random.SeedGenerator(31)
    def call(self, x):
        return x + keras.random.normal(keras.ops.shape(x), stddev=0.1, seed=self.gen)
lay = Noisy()
x = np.zeros((2, 3), "float32")
a = lay(x)
b = lay(x)
print(r4(a), r4(b), [int(v) for v in np.asarray(lay.gen.state)])
f = tf.function(lambda t: lay(t))
c = f(x)
d = f(x)
print(r4(c), bool(np.allclose(c, d)), [int(v) for v in np.asarray(lay.gen.state)])
vals = [v.value for v in lay.variables]
out, new = lay.stateless_call([], vals, x)
print(r4(out), [np.asarray(v).tolist() for v in new], [int(v) for v in np.asarray(lay.gen.state)])
"""

SNIPPETS["segmentation_masks_and_policy_layers"] = _TRY + """
masks = (IMG[..., :1] > 127).astype("float32")
for lay in [layers.RandomFlip(seed=26), layers.RandomRotation(0.2, seed=26),
            layers.RandomCrop(4, 4, seed=26), layers.RandomZoom(0.2, seed=26),
            layers.CenterCrop(4, 4), layers.Resizing(3, 3)]:
    try:
        out = lay({"images": IMG, "segmentation_masks": masks}, training=True)
        img4(type(lay).__name__, lambda: out["segmentation_masks"])
    except Exception as e:
        print(type(lay).__name__, type(e).__name__, str(e)[:120])
img4("randaugment", lambda: layers.RandAugment(value_range=(0, 255), num_ops=2, factor=0.5,
                                               seed=26)(IMG, training=True))
img4("augmix", lambda: layers.AugMix(value_range=(0, 255), seed=26)(IMG, training=True))
img4("degenerate", lambda: layers.RandomColorDegeneration(0.5, seed=26)(IMG, training=True))
img4("clahe", lambda: layers.ContrastLimitedAdaptiveHistogramEqualization(
    value_range=(0, 255), tile_grid_size=(2, 2))(np.floor(IMG)))
boxes = {"boxes": np.array([[[1.0, 1.0, 4.0, 3.0], [0.0, 2.0, 2.0, 6.0]]] * 2, "float32"),
         "labels": np.array([[1, 2]] * 2, "int32")}
mx = layers.MaxNumBoundingBoxes(max_number=3, bounding_box_format="xyxy")
out = mx({"images": IMG, "bounding_boxes": boxes})
print(r4(out["bounding_boxes"]["boxes"][0]), np.asarray(out["bounding_boxes"]["labels"]).tolist())
"""
