"""kprobe38's second batch: keras.tree's functions and their errors, the bounding-box
utilities, Keras 3's base classes subclassed (Loss, Regularizer, Initializer, Metric,
Operation, Function), remat and RematScope, keras.distribution on this backend, newer keras.ops on KerasTensors and across dtypes, image/audio layers in
functional models, and max_epochs / max_steps_per_epoch (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["tree_functions_and_errors"] = _TRY + """
T = keras.tree
s = {"b": [1, (2, 3)], "a": {"y": 4, "x": None}}
tryq("flatten", lambda: T.flatten(s))
tryq("flatten_path", lambda: T.flatten_with_path(s))
tryq("is_nested", lambda: (T.is_nested([]), T.is_nested(()), T.is_nested(F), T.is_nested("ab"), T.is_nested({})))
tryq("map", lambda: T.map_structure(lambda a, b: a + b, [1, (2,)], [10, (20,)]))
tryq("map_mismatch", lambda: T.map_structure(lambda a, b: a + b, [1, 2], [1]))
tryq("map_type_mismatch", lambda: T.map_structure(lambda a, b: a + b, [1, 2], (1, 2)))
tryq("map_none_fn", lambda: T.map_structure(None, [1]))
tryq("map_up_to", lambda: T.map_structure_up_to([None, None], lambda a: len(a), [[1, 2], (3,)]))
tryq("assert_same", lambda: T.assert_same_structure([1, [2]], [1, 2]))
tryq("assert_same_ok", lambda: T.assert_same_structure((1, 2), [3, 4]))
tryq("assert_paths", lambda: T.assert_same_paths({"a": 1}, {"b": 1}))
tryq("pack", lambda: T.pack_sequence_as({"b": [0, 0], "a": 0}, [1, 2, 3]))
tryq("pack_short", lambda: T.pack_sequence_as([0, [0, 0]], [1, 2]))
tryq("pack_long", lambda: T.pack_sequence_as([0, 0], [1, 2, 3]))
tryq("traverse", lambda: T.traverse(lambda x: T.MAP_TO_NONE if x == 2 else None, [1, [2, 3]]))
tryq("traverse_bottom_up", lambda: T.traverse(lambda x: x * 10 if isinstance(x, int) else None, [1, [2]], top_down=False))
tryq("lists_to_tuples", lambda: T.lists_to_tuples([1, [2, {"a": [3]}]]))
tryq("map_shape", lambda: T.map_shape_structure(lambda s: s, {"a": (None, 3), "b": [(2,), (4, 5)]}))
"""

SNIPPETS["bounding_box_utilities"] = _TRY + """
BB = keras.utils.bounding_boxes
b = np.array([[10.0, 20.0, 50.0, 60.0], [0.0, 0.0, 100.0, 40.0]], "float32")
for target in ("xywh", "center_xywh", "yxyx", "center_yxhw", "rel_xyxy", "rel_xywh"):
    show("xyxy->" + target, lambda: BB.convert_format(b, "xyxy", target, height=100, width=200))
show("round_trip", lambda: BB.convert_format(BB.convert_format(b, "xyxy", "center_xywh"), "center_xywh", "xyxy"))
show("rel_no_size", lambda: BB.convert_format(b, "xyxy", "rel_xyxy"))
show("bad_format", lambda: BB.convert_format(b, "xyxy", "xxyy"))
show("iou", lambda: BB.compute_iou(b, b[::-1], bounding_box_format="xyxy"))
show("iou_xywh", lambda: BB.compute_iou(b[:1], np.array([[20.0, 30.0, 40.0, 40.0]], "float32"), bounding_box_format="xywh"))
show("ciou", lambda: BB.compute_ciou(b, b[::-1], bounding_box_format="xyxy"))
show("clip", lambda: BB.clip_to_image_size({"boxes": np.array([[-5.0, 10.0, 250.0, 90.0]], "float32"), "labels": np.array([1])}, bounding_box_format="xyxy", height=50, width=200))
"""

SNIPPETS["base_classes_subclassed"] = _TRY + """
class Abs(keras.Loss):
    def call(self, y_true, y_pred):
        return O.mean(O.abs(y_true - y_pred), axis=-1)
yt, yp = np.zeros((2, 3), "float32"), F
show("loss_default", lambda: Abs()(yt, yp))
show("loss_sum", lambda: Abs(reduction="sum")(yt, yp))
show("loss_weighted", lambda: Abs()(yt, yp, sample_weight=np.array([1.0, 0.0], "float32")))
print(Abs(name="ab").get_config())
unordered("loss_bad_red", lambda: Abs(reduction="max"))  # (a set of strings: its order varies by run)
class L1(keras.Regularizer):
    def __call__(self, x):
        return 0.1 * O.sum(O.abs(x))
show("reg", lambda: L1()(F))
tryz("reg_config", lambda: L1().get_config())
class Halves(keras.Initializer):
    def __call__(self, shape, dtype=None):
        return O.full(shape, 0.5, dtype=dtype)
show("init", lambda: Halves()((2, 2)))
tryq("init_config", lambda: Halves().get_config())
d = layers.Dense(2, kernel_initializer=Halves(), kernel_regularizer=L1())
show("dense_out", lambda: d(np.ones((1, 3), "float32")))
show("dense_losses", lambda: d.losses)
class NoResult(keras.metrics.Metric):
    def update_state(self, *a, **k):
        pass
tryq("metric_no_result", lambda: NoResult().result())
tryq("metric_abstract", lambda: keras.metrics.Metric()())
"""

SNIPPETS["operation_and_function_classes"] = _TRY + """
class Double(keras.Operation):
    def call(self, x):
        return x * 2
    def compute_output_spec(self, x):
        return keras.KerasTensor(x.shape, x.dtype)
op = Double()
show("eager", lambda: op(F))
inp = keras.Input((3,), name="i")
out = op(inp)
print(_cut(repr(out)), op.name)
fn = keras.Function(inp, out)
show("fn_call", lambda: fn(F))
print(fn.name if hasattr(fn, "name") else None, [t.name for t in fn.inputs], len(fn.outputs), len(fn.operations))
a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
f2 = keras.Function({"a": a, "b": b}, [a + b, a * b])
show("fn_dict", lambda: f2({"a": np.ones((1, 2), "float32"), "b": np.full((1, 2), 3.0, "float32")}))
tryq("fn_missing_key", lambda: f2({"a": np.ones((1, 2), "float32")}))
tryq("fn_bad_rank", lambda: fn(np.ones((3,), "float32")))
tryq("fn_unconnected", lambda: keras.Function(a, b))
"""

SNIPPETS["remat_and_remat_scope"] = _TRY + """
f = keras.remat(lambda x: O.sin(x) * 2.0)
show("remat_value", lambda: f(np.array([0.0, 1.0], "float32")))
v = tf.Variable([0.0, 1.0])
with tf.GradientTape() as tape:
    y = O.sum(f(v))
show("remat_grad", lambda: tape.gradient(y, v))
for mode in ("full", "activations", "larger_than", "list_of_layers", None):
    try:
        with keras.RematScope(mode=mode, output_size_threshold=2, layer_names=["d"]) as s:
            l = layers.Dense(2, name="d")
            out = l(np.ones((1, 3), "float32"))
        print(mode, tuple(out.shape), s.mode)
    except Exception as e:
        print(mode, type(e).__name__, str(e)[:200])
tryq("bad_mode", lambda: keras.RematScope(mode="sometimes"))
"""

SNIPPETS["distribution_on_tensorflow"] = _TRY + """
DI = keras.distribution
tryq("devices", lambda: DI.list_devices())
tryq("count", lambda: DI.get_device_count())
tryq("count_gpu", lambda: DI.get_device_count("gpu"))
tryq("mesh", lambda: DI.DeviceMesh((1,), ["batch"], devices=["cpu:0"]))
tryq("mesh_bad", lambda: DI.DeviceMesh((2,), ["batch", "model"]))
tryq("data_parallel", lambda: DI.DataParallel(devices=["cpu:0"]))
tryq("current", lambda: DI.distribution())
tryq("layout", lambda: DI.TensorLayout(["batch", None]))
"""

SNIPPETS["newer_ops_on_keras_tensors"] = _TRY + """
k = keras.Input((4, 6), batch_size=2)
k8 = keras.Input((4,), dtype="int8")
for label, fn in [("saturate_cast", lambda: O.saturate_cast(k, "uint8")), ("view", lambda: O.view(k, "int32")),
                  ("isin", lambda: O.isin(k8, [1, 2])), ("rearrange", lambda: O.rearrange(k, "b h w -> b (h w)")),
                  ("rms", lambda: O.rms_normalization(k)), ("ln", lambda: O.layer_normalization(k)),
                  ("unfold", lambda: O.unfold(keras.Input((1, 4, 4)), 2)), ("rot90", lambda: O.rot90(k)),
                  ("quantile", lambda: O.quantile(k, 0.5, axis=1)), ("nanquantile", lambda: O.nanquantile(k, [0.1, 0.9])),
                  ("array_split", lambda: O.array_split(k, 3, axis=2)), ("geomspace", lambda: O.geomspace(1.0, k[0, 0, :2], 3)),
                  ("dpa", lambda: O.dot_product_attention(keras.Input((3, 2, 4)), keras.Input((5, 2, 4)), keras.Input((5, 2, 4)))),
                  ("window", lambda: O.hamming(k8.shape[1])), ("extract_sequences", lambda: O.extract_sequences(keras.Input((10,)), 4, 3)),
                  ("polar", lambda: O.polar(k, k)), ("ndim", lambda: O.ndim(k8))]:
    try:
        r = fn()
        print(label, _cut(repr(r)) if not isinstance(r, (list, tuple)) else [tuple(x.shape) for x in r])
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
"""

SNIPPETS["newer_ops_across_dtypes"] = _TRY + """
sweep("saturate_to_u8", lambda d: O.saturate_cast(arr([-3, 1, 300], d), "uint8"))
sweep("saturate_to_i16", lambda d: O.saturate_cast(arr([-3, 1, 70000], d), "int16"))
sweep("isin", lambda d: O.isin(arr([0, 1, 2], d), arr([1], d)))
sweep("rms", lambda d: O.rms_normalization(arr([[1, 2, 3]], d)))
sweep("ln", lambda d: O.layer_normalization(arr([[1, 2, 3]], d)))
sweep("rot90", lambda d: O.rot90(arr([[1, 0], [2, 3]], d)))
sweep("unfold", lambda d: O.unfold(arr(np.ones((1, 1, 3, 3)), d), 2))
sweep("geomspace", lambda d: O.geomspace(arr(1, d), arr(8, d), 4))
sweep("quantile", lambda d: O.quantile(arr([1, 2, 3, 4], d), 0.5))
sweep("extract_sequences", lambda d: O.extract_sequences(arr([1, 2, 3, 4], d), 2, 1))
sweep("array_split", lambda d: O.array_split(arr([1, 2, 3], d), 2)[0])
sweep("view_as_i8", lambda d: O.view(arr([1, 2], d), "int8"))
"""

SNIPPETS["image_audio_layers_in_functional_models"] = _TRY + """
inp = keras.Input((6, 6, 3), name="img")
x = layers.RandomGrayscale(factor=0.5, name="gray")(inp)
x = layers.Solarization(value_range=(0, 255), name="solar")(x)
x = layers.RandomPosterization(4, value_range=(0, 255), name="post")(x)
x = layers.AutoContrast(value_range=(0, 255), name="ac")(x)
x = layers.AdaptiveAveragePooling2D(3, name="aap")(x)
m = keras.Model(inp, layers.Flatten(name="flat")(x), name="colors")
m.summary()
img4("predict", lambda: m.predict(IMG, verbose=0))
a = keras.Input((400,), name="wave")
mel = layers.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000, name="mel")(a)
st = layers.STFTSpectrogram(frame_length=32, frame_step=16, window=None, name="stft")(layers.Reshape((400, 1), name="rs")(a))
m2 = keras.Model(a, [mel, st], name="audio")
m2.summary()
print([tuple(o.shape) for o in m2.outputs])
"""

SNIPPETS["max_epochs_and_max_steps_per_epoch"] = _TRY + """
C = keras.config
print(C.max_epochs(), C.max_steps_per_epoch())
m = dense_model()
C.set_max_epochs(2)
C.set_max_steps_per_epoch(1)
try:
    h = m.fit(X, Y, epochs=5, batch_size=2, verbose=0)
    print(logs4(h), h.params)
    bars(lambda: m.fit(X, Y, epochs=4, batch_size=4, verbose=2))
    print(m.optimizer.iterations.numpy())
finally:
    C.set_max_epochs(None)
    C.set_max_steps_per_epoch(None)
print(C.max_epochs(), C.max_steps_per_epoch())
tryq("neg", lambda: (C.set_max_epochs(-1), C.max_epochs())[1])
C.set_max_epochs(None)
"""

SNIPPETS["name_scope_and_device_scopes"] = _TRY + """
with keras.name_scope("outer"):
    with keras.name_scope("inner"):
        v = keras.Variable(1.0, name="v")
    l = layers.Dense(2, name="d")
    l.build((None, 3))
print(v.path, [w.path for w in l.weights])
with keras.name_scope("o2", caller=None):
    v2 = keras.Variable(2.0, name="w")
print(v2.path)
tryq("scope_name_type", lambda: keras.name_scope(3))
with keras.device("cpu:0"):
    t = O.ones((2,))
print(t.device.endswith("CPU:0"))
scope = keras.device("tpu:7")  # (entered and left: a scope left open outlives the test)
tryq("device_bad", lambda: scope.__enter__())
scope.__exit__(None, None, None)
v3 = keras.Variable(3.0, name="sv")
with keras.StatelessScope(state_mapping=[(v3, np.float32(7.0))]) as sc:
    tryq("read_in_stateless", lambda: float(v3.numpy()) if hasattr(v3, "numpy") else None)
    v3.assign(5.0)
    tryq("assigned_in_stateless", lambda: float(sc.get_current_value(v3)))
    tryq("create_in_stateless", lambda: keras.Variable(1.0))
print(float(v3.numpy()))
with keras.SymbolicScope():
    print(keras.backend.is_keras_tensor(O.ones((2,))) if hasattr(keras.backend, "is_keras_tensor") else None)
"""
