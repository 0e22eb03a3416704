"""kprobe35's snippets on masks and reductions: Embedding(mask_zero) through LSTM/GRU and
Attention/MultiHeadAttention with the masks each layer passes on, losses' reductions with
sample_weight and with masks a layer attached, and layers' compute_output_spec and
compute_output_shape for shapes with None and wrong ranks (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

_IDS = """
ids = np.array([[3, 1, 4, 0, 0], [2, 2, 0, 0, 0], [5, 0, 0, 0, 0]], "int32")
"""

SNIPPETS["mask_embedding_lstm_attention_chain"] = _TRY + _IDS + """
emb = layers.Embedding(6, 4, mask_zero=True)
lstm = layers.LSTM(3, return_sequences=True)
att = layers.Attention()
fill(emb)
e = emb(ids)
show("emb_mask", lambda: e._keras_mask)
h = lstm(e)
fill(lstm)
h = lstm(e)
show("lstm_mask", lambda: getattr(h, "_keras_mask", None))
show("lstm_out", lambda: O.round(O.sum(h, axis=-1), 4))
a = att([h, h])
show("att_mask", lambda: getattr(a, "_keras_mask", None))
show("att_out", lambda: O.round(O.sum(a, axis=-1), 4))
a2 = att([h, h], use_causal_mask=True)
show("att_causal", lambda: O.round(O.sum(a2, axis=-1), 4))
sc = att([h, h], return_attention_scores=True)
show("scores", lambda: O.round(sc[1][0], 3))
show("compute_mask", lambda: att.compute_mask([h, h], mask=[e._keras_mask, e._keras_mask]))
"""

SNIPPETS["mask_functional_model_propagation"] = _TRY + _IDS + """
inp = keras.Input((5,), dtype="int32")
e = layers.Embedding(6, 4, mask_zero=True)(inp)
g = layers.GRU(3, return_sequences=True)(e)
m = layers.MultiHeadAttention(2, 2)(g, g)
p = layers.GlobalAveragePooling1D()(m)
last = layers.LSTM(2)(e)
model = keras.Model(inp, [p, last])
fill(model)
outs = model(ids)
show("pooled", lambda: O.round(outs[0], 4))
show("last", lambda: O.round(outs[1], 4))
show("sym_masks", lambda: [getattr(t, "_keras_mask", None) is not None for t in [e, g, m, p, last]])
sub = keras.Model(inp, g)
show("sub_mask", lambda: getattr(sub(ids), "_keras_mask", None))
model.compile("sgd", ["mse", "mse"])
show("evaluate", lambda: [round(float(v), 4) for v in model.evaluate(ids, [np.zeros((3, 4), "float32"), np.zeros((3, 2), "float32")], verbose=0)])
"""

SNIPPETS["losses_reductions_weights"] = _TRY + """
yt = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.8, 0.3], [0.4, 0.6], [0.1, 0.9]], "float32")
sw = np.array([1.0, 0.0, 2.0], "float32")
for cls in [keras.losses.MeanSquaredError, keras.losses.BinaryCrossentropy, keras.losses.Huber, keras.losses.CategoricalCrossentropy]:
    for red in ["sum_over_batch_size", "sum", None, "mean", "mean_with_sample_weight", "none"]:
        show(cls.__name__ + "_" + str(red), lambda: cls(reduction=red)(yt, yp, sample_weight=sw))
show("sw_2d", lambda: keras.losses.MeanSquaredError()(yt, yp, sample_weight=np.array([[1.0, 0.5], [0.0, 1.0], [2.0, 0.0]], "float32")))
show("sw_scalar", lambda: keras.losses.MeanSquaredError(reduction="sum")(yt, yp, sample_weight=3.0))
show("sw_zero", lambda: keras.losses.MeanSquaredError()(yt, yp, sample_weight=np.zeros(3, "float32")))
show("sw_zero_mws", lambda: keras.losses.MeanSquaredError(reduction="mean_with_sample_weight")(yt, yp, sample_weight=np.zeros(3, "float32")))
try:  # (the message lists a set: its order is the run's string hashing)
    keras.losses.MeanSquaredError(reduction="avg")
except ValueError as e:
    print("bad_red", sorted(str(e).replace("None", "'None'").split("{")[1].split("}")[0].split(", ")), str(e).split("}")[1])
"""

SNIPPETS["losses_with_masks"] = _TRY + """
yt = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0]], "float32")
yp = np.array([[0.8, 0.3, 1.0], [0.4, 0.6, 0.5]], "float32")
mask = np.array([[True, True, False], [True, False, False]])
ypm = O.convert_to_tensor(yp)
ypm._keras_mask = O.convert_to_tensor(mask)
for red in ["sum_over_batch_size", "sum", None, "mean_with_sample_weight"]:
    show("mae_" + str(red), lambda: keras.losses.MeanAbsoluteError(reduction=red)(yt, ypm))
    show("mae_sw_" + str(red), lambda: keras.losses.MeanAbsoluteError(reduction=red)(yt, ypm, sample_weight=np.array([[2.0, 1.0, 1.0], [1.0, 1.0, 3.0]], "float32")))
st = np.array([[1, 0, 2], [0, 1, 1]], "int32")
lg = np.stack([yp, yp[::-1], yp * 2], axis=-1)
lgm = O.convert_to_tensor(lg)
lgm._keras_mask = O.convert_to_tensor(mask)
show("scce_mask", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True)(st, lgm))
show("scce_mask_sum", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")(st, lgm))
show("scce_ignore", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)(st, lg))
show("scce_ignore_none", lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=2, reduction=None)(st, lg))
"""

SNIPPETS["layers_compute_output_spec"] = _TRY + """
def spec(label, layer, *shapes, **kw):
    try:
        ins = [keras.KerasTensor(s) for s in shapes]
        r = layer.compute_output_spec(*ins, **kw)
        rs = r if isinstance(r, (list, tuple)) else [r]
        print(label, [(type(t).__name__, t.shape, keras.backend.standardize_dtype(t.dtype)) for t in rs])
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:240])
spec("dense", layers.Dense(3), (None, 5))
spec("conv2d", layers.Conv2D(4, 3, strides=2), (None, 9, 9, 2))
spec("conv1d_causal", layers.Conv1D(2, 3, padding="causal", dilation_rate=2), (None, 7, 1))
spec("lstm_state", layers.LSTM(3, return_state=True, return_sequences=True), (None, 4, 2))
spec("gru_state", layers.GRU(3, return_state=True), (2, None, 2))
spec("embedding", layers.Embedding(5, 2), (None, 4))
spec("mha", layers.MultiHeadAttention(2, 3), (None, 4, 6), (None, 5, 6))
spec("flatten", layers.Flatten(), (None, 2, None))
spec("reshape", layers.Reshape((-1, 2)), (None, 3, 4))
spec("reshape_bad", layers.Reshape((5, 2)), (None, 3, 4))
spec("pool", layers.MaxPooling2D(2), (None, 5, 5, 3))
spec("concat", layers.Concatenate(), (None, 2), (None, 3))
spec("bidir", layers.Bidirectional(layers.LSTM(2, return_sequences=True)), (None, 4, 3))
spec("dense_f16", layers.Dense(3, dtype="float16"), (None, 5))
spec("mixed", layers.Dense(3, dtype="mixed_float16"), (None, 5))
"""

SNIPPETS["layers_compute_output_shape_odd"] = _TRY + """
cases = [("dense_none", layers.Dense(3), (None, None)), ("dense_rank1", layers.Dense(3), (5,)),
         ("conv_short", layers.Conv2D(2, 3), (None, 2, 2, 1)), ("conv_none", layers.Conv2D(2, 3), (None, None, 8, 1)),
         ("upsample", layers.UpSampling2D((2, 3)), (None, None, 4, 2)), ("zero_pad", layers.ZeroPadding1D((1, 2)), (None, None, 3)),
         ("cropping", layers.Cropping2D(((1, 1), (2, 0))), (None, 5, None, 2)), ("permute", layers.Permute((2, 1)), (None, None, 3)),
         ("repeat", layers.RepeatVector(4), (None, 3)), ("gap_keep", layers.GlobalAveragePooling2D(keepdims=True), (None, 4, 4, 3)),
         ("embed_3d", layers.Embedding(10, 3), (None, 2, 5)), ("simple_rnn", layers.SimpleRNN(2, return_state=True), (None, 5, 3)),
         ("conv_t", layers.Conv2DTranspose(2, 3, strides=2, output_padding=1), (None, 4, None, 1)),
         ("dot", layers.Dot(axes=1), [(None, 3), (None, 3)]), ("add_bad", layers.Add(), [(None, 3), (None, 4)]),
         ("timedist", layers.TimeDistributed(layers.Dense(2)), (None, 5, 3)), ("cat_enc", layers.CategoryEncoding(4), (None, 3))]
for name, layer, shape in cases:
    show(name, lambda: layer.compute_output_shape(shape))
"""
