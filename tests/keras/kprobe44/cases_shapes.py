"""kprobe44's snippets on compute_output_shape and symbolic calls of layers on odd shapes:
unknown spatial sizes, strides that do not divide, sizes that go to zero, and the
summaries of models whose layers have several outputs or are shared (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["output_shapes_odd_sizes"] = _TRY + """
def cos(label, make, shape):
    try:
        l = make()
        print(label, l.compute_output_shape(shape), end=" ")
        kt = keras.KerasTensor(shape)
        print(l(kt).shape if not isinstance(l(kt), (list, tuple)) else [t.shape for t in l(kt)])
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
cos("conv1d_none", lambda: layers.Conv1D(2, 3, strides=2), (None, None, 3))
cos("conv1d_causal", lambda: layers.Conv1D(2, 3, padding="causal", dilation_rate=2), (None, 7, 3))
cos("conv1d_to0", lambda: layers.Conv1D(2, 5), (None, 3, 3))
cos("conv2d_same_s3", lambda: layers.Conv2D(2, 2, strides=3, padding="same"), (None, 7, 8, 1))
cos("conv2d_cf", lambda: layers.Conv2D(2, 3, data_format="channels_first"), (None, 1, 7, None))
cos("convT_none", lambda: layers.Conv2DTranspose(2, 3, strides=2), (None, None, 4, 1))
cos("convT_outpad", lambda: layers.Conv2DTranspose(2, 3, strides=2, output_padding=1), (None, 4, 4, 1))
cos("convT1d_same", lambda: layers.Conv1DTranspose(2, 4, strides=3, padding="same"), (None, 5, 1))
cos("conv3dT", lambda: layers.Conv3DTranspose(2, 2, strides=(1, 2, 3)), (None, 2, 3, 4, 1))
cos("depthwise1d", lambda: layers.DepthwiseConv1D(3, depth_multiplier=2), (None, 9, 2))
cos("sep1d", lambda: layers.SeparableConv1D(4, 3, strides=2, padding="same"), (None, 9, 2))
cos("maxpool_to0", lambda: layers.MaxPooling1D(4), (None, 3, 2))
cos("maxpool_same", lambda: layers.MaxPooling2D(3, strides=2, padding="same"), (None, 5, None, 2))
cos("avgpool3d", lambda: layers.AveragePooling3D(2, data_format="channels_first"), (None, 1, 5, 4, 3))
cos("gmp_keep", lambda: layers.GlobalMaxPooling1D(keepdims=True), (None, None, 3))
cos("gap_cf", lambda: layers.GlobalAveragePooling2D(data_format="channels_first", keepdims=True), (None, 3, 4, 5))
cos("up3d", lambda: layers.UpSampling3D((1, 2, 3)), (None, 2, None, 2, 1))
cos("zp3d", lambda: layers.ZeroPadding3D(((1, 0), (0, 2), (3, 1))), (None, 1, 1, None, 2))
cos("crop3d", lambda: layers.Cropping3D(((1, 0), (0, 1), (1, 1))), (None, 3, None, 4, 2))
cos("flatten_none", lambda: layers.Flatten(), (None, 3, None))
cos("flatten_cf", lambda: layers.Flatten(data_format="channels_first"), (None, 3, 4))
cos("reshape_neg", lambda: layers.Reshape((-1, 2)), (None, 3, 4))
cos("reshape_none", lambda: layers.Reshape((-1, 2)), (None, None, 4))
cos("reshape_bad", lambda: layers.Reshape((5, 2)), (None, 3, 4))
cos("permute", lambda: layers.Permute((3, 1, 2)), (None, 2, None, 4))
cos("repeat", lambda: layers.RepeatVector(3), (None, None))
cos("embed", lambda: layers.Embedding(5, 2), (None, None, 3))
cos("lstm_seq_state", lambda: layers.LSTM(2, return_sequences=True, return_state=True), (None, None, 3))
cos("gru_state", lambda: layers.GRU(2, return_state=True), (4, 5, 3))
cos("bidi_concat_state", lambda: layers.Bidirectional(layers.SimpleRNN(2, return_state=True)), (None, 5, 3))
cos("bidi_none", lambda: layers.Bidirectional(layers.LSTM(2, return_sequences=True), merge_mode=None), (None, 5, 3))
cos("convlstm_seq", lambda: layers.ConvLSTM2D(2, 3, return_sequences=True, strides=2, padding="same"), (None, 3, 5, 5, 1))
cos("td_conv", lambda: layers.TimeDistributed(layers.Conv2D(2, 3)), (None, None, 5, 5, 1))
cos("mha_shape", lambda: layers.MultiHeadAttention(2, 3, output_shape=(4, 2)), (None, 5, 6))
cos("einsum", lambda: layers.EinsumDense("abc,cd->abd", output_shape=(None, 4)), (None, 5, 6))
cos("catenc", lambda: layers.CategoryEncoding(4, output_mode="multi_hot"), (None, 3))
cos("catenc_rank1", lambda: layers.CategoryEncoding(4, output_mode="one_hot"), (None,))
cos("stringlookup_multi", lambda: layers.StringLookup(vocabulary=["a", "b"], output_mode="multi_hot"), (None, 3))
cos("hashing_onehot", lambda: layers.Hashing(3, output_mode="one_hot"), (None, 1))
cos("resizing_cf", lambda: layers.Resizing(2, 3, data_format="channels_first"), (None, 3, None, None))
cos("centercrop", lambda: layers.CenterCrop(2, 2), (None, None, None, 3))
cos("cropping1d_none", lambda: layers.Cropping1D((1, 2)), (None, None, 3))
"""

SNIPPETS["summaries_of_unusual_models"] = _TRY + """
inp = keras.Input((4,), name="x")
d = layers.Dense(3, name="shared")
a = d(inp); b = d(layers.Dense(4, name="pre")(inp)); c = d(layers.Dense(4, name="pre2")(inp))
m = keras.Model(inp, [a, b, c, inp], name="three_calls")
m.summary()
inner = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="in_d")], name="inner")
i1 = keras.Input((3,), name="p"); i2 = keras.Input((3,), name="q")
m2 = keras.Model([i1, i2], {"s": layers.Add(name="sum")([inner(i1), inner(i2)]), "p": inner(i1)}, name="shared_inner")
m2.summary()
m2.summary(expand_nested=True)
l = layers.LSTM(2, return_state=True, name="lstm")
s = keras.Input((5, 3), name="seq")
o, h, cc = l(s)
m3 = keras.Model(s, [o, layers.Concatenate(name="cat")([h, cc])], name="states")
m3.summary()
e = keras.Input((None,), dtype="int32", name="tok")
x = layers.Embedding(10, 4, mask_zero=True, name="emb")(e)
x = layers.GlobalAveragePooling1D(name="gap")(x)
m4 = keras.Model(e, x, name="no_dense")
m4.trainable = False
m4.summary(show_trainable=True)
"""
