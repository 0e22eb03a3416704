"""kprobe48's second set: less-used layer options and their errors (LayerNormalization
rms_scaling, RMSNormalization, Pipeline, StackedRNNCells, GRU reset_after=False, RNN
unroll and go_backwards, Dot normalize, merges of bad shapes, PReLU shared_axes,
Embedding's LoRA, EinsumDense partial shapes, Lambda output_shape, wrappers' configs)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY as _TRY47

_TRY = _TRY47 + """
def show_cut(label, fn):  # (a message's set of names cut: its order is the strings' hashes')
    try:
        print(label, _text(fn()))
    except Exception as e:
        print(label, type(e).__name__, str(e).split(" {")[0])
"""

_X = _TRY + """
x = np.linspace(-1, 1, 24, dtype="float32").reshape(2, 3, 4)
"""

SNIPPETS: dict[str, str] = {}

SNIPPETS["layer_norm_rms_scaling_and_axes"] = _X + """
l = layers.LayerNormalization(rms_scaling=True)
show("rms", lambda: l(x))
print([w.name for w in l.weights])
show("axes", lambda: layers.LayerNormalization(axis=[1, 2], center=False)(x)[0, 0])
show("bad axis", lambda: layers.LayerNormalization(axis=5)(x))
show("cfg", lambda: str(sorted(layers.LayerNormalization(rms_scaling=True).get_config().items())))
r = layers.RMSNormalization(epsilon=1e-3)
show("rmsnorm", lambda: r(x)[1])
show("rmsnorm cfg", lambda: str(r.get_config()))
"""

SNIPPETS["pipeline_layer"] = _X + """
p = layers.Pipeline([layers.Rescaling(2.0), layers.Lambda(lambda t: t + 1)])
show("call", lambda: p(np.ones((1, 2), "float32")))
show("ds", lambda: [b.numpy().tolist() for b in tf.data.Dataset.from_tensor_slices(np.ones((2, 2), "float32")).batch(2).map(p)])
print(p.name[:8], len(p.layers))
show("cfg keys", lambda: sorted(layers.Pipeline([layers.Rescaling(0.5)]).get_config()))
show("round", lambda: [type(l).__name__ for l in layers.Pipeline.from_config(layers.Pipeline([layers.Rescaling(0.5)]).get_config()).layers])
"""

SNIPPETS["stacked_rnn_cells"] = _X + """
cells = layers.StackedRNNCells([layers.SimpleRNNCell(3), layers.GRUCell(2)])
print(cells.state_size, cells.output_size)
rnn = layers.RNN(cells, return_state=True)
out = rnn(x)
print(keras.tree.map_structure(lambda o: tuple(o.shape), out))
print([w.name for w in rnn.weights])
show("cfg", lambda: sorted(cells.get_config()))
show("rnn list", lambda: str(keras.tree.map_structure(lambda o: tuple(o.shape), layers.RNN([layers.LSTMCell(2), layers.LSTMCell(3)], return_state=True)(x))))
"""

SNIPPETS["gru_reset_after_false_and_unroll"] = _X + """
g = layers.GRU(2, reset_after=False, return_sequences=True)
show("shape", lambda: g(x).shape)
print([tuple(w.shape) for w in g.weights])
g2 = layers.GRU(2, unroll=True, go_backwards=True)
show("unroll back", lambda: g2(x).shape)
print([tuple(w.shape) for w in g2.weights])
show("unroll no len", lambda: layers.SimpleRNN(2, unroll=True)(keras.Input((None, 4))))
show("lstm unroll", lambda: layers.LSTM(1, unroll=True, return_sequences=True)(x).shape)
"""

SNIPPETS["rnn_go_backwards_values"] = _X + """
keras.utils.set_random_seed(0)
f = layers.SimpleRNN(2, return_sequences=True, kernel_initializer="ones", recurrent_initializer="zeros")
b = layers.SimpleRNN(2, return_sequences=True, go_backwards=True, kernel_initializer="ones", recurrent_initializer="zeros")
show("fwd", lambda: f(x)[0])
show("bwd", lambda: b(x)[0])
bi = layers.Bidirectional(layers.SimpleRNN(1, kernel_initializer="ones", recurrent_initializer="ones"), merge_mode=None)
show("bi none", lambda: bi(x))
show("bi bad merge", lambda: layers.Bidirectional(layers.SimpleRNN(1), merge_mode="max"))
"""

SNIPPETS["dot_normalize_and_axes"] = _X + """
a = np.array([[3.0, 4.0]], "float32")
b = np.array([[4.0, 3.0]], "float32")
show("dot", lambda: layers.Dot(axes=1)([a, b]))
show("dot norm", lambda: layers.Dot(axes=1, normalize=True)([a, b]))
show("dot 3d", lambda: layers.Dot(axes=(2, 2))([x, x]).shape)
show("dot 3d axes12", lambda: layers.Dot(axes=(1, 1))([x, x]).shape)
show("dot bad", lambda: layers.Dot(axes=1)([a, np.ones((1, 3), "float32")]))
show("dot three", lambda: layers.Dot(axes=1)([a, a, a]))
show("dot cfg", lambda: str(layers.Dot(axes=(1, 2), normalize=True).get_config()))
"""

SNIPPETS["merge_layers_bad_shapes"] = _X + """
a = np.ones((2, 3), "float32")
b = np.ones((2, 4), "float32")
show("add", lambda: layers.Add()([a, b]))
show("sub three", lambda: layers.Subtract()([a, a, a]))
show("mul one", lambda: layers.Multiply()([a]))
show("avg broadcast", lambda: layers.Average()([a, np.ones((2, 1), "float32")]))
show("max sym", lambda: layers.Maximum()([keras.Input((3,)), keras.Input((4,))]))
show("concat bad", lambda: layers.Concatenate(axis=0)([np.ones((1, 3)), np.ones((1, 4))]))
show("concat sym", lambda: layers.Concatenate()([keras.Input((2, 3)), keras.Input((3, 3))]))
show("not list", lambda: layers.Add()(a))
"""

SNIPPETS["prelu_elu_relu_options"] = _X + """
show("prelu constant by name", lambda: layers.PReLU(alpha_initializer="constant"))
p = layers.PReLU(shared_axes=[1], alpha_initializer=keras.initializers.Constant(0.25))
show("prelu", lambda: p(x)[0])
print([tuple(w.shape) for w in p.weights])
show("relu opts", lambda: layers.ReLU(max_value=0.5, negative_slope=0.1, threshold=-0.5)(x[0]))
show("relu neg max", lambda: layers.ReLU(max_value=-1.0))
show("relu neg slope", lambda: layers.ReLU(negative_slope=-0.1))
show("leaky", lambda: layers.LeakyReLU(negative_slope=0.2)(x[0, 0]))
show("leaky alpha kw", lambda: layers.LeakyReLU(alpha=0.2).negative_slope)
show("elu", lambda: layers.ELU(alpha=0.5)(x[0, 0]))
show("softmax axis", lambda: layers.Softmax(axis=1)(x[:1, :, :2]))
"""

SNIPPETS["embedding_lora_and_options"] = _X + """
e = layers.Embedding(5, 3)
e.build()
e.enable_lora(2)
print([w.name for w in e.trainable_weights], [w.name for w in e.non_trainable_weights])
show("out", lambda: e(np.array([[0, 4]])).shape)
show("lora twice", lambda: e.enable_lora(2))
show("cfg lora", lambda: e.get_config().get("lora_rank"))
e2 = layers.Embedding(4, 2, mask_zero=True)
show("mask", lambda: e2.compute_mask(np.array([[0, 1, 0]])))
show("out of range", lambda: e2(np.array([5])))
show("float ids", lambda: layers.Embedding(4, 2)(np.array([1.7, 2.2], "float32")).shape)
show("bad dim", lambda: layers.Embedding(0, 2))
"""

SNIPPETS["einsum_dense_partial_shapes"] = _X + """
e = layers.EinsumDense("abc,cd->abd", output_shape=(None, 5), bias_axes="d")
show("out", lambda: e(x).shape)
print([tuple(w.shape) for w in e.weights])
e2 = layers.EinsumDense("ab,bcd->acd", output_shape=(2, 3), bias_axes="cd")
show("out2", lambda: e2(np.ones((2, 4), "float32")).shape)
show("bad eq", lambda: layers.EinsumDense("ab->b", output_shape=3)(np.ones((2, 4))))
show("bad bias", lambda: layers.EinsumDense("ab,bc->ac", output_shape=3, bias_axes="z")(np.ones((2, 4))))
show("cfg", lambda: str(sorted(e.get_config())))
"""

SNIPPETS["lambda_output_shape_and_config"] = _X + """
l = layers.Lambda(lambda t: t[:, :2], output_shape=(2,))
i = keras.Input((4,))
show("sym", lambda: l(i).shape)
l2 = layers.Lambda(lambda t, k: t * k, arguments={"k": 3.0})
show("args", lambda: l2(np.ones((1, 2), "float32")))
print(sorted(l2.get_config()))
print(l2.get_config()["function"]["class_name"], type(l2.get_config()["function"]["config"]).__name__)
show("from cfg unsafe", lambda: layers.Lambda.from_config(l2.get_config()))
show("output_shape fn", lambda: layers.Lambda(lambda t: t, output_shape=lambda s: s)(i).shape)
"""

SNIPPETS["wrappers_time_distributed_masks"] = _X + """
i = keras.Input((3, 4))
m = layers.Masking(0.0)(i)
td = layers.TimeDistributed(layers.Dense(2))
o = td(m)
print(o.shape)
xm = x.copy(); xm[0, 1] = 0
show("mask", lambda: td.compute_mask(xm, layers.Masking(0.0).compute_mask(xm)))
show("td bad rank", lambda: layers.TimeDistributed(layers.Dense(2))(np.ones((2,), "float32")))
show("td not layer", lambda: layers.TimeDistributed(3))
show("td cfg", lambda: str(sorted(td.get_config())))
show("td conv", lambda: layers.TimeDistributed(layers.Conv1D(2, 2))(np.ones((1, 3, 4, 1), "float32")).shape)
"""

SNIPPETS["noise_and_dropout_layers_training"] = _X + """
keras.utils.set_random_seed(2)
for L in (layers.GaussianNoise(0.5, seed=1), layers.GaussianDropout(0.3, seed=1), layers.AlphaDropout(0.3, seed=1), layers.SpatialDropout1D(0.5, seed=1)):
    out = L(x, training=False)
    print(type(L).__name__, bool(np.allclose(out, x)), L(x, training=True).shape)
show("dropout bad rate", lambda: layers.Dropout(1.5))
show("gauss neg", lambda: layers.GaussianNoise(-1.0))
show("spatial2d rank", lambda: layers.SpatialDropout2D(0.5)(x, training=True))
show("noise shape", lambda: layers.Dropout(0.5, noise_shape=(None, 1, 4), seed=3)(x, training=True).shape)
show("gaussian cfg", lambda: str(layers.GaussianDropout(0.2, seed=4).get_config()))
"""

SNIPPETS["activity_regularization_losses"] = _X + """
l = layers.ActivityRegularization(l1=0.1, l2=0.01)
l(x)
show("losses", lambda: [float(v) for v in l.losses])
d = layers.Dense(2, kernel_regularizer="l2", bias_regularizer=keras.regularizers.L1(0.5), activity_regularizer="l1", kernel_initializer="ones", bias_initializer="ones")
d(np.ones((1, 4), "float32"))
show("dense losses", lambda: [round(float(v), 4) for v in d.losses])
m = keras.Sequential([keras.Input((4,)), d])
m(np.ones((1, 4), "float32"))
show("model losses", lambda: len(m.losses))
show("reg cfg", lambda: str(keras.regularizers.L1L2(l1=0.1).get_config()))
show("orth reg", lambda: keras.regularizers.OrthogonalRegularizer(0.1)(np.eye(3, dtype="float32")))
show("bad reg", lambda: keras.regularizers.get("l3"))
"""

SNIPPETS["constraints_applied_after_step"] = _X + """
d = layers.Dense(2, kernel_initializer="ones", kernel_constraint=keras.constraints.MaxNorm(1.0), bias_constraint=keras.constraints.NonNeg())
m = keras.Sequential([keras.Input((4,)), d])
m.compile(keras.optimizers.SGD(0.1), "mse")
m.fit(np.ones((2, 4), "float32"), np.full((2, 2), 5.0, "float32"), epochs=1, verbose=0)
show("kernel", lambda: d.kernel)
show("bias", lambda: d.bias)
show("unitnorm", lambda: keras.constraints.UnitNorm(axis=1)(np.array([[3.0, 4.0]], "float32")))
show("minmax", lambda: keras.constraints.MinMaxNorm(0.5, 1.0, rate=0.5)(np.array([[3.0], [4.0]], "float32")))
show("cfg", lambda: str(keras.constraints.MinMaxNorm().get_config()))
show("bad", lambda: keras.constraints.get("nope"))
"""

SNIPPETS["initializers_shapes_and_errors"] = _X + """
I = keras.initializers
show("orth", lambda: np.round(I.Orthogonal(seed=1)((3, 3)).numpy() @ I.Orthogonal(seed=1)((3, 3)).numpy().T, 4))
show("identity bad", lambda: I.Identity()((2, 2, 2)))
show("identity rect", lambda: I.Identity(gain=2.0)((2, 3)))
show("constant list", lambda: I.Constant([1.0, 2.0])((2,)))
show_cut("varscaling bad mode", lambda: I.VarianceScaling(mode="fan_x"))
show("varscaling normal", lambda: I.VarianceScaling(distribution="normal").distribution)
show_cut("varscaling bad dist", lambda: I.VarianceScaling(distribution="gamma"))
show("trunc cfg", lambda: str(I.TruncatedNormal(stddev=2.0, seed=3).get_config()))
show("get str", lambda: type(I.get("he_uniform")).__name__)
show("int dtype", lambda: I.Zeros()((2,), dtype="int32"))
show("glorot int", lambda: I.GlorotUniform()((2,), dtype="int32"))
"""

SNIPPETS["upsampling_cropping_padding_options"] = _X + """
im = np.arange(8, dtype="float32").reshape(1, 2, 2, 2)
show("up bilinear", lambda: layers.UpSampling2D(2, interpolation="bilinear")(im)[0, :, :, 0])
show("up bad interp", lambda: layers.UpSampling2D(interpolation="cubicish"))
show("crop too much", lambda: layers.Cropping2D(((1, 1), (0, 0)))(im))
show("crop1d", lambda: layers.Cropping1D((1, 0))(x).shape)
show("zpad3d", lambda: layers.ZeroPadding3D(((1, 0), (0, 1), (2, 0)))(np.ones((1, 1, 1, 1, 1), "float32")).shape)
show("zpad bad", lambda: layers.ZeroPadding2D(((1, 2, 3), (0, 0))))
show("up1d", lambda: layers.UpSampling1D(3)(x[:, :2]).shape)
show("up3d cf", lambda: layers.UpSampling3D(2, data_format="channels_first")(np.ones((1, 1, 1, 1, 2), "float32")).shape)
"""

SNIPPETS["conv_transpose_output_padding"] = _X + """
c = layers.Conv2DTranspose(1, 3, strides=2, output_padding=1, kernel_initializer="ones")
show("out", lambda: c(np.ones((1, 2, 2, 1), "float32")).shape)
show("bad op", lambda: layers.Conv2DTranspose(1, 3, strides=2, output_padding=2)(np.ones((1, 2, 2, 1), "float32")))
show("1d same", lambda: layers.Conv1DTranspose(2, 3, strides=2, padding="same")(x).shape)
show("sep conv", lambda: layers.SeparableConv1D(2, 2, depth_multiplier=2)(x).shape)
show("depthwise1d", lambda: layers.DepthwiseConv1D(2, depth_multiplier=3)(x).shape)
show("groups bad", lambda: layers.Conv1D(3, 2, groups=2)(x))
show_cut("causal 2d", lambda: layers.Conv2D(1, 2, padding="causal"))
"""

SNIPPETS["reshape_flatten_permute_repeat"] = _X + """
show("reshape -1", lambda: layers.Reshape((-1, 2))(x).shape)
show("reshape two -1", lambda: layers.Reshape((-1, -1))(x))
show("reshape bad", lambda: layers.Reshape((5,))(x))
show("reshape sym", lambda: layers.Reshape((-1,))(keras.Input((None, 3))).shape)
show("flatten cf", lambda: layers.Flatten(data_format="channels_first")(x)[0, :4])
show("permute", lambda: layers.Permute((2, 1))(x).shape)
show("permute bad", lambda: layers.Permute((0, 1)))
show("permute dup", lambda: layers.Permute((1, 1)))
show("repeat", lambda: layers.RepeatVector(2)(x[:, 0]).shape)
show("repeat 3d", lambda: layers.RepeatVector(2)(x))
"""

SNIPPETS["pooling_options_and_errors"] = _X + """
show("avgpool1d same", lambda: layers.AveragePooling1D(2, padding="same")(x)[0, :, 0])
show("maxpool strides", lambda: layers.MaxPooling1D(2, strides=1)(x).shape)
show("gap keepdims", lambda: layers.GlobalAveragePooling1D(keepdims=True)(x).shape)
xm = np.array([[1, 1, 0]], "bool")
show("gap mask", lambda: layers.GlobalAveragePooling1D()(x[:1], mask=xm))
show("gmp cf", lambda: layers.GlobalMaxPooling1D(data_format="channels_first")(x).shape)
show("pool bad pad", lambda: layers.MaxPooling2D(padding="full"))
show("pool too big", lambda: layers.MaxPooling1D(5)(x))
show("pool cfg", lambda: str(layers.AveragePooling2D(3, strides=(1, 2)).get_config()))
"""
