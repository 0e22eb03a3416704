"""kprobe49's attention and normalization snippets: MultiHeadAttention's masks, scores,
axes and errors, GroupQueryAttention's options, Attention's and AdditiveAttention's score
modes, normalization layers' statistics, epsilons and configs."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["mha_scores_shape_per_axes_and_mask_kinds"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4 * 4, dtype="float32")).reshape(2, 3, 4, 4)
for axes in [None, 1, 2, (1, 2)]:
    l = layers.MultiHeadAttention(2, 3, attention_axes=axes)
    try:
        o, s = l(q, q, return_attention_scores=True)
        fill(l)
        o, s = l(q, q, return_attention_scores=True)
        print(axes, tuple(o.shape), tuple(s.shape), r4(np.asarray(s).sum()))
    except Exception as e:
        print(axes, type(e).__name__, str(e)[:200])
x = np.cos(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
l = layers.MultiHeadAttention(2, 2)
l(x, x)
fill(l)
show("bool mask", lambda: l(x, x, attention_mask=np.array([[[1, 0, 1]] * 3, [[1, 1, 0]] * 3], bool)))
show("int mask", lambda: l(x, x, attention_mask=np.array([[[1, 0, 1]] * 3, [[1, 1, 0]] * 3], "int32")))
show("float mask", lambda: l(x, x, attention_mask=np.array([[[1, 0, 1]] * 3, [[1, 1, 0]] * 3], "float32")))
show("all masked", lambda: l(x, x, attention_mask=np.zeros((2, 3, 3), bool), return_attention_scores=True)[1])
show("2d mask", lambda: l(x, x, attention_mask=np.ones((3, 3), bool)))
"""

SNIPPETS["mha_causal_with_padding_and_query_mask"] = _TRY + """
x = np.sin(np.arange(2 * 4 * 3, dtype="float32")).reshape(2, 4, 3)
l = layers.MultiHeadAttention(1, 2, use_bias=False)
l(x, x)
fill(l)
show("causal", lambda: l(x, x, use_causal_mask=True, return_attention_scores=True)[1])
qm = np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool)
show("query_mask", lambda: l(x, x, query_mask=qm))
show("value_mask", lambda: l(x, x, value_mask=qm, return_attention_scores=True)[1])
show("key_mask", lambda: l(x, x, x[:, :, :1] * 0 + x, key_mask=qm))
show("causal cross", lambda: l(x[:, :2], x, use_causal_mask=True, return_attention_scores=True)[1])
"""

SNIPPETS["mha_errors_and_config_round_trip"] = _TRY + """
tryq("no heads", lambda: layers.MultiHeadAttention(0, 2))
tryq("key_dim 0", lambda: layers.MultiHeadAttention(2, 0)(np.ones((1, 2, 3)), np.ones((1, 2, 3))))
tryq("axes bad", lambda: layers.MultiHeadAttention(2, 2, attention_axes=3)(np.ones((1, 2, 3)), np.ones((1, 2, 3))))
tryq("rank mismatch", lambda: layers.MultiHeadAttention(2, 2)(np.ones((1, 2, 3)), np.ones((1, 2, 3, 1))))
tryq("dim mismatch", lambda: layers.MultiHeadAttention(2, 2)(np.ones((1, 2, 3)), np.ones((1, 2, 5))))
tryq("dropout", lambda: layers.MultiHeadAttention(2, 2, dropout=1.5))
l = layers.MultiHeadAttention(3, 4, value_dim=5, output_shape=(7,), attention_axes=(1,), kernel_initializer="ones", seed=3)
js("cfg", lambda: l.get_config())
b = layers.MultiHeadAttention.from_config(l.get_config())
print(b.get_config() == l.get_config())
o = l(np.ones((1, 2, 6)), np.ones((1, 3, 6)))
print(tuple(o.shape), [(w.path, tuple(w.shape)) for w in l.weights])
"""

SNIPPETS["mha_compute_output_shape_and_spec"] = _TRY + """
l = layers.MultiHeadAttention(2, 4, output_shape=6)
tryq("cos", lambda: l.compute_output_shape((None, 5, 3), (None, 7, 3)))
tryq("cos key", lambda: l.compute_output_shape((None, 5, 3), (None, 7, 3), (None, 7, 2)))
tryq("cos bad", lambda: l.compute_output_shape((None, 5, 3), (None, 7, 3), (None, 8, 2)))
q = keras.Input((5, 3)); v = keras.Input((7, 3))
o, s = layers.MultiHeadAttention(2, 4)(q, v, return_attention_scores=True)
print(o.shape, s.shape)
o2 = layers.MultiHeadAttention(2, 4, output_shape=(2, 3))(q, v)
print(o2.shape)
"""

SNIPPETS["gqa_scores_masks_and_errors"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
l = layers.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2)
o, s = l(x, x, return_attention_scores=True)
fill(l)
o, s = l(x, x, return_attention_scores=True)
print(tuple(o.shape), tuple(s.shape), round(float(np.asarray(o).sum()), 3), r4(np.asarray(s)[0, :, 0]))
show("causal", lambda: l(x, x, use_causal_mask=True, return_attention_scores=True)[1][0, 0])
show("mask", lambda: l(x, x, attention_mask=np.tril(np.ones((2, 3, 3), bool)))[0])
tryq("heads not divisible", lambda: layers.GroupQueryAttention(2, 3, 2))
tryq("kv heads 0", lambda: layers.GroupQueryAttention(2, 4, 0))
js("cfg", lambda: l.get_config())
print([w.path for w in l.weights])
"""

SNIPPETS["gqa_options_bias_dropout_flash"] = _TRY + """
x = np.cos(np.arange(1 * 3 * 4, dtype="float32")).reshape(1, 3, 4)
l = layers.GroupQueryAttention(head_dim=3, num_query_heads=2, num_key_value_heads=1, use_bias=False, dropout=0.5, seed=1)
l(x, x)
print([tuple(w.shape) for w in l.weights])
fill(l)
show("infer", lambda: l(x, x, training=False))
tryq("flash off", lambda: layers.GroupQueryAttention(3, 2, 1, flash_attention=False).get_config()["flash_attention"])
l2 = layers.GroupQueryAttention(3, 2, 1)
tryq("cos", lambda: l2.compute_output_shape((None, 3, 4), (None, 5, 4)))
tryq("key", lambda: l2(x, x[:, :2], x[:, :2]).shape)
"""

SNIPPETS["attention_score_modes_scale_and_concat"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
for mode in ["dot", "concat"]:
    for scale in [False, True]:
        l = layers.Attention(use_scale=scale, score_mode=mode)
        o, s = l([q, v], return_attention_scores=True)
        fill(l, 0.8)
        o, s = l([q, v], return_attention_scores=True)
        print(mode, scale, [w.path for w in l.weights], r4(np.asarray(o).sum()), r4(np.asarray(s)[0, 0]))
tryq("bad mode", lambda: layers.Attention(score_mode="add"))
l = layers.Attention()
show("mask", lambda: l([q, v], mask=[None, np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]], bool)], return_attention_scores=True)[1][:, 0])
show("qmask", lambda: l([q, v], mask=[np.array([[1, 0, 1], [0, 1, 1]], bool), None])[:, :, 0])
show("causal", lambda: l([q, q], use_causal_mask=True, return_attention_scores=True)[1][0])
"""

SNIPPETS["additive_attention_scale_dropout_and_errors"] = _TRY + """
q = np.sin(np.arange(2 * 3 * 4, dtype="float32")).reshape(2, 3, 4)
v = np.cos(np.arange(2 * 5 * 4, dtype="float32")).reshape(2, 5, 4)
for scale in [True, False]:
    l = layers.AdditiveAttention(use_scale=scale)
    l([q, v])
    fill(l, 0.3)
    o, s = l([q, v, v * 2], return_attention_scores=True)
    print(scale, [w.path for w in l.weights], r4(np.asarray(o).sum()), r4(np.asarray(s)[1, 2]))
tryq("one input", lambda: layers.AdditiveAttention()([q]))
tryq("not list", lambda: layers.AdditiveAttention()(q))
tryq("four", lambda: layers.AdditiveAttention()([q, v, v, v]))
tryq("dim mismatch", lambda: layers.AdditiveAttention()([q, v[..., :3]]))
js("cfg", lambda: layers.AdditiveAttention(use_scale=False, dropout=0.2).get_config())
tryq("cos", lambda: layers.AdditiveAttention().compute_output_shape([(None, 3, 4), (None, 5, 4)]))
"""

SNIPPETS["attention_compute_mask_and_keras_input"] = _TRY + """
q = keras.Input((3, 4)); v = keras.Input((5, 4))
o, s = layers.Attention()([q, v], return_attention_scores=True)
print(o.shape, s.shape)
l = layers.Attention()
print(l.compute_mask([q, v], [np.array([[1, 0, 1]], bool), None]))
print(l.compute_mask([q, v], None))
tryq("mask not list", lambda: l.compute_mask([q, v], np.ones((1, 3), bool)))
emb = layers.Embedding(10, 4, mask_zero=True)
ids = np.array([[1, 2, 0], [3, 0, 0]])
e = emb(ids)
r = layers.Attention()([e, e])
print(r._keras_mask.numpy().tolist() if hasattr(r, "_keras_mask") and r._keras_mask is not None else None)
"""

SNIPPETS["layer_norm_rms_center_scale_epsilon"] = _TRY + """
x = np.array([[1.0, 2.0, 4.0, 8.0], [-1.0, 0.5, 0.0, 3.0]], "float32")
for kw in [dict(), dict(rms_scaling=True), dict(center=False), dict(scale=False), dict(epsilon=0.5), dict(rms_scaling=True, epsilon=0.5), dict(axis=0), dict(axis=[0, 1])]:
    l = layers.LayerNormalization(**kw)
    y = l(x)
    print(kw, [w.path.split("/")[-1] for w in l.weights], r4(y))
js("cfg", lambda: layers.LayerNormalization(rms_scaling=True, axis=(1, 2), beta_initializer="ones").get_config())
tryq("axis out", lambda: layers.LayerNormalization(axis=3)(x))
tryq("axis str", lambda: layers.LayerNormalization(axis="a"))
"""

SNIPPETS["batch_norm_inference_moving_stats_and_momentum"] = _TRY + """
x = np.array([[1.0, 2.0], [3.0, -2.0], [5.0, 0.0], [-1.0, 4.0]], "float32")
l = layers.BatchNormalization(momentum=0.5, epsilon=0.1)
l(x)
l.moving_mean.assign([1.0, 2.0]); l.moving_variance.assign([4.0, 0.25])
print("infer", r4(l(x, training=False)))
print("train", r4(l(x, training=True)))
print("mm", r4(l.moving_mean), "mv", r4(l.moving_variance))
l(x, training=True)
print("mm2", r4(l.moving_mean), "mv2", r4(l.moving_variance))
l.trainable = False
print("frozen train", r4(l(x, training=True)), r4(l.moving_mean))
m = np.array([[1, 1, 0, 0]], bool)
l2 = layers.BatchNormalization(momentum=0.0)
x3 = x.reshape(1, 4, 2)
l2(x3, training=True, mask=m)
print("masked", r4(l2.moving_mean), r4(l2.moving_variance))
js("cfg", lambda: layers.BatchNormalization(axis=1, center=False, synchronized=True, renorm=True).get_config())
"""

SNIPPETS["group_norm_groups_axes_and_errors"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 6, dtype="float32")).reshape(2, 3, 6)
for g in [1, 2, 3, 6, -1]:
    l = layers.GroupNormalization(groups=g)
    try:
        print(g, r4(np.asarray(l(x))[0, 0]))
    except Exception as e:
        print(g, type(e).__name__, str(e)[:200])
tryq("4 groups", lambda: layers.GroupNormalization(groups=4)(x))
tryq("12 groups", lambda: layers.GroupNormalization(groups=12)(x))
print("axis1", r4(np.asarray(layers.GroupNormalization(groups=3, axis=1)(x))[0, :, 0]))
print("no center", r4(np.asarray(layers.GroupNormalization(groups=2, center=False, scale=False, epsilon=1.0)(x))[1, 1]))
js("cfg", lambda: layers.GroupNormalization(groups=2, axis=1).get_config())
tryq("cos", lambda: layers.GroupNormalization(groups=2).compute_output_shape((None, 3, 6)))
m = np.array([[1, 1, 0], [1, 0, 0]], bool)
show("masked", lambda: layers.GroupNormalization(groups=2)(x, mask=m)[1])
"""

SNIPPETS["unit_and_spectral_normalization"] = _TRY + """
x = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -1.0, 1.0]], "float32")
show("unit", lambda: layers.UnitNormalization()(x))
show("unit axis0", lambda: layers.UnitNormalization(axis=0)(x))
show("unit both", lambda: layers.UnitNormalization(axis=[0, 1])(x))
show("unit int", lambda: layers.UnitNormalization()(np.array([[3, 4]], "int32")))
js("unit cfg", lambda: layers.UnitNormalization(axis=(0, 1)).get_config())
d = layers.Dense(2)
sn = layers.SpectralNormalization(d, power_iterations=3)
sn(x)
fill(d)
print([w.path for w in sn.weights])
show("sn infer", lambda: sn(x))
show("sn train", lambda: sn(x, training=True))
show("kernel", lambda: d.kernel)
tryq("sn no kernel", lambda: layers.SpectralNormalization(layers.Dropout(0.1))(x))
tryq("sn iters 0", lambda: layers.SpectralNormalization(layers.Dense(2), power_iterations=0))
js("sn cfg", lambda: {k: v for k, v in sn.get_config().items() if k != "layer"})
"""

SNIPPETS["normalization_layers_dtype_policies"] = _TRY + """
x = np.sin(np.arange(2 * 4, dtype="float32")).reshape(2, 4)
for cls, kw in [(layers.LayerNormalization, {}), (layers.BatchNormalization, {}), (layers.GroupNormalization, {"groups": 2}), (layers.UnitNormalization, {}), (layers.LayerNormalization, {"rms_scaling": True})]:
    for pol in ["mixed_float16", "mixed_bfloat16", "float64"]:
        try:
            l = cls(dtype=pol, **kw)
            y = l(x)
            print(cls.__name__, pol, keras.backend.standardize_dtype(y.dtype), [keras.backend.standardize_dtype(w.dtype) for w in l.weights][:2], r4(np.asarray(keras.ops.cast(y, "float32"))[0, :2]))
        except Exception as e:
            print(cls.__name__, pol, type(e).__name__, str(e)[:150])
"""
