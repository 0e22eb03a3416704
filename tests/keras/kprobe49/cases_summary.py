"""kprobe49's fifth round: what a user prints of models built from these layers
(summaries, KerasTensor reprs, to_json, count_params, layers' weights' order) and the
optimizers' and losses' reprs."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["summary_attention_models"] = _TRY + """
q = keras.Input((5, 8), name="q"); v = keras.Input((7, 8), name="v")
a, s = layers.MultiHeadAttention(2, 4, name="mha")(q, v, return_attention_scores=True)
b = layers.GroupQueryAttention(4, 4, 2, name="gqa")(q, v)
c = layers.Attention(name="att")([q, v])
d = layers.AdditiveAttention(name="add")([q, v])
m = keras.Model([q, v], [a, s, b, c, d], name="atts")
m.summary()
print(m.count_params(), [l.count_params() for l in m.layers])
print(repr(s).split(", name=")[0])
"""

SNIPPETS["summary_normalization_models"] = _TRY + """
i = keras.Input((4, 6), name="x")
h = layers.LayerNormalization(name="ln")(i)
h = layers.GroupNormalization(3, name="gn")(h)
h = layers.BatchNormalization(name="bn")(h)
h = layers.UnitNormalization(name="un")(h)
h = layers.RMSNormalization(name="rms")(h)
h = layers.SpectralNormalization(layers.Dense(3), name="sn")(h)
m = keras.Model(i, h, name="norms")
m.summary()
print(m.count_params(), len(m.trainable_weights), len(m.non_trainable_weights))
print([w.path for w in m.non_trainable_weights])
"""

SNIPPETS["to_json_and_get_config_attention_model"] = _TRY + """
q = keras.Input((3, 4), name="q")
o = layers.MultiHeadAttention(2, 2, name="mha", attention_axes=(1,))(q, q, use_causal_mask=True)
o = layers.LayerNormalization(name="ln", rms_scaling=False)(o)
m = keras.Model(q, o)
cfg = m.get_config()
print(sorted(cfg))
print(_json.dumps(cfg["layers"][1], sort_keys=True)[:1500])
print(_json.dumps(cfg["layers"][2]["config"], sort_keys=True))
m2 = keras.Model.from_config(cfg)
print([type(l).__name__ for l in m2.layers], m2.layers[1].get_config() == m.layers[1].get_config())
"""

SNIPPETS["optimizer_and_loss_reprs_and_names"] = _TRY + """
for n in ["Adafactor", "Lion", "Lamb", "Nadam", "Ftrl", "AdamW"]:
    o = getattr(keras.optimizers, n)()
    print(n, _cut(repr(o)), o.name)
o = keras.optimizers.LossScaleOptimizer(keras.optimizers.Lion())
print(_cut(repr(o)), o.name)
for l in [keras.losses.Dice(), keras.losses.Tversky(), keras.losses.CTC(), keras.losses.CategoricalFocalCrossentropy(), keras.losses.Circle()]:
    print(re.sub(r" at 0x[0-9a-f]+", "", repr(l)), l.name, l.reduction)
for m in [keras.metrics.AUC(), keras.metrics.F1Score(), keras.metrics.R2Score(), keras.metrics.OneHotMeanIoU(3)]:
    print(re.sub(r" at 0x[0-9a-f]+", "", repr(m)), m.name)
"""

SNIPPETS["layer_reprs_and_str_of_norm_attention"] = _TRY + """
for l in [layers.MultiHeadAttention(2, 2, name="m"), layers.GroupQueryAttention(2, 2, 1, name="g"), layers.LayerNormalization(name="ln"), layers.SpectralNormalization(layers.Dense(2), name="sn"), layers.RMSNormalization(name="r")]:
    print(repr(l), str(l))
    l2 = l
x = np.ones((1, 2, 4), "float32")
l = layers.MultiHeadAttention(2, 2, name="mm")
l(x, x)
print(repr(l), l.built, [type(s).__name__ for s in (l._query_dense, l._key_dense, l._value_dense, l._output_dense)] if hasattr(l, "_query_dense") else None)
print([ (s.name, s.equation if hasattr(s, "equation") else None) for s in (l._query_dense, l._key_dense, l._value_dense, l._output_dense)] if hasattr(l, "_query_dense") else None)
"""
