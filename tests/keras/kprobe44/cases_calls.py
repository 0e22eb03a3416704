"""kprobe44's snippets on layers called on inputs they refuse (wrong ranks, dtypes,
masks, states, values out of range, preprocessing layers not adapted), keras.random given
bad arguments, and saving and loading given bad paths (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["layer_calls_refused"] = _TRY + """
F = np.ones((2, 3, 4), "float32")
err("embed_float", lambda: print(" ", np.asarray(layers.Embedding(5, 2, embeddings_initializer="ones")(np.array([[1.7, 0.2]]))).tolist()))
err("embed_out_of_range", lambda: layers.Embedding(5, 2)(np.array([[7]])))
err("embed_negative", lambda: layers.Embedding(5, 2)(np.array([[-1]])))
err("conv_rank", lambda: layers.Conv2D(2, 1)(F))
err("conv_int", lambda: layers.Conv1D(2, 1)(np.ones((1, 3, 2), "int32")))
err("dense_int", lambda: print(" ", layers.Dense(2)(np.ones((1, 3), "int32")).dtype))
err("dense_mismatch_after_build", lambda: (lambda l: (l(np.ones((1, 3))), l(np.ones((1, 4)))))(layers.Dense(2)))
err("lstm_initial_state_shape", lambda: layers.LSTM(2)(F, initial_state=[np.zeros((2, 3)), np.zeros((2, 2))]))
err("lstm_initial_state_count", lambda: layers.LSTM(2)(F, initial_state=[np.zeros((2, 2))]))
err("gru_initial_state_list3", lambda: layers.GRU(2)(F, initial_state=[np.zeros((2, 2))] * 3))
err("rnn_mask_shape", lambda: layers.SimpleRNN(2)(F, mask=np.ones((2, 4), bool)))
err("rnn_mask_fewer", lambda: layers.SimpleRNN(2)(F, mask=np.ones((2, 2), bool)))
err("rnn_mask_unroll", lambda: print(" ", layers.SimpleRNN(2, unroll=True)(F, mask=np.ones((2, 4), bool)).shape))
err("lstm_mask_shape", lambda: layers.LSTM(2)(F, mask=np.ones((2, 4), bool)))
err("gru_mask_seq", lambda: layers.GRU(2, return_sequences=True, go_backwards=True)(F, mask=np.ones((2, 4), bool)))
err("rnn_mask_rank3", lambda: print(" ", np.asarray(layers.SimpleRNN(2, kernel_initializer="ones", recurrent_initializer="ones")(F, mask=np.array([[[1], [1], [0]], [[1], [0], [0]]], bool))).round(4).tolist()))
err("td_rank2", lambda: layers.TimeDistributed(layers.Dense(2))(np.ones((2, 3))))
err("attention_mask_shape", lambda: layers.Attention()([F, F], mask=[np.ones((2, 4), bool), None]))
err("mha_mask_shape", lambda: layers.MultiHeadAttention(2, 2)(F, F, attention_mask=np.ones((2, 3, 5), bool)))
err("mha_rank2", lambda: layers.MultiHeadAttention(2, 2)(np.ones((2, 3)), np.ones((2, 3))))
err("concat_rank", lambda: layers.Concatenate()([np.ones((2, 3)), F]))
err("add_rank", lambda: print(" ", layers.Add()([np.ones((2, 4)), F]).shape))
a2 = np.arange(8.0).reshape(2, 4); b3 = np.arange(24.0).reshape(2, 3, 4)
err("merge_ranks", lambda: print(" ", [float(np.asarray(l([a2, b3])).sum()) for l in (layers.Add(), layers.Subtract(), layers.Multiply(), layers.Maximum(), layers.Minimum(), layers.Average())]))
err("merge_three_ranks", lambda: print(" ", layers.Average()([a2, b3, np.ones((2, 1, 1, 4))]).shape))
err("merge_ranks_symbolic", lambda: print(" ", layers.Add()([keras.Input((4,)), keras.Input((3, 4))]).shape))
i1, i2 = keras.Input((4,)), keras.Input((3, 4))
err("merge_ranks_model", lambda: print(" ", float(np.asarray(keras.Model([i1, i2], layers.Multiply()([i1, i2]))([a2, b3])).sum())))
err("multiply_dtypes", lambda: print(" ", layers.Multiply()([np.ones((2, 3), "int32"), np.ones((2, 3), "float32")]).dtype))
err("catenc_range", lambda: layers.CategoryEncoding(3)(np.array([[4]])))
err("catenc_neg", lambda: layers.CategoryEncoding(3)(np.array([[-1]])))
err("catenc_rank3", lambda: layers.CategoryEncoding(3, output_mode="multi_hot")(np.zeros((1, 2, 2), "int32")))
err("strlookup_ints", lambda: layers.StringLookup(vocabulary=["a"])(np.array([1, 2])))
err("intlookup_strings", lambda: layers.IntegerLookup(vocabulary=[1])(np.array(["a"])))
err("normalization_unadapted", lambda: layers.Normalization()(np.ones((2, 3))))
err("discretization_unadapted", lambda: layers.Discretization(num_bins=3)(np.ones((2, 3))))
err("textvec_unadapted", lambda: print(" ", np.asarray(layers.TextVectorization()(np.array(["a b"]))).tolist()))
err("strlookup_unadapted", lambda: print(" ", np.asarray(layers.StringLookup()(np.array(["a"]))).tolist()))
err("hashing_float", lambda: print(" ", np.asarray(layers.Hashing(3)(np.array([[1.5]]))).tolist()))
err("rescaling_str", lambda: layers.Rescaling(2.0)(np.array(["a"])))
err("resizing_rank2", lambda: layers.Resizing(2, 2)(np.ones((3, 3))))
err("resizing_rank5", lambda: layers.Resizing(2, 2)(np.ones((1, 1, 3, 3, 1))))
err("randomflip_rank2", lambda: layers.RandomFlip()(np.ones((3, 3)), training=True))
err("pooling_rank", lambda: layers.MaxPooling2D()(F))
err("gap_rank", lambda: layers.GlobalAveragePooling2D()(F))
err("flatten_rank1", lambda: print(" ", layers.Flatten()(np.ones(3)).shape))
err("reshape_wrong_size", lambda: layers.Reshape((5,))(F))
err("permute_rank", lambda: layers.Permute((2, 1))(F))
err("repeatvector_rank", lambda: layers.RepeatVector(2)(F))
err("upsampling_rank", lambda: layers.UpSampling2D()(F))
err("zeropad_rank", lambda: layers.ZeroPadding2D()(F))
err("bn_rank_change", lambda: (lambda l: (l(F), l(np.ones((2, 3)))))(layers.BatchNormalization()))
err("ln_axis_call", lambda: layers.LayerNormalization(axis=3)(F))
err("softmax_mask_shape", lambda: layers.Softmax()(F, mask=np.ones((2, 3), bool)))
err("masking_int", lambda: print(" ", layers.Masking()(np.ones((1, 2, 2), "int32")).dtype))
"""

SNIPPETS["bidirectional_odd_state_count"] = _TRY + """
F = np.ones((2, 3, 4), "float32")
err("bidi_state_count", lambda: layers.Bidirectional(layers.LSTM(2))(F, initial_state=[np.zeros((2, 2))] * 3))
err("bidi_state_count_ok", lambda: print(" ", layers.Bidirectional(layers.LSTM(2))(F, initial_state=[np.zeros((2, 2))] * 4).shape))
"""

SNIPPETS["random_bad_args"] = _TRY + """
R = keras.random
err("normal_shape_neg", lambda: R.normal((-1, 2)))
err("normal_shape_float", lambda: R.normal((2.5,)))
err("normal_dtype_int", lambda: R.normal((2,), dtype="int32"))
err("uniform_shape_neg", lambda: R.uniform((-1, 2)))
err("truncated_shape_neg", lambda: R.truncated_normal((-1, 2)))
err("randint_shape_neg", lambda: R.randint((-1, 2), 0, 4))
err("tf_stateless_normal_str_dtype", lambda: tf.random.stateless_normal((-1, 2), seed=[1, 2], dtype="float32"))
err("tf_stateless_normal_dtype", lambda: tf.random.stateless_normal((-1, 2), seed=[1, 2], dtype=tf.float32))
err("tf_stateless_truncated_str_dtype", lambda: tf.random.stateless_truncated_normal((-1, 2), seed=[1, 2], dtype="float32"))
err("uniform_minmax", lambda: print(" ", np.asarray(R.uniform((3,), minval=1.0, maxval=0.0, seed=1)).round(4).tolist()))
err("uniform_int_dtype", lambda: print(" ", np.asarray(R.uniform((3,), minval=0, maxval=5, dtype="int32", seed=1)).tolist()))
err("randint_float", lambda: R.randint((2,), 0, 5, dtype="float32"))
err("randint_equal", lambda: R.randint((2,), 3, 3, seed=1))
err("categorical_rank1", lambda: R.categorical(np.array([0.5, 0.5]), 2))
err("categorical_dtype", lambda: R.categorical(np.log(np.array([[0.5, 0.5]])), 2, dtype="float32", seed=1))
err("dropout_rate2", lambda: R.dropout(np.ones(4), 2.0, seed=1))
err("dropout_rate1", lambda: print(" ", np.asarray(R.dropout(np.ones(4), 1.0, seed=1)).tolist()))
err("shuffle_axis", lambda: R.shuffle(np.arange(4), axis=2, seed=1))
err("gamma_alpha_neg", lambda: print(" ", np.asarray(R.gamma((2,), alpha=-1.0, seed=1)).tolist()))
err("binomial_p", lambda: print(" ", np.asarray(R.binomial((3,), counts=5, probabilities=1.5, seed=1)).tolist()))
err("beta_neg", lambda: print(" ", np.asarray(R.beta((2,), alpha=-1.0, beta=1.0, seed=1)).tolist()))
err("seed_str", lambda: R.normal((2,), seed="a"))
err("seed_float", lambda: R.normal((2,), seed=1.5))
err("seed_neg", lambda: print(" ", np.asarray(R.normal((2,), seed=-1)).round(4).tolist()))
err("seed_tuple", lambda: print(" ", np.asarray(R.normal((2,), seed=(1, 2))).round(4).tolist()))
err("seedgen_str", lambda: R.SeedGenerator("a"))
err("seedgen_float", lambda: R.SeedGenerator(1.5))
err("seedgen_neg", lambda: print(" ", np.asarray(R.SeedGenerator(-3).state).tolist()))
err("truncated_std_neg", lambda: print(" ", np.asarray(R.truncated_normal((2,), stddev=-1.0, seed=1)).round(4).tolist()))
"""

SNIPPETS["saving_bad_paths"] = _TRY + """
import os, tempfile
os.chdir(tempfile.mkdtemp())
m = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
err("save_no_ext", lambda: m.save("model"))
err("save_bad_ext", lambda: m.save("model.pb"))
err("save_tf_format", lambda: m.save("model", save_format="tf"))
err("save_weights_bad_ext", lambda: m.save_weights("w.ckpt"))
err("save_weights_keras_ext", lambda: m.save_weights("w.keras"))
err("load_missing", lambda: keras.models.load_model("missing.keras"))
err("load_bad_ext", lambda: keras.models.load_model("missing.pb"))
err("load_dir", lambda: keras.models.load_model("."))
open("bad.keras", "w").write("not a zip")
err("load_not_zip", lambda: keras.models.load_model("bad.keras"))
err("load_weights_missing", lambda: m.load_weights("missing.weights.h5"))
err("load_weights_bad_ext", lambda: m.load_weights("w.ckpt"))
m.save("ok.keras")
err("load_weights_from_keras", lambda: print(" ", m.load_weights("ok.keras")))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.save_weights("ok.weights.h5")
err("load_weights_mismatch", lambda: m2.load_weights("ok.weights.h5"))
err("load_model_weights_file", lambda: keras.models.load_model("ok.weights.h5"))
err("saving_save_model_bad", lambda: keras.saving.save_model(3, "x.keras"))
err("export_bad_format", lambda: m.export("exp", format="onnx2"))
"""

SNIPPETS["training_given_as_none"] = _TRY + """
class In(layers.Layer):
    def call(self, x, training=False):
        print("  ", self.name, training)
        return x
class InNone(layers.Layer):
    def call(self, x, training=None):
        print("  ", self.name, training)
        return x
class Out(layers.Layer):
    def __init__(self, how, **kw):
        super().__init__(**kw)
        self.i, self.j, self.how = In(name="in_false"), InNone(name="in_none"), how
    def call(self, x, training=None):
        print("  outer", training)
        if self.how == "none":
            self.i(x, training=None); self.j(x, training=None)
        elif self.how == "pass":
            self.i(x, training=training); self.j(x, training=training)
        elif self.how == "false_then_omit":
            self.i(x, training=False); self.j(x)
        else:
            self.i(x); self.j(x)
        return x
x = np.ones((1, 2), "float32")
print("direct"); In(name="d1")(x); In(name="d2")(x, training=None); InNone(name="d3")(x); InNone(name="d4")(x, training=None)
for how in ["none", "pass", "omit", "false_then_omit"]:
    for given in [None, True, False, "absent"]:
        print(how, given)
        o = Out(how)
        o(x) if given == "absent" else o(x, training=given)
        o(x) if given == "absent" else o(x, training=given)
i = keras.Input((2,)); m = keras.Model(i, In(name="f")(i))
print("functional"); m(x); m(x, training=None); m(x, training=True)
s = keras.Sequential([keras.Input((2,)), In(name="s")])
print("sequential"); s(x); s(x, training=None); s(x, training=True)
"""

SNIPPETS["bidirectional_dtypes"] = _TRY + """
x = np.ones((2, 3, 4), "float32")
for label, make in [("mixed_outer", lambda: layers.Bidirectional(layers.SimpleRNN(2), dtype="mixed_float16")),
                    ("f16_inner", lambda: layers.Bidirectional(layers.SimpleRNN(2, dtype="float16"))),
                    ("mixed_state", lambda: layers.Bidirectional(layers.LSTM(2, return_state=True), dtype="mixed_float16")),
                    ("mixed_none", lambda: layers.Bidirectional(layers.GRU(2, return_sequences=True), merge_mode=None, dtype="mixed_float16"))]:
    b = make()
    y = b(x)
    print(label, b.dtype_policy.name, b.forward_layer.dtype_policy.name, [str(t.dtype) for t in (y if isinstance(y, (list, tuple)) else [y])])
"""
