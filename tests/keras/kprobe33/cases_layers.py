"""kprobe33's snippets on less used Keras layers, losses and metrics: adaptive pooling
layers, STFTSpectrogram and MelSpectrogram, ReversibleEmbedding, SpatialDropout3D, a
Wrapper subclass, GroupQueryAttention with masks, gates and sliding windows,
MultiHeadAttention over two attention axes, custom RNN cells with several states, Bidirectional
with return_state, Masking before GRU/LSTM, CategoricalGeneralizedCrossEntropy,
Pearson/Concordance correlation metrics and losses weighted by sample_weight of each
shape, each reduction string and a mixed dtype policy (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe33.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["layer_adaptive_pooling"] = _TRY + """
x1 = np.arange(2 * 7 * 3, dtype="float32").reshape(2, 7, 3) % 5
x2 = np.arange(1 * 5 * 7 * 2, dtype="float32").reshape(1, 5, 7, 2) % 6
x3 = np.arange(1 * 4 * 5 * 3 * 1, dtype="float32").reshape(1, 4, 5, 3, 1)
L = keras.layers
show("avg1d", lambda: L.AdaptiveAveragePooling1D(3)(x1)[0])
show("max1d", lambda: L.AdaptiveMaxPooling1D(4)(x1)[0])
show("avg2d", lambda: L.AdaptiveAveragePooling2D((2, 3))(x2)[0, :, :, 0])
show("max2d_int", lambda: L.AdaptiveMaxPooling2D(2)(x2)[0, :, :, 1])
show("avg3d", lambda: tuple(L.AdaptiveAveragePooling3D((2, 2, 2))(x3).shape))
show("max3d", lambda: O.sum(L.AdaptiveMaxPooling3D((1, 2, 3))(x3)))
show("cf", lambda: tuple(L.AdaptiveAveragePooling2D((2, 2), data_format="channels_first")(np.transpose(x2, (0, 3, 1, 2))).shape))
show("config", lambda: L.AdaptiveAveragePooling2D((2, 3)).get_config())
show("config1d", lambda: L.AdaptiveMaxPooling1D(3, name="am").get_config())
show("cos", lambda: L.AdaptiveAveragePooling2D((2, 3)).compute_output_shape((None, 5, 7, 2)))
show("bad", lambda: L.AdaptiveAveragePooling2D((2, 3, 4)))
show("bad_rank", lambda: L.AdaptiveAveragePooling2D(2)(x1))
s = keras.Sequential([keras.Input((7, 3)), L.AdaptiveAveragePooling1D(2), L.Flatten()])
show("model", lambda: s.output_shape)
"""

SNIPPETS["layer_stft_spectrogram"] = _TRY + """
sig_in = np.sin(np.arange(2 * 64, dtype="float32") * 0.3).reshape(2, 64, 1)
L = keras.layers.STFTSpectrogram
# (no channels_first: TF's CPU refuses its NCHW convolution, which eagerflow computes by
# design; tests/keras/layers_golden/test_image_layers.py checks that)
W = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(16) / 16)).astype("float32")
for mode in ["log", "magnitude", "psd", "real", "imag", "angle", "stft"]:
    sig(mode, lambda: L(mode=mode, frame_length=16, frame_step=8, window=W)(sig_in))
sig("fft32", lambda: L(mode="magnitude", frame_length=16, frame_step=4, fft_length=32, window=W)(sig_in))
sig("same_pad", lambda: L(mode="magnitude", frame_length=16, frame_step=8, padding="same", window=W)(sig_in))
sig("spectrum", lambda: L(mode="magnitude", frame_length=16, window=W, scaling="spectrum")(sig_in))
sig("no_window", lambda: L(mode="magnitude", frame_length=16, window=None, scaling=None)(sig_in))
sig("periodic", lambda: L(mode="psd", frame_length=16, window=None, periodic=True)(sig_in))
sig("expand", lambda: L(mode="log", frame_length=16, frame_step=8, expand_dims=True, window=None)(sig_in))
print(sorted((k, v) for k, v in L(frame_length=16, window=None).get_config().items() if k != "dtype"))
show("bad_mode", lambda: L(mode="power", window=None))
show("bad_scaling", lambda: L(scaling="energy", window=None))
show("bad_padding", lambda: L(padding="causal", window=None))
show("bad_frame", lambda: L(frame_length=16, fft_length=8, window=None))
show("cos", lambda: L(mode="stft", frame_length=16, frame_step=8, window=None).compute_output_shape((None, 64, 1)))
show("weights", lambda: [w.path for w in L(mode="stft", frame_length=16, window=W).weights])
"""

SNIPPETS["layer_mel_spectrogram"] = _TRY + """
audio = (np.sin(np.arange(2 * 400, dtype="float32") * 0.11) * 0.5).reshape(2, 400)
M = keras.layers.MelSpectrogram
sig("default", lambda: M(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000)(audio))
sig("power", lambda: M(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000, power_to_db=False)(audio))
sig("mag1", lambda: M(fft_length=64, sequence_stride=16, sequence_length=48, num_mel_bins=6, sampling_rate=8000, mag_exp=1.0, top_db=20.0)(audio))
sig("maxf", lambda: M(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000, min_freq=100.0, max_freq=2000.0, window="hamming")(audio))
print(sorted(M(fft_length=64).get_config().items()))
show("cos", lambda: M(fft_length=64, sequence_stride=32, num_mel_bins=8).compute_output_shape((None, 400)))
show("single", lambda: tuple(M(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000)(audio[0]).shape))
"""

SNIPPETS["layer_reversible_embedding"] = _TRY + """
R = keras.layers.ReversibleEmbedding
e = R(6, 3)
ids = np.array([[0, 2, 5], [1, 1, 4]], "int32")
fill(e)
show("fwd", lambda: e(ids)[0])
show("rev", lambda: e(e(ids)[:, :1], reverse=True))
print("weights", [w.path for w in e.weights])
u = R(6, 3, tie_weights=False, logit_soft_cap=2.0)
fill(u)
u(ids)
print("untied", [w.path for w in u.weights], [tuple(w.shape) for w in u.weights])
show("rev_cap", lambda: u(np.ones((1, 3), "float32"), reverse=True))
m = R(6, 3, mask_zero=True)
show("mask", lambda: m.compute_mask(ids))
print(sorted(R(6, 3, reverse_dtype="float16").get_config().items()))
show("cos_rev", lambda: e.compute_output_shape((None, 3), reverse=True))
show("cos_fwd", lambda: e.compute_output_shape((None, 4)))
"""

SNIPPETS["layer_spatial_dropout3d_wrapper"] = _TRY + """
x = np.ones((2, 2, 2, 2, 4), "float32")
d = keras.layers.SpatialDropout3D(0.5, seed=3)
y = np.asarray(d(x, training=True))
print("same_in_channel", bool(np.all(y == y[:, :1, :1, :1, :])), sorted(set(y.reshape(-1).tolist())))
show("infer", lambda: O.sum(d(x)))
show("cf_config", lambda: keras.layers.SpatialDropout3D(0.2, data_format="channels_first").get_config())
show("bad_rank", lambda: d(np.ones((2, 2, 4), "float32"), training=True))
class Scale(keras.layers.Wrapper):
    def call(self, x):
        return self.layer(x) * 2.0
w = Scale(keras.layers.Dense(2, kernel_initializer="ones"))
show("wrap", lambda: w(np.ones((1, 3), "float32")))
print("wrap_weights", [v.path for v in w.weights], w.built, w.layer.built)
cfg = w.get_config()
print("wrap_config", sorted(cfg), cfg["layer"]["class_name"])
w2 = Scale.from_config(cfg)
print("from_config", type(w2.layer).__name__, w2.layer.units)
show("bad_wrap", lambda: Scale(keras.layers.Dense(2)).__class__.__name__ and Scale("dense"))
"""

SNIPPETS["layer_group_query_attention_options"] = _TRY + """
q = np.sin(np.arange(2 * 4 * 6, dtype="float32") * 0.3).reshape(2, 4, 6)
v = np.cos(np.arange(2 * 5 * 6, dtype="float32") * 0.2).reshape(2, 5, 6)
G = keras.layers.GroupQueryAttention
g = G(head_dim=2, num_query_heads=4, num_key_value_heads=2)
out, scores = g(q, v, return_attention_scores=True)
print("shapes", tuple(out.shape), tuple(scores.shape), [w.path for w in g.weights])
fill(g)
mask = np.array([[1, 1, 1, 0, 0]] * 4)[None].repeat(2, 0).astype(bool)
show("masked_scores", lambda: O.sum(g(q, v, attention_mask=mask, return_attention_scores=True)[1], axis=(0, 1, 2)))
show("causal", lambda: O.sum(g(q, q, use_causal_mask=True, return_attention_scores=True)[1][0, 0], axis=0))
show("key", lambda: O.sum(g(q, v, key=v * 0.5)))
gg = G(head_dim=2, num_query_heads=4, num_key_value_heads=2, use_gate=True)
gg(q, v)
print("gate_weights", [w.path.split("/", 1)[1] for w in gg.weights])
gs = G(head_dim=2, num_query_heads=2, num_key_value_heads=1, sliding_window=1)
fill(gs)
show("window", lambda: gs(q, q, return_attention_scores=True)[1][0, 0])
print(sorted(G(2, 4, 2, use_gate=True, sliding_window=3).get_config().items())[:8])
show("bad_heads", lambda: G(head_dim=2, num_query_heads=3, num_key_value_heads=2)(q, v))
"""

SNIPPETS["layer_mha_two_attention_axes"] = _TRY + """
x = np.sin(np.arange(2 * 3 * 4 * 5, dtype="float32") * 0.21).reshape(2, 3, 4, 5)
m = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, attention_axes=(1, 2))
out, s = m(x, x, return_attention_scores=True)
print("shapes", tuple(out.shape), tuple(s.shape))
fill(m)
mask = np.ones((2, 3, 4, 3, 4), bool)
mask[:, :, :, 2, :] = False
show("masked", lambda: O.sum(m(x, x, attention_mask=mask, return_attention_scores=True)[1][0, 0, 0, 0]))
show("sum", lambda: round(float(O.sum(m(x, x))), 3))
m1 = keras.layers.MultiHeadAttention(num_heads=1, key_dim=2, attention_axes=2, output_shape=(7,))
show("axis2", lambda: tuple(m1(x, x).shape))
print(m1.get_config()["attention_axes"], m.get_config()["attention_axes"])
show("bad_axes", lambda: tuple(keras.layers.MultiHeadAttention(1, 2, attention_axes=(0,))(x, x).shape))
"""

SNIPPETS["layer_rnn_custom_cells"] = _TRY + """
class CCell(keras.layers.Layer):
    state_size = [2, 1]
    output_size = 2
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], 2), initializer="ones")
    def call(self, inputs, states):
        h = O.tanh(O.matmul(inputs, self.k) * 0.5 + states[0] * 0.5)
        return h, [h, states[1] + 1.0]
class InitCell(CCell):
    def get_initial_state(self, batch_size=None):
        return [O.full((batch_size, 2), 0.25), O.full((batch_size, 1), -3.0)]
xs = np.linspace(-1, 1, 2 * 4 * 3, dtype="float32").reshape(2, 4, 3)
r = keras.layers.RNN(CCell(), return_sequences=True)
show("seq", lambda: r(xs)[:, -1])
r2 = keras.layers.RNN(CCell(), return_state=True)
show("state", lambda: r2(xs, initial_state=[np.ones((2, 2), "float32"), np.zeros((2, 1), "float32")]))
show("own_init", lambda: keras.layers.RNN(InitCell(), return_state=True)(xs))
show("mask", lambda: keras.layers.RNN(CCell(), return_state=True)(xs, mask=np.array([[1, 1, 0, 0], [1, 1, 1, 1]], bool)))
show("backwards", lambda: keras.layers.RNN(CCell(), go_backwards=True, return_sequences=True)(xs)[:, 0])
show("unroll", lambda: keras.layers.RNN(CCell(), unroll=True)(xs))
show("constants", lambda: keras.layers.RNN(CCell())(xs, constants=np.ones((2, 2), "float32")))
show("bad_state", lambda: keras.layers.RNN(CCell())(xs, initial_state=[np.ones((2, 3), "float32")]))
show("stacked", lambda: keras.layers.RNN([CCell(), keras.layers.GRUCell(2)], return_state=True)(xs))
show("cos", lambda: keras.layers.RNN(CCell(), return_state=True, return_sequences=True).compute_output_shape((None, 4, 3)))
"""

SNIPPETS["layer_bidirectional_return_state"] = _TRY + """
xs = np.linspace(-1, 1, 2 * 4 * 3, dtype="float32").reshape(2, 4, 3)
for mode in ["concat", "sum", "mul", "ave", None]:
    b = keras.layers.Bidirectional(keras.layers.GRU(2, return_state=True), merge_mode=mode)
    outs = b(xs)
    fill(b)
    outs = b(xs)
    print(mode, len(outs), [tuple(o.shape) for o in outs], r4(O.sum(outs[0] if mode else outs[0] + outs[1])))
bl = keras.layers.Bidirectional(keras.layers.LSTM(2, return_sequences=True, return_state=True))
outs = bl(xs)
print("lstm", len(outs), [tuple(o.shape) for o in outs])
show("cos", lambda: bl.compute_output_shape((None, 4, 3)))
show("bad_mode", lambda: keras.layers.Bidirectional(keras.layers.GRU(2), merge_mode="max"))
"""

SNIPPETS["layer_masking_before_rnns"] = _TRY + """
xs = np.linspace(-1, 1, 2 * 5 * 3, dtype="float32").reshape(2, 5, 3)
xs[0, 3:] = 0.0
xs[1, 1] = 0.0
for cls in [keras.layers.GRU, keras.layers.LSTM, keras.layers.SimpleRNN]:
    inp = keras.Input((5, 3))
    r = cls(2, return_sequences=True)
    mdl = keras.Model(inp, r(keras.layers.Masking(0.0)(inp)))
    fill(mdl)
    show(cls.__name__, lambda: mdl(xs))
m = keras.layers.Masking(mask_value=-1.0)
show("mask_vals", lambda: m.compute_mask(np.array([[[-1.0, -1.0], [0.0, -1.0]]], "float32")))
show("masked_out", lambda: m(np.array([[[-1.0, -1.0], [0.0, -1.0]]], "float32")))
"""

SNIPPETS["loss_generalized_cross_entropy"] = _TRY + """
yt = np.array([0, 2, 1], "int32")
yp = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]], "float32")
L = keras.losses.CategoricalGeneralizedCrossEntropy
for q in [0.1, 0.5, 0.9]:
    show("q" + str(q), lambda: L(q=q)(yt, yp))
show("none", lambda: L(reduction="none")(yt, yp))
show("sum", lambda: L(reduction="sum")(yt, yp))
show("weighted", lambda: L()(yt, yp, sample_weight=np.array([1.0, 0.0, 2.0], "float32")))
show("fn", lambda: keras.losses.categorical_generalized_cross_entropy(yt, yp, q=0.3))
show("bad_q", lambda: L(q=0.0))
show("bad_q2", lambda: L(q=1.5))
print(L(q=0.3).get_config())
"""

SNIPPETS["metric_pearson_concordance"] = _TRY + """
yt = np.array([[1.0, 2.0, 3.0, 4.0], [2.0, 0.0, 1.0, 5.0]], "float32")
yp = np.array([[1.1, 1.9, 3.5, 3.0], [1.0, 1.0, 1.0, 4.0]], "float32")
for name in ["PearsonCorrelation", "ConcordanceCorrelation"]:
    cls = getattr(keras.metrics, name)
    m = cls()
    m.update_state(yt, yp)
    print(name, r4(m.result()), [v.path for v in m.variables][:4])
    m.update_state(yt[:1], yp[:1] * 2)
    print(name + "_2", r4(m.result()))
    m.reset_state()
    print(name + "_reset", r4(m.result()))
    a = cls(axis=0)
    a.update_state(yt, yp)
    print(name + "_ax0", r4(a.result()))
    print(sorted(cls().get_config().items()))
show("fn_p", lambda: keras.metrics.pearson_correlation(yt, yp))
show("fn_c", lambda: keras.metrics.concordance_correlation(yt, yp, axis=0))
show("const", lambda: keras.metrics.pearson_correlation(np.ones((1, 3), "float32"), yp[:1, :3]))
"""

SNIPPETS["loss_sample_weight_shapes"] = _TRY + """
yt = np.linspace(0, 1, 2 * 3 * 2, dtype="float32").reshape(2, 3, 2)
yp = np.linspace(1, 0, 2 * 3 * 2, dtype="float32").reshape(2, 3, 2) ** 2
mse = keras.losses.MeanSquaredError
for label, sw in [("b", np.array([1.0, 3.0], "float32")), ("b1", np.array([[1.0], [3.0]], "float32")),
                  ("bt", np.array([[1.0, 0.0, 2.0], [0.5, 1.0, 0.0]], "float32")),
                  ("bt1", np.ones((2, 3, 1), "float32") * 2), ("btc", np.ones((2, 3, 2), "float32")),
                  ("scalar", 2.0), ("bad", np.ones((3,), "float32"))]:
    show(label, lambda: mse()(yt, yp, sample_weight=sw))
    show(label + "_none", lambda: mse(reduction="none")(yt, yp, sample_weight=sw))
show("int_weights", lambda: mse()(yt, yp, sample_weight=np.array([1, 2], "int32")))
show("zero_weights", lambda: mse()(yt, yp, sample_weight=np.zeros(2, "float32")))
show("bce_bt", lambda: keras.losses.BinaryCrossentropy()(yt > 0.5, yp, sample_weight=np.array([[1.0, 0.0, 2.0], [0.5, 1.0, 0.0]], "float32")))
"""

SNIPPETS["loss_reduction_strings"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]], "float32")
yp = np.array([[0.2, 0.7], [0.9, 0.4], [0.1, 0.3]], "float32")
sw = np.array([1.0, 0.0, 2.0], "float32")
for red in ["sum", "sum_over_batch_size", "mean", "mean_with_sample_weight", "none", None]:
    for cls in [keras.losses.MeanAbsoluteError, keras.losses.BinaryCrossentropy, keras.losses.Huber]:
        show(str(red) + "_" + cls.__name__, lambda: cls(reduction=red)(yt, yp, sample_weight=sw))
def unset(label, fn):  # (the message lists a set, in the interpreter's hash order)
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, re.sub(r"[{].*[}]", "{...}", str(e)))
unset("bad", lambda: keras.losses.MeanAbsoluteError(reduction="avg"))
unset("auto", lambda: keras.losses.MeanAbsoluteError(reduction="auto").reduction)
show("config", lambda: keras.losses.Huber(reduction="mean_with_sample_weight").get_config())
"""

SNIPPETS["loss_metric_dtype_policies"] = _TRY + """
yt = np.array([[0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.2, 0.7], [0.9, 0.4]], "float32")
def dv(label, fn):
    try:
        r = fn()
        print(label, keras.backend.standardize_dtype(r.dtype), round(float(O.cast(r, "float32")), 4))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
for pol in ["mixed_float16", "float16", "bfloat16", "mixed_bfloat16", "float64"]:
    dv(pol + "_mse", lambda: keras.losses.MeanSquaredError(dtype=pol)(yt, yp))
    dv(pol + "_bce", lambda: keras.losses.BinaryCrossentropy(dtype=keras.DTypePolicy(pol))(yt, yp.astype("float16")))
    m = keras.metrics.MeanAbsoluteError(dtype=pol)
    m.update_state(yt, yp)
    dv(pol + "_metric", lambda: m.result())
    print(pol, [keras.backend.standardize_dtype(v.dtype) for v in m.variables])
show("loss_dtype_attr", lambda: keras.losses.MeanSquaredError(dtype="mixed_float16").dtype)
show("bad_dtype", lambda: keras.losses.MeanSquaredError(dtype="int7"))
show("int_dtype", lambda: keras.losses.MeanSquaredError(dtype="int32")(yt, yp))
keras.config.set_dtype_policy("mixed_float16")
try:
    dv("global_mse", lambda: keras.losses.MeanSquaredError()(yt, yp))
    show("global_acc", lambda: keras.backend.standardize_dtype(keras.metrics.BinaryAccuracy().dtype))
    dv("global_layer_loss", lambda: keras.losses.MeanSquaredError()(yt, keras.layers.Dense(2)(yp)))
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["metric_sample_weight_shapes"] = _TRY + """
yt = np.array([[0, 1, 1], [1, 0, 1]], "float32")
yp = np.array([[0.2, 0.8, 0.4], [0.9, 0.3, 0.6]], "float32")
for label, sw in [("b", np.array([1.0, 2.0], "float32")), ("bc", np.array([[1.0, 0.0, 2.0], [1.0, 1.0, 0.0]], "float32")),
                  ("b1", np.array([[0.5], [1.0]], "float32")), ("zeros", np.zeros(2, "float32"))]:
    for cls in [keras.metrics.BinaryAccuracy, keras.metrics.MeanSquaredError, keras.metrics.AUC,
                keras.metrics.Precision, keras.metrics.MeanIoU]:
        kw = {"num_classes": 2} if cls is keras.metrics.MeanIoU else {}
        m = cls(**kw)
        def go():
            m.update_state(yt, (yp > 0.5).astype("float32") if cls is keras.metrics.MeanIoU else yp, sample_weight=sw)
            return m.result()
        show(label + "_" + cls.__name__, go)
m = keras.metrics.Mean()
show("mean_bad", lambda: m.update_state(np.ones((2, 3)), sample_weight=np.ones((3, 2))))
"""
