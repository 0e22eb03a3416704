"""kprobe34's snippets of odd constructor arguments: learning rate schedules, callbacks,
optimizers and metrics given values at or past the edges of what they take, printing
what each then does or the error it raises (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
def at(label, make, steps=(0, 1, 3, 7)):
    try:
        s = make()
        print(label, [round(float(s(i)), 5) for i in steps])
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
"""

_T = _TRY + _DATA

SNIPPETS["schedules_given_edge_arguments"] = _T + """
S = keras.optimizers.schedules
at("exp_rate0", lambda: S.ExponentialDecay(1.0, 2, 0.0))
at("exp_rate2", lambda: S.ExponentialDecay(1.0, 2, 2.0, staircase=True))
at("pw_unsorted", lambda: S.PiecewiseConstantDecay([5, 2], [1.0, 0.5, 0.1]))
at("pw_mixed", lambda: S.PiecewiseConstantDecay([2, 5], [1, 0.5, 0.1]))
at("cos_alpha2", lambda: S.CosineDecay(1.0, 4, alpha=2.0))
at("cos_neg_step", lambda: S.CosineDecay(1.0, 4), steps=(-2, -1))
at("poly_power0", lambda: S.PolynomialDecay(1.0, 4, 0.5, power=0.0))
at("poly_cycle_step0", lambda: S.PolynomialDecay(1.0, 4, 0.5, cycle=True), steps=(0, 4, 5, 8, 9))
at("restarts_zero", lambda: S.CosineDecayRestarts(1.0, 0))
at("restarts_tmul1", lambda: S.CosineDecayRestarts(1.0, 2, t_mul=1.0, m_mul=0.5), steps=(0, 1, 2, 3, 4, 6))
at("inverse_staircase", lambda: S.InverseTimeDecay(1.0, 3, 1.0, staircase=True), steps=(0, 2, 3, 5, 6))
at("int_lr", lambda: S.ExponentialDecay(1, 2, 0.5))
print(S.ExponentialDecay(1, 2, 0.5).get_config(), S.CosineDecay(2, 3).get_config())
show("dtype_f64", lambda: S.ExponentialDecay(np.float64(1.0), 2, 0.5)(1))
"""

SNIPPETS["callbacks_given_edge_arguments"] = _T + """
def mk():
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    fill(m)
    m.compile(keras.optimizers.SGD(0.02), "mse")
    return m
def run(label, cb, epochs=3):
    try:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            h = mk().fit(XS, YS, batch_size=6, epochs=epochs, verbose=0, shuffle=False, callbacks=[cb])
        print(label, h.epoch, [l for l in buf.getvalue().replace(D, "TMP").splitlines() if l])
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
run("es_patience_neg", keras.callbacks.EarlyStopping(monitor="loss", patience=-1, verbose=1))
run("es_min_delta_neg", keras.callbacks.EarlyStopping(monitor="loss", min_delta=-10.0, patience=0, verbose=1))
run("es_baseline_max", keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0, mode="max", patience=1, verbose=1))
run("rl_factor0", keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.0, patience=0, min_delta=10.0, verbose=1))
run("rl_min_lr_high", keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, min_delta=10.0, min_lr=0.5, verbose=1))
run("ck_freq0", keras.callbacks.ModelCheckpoint(os.path.join(D, "z{epoch}.keras"), save_freq=0, verbose=1))
run("ck_freq_neg", keras.callbacks.ModelCheckpoint(os.path.join(D, "n{epoch}.keras"), save_freq=-1, verbose=1))
run("bk_freq0", keras.callbacks.BackupAndRestore(os.path.join(D, "bk"), save_freq=0))
run("lrs_verbose2", keras.callbacks.LearningRateScheduler(lambda e, lr: lr / 2, verbose=2))
run("csv_sep_empty", keras.callbacks.CSVLogger(os.path.join(D, "e.csv"), separator=""), epochs=1)
print(repr(open(os.path.join(D, "e.csv")).read()) if os.path.exists(os.path.join(D, "e.csv")) else None)
tryp("lambda_kw", lambda: type(keras.callbacks.LambdaCallback(on_nothing=print)).__name__)
tryp("progbar_args", lambda: type(keras.callbacks.ProgbarLogger()).__name__)
"""

SNIPPETS["optimizers_given_edge_arguments"] = _T + """
def one(label, make, n=2):
    try:
        o = make()
        v = keras.Variable(np.array([1.0, -2.0], "float32"), name="v")
        for i in range(n):
            o.apply([np.array([0.5, 1.0], "float32") * (i + 1)], [v])
        print(label, np.asarray(v).astype("float64").round(5).tolist())
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
one("adam_beta1_big", lambda: keras.optimizers.Adam(0.1, beta_1=1.5))
one("adam_eps0", lambda: keras.optimizers.Adam(0.1, epsilon=0.0))
one("sgd_momentum1", lambda: keras.optimizers.SGD(0.1, momentum=1.0))
one("sgd_lr_none", lambda: keras.optimizers.SGD(None))
one("clipnorm0", lambda: keras.optimizers.SGD(0.1, clipnorm=0))
one("global_neg", lambda: keras.optimizers.SGD(0.1, global_clipnorm=-1.0))
one("clipvalue_neg", lambda: keras.optimizers.SGD(0.1, clipvalue=-0.2))
one("ema0", lambda: keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.0, ema_overwrite_frequency=1))
one("accum_float", lambda: keras.optimizers.SGD(0.1, gradient_accumulation_steps=2.0))
one("wd_neg", lambda: keras.optimizers.SGD(0.1, weight_decay=-0.5))
one("wd_int", lambda: keras.optimizers.AdamW(0.1, weight_decay=1))
one("rms_rho0", lambda: keras.optimizers.RMSprop(0.1, rho=0.0))
one("adagrad_neg_init", lambda: keras.optimizers.Adagrad(0.1, initial_accumulator_value=-1.0))
one("name_int", lambda: keras.optimizers.SGD(0.1, name=5))
tryp("unknown_kw", lambda: type(keras.optimizers.SGD(0.1, decay=0.5)).__name__)
tryp("lr_kw", lambda: keras.optimizers.SGD(lr=0.5))
"""

SNIPPETS["metrics_given_edge_arguments"] = _T + """
def res(label, make, *a, **k):
    try:
        m = make()
        m.update_state(*a, **k)
        r = m.result()
        print(label, keras.backend.standardize_dtype(r.dtype), r4(r))
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
yt = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.8, 0.3], [0.4, 0.6], [0.2, 0.9]], "float32")
res("mean_int", lambda: keras.metrics.Mean(dtype="int32"), [1, 2, 4])
res("sum_int", lambda: keras.metrics.Sum(dtype="int32"), [1.7, 2.6])
res("acc_int", lambda: keras.metrics.Accuracy(dtype="int32"), [1, 2, 3], [1, 2, 0])
res("auc_float_thr", lambda: keras.metrics.AUC(num_thresholds=2.5), yt, yp)
res("prec_thr_big", lambda: keras.metrics.Precision(thresholds=1.5), yt, yp)
res("prec_thr_list_bad", lambda: keras.metrics.Precision(thresholds=[0.5, -0.1]), yt, yp)
res("topk0", lambda: keras.metrics.TopKCategoricalAccuracy(k=0), yt, yp)
res("topk_big", lambda: keras.metrics.TopKCategoricalAccuracy(k=5), yt, yp)
res("binacc_thr0", lambda: keras.metrics.BinaryAccuracy(threshold=0.0), yt, yp)
res("miou_2cls", lambda: keras.metrics.MeanIoU(num_classes=2), [0, 1, 1], [1, 1, 0])
res("miou_oob", lambda: keras.metrics.MeanIoU(num_classes=2), [0, 3], [1, 1])
res("r2_1sample", lambda: keras.metrics.R2Score(), np.array([[1.0]], "float32"), np.array([[0.5]], "float32"))
res("fbeta_beta0", lambda: keras.metrics.FBetaScore(beta=0.0), yt, yp)
res("mean_sw_neg", lambda: keras.metrics.Mean(), [1.0, 3.0], sample_weight=[1.0, -1.0])
"""
