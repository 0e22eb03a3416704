"""kprobe22's further snippets: the progress bar's lines over fit and evaluate, optimizers
applying gradients with gaps and exclusions, schedules' checks, loss and metric
serialization, the lookups' vocabulary files inverted, keras.ops' control flow and
linear-algebra helpers, more image ops and their errors (see cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["progbar_lines_fit_evaluate"] = _TRY + """
def untimed(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    # (times masked, and the erasing of the line before, which is as long as its times)
    text = re.sub(r"[0-9]+[mu]?s", "T", buf.getvalue())
    print(re.sub(" +\\n", "\\n", re.sub("\\x08+", "<BS>", text)), end="")
m = dense_model(metrics=["mae"])
untimed(lambda: m.fit(X, Y, epochs=2, batch_size=3, verbose=2, validation_split=0.25))
untimed(lambda: m.evaluate(X, Y, batch_size=5, verbose=2))
untimed(lambda: m.fit(X, Y, epochs=1, batch_size=8, verbose=1))
untimed(lambda: m.predict(X, batch_size=3, verbose=2))
"""

SNIPPETS["optimizer_apply_gaps_and_exclusions"] = _TRY + """
v1 = keras.Variable(np.ones(2, "float32"), name="v1")
v2 = keras.Variable(np.ones(2, "float32"), name="bias")
opt = keras.optimizers.AdamW(0.1, weight_decay=0.5)
opt.exclude_from_weight_decay(var_names=["bias"])
opt.apply_gradients([(np.array([0.5, -0.5], "float32"), v1), (None, v2)])
print(r4(v1), r4(v2), int(opt.iterations))
opt.apply_gradients([(np.zeros(2, "float32"), v1), (np.zeros(2, "float32"), v2)])
print(r4(v1), r4(v2), [v.path for v in opt.variables])
sgd = keras.optimizers.SGD(0.1)
tryp("all_none", lambda: sgd.apply_gradients([(None, v1)]))
tryp("shape", lambda: sgd.apply_gradients([(np.ones(3, "float32"), v1)]))
sgd2 = keras.optimizers.SGD(0.1, momentum=0.9)
sgd2.build([v1, v2])
print([v.path for v in sgd2.variables], sgd2.built)
tryp("new_var", lambda: sgd2.apply_gradients([(np.ones(1, "float32"),
     keras.Variable(np.ones(1, "float32"), name="late"))]))
tryp("apply_list", lambda: keras.optimizers.SGD(0.1).apply([np.ones(2, "float32")], [v1]))
print(r4(v1))
"""

SNIPPETS["schedule_checks_and_errors"] = _TRY + """
S = keras.optimizers.schedules
tryp("cos_steps0", lambda: float(S.CosineDecay(0.1, 0)(1)))
tryp("exp_rate_neg", lambda: float(S.ExponentialDecay(0.1, 2, -0.5)(3)))
tryp("poly_power0", lambda: float(S.PolynomialDecay(0.1, 4, power=0.0)(2)))
tryp("pw_unsorted", lambda: float(S.PiecewiseConstantDecay([5, 2], [1.0, 0.5, 0.1])(3)))
tryp("pw_types", lambda: float(S.PiecewiseConstantDecay([1, 2], [1, 0.5, 0.1])(3)))
tryp("warm_only", lambda: [round(float(S.CosineDecay(0.0, 4, warmup_target=1.0,
     warmup_steps=2)(s)), 4) for s in range(8)])
tryp("inv_float_step", lambda: float(S.InverseTimeDecay(1.0, 3.0, 1.0)(1.5)))
class Half(S.LearningRateSchedule):
    def __call__(self, step):
        return 0.5 / (1.0 + keras.ops.cast(step, "float32"))
    def get_config(self):
        return {}
o = keras.optimizers.SGD(Half())
tryp("custom_cfg", lambda: o.get_config()["learning_rate"])
tryp("custom_rt", lambda: keras.optimizers.SGD.from_config(o.get_config()))
tryp("base_call", lambda: S.LearningRateSchedule()(1))
"""

SNIPPETS["losses_metrics_serialization"] = _TRY + """
for obj in [keras.losses.Huber(delta=2.0), keras.losses.CategoricalCrossentropy(
                from_logits=True, label_smoothing=0.1, axis=-1),
            keras.losses.SparseCategoricalCrossentropy(ignore_class=0),
            keras.metrics.Precision(thresholds=0.3, top_k=2, name="p"),
            keras.metrics.MeanIoU(3), keras.metrics.F1Score(average="macro")]:
    s = keras.saving.serialize_keras_object(obj)
    back = keras.saving.deserialize_keras_object(s)
    print(s["class_name"], s["module"], sorted(s["config"].items()))
    print(" ", type(back).__name__, back.get_config() == obj.get_config())
print(keras.losses.serialize(keras.losses.mean_squared_error))
print(keras.metrics.serialize(keras.metrics.binary_accuracy))
print(type(keras.losses.get("mse")).__name__, keras.losses.get("mse").__name__)
print(type(keras.metrics.get("accuracy")).__name__)
tryp("bad_loss", lambda: keras.losses.get("nope"))
tryp("bad_metric", lambda: keras.metrics.get("nope"))
"""

SNIPPETS["lookup_vocab_files_inverted"] = _TRY + """
os.chdir(D)
with open("words.txt", "w") as f:
    f.write("red\\ngreen\\nblue\\n")
sl = layers.StringLookup(vocabulary="words.txt", invert=True)
print(sl.get_vocabulary(), sl(np.array([[0, 1, 3]])).numpy().tolist())
sl2 = layers.StringLookup(vocabulary="words.txt", output_mode="one_hot", num_oov_indices=0)
print(sl2(np.array(["blue", "red"])).numpy().tolist(), sl2.vocabulary_size())
print(sorted((k, v) for k, v in sl2.get_config().items() if k != "vocabulary"),
      sl2.get_config()["vocabulary"])
with open("dup.txt", "w") as f:
    f.write("a\\nb\\na\\n")
tryp("dup_file", lambda: layers.StringLookup(vocabulary="dup.txt"))
tryp("missing", lambda: layers.StringLookup(vocabulary="nofile.txt"))
with open("ids.txt", "w") as f:
    f.write("5\\n9\\n")
il = layers.IntegerLookup(vocabulary="ids.txt", invert=True)
print(il.get_vocabulary(), il(np.array([0, 1, 2, 7])).numpy().tolist())
"""

SNIPPETS["ops_control_flow_helpers"] = _TRY + """
show("fori", lambda: O.fori_loop(0, 4, lambda i, x: x * 2 + i, np.float32(1.0)))
show("while", lambda: O.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s + i),
     (0, 10)))
show("while_max", lambda: O.while_loop(lambda x: x < 100, lambda x: x * 2, 1,
     maximum_iterations=3))
show("scan", lambda: O.scan(lambda c, x: (c + x, c * x), np.float32(0), np.arange(4.0,
     dtype="float32")))
show("scan_rev", lambda: O.scan(lambda c, x: (c + x, c), 0.0, np.arange(3.0), reverse=True))
show("assoc", lambda: O.associative_scan(lambda a, b: a + b, np.arange(5)))
show("assoc_rev", lambda: O.associative_scan(O.maximum, np.array([1, 5, 2, 7, 3]),
     reverse=True))
show("map", lambda: O.map(lambda x: x * x, np.arange(3)))
show("switch", lambda: O.switch(1, [lambda x: x + 1, lambda x: x * 10], np.float32(2.0)))
show("switch_oob", lambda: O.switch(5, [lambda x: x + 1, lambda x: x * 10], np.float32(2.0)))
show("cond", lambda: O.cond(np.array(False), lambda: 1.0, lambda: 2.0))
show("vmap", lambda: O.vectorized_map(lambda x: O.sum(x), np.arange(6.0).reshape(3, 2)))
"""

SNIPPETS["ops_linear_helpers"] = _TRY + """
A = np.array([[1.0, 2.0], [3.0, 4.0]], "float32")
v = np.array([1.0, -2.0, 2.0], "float32")
for ord_ in [None, 1, 2, np.inf, -np.inf, 0]:
    show("vnorm" + str(ord_), lambda: O.norm(v, ord=ord_))
for ord_ in [None, "fro", "nuc", 1, -1, 2, np.inf]:
    show("mnorm" + str(ord_), lambda: O.norm(A, ord=ord_))
show("norm_axis", lambda: O.norm(A, axis=0, keepdims=True))
show("norm_bad", lambda: O.norm(A, ord="bad"))
show("cross", lambda: O.cross(v, np.array([0.0, 1.0, 0.0], "float32")))
show("tensordot", lambda: O.tensordot(A, A, axes=([1], [0])))
show("tensordot_int", lambda: O.tensordot(A, A, axes=1))
show("outer", lambda: O.outer(v[:2], np.array([1, 2, 3])))
show("kron", lambda: O.kron(np.eye(2, dtype="int32"), np.array([[1, 2]])))
show("trace", lambda: O.trace(np.arange(9).reshape(3, 3), offset=1))
show("diff2", lambda: O.diff(np.array([1, 4, 9, 16]), n=2))
show("vdot", lambda: O.vdot(v, v))
"""

SNIPPETS["ops_image_patches_and_crops"] = _TRY + """
im = np.arange(1 * 4 * 4 * 2, dtype="float32").reshape(1, 4, 4, 2)
show("patches", lambda: O.image.extract_patches(im, 2))
show("patches_same", lambda: O.image.extract_patches(im, (3, 3), strides=(2, 2),
     padding="same")[0, :, :, :2])
show("patches_dil", lambda: O.image.extract_patches(im, 2, dilation_rate=2)[0, :, :, :3])
show("patches_bad", lambda: O.image.extract_patches(im, (2, 2, 2)))
show("crop", lambda: O.image.crop_images(im, top_cropping=1, left_cropping=1,
     target_height=2, target_width=2)[0, :, :, 0])
show("crop_bottom", lambda: O.image.crop_images(im, bottom_cropping=1, right_cropping=2)
     [0, :, :, 0])
show("crop_bad", lambda: O.image.crop_images(im, top_cropping=3, target_height=2))
show("pad", lambda: O.image.pad_images(im[0], top_padding=1, bottom_padding=0,
     left_padding=0, right_padding=1)[:, :, 0])
show("pad_target", lambda: O.image.pad_images(im, top_padding=1, target_height=6,
     target_width=5).shape)
show("pad_bad", lambda: O.image.pad_images(im, top_padding=1, bottom_padding=1,
     target_height=6))
show("map_coords", lambda: O.image.map_coordinates(np.arange(9.0).reshape(3, 3),
     [[0.5, 1.5], [1.0, 2.5]], order=1, fill_mode="nearest"))
show("affine_nearest", lambda: O.image.affine_transform(im[..., :1], [1.0, 0.0, 0.5, 0.0,
     1.0, 0.5, 0.0, 0.0], interpolation="nearest", fill_value=-1.0)[0, :, :, 0])
"""
