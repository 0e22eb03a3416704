"""kprobe38's third batch: a model's state tree (get_state_tree / set_state_tree), layers'
stateless_call, add_variable and add_metric, int4 quantization, and the legacy
keras.preprocessing and keras.legacy namespaces (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_SHAPES = """
def shapes(tree, typed=False):
    if isinstance(tree, dict):
        return {k: shapes(v, typed) for k, v in tree.items()}
    return (type(tree).__name__, tuple(np.shape(tree))) if typed else tuple(np.shape(tree))
"""

SNIPPETS["model_state_tree_get_and_set"] = _TRY + _SHAPES + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d"), layers.BatchNormalization(name="bn")], name="seq")
fill_bn(m)
m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
tryq("before_fit", lambda: shapes(m.get_state_tree()))
m.fit(X, np.ones((8, 2), "float32"), epochs=1, verbose=0)
t = m.get_state_tree()
print(shapes(t))
print(shapes(m.get_state_tree(value_format="numpy_array"), typed=True))
tryq("bad_format", lambda: m.get_state_tree(value_format="list"))
t["trainable_variables"]["seq"]["d"]["kernel"] = np.full((3, 2), 0.25, "float32")
m.set_state_tree(t)
print(r4(m.layers[0].kernel))
tryq("set_unknown_key", lambda: m.set_state_tree({"nope": {}}))
tryq("set_wrong_shape", lambda: m.set_state_tree({"trainable_variables": {"seq": {"d": {"kernel": np.zeros((2, 2), "float32")}}}}))
inp = keras.Input((3,), name="x")
f = keras.Model(inp, layers.Dense(1, name="head")(layers.Dense(2, name="body")(inp)), name="fn")
tryq("uncompiled", lambda: shapes(f.get_state_tree()))
f.compile(optimizer="sgd", loss="mse")
print(shapes(f.get_state_tree()))
"""

SNIPPETS["layer_stateless_call"] = _TRY + """
d = layers.Dense(2, name="d")
d.build((None, 3))
fill(d)
tv = [np.full(v.shape, 0.5, "float32") for v in d.trainable_variables]
out, ntv = d.stateless_call(tv, [], F)
show("dense_out", lambda: out)
print(ntv)
show("dense_unchanged", lambda: d.kernel)
tryq("wrong_count", lambda: d.stateless_call(tv[:1], [], F))
tryq("wrong_shape", lambda: d.stateless_call([np.zeros((2, 2), "float32"), tv[1]], [], F))
bn = layers.BatchNormalization(momentum=0.5)
bn.build((None, 3))
out, ntv = bn.stateless_call([v.numpy() for v in bn.trainable_variables], [v.numpy() for v in bn.non_trainable_variables], F, training=True)
show("bn_out", lambda: out)
print([r4(v) for v in ntv])
print(r4(bn.moving_mean))
tryq("return_losses", lambda: len(layers.Dense(1, kernel_regularizer="l2").stateless_call if False else d.stateless_call(tv, [], F, return_losses=True)))
tryq("unbuilt", lambda: layers.Dense(2).stateless_call([], [], F))
"""

SNIPPETS["add_variable_and_add_metric"] = _TRY + """
class L(layers.Layer):
    def build(self, shape):
        self.a = self.add_variable((2,), initializer="ones", name="a")
        self.b = self.add_variable((), initializer=None, dtype="int32", trainable=False, name="b")
        self.c = self.add_weight(shape=(1,), initializer=keras.initializers.Constant(3.0), name="c", regularizer="l1", constraint="non_neg")
    def call(self, x):
        return x * self.a[0] + self.c[0]
l = L()
show("call", lambda: l(np.ones((1, 2), "float32")))
print([(w.path, w.dtype, w.trainable, tuple(w.shape)) for w in l.weights])
print(r4(l.b), [r4(x) for x in l.losses])
tryq("add_metric", lambda: l.add_metric(1.0, name="m"))
tryq("add_variable_bad_init", lambda: l.add_variable((2,), initializer="nope"))
tryq("add_weight_bad_shape", lambda: l.add_weight(shape=(-1,)))
tryq("add_weight_str_dtype", lambda: layers.Layer().add_weight(shape=(1,), dtype="string"))
tryq("add_weight_agg", lambda: layers.Layer().add_weight(shape=(1,), aggregation="median"))
tryq("add_weight_built", lambda: l.add_weight(shape=(1,)))
tryq("add_weight_no_shape", lambda: tuple(layers.Layer().add_weight(name="s").shape))
"""

SNIPPETS["quantize_int4_and_modes"] = _TRY + """
d = layers.Dense(4, name="d")
d.build((None, 8))
fill(d)
x = np.linspace(-1, 1, 16, dtype="float32").reshape(2, 8)
ref = np.asarray(d(x))
d.quantize("int4")
print(d.dtype_policy.name, d.quantization_mode if hasattr(d, "quantization_mode") else None)
print([(w.path, w.dtype, tuple(w.shape)) for w in d.weights])
out = np.asarray(d(x))
print(out.dtype, out.shape, round(float(np.abs(out - ref).max()), 2) < 0.5)
cfg = d.get_config()
tryq("config_dtype", lambda: cfg["dtype"])
tryq("twice", lambda: d.quantize("int4"))
e = layers.Dense(2)
e.build((None, 3))
tryq("bad_mode", lambda: e.quantize("int2"))
tryq("unbuilt", lambda: layers.Dense(2).quantize("int4"))
emb = layers.Embedding(10, 4)
emb.build((None,))
tryq("embedding_int4", lambda: (emb.quantize("int4"), emb.dtype_policy.name)[1])
ed = layers.EinsumDense("ab,bc->ac", output_shape=4)
ed.build((None, 8))
tryq("einsum_int4", lambda: (ed.quantize("int4"), [tuple(w.shape) for w in ed.weights])[1])
"""

SNIPPETS["legacy_preprocessing_namespaces"] = _TRY + """
P = keras.preprocessing
print(P.sequence.pad_sequences is keras.utils.pad_sequences, P.timeseries_dataset_from_array is keras.utils.timeseries_dataset_from_array)
img = np.arange(2 * 4 * 6 * 3, dtype="float32").reshape(2, 4, 6, 3)
img4("smart_resize", lambda: P.image.smart_resize(img, (3, 3)))
img4("smart_resize_one", lambda: P.image.smart_resize(img[0], (8, 4)))
img4("smart_resize_nearest", lambda: P.image.smart_resize(img[0], (2, 2), interpolation="nearest"))
tryq("smart_resize_rank", lambda: P.image.smart_resize(np.ones((4,), "float32"), (2, 2)))
tryq("smart_resize_size", lambda: P.image.smart_resize(img[0], (2, 2, 2)))
img4("img_to_array", lambda: P.image.img_to_array(img[0]))
img4("img_to_array_cf", lambda: P.image.img_to_array(img[0], data_format="channels_first"))
tryq("img_to_array_fmt", lambda: P.image.img_to_array(img[0], data_format="nhwc"))
show("pad", lambda: P.sequence.pad_sequences([[1, 2], [3]], maxlen=3))
print([x for x in dir(keras.legacy.saving) if not x.startswith("_")])
"""
