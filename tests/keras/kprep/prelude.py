"""The helpers kprep's snippets start with: `desc` prints a transformation's structure
(dict keys in order, tuple/list items, a tensor's or array's kind, dtype and shape,
Python numbers and None as they are) and, with `values=True`, a tensor's values to 4
decimals; `probe` calls a layer's get_random_transformation on one input and seed and
prints the result's structure (or the error's class and message)."""

PRELUDE = """
import random as pyrandom
def kind(x):
    name = type(x).__name__
    if name in ("EagerTensor", "Tensor", "ResourceVariable", "WeakEagerTensor"):
        return "tensor"
    return name
def desc(x, values=False, indent="  "):
    if isinstance(x, dict):
        for k, v in x.items():
            print(indent + repr(k) + ":", end=" " if not isinstance(v, (dict, list, tuple))
                  or not v else "\\n")
            desc(v, values, indent + "  ") if isinstance(v, (dict, list, tuple)) and v \\
                else desc(v, values, "")
        return
    if isinstance(x, (list, tuple)):
        print(indent + type(x).__name__, len(x))
        for v in x:
            desc(v, values, indent + "  ")
        return
    if hasattr(x, "dtype") and hasattr(x, "shape") and kind(x) != "SeedGenerator":
        line = f"{indent}{kind(x)} {keras.backend.standardize_dtype(x.dtype)} {tuple(x.shape)}"
        if values and int(np.prod(x.shape)) > 24:  # (a large one by its sum and extremes)
            a = np.asarray(x).astype("float64")
            line += f" sum={a.sum():.5g} min={a.min():.5g} max={a.max():.5g}"
        elif values:
            with np.printoptions(precision=4, suppress=True, linewidth=88):
                line += " " + " ".join(str(np.asarray(x)).split())
        print(line)
        return
    print(indent + kind(x), x if isinstance(x, (int, float, bool, str)) or x is None else "")
def probe(label, layer, data, values=False, **kw):
    try:
        r = layer.get_random_transformation(data, **kw)
        print(label)
        desc(r, values)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
    return None
def tryp(label, fn, values=True):
    try:
        r = fn()
        print(label)
        desc(r, values)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
rng = np.random.default_rng(0)
X4 = rng.uniform(0, 255, (2, 6, 8, 3)).astype("float32")
X3 = X4[0]
T4 = tf.constant(X4)
LABELS = np.array([[1.0, 0.0], [0.0, 1.0]], "float32")
BOXES = np.array([[[1.0, 1.0, 4.0, 3.0], [0.0, 2.0, 6.0, 5.0]],
                  [[2.0, 0.0, 7.0, 4.0], [3.0, 3.0, 5.0, 6.0]]], "float32")
BOX_LABELS = np.array([[1, 2], [0, 1]], "int32")
def inputs():
    return {
        "numpy4": X4, "tensor4": tf.constant(X4), "numpy3": X3,
        "dict4": {"images": X4, "labels": LABELS},
        "dict3": {"images": X3, "labels": LABELS[0]},
    }
def survey(make, values=True):
    for name, data in inputs().items():
        probe(name, make(), data, values)
    probe("seed_int", make(), X4, values, seed=42)
    probe("seed_gen", make(), X4, values, seed=keras.random.SeedGenerator(7))
    probe("not_training", make(), X4, values, training=False)
    layer = make()
    probe("drawn_twice_a", layer, X4, values)
    probe("drawn_twice_b", layer, X4, values)
MASKS = (X4[..., :1] > 128).astype("float32")
def applied(make, make_boxed=None):
    layer = make()
    t = layer.get_random_transformation(X4, seed=42)
    tryp("transform_images", lambda: layer.transform_images(tf.constant(X4), t))
    tryp("transform_images_infer", lambda: layer.transform_images(tf.constant(X4), t,
                                                                  training=False))
    tryp("transform_labels", lambda: layer.transform_labels(tf.constant(LABELS), t))
    tryp("transform_masks", lambda: layer.transform_segmentation_masks(tf.constant(MASKS), t))
    t3 = layer.get_random_transformation(X3, seed=42)
    tryp("single_image", lambda: layer.transform_single_image(tf.constant(X3), t3))
    tryp("single_label", lambda: layer.transform_single_label(tf.constant(LABELS[0]), t3))
    tryp("single_mask", lambda: layer.transform_single_segmentation_mask(
        tf.constant(MASKS[0]), t3))
    tryp("call4", lambda: make()(X4))
    tryp("call3", lambda: make()(X3))
    tryp("call_infer", lambda: make()(X4, training=False))
    tryp("call_dict", lambda: make()({"images": X4, "labels": LABELS}))
    tryp("call_dict3", lambda: make()({"images": X3, "labels": LABELS[0]}))
    tryp("call_masks", lambda: make()({"images": X4, "segmentation_masks": MASKS}))
    if make_boxed is not None:
        boxes = lambda: {"boxes": BOXES, "labels": BOX_LABELS}
        tryp("call_boxes", lambda: make_boxed()({"images": X4, "bounding_boxes": boxes()}))
        tryp("call_boxes3", lambda: make_boxed()({"images": X3, "bounding_boxes": {
            "boxes": BOXES[0], "labels": BOX_LABELS[0]}}))
        layer = make_boxed()
        t = layer.get_random_transformation(X4, seed=42)
        tryp("transform_boxes", lambda: layer.transform_bounding_boxes(
            {"boxes": tf.constant(BOXES), "labels": tf.constant(BOX_LABELS)}, t))
        t3 = layer.get_random_transformation(X3, seed=42)
        tryp("single_boxes", lambda: layer.transform_single_bounding_box(
            {"boxes": tf.constant(BOXES[0]), "labels": tf.constant(BOX_LABELS[0])}, t3))
"""

MORE = """
XCF = np.transpose(X4, (0, 3, 1, 2))
def channels_first(make):
    layer = make()
    probe("transformation_cf", layer, XCF, True, seed=42)
    tryp("call_cf4", lambda: make()(XCF))
    tryp("call_cf3", lambda: make()(XCF[0]))
def integers(make):
    x = X4.astype("uint8")
    tryp("call_uint8", lambda: make()(x))
    tryp("call_int32", lambda: make()(X4.astype("int32")))
    layer = make()
    probe("seed_zero", layer, X4, True, seed=0)
    probe("seed_seeded_gen", layer, X4, True, seed=keras.random.SeedGenerator(0))
def formats(make):
    for fmt in ("xywh", "rel_xyxy", "center_xywh", "yxyx"):
        tryp("boxes_" + fmt, lambda: make(fmt)({"images": X4, "bounding_boxes": {
            "boxes": BOXES / (8.0 if fmt.startswith("rel") else 1.0), "labels": BOX_LABELS}}))
    def full(images, i=None):
        pick = (lambda a: a) if i is None else (lambda a: a[i])
        return {"images": images, "labels": pick(LABELS), "segmentation_masks": pick(MASKS),
                "bounding_boxes": {"boxes": pick(BOXES), "labels": pick(BOX_LABELS)}}
    tryp("full_dict", lambda: make("xyxy")(full(X4)))
    tryp("full_dict3", lambda: make("xyxy")(full(X3, 0)))
    tryp("full_dict_infer", lambda: make("xyxy")(full(X4), training=False))
    tryp("full_dict3_infer", lambda: make("xyxy")(full(X3, 0), training=False))
    data = {"images": X4, "labels": LABELS}
    try:
        out = make("xyxy")(data)
        print("same dict", out is data, sorted(out), sorted(data))
    except Exception as e:
        print("dict", type(e).__name__)
"""
