"""kprobe48's first set: keras.tree (structure packing, mapping and its errors),
keras.utils helpers (pack/unpack of x, y, sample_weight, is_keras_tensor, to_categorical,
normalize, pad_sequences), keras.config switches (image_data_format, floatx, epsilon),
keras.quantizers and Keras serialization helpers."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY as _TRY47

_TRY = _TRY47 + """
def show_cut(label, fn):  # (a message's set of names cut: its order is the strings' hashes')
    try:
        print(label, _text(fn()))
    except Exception as e:
        print(label, type(e).__name__, str(e).split(" {")[0])
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["tree_pack_and_flatten"] = _TRY + """
t = keras.tree
s = {"b": [1, (2, 3)], "a": 4}
show("flatten", lambda: str(t.flatten(s)))
show("pack", lambda: str(t.pack_sequence_as(s, [10, 20, 30, 40])))
show("pack too few", lambda: t.pack_sequence_as(s, [1, 2]))
show("pack too many", lambda: t.pack_sequence_as(s, [1, 2, 3, 4, 5]))
show("flatten_with_path", lambda: str(t.flatten_with_path(s)))
show("is_nested", lambda: str([t.is_nested(v) for v in (1, [1], (), {}, "ab", np.ones(2))]))
show("flatten None", lambda: str(t.flatten([None, (None,)])))
"""

SNIPPETS["tree_map_structure_errors"] = _TRY + """
t = keras.tree
show("map two", lambda: str(t.map_structure(lambda a, b: a + b, [1, (2,)], [10, (20,)])))
show("map mismatch", lambda: t.map_structure(lambda a, b: a + b, [1, 2], [1, (2,)]))
show("map list tuple", lambda: t.map_structure(lambda a, b: a + b, [1, 2], (1, 2)))
show("assert same ok", lambda: str(t.assert_same_structure([1, (2,)], [3, (4,)])))
show("assert same bad", lambda: t.assert_same_structure([1, 2], [1, 2, 3]))
show("assert dict keys", lambda: t.assert_same_structure({"a": 1}, {"b": 1}))
show("up_to", lambda: str(t.map_structure_up_to([0, 0], lambda v: str(v), [[1, 2], (3,)])))
show("lists_to_tuples", lambda: str(t.lists_to_tuples([1, [2, {"a": [3]}]])))
"""

SNIPPETS["tree_traverse_and_shapes"] = _TRY + """
t = keras.tree
seen = []
def visit(v):
    seen.append(type(v).__name__)
    return None
t.traverse(visit, [1, (2, {"k": 3})])
print(seen)
seen = []
t.traverse(visit, [1, (2, {"k": 3})], top_down=False)
print(seen)
show("traverse replace", lambda: str(t.traverse(lambda v: "X" if isinstance(v, tuple) else None, [1, (2, 3)])))
show("map_shape_structure", lambda: str(t.map_shape_structure(lambda s: len(s), {"a": (2, 3), "b": [(1,), (4, 5, 6)]})))
show("flatten tensor", lambda: len(t.flatten([tf.constant([1, 2]), np.ones(3)])))
"""

SNIPPETS["utils_pack_unpack_x_y_sw"] = _TRY + """
u = keras.utils
show("pack x", lambda: str(u.pack_x_y_sample_weight(1)))
show("pack xy", lambda: str(u.pack_x_y_sample_weight(1, 2)))
show("pack xysw", lambda: str(u.pack_x_y_sample_weight(1, 2, 3)))
show("pack x tuple", lambda: str(u.pack_x_y_sample_weight((1, 2))))
show("unpack 1", lambda: str(u.unpack_x_y_sample_weight((1,))))
show("unpack 2", lambda: str(u.unpack_x_y_sample_weight((1, 2))))
show("unpack 3", lambda: str(u.unpack_x_y_sample_weight([1, 2, 3])))
show("unpack plain", lambda: str(u.unpack_x_y_sample_weight(5)))
show("unpack 4", lambda: u.unpack_x_y_sample_weight((1, 2, 3, 4)))
"""

SNIPPETS["utils_is_keras_tensor"] = _TRY + """
i = keras.Input((3,))
o = layers.Dense(2)(i)
print(keras.utils.is_keras_tensor(i), keras.utils.is_keras_tensor(o))
print(keras.utils.is_keras_tensor(tf.ones(2)), keras.utils.is_keras_tensor(np.ones(2)))
print(type(i).__name__, i.shape, i.dtype, i.name[:5], i.ndim)
show("bool of symbolic", lambda: bool(i))
show("numpy of symbolic", lambda: np.asarray(i))
show("sparse input", lambda: str((keras.Input((4,), sparse=True).sparse, keras.Input((4,), ragged=True).ragged)))
show("input bad dtype", lambda: keras.Input((2,), dtype="nope"))
show("input batch_shape", lambda: str(keras.Input(batch_shape=(5, 2)).shape))
show("input both", lambda: keras.Input((2,), batch_shape=(5, 2)))
"""

SNIPPETS["utils_to_categorical_normalize"] = _TRY + """
u = keras.utils
show("cat", lambda: u.to_categorical([0, 2, 1]))
show("cat classes", lambda: u.to_categorical([0, 2], num_classes=4))
show("cat 2d", lambda: u.to_categorical([[1], [0]]))
show("cat too small", lambda: u.to_categorical([3], num_classes=2))
show("cat tensor", lambda: u.to_categorical(tf.constant([1, 0])))
show("normalize", lambda: u.normalize(np.array([[3.0, 4.0], [0.0, 0.0]])))
show("normalize l1", lambda: u.normalize(np.array([[1.0, 3.0]]), order=1))
show("normalize axis0", lambda: u.normalize(np.array([[3.0, 1.0], [4.0, 1.0]]), axis=0))
show("normalize int", lambda: u.normalize(np.array([[3, 4]])))
"""

SNIPPETS["utils_pad_sequences_edges"] = _TRY + """
p = keras.utils.pad_sequences
show("default", lambda: p([[1, 2, 3], [4]]))
show("pre trunc post pad", lambda: p([[1, 2, 3, 4], [5]], maxlen=3, truncating="pre", padding="post"))
show("value float", lambda: p([[1.5, 2.5], [3.5]], dtype="float32", value=-1.0))
show("strings", lambda: p([["a", "b"], ["c"]], dtype=object, value="_"))
show("empty seq", lambda: p([[], [1, 2]]))
show("bad padding", lambda: p([[1]], padding="middle"))
show("bad truncating", lambda: p([[1, 2]], maxlen=1, truncating="mid"))
show("str with int dtype", lambda: p([["a"]], value="x"))
show("maxlen 0", lambda: p([[1, 2]], maxlen=0))
"""

SNIPPETS["config_image_data_format_switch"] = _TRY + """
c = keras.config
print(c.image_data_format())
c.set_image_data_format("channels_first")
try:
    l = layers.Conv2D(2, 3)
    print(l.data_format)
    show("cf conv", lambda: l.compute_output_shape((1, 1, 5, 5)))
    print(layers.MaxPooling2D().data_format, layers.GlobalAveragePooling2D().data_format)
    print(layers.BatchNormalization().axis if hasattr(layers.BatchNormalization(), "axis") else None)
finally:
    c.set_image_data_format("channels_last")
show("bad format", lambda: c.set_image_data_format("channels_middle"))
print(c.image_data_format())
"""

SNIPPETS["config_floatx_switch"] = _TRY + """
c = keras.config
print(c.floatx(), c.epsilon())
c.set_floatx("float64")
try:
    d = layers.Dense(2)
    d.build((None, 3))
    print(d.kernel.dtype, d.compute_dtype, d.dtype_policy.name)
    show("dense out", lambda: d(np.ones((1, 3), "float32")).dtype)
    print(keras.ops.ones((2,)).dtype, keras.ops.zeros((1,)).dtype)
    print(keras.Input((2,)).dtype)
finally:
    c.set_floatx("float32")
show_cut("bad floatx", lambda: c.set_floatx("int32"))
show_cut("bad floatx name", lambda: c.set_floatx("float"))
c.set_epsilon(1e-3)
print(c.epsilon())
c.set_epsilon(1e-7)
"""

SNIPPETS["config_dtype_policy_global"] = _TRY + """
c = keras.config
c.set_dtype_policy("mixed_bfloat16")
try:
    print(c.dtype_policy().name)
    d = layers.Dense(2)
    show("out", lambda: d(np.ones((1, 3), "float32")).dtype)
    print(d.kernel.dtype, d.variable_dtype, d.compute_dtype)
    print(layers.Activation("softmax", dtype="float32").compute_dtype)
finally:
    c.set_dtype_policy("float32")
print(c.dtype_policy().name)
show("bad policy", lambda: c.set_dtype_policy("mixed_int8"))
show("policy obj", lambda: keras.DTypePolicy("mixed_float16").variable_dtype)
show("policy repr", lambda: repr(keras.DTypePolicy("bfloat16")))
"""

SNIPPETS["quantizers_abs_max"] = _TRY + """
q = keras.quantizers
show("abs max", lambda: q.abs_max_quantize(np.array([[1.0, -2.0, 0.5]], "float32"), axis=-1))
show("abs max int8 range", lambda: q.abs_max_quantize(np.array([0.1, 0.2, -0.4], "float32"), axis=0, value_range=(-127, 127)))
show("compute scale", lambda: q.compute_float8_scale(np.float32(10.0), np.float32(2.0), np.float32(1.0)))
show("compute amax history", lambda: q.compute_float8_amax_history(np.array([1.0, 2.0], "float32"), np.array([0.0, 0.0, 0.0], "float32")))
show("quantize_and_dequantize", lambda: q.quantize_and_dequantize(np.array([0.3, -1.7], "float32"), np.float32(1.0), "float8_e4m3fn", "float32"))
show("AbsMaxQuantizer", lambda: q.AbsMaxQuantizer(axis=-1)(np.array([[2.0, -1.0]], "float32")))
show("config", lambda: str(q.AbsMaxQuantizer(axis=-1).get_config()))
"""

SNIPPETS["serialize_keras_object_forms"] = _TRY + """
s = keras.saving
show("fn", lambda: str(s.serialize_keras_object(keras.activations.relu)))
show("str", lambda: str(s.serialize_keras_object("relu")))
show("none", lambda: str(s.serialize_keras_object(None)))
show("tuple", lambda: str(s.serialize_keras_object((1, 2))))
show("np array", lambda: str(s.serialize_keras_object(np.array([1.5, 2.0], "float32"))))
show("dtype", lambda: str(s.serialize_keras_object(np.float32)))
show("loss obj", lambda: str(s.serialize_keras_object(keras.losses.Huber(delta=2.0))))
show("back", lambda: type(s.deserialize_keras_object(s.serialize_keras_object(keras.losses.Huber(delta=2.0)))).__name__)
show("unknown", lambda: s.deserialize_keras_object({"class_name": "Nope", "config": {}, "module": "keras.layers"}))
"""

SNIPPETS["register_serializable_names"] = _TRY + """
@keras.saving.register_keras_serializable(package="pk48", name="Twice")
class Twice(layers.Layer):
    def call(self, x):
        return 2 * x
print(keras.saving.get_registered_name(Twice))
print(keras.saving.get_registered_object("pk48>Twice") is Twice)
print(keras.saving.get_registered_name(layers.Dense))
cfg = keras.saving.serialize_keras_object(Twice())
print(cfg["registered_name"], cfg["class_name"], cfg["module"])
show("round", lambda: type(keras.saving.deserialize_keras_object(cfg)).__name__)
@keras.saving.register_keras_serializable("pk48")
def my_act(x):
    return x
print(keras.saving.get_registered_name(my_act))
show("act by name", lambda: layers.Dense(1, activation="pk48>my_act").activation.__name__)
show("register non class", lambda: keras.saving.register_keras_serializable("pk48")(3))
"""

SNIPPETS["custom_object_scope_forms"] = _TRY + """
class Half(layers.Layer):
    def call(self, x):
        return x / 2
m = keras.Sequential([keras.Input((2,)), Half(name="h")])
cfg = m.get_config()
show("no scope", lambda: keras.Sequential.from_config(cfg))
with keras.saving.custom_object_scope({"Half": Half}):
    show("scope", lambda: [type(l).__name__ for l in keras.Sequential.from_config(cfg).layers])
with keras.utils.custom_object_scope({"Half": Half}):
    print(keras.saving.get_custom_objects().get("Half") is Half)
print("Half" in keras.saving.get_custom_objects())
show("CustomObjectScope", lambda: type(keras.saving.CustomObjectScope({"Half": Half})).__name__)
"""

SNIPPETS["utils_split_dataset_arrays"] = _TRY + """
u = keras.utils
a, b = u.split_dataset(np.arange(10), left_size=0.3, shuffle=False)
print([int(v) for v in a], [int(v) for v in b])
a, b = u.split_dataset((np.arange(6), np.arange(6) * 10), right_size=2)
print(len(list(a)), len(list(b)), type(a).__name__)
show("both none", lambda: u.split_dataset(np.arange(4)))
show("too big", lambda: u.split_dataset(np.arange(4), left_size=5))
show("float over one", lambda: u.split_dataset(np.arange(4), left_size=1.5))
show("sum over", lambda: u.split_dataset(np.arange(4), left_size=3, right_size=3))
show("neg", lambda: u.split_dataset(np.arange(4), left_size=-1))
"""

SNIPPETS["utils_timeseries_targets_edges"] = _TRY + """
d = np.arange(10)
ds = keras.utils.timeseries_dataset_from_array(d, d[3:], sequence_length=3, batch_size=4)
for xb, yb in ds:
    print(xb.numpy().tolist(), yb.numpy().tolist())
ds = keras.utils.timeseries_dataset_from_array(d, None, sequence_length=4, sequence_stride=3, sampling_rate=2)
print([b.numpy().tolist() for b in ds])
show("start end", lambda: [b.numpy().tolist() for b in keras.utils.timeseries_dataset_from_array(d, None, 2, start_index=5, end_index=8)])
show("bad rate", lambda: keras.utils.timeseries_dataset_from_array(d, None, 2, sampling_rate=0))
show("bad stride", lambda: keras.utils.timeseries_dataset_from_array(d, None, 2, sequence_stride=0))
show("start too big", lambda: keras.utils.timeseries_dataset_from_array(d, None, 2, start_index=20))
show("targets len", lambda: keras.utils.timeseries_dataset_from_array(d, d[:5], 2))
"""

SNIPPETS["utils_progbar_direct"] = _TRY + """
import contextlib, io
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    pb = keras.utils.Progbar(4, verbose=2, stateful_metrics=["acc"])
    pb.update(2, values=[("loss", 1.0), ("acc", 0.5)])
    pb.update(4, values=[("loss", 3.0), ("acc", 0.75)], finalize=True)
    print()
    pb = keras.utils.Progbar(None, verbose=2)
    pb.update(3, values=[("loss", 2.0)])
    pb.update(5, values=[("loss", 4.0)], finalize=True)
    print("target", pb.target)
    pb = keras.utils.Progbar(3, verbose=2, unit_name="sample")
    pb.add(1, values=[("m", 1.0)])
    pb.add(2, values=[("m", 3.0)])
print(re.sub(r"\\d+us/", "Nus/", buf.getvalue()))
"""

SNIPPETS["utils_get_source_inputs_and_layer_utils"] = _TRY + """
i = keras.Input((3,), name="src")
h = layers.Dense(2)(i)
o = layers.Dense(1)(h)
print([t.name for t in keras.utils.get_source_inputs(o)])
print([t.name for t in keras.utils.get_source_inputs(i)])
show("source of tensor", lambda: keras.utils.get_source_inputs(tf.ones(2)))
m = keras.Model(i, o)
show("count_params", lambda: m.count_params())
show("standardize_dtype", lambda: keras.backend.standardize_dtype("float"))
show("standardize bad", lambda: keras.backend.standardize_dtype("floaty"))
show("result_type", lambda: keras.backend.result_type("int8", "uint8", "float16"))
show("result_type bool", lambda: keras.backend.result_type("bool", "int32"))
show("is_float", lambda: str([keras.backend.is_float_dtype(d) for d in ("float16", "int32", "bfloat16")]))
"""

SNIPPETS["utils_seeds_and_random_gen"] = _TRY + """
g = keras.random.SeedGenerator(3)
a = keras.random.uniform((2,), seed=g)
b = keras.random.uniform((2,), seed=g)
print(bool(np.all(a.numpy() != b.numpy())))
print(type(g.state).__name__, g.state.dtype, list(g.state.shape))
show("bad seed", lambda: keras.random.SeedGenerator("x"))
show("seed tuple", lambda: keras.random.normal((1,), seed=(1, 2)).shape)
show("seed float", lambda: keras.random.normal((1,), seed=1.5))
show("gen config", lambda: str(keras.random.SeedGenerator(7).get_config()))
show("randint dtype", lambda: keras.random.randint((3,), 0, 5, seed=1, dtype="int64").dtype)
show("randint float", lambda: keras.random.randint((3,), 0, 5, seed=1, dtype="float32"))
"""
