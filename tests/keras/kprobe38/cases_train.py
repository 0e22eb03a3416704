"""kprobe38's training snippets: EarlyStopping and ReduceLROnPlateau's printed lines in
less common settings, CSVLogger's file next to validation_split and class_weight,
ProgbarLogger and keras.utils.Progbar used directly, clone_model with clone_function and
call_function, summaries of unusual models, and keras.utils' array helpers and
timeseries_dataset_from_array (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe38.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["early_stopping_lines_rare_settings"] = _TRY + """
m = dense_model(lr=0.0)
es = keras.callbacks.EarlyStopping(monitor="loss", patience=0, verbose=1, min_delta=-1.0)
lines(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[es]))
print(es.stopped_epoch, es.wait, es.best_epoch, round(float(es.best), 4))
m = dense_model(lr=0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", mode="max", patience=1, verbose=1)
lines(lambda: m.fit(X, Y, epochs=4, verbose=0, callbacks=[es]))
print(es.stopped_epoch, es.best_epoch)
m = dense_model(lr=0.05)
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0001, patience=2, verbose=1, restore_best_weights=True)
lines(lambda: m.fit(X, Y, epochs=5, verbose=0, callbacks=[es]))
print(es.stopped_epoch, es.best_epoch, es.best_weights is None)
m = dense_model()
es = keras.callbacks.EarlyStopping(monitor="val_mae", patience=1, verbose=1)
tryq("no_mode", lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[es]))
es = keras.callbacks.EarlyStopping(monitor="val_mae", mode="min", patience=1, verbose=1)
lines(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[es]))
"""

SNIPPETS["reduce_lr_lines_min_lr_reached"] = _TRY + """
m = dense_model(lr=0.01)
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.1, patience=0, min_lr=0.0005, verbose=1, min_delta=10.0)
lines(lambda: m.fit(X, Y, epochs=5, verbose=0, callbacks=[cb]))
print(round(float(m.optimizer.learning_rate), 6), cb.wait, cb.cooldown_counter, round(float(cb.best), 4))
m = dense_model(lr=0.01)
cb = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, cooldown=2, verbose=1, min_delta=0.5)
lines(lambda: m.fit(X, Y, epochs=6, verbose=0, callbacks=[cb]))
print(round(float(m.optimizer.learning_rate), 6))
tryq("factor_one", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
tryq("factor_big", lambda: keras.callbacks.ReduceLROnPlateau(factor=2.0))
m = dense_model(lr=0.0)
cb = keras.callbacks.ReduceLROnPlateau(monitor="accuracy", verbose=1)
tryq("no_mode", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[cb]))
cb = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", verbose=1)
lines(lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[cb]))
"""

SNIPPETS["csv_logger_validation_split_class_weight"] = _TRY + """
Xc = np.linspace(-1, 1, 30, dtype="float32").reshape(10, 3)
yc = (Xc[:, 0] > 0).astype("int32")
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
path = os.path.join(D, "log.csv")
h = m.fit(Xc, yc, epochs=2, batch_size=4, validation_split=0.3, class_weight={0: 1.0, 1: 3.0}, shuffle=False, verbose=0,
          callbacks=[keras.callbacks.CSVLogger(path)])
with open(path) as f:
    for line in f:
        parts = line.strip().split(",")
        print([p if not p[:1].isdigit() and not p[:1] == "-" else str(round(float(p), 4)) for p in parts])
print(logs4(h))
"""

SNIPPETS["progbar_logger_with_steps"] = _TRY + """
m = dense_model()
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(3).repeat()
bars(lambda: m.fit(ds, epochs=2, steps_per_epoch=2, verbose=2))
bars(lambda: m.fit(ds, epochs=1, steps_per_epoch=2, verbose=0, callbacks=[keras.callbacks.ProgbarLogger()]))
bars(lambda: m.evaluate(ds, steps=2, verbose=2))
bars(lambda: m.predict(ds, steps=2, verbose=2))
pl = keras.callbacks.ProgbarLogger()
print(pl.verbose, pl.epochs, pl.target)
"""

SNIPPETS["utils_progbar_direct"] = _TRY + """
def run(**kw):
    def go():
        p = keras.utils.Progbar(**kw)
        p.update(1, values=[("loss", 0.5), ("acc", 0.25)])
        p.add(1, values=[("loss", 0.3)])
        p.update(4, values=[("loss", 0.1), ("lr", 0.01)], finalize=True)
    bars(go)
    print("--")
run(target=4, verbose=2)
run(target=4, verbose=2, stateful_metrics=["lr", "acc"])
run(target=None, verbose=2)
run(target=4, verbose=0)
run(target=4, verbose=1)
run(target=None, verbose=1, stateful_metrics=["lr"])
p = keras.utils.Progbar(target=3)
print(p.target, p.verbose, p.width, p.unit_name)
"""

SNIPPETS["clone_model_function_and_call_function"] = _TRY + """
inp = keras.Input((3,), name="x")
h = layers.Dense(4, activation="relu", name="h")(inp)
out = layers.Dense(1, name="o")(layers.Dropout(0.5, name="drop")(h))
m = keras.Model(inp, out, name="net")
fill(m)
def swap(layer):
    if isinstance(layer, layers.Dropout):
        return layers.Identity(name="no_drop")
    cfg = layer.get_config()
    cfg["name"] = "c_" + cfg["name"]
    return layer.__class__.from_config(cfg)
c = keras.models.clone_model(m, clone_function=swap)
print(c.name, [l.name for l in c.layers], len(c.weights))
print(np.allclose(np.asarray(c.layers[1].kernel), np.asarray(m.layers[1].kernel)))
def call_fn(layer, *args, **kwargs):
    out = layer(*args, **kwargs)
    return layers.Activation("tanh", name=layer.name + "_t")(out) if layer.name == "h" else out
c2 = keras.models.clone_model(m, call_function=call_fn)
print([l.name for l in c2.layers])
s = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a")], name="seq")
c3 = keras.models.clone_model(s, clone_function=lambda l: layers.Dense(5, name="b"))
print([l.name for l in c3.layers], c3.output_shape)
Sub = type("S", (keras.Model,), {"call": lambda self, x: x})
try:
    keras.models.clone_model(Sub(), clone_function=swap)
except Exception as e:
    print("clone_subclass_fn", type(e).__name__, re.sub(r" at 0x[0-9a-f]+", "", str(e)))
"""

SNIPPETS["clone_model_recursive_nested"] = _TRY + """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="in_d")], name="inner")
inp = keras.Input((3,))
outer = keras.Model(inp, layers.Dense(1, name="out_d")(inner(inp)), name="outer")
seen = []
def record(layer):
    seen.append(layer.name)
    return layer.__class__.from_config(layer.get_config())
keras.models.clone_model(outer, clone_function=record)
print(sorted(seen))
seen.clear()
keras.models.clone_model(outer, clone_function=record, recursive=True)
print(sorted(seen))
tryq("recursive_with_input_tensors", lambda: keras.models.clone_model(outer, input_tensors=keras.Input((3,)), recursive=True))
"""

SNIPPETS["summary_unusual_models"] = _TRY + """
keras.Sequential(name="empty").summary()
inp = keras.Input((3,), name="only")
keras.Model(inp, inp, name="identity").summary()
a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
keras.Model({"a": a, "b": b}, {"sum": layers.Add(name="add")([a, b]), "a_out": a}, name="dicts").summary()
x = keras.Input((4,), name="x")
keras.Model(x, [O.sum(x, axis=-1), O.square(x)], name="ops_only").summary()
keras.Sequential([keras.Input((None, 5)), layers.LSTM(2, return_sequences=True), layers.TimeDistributed(layers.Dense(1))], name="seqs").summary(line_length=60)
"""

SNIPPETS["fit_validation_split_with_class_weight_logs"] = _TRY + """
Xc = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
yc = np.eye(3, dtype="float32")[np.arange(12) % 3]
m = keras.Sequential([keras.Input((3,)), layers.Dense(3, activation="softmax")])
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.2), loss="categorical_crossentropy", metrics=["accuracy"], weighted_metrics=["accuracy"])
h = m.fit(Xc, yc, epochs=2, batch_size=5, validation_split=0.25, class_weight={0: 0.5, 1: 2.0, 2: 1.0}, shuffle=False, verbose=0)
print(logs4(h))
print(h.params)
tryq("cw_missing_class", lambda: m.fit(Xc, yc, epochs=1, class_weight={0: 1.0}, verbose=0))
tryq("vsplit_one", lambda: m.fit(Xc, yc, epochs=1, validation_split=1.0, verbose=0))
tryq("vsplit_neg", lambda: m.fit(Xc, yc, epochs=1, validation_split=-0.1, verbose=0))
"""

SNIPPETS["utils_array_helpers_edges"] = _TRY + """
U = keras.utils
show("cat_num", lambda: U.to_categorical([0, 2, 1], num_classes=4))
show("cat_2d", lambda: U.to_categorical([[0], [2]]))
show("cat_float", lambda: U.to_categorical([0.0, 1.9]))
show("cat_neg", lambda: U.to_categorical([-1, 1], num_classes=3))
show("cat_small", lambda: U.to_categorical([0, 3], num_classes=2))
show("cat_tensor", lambda: U.to_categorical(O.convert_to_tensor([1, 0])))
show("norm_l1", lambda: U.normalize(np.array([[3.0, -4.0]]), order=1))
show("norm_axis0", lambda: U.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]), axis=0))
show("norm_zero_row", lambda: U.normalize(np.zeros((2, 2))))
show("norm_tensor", lambda: U.normalize(O.convert_to_tensor([[1.0, 1.0]])))
show("pad_post_trunc", lambda: U.pad_sequences([[1, 2, 3, 4], [5]], maxlen=3, padding="post", truncating="post", value=-1))
show("pad_float", lambda: U.pad_sequences([[0.5, 1.5], [2.5]], dtype="float32"))
show("pad_empty_list", lambda: U.pad_sequences([]))
show("pad_empty_seq", lambda: U.pad_sequences([[], [1]]))
show("pad_bad_padding", lambda: U.pad_sequences([[1]], padding="middle"))
show("pad_bad_trunc", lambda: U.pad_sequences([[1, 2]], maxlen=1, truncating="middle"))
show("pad_ragged_inner", lambda: U.pad_sequences([[[1, 2]], [[1]]]))
"""

SNIPPETS["timeseries_dataset_printouts"] = _TRY + """
data = np.arange(20, dtype="float32").reshape(10, 2)
ds = keras.utils.timeseries_dataset_from_array(data, np.arange(10), sequence_length=4, sequence_stride=2, sampling_rate=1, batch_size=2)
print(ds.element_spec)
print(int(ds.cardinality()))
for x, y in ds.take(2):
    print(x.shape, np.asarray(y).tolist(), np.asarray(x)[0, :, 0].tolist())
ds2 = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=3, sampling_rate=2, start_index=1, end_index=8, batch_size=None)
print(ds2.element_spec, int(ds2.cardinality()))
print([np.asarray(x)[:, 0].tolist() for x in ds2])
tryq("seq_too_long", lambda: list(keras.utils.timeseries_dataset_from_array(data, None, sequence_length=20)))
tryq("bad_rate", lambda: keras.utils.timeseries_dataset_from_array(data, None, sequence_length=2, sampling_rate=0))
tryq("bad_stride", lambda: keras.utils.timeseries_dataset_from_array(data, None, sequence_length=2, sequence_stride=0))
tryq("bad_start", lambda: keras.utils.timeseries_dataset_from_array(data, None, sequence_length=2, start_index=12))
tryq("bad_end", lambda: keras.utils.timeseries_dataset_from_array(data, None, sequence_length=2, end_index=-1))
tryq("targets_len", lambda: keras.utils.timeseries_dataset_from_array(data, np.arange(5), sequence_length=2))
"""

SNIPPETS["utils_config_and_source_inputs"] = _TRY + """
c = keras.utils.Config(a=1, b={"c": 2})
print(c.a, c["b"], c.to_json() if hasattr(c, "to_json") else None, repr(c)[:40])
c.d = 4
print(sorted(c.keys()), len(c), "d" in c)
c.freeze()
tryq("frozen_set", lambda: setattr(c, "e", 1))
tryq("frozen_item", lambda: c.__setitem__("a", 5))
tryq("missing_attr", lambda: c.nope)
inp = keras.Input((2,), name="src")
t = layers.Dense(2)(layers.Dense(3)(inp))
print([x.name for x in keras.utils.get_source_inputs(t)])
print(keras.utils.is_keras_tensor(t), keras.utils.is_keras_tensor(F))
"""

SNIPPETS["class_weight_on_regression_and_odd_forms"] = _TRY + """
m2 = dense_model()
tryq("cw_regression", lambda: logs4(m2.fit(X, Y, class_weight={0: 2.0}, epochs=1, verbose=0)))
tryq("cw_float_keys", lambda: logs4(m2.fit(X, Y, class_weight={0.0: 2.0}, epochs=1, verbose=0)))
tryq("cw_with_sw", lambda: logs4(m2.fit(X, Y, class_weight={0: 2.0}, sample_weight=np.ones(8, "float32"), epochs=1, verbose=0)))
tryq("cw_list", lambda: m2.fit(X, Y, class_weight=[1.0, 2.0], epochs=1, verbose=0))
"""
