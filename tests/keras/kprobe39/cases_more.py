"""kprobe39's snippets over keras.ops' control flow on KerasTensors (structures, several
operands, lengths, mismatches and the models they build), layer calls given `training`
or a mask by position, metrics of a model over masked timesteps, losses in other dtypes,
checkpoint callbacks' thresholds and modes, the sparse flags of ops' outputs on
KerasTensors, and ops given arguments their signatures refuse."""

from tests.keras.kprobe39.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["control_flow_on_keras_tensors_structures"] = _TRY + """
O = keras.ops
a = keras.Input((3,), batch_size=2, name="a")
b = keras.Input((3,), batch_size=2, name="b")
i = keras.Input((), dtype="int32", batch_size=1, name="i")
def show_all(label, fn):
    try:
        r = fn()
        print(label, [_cut(repr(x)) for x in keras.tree.flatten(r)], type(r).__name__)
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
show_all("cond_struct", lambda: O.cond(O.all(a > 0), lambda: {"x": a + b, "y": a[:, :1]},
                                       lambda: {"x": a - b, "y": b[:, 1:2]}))
show_all("cond_dtype", lambda: O.cond(O.all(a > 0), lambda: O.cast(a, "int32"), lambda: a))
show_all("cond_struct_mismatch", lambda: O.cond(O.all(a > 0), lambda: (a, b), lambda: [a, b]))
show_all("cond_python_pred", lambda: O.cond(True, lambda: a, lambda: b))
show_all("switch_two", lambda: O.switch(i[0], [lambda x, y: x + y, lambda x, y: x * y], a, b))
show_all("switch_tuple_out", lambda: O.switch(i[0], [lambda x: (x, O.sum(x)), lambda x: (x,
    O.max(x))], a))
show_all("switch_index_only", lambda: O.switch(i[0], [lambda x: x, lambda x: x], np.ones((2,),
    "float32")))
show_all("scan_length", lambda: O.scan(lambda c, x: (c + 1.0, c * 2.0), a, None, length=4))
show_all("scan_dict", lambda: O.scan(lambda c, x: (c, {"s": O.sum(x), "x": x}), O.zeros(()), a))
show_all("scan_reverse", lambda: O.scan(lambda c, x: (c + x, x), O.zeros((3,)), a, reverse=True))
show_all("while_max", lambda: O.while_loop(lambda x, y: True, lambda x, y: (x + 1.0, y), (a, i),
                                           maximum_iterations=3))
show_all("while_single", lambda: O.while_loop(lambda x: O.sum(x) < 3.0, lambda x: x + 1.0, a))
show_all("map_dict", lambda: O.map(lambda r: {"m": O.mean(r), "r": r * 2.0}, a))
show_all("map_tuple_in", lambda: O.map(lambda t: t[0] + t[1], (a, b)))
show_all("ascan_list", lambda: O.associative_scan(lambda x, y: [x[0] + y[0], x[1] * y[1]], [a, b],
                                                  axis=1))
show_all("ascan_mismatch", lambda: O.associative_scan(lambda x, y: [x[0] + y[0], x[1] + y[1]], [a,
    b[:, :2]], axis=1))
show_all("ascan_reverse", lambda: O.associative_scan(O.maximum, a, reverse=True))
show_all("fori_kt_bounds", lambda: O.fori_loop(0, i[0], lambda j, v: v + 1.0, np.zeros((2,),
    "float32")))
show_all("vmap_struct", lambda: O.vectorized_map(lambda t: t[0] * t[1], (a, b)))
outs = [O.switch(i[0], [lambda x, y: x + y, lambda x, y: x * y], a, b),
        O.scan(lambda c, x: (c + x, c * x), O.ones((3,)), a)[1],
        O.map(lambda r: O.max(r), b), O.associative_scan(O.add, a, axis=1),
        O.while_loop(lambda x: O.sum(x) < 30.0, lambda x: (x * 2.0,), (b,))[0]]
m = keras.Model([a, b, i], outs)
xa = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "float32")
xb = np.array([[0.5, -1.0, 2.0], [1.0, 1.0, 1.0]], "float32")
for k, o in enumerate(m([xa, xb, np.array([1], "int32")])):
    print("model", k, tuple(o.shape), r4s(o))
print([l.__class__.__name__ for l in m.layers])
"""

SNIPPETS["layer_calls_training_and_mask_by_position"] = _TRY + """
class T(layers.Layer):
    def call(self, x, training=None):
        return x + (1.0 if training else 0.0)
class TM(layers.Layer):
    def call(self, x, y=None, training=None):
        return x
class MK(layers.Layer):
    def call(self, x, mask=None):
        print("  mask", None if mask is None else tuple(mask.shape))
        return x
class KW(layers.Layer):
    def call(self, x, training=None, **kw):
        return x
x = np.ones((1, 3), "float32")
k = keras.Input((3,))
def first(label, fn):
    try:
        r = fn()
        print(label, _cut(repr(r)) if isinstance(r, keras.KerasTensor) else (tuple(r.shape),
            r4s(r)))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).splitlines()[0][:200] if str(e) else "")
first("t_tensor", lambda: T()(x, x))
first("t_none", lambda: T()(x, None))
first("t_true", lambda: T()(x, True))
first("t_np_bool", lambda: T()(x, np.array(True)))
first("tm_three", lambda: TM()(x, x, x))
first("tm_none_mid", lambda: TM()(x, None, x))
first("tm_two", lambda: TM()(x, x))
first("mk_tensor", lambda: MK()(x, np.ones((1, 3), bool)))
first("mk_none", lambda: MK()(x, None))
first("kw_tensor", lambda: KW()(x, x))
first("kw_none", lambda: KW()(x, None))
first("sym_t_tensor", lambda: T()(k, k))
first("sym_t_none", lambda: T()(k, None))
first("sym_mk_none", lambda: MK()(k, None))
first("sym_mk_kt", lambda: MK()(k, k))
first("sym_tm_none_mid", lambda: TM()(k, None, k))
class AB(layers.Layer):
    def call(self, a, b, a_mask=None, b_mask=None):
        print("  got", a_mask is None, b_mask is None)
        return a + b
first("ab_none", lambda: AB()(x, x, None))
first("ab_kw", lambda: AB()(x, x, a_mask=None))
first("ab_mask", lambda: AB()(x, x, np.ones((1, 3), bool)))
first("ab_none_b", lambda: AB()(x, x, np.ones((1, 3), bool), None))
first("ab_sym_none", lambda: AB()(k, k, None))
first("ab_sym_both", lambda: AB()(k, k, None, None))
first("t_np_float", lambda: T()(x, np.float32(1.0)))
first("t_int0", lambda: T()(x, 0))
try:
    T()(k, k)
except TypeError as e:
    print(str(e).split("Arguments received")[1].replace("\\x1b[0m", ""))
"""

SNIPPETS["metrics_of_masked_timesteps"] = _TRY + """
x = np.array([[[1.0], [2.0], [0.0]], [[3.0], [0.0], [0.0]]], "float32")
y = np.array([[[1.0], [0.0], [1.0]], [[0.0], [1.0], [1.0]]], "float32")
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((3, 1)), layers.Masking(0.0), layers.Dense(1,
    activation="sigmoid", kernel_initializer="ones", bias_initializer="zeros")])
m.compile(loss="binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc"),
                                               keras.metrics.MeanSquaredError(name="mse"),
          keras.metrics.BinaryCrossentropy(name="bce")],
          weighted_metrics=[keras.metrics.BinaryAccuracy(name="wacc")])
def ev(label, **kw):
    try:
        res = m.evaluate(x, y, verbose=0, return_dict=True, **kw)
        print(label, {k: r4s(v) for k, v in sorted(res.items())})
    except Exception as e:
        print(label, type(e).__name__,
              [l.strip() for l in str(e).splitlines() if "Incompatible" in l][:1])
ev("plain")
ev("sw_1d", sample_weight=np.array([1.0, 3.0], "float32"))
ev("sw_2d", sample_weight=np.array([[1.0, 0.0, 2.0], [1.0, 1.0, 1.0]], "float32"))
ev("sw_3d", sample_weight=np.array([[[1.0], [0.0], [2.0]], [[1.0], [1.0], [1.0]]], "float32"))
p = m(x)
print(r4s(p[..., 0]), None if getattr(p, "_keras_mask",
                                      None) is None else np.asarray(p._keras_mask).tolist())
acc = keras.metrics.BinaryAccuracy()
acc.update_state(y, p)
print("direct", r4s(acc.result()))
"""

SNIPPETS["losses_in_other_dtypes"] = _TRY + """
L = keras.losses
yt = np.array([[0.0, 1.0], [1.0, 0.0]], "float32")
yp = np.array([[0.3, 0.7], [0.6, 0.4]], "float32")
for cls in [L.MeanSquaredError, L.BinaryCrossentropy, L.CategoricalCrossentropy, L.Huber, L.Dice,
            L.Tversky]:
    for d in ["float16", "float64", "bfloat16", "mixed_float16"]:
        try:
            l = cls(dtype=d)
            v = l(yt, yp)
            print(cls.__name__, d, str(v.dtype), r4s(keras.ops.cast(v, "float32")), l.dtype)
        except Exception as e:
            print(cls.__name__, d, type(e).__name__, _cut(str(e))[:160])
tryq("int_dtype", lambda: L.MeanSquaredError(dtype="int32")(yt, yp))
tryq("fn_f64", lambda: str(L.mean_squared_error(yt.astype("float64"), yp).dtype))
tryq("cfg", lambda: L.MeanSquaredError(dtype="float16").get_config())
"""

SNIPPETS["checkpoint_callbacks_thresholds_and_modes"] = _TRY + """
import os, tempfile
C = keras.callbacks
x = np.arange(24, dtype="float32").reshape(8, 3) / 10.0
y = (x.sum(axis=1, keepdims=True) > 1.2).astype("float32")
tmp = tempfile.mkdtemp()
def fit(cbs, epochs=4, **kw):
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1, activation="sigmoid")])
    m.compile(optimizer=keras.optimizers.SGD(0.5), loss="binary_crossentropy", metrics=["accuracy"])
    return m.fit(x, y, epochs=epochs, batch_size=4, verbose=0, callbacks=cbs, **kw)
p = os.path.join(tmp, "e{epoch:02d}-{loss:.3f}.weights.h5")
mc = C.ModelCheckpoint(p, save_weights_only=True, save_best_only=True, monitor="loss",
                       initial_value_threshold=0.69)
fit([mc])
print("thr", sorted(os.listdir(tmp)), r4s(mc.best))
for f in os.listdir(tmp): os.remove(os.path.join(tmp, f))
mc = C.ModelCheckpoint(os.path.join(tmp, "m{epoch}.keras"), save_best_only=True,
                       monitor="accuracy", mode="min")
fit([mc])
print("min", sorted(os.listdir(tmp)), r4s(mc.best))
for f in os.listdir(tmp): os.remove(os.path.join(tmp, f))
mc = C.ModelCheckpoint(os.path.join(tmp, "b{epoch}-{batch}.weights.h5"), save_weights_only=True,
                       save_freq=3)
fit([mc], epochs=2)
print("freq", sorted(os.listdir(tmp)))
def tryt(label, fn):  # (the temporary folder's name cut)
    try:
        print(label, _cut(repr(fn())).replace(tmp, "TMP"))
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e)).replace(tmp, "TMP")[:300])
tryt("bad_ext", lambda: C.ModelCheckpoint(os.path.join(tmp, "w.h5"), save_weights_only=True))
tryt("bad_ext2", lambda: C.ModelCheckpoint(os.path.join(tmp, "m.h5")))
tryt("bad_freq", lambda: C.ModelCheckpoint(os.path.join(tmp, "m.keras"), save_freq="batch"))
tryt("bad_mode", lambda: C.ModelCheckpoint(os.path.join(tmp, "m.keras"), mode="upward").mode)
tryt("missing_key", lambda: fit([C.ModelCheckpoint(os.path.join(tmp, "m{nope}.keras"))], epochs=1))
for f in os.listdir(tmp): os.remove(os.path.join(tmp, f))
os.rmdir(tmp)
"""

SNIPPETS["sparse_flags_of_products_on_keras_tensors"] = _TRY + """
k = keras.Input((3,), name="k")
s = keras.Input((3,), sparse=True, name="s")
for label, fn in [("scalar", lambda: k * 2.0), ("rscalar", lambda: 2.0 * k), ("kk", lambda: k * k),
                  ("eager", lambda: keras.ops.multiply(k, keras.ops.ones((3,)))),
                  ("array", lambda: k * np.ones(3, "float32")), ("sparse_dense", lambda: s * k),
                  ("dense_after", lambda: layers.Dense(2)(k * 2.0)),
                  ("add_after", lambda: (k * 2.0) + 1.0), ("exp_after",
                                                           lambda: keras.ops.exp(k * 2.0)),
                  ("layer", lambda: layers.Multiply()([k, k])), ("sub", lambda: k - 2.0),
                  ("int", lambda: keras.Input((2,), dtype="int32") * 3)]:
    tryz(label, fn)
m = keras.Model(k, k * 2.0)
print([t.sparse for t in m.outputs], r4s(m(np.ones((1, 3), "float32"))))
"""

SNIPPETS["sparse_flags_of_ops_on_sparse_keras_tensors"] = _TRY + """
O = keras.ops
s = keras.Input((3,), sparse=True)
k = keras.Input((3,))
w = np.ones((3, 2), "float32")
fns = {"abs": lambda: O.abs(s), "neg": lambda: O.negative(s), "square": lambda: O.square(s),
       "sqrt": lambda: O.sqrt(s), "sin": lambda: O.sin(s), "exp": lambda: O.exp(s),
       "add_ss": lambda: O.add(s, s), "add_sk": lambda: O.add(s, k), "sub_ss": lambda: s - s,
       "max_ss": lambda: O.maximum(s, s), "div_ss": lambda: O.divide(s, s),
       "div_sc": lambda: s / 2.0, "div_ks": lambda: k / s, "matmul_sn": lambda: O.matmul(s, w),
       "matmul_ks": lambda: O.matmul(k, w), "reshape": lambda: O.reshape(s, (-1, 3, 1)),
       "transpose": lambda: O.transpose(s), "expand": lambda: O.expand_dims(s, 1),
       "concat": lambda: O.concatenate([s, s], axis=1),
       "concat_mix": lambda: O.concatenate([s, k], axis=1), "sum": lambda: O.sum(s, axis=1),
       "mean": lambda: O.mean(s, axis=1), "cast": lambda: O.cast(s, "int32"),
       "relu": lambda: O.relu(s), "sigmoid": lambda: O.sigmoid(s),
       "where": lambda: O.where(s > 0, s, 0.0), "dense": lambda: layers.Dense(2)(s),
       "act": lambda: layers.Activation("relu")(s), "getitem": lambda: s[:, :2],
       "stop": lambda: O.stop_gradient(s), "floor": lambda: O.floor(s),
       "round": lambda: O.round(s), "round2": lambda: O.round(s, 2), "sign": lambda: O.sign(s),
       "log1p": lambda: O.log1p(s), "tanh": lambda: O.tanh(s), "mult_kk": lambda: k * k,
       "fmax": lambda: O.fmax(s, s), "ones_like": lambda: O.ones_like(s),
       "squeeze": lambda: O.squeeze(O.expand_dims(s, 1), 1), "copy": lambda: O.copy(s),
       "chain": lambda: O.sum(O.abs(s - s) / 2.0, axis=1)}
for n, f in fns.items():
    try:
        r = f()
        print(n, r.sparse, r.shape)
    except Exception as e:
        print(n, type(e).__name__, str(e)[:80])
m = keras.Model([s, k], [O.abs(s), O.add(s, k)])
print([t.sparse for t in m.outputs])
"""

SNIPPETS["ops_refusing_extra_arguments_on_keras_tensors"] = _TRY + """
O = keras.ops
k = keras.Input((3,))
x = np.ones((2, 3), "float32")
for n, f in [("abs_kt", lambda: O.abs(k, k)), ("abs_np", lambda: O.abs(x, x)),
             ("sign_kt", lambda: O.sign(k, 1)), ("relu_kt", lambda: O.relu(k, k)),
             ("where_kt", lambda: O.where(k > 0, k, k, k)),
             ("floor_kt", lambda: O.floor(k, axis=1)), ("sum_kt", lambda: O.sum(k, 1, True, 4)),
             ("sum_kw", lambda: O.sum(k, axes=1)), ("add_one", lambda: O.add(k)),
             ("mean_ok", lambda: O.mean(k, axis=1, keepdims=True)),
             ("cond_extra", lambda: O.cond(O.all(k > 0), lambda: k, lambda: k, 1))]:
    try:
        print(n, O.shape(f()))
    except Exception as e:
        print(n, type(e).__name__, str(e).splitlines()[0][:150])
"""
