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
