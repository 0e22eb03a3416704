"""Snippets probing keras.ops' dtype promotion, argument names and errors, layer and model
naming, get_config/from_config round trips of each layer family and model summaries;
kprobe/record_golden.py kprobe12 records what real TF 2.21 + Keras 3 prints for each (with
cases_train.py's), and test_kprobe12.py checks that eagerflow prints the same."""

from tests.keras.kprobe12.cases_train import SNIPPETS as TRAIN_SNIPPETS
from tests.keras.kprobe12.prelude import _TRY

SNIPPETS = {}

SNIPPETS["ops_binary_promotion"] = _TRY + """
O = keras.ops
pairs = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
         "float32", "float64"]
for a in pairs:
    row = []
    for b in pairs:
        try:
            r = O.add(O.ones((2,), a), O.ones((2,), b))
            row.append(keras.backend.standardize_dtype(r.dtype))
        except Exception as e:
            row.append(type(e).__name__)
    print(a, row)
for a in ["bool", "uint8", "int32", "int64", "float16", "float32"]:
    x = O.ones((2,), a)
    for s in (1, 1.5, True):
        dt(a + "+" + repr(s), lambda: O.add(x, s))
        dt(a + "*" + repr(s), lambda: O.multiply(s, x))
R = keras.backend.result_type
for args in [("int32", "float32"), ("uint8", "int8"), ("bool", 1), ("float16", 1.0),
             ("int64", "float16"), ("int8", "uint32"), ("bfloat16", "float16"), (),
             ("uint64", "int64"), ("int32", "complex64")]:
    tryp("result_type" + repr(args), lambda: R(*args))
"""

SNIPPETS["ops_unary_and_reduction_dtypes"] = _TRY + """
O = keras.ops
for d in ["bool", "uint8", "int8", "int32", "int64", "float16", "float32"]:
    x = O.ones((2, 3), d)
    out = []
    for f in ["mean", "sum", "prod", "var", "std", "max", "cumsum", "sqrt", "exp", "abs",
              "negative", "square", "sign", "floor", "round", "log1p", "argmax",
              "count_nonzero"]:
        try:
            out.append(keras.backend.standardize_dtype(getattr(O, f)(x).dtype))
        except Exception as e:
            out.append(type(e).__name__)
    print(d, out)
for d in ["int32", "bool", "float16"]:
    x = O.ones((4,), d)
    dt("divide_" + d, lambda: O.divide(x, x))
    dt("true_divide_" + d, lambda: O.true_divide(x, 2))
    dt("floor_divide_" + d, lambda: O.floor_divide(x, x))
    dt("power_" + d, lambda: O.power(x, 2))
    dt("mod_" + d, lambda: O.mod(x, x))
"""

SNIPPETS["ops_creation_dtypes"] = _TRY + """
O = keras.ops
dt("arange_int", lambda: O.arange(5))
dt("arange_float", lambda: O.arange(0.5, 3))
dt("arange_step", lambda: O.arange(0, 1, 0.25))
dt("arange_dtype", lambda: O.arange(3, dtype="int64"))
dt("linspace", lambda: O.linspace(0, 1, 5))
dt("linspace_int", lambda: O.linspace(0, 10, 5, dtype="int32"))
dt("zeros", lambda: O.zeros((2,)))
dt("full_int", lambda: O.full((2,), 3))
dt("full_float", lambda: O.full((2,), 3.0))
dt("full_bool", lambda: O.full((2,), True))
dt("eye", lambda: O.eye(3))
dt("identity", lambda: O.identity(2, dtype="int32"))
dt("tri", lambda: O.tri(3))
dt("array_list_int", lambda: O.array([1, 2]))
dt("array_list_float", lambda: O.array([1.0, 2]))
dt("array_np64", lambda: O.array(np.ones(2)))
dt("convert_np64", lambda: O.convert_to_tensor(np.ones(2)))
dt("convert_py", lambda: O.convert_to_tensor(3))
dt("ones_like", lambda: O.ones_like(np.ones(2, "int16")))
dt("zeros_like_d", lambda: O.zeros_like(np.ones(2), dtype="float16"))
tryp("arange_vals", lambda: O.arange(1, 2, 0.3))
tryp("linspace_vals", lambda: O.linspace(0, 1, 4, endpoint=False))
tryp("linspace_step", lambda: O.linspace(0, 1, 3, retstep=True))
tryp("tri_k", lambda: O.tri(3, 4, k=1))
tryp("full_like", lambda: O.full_like(np.ones((2,), "int32"), 2.7))
tryp("eye_k", lambda: O.eye(2, 3, k=-1))
"""

SNIPPETS["ops_argument_errors"] = _TRY + """
O = keras.ops
x = O.reshape(O.arange(6, dtype="float32"), (2, 3))
tryp("concat_mismatch", lambda: O.concatenate([x, O.ones((3, 2))], axis=0))
tryp("stack_mismatch", lambda: O.stack([x, O.ones((3, 2))]))
tryp("reshape_bad", lambda: O.reshape(x, (4, 2)))
tryp("reshape_two_unknown", lambda: O.reshape(x, (-1, -1)))
tryp("reshape_below", lambda: O.reshape(x, (-2, 3)))
tryp("reshape_int", lambda: O.reshape(x, 6))
tryp("reshape_np", lambda: O.reshape(x, np.array([3, -1])))
tryp("reshape_list", lambda: O.reshape(x, [1, -1, 2]).shape)
tryp("split_uneven", lambda: O.split(x, 2, axis=1))
tryp("split_idx", lambda: [t.shape for t in O.split(x, [1], axis=1)])
tryp("matmul_mismatch", lambda: type(O.matmul(x, O.ones((3, 2)))).__name__)
tryp("take_axis", lambda: O.take(x, [2, 0], axis=1))
tryp("take_flat", lambda: O.take(x, 4))
tryp("take_along", lambda: O.take_along_axis(x, O.array([[0], [2]]), axis=1))
tryp("one_hot", lambda: O.one_hot(O.array([0, 2, -1]), 3))
tryp("one_hot_axis", lambda: O.one_hot(O.array([1, 0]), 2, axis=0))
tryp("argmax_keep", lambda: O.argmax(x, axis=1, keepdims=True))
tryp("clip_ints", lambda: O.clip(O.arange(5), 1, 3))
tryp("clip_bool", lambda: O.clip(O.array([True, False]), 0, 1))
tryp("transpose_bad", lambda: O.transpose(x, (0, 0)))
tryp("squeeze_bad", lambda: O.squeeze(x, axis=0))
tryp("expand_neg", lambda: O.expand_dims(x, -1).shape)
tryp("expand_many", lambda: O.expand_dims(x, (0, 3)).shape)
tryp("moveaxis", lambda: O.moveaxis(O.ones((2, 3, 4)), 0, -1).shape)
tryp("swapaxes", lambda: O.swapaxes(O.ones((2, 3, 4)), 0, 2).shape)
tryp("tile", lambda: O.tile(O.array([1, 2]), (2, 2)))
tryp("repeat", lambda: O.repeat(O.array([[1, 2]]), 2, axis=0))
tryp("where1", lambda: O.where(O.array([0, 1, 1])))
tryp("pad_mode", lambda: O.pad(O.array([1, 2]), 1, mode="bogus"))
tryp("pad_edge", lambda: O.pad(O.array([1, 2]), 1, mode="edge"))
tryp("pad_reflect", lambda: O.pad(O.array([1, 2, 3]), (2, 1), mode="reflect"))
tryp("pad_symmetric", lambda: O.pad(O.array([1, 2, 3]), 2, mode="symmetric"))
tryp("pad_const", lambda: O.pad(O.array([1, 2]), ((1, 2),), constant_values=9))
tryp("pad_rows", lambda: O.pad(x, ((0, 1), (2, 0))))
tryp("pad_list_singles", lambda: O.pad(x, [[1], [0]]))
tryp("pad_tuple_singles", lambda: O.pad(x, ((1,), (0,))))
tryp("pad_ragged", lambda: O.pad(x, [[1, 1], [0]]))
tryp("pad_three", lambda: O.pad(x, ((0, 1), (2, 0), (1, 1))))
tryp("pad_values_reflect", lambda: O.pad(x, 1, mode="reflect", constant_values=0))
tryp("einsum", lambda: O.einsum("ij,jk->ik", x, O.ones((3, 1))))
tryp("bincount", lambda: O.bincount(O.array([0, 2, 2]), minlength=4))
tryp("digitize", lambda: O.digitize(O.array([0.5, 1.5, 3.0]), [1.0, 2.0]))
tryp("searchsorted", lambda: O.searchsorted(O.array([1, 3, 5]), O.array([3, 4]),
     side="right"))
"""

SNIPPETS["ops_nn_functions"] = _TRY + """
O = keras.ops
x = O.array([[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]])
tryp("softmax", lambda: O.round(O.softmax(x, axis=0), 4))
tryp("softmax_tuple", lambda: O.round(O.softmax(x, axis=(0, 1)), 4))
tryp("log_softmax", lambda: O.round(O.log_softmax(x), 4))
tryp("relu6", lambda: O.relu6(O.array([-1.0, 3.0, 7.0])))
tryp("leaky", lambda: O.leaky_relu(O.array([-1.0, 2.0]), negative_slope=0.1))
tryp("elu", lambda: O.round(O.elu(O.array([-1.0, 2.0]), alpha=0.5), 4))
tryp("gelu", lambda: O.round(O.gelu(O.array([-1.0, 2.0]), approximate=False), 4))
tryp("hard_sigmoid", lambda: O.hard_sigmoid(O.array([-4.0, 0.0, 1.0])))
tryp("hard_silu", lambda: O.hard_silu(O.array([-4.0, 0.0, 1.0])))
tryp("softplus", lambda: O.round(O.softplus(O.array([0.0, 1.0])), 4))
tryp("glu", lambda: O.round(O.glu(O.array([[1.0, 2.0, 3.0, 4.0]])), 4))
tryp("glu_odd", lambda: O.glu(O.array([[1.0, 2.0, 3.0]])))
tryp("normalize", lambda: O.round(O.normalize(x, axis=-1, order=1), 4))
tryp("moments", lambda: O.moments(x, axes=[0]))
tryp("bce", lambda: O.round(O.binary_crossentropy(O.array([1.0, 0.0]),
     O.array([0.8, 0.1])), 4))
tryp("cce_logits", lambda: O.round(O.categorical_crossentropy(O.array([[0.0, 1.0, 0.0]]),
     x[:1], from_logits=True), 4))
tryp("scce", lambda: O.round(O.sparse_categorical_crossentropy(O.array([2, 0]), O.softmax(
     x)), 4))
tryp("scce_bad", lambda: O.sparse_categorical_crossentropy(O.array([[2, 0]]), x))
tryp("multi_hot", lambda: O.multi_hot(O.array([[0, 2], [1, 1]]), 3))
tryp("top_k", lambda: O.top_k(O.array([1, 5, 3]), 2))
tryp("in_top_k", lambda: O.in_top_k(O.array([2, 0]), x, 1))
tryp("logsumexp", lambda: O.round(O.logsumexp(x, axis=1), 4))
tryp("conv_shape", lambda: O.conv(O.ones((1, 5, 5, 2)), O.ones((3, 3, 2, 4)), strides=2,
     padding="same").shape)
tryp("max_pool", lambda: O.max_pool(O.reshape(O.arange(16.0), (1, 4, 4, 1)), 2))
tryp("avg_pool", lambda: O.average_pool(O.reshape(O.arange(9.0), (1, 3, 3, 1)), 2, 1,
     padding="same")[0, :, :, 0])
"""

SNIPPETS["layer_name_uniquification"] = _TRY + """
L = keras.layers
print([L.Dense(1).name for _ in range(3)], L.Dense(1, name="dense").name, L.Dense(1).name)
print([L.Conv2D(1, 1).name, L.LSTM(1).name, L.BatchNormalization().name,
       L.MultiHeadAttention(1, 1).name, L.ReLU().name, L.Add().name, L.Bidirectional(
       L.GRU(1)).name, L.TimeDistributed(L.Dense(1)).name, L.RandomFlip().name])
class MyBlock(L.Layer):
    pass
class HTTPLayer(L.Layer):
    pass
class ABCDense2D(L.Layer):
    pass
print(MyBlock().name, MyBlock().name, HTTPLayer().name, ABCDense2D().name)
x1 = keras.Input((1,))
print(keras.Sequential().name, keras.Sequential().name, keras.Model(x1, x1).name,
      keras.Model(x1, layers.Dense(1)(x1)).name)
i = keras.Input((2,))
print(i.name, keras.Input((2,)).name, keras.Input((2,), name="x").name)
class Net(keras.Model):
    pass
print(Net().name, Net().name)
keras.backend.clear_session()
print(L.Dense(1).name, keras.Sequential().name, MyBlock().name, keras.Input((1,)).name)
tryp("bad_name", lambda: L.Dense(1, name="a/b"))
tryp("int_name", lambda: L.Dense(1, name=3))
tryp("empty_name", lambda: L.Dense(1, name="").name)
tryp("seq_bad_name", lambda: keras.Sequential(name="s/1"))
tryp("unicode_name", lambda: L.Dense(1, name="déjà vu").name)
"""

SNIPPETS["variable_paths_eager_and_traced"] = _TRY + """
L = keras.layers
def show(m):
    # (the TF variable under each: `sub_1/kernel:0`, named where the model first built)
    print(m.name, [(v.path, v.name, v.value.name) for v in m.weights])
m = keras.Sequential([L.Dense(2), L.Dense(1)])
m(np.ones((1, 3)))
show(m)
class Sub(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = L.Dense(2)
        self.b = L.Dense(1, name="head")
    def call(self, x):
        return self.b(self.a(x))
s = Sub()
s(np.ones((1, 3)))
show(s)
t = Sub()
tf.function(lambda x: t(x))(tf.ones((1, 3)))
show(t)
u = keras.Sequential([L.Dense(2), L.BatchNormalization()])
tf.function(lambda x: u(x, training=True))(tf.ones((2, 3)))
show(u)
d = L.Dense(3)
tf.function(lambda x: d(x))(tf.ones((1, 2)))
print(d.name, [(v.path, v.value.name) for v in d.weights])
class Outer(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.inner = Sub(name="inner")
    def call(self, x):
        return self.inner(x)
o = Outer(name="m")
tf.function(lambda x: o(x) + o(x))(tf.ones((1, 3)))
show(o)
e = L.Embedding(4, 2, name="emb")
e.build((None,))
print([v.path for v in e.weights], [v.name for v in e.weights])
"""

SNIPPETS["nested_names_and_summary"] = """
L = keras.layers
inner = keras.Sequential([keras.Input((4,)), L.Dense(3, name="inner_dense")], name="inner")
shared = L.Dense(2, name="shared")
a = keras.Input((4,), name="a")
b = keras.Input((4,), name="b")
ha = shared(inner(a))
hb = shared(inner(b))
out = L.Concatenate(name="cat")([ha, hb])
model = keras.Model([a, b], out, name="siamese")
model.summary()
model.summary(expand_nested=True)
model.summary(show_trainable=True, line_length=90)
print([l.name for l in model.layers])
print([v.path for v in model.weights])
print(model.count_params(), len(shared._inbound_nodes) if hasattr(shared, "_inbound_nodes")
      else None)
"""

SNIPPETS["summary_positions_and_print_fn"] = """
L = keras.layers
m = keras.Sequential([keras.Input((3,)), L.Dense(2, name="d"), L.Dropout(0.1, name="drop"),
                      L.Dense(1, name="o")], name="seq")
lines = []
m.summary(print_fn=lambda s, **kw: lines.append(s))
print(len(lines))
print(lines[0][:40])
m.summary(positions=[0.5, 0.7, 1.0])
m.summary(line_length=60, layer_range=["drop", "o"])
try:
    m.summary(layer_range=["nope", "o"])
except Exception as e:
    print(type(e).__name__, e)
try:
    m.summary(positions=[0.5, 0.2, 1.0])
except Exception as e:
    print(type(e).__name__, e)
m.layers[0].trainable = False
m.summary(show_trainable=True)
"""


# (cases_train.py's snippets join these: one suite, one golden.json)
SNIPPETS.update(TRAIN_SNIPPETS)

SNIPPETS["ops_core_functions"] = _TRY + """
O = keras.ops
x = O.reshape(O.arange(12, dtype="float32"), (3, 4))
tryp("slice", lambda: O.slice(x, (1, 1), (2, 2)))
tryp("slice_update", lambda: O.slice_update(x, (0, 1), O.zeros((1, 2))))
tryp("scatter", lambda: O.scatter([[0], [2], [0]], [1.0, 2.0, 3.0], (4,)))
tryp("scatter_update", lambda: O.scatter_update(O.zeros((2, 2)), [[0, 1]], [5.0]))
tryp("segment_sum", lambda: O.segment_sum(O.array([1, 2, 3]), O.array([0, 0, 2])))
tryp("segment_max", lambda: O.segment_max(O.array([1, 5, 3]), O.array([1, 1, 0]),
     num_segments=3))
tryp("cond", lambda: O.cond(O.array(True), lambda: 1, lambda: 2))
tryp("while", lambda: O.while_loop(lambda i: i < 5, lambda i: (i + 2,), (0,)))
tryp("fori", lambda: O.fori_loop(0, 4, lambda i, s: s + i, 0))
tryp("unstack", lambda: [t.shape for t in O.unstack(x, axis=1)])
tryp("vmap", lambda: O.vectorized_map(lambda r: O.sum(r), x))
tryp("scan", lambda: O.scan(lambda c, v: (c + v, c * v), 0.0, O.array([1.0, 2.0, 3.0])))
tryp("assoc_scan", lambda: O.associative_scan(lambda a, b: a + b, O.array([1, 2, 3, 4])))
tryp("tensordot", lambda: O.tensordot(x, O.ones((4, 2)), axes=1))
tryp("dot_scalar", lambda: O.dot(x, 2.0).shape)
tryp("norm", lambda: O.round(O.norm(x, ord="fro"), 3))
tryp("norm_axis", lambda: O.round(O.norm(x, ord=1, axis=1), 3))
tryp("norm_bad", lambda: O.norm(x, ord="nuc", axis=0))
tryp("stop_grad", lambda: O.stop_gradient(x).shape)
tryp("shape", lambda: O.shape(x))
tryp("dtype", lambda: O.dtype(x))
tryp("is_tensor", lambda: (O.is_tensor(x), O.is_tensor(np.ones(1))))
tryp("cast_bool", lambda: O.cast(O.array([0.0, 0.5]), "bool"))
tryp("saturate", lambda: O.saturate_cast(O.array([300.0, -5.0]), "uint8"))
tryp("convert_np", lambda: O.convert_to_numpy(x).dtype)
tryp("map", lambda: O.map(lambda v: v * 2, O.array([1, 2])))
tryp("switch", lambda: O.switch(1, [lambda v: v, lambda v: -v], O.array([3])))
tryp("switch_clamp", lambda: O.switch(7, [lambda v: v, lambda v: -v], O.array([3])))
tryp("nonzero", lambda: O.nonzero(O.array([[0, 1], [2, 0]])))
tryp("unique", lambda: O.unique(O.array([3, 1, 3])) if hasattr(O, "unique") else None)
tryp("custom_gradient", lambda: O.custom_gradient(lambda v: (v * 2, lambda g: g))(x).shape)
tryp("erf", lambda: O.round(O.erf(O.array([0.5])), 4))
tryp("logdet", lambda: O.round(O.logdet(O.eye(2) * 2.0), 4))
tryp("fft", lambda: [O.round(p, 3) for p in O.fft((O.array([1.0, 0.0]), O.array([0.0, 0.0])))])
"""
