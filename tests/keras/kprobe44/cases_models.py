"""kprobe44's snippets on models built or used wrongly: Functional models of bad inputs
and outputs, Sequential's refusals, layer calls given odd arguments, and predict,
evaluate and fit given bad batch sizes, steps and data (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["functional_construction_errors"] = _TRY + """
i = keras.Input((3,), name="i")
j = keras.Input((3,), name="j")
d = layers.Dense(2)(i)
err("inputs_not_kt", lambda: keras.Model(np.ones((1, 3)), d))
err("outputs_not_kt", lambda: keras.Model(i, np.ones((1, 3))))
err("disconnected", lambda: keras.Model(j, d))
x1, x2 = keras.Input((2,), name="x"), keras.Input((2,), name="x")
err("dup_input_names", lambda: keras.Model([x1, x2], layers.Add()([x1, x2])))
err("dup_layer_input_name", lambda: keras.Model(i, layers.Dense(1, name="i")(i)))
err("input_twice", lambda: keras.Model([i, i], d).inputs)
err("outputs_none", lambda: keras.Model(i, None))
err("empty_outputs", lambda: keras.Model(i, []))
err("empty_outputs_tuple", lambda: keras.Model(i, ()))
err("empty_outputs_dict", lambda: keras.Model(i, {}))
err("empty_inputs", lambda: keras.Model([], d))
err("empty_both", lambda: keras.Model([], []))
err("outputs_dict_of_list", lambda: print(" ", list(keras.Model(i, {"a": [d]}).output_names)))
err("inputs_dict", lambda: [t.name for t in keras.Model({"p": i}, d).inputs])
err("inputs_nested", lambda: keras.Model([[i, j]], layers.Add()([i, j])).input_shape)
err("intermediate_input", lambda: keras.Model(d, layers.Dense(1)(d)).inputs[0].name)
err("unknown_kwarg", lambda: keras.Model(i, d, bogus=1))
err("positional_name", lambda: keras.Model(i, d, "named").name)
err("output_is_input", lambda: keras.Model(i, i).layers)
err("dup_layer_names", lambda: keras.Model(i, layers.Dense(1, name="z")(layers.Dense(2, name="z")(i))))
m = keras.Model(i, d)
err("call_wrong_rank", lambda: m(np.ones((3,))))
err("call_two_inputs", lambda: m([np.ones((1, 3)), np.ones((1, 3))]))
err("call_dict", lambda: m({"i": np.ones((1, 3))}).shape)
err("call_dict_wrong_key", lambda: m({"q": np.ones((1, 3))}).shape)
err("call_none", lambda: m(None))
err("call_str", lambda: m("abc"))
err("call_training_str", lambda: m(np.ones((1, 3)), training="yes").shape)
err("call_mask", lambda: m(np.ones((1, 3)), mask=np.ones((1, 3), bool)).shape)
err("call_unknown_kw", lambda: m(np.ones((1, 3)), bogus=1))
"""

SNIPPETS["sequential_refusals"] = _TRY + """
S = keras.Sequential
err("add_non_layer", lambda: S().add(3))
err("add_input_after", lambda: S([layers.Dense(2), keras.Input((3,))]).layers)
err("add_kt", lambda: S().add(keras.Input((3,))))
err("two_inputs", lambda: S([keras.Input((3,)), keras.Input((4,)), layers.Dense(2)]))
err("add_model", lambda: [l.name for l in S([keras.Input((3,)), S([layers.Dense(2, name="in")], name="sub")]).layers])
err("multi_output_layer", lambda: S([keras.Input((3, 2)), layers.LSTM(2, return_state=True)]).output_shape)
err("pop_empty", lambda: S().pop())
err("layers_not_list", lambda: S(layers.Dense(2)).layers)
err("layers_tuple", lambda: [l.name for l in S((layers.Dense(2, name="t1"), layers.Dense(1, name="t2"))).layers])
err("dup_names", lambda: S([keras.Input((2,)), layers.Dense(2, name="a"), layers.Dense(2, name="a")]))
err("inputs_unbuilt", lambda: S([layers.Dense(2)]).inputs)
err("input_shape_unbuilt", lambda: S([layers.Dense(2)]).input_shape)
err("output_unbuilt", lambda: S([layers.Dense(2)]).output)
err("summary_unbuilt", lambda: S([layers.Dense(2)]).summary())
err("call_rank1", lambda: S([layers.Dense(2)])(np.ones(3)))
err("build_none", lambda: S([layers.Dense(2)]).build())
s = S([layers.Dense(2)])
err("build_int", lambda: s.build(3))
print("built_after_int", s.built, [l.built for l in s.layers], s.get_build_config())
err("build_tuple1", lambda: S([layers.Dense(2)]).build((3,)))
s = S([layers.Dense(2)])
err("build_dict", lambda: s.build({"a": (None, 3)}))
print("built_after_dict", s.built, s.get_build_config())
err("layers_empty_tuple", lambda: S(()).layers)
err("layers_generator", lambda: [l.name for l in S(layers.Dense(i + 1, name=f"g{i}") for i in range(2)).layers])
err("input_shape_kwarg", lambda: S([layers.Dense(2, input_shape=(3,))]).input_shape)
err("input_dim_kwarg", lambda: S([layers.Dense(2, input_dim=3)]).input_shape)
err("batch_input_shape_kwarg", lambda: S([layers.Dense(2, batch_input_shape=(4, 3))]).input_shape)
"""

SNIPPETS["predict_evaluate_fit_bad_args"] = _TRY + """
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile("sgd", "mse")
x = np.ones((5, 3), "float32"); y = np.ones((5, 1), "float32")
err("predict_bs0", lambda: m.predict(x, batch_size=0, verbose=0))
err("predict_bs_neg", lambda: m.predict(x, batch_size=-1, verbose=0))
err("predict_bs_float", lambda: m.predict(x, batch_size=2.5, verbose=0))
err("predict_steps0", lambda: print(" ", m.predict(x, steps=0, verbose=0)))
err("predict_list_mismatch", lambda: m.predict([x, x], verbose=0))
err("predict_empty", lambda: print(" ", m.predict(np.ones((0, 3), "float32"), verbose=0)))
err("predict_int", lambda: print(" ", m.predict(np.ones((2, 3), "int32"), verbose=0).dtype))
err("predict_str", lambda: m.predict(np.array([["a", "b", "c"]]), verbose=0))
err("evaluate_no_y", lambda: print(" ", m.evaluate(x, verbose=0)))
err("evaluate_len_mismatch", lambda: m.evaluate(x, y[:3], verbose=0))
err("evaluate_bs0", lambda: m.evaluate(x, y, batch_size=0, verbose=0))
err("fit_epochs0", lambda: print(" ", m.fit(x, y, epochs=0, verbose=0).history))
err("fit_epochs_float", lambda: m.fit(x, y, epochs=1.5, verbose=0))
err("fit_val_split_big", lambda: m.fit(x, y, validation_split=1.0, verbose=0))
err("fit_val_split_neg", lambda: m.fit(x, y, validation_split=-0.1, verbose=0))
err("fit_val_data_one", lambda: m.fit(x, y, validation_data=(x,), verbose=0))
err("fit_val_data_four", lambda: m.fit(x, y, validation_data=(x, y, y, y), verbose=0))
err("fit_sw_len", lambda: m.fit(x, y, sample_weight=np.ones(3), verbose=0))
err("fit_class_weight_2d", lambda: m.fit(x, np.ones((5, 2)), class_weight={0: 1.0}, verbose=0))
err("fit_initial_epoch", lambda: print(" ", m.fit(x, y, epochs=1, initial_epoch=3, verbose=0).history))
err("fit_steps_arrays", lambda: print(" ", list(m.fit(x, y, steps_per_epoch=2, verbose=0).history)))
err("fit_verbose_str", lambda: print(" ", list(m.fit(x, y, verbose="x").history)))
err("fit_callbacks_not_list", lambda: m.fit(x, y, callbacks=keras.callbacks.History(), verbose=0))
err("fit_shuffle_str", lambda: print(" ", list(m.fit(x, y, shuffle="batch", verbose=0).history)))
err("test_on_batch_no_y", lambda: print(" ", m.test_on_batch(x)))
"""

SNIPPETS["train_on_batch_mismatched_lengths"] = _TRY + """
keras.utils.set_random_seed(1)
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile("sgd", "mse")
x = np.ones((5, 3), "float32"); y = np.ones((5, 1), "float32")
err("train_on_batch_sw", lambda: m.train_on_batch(x, y, sample_weight=np.ones(2)))
err("train_on_batch_y", lambda: m.train_on_batch(x, y[:2]))
err("test_on_batch_sw", lambda: m.test_on_batch(x, y, sample_weight=np.ones(2)))
"""

SNIPPETS["layer_api_misuse"] = _TRY + """
L = layers.Layer
err("name_int", lambda: L(name=3))
err("name_slash", lambda: L(name="a/b").name)
err("name_empty", lambda: L(name="").name)
err("dtype_bogus", lambda: L(dtype="bogus"))
err("dtype_int", lambda: L(dtype=3))
err("unknown_kwarg", lambda: L(bogus=1))
err("input_shape_int", lambda: L(input_shape=3))
err("trainable_str", lambda: print(" ", L(trainable="no").trainable))
err("autocast_str", lambda: print(" ", L(autocast="no").autocast))
l = L(name="plain")
err("add_weight_init", lambda: l.add_weight(shape=(2,), initializer="bogus"))
err("add_weight_reg", lambda: l.add_weight(shape=(2,), regularizer="bogus"))
err("add_weight_dtype", lambda: l.add_weight(shape=(2,), dtype="bogus"))
err("add_weight_agg", lambda: l.add_weight(shape=(2,), aggregation="bogus"))
err("add_weight_name_slash", lambda: l.add_weight(shape=(2,), name="a/b"))
err("add_weight_int_dtype", lambda: print(" ", l.add_weight(shape=(2,), dtype="int32").dtype, l.add_weight(shape=(2,), dtype="int32", initializer="glorot_uniform").dtype))
d = layers.Dense(2)
err("weights_unbuilt", lambda: print(" ", d.weights, d.get_weights()))
err("kernel_unbuilt", lambda: d.kernel)
err("count_params_unbuilt", lambda: d.count_params())
err("input_unbuilt", lambda: d.input)
err("output_unbuilt", lambda: d.output)
err("input_shape_attr", lambda: d.input_shape)
err("set_weights_unbuilt", lambda: d.set_weights([np.ones((3, 2)), np.ones(2)]))
d.build((None, 3))
err("set_weights_count", lambda: d.set_weights([np.ones((3, 2))]))
err("set_weights_shape", lambda: d.set_weights([np.ones((2, 2)), np.ones(2)]))
err("set_weights_dtype", lambda: print(" ", d.set_weights([np.ones((3, 2), "int32"), np.ones(2, "int32")]), d.kernel.dtype))
err("trainable_setter", lambda: print(" ", setattr(d, "trainable", 0), d.trainable, len(d.trainable_weights)))
a, b = keras.Input((3,)), keras.Input((3,))
d2 = layers.Dense(1); d2(a); d2(b)
err("output_two_nodes", lambda: d2.output)
err("get_output_at", lambda: d2.get_output_at(1))
err("input_two_nodes", lambda: d2.input)
err("call_unbuilt_dtype", lambda: print(" ", layers.Dense(1, dtype="float64")(np.ones((1, 2), "float32")).dtype))
err("compute_output_shape_base", lambda: L().compute_output_shape((None, 2)))
err("call_base", lambda: L()(np.ones((1, 2))))
"""

# (left44c) tf.keras's add_weight keywords Keras 3 refuses, and add_variable's
SNIPPETS["add_weight_tf_keras_keywords"] = _TRY + """
l = layers.Layer()
for kw in ("synchronization", "use_resource", "getter", "partitioner", "caching_device", "experimental_autocast", "bogus"):
    err(kw, lambda: l.add_weight(shape=(2,), **{kw: None}))
err("two_bad", lambda: l.add_weight(shape=(2,), bogus=1, synchronization="auto"))
err("bad_and_positional", lambda: l.add_weight((2,), "zeros", "float32", True, use_resource=True))
err("var_sync", lambda: l.add_variable((2,), "zeros", synchronization="auto"))
err("var_agg", lambda: l.add_variable((2,), "zeros", aggregation="sum"))
err("var_ok", lambda: print(" ", l.add_variable((2,), "ones", trainable=False, name="v").numpy()))
class NoSuper(layers.Layer):
    def __init__(self):
        pass
err("no_super", lambda: NoSuper().add_weight(shape=(1,), use_resource=True))
print("weights", [w.name for w in l.weights])
"""

# (left44c) a Functional's output_names: a TrackedList attribute, set and appended to
SNIPPETS["functional_output_names_attribute"] = _TRY + """
i = keras.Input((3,), name="a")
o = layers.Dense(2, name="d")(i)
m = keras.Model(i, o)
on = m.output_names
print(type(on).__name__, repr(on), on == ["d"], isinstance(on, list), m.output_names is on)
on.append("x")
print(m.output_names, hasattr(m, "input_names"))
print([type(x).__name__ for x in (m.output_names[:], m.output_names + [], list(m.output_names))])
m.output_names += ["y"]
print(type(m.output_names).__name__, m.output_names)
m.output_names = ("t",)
print(type(m.output_names).__name__, m.output_names)
m.output_names = ["k"]
m.compile(loss={"k": "mse"}, optimizer="sgd")
print(sorted(m.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0).history))
err("dict_loss_old_name", lambda: keras.Model(i, o).compile(loss={"k": "mse"}) or "compiled")
m2 = keras.Model(i, {"q": layers.Dense(1, name="e")(i), "p": o})
print(type(m2.output_names).__name__, m2.output_names)
print(type(keras.Model.from_config(m.get_config()).output_names).__name__)
class Sub(keras.Model):
    def call(self, x):
        return x
print(hasattr(Sub(), "output_names"), hasattr(keras.Sequential([layers.Dense(1)]), "output_names"))
"""

# (left44d) a Sequential has no output_names until one is set (a plain attribute then,
# which compile pairs a dict of losses and metrics with)
SNIPPETS["sequential_output_names_set"] = _TRY + """
s = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d")])
err("unset", lambda: s.output_names)
s.output_names = ["out"]
print(type(s.output_names).__name__, s.output_names, hasattr(s, "output_names"))
s.compile(loss={"out": "mse"}, optimizer="sgd", metrics={"out": ["mae"]})
print(sorted(s.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0).history))
print(sorted(s.evaluate(np.ones((4, 3)), np.ones((4, 2)), verbose=0, return_dict=True)))
s2 = keras.Sequential([layers.Dense(2, name="d")])
s2.output_names = ("a",)
print(type(s2.output_names).__name__, s2.output_names)
s2.output_names = 5
print(s2.output_names)
s3 = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="d")])
s3.output_names = ["x"]
s3.compile(loss={"d": "mse"}, optimizer="sgd")
err("dict_loss_layer_name", lambda: s3.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0))
"""

# (left44c) Inputs no output needs are the model's (layers, summary, config), so their
# names count in Keras 3's duplicate-name check, which comes before the connectivity one
SNIPPETS["functional_unused_inputs_and_duplicate_names"] = _TRY + """
i, j = keras.Input((3,), name="i"), keras.Input((3,), name="j")
x1, x2 = keras.Input((2,), name="x"), keras.Input((2,), name="x")
k = keras.Input((3,), name="i")
err("unused_same_name", lambda: keras.Model([x1, x2], layers.Dense(1)(x1)))
err("disconnected_same_name", lambda: keras.Model(k, layers.Dense(1)(i)))
err("two_inputs_one_name", lambda: keras.Model([i, k], layers.Dense(1)(i)))
err("disconnected_layer_as_input", lambda: keras.Model(j, layers.Dense(1, name="j")(i)))
err("disconnected_dup_layers", lambda: keras.Model(j, layers.Dense(1, name="z")(layers.Dense(2, name="z")(i))))
err("two_dups", lambda: keras.Model(i, [layers.Dense(1, name="w")(layers.Dense(1, name="v")(layers.Dense(1, name="w")(layers.Dense(1, name="v")(i))))]))
err("disconnected", lambda: keras.Model(j, layers.Dense(1)(i)))
a, b, c = (keras.Input((3,), name=n) for n in "abc")
m = keras.Model([a, b, c], layers.Dense(1, name="d")(layers.Add(name="add")([a, c])))
print([l.name for l in m.layers], len(m.weights))
m = keras.Model([b, a], layers.Dense(1, name="d")(a))
print([l.name for l in m.layers], m.get_config()["input_layers"], [l["name"] for l in m.get_config()["layers"]])
m.summary()
print(m.predict([np.ones((1, 3)), np.ones((1, 3))], verbose=0).shape)
r = keras.Model.from_config(m.get_config())
print([l.name for l in r.layers], [t.name for t in r.inputs])
"""
