"""kprobe37's keras.Variable snippets: the attributes Keras 3's variable has (and the
tf.Variable ones it lacks: device, experimental_ref, ref), its string aggregation and
synchronization, the trainable and overwrite_with_gradient setters, assignments of other
shapes and dtypes, constraints, NumPy conversion, truth value and hashing (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe37.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["variable_public_attributes"] = _TRY + """
v = keras.Variable(np.ones((2, 3), "float32"), name="w")
print(sorted(n for n in dir(v) if not n.startswith("_")))
for a in ("device", "experimental_ref", "ref", "scatter_add", "read_value", "initializer", "op", "graph", "get_shape", "count_up_to", "sparse_read", "initial_value", "is_initialized", "load", "to_proto", "eval"):
    try:
        getattr(v, a)
        print(a, "present")
    except Exception as e:
        print(a, type(e).__name__, str(e)[:120])
print(v.path, v.name, v.trainable, v.overwrite_with_gradient, v.constraint, v.regularizer, v.ndim, v.dtype, v.shape)
print(type(v.value).__name__, v.value.name, v.value.device == v.value.handle.device)
"""

SNIPPETS["variable_aggregation_synchronization_strings"] = _TRY + """
for s in ("none", "on_read", "auto", "on_write", None, "ON_READ", "bad", 3):
    tryp("sync " + str(s), lambda: keras.Variable(1.0, synchronization=s).synchronization)
for a in ("none", "mean", "sum", "only_first_replica", None, "MEAN", "avg", 1):
    tryp("agg " + str(a), lambda: keras.Variable(1.0, aggregation=a).aggregation)
v = keras.Variable(1.0, aggregation="mean", synchronization="on_read")
print(type(v.aggregation).__name__, v.aggregation, v.synchronization, v.value.aggregation, v.value.synchronization)
"""

SNIPPETS["layer_weight_aggregation_strings"] = _TRY + """
class W(layers.Layer):
    def build(self, shape):
        self.a = self.add_weight(shape=(2,), initializer="ones", aggregation="sum")
        self.b = self.add_weight(shape=(2,), initializer="ones", aggregation="only_first_replica", trainable=False)
        self.c = self.add_weight(shape=(2,), initializer="ones")
    def call(self, x):
        return x + self.a
l = W()
l(np.ones((1, 2), "float32"))
print([(w.path, w.aggregation, w.synchronization) for w in l.weights])
m = keras.metrics.Mean()
print([(w.path, w.aggregation, w.synchronization) for w in m.variables])
acc = keras.metrics.SparseCategoricalAccuracy()
print([(w.path, w.aggregation, w.synchronization, w.trainable) for w in acc.variables])
print([(w.path, w.aggregation) for w in keras.metrics.AUC(num_thresholds=3).variables])
"""

SNIPPETS["builtin_weights_aggregation_strings"] = _TRY + """
bn = layers.BatchNormalization()
bn.build((None, 3))
print([(w.path.split("/")[-1], w.aggregation, w.synchronization, w.trainable) for w in bn.weights])
opt = keras.optimizers.Adam()
opt.build([keras.Variable(np.ones(2, "float32"))])
print([(w.path, w.aggregation, w.synchronization) for w in opt.variables])
"""

SNIPPETS["variable_trainable_and_overwrite_setters"] = _TRY + """
v = keras.Variable(np.ones((2,), "float32"))
v.trainable = False
print(v.trainable)
v.trainable = "x"
print(repr(v.trainable))
v.trainable = 0
print(repr(v.trainable))
v.overwrite_with_gradient = True
print(v.overwrite_with_gradient)
for bad in (1, "yes", None, np.bool_(True)):
    try:
        v.overwrite_with_gradient = bad
        print("ok", repr(v.overwrite_with_gradient))
    except Exception as e:
        print(type(e).__name__, e)
l = layers.Dense(2)
l.build((None, 3))
l.kernel.trainable = False
print(len(l.trainable_weights), len(l.non_trainable_weights), [w.path for w in l.trainable_weights])
"""

SNIPPETS["overwrite_with_gradient_in_optimizer"] = _TRY + """
v = keras.Variable(np.array([1.0, 2.0], "float32"))
w = keras.Variable(np.array([1.0, 2.0], "float32"))
v.overwrite_with_gradient = True
opt = keras.optimizers.SGD(0.1)
opt.apply_gradients([(np.array([5.0, -3.0], "float32"), v), (np.array([5.0, -3.0], "float32"), w)])
print(v.numpy(), w.numpy(), int(opt.iterations.numpy()))
opt2 = keras.optimizers.Adam(0.1)
opt2.apply([np.array([0.5, 0.5], "float32"), np.array([0.5, 0.5], "float32")], [v, w])
print(v.numpy().round(4).tolist(), w.numpy().round(4).tolist(), [x.path for x in opt2.variables])
"""

SNIPPETS["variable_assign_shape_and_dtype_errors"] = _TRY + """
v = keras.Variable(np.zeros((2, 3), "float32"), name="w")
tryp("assign_T", lambda: v.assign(np.ones((3, 2))))
tryp("assign_flat", lambda: v.assign(np.ones((6,))))
tryp("assign_scalar", lambda: v.assign(2.0))
tryp("assign_row", lambda: v.assign(np.ones((3,))))
tryp("assign_add_row", lambda: v.assign_add(np.ones((3,), "float32")))
tryp("assign_add_bad", lambda: v.assign_add(np.ones((4,), "float32")))
tryp("assign_sub_col", lambda: v.assign_sub(np.ones((2, 1), "float32")))
tryp("assign_int", lambda: v.assign(np.full((2, 3), 7, "int32")))
tryp("assign_f64", lambda: v.assign(np.full((2, 3), 0.1, "float64")))
tryp("assign_bool", lambda: v.assign(np.ones((2, 3), bool)))
tryp("assign_str", lambda: v.assign("a"))
i = keras.Variable(np.zeros((2,), "int32"))
tryp("int_assign_float", lambda: i.assign([1.7, -2.7]))
tryp("int_assign_add_float", lambda: i.assign_add(np.array([0.6, 0.6], "float32")))
tryp("int8_overflow", lambda: keras.Variable(np.zeros((2,), "int8")).assign([300, -300]))
tryp("uint8_assign_neg", lambda: keras.Variable(np.zeros((2,), "uint8")).assign(np.array([-1, 256])))
print(v.numpy().tolist(), i.numpy().tolist())
"""

SNIPPETS["variable_constraint_on_assign"] = _TRY + """
c = keras.Variable(np.array([1.0, -2.0], "float32"), constraint=keras.constraints.NonNeg())
print(c.constraint, c.numpy())
c.assign([-1.0, 3.0])
print(c.numpy())
opt = keras.optimizers.SGD(1.0)
opt.apply_gradients([(np.array([5.0, -1.0], "float32"), c)])
print(c.numpy())
m = keras.Variable(np.array([3.0, 4.0], "float32"), constraint=keras.constraints.MaxNorm(1.0))
keras.optimizers.SGD(1.0).apply_gradients([(np.array([0.0, 0.0], "float32"), m)])
print(m.numpy().round(4).tolist())
u = keras.Variable(np.array([[3.0, 4.0]], "float32"), constraint=lambda x: x * 0)
keras.optimizers.SGD(1.0).apply_gradients([(np.zeros((1, 2), "float32"), u)])
tryp("unknown_var", lambda: opt.apply_gradients([(np.zeros((1, 2), "float32"), u)]))
print(u.numpy().tolist())
tryp("constraint_int", lambda: keras.Variable(1.0, constraint=5).constraint)
tryp("constraint_str", lambda: keras.Variable(1.0, constraint="non_neg").constraint)
"""

SNIPPETS["variable_numpy_conversions"] = _TRY + """
v = keras.Variable(np.arange(6, dtype="float32").reshape(2, 3))
print(type(np.array(v)).__name__, np.array(v).dtype, np.asarray(v, dtype="int32").tolist())
print(float(keras.Variable(2.5)), int(keras.Variable(3)), complex(keras.Variable(2.0)))
tryp("float_2d", lambda: float(v))
tryp("int_2d", lambda: int(v))
tryp("index", lambda: [10, 20, 30, 40][keras.Variable(2)])
tryp("bool_1", lambda: bool(keras.Variable(1.0)))
tryp("bool_0", lambda: bool(keras.Variable(0)))
tryp("bool_vec", lambda: bool(keras.Variable([1.0, 2.0])))
tryp("len", lambda: len(v))
tryp("hash", lambda: hash(v))
tryp("iter", lambda: [float(r[0]) for r in v])
tryp("getitem", lambda: v[1, 1:])
tryp("eq", lambda: v == v)
tryp("in_set", lambda: {v})
tryp("np_sum", lambda: np.sum(v))
tryp("np_add", lambda: np.add(v, 1))
tryp("numpy_type", lambda: type(v.numpy()).__name__)
tryp("tolist", lambda: keras.ops.convert_to_numpy(v).tolist())
"""

SNIPPETS["variable_creation_forms"] = _TRY + """
tryp("int8_ones", lambda: keras.Variable(keras.initializers.Ones(), shape=(2,), dtype="int8"))
tryp("str_init", lambda: keras.Variable("zeros", shape=(2, 2), dtype="float16"))
tryq("str_no_shape", lambda: keras.Variable("zeros"))
tryp("bad_init", lambda: keras.Variable("nope", shape=(2,)))
tryp("lambda_init", lambda: keras.Variable(lambda shape, dtype: np.full(shape, 2.0, dtype), shape=(2,), dtype="float32"))
tryp("none_dim", lambda: keras.Variable("zeros", shape=(None, 2)))
tryp("name_slash", lambda: keras.Variable(1.0, name="a/b"))
tryp("name_int", lambda: keras.Variable(1.0, name=5))
tryp("name_colon", lambda: keras.Variable(1.0, name="a:0").path)
tryp("dtypes", lambda: [keras.Variable(x).dtype for x in (np.ones(2, "float16"), 3, True, np.uint8(3), 2.0, np.float64(1.0), [1, 2], [1.0, 2], np.int64(5))])
tryp("dtype_cast", lambda: keras.Variable(np.array([1.7, -2.2]), dtype="int32"))
tryp("dtype_bad", lambda: keras.Variable(1.0, dtype="float17"))
tryp("string", lambda: keras.Variable("hello", dtype="string"))
tryp("from_tensor", lambda: keras.Variable(keras.ops.ones((2,), "bfloat16")).dtype)
tryp("from_var", lambda: keras.Variable(keras.Variable(np.ones(2, "int16"))).dtype)
tryp("not_trainable", lambda: keras.Variable(1.0, trainable=False).trainable)
"""

SNIPPETS["variable_in_scope_paths"] = _TRY + """
with keras.name_scope("outer"):
    a = keras.Variable(1.0, name="a")
    with keras.name_scope("inner"):
        b = keras.Variable(1.0, name="b")
    c = keras.Variable(1.0)
print(a.path, b.path, c.path, a.name, b.name, c.value.name)
l = layers.Dense(2, name="d")
l.build((None, 3))
print([w.path for w in l.weights], [w.value.name for w in l.weights])
class Blk(layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.inner = layers.Dense(1, name="proj")
    def build(self, s):
        self.inner.build(s)
        self.s = self.add_weight(shape=(), name="scale")
    def call(self, x):
        return self.inner(x) * self.s
bl = Blk(name="blk")
bl(np.ones((1, 3), "float32"))
print([w.path for w in bl.weights])
"""

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
