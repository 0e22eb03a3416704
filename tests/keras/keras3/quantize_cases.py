"""Keras 3's quantization (configs, quantized dtype policies, `Model.quantize` and the
quantized Dense and Embedding): snippets shared by make_quantize_golden.py (real TF 2.21 +
Keras 3) and test_quantize.py. Each prints what it shows; they run with `keras`, `np` and
`tmp` (a fresh folder) bound."""

PRELUDE = '''
import os
import warnings
def show(label, f, *args, **kwargs):
    try:
        out = f(*args, **kwargs)
        print(label, "->", out if isinstance(out, str) else repr(out).split(" at 0x")[0])
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).split(" at 0x")[0])
def arr(x, d=5):
    a = np.asarray(x)
    return (a.astype("float64").round(d) if a.dtype.kind == "f" else a).tolist()
def variables(layer):
    for v in layer.weights:
        print(" ", v.name, v.path, v.dtype, tuple(v.shape), v.trainable)
def values(layer):
    for v in layer.weights:
        print(" ", v.name, arr(v))
rng = np.random.RandomState(0)
def dense_model(units=3, inputs=5, **kwargs):
    m = keras.Sequential([keras.Input((inputs,)), keras.layers.Dense(units, **kwargs)])
    d = m.layers[0]
    d.set_weights([w.astype("float32") for w in (rng.randn(inputs, units), rng.randn(units))][
        :len(d.weights)])
    return m
def quiet_quantize(m, *args, **kwargs):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        m.quantize(*args, **kwargs)
    return sorted({str(x.message) for x in w if "quantize" in str(x.message)})
x = rng.randn(4, 5).astype("float32")
'''

SNIPPETS = {
    "configs": '''
Q = keras.quantizers
S = keras.saving.serialize_keras_object
for c in (Q.Int8QuantizationConfig(), Q.Int4QuantizationConfig(),
          Q.Int4QuantizationConfig(block_size=None), Q.Float8QuantizationConfig(),
          Q.Int8QuantizationConfig(weight_quantizer=Q.AbsMaxQuantizer(axis=0),
                                   activation_quantizer=None),
          Q.GPTQConfig(None, None), Q.AWQConfig(None, None, group_size=-1)):
    print(type(c).__name__, c.mode, c.get_config())
    print(" ", S(c))
    back = keras.saving.deserialize_keras_object(S(c))
    print(" ", type(back).__name__, back.get_config() == c.get_config())
print(Q.GPTQConfig(None, None).dtype_policy_string(), Q.AWQConfig(None, None).dtype_policy_string())
show("base_mode", lambda: Q.QuantizationConfig().mode)
show("int8_bad_dtype", Q.Int8QuantizationConfig, Q.AbsMaxQuantizer(output_dtype="int16"))
show("int4_block0", Q.Int4QuantizationConfig, block_size=0)
show("int4_block_custom", Q.Int4QuantizationConfig, Q.AbsMaxQuantizer(value_range=(-8, 7)))
show("int4_range", Q.Int4QuantizationConfig, Q.AbsMaxQuantizer(value_range=(-7, 7)),
     block_size=-1)
show("gptq_bits", Q.GPTQConfig, None, None, weight_bits=5)
show("gptq_samples", Q.GPTQConfig, None, None, num_samples=0)
show("gptq_seq", Q.GPTQConfig, None, None, sequence_length=0)
show("gptq_damp", Q.GPTQConfig, None, None, hessian_damping=2.0)
show("gptq_group", Q.GPTQConfig, None, None, group_size=0)
show("awq_bits", Q.AWQConfig, None, None, weight_bits=8)
show("awq_grid", Q.AWQConfig, None, None, num_grid_points=0)
show("deserialize", lambda: type(Q.deserialize(S(Q.Int4QuantizationConfig()))).__name__)
show("get_dict", lambda: Q.get(S(Q.Int4QuantizationConfig(block_size=8))).block_size)
''',
    "policies": '''
P = keras.dtype_policies
for name in ("int8_from_float32", "int4_from_float32", "int4/128_from_mixed_bfloat16",
             "int4/-1_from_float32", "float8_from_mixed_float16", "gptq/4/128_from_float32",
             "awq/4/-1_from_bfloat16"):
    p = P.get(name)
    print(repr(p), p.name, p.compute_dtype, p.variable_dtype, p.quantization_mode)
    print(" ", P.serialize(p))
    print(" ", P.deserialize(P.serialize(p)) == p, p == P.get("float32"))
print(P.QuantizedFloat8DTypePolicy("float8", "float32", amax_history_length=16).get_config())
print(repr(P.QuantizedDTypePolicy("int8")), repr(P.FloatDTypePolicy("float16")))
print(P.get("float32") == P.FloatDTypePolicy("float32"))
show("bad_mode", P.QuantizedDTypePolicy, "int2", "float32")
show("int8_f16", P.QuantizedDTypePolicy, "int8", "float16")
show("amax_len", P.QuantizedFloat8DTypePolicy, "float8", "float32", amax_history_length=2.0)
show("int4_fmt", P.Int4DTypePolicy, "int4", "float32")
show("int4_int", P.Int4DTypePolicy, "int4/x", "float32")
show("int4_zero", P.Int4DTypePolicy, "int4/0", "float32")
show("gptq_fmt", P.GPTQDTypePolicy, "gptq/4", "float32")
show("gptq_int", P.GPTQDTypePolicy, "gptq/a/b", "float32")
show("gptq_bits", P.GPTQDTypePolicy, "gptq/5/128", "float32")
show("gptq_group", P.GPTQDTypePolicy, "gptq/4/-2", "float32")
show("awq_bits", P.AWQDTypePolicy, "awq/8/128", "float32")
show("awq_group", P.AWQDTypePolicy, "awq/4/0", "float32")
show("no_from", P.get, "int8_float32")
''',
    "dense_int8": '''
m = dense_model()
print(quiet_quantize(m, "int8"))
d = m.layers[0]
print(repr(d.dtype_policy), d.quantization_mode, type(d.inputs_quantizer).__name__)
variables(d)
values(d)
print(arr(d.kernel), arr(m(x)))
print(arr(d(x[:, None, :].repeat(2, axis=1))[:, 1]))
print(d.get_config())
m.summary()
m2 = dense_model(activation="relu", use_bias=False)
m2.quantize("int8", config=keras.quantizers.Int8QuantizationConfig(activation_quantizer=None))
d2 = m2.layers[0]
variables(d2)
print(d2.inputs_quantizer, arr(m2(x)))
show("again", m.quantize, "int8")
show("layer_again", d.quantize, "int4")
''',
    "dense_int4": '''
for cfg in (None, keras.quantizers.Int4QuantizationConfig(block_size=2),
            keras.quantizers.Int4QuantizationConfig(block_size=-1)):
    m = dense_model(units=5, inputs=7)
    m.quantize("int4", config=cfg)
    d = m.layers[0]
    print(repr(d.dtype_policy))
    variables(d)
    values(d)
    print(arr(m(rng.randn(3, 7).astype("float32"))), arr(d.kernel))
    print(d.get_config()["quantization_config"], d.get_config()["dtype"])
    m.summary()
''',
    "dense_float8": '''
m = dense_model()
m.quantize("float8")
d = m.layers[0]
print(repr(d.dtype_policy))
variables(d)
print(arr(m(x)), arr(m(x * 300)))
m.summary()
''',
    "embedding": '''
for mode, cfg in (("int8", None), ("int4", None),
                  ("int4", keras.quantizers.Int4QuantizationConfig(block_size=2))):
    m = keras.Sequential([keras.Input((3,), dtype="int32"), keras.layers.Embedding(6, 5)])
    e = m.layers[0]
    e.set_weights([rng.randn(6, 5).astype("float32")])
    m.quantize(mode, config=cfg)
    print(repr(e.dtype_policy))
    variables(e)
    values(e)
    print(arr(m(np.array([[0, 5, 2], [1, 1, 3]]))), arr(e.embeddings))
''',
    "einsum_dense": '''
E = keras.layers.EinsumDense
for eq, out, bias, shape in (("ab,bc->ac", 3, "c", (5,)), ("abc,cd->abd", (None, 4), "d", (2, 5)),
                             ("abc,cde->abde", (None, 2, 3), "de", (2, 5)),
                             ("abcd,cde->abe", (None, 3), None, (2, 4, 5)),
                             ("...b,bc->...c", 3, "c", (2, 5)),
                             ("ab...,bc->ac...", (3, 2), None, (5, 2)),
                             ("abc,dce->abde", (None, 2, 3), "e", (2, 5))):
    for mode, cfg in (("int8", None), ("float8", None), ("int4", None),
                      ("int4", keras.quantizers.Int4QuantizationConfig(block_size=-1))):
        m = keras.Sequential([keras.Input(shape), E(eq, output_shape=out, bias_axes=bias)])
        l = m.layers[0]
        l.set_weights([rng.randn(*w.shape).astype("float32") for w in l.weights])
        xs = rng.randn(3, *shape).astype("float32")
        before = np.asarray(m(xs))
        try:
            m.quantize(mode, config=cfg)
        except Exception as e:
            print(eq, mode, "!!", type(e).__name__, e)
            continue
        print(eq, mode, repr(l.dtype_policy))
        variables(l)
        if mode != "float8":
            print(" ", arr(l.kernel_scale), arr(l.kernel))
        got = np.asarray(m(xs))
        print(" ", got.shape, arr(got.ravel()[:6]), float(np.abs(got - before).max()) < 0.5)
        if mode == "float8":
            continue
        with tf.GradientTape() as tape:
            t = tf.constant(xs)
            tape.watch(t)
            y = tf.reduce_sum(m(t) ** 2)
        print(" ", arr(np.asarray(tape.gradient(y, t)).ravel()[:6], 3))
m = keras.Sequential([keras.Input((5,)), E("ab,bc->ac", output_shape=3)])
m.layers[0].set_weights([rng.randn(5, 3).astype("float32")])
m.quantize("int8", config=keras.quantizers.Int8QuantizationConfig(activation_quantizer=None))
print(m.layers[0].inputs_quantizer, arr(m(x)))
show("int4", m.quantize, "int4")
m = keras.Sequential([keras.Input((5,)), E("ab,bc->ac", output_shape=3)])
print(m.layers[0].get_config()["quantization_config"])
m = keras.Sequential([keras.Input((2, 5)), E("abc,cd->abd", output_shape=(None, 3))])
m.layers[0].set_weights([rng.randn(5, 3).astype("float32")])
m.quantize(config=keras.quantizers.Int4QuantizationConfig(
    block_size=-1, activation_quantizer=keras.quantizers.AbsMaxQuantizer(axis=-1)))
print(repr(m.layers[0].dtype_policy), arr(m(rng.randn(2, 2, 5).astype("float32"))))
''',
    "reversible_embedding": '''
R = keras.layers.ReversibleEmbedding
import h5py
for tie in (True, False):
    for mode, cfg in (("int8", None), ("int4", None),
                      ("int4", keras.quantizers.Int4QuantizationConfig(block_size=2))):
        ids = keras.Input((3,), dtype="int32")
        r = R(6, 5, tie_weights=tie, logit_soft_cap=4.0)
        h = r(ids)
        m = keras.Model(ids, [h, r(h, reverse=True)])
        r.set_weights([rng.randn(*w.shape).astype("float32") for w in r.weights])
        m.quantize(mode, config=cfg)
        print(tie, mode, repr(r.dtype_policy))
        variables(r)
        values(r)
        a, b = m(np.array([[0, 5, 2], [1, 1, 3]]))
        print(" ", arr(a, 4), arr(b, 4))
        path = os.path.join(tmp, f"rev_{tie}_{mode}_{cfg is None}.weights.h5")
        m.save_weights(path)
        with h5py.File(path) as f:
            g = f["layers/reversible_embedding/vars"]
            print(" ", [(k, str(g[k].dtype), g[k].shape) for k in sorted(g, key=int)])
        back = keras.saving.load_model(m.save(path.replace(".weights.h5", ".keras")) or
                                       path.replace(".weights.h5", ".keras"))
        print(" ", np.allclose(back(np.array([[0, 5, 2]]))[1], m(np.array([[0, 5, 2]]))[1]))
# (untied, Keras 3.15 cannot build a ReversibleEmbedding with lora_rank: its LoRA is
# enabled before the reverse embeddings exist, and its tracker refuses them)
for tie, mode in ((True, None), (True, "int8"), (True, "int4")):
    ids = keras.Input((3,), dtype="int32")
    r = R(6, 4, tie_weights=tie, lora_rank=2)
    h = r(ids)
    m = keras.Model(ids, [h, r(h, reverse=True)])
    r.set_weights([rng.randn(*w.shape).astype("float32") for w in r.weights])
    if mode:
        m.quantize(mode, config=keras.quantizers.Int4QuantizationConfig(block_size=-1)
                   if mode == "int4" else None)
    r.lora_embeddings_b.assign(rng.randn(2, 4).astype("float32") * 0.1)
    a, b = m(np.array([[0, 5, 2]]))
    print("lora", tie, mode, [v.name for v in r.trainable_weights], arr(a, 4), arr(b, 4))
    path = os.path.join(tmp, f"rev_lora_{tie}_{mode}.weights.h5")
    m.save_weights(path)
    with h5py.File(path) as f:
        g = f["layers/reversible_embedding/vars"]
        print(" ", [(k, str(g[k].dtype), g[k].shape) for k in sorted(g, key=int)],
              arr(g["0"][()], 4))
show("float8", R(4, 2).quantize, "float8")
rr = R(4, 2)
rr.build()
show("float8_built", rr.quantize, "float8")
''',
    "model_errors": '''
m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3), keras.layers.LayerNormalization(),
                      keras.layers.Dense(2, name="head")])
print(quiet_quantize(m, "int8", filters="head"))
print([repr(l.dtype_policy) for l in m.layers])
show("unbuilt", keras.Sequential([keras.layers.Dense(2)]).quantize, "int8")
show("bad_mode", m.quantize, "int2")
show("none", m.quantize)
show("gptq", m.quantize, "gptq")
show("awq", m.quantize, "awq")
show("contradict", m.quantize, "int4", config=keras.quantizers.Int8QuantizationConfig())
show("not_config", m.quantize, config={"a": 1})
show("kwargs", m.quantize, "int8", foo=1)
show("filters", m.quantize, "int8", filters=3)
show("layer_norm", m.layers[1].quantize, "int8")
show("f16", keras.layers.Dense(2, dtype="float16").quantize, "int8")
d16 = keras.layers.Dense(2, dtype="float16")
d16.build((None, 3))
show("f16_built", d16.quantize, "int8")
e = keras.layers.Embedding(4, 2)
e.build()
show("emb_float8", e.quantize, "float8")
class MyDense(keras.layers.Dense):
    pass
md = MyDense(2)
md.build((None, 3))
show("subclass", md.quantize, "int8")
md.quantize("int8", type_check=False)
print(repr(md.dtype_policy))
d = keras.layers.Dense(2)
d.build((None, 3))
d.dtype_policy = "int8_from_float32"
print(repr(d.dtype_policy), [v.dtype for v in d.weights])
print(quiet_quantize(m, config=keras.quantizers.Int4QuantizationConfig(block_size=2),
                     filters=lambda l: l.name.startswith("dense")))
print([repr(l.dtype_policy) for l in m.layers])
''',
    "training": '''
m = dense_model()
m.quantize("int8")
d = m.layers[0]
print([v.name for v in m.trainable_variables], [v.name for v in m.non_trainable_variables])
xt = tf.constant(x)
with tf.GradientTape() as tape:
    tape.watch(xt)
    loss = tf.reduce_sum(m(xt) ** 2)
g = tape.gradient(loss, [xt] + m.trainable_variables)
print(arr(g[0], 3), arr(g[1], 3))
m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
h = m.fit(x, np.ones((4, 3), "float32"), epochs=2, verbose=0, shuffle=False)
print(arr(h.history["loss"], 4), arr(d.bias, 4), arr(d.kernel))
''',
    "float8_training": '''
for opt in (keras.optimizers.SGD(0.01), keras.optimizers.Adam(0.01),
            keras.optimizers.SGD(0.01, gradient_accumulation_steps=2)):
    m = dense_model(activation="relu")
    m.quantize("float8")
    d = m.layers[0]
    m.compile(optimizer=opt, loss="mse")
    h = m.fit(x * 3, np.ones((4, 3), "float32"), batch_size=2, epochs=2, verbose=0,
              shuffle=False)
    print(type(opt).__name__, arr(h.history["loss"], 4), len(opt.variables))
    for name in ("inputs", "kernel", "outputs_grad"):
        print(" ", name, arr(getattr(d, name + "_scale"), 6),
              arr(getattr(d, name + "_amax_history")[:5], 4))
    print(" ", arr(d.kernel, 4), arr(d.bias, 4))
    print(" ", arr(m.predict(x, verbose=0), 4))
''',
    "lora": '''
def lora_model(mode=None, cfg=None, **kw):
    m = dense_model(**kw)
    if mode:
        m.quantize(mode, config=cfg)
    d = m.layers[0]
    d.enable_lora(2)
    d.lora_kernel_a.assign(rng.randn(5, 2).astype("float32"))
    d.lora_kernel_b.assign(rng.randn(2, 3).astype("float32") * 0.1)
    return m, d
for mode, cfg in ((None, None), ("int8", None), ("int4", None),
                  ("int4", keras.quantizers.Int4QuantizationConfig(block_size=2))):
    m, d = lora_model(mode, cfg)
    print(mode, [v.name for v in d.trainable_weights], [v.name for v in d.non_trainable_weights])
    print(" ", arr(m(x), 4), d.get_config()["lora_rank"], d.get_config()["lora_alpha"])
    print(" ", arr(d.kernel, 4))
    m.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    h = m.fit(x, np.ones((4, 3), "float32"), epochs=2, verbose=0, shuffle=False)
    print(" ", arr(h.history["loss"], 4), arr(d.lora_kernel_b, 4))
    path = os.path.join(tmp, f"lora_{mode}_{cfg is None}.weights.h5")
    m.save_weights(path)
    import h5py
    with h5py.File(path) as f:
        g = f["layers/dense/vars"]
        print(" ", [(k, str(g[k].dtype), g[k].shape) for k in sorted(g)])
        print(" ", arr(g["0"][()], 4))
    fresh, fd = lora_model(mode, cfg)
    fresh.load_weights(path)
    print(" ", np.allclose(fresh(x), m(x), atol=0.05),
          float(np.abs(np.asarray(fd.lora_kernel_b)).sum()))
    back = os.path.join(tmp, f"lora_{mode}_{cfg is None}.keras")
    m.save(back)
    lm = keras.saving.load_model(back)
    print(" ", [v.name for v in lm.layers[0].weights], np.allclose(lm(x), m(x), atol=0.05))
d = keras.layers.Dense(3, lora_rank=4, lora_alpha=8)
d.build((None, 5))
print(d.lora_enabled, d.lora_rank, d.lora_alpha, [v.name for v in d.weights])
show("twice", d.enable_lora, 2)
show("unbuilt", keras.layers.Dense(2).enable_lora, 2)
dc = keras.layers.Dense(2, kernel_constraint="non_neg")
dc.build((None, 3))
show("constraint", dc.enable_lora, 2)
m8 = dense_model()
m8.quantize("float8")
m8.layers[0].enable_lora(2)
try:
    m8(x)
except NotImplementedError as e:
    print("float8", "Currently, `_float8_call` doesn't support LoRA" in str(e))
e = keras.Sequential([keras.Input((3,), dtype="int32"), keras.layers.Embedding(6, 4)])
el = e.layers[0]
el.set_weights([rng.randn(6, 4).astype("float32")])
e.quantize("int8")
el.enable_lora(3, lora_alpha=6.0)
el.lora_embeddings_a.assign(rng.randn(6, 3).astype("float32"))
el.lora_embeddings_b.assign(rng.randn(3, 4).astype("float32"))
ids = np.array([[0, 5, 2], [1, 1, 3]])
print([v.name for v in el.weights], arr(e(ids), 4))
path = os.path.join(tmp, "emb_lora.weights.h5")
e.save_weights(path)
with h5py.File(path) as f:
    g = f["layers/embedding/vars"]
    print([(k, str(g[k].dtype), g[k].shape) for k in sorted(g)], arr(g["0"][()]))
for mode, cfg in ((None, None), ("int8", None), ("int4", None),
                  ("int4", keras.quantizers.Int4QuantizationConfig(block_size=2))):
    m = keras.Sequential([keras.Input((2, 5)), keras.layers.EinsumDense(
        "abc,cde->abde", output_shape=(None, 2, 3), bias_axes="e")])
    l = m.layers[0]
    l.set_weights([rng.randn(*w.shape).astype("float32") for w in l.weights])
    if mode:
        m.quantize(mode, config=cfg)
    l.enable_lora(2)
    l.lora_kernel_a.assign(rng.randn(5, 2, 2).astype("float32"))
    l.lora_kernel_b.assign(rng.randn(2, 3).astype("float32") * 0.1)
    xs = rng.randn(3, 2, 5).astype("float32")
    print("einsum", mode, [v.name for v in l.trainable_weights],
          arr(np.asarray(m(xs)).ravel()[:6], 4))
    print(" ", arr(np.asarray(l.kernel).ravel()[:8], 4), l.get_config()["lora_alpha"])
    m.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    h = m.fit(xs, np.ones((3, 2, 2, 3), "float32"), epochs=2, verbose=0, shuffle=False)
    print(" ", arr(h.history["loss"], 4))
    path = os.path.join(tmp, f"einsum_lora_{mode}_{cfg is None}.weights.h5")
    m.save_weights(path)
    with h5py.File(path) as f:
        g = f["layers/einsum_dense/vars"]
        print(" ", [(k, str(g[k].dtype), g[k].shape) for k in sorted(g)],
              arr(np.asarray(g["0"][()]).ravel()[:8], 4),
              arr(np.asarray(g[sorted(g)[-1]][()]).ravel()[:4], 4))
el2 = keras.layers.EinsumDense("ab,bc->ac", output_shape=3, lora_rank=2, lora_alpha=5.0)
el2.build((None, 4))
print(el2.lora_alpha, [v.name for v in el2.weights])
ef = keras.layers.Embedding(6, 4, lora_rank=2, embeddings_constraint="non_neg")
show("emb_constraint", ef.build)
''',
    "saving": '''
m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3), keras.layers.Dense(4),
                      keras.layers.Dense(2)], name="seq")
for l in m.layers:
    l.set_weights([rng.randn(*w.shape).astype("float32") for w in l.weights])
m.quantize("int8", filters="dense$")
m.quantize("int4", filters="dense_1")
m.quantize("float8", filters="dense_2")
before = m(x)
path = os.path.join(tmp, "q.keras")
m.save(path)
back = keras.saving.load_model(path)
print([repr(l.dtype_policy) for l in back.layers])
for l in back.layers:  # (paths left out: Keras 3 builds loaded layers outside the model)
    print([(v.name, v.dtype, tuple(v.shape), v.trainable) for v in l.weights])
print(np.allclose(before, back(x), atol=1e-6), arr(back(x)))
wpath = os.path.join(tmp, "q.weights.h5")
m.save_weights(wpath)
import h5py
with h5py.File(wpath) as f:
    def visit(name, obj):
        if isinstance(obj, h5py.Dataset):
            print(" ", name, obj.dtype, obj.shape)
    f.visititems(visit)
fresh = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3), keras.layers.Dense(4),
                          keras.layers.Dense(2)], name="seq")
fresh.quantize("int8", filters="dense_3$")
fresh.quantize("int4", filters="dense_4")
fresh.quantize("float8", filters="dense_5")
fresh.load_weights(wpath)
print(np.allclose(before, fresh(x), atol=1e-6))
try:
    dense_model().load_weights(wpath)
except ValueError as e:
    print("float_into_quantized", "expected 2 variables, but received 3" in str(e))
''',
}
