"""kprobe22's snippets on what users get wrong every day: preprocessing layers given the
wrong dtype, layers given the wrong rank, fit given mismatched data, TextVectorization's
options and errors; and callbacks around EMA weights and step-wise checkpoints, keras.ops'
integer arithmetic corners (see cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["preprocessing_wrong_dtypes"] = _TRY + """
sl = layers.StringLookup(vocabulary=["a", "b"])
tryp("string_lookup_int", lambda: sl(np.array([1, 2])))
il = layers.IntegerLookup(vocabulary=[1, 2])
tryp("integer_lookup_str", lambda: il(np.array(["a"])))
tryp("integer_lookup_float", lambda: il(np.array([1.0, 2.5])))
tryp("norm_adapt_str", lambda: layers.Normalization().adapt(np.array([["a"], ["b"]])))
tryp("disc_str", lambda: layers.Discretization(bin_boundaries=[0.0])(np.array(["a"])))
tryp("cat_float", lambda: layers.CategoryEncoding(3)(np.array([[0.0, 1.5]], "float32")))
tryp("hash_bool", lambda: layers.Hashing(3)(np.array([True, False])))
tryp("tv_int", lambda: layers.TextVectorization()(np.array([1, 2])))
tryp("sl_adapt_int", lambda: layers.StringLookup().adapt(np.array([1, 2])))
tryp("il_adapt_str", lambda: layers.IntegerLookup().adapt(np.array(["x"])))
"""

SNIPPETS["text_vectorization_options_errors"] = _TRY + """
corpus = np.array(["The cat sat", "the dog, the cat!", "A bird"])
tv = layers.TextVectorization(max_tokens=6, ngrams=(1, 2), output_mode="multi_hot")
tv.adapt(corpus)
print(tv.get_vocabulary(), tv(np.array(["the cat", "bird"])).numpy().tolist())
tv2 = layers.TextVectorization(standardize="lower", split="whitespace",
                               output_sequence_length=4)
tv2.adapt(corpus)
print(tv2.get_vocabulary()[:6], tv2(np.array(["The cat, the dog"])).numpy().tolist())
tv3 = layers.TextVectorization(ragged=True)
tv3.adapt(corpus)
print(type(tv3(corpus)).__name__, tv3(corpus).to_list())
tv4 = layers.TextVectorization(split=None, standardize=None)
tv4.adapt(np.array(["x y", "x y", "z"]))
print(tv4.get_vocabulary(), tv4(np.array(["x y", "x"])).numpy().tolist())
tryp("ragged_len", lambda: layers.TextVectorization(ragged=True, output_sequence_length=3))
tryp("ragged_mode", lambda: layers.TextVectorization(ragged=True, output_mode="count"))
tryp("ngrams_bad", lambda: layers.TextVectorization(ngrams=0))
tryp("split_bad", lambda: layers.TextVectorization(split="comma"))
tryp("std_bad", lambda: layers.TextVectorization(standardize="upper"))
tryp("seq_len_mode", lambda: layers.TextVectorization(output_mode="count",
     output_sequence_length=3))
tryp("pad_no_max", lambda: layers.TextVectorization(output_mode="count", pad_to_max_tokens=True))
tryp("rank3", lambda: tv2(np.array([[["a"]]])))
"""

SNIPPETS["layers_given_wrong_ranks"] = _TRY + """
tryp("dense_rank1", lambda: tuple(layers.Dense(2)(np.ones(3, "float32")).shape))
tryp("conv2d_rank3", lambda: layers.Conv2D(2, 3)(np.ones((4, 4, 1), "float32")))
tryp("conv1d_rank2", lambda: layers.Conv1D(2, 3)(np.ones((4, 4), "float32")))
tryp("lstm_rank2", lambda: layers.LSTM(2)(np.ones((4, 3), "float32")))
tryp("pool_rank3", lambda: layers.MaxPooling2D()(np.ones((4, 4, 1), "float32")))
tryp("flatten_rank1", lambda: tuple(layers.Flatten()(np.ones(3, "float32")).shape))
tryp("bn_axis", lambda: layers.BatchNormalization(axis=3)(np.ones((2, 3), "float32")))
tryp("ln_axis", lambda: layers.LayerNormalization(axis=-3)(np.ones((2, 3), "float32")))
tryp("emb_float", lambda: tuple(layers.Embedding(5, 2)(np.array([[1.7, 2.2]], "float32")).shape))
d = layers.Dense(2)
d(np.ones((1, 3), "float32"))
tryp("dense_reuse", lambda: d(np.ones((1, 4), "float32")))
tryp("gap_rank2", lambda: layers.GlobalAveragePooling2D()(np.ones((2, 3), "float32")))
tryp("attention_one", lambda: layers.Attention()(np.ones((1, 2, 3), "float32")))
"""

SNIPPETS["fit_given_mismatched_data"] = _TRY + """
m = dense_model()
tryp("len", lambda: m.fit(X, Y[:5], verbose=0))
tryp("no_y", lambda: m.fit(X, verbose=0))
tryp("shape", lambda: m.fit(X, np.ones((8, 2), "float32"), verbose=0) and "ran")
head("x_shape", lambda: m.fit(np.ones((8, 4), "float32"), Y, verbose=0))
tryp("batch0", lambda: m.fit(X, Y, batch_size=0, verbose=0) and "ran")
tryp("epochs_float", lambda: m.fit(X, Y, epochs=1.5, verbose=0))
classless("val_split_ds", lambda: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2),
     validation_split=0.2, verbose=0))
tryp("bs_ds", lambda: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2), batch_size=4,
     verbose=0) and "ran")
c = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
c.compile(loss="sparse_categorical_crossentropy", optimizer="sgd")
head("label_range", lambda: c.fit(X, np.array([0, 1, 2, 5, 0, 1, 2, 0]), verbose=0))
tryp("predict_shape", lambda: c.predict(np.ones((2, 5), "float32"), verbose=0))
tryp("not_compiled", lambda: keras.Sequential([keras.Input((3,)), layers.Dense(1)]).fit(X, Y))
"""

SNIPPETS["ema_swap_and_step_checkpoints"] = _TRY + """
os.chdir(D)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.5), loss="mse")
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0,
          callbacks=[keras.callbacks.SwapEMAWeights(swap_on_epoch=True),
                     keras.callbacks.ModelCheckpoint("s{epoch}-{batch}.weights.h5",
                                                     save_weights_only=True, save_freq=3)])
print(logs4(h), r4(m.layers[0].kernel), sorted(os.listdir(".")))
print([v.path for v in m.optimizer.variables])
ev = m.evaluate(X, Y, verbose=0, callbacks=[keras.callbacks.SwapEMAWeights()])
print(round(float(ev), 4), r4(m.layers[0].kernel))
tryp("no_ema", lambda: dense_model().fit(X, Y, verbose=0,
     callbacks=[keras.callbacks.SwapEMAWeights()]) and "ran")
"""

SNIPPETS["ops_integer_arithmetic_corners"] = _TRY + """
a = np.array([-7, -3, 0, 3, 7], "int32")
show("floordiv", lambda: O.floor_divide(a, 2))
show("floordiv_neg", lambda: O.floor_divide(a, -2))
show("mod", lambda: O.mod(a, 3))
show("mod_neg", lambda: O.mod(a, -3))
show("fmod", lambda: O.fmod(a, 3))
show("divide", lambda: O.divide(a, 2))
show("true_div0", lambda: O.true_divide(a, 0))
show("floordiv0", lambda: O.floor_divide(a, 0))
show("mod_f", lambda: O.mod(np.array([-2.5, 2.5], "float32"), 2.0))
show("round_even", lambda: O.round(np.array([0.5, 1.5, 2.5, -0.5], "float32")))
show("round_dec", lambda: O.round(np.array([1.25, 1.35], "float32"), 1))
show("round_int", lambda: O.round(np.array([15, 25]), -1))
show("power_neg", lambda: O.power(np.array([2, 3], "int32"), -1))
show("clip_int", lambda: O.clip(a, -2.5, 4))
show("sqrt_int", lambda: O.sqrt(np.array([4, 2], "int32")))
show("abs_min", lambda: O.abs(np.array([-128], "int8")))
"""
