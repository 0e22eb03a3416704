"""kprobe38's layer snippets: get_config/from_config round trips of less used image,
audio and preprocessing layers (color augmentations, spectrograms, discretization, hashed
crossing, augmentation mixers, pipelines, adaptive pooling), the framework wrappers this
backend refuses, layers refusing bad construction arguments, and layer/model reprs
(see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["color_layers_round_trips"] = _TRY + """
rt("gray", lambda: layers.RandomGrayscale(factor=1.0, seed=3), IMG, True)
rt("gray_cf", lambda: layers.RandomGrayscale(factor=0.5, data_format="channels_first", seed=3))
rt("autocontrast", lambda: layers.AutoContrast(value_range=(0, 255)), IMG)
rt("solar", lambda: layers.Solarization(addition_factor=0.2, threshold_factor=(0.1, 0.1), value_range=(0, 255), seed=4), IMG, True)
rt("degen", lambda: layers.RandomColorDegeneration(0.3, seed=5), IMG, True)
rt("sharp", lambda: layers.RandomSharpness(0.4, value_range=(0, 255), seed=6), IMG, True)
rt("posterize", lambda: layers.RandomPosterization(factor=(2, 4), value_range=(0, 255), seed=7), IMG, True)
rt("invert", lambda: layers.RandomInvert(factor=0.9, value_range=(0, 255), seed=8), IMG, True)
rt("equalize", lambda: layers.Equalization(value_range=(0, 255), bins=64), IMG)
"""

SNIPPETS["color_layers_refusals"] = _TRY + """
tryq("gray_factor", lambda: layers.RandomGrayscale(factor=1.5))
tryq("gray_format", lambda: layers.RandomGrayscale(data_format="nhwc"))
tryq("solar_add", lambda: layers.Solarization(addition_factor=2.0))
tryq("solar_thr", lambda: layers.Solarization(threshold_factor=-0.1))
tryq("posterize_bits", lambda: layers.RandomPosterization(factor=9))
tryq("posterize_zero", lambda: layers.RandomPosterization(factor=0))
tryq("sharp_range", lambda: layers.RandomSharpness(factor=2.0))
tryq("degen_neg", lambda: layers.RandomColorDegeneration(-0.2))
tryq("hue_range", lambda: layers.RandomHue(factor=1.5, value_range=(0, 1)))
tryq("equalize_bins", lambda: layers.Equalization(bins=0))
img4("gray_rank2", lambda: layers.RandomGrayscale(factor=1.0)(np.ones((4, 4), "float32")))
img4("gray_1ch", lambda: layers.RandomGrayscale(factor=1.0)(np.ones((1, 4, 4, 1), "float32"), training=True))
"""

SNIPPETS["spectrogram_layers_configs"] = _TRY + """
audio = np.sin(np.arange(2 * 400, dtype="float32") * 0.3).reshape(2, 400)
rt("mel", lambda: layers.MelSpectrogram(fft_length=64, sequence_stride=32, sequence_length=48, num_mel_bins=16, sampling_rate=8000, max_freq=3000.0))
m = layers.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=16, sampling_rate=8000)
sig("mel_out", lambda: m(audio))
show("mel_shape", lambda: m.compute_output_shape((2, 400)))
sig("mel_power1_db", lambda: layers.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=8, sampling_rate=8000, power_to_db=False, mag_exp=1.0)(audio))
rt("stft", lambda: layers.STFTSpectrogram(mode="log", frame_length=32, frame_step=16, fft_length=32, window=None))
for mode in ("real", "imag", "magnitude", "log", "angle"):
    sig("stft_" + mode, lambda: layers.STFTSpectrogram(mode=mode, frame_length=32, frame_step=16, window=None)(audio[..., None]))
tryq("stft_mode", lambda: layers.STFTSpectrogram(mode="phase"))
tryq("stft_fft_short", lambda: layers.STFTSpectrogram(frame_length=64, fft_length=32))
"""

SNIPPETS["wrapper_layers_refused_on_tensorflow"] = _TRY + """
tryq("torch_wrapper", lambda: layers.TorchModuleWrapper(object()))
tryq("jax_layer", lambda: layers.JaxLayer(lambda params, x: x, params={}))
tryq("flax_layer", lambda: layers.FlaxLayer(object()))
tryq("tfsm_missing", lambda: layers.TFSMLayer("nope_dir"))
"""

SNIPPETS["discretization_hashed_crossing_round_trips"] = _TRY + """
x = np.array([[-1.0, 0.5, 1.5, 3.0]], "float32")
rt("disc", lambda: layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0]))
for mode in ("int", "one_hot", "multi_hot", "count"):
    d = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0], output_mode=mode)
    show("disc_" + mode, lambda: layers.Discretization.from_config(d.get_config())(x))
d = layers.Discretization(num_bins=3, epsilon=0.1)
show("disc_unadapted_cfg", lambda: d.get_config()["bin_boundaries"])
d.adapt(np.arange(12, dtype="float32"))
show("disc_adapted_cfg", lambda: d.get_config()["bin_boundaries"])
show("disc_adapted_copy", lambda: layers.Discretization.from_config(d.get_config())(np.array([0.0, 5.0, 11.0])))
rt("cross", lambda: layers.HashedCrossing(num_bins=7, output_mode="one_hot", sparse=False))
hc = layers.HashedCrossing.from_config(layers.HashedCrossing(num_bins=5).get_config())
show("cross_ints", lambda: hc((np.array([1, 2, 3]), np.array([4, 5, 6]))))
show("cross_strs", lambda: hc((np.array(["a", "b"]), np.array(["x", "x"]))))
tryq("cross_one", lambda: hc((np.array([1, 2]),)))
tryq("cross_mode", lambda: layers.HashedCrossing(num_bins=5, output_mode="multi_hot"))
tryq("cross_shapes", lambda: hc((np.array([1, 2, 3]), np.array([4, 5]))))
"""

SNIPPETS["augmentation_mixers_configs"] = _TRY + """
for make in (lambda: layers.AugMix(value_range=(0, 255), num_chains=2, chain_depth=(1, 2), factor=0.5, alpha=0.5, seed=3),
             lambda: layers.RandAugment(value_range=(0, 255), num_ops=1, factor=0.3, interpolation="nearest", seed=4),
             lambda: layers.CutMix(factor=0.5, seed=5), lambda: layers.MixUp(alpha=0.3, seed=6),
             lambda: layers.RandomErasing(factor=0.5, scale=(0.1, 0.2), fill_value=7.0, value_range=(0, 255), seed=7),
             lambda: layers.RandomGaussianBlur(factor=0.5, kernel_size=5, sigma=(0.5, 1.0), value_range=(0, 255), seed=8),
             lambda: layers.RandomElasticTransform(factor=0.5, scale=0.2, value_range=(0, 255), seed=9),
             lambda: layers.RandomPerspective(factor=0.5, scale=0.3, seed=10)):
    l = make()
    cfg = l.get_config()
    print(type(l).__name__, {k: cfg[k] for k in sorted(cfg) if k not in ("name", "trainable", "dtype")})
    print(" same", type(l).from_config(cfg).get_config() == cfg)
    img4(" infer", lambda: l(IMG, training=False))
"""

SNIPPETS["pipeline_layer_round_trip_and_calls"] = _TRY + """
p = layers.Pipeline([layers.Rescaling(1 / 255.0), layers.RandomFlip("horizontal", seed=2), layers.CenterCrop(4, 4)], name="prep")
print(repr(p)[:12], p.name, [type(l).__name__ for l in p.layers])
cfg = p.get_config()
print(sorted(cfg), [c["class_name"] for c in cfg["layers"]])
q = layers.Pipeline.from_config(cfg)
img4("pipe_infer", lambda: q(IMG, training=False))
img4("pipe_unbatched", lambda: q(IMG[0], training=False))
show("pipe_shape", lambda: p.compute_output_shape((None, 6, 6, 3)))
inp = keras.Input((6, 6, 3))
m = keras.Model(inp, layers.GlobalAveragePooling2D()(p(inp)))
m.summary()
"""

SNIPPETS["adaptive_pooling_configs_and_shapes"] = _TRY + """
rt("aap2", lambda: layers.AdaptiveAveragePooling2D((2, 3)), IMG)
rt("amp2", lambda: layers.AdaptiveMaxPooling2D(2), IMG)
rt("aap1", lambda: layers.AdaptiveAveragePooling1D(4), IMG[:, 0])
rt("amp3", lambda: layers.AdaptiveMaxPooling3D((1, 2, 2)), IMG[..., None])
show("aap2_shape", lambda: layers.AdaptiveAveragePooling2D((2, 3)).compute_output_shape((None, 7, 5, 3)))
show("aap2_cf", lambda: layers.AdaptiveAveragePooling2D(2, data_format="channels_first")(np.ones((1, 3, 5, 5), "float32")).shape)
tryq("aap_bad_size", lambda: layers.AdaptiveAveragePooling2D((1, 2, 3)))
tryq("aap_bad_fmt", lambda: layers.AdaptiveMaxPooling1D(2, data_format="nwc"))
img4("aap_upsize", lambda: layers.AdaptiveAveragePooling2D(8)(IMG))
"""

SNIPPETS["layers_refuse_bad_construction"] = _TRY + """
tryq("dense_zero", lambda: layers.Dense(0))
tryq("dense_neg", lambda: layers.Dense(-3))
tryq("dense_float", lambda: layers.Dense(2.5))
tryq("conv_kernel0", lambda: layers.Conv2D(4, 0))
tryq("conv_filters0", lambda: layers.Conv2D(0, 3))
tryq("conv_strides_dil", lambda: layers.Conv2D(4, 3, strides=2, dilation_rate=2))
unordered("conv_padding", lambda: layers.Conv1D(4, 3, padding="full"))  # (a set of strings: its order varies by run)
tryq("dropout_rate", lambda: layers.Dropout(1.5))
tryq("dropout_neg", lambda: layers.Dropout(-0.1))
tryq("embed_zero", lambda: layers.Embedding(0, 4))
tryq("embed_dim0", lambda: layers.Embedding(5, 0))
tryq("lstm_units0", lambda: layers.LSTM(0))
tryq("gru_dropout", lambda: layers.GRU(3, dropout=2.0))
tryq("reshape_two_neg", lambda: layers.Reshape((-1, -1)))
tryq("permute_bad", lambda: layers.Permute((1, 1)))
tryq("repeat_zero", lambda: layers.RepeatVector(0))
tryq("activation_bad", lambda: layers.Activation("nope"))
tryq("leaky_neg", lambda: layers.LeakyReLU(negative_slope=-1.0))
tryq("relu_neg_max", lambda: layers.ReLU(max_value=-1.0))
"""

SNIPPETS["clahe_and_max_boxes_configs"] = _TRY + """
rt("clahe", lambda: layers.ContrastLimitedAdaptiveHistogramEqualization(value_range=(0, 255), clip_limit=2.0, tile_grid_size=(2, 2)))
img4("clahe_call", lambda: layers.ContrastLimitedAdaptiveHistogramEqualization(value_range=(0, 255), tile_grid_size=(2, 2))(IMG))
rt("maxboxes", lambda: layers.MaxNumBoundingBoxes(max_number=3, fill_value=-2, bounding_box_format="xyxy"))
boxes = {"boxes": np.array([[[0, 0, 1, 1], [1, 1, 2, 2]]], "float32"), "labels": np.array([[1, 2]], "int32")}
tryq("maxboxes_no_format", lambda: layers.MaxNumBoundingBoxes(max_number=3)({"images": IMG[:1], "bounding_boxes": boxes}))
out = layers.MaxNumBoundingBoxes(max_number=3, fill_value=-2, bounding_box_format="xyxy")({"images": IMG[:1], "bounding_boxes": boxes})
show("maxboxes_boxes", lambda: out["bounding_boxes"]["boxes"])
show("maxboxes_labels", lambda: out["bounding_boxes"]["labels"])
tryq("maxboxes_zero", lambda: layers.MaxNumBoundingBoxes(max_number=0))
"""

SNIPPETS["layer_and_model_reprs"] = _TRY + """
print(_cut(repr(layers.Dense(3, name="d"))))
print(_cut(repr(keras.Input((2,), name="i"))))
print(_cut(repr(keras.layers.InputLayer(shape=(2,), name="il"))))
s = keras.Sequential([layers.Dense(2)], name="seq")
print(_cut(repr(s)), _cut(str(s)) == _cut(repr(s)))
inp = keras.Input((2,))
print(_cut(repr(keras.Model(inp, layers.Dense(1)(inp), name="fn"))))
class Sub(keras.Model):
    def call(self, x):
        return x
print(_cut(repr(Sub(name="sub"))))
print(_cut(repr(layers.Pipeline([]))))
print(_cut(repr(keras.InputSpec(ndim=2, axes={-1: 3}))))
print(_cut(repr(keras.initializers.GlorotUniform(seed=1))))
print(_cut(repr(keras.metrics.Mean(name="m"))))
print(_cut(repr(keras.optimizers.Adam())))
print(_cut(repr(keras.DTypePolicy("mixed_float16"))))
print(_cut(repr(keras.callbacks.History())))
"""
