"""kprobe32's snippets on Keras 3's image augmentation layers: seeded, called eagerly,
inside tf.function and mapped over tf.data; each fill_mode and interpolation of the
geometric ones, value_range, channels_first, bounding-box dicts with each
bounding_box_format, get_config/from_config round trips and the layers' errors (see
cases.py)."""

from tests.keras.kprobe32.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["random_rotation_fill_modes_interpolations"] = _TRY + """
for mode in ["reflect", "wrap", "constant", "nearest"]:
    for interp in ["bilinear", "nearest"]:
        lay = layers.RandomRotation(0.2, fill_mode=mode, interpolation=interp, seed=3,
                                    fill_value=7.0)
        img4(mode + "/" + interp, lambda: lay(IMG, training=True))
img4("inference", lambda: layers.RandomRotation(0.2, seed=3)(IMG, training=False))
tryp("bad_mode", lambda: layers.RandomRotation(0.2, fill_mode="mirror"))
tryp("bad_interp", lambda: layers.RandomRotation(0.2, interpolation="bicubic"))
tryp("bad_factor", lambda: layers.RandomRotation((0.3, 0.1)))
"""

SNIPPETS["random_zoom_fill_modes_and_factors"] = _TRY + """
for mode in ["reflect", "wrap", "constant", "nearest"]:
    lay = layers.RandomZoom(0.3, 0.2, fill_mode=mode, seed=5, fill_value=1.0)
    img4(mode, lambda: lay(IMG, training=True))
img4("height_only", lambda: layers.RandomZoom((-0.4, -0.1), seed=5)(IMG, training=True))
img4("nearest", lambda: layers.RandomZoom(0.5, interpolation="nearest", seed=2)(IMG, training=True))
tryp("bad_factor", lambda: layers.RandomZoom(1.5))
tryp("bad_width", lambda: layers.RandomZoom(0.1, width_factor=(-2.0, 0.1)))
print(sorted(layers.RandomZoom(0.2, seed=1).get_config().items()))
"""

SNIPPETS["random_contrast_brightness_value_range"] = _TRY + """
small = IMG / 255.0
img4("contrast", lambda: layers.RandomContrast(0.5, seed=4)(IMG, training=True))
img4("contrast_01", lambda: layers.RandomContrast(0.5, value_range=(0, 1), seed=4)(small,
    training=True))
img4("brightness", lambda: layers.RandomBrightness(0.3, seed=4)(IMG, training=True))
img4("brightness_01", lambda: layers.RandomBrightness((-0.2, 0.2), value_range=(0, 1),
    seed=4)(small, training=True))
tryp("contrast_bad", lambda: layers.RandomContrast(1.5))
tryp("brightness_bad", lambda: layers.RandomBrightness(2.0))
print(layers.RandomContrast(0.5, value_range=(0, 1)).get_config()["value_range"])
"""

SNIPPETS["random_translation_and_shear"] = _TRY + """
for mode in ["reflect", "wrap", "constant", "nearest"]:
    img4("translate_" + mode, lambda: layers.RandomTranslation(0.3, 0.2, fill_mode=mode,
                                                              seed=6)(IMG, training=True))
img4("shear_x", lambda: layers.RandomShear(x_factor=0.3, seed=6)(IMG, training=True))
img4("shear_xy", lambda: layers.RandomShear(x_factor=0.2, y_factor=0.4, fill_mode="constant",
                                          fill_value=9.0, seed=6)(IMG, training=True))
c = layers.RandomShear(x_factor=0.2, y_factor=(0.1, 0.3)).get_config()
print(c["x_factor"], c["y_factor"], c["fill_mode"], c["interpolation"])
"""

SNIPPETS["color_layers_seeded"] = _TRY + """
small = IMG / 255.0
img4("hue", lambda: layers.RandomHue(0.4, value_range=(0, 1), seed=8)(small, training=True))
img4("saturation", lambda: layers.RandomSaturation(0.5, value_range=(0, 1), seed=8)(small,
    training=True))
img4("grayscale", lambda: layers.RandomGrayscale(factor=1.0, seed=8)(IMG, training=True))
img4("grayscale_none", lambda: layers.RandomGrayscale(factor=0.0, seed=8)(IMG, training=True))
img4("invert", lambda: layers.RandomInvert(factor=1.0, value_range=(0, 255), seed=8)(IMG,
    training=True))
img4("posterize", lambda: layers.RandomPosterization(factor=(2, 4), value_range=(0, 255),
    seed=8)(IMG, training=True))
img4("sharpness", lambda: layers.RandomSharpness(0.6, value_range=(0, 255), seed=8)(IMG,
    training=True))
tryp("hue_bad", lambda: layers.RandomHue(1.5))
tryp("gray_bad", lambda: layers.RandomGrayscale(factor=1.5))
"""

SNIPPETS["color_jitter_and_solarization"] = _TRY + """
img4("jitter", lambda: layers.RandomColorJitter(value_range=(0, 255), brightness_factor=0.2,
                                              contrast_factor=0.3, saturation_factor=0.4,
                                              hue_factor=0.1, seed=9)(IMG, training=True))
img4("solarize", lambda: layers.Solarization(addition_factor=0.2, threshold_factor=0.5,
                                           value_range=(0, 255), seed=9)(IMG, training=True))
img4("solarize_plain", lambda: layers.Solarization(threshold_factor=(0.5, 0.5), value_range=(0,
    255))(IMG, training=True))
c = layers.RandomColorJitter(value_range=(0, 1), brightness_factor=0.2).get_config()
print(sorted(k for k in c), c["brightness_factor"], c["value_range"])
tryp("solarize_bad", lambda: layers.Solarization(addition_factor=2.0))
"""

SNIPPETS["equalization_autocontrast"] = _TRY + """
q = np.floor(IMG)
img4("equalize", lambda: layers.Equalization(value_range=(0, 255))(q, training=True))
img4("equalize_bins", lambda: layers.Equalization(value_range=(0, 255), bins=16)(q))
img4("autocontrast", lambda: layers.AutoContrast(value_range=(0, 255))(IMG))
img4("autocontrast_01", lambda: layers.AutoContrast(value_range=(0, 1))(IMG / 510.0 + 0.25))
flat = np.full((1, 3, 3, 1), 5.0, "float32")
img4("auto_flat", lambda: layers.AutoContrast(value_range=(0, 255))(flat))
print(layers.Equalization(value_range=(0, 1), bins=8).get_config()["bins"])
"""

SNIPPETS["erasing_blur_perspective_elastic"] = _TRY + """
img4("erase", lambda: layers.RandomErasing(factor=1.0, scale=(0.2, 0.4), fill_value=0.0,
                                         value_range=(0, 255), seed=11)(IMG, training=True))
img4("blur", lambda: layers.RandomGaussianBlur(factor=1.0, kernel_size=3, sigma=1.0,
                                             value_range=(0, 255), seed=11)(IMG, training=True))
img4("persp", lambda: layers.RandomPerspective(factor=1.0, scale=0.5, seed=11)(IMG, training=True))
img4("persp_nearest", lambda: layers.RandomPerspective(factor=1.0, scale=0.3,
    interpolation="nearest",
                                                     seed=11)(IMG, training=True))
img4("elastic", lambda: layers.RandomElasticTransform(factor=1.0, scale=0.5, value_range=(0, 255),
                                                     seed=11)(IMG, training=True))
for name in ["RandomErasing", "RandomGaussianBlur", "RandomPerspective", "RandomElasticTransform"]:
    c = getattr(layers, name)(seed=1).get_config()
    print(name, sorted(k for k in c if k not in ("name", "dtype", "trainable")))
"""

SNIPPETS["augmentations_inference_pass_through"] = _TRY + """
for name in ["RandomFlip", "RandomRotation", "RandomZoom", "RandomContrast", "RandomTranslation",
             "RandomBrightness", "RandomShear", "RandomHue", "RandomGrayscale", "RandomErasing",
             "RandomPerspective", "RandomSharpness", "RandomGaussianBlur", "RandomInvert"]:
    cls = getattr(layers, name)
    args = {"RandomFlip": (), "RandomShear": (), "RandomTranslation": (0.3, 0.3)}.get(name, (0.3,))
    kw = {"RandomShear": {"x_factor": 0.3}}.get(name, {})
    lay = cls(*args, seed=2, **kw)
    out = lay(IMG, training=False)
    print(name, bool(np.allclose(np.asarray(out), IMG)), keras.backend.standardize_dtype(out.dtype))
"""

SNIPPETS["augmentation_int_and_float16_inputs"] = _TRY + """
u8 = IMG.astype("uint8")
for lay in [layers.RandomFlip(seed=1), layers.RandomRotation(0.2, seed=1), layers.RandomZoom(0.2,
    seed=1),
            layers.RandomContrast(0.3, seed=1), layers.RandomBrightness(0.2, seed=1),
            layers.RandomCrop(4, 4, seed=1), layers.Rescaling(1 / 255.0), layers.Resizing(3, 3)]:
    img4(type(lay).__name__ + "_u8", lambda: lay(u8, training=True))
h = layers.RandomFlip(seed=1, dtype="float16")
img4("flip_f16", lambda: h(IMG.astype("float16"), training=True))
img4("rot_bf16", lambda: layers.RandomRotation(0.2, seed=1, dtype="bfloat16")(IMG, training=True))
"""

SNIPPETS["channels_first_augmentations"] = _TRY + """
cf = np.transpose(IMG, (0, 3, 1, 2))
for lay in [layers.RandomFlip("horizontal", seed=4, data_format="channels_first"),
            layers.RandomRotation(0.2, seed=4, data_format="channels_first"),
            layers.RandomZoom(0.2, seed=4, data_format="channels_first"),
            layers.RandomTranslation(0.2, 0.2, seed=4, data_format="channels_first"),
            layers.RandomCrop(4, 5, seed=4, data_format="channels_first"),
            layers.CenterCrop(4, 2, data_format="channels_first"),
            layers.Resizing(3, 4, data_format="channels_first"),
            layers.RandomGrayscale(1.0, seed=4, data_format="channels_first")]:
    img4(type(lay).__name__, lambda: lay(cf, training=True))
    print(" out_shape", lay.compute_output_shape((None, 3, 6, 6)))
"""

SNIPPETS["augmentation_inside_tf_function"] = _TRY + """
rot = layers.RandomRotation(0.25, seed=12)
zoom = layers.RandomZoom(0.2, seed=12)
@tf.function
def aug(x):
    return zoom(rot(x, training=True), training=True)
a = aug(IMG)
b = aug(IMG)
img4("first", lambda: a)
print("calls_differ", bool(not np.allclose(a, b)))
rot2 = layers.RandomRotation(0.25, seed=12)
zoom2 = layers.RandomZoom(0.2, seed=12)
e = zoom2(rot2(IMG, training=True), training=True)
print("eager_same_as_traced", bool(np.allclose(a, e, atol=1e-4)))
print([str(v.path) for v in rot.variables], [int(x) for x in np.asarray(rot.generator.state)])
"""

SNIPPETS["augmentation_over_tf_data"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices(IMG).batch(2)
aug = keras.Sequential([layers.RandomFlip("horizontal", seed=13), layers.RandomRotation(0.1,
    seed=13)])
out = ds.map(lambda x: aug(x, training=True))
print(out.element_spec)
for b in out:
    img4("mapped", lambda: b)
flip = layers.RandomFlip("vertical", seed=13)
per = tf.data.Dataset.from_tensor_slices(IMG).map(lambda x: flip(x, training=True)).batch(2)
print(per.element_spec)
for b in per:
    img4("per_image", lambda: b)
"""

SNIPPETS["pipeline_layer"] = _TRY + """
p = layers.Pipeline([layers.RandomFlip(seed=14), layers.RandomContrast(0.3, seed=14),
                     layers.Rescaling(1 / 255.0)])
img4("pipeline", lambda: p(IMG, training=True))
img4("pipeline_infer", lambda: p(IMG, training=False))
c = p.get_config()
print(sorted(c), [l["class_name"] for l in c["layers"]])
q = layers.Pipeline.from_config(c)
print(type(q).__name__, [type(l).__name__ for l in q.layers])
tryp("out_shape", lambda: p.compute_output_shape((None, 6, 6, 3)))
ds = tf.data.Dataset.from_tensor_slices(IMG).batch(2).map(lambda x: p(x))
print(ds.element_spec)
"""

SNIPPETS["augmentation_configs_round_trip"] = _TRY + """
for lay in [layers.RandomRotation(0.2, fill_mode="wrap", interpolation="nearest", seed=3),
            layers.RandomZoom((-0.2, 0.1), (0.1, 0.3), fill_mode="constant", fill_value=2.0),
            layers.RandomTranslation(0.1, (-0.2, 0.2), fill_mode="nearest"),
            layers.RandomContrast((0.1, 0.4), value_range=(0, 1)),
            layers.RandomHue(0.2, value_range=(0, 1)),
            layers.RandomSaturation((0.2, 0.8)),
            layers.RandomPosterization(3),
            layers.RandomInvert(0.4),
            layers.RandomSharpness(0.3),
            layers.RandomGrayscale(0.5, data_format="channels_first"),
            layers.Solarization(0.1, 0.2),
            layers.AutoContrast((0, 1)),
            layers.MixUp(0.3),
            layers.CutMix(0.7)]:
    c = lay.get_config()
    d = type(lay).from_config(c).get_config()
    extra = {k: v for k, v in c.items() if k not in ("name", "dtype", "trainable", "seed")}
    print(type(lay).__name__, c == d, sorted(extra.items()))
"""

SNIPPETS["mixup_cutmix_labels"] = _TRY + """
labels = np.eye(3, dtype="float32")[[0, 2]]
mix = layers.MixUp(alpha=0.4, seed=15)
out = mix({"images": IMG, "labels": labels}, training=True)
print(sorted(out))
img4("mix_images", lambda: out["images"])
print(r4(out["labels"]))
cut = layers.CutMix(factor=1.0, seed=15)
out = cut({"images": IMG, "labels": labels}, training=True)
img4("cut_images", lambda: out["images"])
print(r4(out["labels"]))
img4("mix_plain", lambda: mix(IMG, training=True))
img4("mix_infer", lambda: mix(IMG, training=False))
"""

SNIPPETS["bounding_boxes_through_flip_and_crop"] = _TRY + """
boxes = {"boxes": np.array([[[1.0, 1.0, 4.0, 3.0], [0.0, 2.0, 2.0, 6.0]]] * 2, "float32"),
         "labels": np.array([[1, 2]] * 2, "int32")}
for fmt in ["xyxy", "yxyx", "xywh", "center_xywh", "rel_xyxy"]:
    b = dict(boxes)
    if fmt.startswith("rel"):
        b["boxes"] = boxes["boxes"] / 6.0
    lay = layers.RandomFlip("horizontal", seed=16, bounding_box_format=fmt)
    out = lay({"images": IMG, "bounding_boxes": b}, training=True)
    print(fmt, sorted(out), r4(np.asarray(out["bounding_boxes"]["boxes"])))
c = layers.CenterCrop(4, 4, bounding_box_format="xyxy")
out = c({"images": IMG, "bounding_boxes": boxes})
print("center", r4(np.asarray(out["bounding_boxes"]["boxes"])[0]),
    r4(np.asarray(out["bounding_boxes"]["labels"])[0]))
def kinds(d):
    return [k + ":" + ("np" if isinstance(v, np.ndarray) else "t") for k, v in sorted(d.items())
            if not isinstance(v, dict)]
for lay in [layers.RandomFlip(seed=1, bounding_box_format="xyxy"), layers.RandomCrop(4, 4, seed=1,
    bounding_box_format="xyxy"),
            layers.Resizing(4, 4, bounding_box_format="xyxy"), layers.RandomRotation(0.1, seed=1,
                bounding_box_format="xyxy")]:
    user = {"images": IMG.copy(), "bounding_boxes": {k: v.copy() for k, v in boxes.items()}}
    out = lay(user, training=True)
    print(type(lay).__name__, out is user, kinds(user), kinds(user["bounding_boxes"]))
r = layers.Resizing(3, 3, bounding_box_format="xyxy")
out = r({"images": IMG, "bounding_boxes": boxes})
print("resize", r4(np.asarray(out["bounding_boxes"]["boxes"])[0]))
"""

SNIPPETS["bounding_boxes_through_geometric_layers"] = _TRY + """
boxes = {"boxes": np.array([[[1.0, 1.0, 4.0, 3.0], [0.0, 2.0, 2.0, 6.0]]] * 2, "float32"),
         "labels": np.array([[1, 2]] * 2, "int32")}
for lay in [layers.RandomTranslation(0.2, 0.2, seed=17, bounding_box_format="xyxy"),
            layers.RandomZoom(0.2, seed=17, bounding_box_format="xyxy"),
            layers.RandomRotation(0.1, seed=17, bounding_box_format="xyxy"),
            layers.RandomShear(x_factor=0.2, seed=17, bounding_box_format="xyxy"),
            layers.RandomCrop(4, 4, seed=17, bounding_box_format="xyxy"),
            layers.RandomContrast(0.2, seed=17, bounding_box_format="xyxy")]:
    try:
        out = lay({"images": IMG, "bounding_boxes": boxes}, training=True)
        print(type(lay).__name__, r4(np.asarray(out["bounding_boxes"]["boxes"])[0]),
              tuple(np.asarray(out["images"]).shape))
    except Exception as e:
        print(type(lay).__name__, type(e).__name__, str(e)[:200])
try:
    layers.RandomFlip(seed=1)({"images": IMG, "bounding_boxes": boxes}, training=True)
    print("no_format ran")
except Exception as e:
    print("no_format", type(e).__name__, str(e)[:90])
"""

SNIPPETS["augmentation_errors_and_shapes"] = _TRY + """
tryp("rank2", lambda: layers.RandomRotation(0.2, seed=1)(np.ones((4, 4), "float32"), training=True))
img4("rank3", lambda: layers.RandomRotation(0.2, seed=1)(IMG[0], training=True))
img4("rank3_zoom", lambda: layers.RandomZoom(0.2, seed=1)(IMG[0], training=True))
tryp("crop_big", lambda: layers.RandomCrop(8, 8, seed=1)(IMG, training=True).shape)
tryp("flip_mode", lambda: layers.RandomFlip("diagonal"))
tryp("dict_no_images", lambda: layers.RandomFlip(seed=1)({"labels": np.ones(2)}, training=True))
print(layers.RandomRotation(0.2).compute_output_shape((None, 6, 6, 3)))
print(layers.RandomCrop(4, 5).compute_output_shape((None, 6, 6, 3)))
inp = keras.Input((6, 6, 3))
print(layers.RandomZoom(0.1)(inp).shape, layers.RandomCrop(3, 2)(inp).shape)
"""
