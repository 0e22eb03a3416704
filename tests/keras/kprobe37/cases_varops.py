"""kprobe37's second batch of keras.Variable snippets: its operators (Keras 3's keras.ops
arithmetic, logical &, |, ^, round), copies and pickles, tf.function and tapes, stateless
scopes, add_weight's dtypes, attributes tracked on layers, conversions through ops, the
regularizer and constraint setters, reprs, tf.Variables inside Keras layers, and
variables handed to layers, models and ops (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe37.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["variable_operators_and_ops"] = _TRY + """
v = keras.Variable(np.array([[1.0, -2.0], [3.0, 0.5]], "float32"))
i = keras.Variable(np.array([1, 2], "int8"))
show("neg", lambda: -v)
show("abs", lambda: abs(v))
show("pos", lambda: +v)
show("invert_int", lambda: ~i)
show("matmul", lambda: v @ v)
show("rmatmul_np", lambda: np.eye(2, dtype="float32") @ v)
show("radd_np", lambda: np.ones((2, 2), "float32") + v)
show("lt", lambda: v < 1)
show("eq_scalar", lambda: v == 3.0)
show("ne_none", lambda: v != None)
show("int8_plus_int", lambda: i + 200)
show("int8_plus_float", lambda: i + 1.5)
show("int8_times_np_i32", lambda: i * np.int32(3))
show("int8_pow", lambda: i ** 2)
show("rtruediv", lambda: 1 / i)
show("floordiv", lambda: v // 2)
show("mod", lambda: v % 2)
show("ops_add", lambda: keras.ops.add(i, np.array([1, 2], "uint8")))
show("ops_mean", lambda: keras.ops.mean(i))
show("ops_cast", lambda: keras.ops.cast(v, "float16"))
show("ops_shape", lambda: keras.ops.shape(v))
show("ops_where", lambda: keras.ops.where(v > 0, v, 0))
show("tf_add", lambda: tf.add(v, 1.0))
show("tf_cast", lambda: tf.cast(i, "float32"))
show("getitem_bool", lambda: v[np.array([True, False])])
show("and_bool", lambda: keras.Variable([True, False]) & keras.Variable([True, True]))
"""

SNIPPETS["variable_copy_pickle_and_tracing"] = _TRY + """
import copy, pickle
v = keras.Variable(np.array([1.0, 2.0], "float32"), name="orig")
tryp("copy", lambda: copy.copy(v))
try:
    c = copy.deepcopy(v)
    print(type(c).__name__, c.name, c.path, c.numpy().tolist(), c is v)
    c.assign([5.0, 6.0])
    print(v.numpy().tolist(), c.numpy().tolist())
except Exception as e:
    print("deepcopy", type(e).__name__, e)
tryp("pickle", lambda: pickle.loads(pickle.dumps(v)).numpy())
@tf.function
def f():
    print("traced repr:", repr(v))
    v.assign_add([1.0, 1.0])
    return v * 2
print(f().numpy().tolist(), v.numpy().tolist())
@tf.function
def g(var):
    return var.value + 1
tryp("fn_value", lambda: g(v))
@tf.function
def h(var):
    return var + 1
tryp("fn_plain", lambda: h(v))
with tf.GradientTape() as tape:
    y = keras.ops.sum(v * v)
print(tape.gradient(y, v).numpy().tolist(), [type(w).__name__ for w in tape.watched_variables()])
w = keras.Variable(2.0, trainable=False)
with tf.GradientTape() as tape:
    y = w * w
print(tape.gradient(y, w))
"""

SNIPPETS["variable_stateless_scope"] = _TRY + """
v = keras.Variable(np.array([1.0, 2.0], "float32"), name="s")
with keras.StatelessScope(state_mapping=[(v, np.array([9.0, 9.0], "float32"))]) as scope:
    print(v.numpy().tolist(), keras.ops.add(v, 1).numpy().tolist())
    v.assign([3.0, 4.0])
    print(v.numpy().tolist(), scope.get_current_value(v).numpy().tolist())
    v.assign_add([1.0, 1.0])
    print(scope.get_current_value(v).numpy().tolist())
print(v.numpy().tolist())
tryp("bad_key", lambda: keras.StatelessScope(state_mapping=[(np.ones(2), np.ones(2))]))
tryp("bad_shape", lambda: keras.StatelessScope(state_mapping=[(v, np.ones(3, "float32"))]))
tryp("bad_dtype", lambda: keras.StatelessScope(state_mapping=[(v, np.ones(2, "int32"))]).state_mapping[id(v)].dtype if False else "skip")
with keras.StatelessScope():
    tryp("create_inside", lambda: keras.Variable(1.0))
    tryp("create_init_inside", lambda: keras.Variable("ones", shape=(2,)))
print(keras.backend.is_keras_tensor(v), isinstance(v, keras.Variable), keras.ops.is_tensor(v), tf.is_tensor(v), isinstance(v, tf.Variable))
"""

SNIPPETS["add_weight_dtypes_and_defaults"] = _TRY + """
class L(layers.Layer):
    def build(self, shape):
        self.ws = {d: self.add_weight(shape=(2,), dtype=d, name="w_" + d) for d in ("int8", "uint8", "bool", "float16", "int64")}
    def call(self, x):
        return x
l = L()
l(np.ones((1, 2), "float32"))
for d, w in l.ws.items():
    print(d, w.dtype, w.numpy().tolist(), w.trainable, w.path, w.aggregation)
class M(layers.Layer):
    def build(self, shape):
        self.s = self.add_weight(shape=(), initializer="ones", dtype="string")
l2 = M()
tryp("string_weight", lambda: l2.build((1,)))
class N(layers.Layer):
    def build(self, shape):
        self.a = self.add_variable((2,), initializer="ones", dtype="float16", trainable=False, name="a")
        self.b = self.add_weight(shape=[3], initializer=keras.initializers.Constant(2), dtype="int32")
l3 = N()
l3.build((1,))
print(l3.a.dtype, l3.a.trainable, l3.a.path, l3.b.numpy().tolist(), l3.b.path, [w.path for w in l3.non_trainable_weights])
with keras.mixed_precision.policy_scope("mixed_float16") if hasattr(keras.mixed_precision, "policy_scope") else contextlib.nullcontext():
    pass
lm = layers.Dense(2, dtype="mixed_bfloat16")
lm.build((None, 3))
print([(w.path, w.dtype) for w in lm.weights], lm.compute_dtype, lm.variable_dtype)
"""

SNIPPETS["variables_tracked_as_layer_attributes"] = _TRY + """
class Holder(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = keras.Variable(np.ones(2, "float32"), name="a")
        self.b = keras.Variable(np.zeros(3, "int32"), name="b", trainable=False)
        self.lst = [keras.Variable(1.0, name="l0"), keras.Variable(2.0, name="l1", trainable=False)]
        self.dct = {"z": keras.Variable(3.0, name="dz"), "y": keras.Variable(4.0, name="dy")}
    def call(self, x):
        return x * self.a
h = Holder(name="holder")
print([w.path for w in h.weights])
print([w.path for w in h.trainable_weights], [w.path for w in h.non_trainable_weights])
print(h.built, len(h.variables))
h(np.ones((1, 2), "float32"))
print(h.built, [w.path for w in h.weights])
h.trainable = False
print(len(h.trainable_weights), [w.trainable for w in h.weights])
h.trainable = True
print(len(h.trainable_weights), [w.trainable for w in h.weights])
h.a.trainable = False
print([w.path for w in h.trainable_weights])
inp = keras.Input((2,))
m = keras.Model(inp, Holder(name="h2")(inp))
m.summary()
print(m.count_params(), len(m.weights))
m.save_weights(os.path.join(D, "w.weights.h5"))
m2 = keras.Model(inp, Holder(name="h3")(inp))
m2.load_weights(os.path.join(D, "w.weights.h5"))
print([w.numpy().tolist() for w in m2.weights][:3])
"""

SNIPPETS["variable_conversions_through_ops"] = _TRY + """
v = keras.Variable(np.array([[1.5, -2.5], [0.25, 4.0]], "float32"), name="c")
b = keras.Variable(np.array([1.5, -2.5], "float32").astype("float16"))
show("to_tensor_int", lambda: keras.ops.convert_to_tensor(v, dtype="int32"))
show("to_tensor_f16", lambda: keras.ops.convert_to_tensor(v, dtype="float16"))
show("to_numpy", lambda: keras.ops.convert_to_numpy(v))
show("stop_gradient", lambda: keras.ops.stop_gradient(v))
show("copy", lambda: keras.ops.copy(v))
show("tf_identity", lambda: tf.identity(v))
show("tf_convert", lambda: tf.convert_to_tensor(v))
show("tf_convert_int", lambda: tf.convert_to_tensor(v, dtype="int32"))
show("f16_add_f32", lambda: b + v[0])
show("f16_numpy", lambda: b.numpy())
show("bf16", lambda: keras.Variable(np.array([1.5, 3.0], "float32"), dtype="bfloat16").numpy())
show("bf16_value", lambda: keras.ops.cast(keras.Variable(np.array([1.5, 3.0], "float32"), dtype="bfloat16"), "float32"))
show("cond_scalar", lambda: keras.ops.cond(keras.Variable(True), lambda: 1, lambda: 2))
show("ops_size", lambda: keras.ops.size(v))
show("ops_ndim", lambda: keras.ops.ndim(v))
show("ops_dtype", lambda: keras.backend.standardize_dtype(v.dtype))
show("slice_update", lambda: keras.ops.slice_update(v, (0, 0), np.zeros((1, 2), "float32")))
show("scatter_update", lambda: keras.ops.scatter_update(v, [[1, 1]], [9.0]))
print(v.numpy().tolist())
"""

SNIPPETS["variable_attribute_setters"] = _TRY + """
v = keras.Variable(np.array([1.0, -2.0], "float32"), name="set")
def setp(label, attr, value):
    try:
        setattr(v, attr, value)
        r = getattr(v, attr)
        print(label, "ok", r if not callable(r) or isinstance(r, str) else type(r).__name__)
    except Exception as e:
        print(label, type(e).__name__, str(e)[:200])
setp("regularizer_obj", "regularizer", keras.regularizers.L2(0.1))
setp("regularizer_fn", "regularizer", lambda x: x)
setp("regularizer_none", "regularizer", None)
setp("regularizer_str", "regularizer", "l2")
setp("regularizer_int", "regularizer", 5)
setp("constraint_obj", "constraint", keras.constraints.NonNeg())
setp("constraint_none", "constraint", None)
setp("constraint_str", "constraint", "non_neg")
setp("constraint_int", "constraint", 5)
setp("name", "name", "other")
setp("path", "path", "a/b")
setp("shape", "shape", (3,))
setp("dtype", "dtype", "int32")
setp("value", "value", np.ones(2))
setp("ndim", "ndim", 3)
setp("aggregation", "aggregation", "sum")
setp("synchronization", "synchronization", "on_read")
setp("trainable_none", "trainable", None)
v.constraint = keras.constraints.NonNeg()
keras.optimizers.SGD(1.0).apply_gradients([(np.array([5.0, 1.0], "float32"), v)])
print(v.numpy().tolist())
"""

SNIPPETS["variable_reprs_of_dtypes_and_sizes"] = _TRY + """
for x, d in ((np.arange(2000, dtype="float32"), None), (np.array([1.5, -0.25]), "bfloat16"), (np.array([[True, False]]), None),
             (np.array([[1, -2], [3, 4]], "int8"), None), (3.25, None), (np.array([0.1, 1e-8, 1e8], "float32"), None),
             (np.array([1 / 3, 2 / 3], "float16"), None), (np.zeros((0, 2), "float32"), None), (np.arange(30, dtype="int64").reshape(3, 10), None),
             (np.array([np.nan, np.inf, -np.inf], "float32"), None), (np.array([1 + 2j]), "complex64")):
    try:
        v = keras.Variable(x, dtype=d, name="r")
        print(repr(v))
        print(str(v.value)[:160])
    except Exception as e:
        print(type(e).__name__, str(e)[:160])
print("{}".format(keras.Variable(1.0, name="f")), f"{keras.Variable(2, name='g')}")
tryp("format_spec", lambda: "{:.2f}".format(keras.Variable(1.0)))
"""

SNIPPETS["tf_variables_inside_keras_layers"] = _TRY + """
class T(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.tv = tf.Variable(np.ones(2, "float32"), name="tv")
        self.kv = keras.Variable(np.ones(2, "float32"), name="kv")
    def call(self, x):
        return x * self.tv + self.kv
t = T(name="t")
print([getattr(w, "path", w.name) for w in t.weights], [type(w).__name__ for w in t.weights])
print(len(t.trainable_variables), len(t.non_trainable_variables))
y = t(np.ones((1, 2), "float32"))
print(y.numpy().tolist())
print(isinstance(t.tv, keras.Variable), isinstance(t.kv, tf.Variable), type(t.kv.value).__name__, isinstance(t.kv.value, tf.Variable))
with tf.GradientTape() as tape:
    out = keras.ops.sum(t(np.ones((1, 2), "float32")))
grads = tape.gradient(out, [t.tv, t.kv])
print([None if g is None else g.numpy().tolist() for g in grads])
ckpt = tf.train.Checkpoint(layer=t)
path = ckpt.write(os.path.join(D, "ck"))
print(sorted(k for k, _ in tf.train.list_variables(path) if "OBJECT_GRAPH" not in k))
"""

SNIPPETS["variable_logical_operators_and_round"] = _TRY + """
i = keras.Variable(np.array([1, 0, 2], "int8"))
f = keras.Variable(np.array([2.5, -1.5, 0.0], "float32"))
b = keras.Variable(np.array([True, False, True]))
show("int_and", lambda: i & 3)
show("int_or", lambda: i | 0)
show("int_xor", lambda: i ^ 3)
show("rand", lambda: 1 & i)
show("ror", lambda: 0 | i)
show("rxor", lambda: True ^ b)
show("float_and", lambda: f & f)
show("bool_xor_np", lambda: b ^ np.array([True, True, False]))
show("round_f", lambda: round(f))
show("round_f1", lambda: round(keras.Variable(np.array([1.25, 2.35], "float32")), 1))
show("round_i", lambda: round(i))
show("lshift", lambda: i << 1)
show("invert_bool", lambda: ~b)
"""

SNIPPETS["variable_assign_keywords"] = _TRY + """
v = keras.Variable(np.array([1.0, 2.0], "float32"), name="v")
tryp("assign_read_value", lambda: v.assign([1.0, 1.0], read_value=False))
tryp("assign_use_locking", lambda: v.assign([1.0, 1.0], use_locking=True))
tryp("assign_name", lambda: v.assign([1.0, 1.0], name="x"))
tryp("assign_add_read_value", lambda: v.assign_add([1.0, 1.0], read_value=False))
tryp("assign_sub_name", lambda: v.assign_sub([1.0, 1.0], name="y"))
print(v.numpy().tolist())
"""

SNIPPETS["variables_given_to_layers_models_and_ops"] = _TRY + """
v = keras.Variable(np.ones((2, 2), "float32"), name="in")
show("dense_on_var", lambda: layers.Dense(1, kernel_initializer="ones")(v))
tryq("dense_rank1_var", lambda: layers.Dense(1)(keras.Variable(np.ones((2,), "float32"))))
show("concat_vars", lambda: layers.Concatenate()([v, v]))
show("model_on_var", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones")])(v))
show("predict_var", lambda: keras.Sequential([keras.Input((2,)), layers.Dense(1, kernel_initializer="ones")]).predict(v, verbose=0))
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
m.compile("sgd", "mse")
tryq("fit_var", lambda: len(m.fit(v, v[:, :1], verbose=0).history["loss"]))
tryq("call_kwarg_var", lambda: layers.Dense(1)(v, foo=v))
tryq("reshape_var", lambda: layers.Reshape((3,))(v))
show("constant_init_var", lambda: keras.initializers.Constant(v)((2, 2)))
tryq("var_as_lr", lambda: float(keras.optimizers.SGD(keras.Variable(0.5)).learning_rate))
show("dataset_of_var", lambda: list(tf.data.Dataset.from_tensor_slices(v).as_numpy_iterator())[0])
show("np_concat_vars", lambda: np.concatenate([v, v]))
show("tf_shape", lambda: tf.shape(v))
show("tf_cond_var", lambda: tf.cond(keras.Variable(True), lambda: 1, lambda: 2))
show("tf_where_var", lambda: tf.where(keras.Variable([True, False])))
show("tf_function_arg", lambda: tf.function(lambda a: a * 2)(v))
show("vectorized_map_var", lambda: keras.ops.vectorized_map(lambda r: r * 2, v))
"""
