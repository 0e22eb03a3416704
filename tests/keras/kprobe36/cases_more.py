"""kprobe36's second batch: einsum's subscripts spelled with spaces, capitals and
ellipses of different lengths (symbolically and eagerly), dynamic loss scaling inside a
mixed_float16 fit whose gradients overflow, several callbacks in one fit, schedules
given steps of other dtypes, and normalize/ to_categorical on tensors (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.cases_more import _SYM
from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["sym_einsum_spellings"] = _TRY + _SYM + """
spec("spaces", lambda: O.einsum("ij, jk -> ik", kt("float32", (2, 3)), kt("float32", (3, 4))))
spec("capitals", lambda: O.einsum("IJ,JK->IK", kt("float32", (2, 3)), kt("float32", (3, 4))))
spec("ell_lengths", lambda: O.einsum("...i,...i->...", kt("float32", (4, 2, 3)), kt("float32", (3,))))
spec("ell_middle", lambda: O.einsum("i...j->ij...", kt("float32", (2, 5, 6, 3))))
spec("ell_none", lambda: O.einsum("...ij,...jk->...ik", kt("float32", (None, 2, 3)), kt("float32", (None, 3, 4))))
spec("repeat_out", lambda: O.einsum("ij->ji", kt("float32", (None, 3))))
spec("rank_mismatch", lambda: O.einsum("ijk->k", kt("float32", (2, 3))))
spec("operands_count", lambda: O.einsum("ij,jk->ik", kt("float32", (2, 3))))
spec("two_arrows", lambda: O.einsum("ij->j->i", kt("float32", (2, 3))))
spec("with_array", lambda: O.einsum("ij,j->i", kt("float32", (None, 3)), np.ones((3,), "float32")))
spec("with_float_arr", lambda: O.einsum("i,i->i", kt("int32", (3,)), np.ones((3,), "float64")))
"""

SNIPPETS["einsum_spellings_eagerly"] = _TRY + """
A = np.arange(6, dtype="float32").reshape(2, 3)
show("spaces", lambda: O.einsum("ij, jk -> ik", A, A.T))
show("capitals", lambda: O.einsum("IJ->J", A))
show("ell", lambda: O.einsum("...i,...i->...", np.ones((2, 2, 3), "float32"), np.arange(3, dtype="float32")))
show("ell_middle", lambda: O.einsum("i...j->ij...", np.arange(8, dtype="float32").reshape(2, 2, 2)))
show("implicit_sorted", lambda: O.einsum("ba", A))
show("int8_pair", lambda: O.einsum("ij,jk->ik", np.full((2, 2), 100, "int8"), np.full((2, 2), 2, "int8")))
show("uint8", lambda: O.einsum("i,i->", np.array([200, 100], "uint8"), np.array([2, 1], "uint8")))
show("int64", lambda: O.einsum("i,i->", np.array([2 ** 40, 1], "int64"), np.array([2, 1], "int64")))
"""

SNIPPETS["loss_scale_in_mixed_fit_with_overflow"] = _TRY + """
keras.config.set_dtype_policy("mixed_float16")
try:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1, dtype="float32")])
    fill(m)
    m.compile(keras.optimizers.SGD(1e-3), "mse")
    opt = m.optimizer
    log = []
    cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: log.append((float(opt.dynamic_scale.numpy()), int(opt.iterations.numpy()), str(round(float(logs["loss"]), 2)))))
    big = np.array([[3e4], [0.0], [1.0], [2.0], [0.5], [1.0], [0.0], [1.0]], "float32")
    m.fit(X, big, epochs=1, batch_size=2, shuffle=False, verbose=0, callbacks=[cb])
    print(log)
    print(type(opt).__name__, opt.initial_scale, opt.dynamic_growth_steps, [v.path for v in opt.variables][:4])
    print(np.isfinite(np.asarray(m.weights[0])).all(), [w.dtype for w in m.weights])
finally:
    keras.config.set_dtype_policy("float32")
"""

SNIPPETS["three_callbacks_in_one_fit"] = _TRY + """
XV = X[::2] + 0.3
YV = Y[::2] * -1.0
m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="tanh"), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.3), "mse", metrics=["mae"])
cbs = [keras.callbacks.ModelCheckpoint(os.path.join(D, "best.keras"), monitor="val_mae", save_best_only=True, verbose=1),
       keras.callbacks.EarlyStopping(monitor="val_mae", patience=1, verbose=1, restore_best_weights=True),
       keras.callbacks.CSVLogger(os.path.join(D, "log.csv")),
       keras.callbacks.ReduceLROnPlateau(monitor="val_mae", factor=0.5, patience=0, verbose=1)]
h = quiet(lambda: m.fit(X, Y, epochs=8, batch_size=4, shuffle=False, verbose=0, validation_data=(XV, YV), callbacks=cbs))
print(logs4(h))
print(open(os.path.join(D, "log.csv")).read().splitlines()[0])
print(len(open(os.path.join(D, "log.csv")).read().splitlines()), cbs[1].stopped_epoch, cbs[1].best_epoch)
back = keras.saving.load_model(os.path.join(D, "best.keras"))
print(r4(back.evaluate(XV, YV, verbose=0)), r4(m.evaluate(XV, YV, verbose=0)), round(float(back.optimizer.learning_rate), 4))
"""

SNIPPETS["schedules_given_steps_of_dtypes"] = _TRY + """
sch = keras.optimizers.schedules
for s in (sch.ExponentialDecay(0.5, 3, 0.5), sch.PiecewiseConstantDecay([2, 5], [0.3, 0.2, 0.1]), sch.PolynomialDecay(0.5, 4, 0.1),
          sch.InverseTimeDecay(0.5, 2, 1.0), sch.CosineDecay(0.5, 4), sch.CosineDecayRestarts(0.5, 2)):
    out = []
    for step in (3, np.int32(3), np.int64(3), np.float32(3.5), keras.ops.convert_to_tensor(3), keras.ops.convert_to_tensor(3.5, "float64"), keras.Variable(3, dtype="int64")):
        try:
            r = s(step)
            out.append((keras.backend.standardize_dtype(r.dtype), round(float(r), 4)))
        except Exception as e:
            out.append(type(e).__name__)
    print(type(s).__name__, out)
print(keras.backend.standardize_dtype(sch.ExponentialDecay(np.float64(0.5), 3, 0.5)(1).dtype))
print(keras.backend.standardize_dtype(sch.PiecewiseConstantDecay([1], [np.float64(0.5), np.float64(0.1)])(2).dtype))
"""

SNIPPETS["normalize_and_to_categorical_on_tensors"] = _TRY + """
t = keras.ops.convert_to_tensor(np.array([[3.0, 4.0], [0.0, 0.0]], "float32"))
show("norm_t", lambda: keras.utils.normalize(t))
show("norm_t_ax0", lambda: keras.utils.normalize(t, axis=0, order=1))
show("norm_np64", lambda: keras.utils.normalize(np.array([[1.0, 1.0]])))
show("norm_int_t", lambda: keras.utils.normalize(keras.ops.convert_to_tensor(np.array([[3, 4]], "int32"))))
show("norm_f16", lambda: keras.utils.normalize(np.array([[3.0, 4.0]], "float16")))
show("norm_order3", lambda: keras.utils.normalize(np.array([[1.0, 2.0]], "float32"), order=3))
show("norm_order0", lambda: keras.utils.normalize(np.array([[1.0, 2.0]], "float32"), order=0))
show("cat_t", lambda: keras.utils.to_categorical(keras.ops.convert_to_tensor(np.array([[1], [0]], "int64"))))
show("cat_f16", lambda: keras.utils.to_categorical(np.array([1.0, 2.0], "float16"), 3))
"""

SNIPPETS["auc_explicit_even_thresholds_and_outside_predictions"] = _TRY + """
yt = np.array([0, 1, 1, 0, 1, 0, 1], "float32")
yp = np.array([-0.5, 1.5, 0.5, 0.25, 0.75, 1.0, 0.0], "float32")
for kw in (dict(num_thresholds=5), dict(thresholds=[0.25, 0.5, 0.75]), dict(thresholds=[0.2, 0.5, 0.75]),
           dict(thresholds=[0.0, 0.5, 1.0]), dict(num_thresholds=5, curve="PR"), dict(thresholds=[0.25, 0.5, 0.75], curve="PR")):
    a = keras.metrics.AUC(**kw)
    a.update_state(yt, yp)
    print(sorted(kw.items()), r4(a.result()), r4(a.true_positives), r4(a.false_positives))
a = keras.metrics.AUC(thresholds=[0.25, 0.5, 0.75], multi_label=True)
a.update_state(np.stack([yt, 1 - yt], 1), np.stack([yp, yp[::-1]], 1))
print(r4(a.result()), r4(a.true_positives))
for cls in (keras.metrics.Precision, keras.metrics.Recall, keras.metrics.TruePositives):
    m = cls(thresholds=[0.0, 0.5, 1.0])
    m.update_state(yt, yp)
    print(cls.__name__, r4(m.result()))
p = keras.metrics.PrecisionAtRecall(0.5, num_thresholds=3)
p.update_state(yt, yp)
print(r4(p.result()), r4(p.thresholds))
"""

SNIPPETS["backup_double_checkpoint_and_checkpoint_batches"] = _TRY + """
class Stop(keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        if self.model.optimizer.iterations.numpy() == 5:
            raise RuntimeError("stop")
m = dense_model(0.1)
b = keras.callbacks.BackupAndRestore(os.path.join(D, "bk"), save_freq=2, double_checkpoint=True)
try:
    m.fit(X, Y, epochs=3, batch_size=2, shuffle=False, verbose=0, callbacks=[b, Stop()])
except RuntimeError as e:
    print(e, int(m.optimizer.iterations.numpy()))
print(sorted(os.listdir(os.path.join(D, "bk"))))
m2 = dense_model(0.1)
h = m2.fit(X, Y, epochs=3, batch_size=2, shuffle=False, verbose=0, callbacks=[b])
print(h.epoch, int(m2.optimizer.iterations.numpy()), os.path.exists(os.path.join(D, "bk")), wsum(m2))
m3 = dense_model(0.1)
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "c-{epoch}-{batch}.weights.h5"), save_weights_only=True, save_freq=3, monitor="loss", save_best_only=True, verbose=1)
quiet(lambda: m3.fit(X, Y, epochs=2, batch_size=2, shuffle=False, verbose=0, callbacks=[ck]))
print(sorted(f for f in os.listdir(D) if f.startswith("c-")), r4(ck.best))
"""
