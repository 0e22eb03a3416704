"""kprobe14's snippets on quantizers and quantized layers, the attention layers' masks
and scores (Attention, MultiHeadAttention, GroupQueryAttention), EinsumDense configs,
recurrent states under masks, ConvLSTM, symbolic builds and KerasTensors (see cases.py)."""

from tests.keras.kprobe14.prelude import _TRY

SNIPPETS = {}

SNIPPETS["quantizers_functions"] = _TRY + """
Q = keras.quantizers
x = np.array([[0.5, -1.2, 3.0], [0.01, 0.0, -0.4]], "float32")
tryp("abs_max", lambda: [np.asarray(t) for t in Q.abs_max_quantize(x, axis=-1)])
tryp("abs_max_axis0", lambda: [np.asarray(t) for t in Q.abs_max_quantize(x, axis=0)])
tryp(
    "abs_max_range",
    lambda: [
        np.asarray(t) for t in Q.abs_max_quantize(x, axis=-1, value_range=(-7, 7), dtype="int8")
    ],
)
tryp(
    "abs_max_eps",
    lambda: [np.asarray(t) for t in Q.abs_max_quantize(np.zeros((1, 2), "float32"), axis=-1)],
)
tryp(
    "abs_max_to_numpy",
    lambda: [type(t).__name__ for t in Q.abs_max_quantize(x, axis=-1, to_numpy=True)],
)
q = Q.AbsMaxQuantizer(axis=-1)
print(q.get_config(), type(q).__name__)
tryp("quantizer_call", lambda: [np.asarray(t) for t in q(x)])
tryp(
    "quantizer_from_config", lambda: Q.AbsMaxQuantizer.from_config(q.get_config()).get_config()
)
tryp("serialize", lambda: Q.serialize(q))
tryp("deserialize", lambda: type(Q.deserialize(Q.serialize(q))).__name__)
tryp("get_str", lambda: type(Q.get("abs_max_quantizer")).__name__)
tryp("get_bad", lambda: Q.get("nope"))
tryp("get_none", lambda: Q.get(None))
tryp("base_call", lambda: Q.Quantizer()(x))
tryp(
    "compute_float8_scale",
    lambda: Q.compute_float8_scale(
        np.array(3.0, "float32"), np.array(1.0, "float32"), np.array(448.0, "float32")
    ),
)
tryp(
    "compute_float8_amax_history",
    lambda: Q.compute_float8_amax_history(x, np.zeros((4,), "float32")),
)
tryp(
    "quantize_and_dequantize",
    lambda: Q.quantize_and_dequantize(x, np.array(2.0, "float32"), "float8_e4m3fn", "float32"),
)
tryp("fake_quant", lambda: Q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=8))
tryp(
    "fake_quant_narrow",
    lambda: Q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=4, narrow_range=True),
)
tryp(
    "fake_quant_axis",
    lambda: Q.fake_quant_with_min_max_vars(
        x, np.array([-1.0, -2.0, -3.0]), np.array([1.0, 2.0, 3.0]), axis=-1
    ),
)
tryp("fake_quant_bad_bits", lambda: Q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=1))
print(sorted(n for n in dir(Q) if not n.startswith("_")))
"""

SNIPPETS["fake_quant_values_and_gradients"] = _TRY + """
Q = keras.quantizers
x = np.array([[0.5, -1.2, 3.0], [0.01, 0.0, -0.4]], "float32")
for kw in [dict(num_bits=8), dict(num_bits=3, narrow_range=True), dict(num_bits=16)]:
    tryp("fq", lambda: Q.fake_quant_with_min_max_vars(x, -1.1, 2.3, **kw))
    tryp(
        "fq_ax0",
        lambda: Q.fake_quant_with_min_max_vars(
            x, np.array([-1.0, -0.3]), np.array([1.0, 0.2]), axis=0, **kw
        ),
    )
    tryp("fq_f16", lambda: Q.fake_quant_with_min_max_vars(x.astype("float16"), -1.1, 2.3, **kw))
tryp(
    "fq_axis_bad",
    lambda: Q.fake_quant_with_min_max_vars(
        x, np.array([-1.0, -0.3]), np.array([1.0, 0.2]), axis=2
    ),
)
tryp(
    "fq_minmax_shape",
    lambda: Q.fake_quant_with_min_max_vars(x, np.array([-1.0, -0.3]), np.array([1.0, 0.2])),
)
v = keras.Variable(x)
lo = keras.Variable(-1.0)
hi = keras.Variable(1.0)
with tf.GradientTape() as t:
    y = keras.ops.sum(
        Q.fake_quant_with_min_max_vars(v, lo, hi) * np.array([1.0, 2.0, 3.0], "float32")
    )
print([np.asarray(g).round(4).tolist() for g in t.gradient(y, [v, lo, hi])])
lo2 = keras.Variable(np.array([-1.0, -0.3, -2.0], "float32"))
hi2 = keras.Variable(np.array([1.0, 0.2, 2.0], "float32"))
with tf.GradientTape() as t:
    y = keras.ops.sum(
        Q.fake_quant_with_min_max_vars(v, lo2, hi2, axis=-1)
        * np.array([1.0, 2.0, 3.0], "float32")
    )
print([np.asarray(g).round(4).tolist() for g in t.gradient(y, [v, lo2, hi2])])
"""

SNIPPETS["quantized_layers"] = _TRY + """
L = keras.layers
d = L.Dense(3, name="dq")
d.build((None, 4))
d.quantize("int8")
print(
    d.dtype_policy.name,
    [
        w.path + ":" + keras.backend.standardize_dtype(w.dtype) + str(tuple(w.shape))
        for w in d.weights
    ],
)
print(d.get_config()["dtype"])
dt("dense_out", lambda: d(np.ones((2, 4), "float32")))
tryp("quantize_twice", lambda: d.quantize("int8"))
tryp("bad_mode", lambda: L.Dense(2).quantize("int3"))
tryp("unbuilt", lambda: L.Dense(2).quantize("int8"))
e = L.EinsumDense("ab,bc->ac", output_shape=3, bias_axes="c")
e.build((None, 4))
e.quantize("int8")
print(e.dtype_policy.name, [w.name + str(tuple(w.shape)) for w in e.weights])
dt("einsum_out", lambda: e(np.ones((2, 4), "float32")))
m = L.Embedding(10, 4)
m.build((None,))
m.quantize("int8")
print(m.dtype_policy.name, [w.name + str(tuple(w.shape)) for w in m.weights])
dt("emb_out", lambda: m(np.array([[1, 2]])))
d4 = L.Dense(3)
d4.build((None, 4))
tryp(
    "int4",
    lambda: (
        d4.quantize("int4"),
        d4.dtype_policy.name,
        [w.name + str(tuple(w.shape)) for w in d4.weights],
    )[1:],
)
model = keras.Sequential([keras.Input((4,)), L.Dense(3), L.Dense(2)])
model.quantize("int8")
print([l.dtype_policy.name for l in model.layers])
tryp(
    "model_float8", lambda: keras.Sequential([keras.Input((4,)), L.Dense(3)]).quantize("float8")
)
m2 = keras.Sequential([keras.Input((4,)), L.Dense(3)])
m2.quantize("float8")
print([w.name for w in m2.layers[0].weights][:8], m2.layers[0].dtype_policy.name)
tryp("bad_policy", lambda: keras.dtype_policies.get("int8_from_float32"))
tryp("bad_policy2", lambda: keras.dtype_policies.get("int8_from_mixed_bfloat16").name)
"""

SNIPPETS["attention_masks_and_scores"] = _TRY + """
L = keras.layers
q = np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4) / 10
v = np.arange(2 * 2 * 4, dtype="float32").reshape(2, 2, 4) / 7
qm = np.array([[True, True, False], [True, False, False]])
vm = np.array([[True, False], [True, True]])
for kw in [
    {},
    {"use_scale": True},
    {"score_mode": "concat"},
    {"score_mode": "concat", "use_scale": True},
]:
    a = L.Attention(**kw)
    out, sc = a([q, v], mask=[qm, vm], return_attention_scores=True)
    print(
        kw,
        np.asarray(out).round(4).tolist()[0],
        np.asarray(sc).round(4).tolist()[0],
        [w.name for w in a.weights],
    )
    out2 = a([q, v, v], use_causal_mask=True)
    print("causal", np.asarray(out2).round(4).tolist()[1])
    print("mask_out", getattr(out, "_keras_mask", None) is not None)
tryp("attn_one_input", lambda: L.Attention()([q]))
tryp("attn_not_list", lambda: L.Attention()(q))
tryp("attn_bad_mask", lambda: L.Attention()([q, v], mask=[qm]))
tryp("attn_score_mode", lambda: L.Attention(score_mode="cos"))
print(L.Attention(use_scale=True, score_mode="concat", dropout=0.1).get_config())
a = L.AdditiveAttention()
out, sc = a([q, v], mask=[qm, vm], return_attention_scores=True)
print(
    "additive",
    np.asarray(out).round(4).tolist()[0],
    np.asarray(sc).round(4).tolist()[0],
    [w.name for w in a.weights],
)
print(L.AdditiveAttention(use_scale=False).get_config())
tryp(
    "attn_compute_output_shape",
    lambda: L.Attention().compute_output_shape([(2, 3, 4), (2, 2, 4)]),
)
tryp("attn_compute_mask", lambda: L.Attention().compute_mask([q, v], [qm, vm]))
sym = L.Attention()([keras.Input((3, 4)), keras.Input((2, 4))], return_attention_scores=True)
print([t.shape for t in sym])
"""

SNIPPETS["multi_head_attention_masks"] = _TRY + """
L = keras.layers
q = np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4) / 10
v = np.arange(2 * 2 * 4, dtype="float32").reshape(2, 2, 4) / 7
m = L.MultiHeadAttention(num_heads=2, key_dim=3, kernel_initializer="ones", name="mha")
out, sc = m(q, v, return_attention_scores=True)
print(out.shape, sc.shape, np.asarray(sc).round(4).tolist()[0][0])
print([w.path + str(tuple(w.shape)) for w in m.weights])
am = np.array([[[1, 0], [1, 1], [0, 0]], [[1, 1], [1, 1], [1, 1]]], "bool")
out, sc = m(q, v, attention_mask=am, return_attention_scores=True)
print("masked", np.asarray(sc).round(4).tolist()[0])
out, sc = m(q, q, use_causal_mask=True, return_attention_scores=True)
print("causal", np.asarray(sc).round(4).tolist()[0][1])
qk = keras.Input((3, 4))
vk = keras.Input((2, 4))
print([t.shape for t in L.MultiHeadAttention(2, 3)(qk, vk, return_attention_scores=True)])
tryp("bad_mask_shape", lambda: m(q, v, attention_mask=np.ones((2, 2, 3), "bool")))
tryp("key_dim_missing", lambda: L.MultiHeadAttention(num_heads=2))
tryp(
    "value_mismatch",
    lambda: L.MultiHeadAttention(2, 3)(
        q, np.ones((2, 2, 5), "float32"), np.ones((2, 3, 5), "float32")
    ),
)
m2 = L.MultiHeadAttention(2, 3, attention_axes=(1, 2))
x4 = np.ones((1, 2, 3, 4), "float32")
out, sc = m2(x4, x4, return_attention_scores=True)
print("axes", out.shape, sc.shape)
print(
    L.MultiHeadAttention(
        2, 3, value_dim=4, dropout=0.1, use_bias=False, output_shape=(6,), attention_axes=1
    ).get_config()
)
tryp("cos", lambda: m.compute_output_shape((2, 3, 4), (2, 2, 4)))
m3 = L.MultiHeadAttention(2, 3, output_shape=(2, 5))
print("out_shape_tuple", m3(q, v).shape)
# query mask from a masking layer
qe = L.Embedding(5, 4, mask_zero=True)(np.array([[1, 2, 0], [3, 0, 0]]))
ve = L.Embedding(5, 4, mask_zero=True)(np.array([[1, 0], [2, 3]]))
m4 = L.MultiHeadAttention(1, 2, kernel_initializer="ones")
out, sc = m4(qe, ve, return_attention_scores=True)
print(
    "implicit masks",
    np.asarray(sc).round(3).tolist()[0],
    getattr(out, "_keras_mask", None) is not None,
)
out, sc = m4(qe, ve, use_causal_mask=True, return_attention_scores=True)
print("implicit causal", np.asarray(sc).round(3).tolist()[1])
"""

SNIPPETS["group_query_attention"] = _TRY + """
L = keras.layers
q = np.arange(2 * 3 * 8, dtype="float32").reshape(2, 3, 8) / 50
v = np.arange(2 * 4 * 8, dtype="float32").reshape(2, 4, 8) / 70
g = L.GroupQueryAttention(
    head_dim=2, num_query_heads=4, num_key_value_heads=2, kernel_initializer="ones", name="gqa"
)
out, sc = g(q, v, return_attention_scores=True)
print(out.shape, sc.shape, np.asarray(out).round(4).tolist()[0][0])
print([w.path + str(tuple(w.shape)) for w in g.weights])
out, sc = g(
    q,
    v,
    attention_mask=np.array([[[1, 1, 0, 0]] * 3] * 2, "bool"),
    return_attention_scores=True,
)
print("masked", np.asarray(sc).round(4).tolist()[0][0])
out, sc = g(q, q, use_causal_mask=True, return_attention_scores=True)
print("causal", np.asarray(sc).round(4).tolist()[0][0])
tryp("not_divisible", lambda: L.GroupQueryAttention(2, 3, 2))
print(
    L.GroupQueryAttention(
        2, 4, 2, dropout=0.1, use_bias=False, flash_attention=None
    ).get_config()
)
tryp(
    "symbolic",
    lambda: [
        t.shape
        for t in L.GroupQueryAttention(2, 4, 2)(
            keras.Input((3, 8)), keras.Input((4, 8)), return_attention_scores=True
        )
    ],
)
tryp("cos", lambda: L.GroupQueryAttention(2, 4, 2).compute_output_shape((2, 3, 8), (2, 4, 8)))
"""

SNIPPETS["einsum_dense_equations"] = _TRY + """
L = keras.layers
for eq, os, ba in [
    ("ab,bc->ac", 5, None),
    ("ab,bc->ac", 5, "c"),
    ("abc,cd->abd", (None, 6), "d"),
    ("abc,cde->abde", (None, 2, 3), "de"),
    ("abc,cd->abd", (4, 6), "bd"),
    ("...b,bc->...c", 3, "c"),
    ("abc,bcd->ad", 7, None),
]:
    try:
        e = L.EinsumDense(eq, output_shape=os, bias_axes=ba)
        x = keras.Input((4, 8) if eq.count(",") and eq[:3] != "ab," and eq[0] != "." else (8,))
        y = e(x)
        print(
            eq,
            os,
            ba,
            y.shape,
            [tuple(w.shape) for w in e.weights],
            e.compute_output_shape(x.shape),
        )
    except Exception as ex:
        print(eq, os, ba, type(ex).__name__, str(ex)[:200])
tryp(
    "bad_bias",
    lambda: L.EinsumDense("ab,bc->ac", output_shape=5, bias_axes="x")(keras.Input((8,))),
)
tryp("bad_eq", lambda: L.EinsumDense("ab->ac", output_shape=5)(keras.Input((8,))))
tryp("bad_eq2", lambda: L.EinsumDense("ab,bc,cd->ad", output_shape=5)(keras.Input((8,))))
tryp(
    "ellipsis_mid",
    lambda: L.EinsumDense("a...b,bc->a...c", output_shape=5)(keras.Input((2, 8))).shape,
)
tryp(
    "shape_mismatch", lambda: L.EinsumDense("ab,bc->ac", output_shape=(5, 2))(keras.Input((8,)))
)
e = L.EinsumDense(
    "ab,bc->ac",
    output_shape=5,
    bias_axes="c",
    activation="relu",
    kernel_regularizer="l2",
    lora_rank=2,
    name="ed",
)
print(e.get_config())
e.build((None, 8))
print([w.path + str(tuple(w.shape)) + str(w.trainable) for w in e.weights])
e2 = L.EinsumDense("ab,bc->ac", output_shape=5)
e2.build((None, 8))
e2.enable_lora(2)
print(
    [w.path + str(tuple(w.shape)) + str(w.trainable) for w in e2.weights],
    e2.get_config().get("lora_rank"),
)
tryp("lora_twice", lambda: e2.enable_lora(2))
tryp("lora_unbuilt", lambda: L.EinsumDense("ab,bc->ac", output_shape=5).enable_lora(2))
"""

SNIPPETS["rnn_states_under_masks"] = _TRY + """
L = keras.layers
x = np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3) / 20
x[0, 2:] = 0.0
x[1, 1:] = 0.0
for cls in [L.SimpleRNN, L.GRU, L.LSTM]:
    layer = cls(
        2,
        return_state=True,
        return_sequences=True,
        kernel_initializer="ones",
        recurrent_initializer="ones",
    )
    inp = L.Masking(0.0)(x)
    out = layer(inp)
    print(cls.__name__, len(out), [np.asarray(o).round(4).tolist()[0] for o in out])
    print(
        "  mask",
        np.asarray(getattr(out[0], "_keras_mask", None)).tolist()
        if getattr(out[0], "_keras_mask", None) is not None
        else None,
        [getattr(o, "_keras_mask", None) is not None for o in out[1:]],
    )
    layer2 = cls(
        2,
        return_state=True,
        go_backwards=True,
        kernel_initializer="ones",
        recurrent_initializer="ones",
    )
    out2 = layer2(inp)
    print("  back", [np.asarray(o).round(4).tolist()[1] for o in out2])
    sym = cls(2, return_state=True)(L.Masking()(keras.Input((4, 3))))
    print(
        "  sym",
        [tuple(t.shape) for t in sym],
        [getattr(t, "_keras_mask", None) is not None for t in sym],
    )
lstm = L.LSTM(2, return_state=True, kernel_initializer="ones", recurrent_initializer="ones")
o, h, c = lstm(
    x,
    initial_state=[np.ones((2, 2), "float32"), np.zeros((2, 2), "float32")],
    mask=np.array([[1, 1, 0, 0], [1, 0, 0, 0]], "bool"),
)
print("init", np.asarray(o).round(4).tolist(), np.asarray(c).round(4).tolist())
b = L.Bidirectional(L.LSTM(2, return_state=True))
outs = b(x)
print("bidi", len(outs), [tuple(t.shape) for t in outs])
b2 = L.Bidirectional(L.GRU(2, return_state=True, return_sequences=True), merge_mode=None)
outs = b2(keras.Input((4, 3)))
print("bidi_none", len(outs), [tuple(t.shape) for t in outs])
tryp(
    "bidi_mask",
    lambda: [
        tuple(t.shape)
        for t in L.Bidirectional(L.SimpleRNN(2, return_state=True))(L.Masking()(x))
    ],
)
stacked = L.RNN([L.GRUCell(2), L.LSTMCell(3)], return_state=True)
outs = stacked(x)
print("stacked", len(outs), [tuple(np.shape(t)) for t in outs])
tryp(
    "stateful_no_batch",
    lambda: keras.Sequential([keras.Input((4, 3)), L.LSTM(2, stateful=True)]),
)
m = keras.Sequential(
    [
        keras.Input((4, 3), batch_size=2),
        L.GRU(2, stateful=True, kernel_initializer="ones", recurrent_initializer="ones"),
    ]
)
m(x)
print("stateful", [np.asarray(s).round(4).tolist() for s in m.layers[0].states])
m.layers[0].reset_states()
print("reset", [np.asarray(s).tolist() for s in m.layers[0].states])
tryp(
    "zero_output_for_mask",
    lambda: (
        np.asarray(
            L.LSTM(
                2,
                return_sequences=True,
                zero_output_for_mask=True,
                kernel_initializer="ones",
                recurrent_initializer="ones",
            )(L.Masking()(x))
        )
        .round(3)
        .tolist()[1]
    ),
)
"""

SNIPPETS["conv_lstm_shapes"] = _TRY + """
L = keras.layers
x = np.ones((1, 3, 5, 5, 2), "float32")
for kw in [
    {},
    {"padding": "same"},
    {"return_sequences": True},
    {"strides": 2},
    {"dilation_rate": 2},
    {"return_state": True},
    {"return_state": True, "return_sequences": True, "padding": "same"},
]:
    l = L.ConvLSTM2D(4, 3, **kw)
    out = l(x)
    outs = out if isinstance(out, (list, tuple)) else [out]
    print(kw, [tuple(o.shape) for o in outs], [w.path + str(tuple(w.shape)) for w in l.weights])
l = L.ConvLSTM2D(2, 3, data_format="channels_first")
print("cf", tuple(l(np.ones((1, 3, 2, 5, 5), "float32")).shape))
print(
    "1d",
    tuple(L.ConvLSTM1D(2, 3, return_sequences=True)(np.ones((1, 3, 5, 2), "float32")).shape),
)
print("3d", tuple(L.ConvLSTM3D(2, 3)(np.ones((1, 3, 4, 4, 4, 2), "float32")).shape))
tryp("rank", lambda: L.ConvLSTM2D(2, 3)(np.ones((1, 5, 5, 2), "float32")))
tryp("strides_and_dilation", lambda: L.ConvLSTM2D(2, 3, strides=2, dilation_rate=2)(x))
tryp("too_small", lambda: L.ConvLSTM2D(2, 7)(x))
print(L.ConvLSTM2D(2, 3).compute_output_shape((None, 3, 5, 5, 2)))
print(
    L.ConvLSTM2D(2, 3, return_state=True, return_sequences=True).compute_output_shape(
        (None, 3, 5, 5, 2)
    )
)
sym = L.ConvLSTM2D(2, 3, return_state=True)(keras.Input((None, 5, 5, 2)))
print([tuple(t.shape) for t in sym])
cfg = L.ConvLSTM2D(2, 3, recurrent_dropout=0.1, unit_forget_bias=False).get_config()
print(sorted(cfg))
print(
    {
        k: cfg[k]
        for k in [
            "filters",
            "kernel_size",
            "strides",
            "padding",
            "data_format",
            "dilation_rate",
            "recurrent_activation",
            "unit_forget_bias",
        ]
    }
)
"""

SNIPPETS["conv_output_too_small"] = _TRY + """
L = keras.layers
tryp("conv2d_small", lambda: L.Conv2D(2, 7)(np.ones((1, 5, 5, 2), "float32")))
tryp("conv1d_small", lambda: L.Conv1D(2, 7, strides=2)(np.ones((1, 5, 2), "float32")))
tryp(
    "conv3d_small_dil",
    lambda: L.Conv3D(2, 3, dilation_rate=3)(np.ones((1, 5, 5, 5, 2), "float32")),
)
"""

SNIPPETS["symbolic_specs_and_builds"] = _TRY + """
L = keras.layers
spec = keras.KerasTensor((None, 4, 3))
for layer in [
    L.Dense(2),
    L.Conv1D(2, 3),
    L.LSTM(2, return_state=True),
    L.Embedding(5, 2),
    L.Flatten(),
    L.GlobalAveragePooling1D(keepdims=True),
    L.BatchNormalization(),
    L.Reshape((12,)),
    L.Permute((2, 1)),
    L.RepeatVector(2),
]:
    try:
        out = layer.compute_output_spec(spec)
        outs = out if isinstance(out, (list, tuple)) else [out]
        print(type(layer).__name__, [(tuple(o.shape), o.dtype) for o in outs], layer.built)
    except Exception as e:
        print(type(layer).__name__, type(e).__name__, str(e)[:200])
for layer in [
    L.Dense(2),
    L.Conv1D(2, 3),
    L.LSTM(2),
    L.Embedding(5, 2),
    L.BatchNormalization(),
    L.MultiHeadAttention(2, 2),
]:
    try:
        print(type(layer).__name__, layer.compute_output_shape((None, 4, 3)))
    except Exception as e:
        print(type(layer).__name__, type(e).__name__, str(e)[:200])
d = L.Dense(3)
d.build(keras.KerasTensor((None, 4)).shape)
print("build_tensorshape", d.built, tuple(d.kernel.shape))
d2 = L.Dense(3)
tryp("build_none_last", lambda: d2.build((None, None)))
tryp("build_list", lambda: (L.Dense(3).build([2, 4]), "ok")[1])
c = L.Conv2D(2, 3)
tryp("conv_build_bad_rank", lambda: c.build((None, 4, 4)))
tryp(
    "dense_call_wrong_dim",
    lambda: (lambda l: (l.build((None, 4)), l(np.ones((1, 5), "float32"))))(L.Dense(2)),
)
tryp(
    "dense_sym_wrong",
    lambda: (lambda l: (l(keras.Input((4,))), l(keras.Input((5,)))))(L.Dense(2)),
)
tryp(
    "spec_dtype",
    lambda: L.Dense(2, dtype="float16").compute_output_spec(keras.KerasTensor((None, 4))).dtype,
)
tryp(
    "spec_int_input",
    lambda: L.Dense(2).compute_output_spec(keras.KerasTensor((None, 4), dtype="int32")).dtype,
)
tryp(
    "emb_spec",
    lambda: (
        L.Embedding(5, 2).compute_output_spec(keras.KerasTensor((None, 4), dtype="int32")).dtype
    ),
)
tryp("kt_repr", lambda: repr(keras.KerasTensor((None, 4), dtype="int32", name="kt")))
tryp("kt_bool", lambda: bool(keras.KerasTensor((None, 4))))
tryp("kt_numpy", lambda: np.asarray(keras.KerasTensor((None, 4))))
tryp("kt_iter", lambda: list(keras.KerasTensor((2,))))
tryp("kt_getitem", lambda: keras.KerasTensor((None, 4, 3))[:, 0].shape)
tryp(
    "kt_reshape",
    lambda: (
        keras.KerasTensor((None, 4, 3)).reshape((-1, 12)).shape
        if hasattr(keras.KerasTensor, "reshape")
        else "none"
    ),
)
tryp("kt_sparse", lambda: keras.KerasTensor((None, 4), sparse=True).sparse)
tryp("kt_ndim", lambda: keras.KerasTensor((None, 4)).ndim)
tryp("is_keras_tensor", lambda: keras.utils.is_keras_tensor(keras.KerasTensor((1,))))
"""

SNIPPETS["keras_tensor_operators"] = _TRY + """
kt = keras.KerasTensor((None, 4, 3))
tryp("add", lambda: repr(kt + 1).split(", name")[0])
tryp("neg", lambda: repr(-kt).split(", name")[0])
tryp("getitem", lambda: repr(kt[:, 0]).split(", name")[0])
tryp("getitem_int", lambda: repr(kt[0]).split(", name")[0])
tryp("cmp", lambda: repr(kt > 1).split(", name")[0])
tryp("matmul", lambda: repr(kt @ keras.KerasTensor((3, 2))).split(", name")[0])
tryp("history", lambda: (kt + 1)._keras_history is None)
inp = keras.Input((4, 3))
tryp("inp_getitem", lambda: repr(inp[:, 0]).split(", name")[0])
tryp("inp_getitem_model", lambda: keras.Model(inp, inp[:, 0] * 2)(np.ones((1, 4, 3))).shape)
tryp(
    "is_kt",
    lambda: [
        keras.utils.is_keras_tensor(t) for t in (kt, inp, kt + 1, np.ones(1), keras.ops.ones(1))
    ],
)
tryp("backend_is_kt", lambda: keras.backend.is_keras_tensor(kt))
"""
