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

_LAYERS = """
MAKERS = {
    "Dense": lambda: layers.Dense(2), "EinsumDense": lambda: layers.EinsumDense("ab,bc->ac", 2),
    "Conv1D": lambda: layers.Conv1D(2, 2), "Conv2D": lambda: layers.Conv2D(2, 2), "Conv3D": lambda: layers.Conv3D(2, 2),
    "Conv1DTranspose": lambda: layers.Conv1DTranspose(2, 2), "Conv2DTranspose": lambda: layers.Conv2DTranspose(2, 2),
    "SeparableConv1D": lambda: layers.SeparableConv1D(2, 2), "SeparableConv2D": lambda: layers.SeparableConv2D(2, 2),
    "DepthwiseConv1D": lambda: layers.DepthwiseConv1D(2), "DepthwiseConv2D": lambda: layers.DepthwiseConv2D(2),
    "MaxPooling1D": lambda: layers.MaxPooling1D(), "MaxPooling2D": lambda: layers.MaxPooling2D(), "AveragePooling3D": lambda: layers.AveragePooling3D(),
    "GlobalAveragePooling1D": lambda: layers.GlobalAveragePooling1D(), "GlobalMaxPooling2D": lambda: layers.GlobalMaxPooling2D(), "GlobalAveragePooling3D": lambda: layers.GlobalAveragePooling3D(),
    "LSTM": lambda: layers.LSTM(2), "GRU": lambda: layers.GRU(2), "SimpleRNN": lambda: layers.SimpleRNN(2), "ConvLSTM1D": lambda: layers.ConvLSTM1D(2, 2),
    "Embedding": lambda: layers.Embedding(5, 2), "Flatten": lambda: layers.Flatten(), "RepeatVector": lambda: layers.RepeatVector(2),
    "Permute": lambda: layers.Permute((2, 1)), "Reshape": lambda: layers.Reshape((-1,)),
    "Cropping1D": lambda: layers.Cropping1D(1), "Cropping2D": lambda: layers.Cropping2D(1), "ZeroPadding1D": lambda: layers.ZeroPadding1D(1), "ZeroPadding3D": lambda: layers.ZeroPadding3D(1),
    "UpSampling1D": lambda: layers.UpSampling1D(), "UpSampling2D": lambda: layers.UpSampling2D(), "UpSampling3D": lambda: layers.UpSampling3D(),
    "LayerNormalization": lambda: layers.LayerNormalization(), "BatchNormalization": lambda: layers.BatchNormalization(), "GroupNormalization": lambda: layers.GroupNormalization(1),
    "UnitNormalization": lambda: layers.UnitNormalization(), "RMSNormalization": lambda: layers.RMSNormalization(),
    "SpatialDropout1D": lambda: layers.SpatialDropout1D(0.5), "SpatialDropout2D": lambda: layers.SpatialDropout2D(0.5), "SpatialDropout3D": lambda: layers.SpatialDropout3D(0.5),
    "Resizing": lambda: layers.Resizing(2, 2), "CenterCrop": lambda: layers.CenterCrop(1, 1), "RandomFlip": lambda: layers.RandomFlip(), "Rescaling": lambda: layers.Rescaling(0.5),
    "PReLU": lambda: layers.PReLU(), "Softmax": lambda: layers.Softmax(), "TimeDistributed": lambda: layers.TimeDistributed(layers.Dense(2)),
    "Bidirectional": lambda: layers.Bidirectional(layers.LSTM(2)), "CategoryEncoding": lambda: layers.CategoryEncoding(3), "Hashing": lambda: layers.Hashing(3),
    "Discretization": lambda: layers.Discretization([0.5]), "AlphaDropout": lambda: layers.AlphaDropout(0.5), "GaussianNoise": lambda: layers.GaussianNoise(0.5),
}
def sweep_ranks(label_fn):
    for name, make in MAKERS.items():
        out = []
        for shape in [(2,), (2, 3), (2, 3, 4), (2, 3, 4, 5), (2, 3, 4, 5, 6), (2, 3, 4, 5, 6, 7)]:
            try:
                out.append(str(tuple(label_fn(make(), shape))))
            except Exception as e:
                out.append(type(e).__name__ + ":" + (str(e).splitlines() or [""])[0][:110])
        print(name, " | ".join(out))
"""

SNIPPETS["layers_called_on_keras_tensors_of_each_rank"] = _TRY + _LAYERS + """
sweep_ranks(lambda l, s: l(keras.KerasTensor(s)).shape)
"""

SNIPPETS["layers_compute_output_shape_of_each_rank"] = _TRY + _LAYERS + """
MAKERS.pop("ConvLSTM1D")  # (convlstm1d_compute_output_shape_of_each_rank)
sweep_ranks(lambda l, s: l.compute_output_shape(s))
"""

SNIPPETS["convlstm1d_compute_output_shape_of_each_rank"] = _TRY + _LAYERS + """
MAKERS = {"ConvLSTM1D": MAKERS["ConvLSTM1D"]}
sweep_ranks(lambda l, s: l.compute_output_shape(s))
"""

SNIPPETS["layers_called_eagerly_on_each_rank"] = _TRY + _LAYERS + """
sweep_ranks(lambda l, s: l(np.ones(s, "float32")).shape)
"""

SNIPPETS["symbolic_call_errors_show_resolved_training"] = _TRY + """
class A(layers.Layer):
    def call(self, x, training=True):
        raise ValueError("boom")
class B(layers.Layer):
    def call(self, x, training=None, mask=None):
        raise ValueError("boom")
class C(layers.Layer):
    def call(self, x, flag=3):
        raise ValueError("boom")
for l, kw in [(A(), {}), (A(), {"training": False}), (B(), {}), (B(), {"training": True}), (C(), {}), (C(), {"flag": 4})]:
    for x in [keras.KerasTensor((2, 3)), np.ones((2, 3), "float32")]:
        try:
            l(x, **kw)
        except Exception as e:
            print(type(l).__name__, kw, type(x).__name__, [ln for ln in str(e).splitlines() if "\\u2022" in ln])
for make in [lambda: layers.Resizing(2, 2), lambda: layers.CenterCrop(1, 1), lambda: layers.Conv1DTranspose(2, 2)]:
    for s in [(2,), (2, 3), (2, 3, 4, 5, 6)]:
        try:
            print(make()(keras.KerasTensor(s)).shape)
        except Exception as e:
            print(type(e).__name__, [ln for ln in str(e).splitlines() if ln.strip()][1:])
"""

SNIPPETS["layers_called_on_each_input_dtype"] = _TRY + _LAYERS + """
SHAPES = {"Dense": (2, 3), "EinsumDense": (2, 3), "Conv1D": (2, 4, 3), "Conv2D": (2, 4, 4, 3), "Conv3D": (2, 3, 3, 3, 2), "Conv1DTranspose": (2, 4, 3), "Conv2DTranspose": (2, 4, 4, 3),
          "SeparableConv1D": (2, 4, 3), "SeparableConv2D": (2, 4, 4, 3), "DepthwiseConv1D": (2, 4, 3), "DepthwiseConv2D": (2, 4, 4, 3), "MaxPooling1D": (2, 4, 3), "MaxPooling2D": (2, 4, 4, 3),
          "AveragePooling3D": (2, 4, 4, 4, 2), "GlobalAveragePooling1D": (2, 4, 3), "GlobalMaxPooling2D": (2, 4, 4, 3), "GlobalAveragePooling3D": (2, 2, 2, 2, 3), "LSTM": (2, 4, 3), "GRU": (2, 4, 3),
          "SimpleRNN": (2, 4, 3), "ConvLSTM1D": (2, 3, 4, 2), "Embedding": (2, 3), "Flatten": (2, 3, 2), "RepeatVector": (2, 3), "Permute": (2, 3, 4), "Reshape": (2, 3, 2),
          "Cropping1D": (2, 4, 3), "Cropping2D": (2, 4, 4, 3), "ZeroPadding1D": (2, 4, 3), "ZeroPadding3D": (2, 2, 2, 2, 1), "UpSampling1D": (2, 2, 3), "UpSampling2D": (2, 2, 2, 3), "UpSampling3D": (2, 2, 2, 2, 1),
          "LayerNormalization": (2, 4), "BatchNormalization": (2, 4), "GroupNormalization": (2, 4), "UnitNormalization": (2, 4), "RMSNormalization": (2, 4), "SpatialDropout1D": (2, 4, 3),
          "SpatialDropout2D": (2, 4, 4, 3), "SpatialDropout3D": (2, 2, 2, 2, 3), "Resizing": (2, 4, 4, 3), "CenterCrop": (2, 4, 4, 3), "RandomFlip": (2, 4, 4, 3), "Rescaling": (2, 4),
          "PReLU": (2, 4), "Softmax": (2, 4), "TimeDistributed": (2, 3, 4), "Bidirectional": (2, 4, 3), "CategoryEncoding": (2, 3), "Hashing": (2, 3), "Discretization": (2, 3),
          "AlphaDropout": (2, 4), "GaussianNoise": (2, 4)}
for name, make in MAKERS.items():
    out = []
    for d in ["int32", "int64", "uint8", "bool", "float16", "float64", "bfloat16"]:
        try:
            x = keras.ops.cast(np.ones(SHAPES[name]), d)
            y = make()(x, training=True) if name in ("RandomFlip", "AlphaDropout", "GaussianNoise", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D") else make()(x)
            out.append(keras.backend.standardize_dtype(y.dtype))
        except Exception as e:
            out.append(type(e).__name__)
    print(name, " ".join(out))
"""

SNIPPETS["layers_called_symbolically_on_each_input_dtype"] = _TRY + _LAYERS + """
for name, make in MAKERS.items():
    out = []
    for d in ["int32", "uint8", "bool", "float16", "float64", "bfloat16", "string"]:
        try:
            x = keras.KerasTensor((2, 4, 4, 3) if "2D" in name or name in ("Resizing", "CenterCrop", "RandomFlip") else (2, 4, 3), dtype=d)
            y = make()(x)
            out.append(keras.backend.standardize_dtype(y.dtype))
        except Exception as e:
            out.append(type(e).__name__)
    print(name, " ".join(out))
"""

SNIPPETS["layers_given_masked_inputs_keep_or_drop_masks"] = _TRY + _LAYERS + """
import warnings
x3 = np.array([[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0], [4.0, 5.0, 6.0], [0.0, 0.0, 0.0]]] * 2, "float32")
for name, make in MAKERS.items():
    if name in ("Conv2D", "Conv3D", "SeparableConv2D", "DepthwiseConv2D", "MaxPooling2D", "AveragePooling3D", "GlobalMaxPooling2D", "GlobalAveragePooling3D", "Cropping2D", "ZeroPadding3D", "UpSampling2D", "UpSampling3D", "SpatialDropout2D", "SpatialDropout3D", "Resizing", "CenterCrop", "RandomFlip", "Conv2DTranspose", "Embedding", "CategoryEncoding", "Hashing", "Discretization"):
        continue
    out = []
    for mode in ["eager", "symbolic"]:
        try:
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                if mode == "eager":
                    y = make()(layers.Masking()(x3))
                else:
                    y = make()(layers.Masking()(keras.Input((4, 3))))
            m = getattr(y, "_keras_mask", None)
            # (NumPy's RuntimeWarnings left out: eagerflow's kernels raise them where TF's
            # C++ ones are silent, and its own warnings filter hides them unless overridden)
            out.append((tuple(m.shape) if m is not None else None, len([x for x in w if x.category is not RuntimeWarning])))
        except Exception as e:
            out.append(type(e).__name__)
    print(name, out)
"""

SNIPPETS["layers_supports_masking_flags"] = _TRY + _LAYERS + """
flags = {}
for name in sorted(dir(layers)):
    cls = getattr(layers, name)
    # (STFTSpectrogram needs SciPy, which the recording's environment lacks; eagerflow
    # keeps tf.keras 2's ThresholdedReLU, which Keras 3 dropped)
    if not isinstance(cls, type) or not issubclass(cls, layers.Layer) or name in ("STFTSpectrogram", "ThresholdedReLU"):
        continue
    l = None
    for make in [cls, MAKERS.get(name)]:
        try:
            l = make()
            break
        except Exception:
            pass
    if l is not None:
        flags[name] = getattr(l, "supports_masking", None)
print(sorted(k for k, v in flags.items() if v))
print(sorted(k for k, v in flags.items() if not v))
"""

SNIPPETS["layers_weights_paths_and_config_keys_once_built"] = _TRY + _LAYERS + """
SH = {"Dense": (2, 3), "EinsumDense": (2, 3), "Conv1D": (2, 4, 3), "Conv2D": (2, 4, 4, 3), "Conv3D": (2, 3, 3, 3, 2), "Conv1DTranspose": (2, 4, 3), "Conv2DTranspose": (2, 4, 4, 3),
      "SeparableConv1D": (2, 4, 3), "SeparableConv2D": (2, 4, 4, 3), "DepthwiseConv1D": (2, 4, 3), "DepthwiseConv2D": (2, 4, 4, 3), "LSTM": (2, 4, 3), "GRU": (2, 4, 3), "SimpleRNN": (2, 4, 3),
      "ConvLSTM1D": (2, 3, 4, 2), "Embedding": (2, 3), "LayerNormalization": (2, 4), "BatchNormalization": (2, 4), "GroupNormalization": (2, 4), "RMSNormalization": (2, 4), "PReLU": (2, 4),
      "TimeDistributed": (2, 3, 4), "Bidirectional": (2, 4, 3), "Discretization": (2, 3)}
for name, shape in SH.items():
    l = MAKERS[name]()
    try:
        l(np.ones(shape, "float32") if name != "Embedding" else np.ones(shape, "int32"))
        print(name, [(w.path, tuple(w.shape), w.trainable) for w in l.weights], l.count_params())
        print("  ", sorted(l.get_config()), _json.dumps(l.get_build_config(), sort_keys=True))
    except Exception as e:
        print(name, type(e).__name__, str(e)[:100])
"""
