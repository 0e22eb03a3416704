"""kprobe17's snippets on models: functional get_config/from_config round trips with layers
shared across branches, Sequential configs, the order of a model's weights, and models
made of convolution stacks printed by summary (see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["functional_shared_layers_round_trip"] = _TRY + """
a = keras.Input((4,), name="a")
b = keras.Input((4,), name="b")
shared = layers.Dense(3, activation="relu", name="shared")
tower = keras.Sequential([layers.Dense(2, name="t1")], name="tower")
ha, hb = shared(a), shared(b)
hc = shared(layers.Add(name="sum")([a, b]))
ta, tb = tower(ha), tower(hb)
out = layers.Concatenate(name="cat")([ta, tb, hc])
m = keras.Model([a, b], out, name="siamese")
fill(m)
cfg = m.get_config()
print(sorted(cfg), cfg["input_layers"], cfg["output_layers"])
for layer in cfg["layers"]:
    print(layer["name"], layer["class_name"], json.dumps(layer["inbound_nodes"])[:200])
again = keras.Model.from_config(cfg)
again.set_weights(m.get_weights())
xa = np.linspace(-1, 1, 8).reshape(2, 4).astype("float32")
xb = xa[::-1] * 2
print(np.allclose(m([xa, xb]), again([xa, xb])), len(again.weights), [l.name for l in again.layers])
tryp("out", lambda: again([xa, xb]))
print([len(l._inbound_nodes) for l in again.layers])
j = m.to_json()
back = keras.models.model_from_json(j)
print(back.name, [w.path for w in back.weights])
"""

SNIPPETS["sequential_config_round_trip"] = _TRY + """
s = keras.Sequential([keras.Input((5,), name="in"), layers.Dense(3, name="d1"),
                      layers.Dropout(0.2), layers.Dense(1, name="d2")], name="seq")
cfg = s.get_config()
print(sorted(cfg), cfg["name"], cfg["trainable"], cfg.get("build_input_shape"))
for layer in cfg["layers"]:
    print(layer["class_name"], sorted(layer), layer["config"]["name"])
again = keras.Sequential.from_config(cfg)
print(again.built, [l.name for l in again.layers], again.input_shape if again.built else None)
u = keras.Sequential([layers.Dense(2)], name="unbuilt")
ucfg = u.get_config()
print(ucfg.get("build_input_shape"), keras.Sequential.from_config(ucfg).built)
u.build((None, 7))
print(u.get_config()["build_input_shape"], keras.Sequential.from_config(u.get_config()).built)
clone = keras.models.clone_model(s)
print(clone.name, [l.name for l in clone.layers], len(clone.weights))
print(keras.saving.serialize_keras_object(s)["class_name"],
    keras.saving.serialize_keras_object(s)["module"])
tryp("pop", lambda: (s.pop(), [l.name for l in s.layers])[1])
print(s.output_shape)
"""

SNIPPETS["model_weights_order_and_trainability"] = _TRY + """
i = keras.Input((4, 4, 2))
x = layers.Conv2D(3, 3, name="c")(i)
x = layers.BatchNormalization(name="bn")(x)
x = layers.Flatten()(x)
o = layers.Dense(2, name="d")(x)
m = keras.Model(i, o)
print([w.path for w in m.weights])
print([w.path for w in m.trainable_weights])
print([w.path for w in m.non_trainable_weights])
print([tuple(a.shape) for a in m.get_weights()])
m.get_layer("bn").trainable = False
print(len(m.trainable_weights), len(m.non_trainable_weights), m.get_layer("c").trainable)
m.trainable = False
print(len(m.trainable_weights), [l.trainable for l in m.layers])
m.trainable = True
print(len(m.trainable_weights), m.count_params())
print(m.get_layer(index=1).name)
tryp("no_layer", lambda: m.get_layer("zz"))
tryp("both", lambda: m.get_layer("d", index=1))
tryp("bad_weights", lambda: m.set_weights([np.ones(2)]))
tryp("bad_shape", lambda: m.get_layer("d").set_weights([np.ones((3, 2)), np.ones(2)]))
m.summary(show_trainable=True)
"""

SNIPPETS["conv_stack_summaries"] = _TRY + """
i = keras.Input((11, 13, 3), name="img")
x = layers.Conv2D(8, 3, strides=2, padding="same", name="stem")(i)
x = layers.SeparableConv2D(16, 3, name="sep")(x)
x = layers.ZeroPadding2D(((1, 0), (0, 1)), name="pad")(x)
y = layers.Conv2D(16, 1, name="proj")(x)
x = layers.Add(name="res")([x, y])
x = layers.Conv2DTranspose(4, 3, strides=2, name="up")(x)
x = layers.Cropping2D(1, name="crop")(x)
x = layers.GlobalMaxPooling2D(name="gmp")(x)
o = layers.Dense(3, name="head")(x)
m = keras.Model(i, o, name="convnet")
m.summary()
m.summary(expand_nested=True, show_trainable=True, line_length=70)
print(m.output_shape, m.count_params())
s = keras.Sequential([keras.Input((20, 3)), layers.Conv1D(4, 5, dilation_rate=2),
                      layers.UpSampling1D(2), layers.Cropping1D((2, 1)),
                      layers.AveragePooling1D(3), layers.LSTM(2)], name="seq1d")
s.summary()
"""
