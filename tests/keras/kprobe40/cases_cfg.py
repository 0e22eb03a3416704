"""kprobe40's snippets over the exact dicts serialize_keras_object and get_config give for
common layers, losses, metrics, optimizers, schedules, initializers and whole models."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["serialize_common_layers_defaults"] = _TRY + """
S = keras.saving.serialize_keras_object
L = keras.layers
for make in [lambda: L.Dense(3), lambda: L.Conv2D(4, 3), lambda: L.Conv1D(2, 2),
             lambda: L.LSTM(3), lambda: L.GRU(3), lambda: L.SimpleRNN(2),
             lambda: L.Embedding(10, 4), lambda: L.BatchNormalization(),
             lambda: L.LayerNormalization(), lambda: L.Dropout(0.5), lambda: L.Flatten(),
             lambda: L.MaxPooling2D(), lambda: L.GlobalAveragePooling2D(),
             lambda: L.Activation("relu"), lambda: L.Reshape((2, 3)),
             lambda: L.Concatenate(), lambda: L.Add(), lambda: L.MultiHeadAttention(2, 4),
             lambda: L.Bidirectional(L.LSTM(2)), lambda: L.TimeDistributed(L.Dense(2)),
             lambda: L.InputLayer(shape=(3,)), lambda: L.Rescaling(1 / 255.0),
             lambda: L.Normalization(), lambda: L.StringLookup(),
             lambda: L.TextVectorization(max_tokens=5)]:
    js("layer", lambda: S(make()))
"""

SNIPPETS["serialize_built_layers"] = _TRY + """
S = keras.saving.serialize_keras_object
L = keras.layers
for make, shape in [(lambda: L.Dense(3, activation="relu", name="d"), (2, 4)),
                    (lambda: L.Conv2D(2, 3, padding="same", name="c"), (1, 5, 5, 3)),
                    (lambda: L.LSTM(2, return_sequences=True, name="l"), (1, 3, 2)),
                    (lambda: L.Embedding(5, 2, mask_zero=True, name="e"), (2, 3))]:
    l = make()
    l.build(shape)
    js("built", lambda: S(l))
    back = keras.saving.deserialize_keras_object(S(l))
    print(type(back).__name__, back.name, back.built)
"""

SNIPPETS["serialize_losses_metrics"] = _TRY + """
S = keras.saving.serialize_keras_object
for obj in [keras.losses.MeanSquaredError(), keras.losses.BinaryCrossentropy(from_logits=True),
            keras.losses.SparseCategoricalCrossentropy(ignore_class=0),
            keras.losses.Huber(delta=2.0), keras.losses.CategoricalCrossentropy(
                label_smoothing=0.1, axis=1),
            keras.metrics.Accuracy(), keras.metrics.AUC(num_thresholds=5),
            keras.metrics.Precision(thresholds=[0.3, 0.6]), keras.metrics.MeanIoU(3),
            keras.metrics.SparseTopKCategoricalAccuracy(k=2),
            keras.metrics.Mean(name="m", dtype="float64"), keras.metrics.F1Score()]:
    js(type(obj).__name__, lambda: S(obj))
for fn in [keras.losses.mean_squared_error, keras.losses.binary_crossentropy,
           keras.metrics.binary_accuracy, keras.activations.relu, keras.ops.add]:
    js("fn", lambda: S(fn))
js("str", lambda: S("mse"))
js("none", lambda: S(None))
js("tuple", lambda: S((1, 2)))
js("list", lambda: S([1, "a"]))
js("dict", lambda: S({"a": 1, "b": keras.losses.MeanSquaredError()}))
js("np", lambda: S(np.array([1.0, 2.0], "float32")))
js("npscalar", lambda: S(np.float32(2.0)))
js("dtype", lambda: S(np.dtype("float32")))
js("bytes", lambda: S(b"ab"))
js("slice", lambda: S(slice(1, 2)))
js("tensor", lambda: S(keras.ops.ones((2,))))
js("type", lambda: S(keras.layers.Dense))
"""

SNIPPETS["serialize_optimizers_schedules"] = _TRY + """
S = keras.saving.serialize_keras_object
O = keras.optimizers
for obj in [O.SGD(), O.Adam(learning_rate=0.01), O.RMSprop(clipnorm=1.0), O.AdamW(),
            O.schedules.ExponentialDecay(0.1, 10, 0.9),
            O.schedules.PiecewiseConstantDecay([5, 10], [0.1, 0.01, 0.001]),
            O.schedules.CosineDecay(0.1, 100, warmup_target=0.2, warmup_steps=5),
            O.schedules.PolynomialDecay(0.1, 10), O.schedules.InverseTimeDecay(0.1, 5, 0.5),
            O.schedules.CosineDecayRestarts(0.1, 10)]:
    js(type(obj).__name__, lambda: S(obj))
js("adam_sched", lambda: S(O.Adam(learning_rate=O.schedules.ExponentialDecay(0.1, 10, 0.9))))
js("get_adam", lambda: S(O.get("adam")))
js("get_dict", lambda: S(O.get({"class_name": "SGD", "config": {"learning_rate": 0.5}})))
tryq("get_bad", lambda: O.get("adamx"))
tryq("get_int", lambda: O.get(3))
"""

SNIPPETS["serialize_initializers_regularizers"] = _TRY + """
S = keras.saving.serialize_keras_object
for obj in [keras.initializers.GlorotUniform(), keras.initializers.HeNormal(seed=3),
            keras.initializers.Constant(2.0), keras.initializers.RandomNormal(0.0, 0.5),
            keras.initializers.Orthogonal(), keras.initializers.VarianceScaling(),
            keras.initializers.Identity(), keras.initializers.TruncatedNormal(seed=1),
            keras.regularizers.L2(0.01), keras.regularizers.L1L2(l1=0.1),
            keras.regularizers.OrthogonalRegularizer(), keras.constraints.MaxNorm(2),
            keras.constraints.NonNeg(), keras.constraints.MinMaxNorm(0.5, 1.5),
            keras.constraints.UnitNorm()]:
    js(type(obj).__name__, lambda: S(obj))
for name in ["glorot_uniform", "zeros", "l2", "max_norm", "he_normal"]:
    for kind, get in [("init", keras.initializers.get), ("reg", keras.regularizers.get),
                      ("con", keras.constraints.get)]:
        tryq(name + "." + kind, lambda: type(get(name)).__name__)
"""

SNIPPETS["model_get_config_exact"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, name="d")], name="seq")
js("seq", lambda: m.get_config())
i = keras.Input((3,), name="x")
o = keras.layers.Dense(1, name="o")(keras.layers.Dense(2, name="h")(i))
f = keras.Model(i, o, name="fun")
js("fun", lambda: f.get_config())
js("fun_ser", lambda: keras.saving.serialize_keras_object(f))
i2 = {"a": keras.Input((2,), name="a"), "b": keras.Input((1,), name="b")}
c = keras.layers.Concatenate(name="cat")([i2["a"], i2["b"]])
g = keras.Model(i2, {"y": keras.layers.Dense(1, name="y")(c)}, name="dio")
js("dict_io", lambda: g.get_config())
u = keras.Sequential([keras.layers.Dense(2)])
js("unbuilt_seq", lambda: u.get_config())
m.compile(optimizer="adam", loss="mse", metrics=["mae"])
js("compile_cfg", lambda: m.get_compile_config())
js("build_cfg", lambda: m.get_build_config())
js("fun_build_cfg", lambda: f.get_build_config())
"""
