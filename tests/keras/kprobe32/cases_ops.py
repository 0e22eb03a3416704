"""kprobe32's snippets on keras.ops.image and keras.random: affine and perspective
transforms with each fill mode, map_coordinates' orders and modes, crop/pad_images,
HSV round trips, resize's antialias and aspect-ratio options, blurs, elastic transforms,
scale_and_translate, and seeded random draws with SeedGenerator inside tf.function and
under StatelessScope (see cases.py)."""

from tests.keras.kprobe32.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["image_affine_transform_modes"] = _TRY + """
I = keras.ops.image
t = np.array([[1.1, 0.2, -0.5, 0.1, 0.9, 0.7, 0.0, 0.0]] * 2, "float32")
for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
    for interp in ["nearest", "bilinear"]:
        img4(mode + "/" + interp, lambda: I.affine_transform(IMG, t, interpolation=interp,
                                                            fill_mode=mode, fill_value=3.0))
img4("single", lambda: I.affine_transform(IMG[0], t[0]))
tryp("bad_interp", lambda: I.affine_transform(IMG, t, interpolation="cubic"))
tryp("bad_mode", lambda: I.affine_transform(IMG, t, fill_mode="edge"))
tryp("bad_transform", lambda: I.affine_transform(IMG, t[:, :6]))
"""

SNIPPETS["image_map_coordinates_orders"] = _TRY + """
I = keras.ops.image
a = np.arange(20, dtype="float32").reshape(4, 5)
coords = np.array([[0.5, 1.5, 3.7, -0.6, 4.2], [0.25, 4.5, 1.0, 2.0, -1.3]], "float32")
for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
    for order in [0, 1]:
        tryp(mode + str(order), lambda: I.map_coordinates(a, coords, order=order,
                                                          fill_mode=mode, fill_value=-1.0))
tryp("order3", lambda: I.map_coordinates(a, coords, order=3))
tryp("bad_rank", lambda: I.map_coordinates(a, coords[:1], order=1))
tryp("int_input", lambda: I.map_coordinates(a.astype("int32"), coords, order=1))
"""

SNIPPETS["image_crop_and_pad_images"] = _TRY + """
I = keras.ops.image
tryp("crop", lambda: I.crop_images(IMG, 1, 2, target_height=3, target_width=2).shape)
tryp("crop_br", lambda: I.crop_images(IMG, bottom_cropping=2, right_cropping=1, top_cropping=1,
    left_cropping=0).shape)
img4("crop_vals", lambda: I.crop_images(IMG, 1, 2, target_height=3, target_width=2))
tryp("crop_too_much", lambda: I.crop_images(IMG, 4, 4, target_height=4, target_width=4))
tryp("crop_over", lambda: I.crop_images(IMG, 1, 1, bottom_cropping=1, right_cropping=1,
    target_height=3, target_width=3))
tryp("pad", lambda: I.pad_images(IMG, 1, 2, target_height=9, target_width=10).shape)
tryp("pad_br", lambda: I.pad_images(IMG[0], bottom_padding=2, right_padding=1).shape)
img4("pad_vals", lambda: I.pad_images(IMG, 1, 2, target_height=9, target_width=10))
tryp("pad_small", lambda: I.pad_images(IMG, 1, 1, target_height=5, target_width=8))
tryp("pad_cf", lambda: I.pad_images(np.transpose(IMG, (0, 3, 1, 2)), 1, 1, target_height=8,
    target_width=8, data_format="channels_first").shape)
tryp("crop_rank2", lambda: I.crop_images(np.ones((4, 4)), 1, 1, target_height=2, target_width=2))
"""

SNIPPETS["image_hsv_round_trip"] = _TRY + """
I = keras.ops.image
small = IMG / 255.0
hsv = I.rgb_to_hsv(small)
img4("hsv", lambda: hsv)
back = I.hsv_to_rgb(hsv)
print("round_trip", round(float(np.abs(np.asarray(back) - small).max()), 5) < 1e-4)
gray = np.full((1, 2, 2, 3), 0.5, "float32")
tryp("gray_hsv", lambda: I.rgb_to_hsv(gray)[0, 0, 0])
tryp("int_input", lambda: I.rgb_to_hsv(IMG.astype("int32")))
tryp("two_channels", lambda: I.rgb_to_hsv(small[..., :2]))
img4("cf", lambda: I.rgb_to_hsv(np.transpose(small, (0, 3, 1, 2)), data_format="channels_first"))
img4("gray", lambda: I.rgb_to_grayscale(IMG))
img4("gray_cf", lambda: I.rgb_to_grayscale(np.transpose(IMG, (0, 3, 1, 2)),
    data_format="channels_first"))
"""

SNIPPETS["image_resize_antialias_aspect"] = _TRY + """
I = keras.ops.image
for interp in ["bilinear", "bicubic", "lanczos3", "lanczos5", "area", "nearest"]:
    img4(interp + "_aa", lambda: I.resize(IMG, (3, 4), interpolation=interp, antialias=True))
img4("up_aa", lambda: I.resize(IMG, (9, 8), antialias=True))
img4("crop_ratio", lambda: I.resize(IMG, (3, 6), crop_to_aspect_ratio=True))
img4("pad_ratio", lambda: I.resize(IMG, (3, 6), pad_to_aspect_ratio=True))
img4("pad_ratio_fill", lambda: I.resize(IMG, (6, 3), pad_to_aspect_ratio=True, fill_value=9.0))
tryp("both", lambda: I.resize(IMG, (3, 6), crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
tryp("bad_size", lambda: I.resize(IMG, (3,)))
tryp("bad_interp", lambda: I.resize(IMG, (3, 3), interpolation="linear"))
img4("int_in", lambda: I.resize(IMG.astype("uint8"), (3, 3)))
"""

SNIPPETS["image_gaussian_blur_and_elastic"] = _TRY + """
I = keras.ops.image
img4("blur3", lambda: I.gaussian_blur(IMG))
img4("blur5", lambda: I.gaussian_blur(IMG, kernel_size=(5, 3), sigma=(2.0, 0.5)))
img4("blur_cf", lambda: I.gaussian_blur(np.transpose(IMG, (0, 3, 1, 2)),
    data_format="channels_first"))
tryp("blur_rank2", lambda: I.gaussian_blur(np.ones((4, 4), "float32")))
img4("elastic", lambda: I.elastic_transform(IMG, alpha=10.0, sigma=2.0, seed=3))
img4("elastic_nearest", lambda: I.elastic_transform(IMG, alpha=5.0, sigma=1.0,
    interpolation="nearest", fill_mode="constant", seed=3))
img4("elastic_wrap", lambda: I.elastic_transform(IMG, fill_mode="wrap", seed=1))
tryp("elastic_bad_interp", lambda: I.elastic_transform(IMG, interpolation="bicubic", seed=1))
"""

SNIPPETS["image_perspective_transform"] = _TRY + """
I = keras.ops.image
src = np.array([[[0, 0], [5, 0], [0, 5], [5, 5]]] * 2, "float32")
dst = np.array([[[1, 0], [5, 1], [0, 4], [4, 5]]] * 2, "float32")
img4("bilinear", lambda: I.perspective_transform(IMG, src, dst))
img4("nearest", lambda: I.perspective_transform(IMG, src, dst, interpolation="nearest",
    fill_value=2.0))
img4("single", lambda: I.perspective_transform(IMG[0], src[0], dst[0]))
img4("identity", lambda: I.perspective_transform(IMG, src, src))
tryp("bad_points", lambda: I.perspective_transform(IMG, src[:, :3], dst[:, :3]))
tryp("bad_interp", lambda: I.perspective_transform(IMG, src, dst, interpolation="area"))
"""

SNIPPETS["image_scale_and_translate"] = _TRY + """
I = keras.ops.image
x = np.arange(2 * 4 * 4, dtype="float32").reshape(2, 4, 4)
sc = np.array([1.5, 0.75], "float32")
tr = np.array([0.5, -0.25], "float32")
for kernel in ["linear", "bilinear", "cubic", "lanczos3", "lanczos5"]:
    tryp(kernel, lambda: np.asarray(I.scale_and_translate(x, (2, 6, 3), sc, tr, (1, 2),
        kernel)).round(3)[0])
tryp("no_aa", lambda: np.asarray(I.scale_and_translate(x, (2, 2, 2), np.array([0.5, 0.5],
    "float32"),
                                                       np.zeros(2, "float32"), (1,
                                                           2), "linear", antialias=False)).round(3))
tryp("aa", lambda: np.asarray(I.scale_and_translate(x, (2, 2, 2), np.array([0.5, 0.5], "float32"),
                                                    np.zeros(2, "float32"), (1,
                                                        2), "linear")).round(3))
unordered("bad_kernel", lambda: I.scale_and_translate(x, (2, 2, 2), sc, tr, (1, 2),
    "box"))  # (a set)
"""

SNIPPETS["random_seed_generator_in_tf_function"] = _TRY + """
R = keras.random
g = R.SeedGenerator(42)
@tf.function
def draw():
    return R.normal((3,), seed=g), R.uniform((2,), seed=g)
a = draw()
b = draw()
print(r4(a[0]), r4(a[1]))
print(r4(b[0]), r4(b[1]))
print([int(x) for x in np.asarray(g.state)], g.state.dtype, g.state.path)
g2 = R.SeedGenerator(42)
print("eager_matches", bool(np.allclose(R.normal((3,), seed=g2), a[0])))
print(sorted(g.get_config().items()))
tryp("bad_seed", lambda: R.SeedGenerator("x"))
"""

SNIPPETS["random_stateless_scope"] = _TRY + """
R = keras.random
g = R.SeedGenerator(7)
before = np.asarray(g.state).copy()
with keras.StatelessScope(state_mapping=[(g.state, np.array([7, 0], "uint32"))]) as scope:
    x = R.normal((3,), seed=g)
    y = R.normal((3,), seed=g)
    new = scope.get_current_value(g.state)
print(r4(x), r4(y), bool(np.allclose(x, y)))
print("state_kept", [int(v) for v in np.asarray(g.state)] == [int(v) for v in before],
      [int(v) for v in np.asarray(new)])
outside = R.normal((3,), seed=R.SeedGenerator(7))
print("same_as_fresh", bool(np.allclose(outside, x)))
print(keras.backend.is_keras_tensor(x), keras.backend.standardize_dtype(x.dtype))
"""

SNIPPETS["random_functions_seeded_ints"] = _TRY + """
R = keras.random
for s in [0, 1, 123]:
    print(s, r4(R.uniform((3,), seed=s)), r4(R.normal((2,), seed=s)),
          np.asarray(R.randint((4,), 0, 10, seed=s)).tolist())
print(r4(R.truncated_normal((4,), stddev=2.0, seed=5)))
print(r4(R.gamma((3,), alpha=2.0, seed=5)), r4(R.beta((2,), 2.0, 3.0, seed=5)))
print(np.asarray(R.binomial((4,), 10, 0.3, seed=5)).tolist(),
    r4(R.categorical(np.log(np.array([[0.2, 0.8]], "float32")), 5, seed=5)))
print(r4(R.shuffle(np.arange(6), seed=5)), r4(R.dropout(np.ones(6, "float32"), 0.5, seed=5)))
tryp("bad_seed_type", lambda: R.uniform((2,), seed=1.5))
"""

SNIPPETS["random_seed_tuple_and_set_random_seed"] = _TRY + """
R = keras.random
tryp("tuple_seed", lambda: R.uniform((3,), seed=(1, 2)))
keras.utils.set_random_seed(5)
u1 = R.uniform((3,))
keras.utils.set_random_seed(5)
u2 = R.uniform((3,))
print(bool(np.allclose(u1, u2)), r4(u1))
keras.utils.set_random_seed(5)
d = layers.Dense(2, kernel_initializer="glorot_uniform")
d.build((3,))
print(r4(d.kernel))
keras.utils.set_random_seed(5)
print(np.random.randint(100, size=3).tolist(), r4(tf.random.uniform((2,))))
tryp("set_bad", lambda: keras.utils.set_random_seed(1.5))
tryp("set_none", lambda: keras.utils.set_random_seed(None))
"""
