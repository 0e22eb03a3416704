"""kprobe40's snippets over what training prints: fit's verbose lines with several metrics
and validation, Progbar's options, callbacks' messages and files."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["fit_verbose_lines_metrics_validation"] = _TRY + """
x = np.linspace(-1, 1, 40, dtype="float32").reshape(20, 2)
y = (x[:, :1] > 0).astype("float32")
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, activation="sigmoid")])
m.compile("sgd", "binary_crossentropy", metrics=["accuracy", keras.metrics.AUC(name="auc"),
          "mse", keras.metrics.Precision()])
bars(lambda: m.fit(x, y, epochs=2, batch_size=8, validation_split=0.25, verbose=1))
bars(lambda: m.fit(x, y, epochs=2, batch_size=8, validation_data=(x, y), verbose=2))
bars(lambda: m.evaluate(x, y, batch_size=8, verbose=1))
bars(lambda: m.evaluate(x, y, batch_size=8, verbose=2))
# (predict's verbose=1 bar is left out: whether TF prints its last step before the final
# line depends on how long its retrace of the short last batch takes)
bars(lambda: m.predict(x, batch_size=8, verbose=2))
bars(lambda: m.fit(x, y, epochs=1, batch_size=8, verbose="auto"))
tryq("bad_verbose", lambda: m.fit(x, y, epochs=1, verbose=3).history.keys())
tryq("bad_verbose_str", lambda: m.fit(x, y, epochs=1, verbose="yes"))
"""

SNIPPETS["progbar_options"] = _TRY + """
U = keras.utils
def pb(label, **kw):
    print("--", label)
    def go():
        p = U.Progbar(**kw)
        for i in range(1, 4):
            p.update(i, values=[("loss", 1.0 / i), ("acc", 0.5), ("lr", 0.1 * i)])
        p.update(4, values=[("loss", 0.1)], finalize=True)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        bars(go)
    print(re.sub(r"[0-9]+m?s/sample|[0-9]+us/sample", "T/sample", buf.getvalue()), end="")
pb("t4", target=4)
pb("t4_w10", target=4, width=10)
pb("t4_v2", target=4, verbose=2)
pb("none", target=None)
pb("stateful", target=4, stateful_metrics=["lr"])
pb("unit", target=4, unit_name="sample")
pb("interval", target=4, interval=0.0)
def addp():
    p = U.Progbar(3)
    p.add(1, values=[("a", 2.0)]); p.add(1, values=[("a", 4.0)]); p.add(1)
bars(addp)
def big():
    p = U.Progbar(2, verbose=2)
    p.update(2, values=[("tiny", 1e-6), ("big", 12345.678), ("neg", -0.5), ("int", 3)])
bars(big)
"""

SNIPPETS["callbacks_messages_everyday"] = _TRY + """
x = np.linspace(-1, 1, 40, dtype="float32").reshape(20, 2)
y = (x[:, :1] * 0.3).astype("float32")
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile(keras.optimizers.SGD(0.0), "mse", metrics=["mae"])
C = keras.callbacks
bars(lambda: m.fit(x, y, epochs=4, verbose=0, validation_data=(x, y), callbacks=[
    C.EarlyStopping(patience=1, verbose=1, restore_best_weights=True),
    C.ReduceLROnPlateau(patience=1, verbose=1, factor=0.5, min_lr=1e-9)]))
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
bars(lambda: m.fit(x, y, epochs=3, verbose=0, callbacks=[
    C.ModelCheckpoint("w.{epoch:02d}-{loss:.3f}-{mae:.2f}.weights.h5", save_weights_only=True,
                      verbose=1),
    C.LearningRateScheduler(lambda e, lr: lr * 0.5, verbose=1)]))
print(sorted(f[:4] for f in __import__("os").listdir(".") if f.endswith(".h5")))
bars(lambda: m.fit(x, y, epochs=2, verbose=0, callbacks=[
    C.ModelCheckpoint("best.keras", monitor="loss", save_best_only=True, verbose=1)]))
bars(lambda: m.fit(x, y, epochs=2, verbose=0, callbacks=[
    C.EarlyStopping(monitor="val_loss", verbose=1)]))
for cb in [C.ReduceLROnPlateau(monitor="nope", verbose=1),
           C.ReduceLROnPlateau(monitor="nope", verbose=1, mode="min"),
           C.ModelCheckpoint("c.keras", monitor="nope", save_best_only=True, verbose=1),
           C.ModelCheckpoint("c.keras", monitor="nope_loss", save_best_only=True, verbose=1)]:
    tryq(type(cb).__name__, lambda: bars(lambda: m.fit(x, y, epochs=2, verbose=0,
                                                       callbacks=[cb])))
tryq("ckpt_bad_ext", lambda: C.ModelCheckpoint("c.h6"))
tryq("ckpt_weights_bad_ext", lambda: C.ModelCheckpoint("c.keras", save_weights_only=True))
tryq("es_mode", lambda: C.EarlyStopping(mode="up").mode)
tryq("rlr_factor", lambda: C.ReduceLROnPlateau(factor=1.0))
"""

SNIPPETS["csv_logger_history_lambda"] = _TRY + """
x = np.linspace(-1, 1, 40, dtype="float32").reshape(20, 2)
y = (x[:, :1] * 0.3).astype("float32")
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile(keras.optimizers.Adam(0.01), "mse", metrics=["mae", "mse"])
C = keras.callbacks
ev = []
h = m.fit(x, y, epochs=2, verbose=0, validation_split=0.2, callbacks=[
    C.CSVLogger("log.csv"),
    C.LambdaCallback(on_epoch_end=lambda e, logs: ev.append((e, sorted(logs))),
                     on_train_begin=lambda logs: ev.append(("begin", logs)),
                     on_train_end=lambda logs: ev.append(("end", sorted(logs or {}))))])
print(ev)
print(list(h.history), h.epoch, sorted(h.params.items()))
text = open("log.csv").read()
print(text.splitlines()[0])
print(len(text.splitlines()), [len(l.split(",")) for l in text.splitlines()])
h2 = m.fit(x, y, epochs=1, verbose=0, callbacks=[C.CSVLogger("log.csv", separator=";",
                                                              append=True)])
print(open("log.csv").read().splitlines()[-1].split(";")[0])
print(_cut(repr(h2)), type(h2).__name__, h2.model is m)
tryq("lambda_bad", lambda: C.LambdaCallback(on_epoch_end=1, nope=2))
"""

SNIPPETS["callback_list_and_base_by_hand"] = _TRY + """
C = keras.callbacks
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile("sgd", "mse")
class Rec(C.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("rec", epoch, sorted((logs or {}).items()), sorted(self.params.items()))
cl = C.CallbackList([Rec()], add_history=True, add_progbar=True, model=m, verbose=2,
                    epochs=2, steps=3)
print([type(c).__name__ for c in cl.callbacks], cl.model is m, sorted(cl.params.items()))
def run():
    cl.on_train_begin()
    for e in range(2):
        cl.on_epoch_begin(e)
        for b in range(3):
            cl.on_train_batch_begin(b)
            cl.on_train_batch_end(b, {"loss": 1.0 / (b + 1 + e)})
        cl.on_epoch_end(e, {"loss": 0.5 / (e + 1), "val_loss": 0.7})
    cl.on_train_end()
bars(run)
print(m.history.history if m.history is not None else None, m.history.epoch)
cb = C.Callback()
print(cb.model, cb.params, cb.validation_data if hasattr(cb, "validation_data") else "-")
cb.set_params({"a": 1}); cb.set_model(m)
print(cb.params, cb.model is m)
tryq("hooks", lambda: [getattr(cb, n)(0) for n in ["on_epoch_begin", "on_train_batch_end",
                                                   "on_predict_batch_begin", "on_test_begin"]])
cl2 = C.CallbackList(None, add_progbar=True, verbose=1, epochs=1, steps=2, model=m)
print([type(c).__name__ for c in cl2.callbacks])
def run2():
    cl2.on_test_begin()
    cl2.on_test_batch_end(0, {"loss": 2.0})
    cl2.on_test_batch_end(1, {"loss": 1.0})
    cl2.on_test_end({"loss": 1.5})
bars(run2)
cl3 = C.CallbackList([C.History(), Rec()], add_history=True, model=m)
print([type(c).__name__ for c in cl3.callbacks])
tryq("append", lambda: cl3.append(C.TerminateOnNaN()))
tryq("iter", lambda: list(cl3))
cl3.callbacks.append(C.TerminateOnNaN()); print(len(cl3.callbacks))
tryq("set_model_none", lambda: C.CallbackList([Rec()]).set_model(None))
pl = C.ProgbarLogger()
print(pl.verbose if hasattr(pl, "verbose") else None, pl.target if hasattr(pl, "target") else "-")
tryq("progbar_count_mode", lambda: C.ProgbarLogger(count_mode="samples"))
"""
