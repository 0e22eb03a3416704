"""kprobe48's fourth set: errors users meet while building and training: functional graphs
of bad ranks and unconnected tensors, Sequential misuse, the Layer API before and after
build (weights, inputs, count_params), ModelCheckpoint's file names, fit's inputs of bad
lengths and forms."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe48.cases_utils import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["functional_bad_ranks"] = _TRY + """
show("conv2d on 3d", lambda: layers.Conv2D(2, 3)(keras.Input((8, 3))))
show("lstm on 2d", lambda: layers.LSTM(2)(keras.Input((3,))))
show("conv1d too small", lambda: layers.Conv1D(2, 5)(keras.Input((3, 1))))
show("dense scalar in", lambda: layers.Dense(2)(keras.Input(())))
show("bn axis", lambda: layers.BatchNormalization(axis=3)(keras.Input((3,))))
show("flatten none", lambda: layers.Dense(2)(layers.Flatten()(keras.Input((None, 3)))))
show("embedding float", lambda: layers.Embedding(3, 2)(keras.Input((2,))).dtype)
show("pool 1d on 2d", lambda: layers.MaxPooling1D()(keras.Input((3,))))
"""

SNIPPETS["functional_unconnected_and_bad_io"] = _TRY + """
a = keras.Input((2,), name="a")
b = keras.Input((2,), name="b")
o = layers.Dense(1)(b)
show("unconnected", lambda: keras.Model(a, o))
show("not tensor", lambda: keras.Model(a, 3))
show("np input", lambda: keras.Model(np.ones((1, 2)), o))
show("inputs not inputs", lambda: keras.Model(layers.Dense(2)(a), layers.Dense(1)(layers.Dense(2)(a))).inputs)
show("dup names", lambda: keras.Model([keras.Input((1,), name="x"), keras.Input((1,), name="x")], [layers.Dense(1)(a)]))
m = keras.Model({"a": a, "b": b}, o)
show("dict missing key", lambda: m({"b": np.ones((1, 2))}))
show("dict extra key", lambda: m.predict({"a": np.ones((1, 2)), "b": np.ones((1, 2)), "c": np.ones((1, 2))}, verbose=0))
"""

SNIPPETS["sequential_misuse"] = _TRY + """
s = keras.Sequential()
show("add int", lambda: s.add(3))
show("pop empty", lambda: s.pop())
show("call unbuilt", lambda: s(np.ones((1, 2))))
s.add(keras.Input((2,)))
s.add(layers.Dense(3, name="d"))
show("add dup name", lambda: s.add(layers.Dense(3, name="d")))
show("input midway", lambda: s.add(keras.Input((3,))))
show("layers", lambda: [l.name for l in s.layers])
show("pop", lambda: s.pop().name)
show("pop rebuild", lambda: (s.built, len(s.layers), s.input_shape if hasattr(s, "input_shape") else None))
show("add model", lambda: [type(l).__name__ for l in keras.Sequential([keras.Sequential([layers.Dense(1)])]).layers])
"""

SNIPPETS["layer_api_before_after_build"] = _TRY + """
d = layers.Dense(3)
show("weights unbuilt", lambda: d.get_weights())
show("count unbuilt", lambda: d.count_params())
show("input unbuilt", lambda: d.input)
show("output unbuilt", lambda: d.output)
d(keras.Input((2,)))
show("input", lambda: d.input.shape)
d(keras.Input((2,)))
show("input twice", lambda: d.input)
show("get_input_at", lambda: hasattr(d, "get_input_at"))
show("output_shape attr", lambda: d.output_shape)
show("set bad", lambda: d.set_weights([np.ones((3, 3))]))
show("set bad shape", lambda: d.set_weights([np.ones((3, 3)), np.ones(3)]))
show("count", lambda: d.count_params())
"""

SNIPPETS["add_weight_arguments_and_errors"] = _TRY + """
class L(layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(2,), initializer="ones", name="w", dtype="int32", trainable=False)
        self.v = self.add_weight(shape=(), initializer=keras.initializers.Constant(3.0), name="v", regularizer="l2", constraint="non_neg", aggregation="mean")
    def call(self, x):
        return x
l = L()
l(np.ones((1, 2)))
show("w", lambda: l.w.value)
print(l.w.trainable, l.v.trainable, l.v.aggregation, l.v.path)
show("sync kw", lambda: L().add_weight(shape=(1,), synchronization="on_read"))
show("losses", lambda: l.losses)
show("bad init", lambda: L().add_weight(shape=(1,), initializer="nope"))
show("bad agg", lambda: L().add_weight(shape=(1,), aggregation="avg"))
show("no shape", lambda: L().add_weight(initializer="zeros").shape)
show("none in shape", lambda: L().add_weight(shape=(None, 2)))
show("string dtype var", lambda: L().add_weight(shape=(1,), dtype="string"))
"""

SNIPPETS["layer_trainable_toggles_weights_order"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(2, name="a"), layers.BatchNormalization(name="bn"), layers.Dense(1, name="b")])
print([w.path for w in m.trainable_weights])
print([w.path for w in m.non_trainable_weights])
m.get_layer("a").trainable = False
print([w.path for w in m.trainable_weights])
print([w.path for w in m.weights])
m.trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), m.get_layer("b").trainable)
m.trainable = True
print(len(m.trainable_weights), m.get_layer("a").trainable)
show("get_layer index", lambda: m.get_layer(index=1).name)
show("get_layer both", lambda: m.get_layer("a", 1))
show("get_layer none", lambda: m.get_layer())
show("get_layer bad", lambda: m.get_layer("zz"))
show("get_layer big", lambda: m.get_layer(index=9))
"""

SNIPPETS["model_checkpoint_filepaths"] = _TRY + """
MC = keras.callbacks.ModelCheckpoint
show("no ext", lambda: MC("model"))
show("h5 full", lambda: MC("model.h5").filepath)
show("weights bad ext", lambda: MC("w.h5", save_weights_only=True))
show("keras weights only", lambda: MC("m.keras", save_weights_only=True))
show("ok", lambda: type(MC("m.weights.h5", save_weights_only=True)).__name__)
show("bad freq", lambda: MC("m.keras", save_freq="sometimes"))
show("bad mode", lambda: MC("m.keras", mode="up").monitor_op.__name__)
m = keras.Sequential([keras.Input((1,)), layers.Dense(1)])
m.compile("sgd", "mse")
import os, tempfile
d = tempfile.mkdtemp()
m.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=2, verbose=0, callbacks=[MC(os.path.join(d, "e{epoch:02d}-{loss:.2f}.keras"))])
print(sorted(f.split("-")[0] for f in os.listdir(d)))
show("bad key", lambda: m.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=1, verbose=0, callbacks=[MC(os.path.join(d, "{nope}.keras"))]))
"""

SNIPPETS["fit_inputs_bad_lengths_and_forms"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m.compile("sgd", "mse")
show("len mismatch", lambda: m.fit(np.ones((4, 2)), np.ones((3, 1)), verbose=0))
show("empty", lambda: str(m.fit(np.ones((0, 2)), np.ones((0, 1)), verbose=0).history))
show("list x", lambda: m.fit([[1.0, 2.0]], [[1.0]], verbose=0).history["loss"][0] > 0)
show("str x", lambda: m.fit("abc", np.ones((1, 1)), verbose=0))
show("dict x seq", lambda: m.fit({"a": np.ones((2, 2))}, np.ones((2, 1)), verbose=0).epoch)
show("y none", lambda: m.fit(np.ones((2, 2)), verbose=0))
show("bad batch", lambda: str(m.fit(np.ones((2, 2)), np.ones((2, 1)), batch_size=0, verbose=0).params))
show("shuffle batch", lambda: m.fit(np.ones((2, 2)), np.ones((2, 1)), shuffle="batch", verbose=0).epoch)
show("sw len", lambda: m.fit(np.ones((2, 2)), np.ones((2, 1)), sample_weight=np.ones(3), verbose=0))
"""

SNIPPETS["evaluate_predict_forms"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones")])
m.compile("sgd", "mse", metrics=["mae"])
x, y = np.ones((5, 2), "float32"), np.zeros((5, 1), "float32")
show("eval list", lambda: [round(v, 4) for v in m.evaluate(x, y, verbose=0, batch_size=2)])
show("eval dict", lambda: str({k: round(v, 4) for k, v in m.evaluate(x, y, verbose=0, return_dict=True).items()}))
show("eval steps", lambda: round(m.evaluate(x, y, steps=1, batch_size=2, verbose=0)[0], 4))
show("predict steps", lambda: m.predict(x, steps=2, batch_size=2, verbose=0).shape)
show("predict list", lambda: m.predict([[1.0, 2.0]], verbose=0))
show("predict y ignored", lambda: m.predict(tf.data.Dataset.from_tensor_slices((x, y)).batch(2), verbose=0).shape)
show("predict empty", lambda: m.predict(np.ones((0, 2), "float32"), verbose=0))
show("eval no compile", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1)]).evaluate(x, y, verbose=0))
"""

SNIPPETS["compile_then_change_and_recompile"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
m.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
print(int(m.optimizer.iterations), [mm.name for mm in m.metrics])
m.compile(keras.optimizers.Adam(0.1), "mae")
print(int(m.optimizer.iterations), [mm.name for mm in m.metrics], m.loss)
m.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
print(int(m.optimizer.iterations), [mm.name for mm in m.metrics], [v.path for v in m.optimizer.variables][:3])
print(m.compiled, type(m.get_compile_config()).__name__, sorted(m.get_compile_config()))
show("loss fn obj", lambda: type(m.loss).__name__)
"""

SNIPPETS["metric_names_in_logs"] = _TRY + """
i = keras.Input((2,))
o1 = layers.Dense(1, name="o1")(i)
o2 = layers.Dense(2, name="o2", activation="softmax")(i)
m = keras.Model(i, [o1, o2])
m.compile("sgd", ["mse", "categorical_crossentropy"], metrics=[["mae"], ["accuracy", keras.metrics.AUC(name="auc")]])
h = m.fit(np.ones((4, 2)), [np.ones((4, 1)), np.array([[1, 0]] * 4, "float32")], verbose=0)
print(sorted(h.history))
m.compile("sgd", {"o1": "mse", "o2": "categorical_crossentropy"}, metrics={"o2": "acc"}, loss_weights={"o1": 0.5, "o2": 2.0})
h = m.fit(np.ones((4, 2)), {"o1": np.ones((4, 1)), "o2": np.array([[1, 0]] * 4, "float32")}, verbose=0)
print(sorted(h.history))
show("bad metrics key", lambda: (m.compile("sgd", "mse", metrics={"o3": "mae"}), m.fit(np.ones((4, 2)), [np.ones((4, 1)), np.ones((4, 2))], verbose=0)))
"""

SNIPPETS["masking_through_layers_compute_mask"] = _TRY + """
x = np.array([[[1.0], [0.0], [2.0]], [[0.0], [0.0], [3.0]]], "float32")
i = keras.Input((3, 1))
mk = layers.Masking(0.0)(i)
print(mk._keras_mask.shape if hasattr(mk, "_keras_mask") else None)
for L in (layers.Dense(2), layers.Conv1D(2, 1), layers.GlobalAveragePooling1D(), layers.LSTM(2, return_sequences=True), layers.Flatten(), layers.Reshape((3,)), layers.Dropout(0.1), layers.LayerNormalization()):
    out = L(mk)
    print(type(L).__name__, getattr(out, "_keras_mask", None) is not None)
show("concat masks", lambda: layers.Concatenate().compute_mask([x, x], [np.array([[1, 0, 1], [0, 0, 1]], bool), None]))
show("add masks", lambda: layers.Add().compute_mask([x, x], [np.array([[1, 0, 1], [0, 0, 1]], bool), np.array([[1, 1, 0], [1, 1, 1]], bool)]))
"""

SNIPPETS["normalization_adapt_and_invert"] = _TRY + """
n = layers.Normalization(axis=-1)
n.adapt(np.array([[1.0, 10.0], [3.0, 30.0]], "float32"))
show("mean var", lambda: (n.mean, n.variance))
show("call", lambda: n(np.array([[2.0, 20.0]], "float32")))
inv = layers.Normalization(axis=-1, invert=True, mean=[2.0, 20.0], variance=[1.0, 100.0])
show("invert", lambda: inv(np.array([[1.0, -1.0]], "float32")))
show("mean no var", lambda: layers.Normalization(mean=1.0))
show("axis none", lambda: layers.Normalization(axis=None, mean=2.0, variance=4.0)(np.array([[4.0, 6.0]], "float32")))
show("adapt bad shape", lambda: layers.Normalization(axis=-1, mean=[1.0, 2.0], variance=[1.0, 1.0])(np.ones((1, 3), "float32")))
show("adapt ds", lambda: (lambda l: (l.adapt(tf.data.Dataset.from_tensor_slices(np.array([[0.0], [4.0]], "float32")).batch(1)), l.mean)[1])(layers.Normalization()))
show("int input", lambda: layers.Normalization(mean=1.0, variance=1.0)(np.array([3], "int32")))
"""

SNIPPETS["resizing_crop_pad_aspect"] = _TRY + """
im = np.arange(2 * 4 * 1, dtype="float32").reshape(1, 2, 4, 1)
show("crop aspect", lambda: layers.Resizing(2, 2, crop_to_aspect_ratio=True)(im)[0, :, :, 0])
show("pad aspect", lambda: layers.Resizing(4, 4, pad_to_aspect_ratio=True, fill_value=-1.0)(im)[0, :, :, 0])
show("both", lambda: layers.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
show("nearest", lambda: layers.Resizing(1, 2, interpolation="nearest")(im)[0, :, :, 0])
show("bad interp", lambda: layers.Resizing(1, 2, interpolation="cubic3"))
show("center crop up", lambda: layers.CenterCrop(3, 6)(im).shape)
show("center crop int", lambda: layers.CenterCrop(1, 2)(np.arange(8).reshape(1, 2, 4, 1))[0, :, :, 0])
show("rescaling list", lambda: layers.Rescaling([1.0, 2.0], offset=[0.0, -1.0])(np.ones((1, 2), "float32")))
show("rescaling int", lambda: layers.Rescaling(0.5)(np.array([[4]], "uint8")))
"""

SNIPPETS["ops_control_flow_errors"] = _TRY + """
ops = keras.ops
show("switch clamp", lambda: ops.switch(5, [lambda x: x + 1, lambda x: x * 10], 2))
show("switch neg", lambda: ops.switch(-3, [lambda x: x + 1, lambda x: x * 10], 2))
show("cond mismatch", lambda: ops.cond(True, lambda: np.ones(2), lambda: np.ones(3)))
show("while max", lambda: ops.while_loop(lambda i: i < 10, lambda i: (i + 1,), (0,), maximum_iterations=3))
show("while tuple", lambda: ops.while_loop(lambda a, b: a < 3, lambda a, b: (a + 1, b * 2), (0, 1)))
show("fori", lambda: ops.fori_loop(0, 4, lambda i, v: v + i, 0))
show("scan reverse", lambda: ops.scan(lambda c, x: (c + x, c), 0, np.array([1, 2, 3]), reverse=True))
show("scan length", lambda: ops.scan(lambda c, x: (c + 1, c), 0, None, length=3))
show("scan none no len", lambda: ops.scan(lambda c, x: (c, c), 0, None))
show("assoc reverse", lambda: ops.associative_scan(lambda a, b: a + b, np.array([1, 2, 3]), reverse=True))
show("map nested", lambda: ops.map(lambda d: d["a"] * 2, {"a": np.array([1, 2])}))
"""

SNIPPETS["ops_linalg_rare_args"] = _TRY + """
ops = keras.ops
a = np.array([[4.0, 2.0], [2.0, 3.0]], "float32")
show("qr complete", lambda: [t.shape for t in ops.linalg.qr(np.ones((3, 2), "float32"), mode="complete")])
show("qr bad mode", lambda: ops.linalg.qr(a, mode="full"))
show("svd no uv", lambda: ops.linalg.svd(a, compute_uv=False))
show("svd full", lambda: [t.shape for t in ops.linalg.svd(np.ones((3, 2), "float32"), full_matrices=True)])
show("cholesky upper", lambda: ops.linalg.cholesky(a, upper=True))
show("solve_triangular lower", lambda: ops.linalg.solve_triangular(a, np.ones((2, 1), "float32"), lower=True))
show("norm fro", lambda: ops.linalg.norm(a, ord="fro"))
show("norm nuc", lambda: ops.linalg.norm(a, ord="nuc"))
show("norm bad", lambda: ops.linalg.norm(a, ord="max"))
show("norm vec inf", lambda: ops.linalg.norm(np.array([1.0, -3.0]), ord=np.inf))
show("norm 3d no axis", lambda: ops.linalg.norm(np.ones((2, 2, 2)), ord=2))
show("inv int", lambda: ops.linalg.inv(np.eye(2, dtype="int32")))
"""

SNIPPETS["ops_image_bad_args"] = _TRY + """
ops = keras.ops
im = np.ones((2, 4, 4, 3), "float32")
show("resize bad size", lambda: ops.image.resize(im, (2,)))
show("resize bad interp", lambda: ops.image.resize(im, (2, 2), interpolation="cubic"))
show("resize 2d", lambda: ops.image.resize(np.ones((4, 4)), (2, 2)))
show("crop bad", lambda: ops.image.crop_images(im, top_cropping=1, bottom_cropping=1, target_height=3))
show("pad bad", lambda: ops.image.pad_images(im, 1, 1, target_height=3, target_width=6))
show("gray 2ch", lambda: ops.image.rgb_to_grayscale(np.ones((1, 2, 2, 2), "float32")).shape)
show("hsv int", lambda: ops.image.rgb_to_hsv(np.ones((1, 1, 1, 3), "int32")))
show("affine bad", lambda: ops.image.affine_transform(im, np.ones((2, 7), "float32")))
show("affine fill", lambda: ops.image.affine_transform(im, np.ones((2, 8), "float32"), fill_mode="mirror"))
show("patches bad", lambda: ops.image.extract_patches(im, (2, 2, 2)))
"""

SNIPPETS["dtype_policies_quantized_and_map"] = _TRY + """
P = keras.dtype_policies
show("int8 from", lambda: repr(P.get("int8_from_float32")))
show("int8 names", lambda: (P.get("int8_from_mixed_bfloat16").compute_dtype, P.get("int8_from_mixed_bfloat16").variable_dtype, P.get("int8_from_mixed_bfloat16").quantization_mode))
show("bad quant", lambda: P.get("int3_from_float32"))
show("float8", lambda: repr(P.get("float8_from_float32")))
m = P.DTypePolicyMap(default_policy="float32")
m["dense/kernel"] = "bfloat16"
show("map get", lambda: (m["dense/kernel"].name, m["other"].name, len(m)))
show("map cfg", lambda: sorted(m.get_config()))
show("map set twice", lambda: m.__setitem__("dense/kernel", "float16"))
show("policy from cfg", lambda: P.deserialize(P.serialize(P.DTypePolicy("mixed_float16"))).name)
"""

SNIPPETS["model_quantize_int8_layers"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="d"), layers.EinsumDense("ab,bc->ac", output_shape=2, name="e")])
x = np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4)
ref = m(x)
m.quantize("int8")
print([(w.path, w.dtype) for w in m.weights])
print(m.get_layer("d").dtype_policy.name, m.get_layer("e").quantization_mode)
print(bool(np.max(np.abs(np.asarray(m(x)) - np.asarray(ref))) < 0.05))
show("twice", lambda: m.quantize("int8"))
show("bad mode", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1)]).quantize("int3"))
show("unbuilt", lambda: keras.Sequential([layers.Dense(1)]).quantize("int8"))
"""

SNIPPETS["optimizer_loss_scale_and_accumulation"] = _TRY + """
o = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2)
v = keras.Variable(np.array([1.0], "float32"))
o.apply_gradients([(np.array([np.inf], "float32"), v)])
show("after inf", lambda: (v.value, o.dynamic_scale))
o.apply_gradients([(np.array([8.0], "float32"), v)])
o.apply_gradients([(np.array([8.0], "float32"), v)])
show("after two", lambda: (v.value, o.dynamic_scale))
show("cfg", lambda: sorted(o.get_config()))
show("scale loss", lambda: o.scale_loss(np.float32(2.0)))
a = keras.optimizers.SGD(1.0, gradient_accumulation_steps=2)
w = keras.Variable(np.array([0.0], "float32"))
a.apply_gradients([(np.array([1.0], "float32"), w)])
show("acc 1", lambda: (w.value, a.iterations))
a.apply_gradients([(np.array([3.0], "float32"), w)])
show("acc 2", lambda: (w.value, a.iterations))
show("bad acc", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
"""

SNIPPETS["callbacks_swap_ema_and_progbar_count"] = _TRY + """
m = keras.Sequential([keras.Input((1,)), layers.Dense(1, kernel_initializer="zeros", use_bias=False)])
m.compile(keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5), "mse")
h = m.fit(np.ones((4, 1)), np.ones((4, 1)), epochs=2, batch_size=2, verbose=0, callbacks=[keras.callbacks.SwapEMAWeights(swap_on_epoch=True)])
show("kernel", lambda: m.layers[0].kernel)
show("ema vars", lambda: [v.path for v in m.optimizer.variables])
show("no ema", lambda: (m.compile("sgd", "mse"), m.fit(np.ones((2, 1)), np.ones((2, 1)), verbose=0, callbacks=[keras.callbacks.SwapEMAWeights()]))[1].epoch)
"""
