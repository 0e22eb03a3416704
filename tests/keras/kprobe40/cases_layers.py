"""kprobe40's snippets over layer options earlier probes did not reach: BatchNormalization's
batch renormalization (values, statistics, clipping, config, errors, fit and saving)."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["batch_norm_renorm_values_and_statistics"] = _TRY + """
x = (np.arange(24, dtype="float32").reshape(6, 4) * np.array([1.0, -2.0, 0.5, 3.0],
     "float32") + np.array([0.0, 1.0, -1.0, 5.0], "float32"))
b = keras.layers.BatchNormalization(renorm=True, renorm_momentum=0.5, momentum=0.8)
print(r4s(b(x, training=True)))
print([w.path for w in b.weights], [w.trainable for w in b.weights])
for w in b.weights:
    print(w.name, r4s(w))
print(r4s(b(x * 0.5 + 1.0, training=True)))
for w in b.non_trainable_weights:
    print(w.name, r4s(w))
print(r4s(b(x, training=False)))
c = keras.layers.BatchNormalization(renorm=True, renorm_clipping={"rmax": 1.5, "rmin": 0.5,
                                    "dmax": 0.2}, renorm_momentum=0.0, center=False)
c(x, training=True)
print(r4s(c(x * 3.0 + 2.0, training=True)))
print([w.name for w in c.weights], r4s(c.renorm_stddev), r4s(c.moving_variance))
d = keras.layers.BatchNormalization(axis=1, renorm=True, scale=False,
                                    moving_variance_initializer="zeros")
y = x.reshape(2, 3, 4)
print(r4s(d(y, training=True)), [tuple(w.shape) for w in d.weights])
print(r4s(d.moving_stddev), r4s(d.renorm_stddev), r4s(d.moving_variance))
m = keras.layers.BatchNormalization(renorm=True)
seq = np.ones((2, 3, 2), "float32") * np.arange(3, dtype="float32")[None, :, None]
print(r4s(m(seq, training=True, mask=np.array([[1, 1, 0], [1, 0, 0]], bool))))
print(r4s(m.moving_mean), r4s(m.renorm_mean))
"""

SNIPPETS["batch_norm_renorm_config_errors_fit_save"] = _TRY + """
B = keras.layers.BatchNormalization
js("cfg", lambda: {k: v for k, v in B(renorm=True).get_config().items()
                   if k.startswith("renorm") or k == "synchronized"})
js("cfg_clip", lambda: {k: v for k, v in B(renorm=True, renorm_clipping={"rmax": 2.0})
                        .get_config().items() if k.startswith("renorm")})
js("cfg_off", lambda: {k: v for k, v in B(renorm_clipping={"rmax": 2.0}).get_config().items()
                       if k.startswith("renorm")})
tryq("bad_key", lambda: B(renorm=True, renorm_clipping={"rmax": 2.0, "r": 1.0}))
tryq("rmax_lt_rmin", lambda: B(renorm=True, renorm_clipping={"rmax": 1.0, "rmin": 2.0}))
tryq("dmax_neg", lambda: B(renorm=True, renorm_clipping={"dmax": -1.0}))
tryq("bad_key_off", lambda: B(renorm_clipping={"r": 1.0}).renorm_clipping)
x = np.linspace(-2, 2, 32, dtype="float32").reshape(8, 4)
y = (x.sum(axis=1, keepdims=True) > 0).astype("float32")
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3),
                          B(renorm=True, renorm_clipping={"rmax": 3.0, "rmin": 0.3,
                                                          "dmax": 1.0}),
                          keras.layers.Dense(1, activation="sigmoid")])
model.summary()
model.compile(keras.optimizers.SGD(0.1), "binary_crossentropy")
h = model.fit(x, y, epochs=3, batch_size=4, verbose=0, shuffle=False)
print(r4s(h.history["loss"]))
bn = model.layers[1]
print(r4s(bn.moving_mean), r4s(bn.moving_variance), r4s(bn.renorm_stddev))
model.save("bn.keras")
back = keras.models.load_model("bn.keras")
print(np.allclose(back.predict(x, verbose=0), model.predict(x, verbose=0)),
      [w.path for w in back.layers[1].weights])
back2 = keras.Sequential.from_config(model.get_config())
print([w.name for w in back2.layers[1].weights])
"""

SNIPPETS["bidirectional_states_and_auc_interpolation"] = _TRY + """
L = keras.layers
bi = L.Bidirectional(L.LSTM(2))
print(bi.states)
bi.build((None, 4, 3))
print(bi.states)
bs = L.Bidirectional(L.GRU(2, stateful=True))
print(bs.states)
y = bs(np.ones((3, 4, 3), "float32"))
print(type(bs.states).__name__, [(s.path, tuple(s.shape)) for s in bs.states])
bs.reset_states()
print([r4s(s) for s in bs.states][:1])
for curve, method in [("PR", "interpolation"), ("PR", "majoring"), ("ROC", "interpolation")]:
    a = keras.metrics.AUC(curve=curve, summation_method=method, num_thresholds=7)
    a.update_state([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.4, 0.3])
    print(curve, method, r4s(a.result()), r4s(a.interpolate_pr_auc()))
m = keras.metrics.AUC(multi_label=True, num_labels=2, curve="PR", num_thresholds=5)
m.update_state([[0, 1], [1, 1], [1, 0]], [[0.2, 0.9], [0.7, 0.4], [0.6, 0.1]])
print(r4s(m.interpolate_pr_auc()), r4s(m.result()))
"""

SNIPPETS["conv_lora_values_training_saving"] = _TRY + """
L = keras.layers
x = (np.arange(2 * 5 * 5 * 3, dtype="float32").reshape(2, 5, 5, 3) % 7 - 3) / 3
c = L.Conv2D(2, 3, kernel_initializer="ones", name="c2")
tryq("kernel_unbuilt", lambda: c.kernel)
tryq("enable_unbuilt", lambda: c.enable_lora(2))
c.build((None, 5, 5, 3))
print(c.lora_rank, c.lora_alpha, c.lora_enabled)
c.enable_lora(2, lora_alpha=4.0, a_initializer="ones", b_initializer="ones")
print([(w.path, tuple(w.shape), w.trainable, w.dtype) for w in c.weights])
print([w.path for w in c.trainable_weights], [w.path for w in c.non_trainable_weights])
print(type(c.kernel).__name__ if not hasattr(c.kernel, "path") else "variable",
      r4s(keras.ops.sum(c.kernel)), r4s(keras.ops.sum(c._kernel)))
print(r4s(keras.ops.sum(c(x))))
js("cfg", lambda: {k: v for k, v in c.get_config().items() if "lora" in k})
tryq("twice", lambda: c.enable_lora(2))
tryq("constraint", lambda: (lambda l: (l.build((None, 5, 5, 3)), l.enable_lora(2)))(
    L.Conv2D(2, 3, kernel_constraint="non_neg")))
for cls, shape in [(L.Conv1D, (None, 6, 3)), (L.Conv3D, (None, 4, 4, 4, 2))]:
    l = cls(4, 2, lora_rank=3, groups=1)
    l.build(shape)
    print(cls.__name__, l.lora_enabled, l.lora_alpha, [tuple(w.shape) for w in l.weights])
g = L.Conv2D(4, 3, groups=2, lora_rank=2, lora_alpha=1.0)
g.build((None, 5, 5, 4))
print([tuple(w.shape) for w in g.weights], g.get_config()["lora_alpha"])
tryq("transpose", lambda: L.Conv2DTranspose(2, 3, lora_rank=2))
tryq("depthwise", lambda: L.DepthwiseConv2D(3, lora_rank=2))
i = keras.Input((5, 5, 3))
m = keras.Model(i, L.GlobalAveragePooling2D()(L.Conv2D(3, 3, lora_rank=2, name="cl")(i)))
m.summary()
m.compile(keras.optimizers.SGD(0.1), "mse")
y = np.ones((2, 3), "float32")
k0 = keras.ops.convert_to_numpy(m.layers[1]._kernel).copy()
m.fit(x, y, epochs=2, verbose=0)
print(np.allclose(k0, keras.ops.convert_to_numpy(m.layers[1]._kernel)),
      r4s(keras.ops.sum(keras.ops.abs(m.layers[1].lora_kernel_b))) > 0)
p1 = m.predict(x, verbose=0)
m.save_weights("cl.weights.h5")
m.save("cl.keras")
back = keras.models.load_model("cl.keras")
print(np.allclose(back.predict(x, verbose=0), p1, atol=1e-5), back.layers[1].lora_enabled,
      r4s(keras.ops.sum(keras.ops.abs(back.layers[1].lora_kernel_b))))
fresh = keras.Model(i, L.GlobalAveragePooling2D()(L.Conv2D(3, 3, name="cl2")(i)))
tryq("load_plain", lambda: fresh.load_weights("cl.weights.h5"))
print(np.allclose(fresh.predict(x, verbose=0), p1, atol=1e-5))
"""
