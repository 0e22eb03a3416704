"""kprobe40's snippets over the errors users meet every day: wrong input shapes to a
built model, fit before compile, bad loss/metric/optimizer names, y of the wrong shape."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["built_model_wrong_inputs"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
x = np.ones((3, 4), "float32")
tryq("pred_bad_last", lambda: m.predict(np.ones((3, 5), "float32"), verbose=0))
tryq("pred_bad_rank", lambda: m.predict(np.ones((3, 4, 1), "float32"), verbose=0))
tryq("call_bad_last", lambda: m(np.ones((3, 5), "float32")))
tryq("call_1d", lambda: m(np.ones((4,), "float32")))
tryq("pred_1d", lambda: m.predict(np.ones((4,), "float32"), verbose=0).shape)
tryq("pred_list", lambda: m.predict([x, x], verbose=0))
tryq("pred_none", lambda: m.predict(None, verbose=0))
tryq("pred_str", lambda: m.predict(np.array([["a"] * 4]), verbose=0))
c = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(2, 3)])
tryq("conv_channels", lambda: c(np.ones((1, 8, 8, 1), "float32")))
tryq("conv_rank", lambda: c(np.ones((8, 8, 3), "float32")))
i = keras.Input((3,)); j = keras.Input((2,))
f = keras.Model([i, j], keras.layers.Concatenate()([i, j]))
tryq("fun_one_input", lambda: f(np.ones((1, 3), "float32")))
tryq("fun_three_inputs", lambda: f([np.ones((1, 3))] * 3))
tryq("fun_swapped", lambda: f([np.ones((1, 2), "float32"), np.ones((1, 3), "float32")]))
tryq("fun_dict", lambda: f({"a": np.ones((1, 3))}))
"""

SNIPPETS["fit_before_compile_and_bad_names"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
x = np.ones((3, 4), "float32"); y = np.ones((3, 2), "float32")
tryq("fit", lambda: m.fit(x, y, verbose=0))
tryq("evaluate", lambda: m.evaluate(x, y, verbose=0))
tryq("train_on_batch", lambda: m.train_on_batch(x, y))
tryq("test_on_batch", lambda: m.test_on_batch(x, y))
tryq("pred_ok", lambda: m.predict(x, verbose=0).shape)
for kw in [dict(loss="msee"), dict(loss="mse", metrics=["acc2"]), dict(optimizer="adamm",
           loss="mse"), dict(loss=3), dict(loss="mse", metrics="mae"),
           dict(loss="mse", metrics={"x": "mae"}), dict(optimizer=None, loss="mse"),
           dict(loss="mse", loss_weights=[1.0, 2.0]), dict(loss=["mse", "mae"])]:
    def go():
        m.compile(**kw)
        return m.fit(x, y, verbose=0, epochs=1).history.keys()
    tryq(str(sorted(kw)), go)
"""

SNIPPETS["fit_mismatched_y"] = _TRY + """
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
x = np.ones((6, 4), "float32")
for loss, y in [("mse", np.ones((6, 2), "float32")), ("mse", np.ones((5, 3), "float32")),
                ("categorical_crossentropy", np.array([0, 1, 2, 0, 1, 2])),
                ("sparse_categorical_crossentropy", np.ones((6, 3), "float32")),
                ("sparse_categorical_crossentropy", np.array([0, 1, 2, 0, 1, 5])),
                ("binary_crossentropy", np.ones((6, 1), "float32")),
                ("mse", np.ones((6,), "float32")), ("mse", np.ones((6, 3, 1), "float32")),
                ("categorical_crossentropy", np.ones((6, 4), "float32"))]:
    m.compile(loss=loss, optimizer="sgd")
    try1(loss + str(y.shape), lambda: r4(m.fit(x, y, verbose=0, batch_size=6).history["loss"]))
m.compile(loss="mse", optimizer="sgd")
tryq("x_y_len", lambda: m.fit(x, np.ones((4, 3)), verbose=0))
tryq("sw_len", lambda: m.fit(x, np.ones((6, 3)), sample_weight=np.ones(4), verbose=0))
tryq("val_bad", lambda: m.fit(x, np.ones((6, 3)), validation_data=(x,), verbose=0))
tryq("val_4", lambda: m.fit(x, np.ones((6, 3)), validation_data=(x, x, x, x), verbose=0))
tryq("y_list", lambda: m.fit(x, [np.ones((6, 3))], verbose=0).history.keys())
tryq("x_dict", lambda: m.fit({"zz": x}, np.ones((6, 3)), verbose=0).history.keys())
"""

SNIPPETS["layer_call_errors_everyday"] = _TRY + """
L = keras.layers
tryq("dense_int", lambda: L.Dense(2)(np.ones((1, 3), "int32")).dtype)
tryq("dense_rank1", lambda: L.Dense(2)(np.ones((3,), "float32")).shape)
tryq("lstm_2d", lambda: L.LSTM(2)(np.ones((2, 3), "float32")))
tryq("conv2d_3d", lambda: L.Conv2D(2, 3)(np.ones((5, 5, 3), "float32")))
tryq("emb_float", lambda: L.Embedding(5, 2)(np.array([[1.5, 2.0]])).shape)
tryq("emb_oob", lambda: np.asarray(L.Embedding(5, 2)(np.array([[7]]))).shape)
tryq("concat_mismatch", lambda: L.Concatenate()([np.ones((2, 3)), np.ones((3, 3))]))
tryq("add_mismatch", lambda: L.Add()([np.ones((2, 3)), np.ones((2, 4))]))
tryq("add_one", lambda: L.Add()([np.ones((2, 3))]))
tryq("reshape_bad", lambda: L.Reshape((4,))(np.ones((2, 3))))
tryq("flatten_1d", lambda: L.Flatten()(np.ones((3,))).shape)
tryq("dropout_rate", lambda: L.Dropout(1.5))
tryq("dense_units0", lambda: L.Dense(0))
tryq("dense_units_neg", lambda: L.Dense(-1))
tryq("dense_units_float", lambda: L.Dense(2.5))
tryq("conv_kernel0", lambda: L.Conv2D(2, 0))
try:  # (the allowed values are a set, printed in an order of string hashes)
    L.Conv2D(2, 3, padding="full")
except ValueError as e:
    head, rest = str(e).split("{", 1)
    print("conv_pad", head, sorted(eval("{" + rest.split("}")[0] + "}")), rest.split("}")[1])
tryq("act_bad", lambda: L.Dense(2, activation="relux"))
tryq("init_bad", lambda: L.Dense(2, kernel_initializer="glorot"))
tryq("bn_axis", lambda: L.BatchNormalization(axis=3)(np.ones((2, 3))))
tryq("pool_small", lambda: L.MaxPooling2D(4)(np.ones((1, 2, 2, 1), "float32")).shape)
"""

SNIPPETS["everyday_mistakes_more"] = _TRY + """
L = keras.layers
tryq("input_int_shape", lambda: keras.Input(shape=3).shape)
tryq("input_none_shape", lambda: keras.Input(shape=None))
tryq("input_list_shape", lambda: keras.Input([2, 3]).shape)
tryq("dense_str_units", lambda: L.Dense("3"))
tryq("seq_not_layer", lambda: keras.Sequential([L.Dense(2), "relu"]))
tryq("seq_summary_unbuilt", lambda: keras.Sequential([L.Dense(2)]).summary())
tryq("seq_count_unbuilt", lambda: keras.Sequential([L.Dense(2)]).count_params())
tryq("model_no_outputs", lambda: keras.Model(keras.Input((2,)), None))
tryq("model_no_inputs", lambda: keras.Model(None, L.Dense(1)(keras.Input((2,)))))
tryq("model_kw_none", lambda: keras.Model(inputs=None, outputs=None))
tryq("model_only_inputs", lambda: keras.Model(inputs=keras.Input((2,), name="oi")))
tryq("model_np_outputs", lambda: keras.Model(keras.Input((2,)), np.ones(2)))
tryq("model_unconnected", lambda: keras.Model(keras.Input((2,)), L.Dense(1)(keras.Input((3,)))))
m = keras.Sequential([keras.Input((2,)), L.Dense(1)])
m.compile("sgd", "mse")
x = np.ones((4, 2), "float32"); y = np.ones((4, 1), "float32")
tryq("epochs0", lambda: m.fit(x, y, epochs=0, verbose=0).history)
tryq("eval_no_y", lambda: m.evaluate(x, verbose=0))
tryq("pred_big_batch", lambda: m.predict(x, batch_size=100, verbose=0).shape)
tryq("fit_batch0", lambda: m.fit(x, y, batch_size=0, verbose=0))
tryq("fit_str_x", lambda: m.fit("data", y, verbose=0))
tryq("fit_list_x", lambda: m.fit([x], y, verbose=0).history.keys())
tryq("fit_list_xx", lambda: m.fit([x, x], y, verbose=0))
tryq("fit_pylist", lambda: m.fit([[1.0, 2.0]] * 4, [[1.0]] * 4, verbose=0).history.keys())
tryq("fit_int_y", lambda: m.fit(x, np.ones((4, 1), "int64"), verbose=0).history.keys())
tryq("fit_bool_x", lambda: m.fit(x > 0, y, verbose=0).history.keys())
tryq("fit_val_split_big", lambda: m.fit(x, y, validation_split=1.0, verbose=0))
tryq("get_layer_idx", lambda: m.get_layer(index=5))
tryq("layers_idx", lambda: m.layers[5])
tryq("set_weights_bad", lambda: m.set_weights([np.ones((3, 1))]))
tryq("set_weights_few", lambda: m.set_weights([]))
tryq("load_missing", lambda: keras.models.load_model("nope.keras"))
tryq("load_bad_ext", lambda: keras.models.load_model("nope.txt"))
tryq("save_bad_ext", lambda: m.save("model.txt"))
tryq("save_weights_bad_ext", lambda: m.save_weights("w.h5"))
tryq("load_weights_missing", lambda: m.load_weights("nope.weights.h5"))
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
class Batches:
    def __iter__(self):
        yield (x, y)
# (Keras 3 takes arrays, datasets, PyDatasets and generators; any other iterable it
# refuses: its message's repr of the object is cut to the class, the type dropped)
def refused(label, fn):
    try:
        print(label, fn())
    except ValueError as e:
        print(label, re.sub(r"<([\\w.]+\\.)?(\\w+) object at 0x[0-9a-f]+>", r"<\\2>",
                            str(e)).split(" (of type")[0])
for label, data in [("iter_ds", iter(ds)), ("list_iter", iter([(x, y)])),
                    ("iterable", Batches()), ("str", "data"), ("set", {1, 2}),
                    ("range", range(3)), ("dict_str", {"a": "b"})]:
    refused(label, lambda: m.fit(data, epochs=1, verbose=0))
refused("str_xy", lambda: m.fit("data", y, epochs=1, verbose=0))
refused("pred_str", lambda: m.predict("data", verbose=0))
refused("eval_iter", lambda: m.evaluate(iter([(x, y)]), verbose=0))
print(len(m.fit((b for b in [(x, y)]), epochs=1, verbose=0).history["loss"]))
"""
