"""kprobe12's snippets on configs of each layer family, callbacks, metrics, losses'
reductions, optimizers and schedules, keras.random, keras.utils and the saving of custom
objects (see cases.py)."""

from tests.keras.kprobe12.prelude import _TRY

SNIPPETS = {}

_ROUND_TRIP = _TRY + """
import copy
def round_trip(layer, shape=None):
    cfg = layer.get_config()
    # (a copy: Keras's from_config of a wrapper or RNN takes "layer"/"cell" out of its dict)
    again = type(layer).from_config(copy.deepcopy(cfg))
    same = again.get_config() == cfg
    ser = keras.layers.serialize(layer)
    back = keras.layers.deserialize(copy.deepcopy(ser))
    print(type(layer).__name__, same, type(back).__name__, back.get_config() == cfg,
          sorted(ser), ser.get("module"), ser.get("registered_name"))
    print("  ", json.dumps(cfg, sort_keys=True, default=str)[:900])
    given = dict(cfg)  # (Keras's from_config of an RNN or a wrapper takes keys out of it)
    type(layer).from_config(given)
    print("   taken out:", sorted(set(cfg) - set(given)))
"""

SNIPPETS["config_core_and_conv"] = _ROUND_TRIP + """
L = keras.layers
for layer in [L.Dense(3, activation="relu", use_bias=False, kernel_regularizer="l2"),
              L.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c"),
              L.Embedding(10, 3, mask_zero=True), L.Activation("tanh"), L.Dropout(0.3, seed=2),
              L.Identity(), L.Masking(0.5),
              L.Conv1D(2, 3, padding="causal", dilation_rate=2), L.Conv2D(4, (3, 2), strides=2,
              groups=1, data_format="channels_first"), L.Conv3DTranspose(2, 3),
              L.SeparableConv2D(3, 3, depth_multiplier=2), L.DepthwiseConv1D(3),
              L.MaxPooling2D(3, 1, "same"), L.GlobalAveragePooling1D(keepdims=True),
              L.AveragePooling3D(2)]:
    round_trip(layer)
"""

SNIPPETS["config_rnn_and_attention"] = _ROUND_TRIP + """
L = keras.layers
for layer in [L.LSTM(3, return_sequences=True, dropout=0.1, unroll=True),
              L.GRU(2, reset_after=False, go_backwards=True), L.SimpleRNN(4, stateful=False),
              L.Bidirectional(L.LSTM(2), merge_mode="sum"), L.ConvLSTM2D(2, 3),
              L.RNN(L.LSTMCell(3)), L.RNN([L.GRUCell(2), L.SimpleRNNCell(3)]),
              L.TimeDistributed(L.Dense(2)), L.MultiHeadAttention(2, 4, value_dim=3,
              output_shape=5, attention_axes=(1,)), L.Attention(use_scale=True,
              score_mode="concat"), L.AdditiveAttention(), L.GroupQueryAttention(4, 2, 1)]:
    round_trip(layer)
"""

SNIPPETS["config_norm_merge_reshape"] = _ROUND_TRIP + """
L = keras.layers
for layer in [L.BatchNormalization(momentum=0.9, center=False), L.LayerNormalization(
              axis=[1, 2], epsilon=1e-3), L.GroupNormalization(2), L.UnitNormalization(),
              L.SpectralNormalization(L.Dense(2)), L.RMSNormalization(),
              L.Concatenate(axis=1), L.Add(), L.Dot(axes=(1, 1), normalize=True),
              L.Reshape((2, -1)), L.Permute((2, 1)), L.RepeatVector(3), L.Flatten(),
              L.Cropping2D(((1, 0), (2, 1))), L.ZeroPadding1D((1, 2)), L.UpSampling2D(2,
              interpolation="bilinear"), L.GaussianNoise(0.2), L.SpatialDropout2D(0.1),
              L.ActivityRegularization(0.1), L.LeakyReLU(0.2), L.PReLU(), L.Softmax(-2),
              L.ELU(0.5), L.ReLU(6.0, 0.1, 0.5)]:
    round_trip(layer)
"""

SNIPPETS["config_preprocessing"] = _ROUND_TRIP + """
L = keras.layers
for layer in [L.Rescaling(1 / 255.0, offset=-1), L.Resizing(4, 5, crop_to_aspect_ratio=True),
              L.CenterCrop(2, 3), L.RandomFlip("horizontal", seed=1), L.RandomRotation(0.1,
              fill_mode="nearest"), L.RandomZoom((-0.2, 0.1)), L.RandomContrast(0.3),
              L.Normalization(mean=[1.0, 2.0], variance=[1.0, 4.0]), L.Discretization(
              bin_boundaries=[0.0, 1.0]), L.Hashing(5, salt=3), L.CategoryEncoding(4,
              "multi_hot"), L.StringLookup(vocabulary=["a", "b"]), L.IntegerLookup(
              vocabulary=[3, 4], output_mode="one_hot"), L.TextVectorization(max_tokens=10,
              output_sequence_length=4, vocabulary=["x", "y"]), L.HashedCrossing(4)]:
    round_trip(layer)
print("RandomHeight" in dir(tf.keras.layers), hasattr(keras.layers, "Rescaling"))
"""

SNIPPETS["model_config_round_trips"] = _TRY + """
L = keras.layers
inner = keras.Sequential([keras.Input((3,)), L.Dense(2, name="d")], name="inner")
x = keras.Input((3,), name="x")
shared = L.Dense(3, name="shared")
y = L.Add(name="add")([shared(x), shared(shared(x))])
out = inner(y)
m = keras.Model(x, out, name="outer")
cfg = m.get_config()
print(sorted(cfg), cfg["name"], cfg["input_layers"], cfg["output_layers"])
print([(l["name"], l["class_name"], len(l["inbound_nodes"])) for l in cfg["layers"]])
print(json.dumps(cfg["layers"][1]["inbound_nodes"], sort_keys=True)[:400])
again = keras.Model.from_config(cfg)
print(again.name, [l.name for l in again.layers], again.count_params() == m.count_params())
seq = keras.Sequential([L.Dense(2), L.Dense(1)], name="plain")
c = seq.get_config()
print(sorted(c), [l["class_name"] for l in c["layers"]], c.get("build_input_shape"))
seq.build((None, 4))
c = seq.get_config()
print(c.get("build_input_shape"), [l["config"]["name"] for l in c["layers"]])
print(keras.Sequential.from_config(c).built)
print(json.loads(m.to_json())["class_name"], keras.models.model_from_json(seq.to_json()).name)
"""

SNIPPETS["early_stopping_restores_best"] = _TRY + """
L = keras.layers
x = np.linspace(-1, 1, 32).reshape(-1, 1).astype("float32")
y = 2 * x
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="zeros")])
m.compile(keras.optimizers.SGD(0.5), "mse")
es = keras.callbacks.EarlyStopping("loss", patience=2, restore_best_weights=True, verbose=1,
                                   min_delta=1e-3, start_from_epoch=1)
h = m.fit(x, y, epochs=12, batch_size=32, callbacks=[es], verbose=0)
print(len(h.history["loss"]), es.stopped_epoch, es.best_epoch, es.wait, round(es.best, 3))
print(np.round(m.get_weights()[0], 2).tolist(), es.monitor, es.mode if hasattr(es, "mode")
      else None)
es2 = keras.callbacks.EarlyStopping(monitor="val_acc", mode="auto", baseline=0.5)
print(es2.monitor_op.__name__ if hasattr(es2.monitor_op, "__name__") else es2.monitor_op)
tryp("bad_mode", lambda: keras.callbacks.EarlyStopping(mode="up").monitor_op)
m2 = keras.Sequential([keras.Input((1,)), L.Dense(1)])
m2.compile("sgd", "mse")
tryp("unknown_monitor", lambda: m2.fit(x, y, epochs=2, verbose=0, callbacks=[
     keras.callbacks.EarlyStopping("missing", patience=0)]))
"""

SNIPPETS["reduce_lr_on_plateau"] = _TRY + """
L = keras.layers
x = np.ones((8, 1), "float32")
y = np.ones((8, 1), "float32")
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="ones",
                                                 bias_initializer="zeros")])
m.compile(keras.optimizers.SGD(0.0), "mse")
cb = keras.callbacks.ReduceLROnPlateau("loss", factor=0.5, patience=1, min_lr=0.01,
                                       verbose=1, cooldown=1)
m.optimizer.learning_rate = 0.1
h = m.fit(x, y, epochs=8, verbose=0, callbacks=[cb])
print([round(float(v), 4) for v in h.history["learning_rate"]], cb.cooldown_counter, cb.wait)
tryp("bad_factor", lambda: keras.callbacks.ReduceLROnPlateau(factor=1.0))
cb = keras.callbacks.ReduceLROnPlateau(mode="bogus")
print(cb.mode)
"""

SNIPPETS["csv_logger_and_history"] = _TRY + """
L = keras.layers
x = np.arange(8, dtype="float32").reshape(-1, 1) / 8
y = x * 3
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="ones")])
m.compile("sgd", "mse", metrics=["mae"])
path = os.path.join(D, "log.csv")
h = m.fit(x, y, epochs=2, verbose=0, validation_split=0.25,
          callbacks=[keras.callbacks.CSVLogger(path, separator=";")])
rows = open(path).read().splitlines()
print(rows[0], len(rows), [len(r.split(";")) for r in rows])
m.fit(x, y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(path, append=True)])
rows = open(path).read().splitlines()
print(rows[0], rows[-1].split(",")[0], len(rows))
print(sorted(h.history), h.epoch, type(h).__name__, h.params)
print(m.history is h if hasattr(m, "history") else None)
"""

SNIPPETS["backup_and_restore"] = _TRY + """
L = keras.layers
x = np.ones((4, 1), "float32")
class Interrupt(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("stop")
m = keras.Sequential([keras.Input((1,)), L.Dense(1)])
m.compile("sgd", "mse")
bk = os.path.join(D, "bk")
cb = keras.callbacks.BackupAndRestore(bk, save_freq="epoch", delete_checkpoint=True)
try:
    m.fit(x, x, epochs=4, verbose=0, callbacks=[cb, Interrupt()])
except RuntimeError as e:
    print("interrupted", e)
print(sorted(os.listdir(bk)))
class Log(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        print("epoch", epoch)
h = m.fit(x, x, epochs=4, verbose=0, callbacks=[cb, Log()])
print(h.epoch, os.path.exists(bk))
tryp("bad_freq", lambda: keras.callbacks.BackupAndRestore(bk, save_freq="hour"))
tryp("no_dir", lambda: keras.callbacks.BackupAndRestore(""))
"""

SNIPPETS["metric_states_and_reprs"] = _TRY + """
M = keras.metrics
for m in [M.Mean(), M.Sum(name="s"), M.Accuracy(), M.BinaryAccuracy(threshold=0.3),
          M.AUC(num_thresholds=5), M.Precision(thresholds=[0.3, 0.6]), M.MeanIoU(3),
          M.F1Score(average="macro"), M.TopKCategoricalAccuracy(2), M.R2Score()]:
    print(repr(m), m.name, m.dtype, [v.path for v in m.variables][:4])
    print("  ", json.dumps(m.get_config(), sort_keys=True, default=str)[:300])
m = M.Mean()
print(float(m.result()), m.update_state([1.0, 3.0]), float(m.result()))
m.update_state(5.0, sample_weight=2.0)
print(float(m.result()))
m.reset_state()
print(float(m.result()), [float(v) for v in m.variables])
a = M.Accuracy()
a.update_state([1, 2, 3], [1, 2, 4])
print(round(float(a.result()), 4), type(a.result()).__name__)
p = M.Precision(thresholds=[0.3, 0.6])
p.update_state([1, 0, 1], [0.5, 0.4, 0.9])
print(p.result().numpy().tolist())
tryp("mean_bad", lambda: M.Mean().update_state([1.0, 2.0], sample_weight=[1.0, 2.0, 3.0]))
tryp("metric_get", lambda: M.get("acc"))
tryp("metric_get_bad", lambda: M.get("nope"))
"""

SNIPPETS["loss_reductions"] = _TRY + """
Ls = keras.losses
yt = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], "float32")
yp = np.array([[0.8, 0.1], [0.3, 0.6], [0.5, 0.9]], "float32")
sw = np.array([1.0, 0.0, 2.0], "float32")
for red in ["sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none", None]:
    for cls in [Ls.MeanSquaredError, Ls.BinaryCrossentropy, Ls.Huber]:
        try:
            l = cls(reduction=red)
            print(red, cls.__name__, np.round(l(yt, yp).numpy(), 5).tolist(),
                  np.round(l(yt, yp, sample_weight=sw).numpy(), 5).tolist())
        except Exception as e:
            print(red, cls.__name__, type(e).__name__, e)
try:
    Ls.MeanSquaredError(reduction="avg")
except ValueError as e:  # (the message shows a set, whose order varies from run to run)
    print("bad_reduction", str(e).split("{")[0], str(e).split("}")[1])
l = Ls.MeanSquaredError(reduction="sum", name="m")
print(l.get_config(), l.reduction, l.name)
tryp("all_zero_weights", lambda: Ls.MeanSquaredError()(yt, yp, sample_weight=np.zeros(3)))
tryp("weights_shape", lambda: Ls.MeanSquaredError()(yt, yp, sample_weight=np.ones((3, 2))))
tryp("int_labels", lambda: Ls.SparseCategoricalCrossentropy()(np.array([0, 1]),
     np.array([[0.9, 0.1], [0.2, 0.8]])))
tryp("cosine", lambda: Ls.CosineSimilarity(axis=0)(yt, yp))
"""

SNIPPETS["optimizer_configs"] = _TRY + """
O = keras.optimizers
for opt in [O.SGD(0.1, momentum=0.9, nesterov=True), O.Adam(amsgrad=True, clipnorm=1.0),
            O.AdamW(weight_decay=0.01), O.RMSprop(centered=True, global_clipnorm=2.0),
            O.Adagrad(), O.Nadam(use_ema=True, ema_momentum=0.9), O.Lion(), O.Ftrl(
            l1_regularization_strength=0.1), O.Adafactor(), O.Lamb(), O.Adamax(),
            O.Adadelta(), O.Muon()]:
    cfg = opt.get_config()
    again = type(opt).from_config(cfg)
    print(type(opt).__name__, json.dumps(cfg, sort_keys=True, default=str)[:500])
    print("   ", again.get_config() == cfg, O.serialize(opt)["class_name"])
tryp("both_clips", lambda: O.SGD(clipnorm=1.0, global_clipnorm=1.0))
tryp("bad_lr", lambda: O.Adam(learning_rate="fast"))
tryp("get_str", lambda: type(O.get("adam")).__name__)
tryp("get_bad", lambda: O.get("adamz"))
tryp("get_dict", lambda: O.get({"class_name": "SGD", "config": {"learning_rate": 0.3}})
     .learning_rate)
"""

SNIPPETS["learning_rate_schedules"] = _TRY + """
S = keras.optimizers.schedules
steps = [0, 1, 5, 10, 25, 100]
for s in [S.ExponentialDecay(0.1, 10, 0.5, staircase=True), S.PiecewiseConstantDecay(
          [5, 20], [1.0, 0.5, 0.1]), S.PolynomialDecay(1.0, 20, 0.1, power=2.0, cycle=True),
          S.InverseTimeDecay(1.0, 5, 0.5), S.CosineDecay(1.0, 20, alpha=0.1,
          warmup_target=2.0, warmup_steps=5), S.CosineDecayRestarts(1.0, 10, t_mul=2.0,
          m_mul=0.5)]:
    print(type(s).__name__, [round(float(s(t)), 5) for t in steps])
    cfg = s.get_config()
    print("   ", json.dumps(cfg, sort_keys=True), type(s).from_config(cfg).get_config() == cfg)
    ser = S.serialize(s)
    print("   ", sorted(ser), type(S.deserialize(ser)).__name__)
opt = keras.optimizers.Adam(S.ExponentialDecay(0.1, 10, 0.5))
print(json.dumps(opt.get_config()["learning_rate"], sort_keys=True))
print(type(keras.optimizers.Adam.from_config(opt.get_config()).learning_rate).__name__)
tryp("piecewise_bad", lambda: S.PiecewiseConstantDecay([5], [1.0]))
tryp("set_lr_on_schedule", lambda: setattr(opt, "learning_rate", 0.5))
"""

SNIPPETS["keras_random"] = _TRY + """
R = keras.random
print(R.normal((2, 2), seed=1).numpy().round(4).tolist())
print(R.uniform((3,), minval=2, maxval=4, seed=3).numpy().round(4).tolist())
print(R.randint((4,), 0, 10, seed=2).numpy().tolist(), R.randint((2,), 0, 5, seed=2).dtype)
print(R.truncated_normal((3,), seed=4).numpy().round(4).tolist())
print(R.shuffle(np.arange(6), seed=5).numpy().tolist())
print(R.categorical(np.log([[0.1, 0.9], [0.9, 0.1]]), 4, seed=6).numpy().tolist())
print(R.dropout(np.ones((6,), "float32"), 0.5, seed=7).numpy().tolist())
print(R.gamma((2,), 2.0, seed=8).numpy().round(4).tolist(),
      R.binomial((2,), 5, 0.5, seed=9).numpy().tolist())
g = R.SeedGenerator(42)
print(type(g).__name__, g.state.numpy().tolist(), g.state.path)
a = R.normal((2,), seed=g).numpy().round(4).tolist()
b = R.normal((2,), seed=g).numpy().round(4).tolist()
print(a, b, g.state.numpy().tolist(), g.get_config() if hasattr(g, "get_config") else None)
tryp("np_seed", lambda: R.normal((2,), seed=np.int32(5)))
tryp("int_normal", lambda: R.normal((2,), dtype="int32", seed=1))
tryp("float_randint", lambda: R.randint((2,), 0, 5, dtype="float32", seed=1))
tryp("bad_seed", lambda: R.normal((2,), seed="x"))
tryp("seedgen_bad", lambda: R.SeedGenerator("x"))
tryp("tuple_seed", lambda: R.normal((2,), seed=(1, 2)))
tryp("np_dtype_randint", lambda: R.randint((2,), 0, 5, dtype=np.int16, seed=1))
tryp("none_dtype_randint", lambda: R.randint((2,), 0, 5, dtype=None, seed=1).dtype)
"""

SNIPPETS["saving_custom_objects"] = _TRY + """
L = keras.layers
@keras.saving.register_keras_serializable(package="kp12")
class Scale(L.Layer):
    def __init__(self, factor=2.0, **kw):
        super().__init__(**kw)
        self.factor = factor
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],), initializer="ones", name="w")
    def call(self, x):
        return x * self.w * self.factor
    def get_config(self):
        return {**super().get_config(), "factor": self.factor}
@keras.saving.register_keras_serializable(package="kp12", name="twice")
def twice(x):
    return 2 * x
def my_loss(yt, yp):
    return keras.ops.mean(keras.ops.abs(yt - yp))
inp = keras.Input((2,))
out = L.Activation(twice)(Scale(3.0, name="scale")(inp))
m = keras.Model(inp, out)
m.compile("adam", loss=my_loss)
path = os.path.join(D, "m.keras")
m.save(path)
print(keras.saving.get_registered_name(Scale), keras.saving.get_registered_name(twice))
print(keras.saving.get_registered_object("kp12>twice") is twice)
back = keras.saving.load_model(path, custom_objects={"my_loss": my_loss})
print([l.name for l in back.layers], back.predict(np.ones((1, 2)), verbose=0).tolist())
print(back.loss is my_loss if hasattr(back, "loss") else None)
tryp("no_loss", lambda: keras.saving.load_model(path).loss)
with keras.saving.custom_object_scope({"my_loss": my_loss}):
    print(keras.saving.load_model(path).layers[1].factor)
ser = keras.saving.serialize_keras_object(Scale(5.0, name="s5"))
print(json.dumps(ser, sort_keys=True))
print(type(keras.saving.deserialize_keras_object(ser)).__name__)
print(keras.saving.serialize_keras_object(twice), keras.saving.serialize_keras_object(my_loss))
tryp("reg_twice", lambda: keras.saving.register_keras_serializable("kp12")(Scale))
"""

SNIPPETS["utils_functions"] = _TRY + """
U = keras.utils
print(U.to_categorical([0, 2], num_classes=3).tolist())
print(U.normalize(np.array([3.0, 4.0])).tolist())
print(U.get_source_inputs(keras.Input((2,), name="only"))[0].name)
tryp("standardize", lambda: U.standardize_dtype("float") if hasattr(U, "standardize_dtype")
     else None)
print(U.is_keras_tensor(keras.Input((1,))), U.is_keras_tensor(keras.ops.ones(1)))
seq = [U.pack_x_y_sample_weight(np.ones(1), None, None)]
print(type(seq[0]).__name__, len(seq[0]))
print(U.set_random_seed(3), np.random.rand() == (np.random.seed(3) or np.random.rand()))
cfg = U.Config(a=1, b=2)
cfg.c = 3
print(cfg.to_json(), sorted(cfg.keys()), cfg["a"])
cfg.freeze()
tryp("frozen", lambda: setattr(cfg, "d", 4))
print(U.serialize_keras_object(keras.initializers.GlorotUniform(seed=3)))
tryp("bad_tree", lambda: U.unpack_x_y_sample_weight(1))
print(keras.backend.floatx(), keras.backend.epsilon(), keras.backend.image_data_format(),
      keras.backend.backend())
keras.backend.set_floatx("float16")
print(keras.layers.Dense(1).dtype, keras.ops.ones(1).dtype)
keras.backend.set_floatx("float32")
try:
    keras.backend.set_floatx("int32")
except ValueError as e:
    print("bad_floatx", str(e).split("{")[0])
tryp("bad_format", lambda: keras.backend.set_image_data_format("nhwc"))
"""

SNIPPETS["initializers_regularizers_constraints"] = _TRY + """
I = keras.initializers
for init in [I.GlorotUniform(seed=1), I.HeNormal(), I.Constant(2.0), I.RandomUniform(-1, 1, 3),
             I.VarianceScaling(2.0, "fan_out", "truncated_normal"), I.Orthogonal(0.5, 4),
             I.Identity(3.0), I.TruncatedNormal(1.0, 0.1), I.LecunUniform(2)]:
    cfg = init.get_config()
    print(type(init).__name__, cfg, type(I.deserialize(I.serialize(init))).__name__)
print(I.Constant(2.0)((2,)).numpy().tolist(), I.Identity()((2, 3)).numpy().tolist())
print(I.RandomUniform(-1, 1, seed=3)((3,)).numpy().round(4).tolist())
print(I.GlorotUniform(seed=1)((2, 2)).numpy().round(4).tolist())
try:
    I.VarianceScaling(mode="fan")
except ValueError as e:
    print("bad_mode", str(e).split("{")[0], str(e).endswith("}"))
tryp("bad_scale", lambda: I.VarianceScaling(scale=-1.0))
tryp("identity_3d", lambda: I.Identity()((2, 2, 2)))
R = keras.regularizers
for r in [R.L1(0.1), R.L2(0.2), R.L1L2(0.1, 0.3), R.OrthogonalRegularizer(0.1, "columns")]:
    print(type(r).__name__, r.get_config(), round(float(r(np.ones((2, 2), "float32"))), 4))
tryp("reg_get", lambda: type(R.get("l1_l2")).__name__)
tryp("reg_bad", lambda: R.L2(-1))
C = keras.constraints
for c in [C.MaxNorm(2.0, axis=1), C.NonNeg(), C.UnitNorm(), C.MinMaxNorm(0.5, 1.0, 0.5)]:
    print(type(c).__name__, c.get_config(), np.round(c(np.array([[3.0, -4.0],
          [0.0, 1.0]], "float32")).numpy(), 4).tolist())
"""

SNIPPETS["activation_and_loss_lookup"] = _TRY + """
A = keras.activations
for name in ["relu", "swish", "silu", "gelu", "linear", None, "softmax", "hard_swish",
             "leaky_relu", "relu6", "log_softmax", "mish", "sparse_plus", "squareplus"]:
    try:
        f = A.get(name)
        print(name, f.__name__, A.serialize(f))
    except Exception as e:
        print(name, type(e).__name__, e)
tryp("act_bad", lambda: A.get("nope"))
tryp("act_deser", lambda: A.deserialize("tanh").__name__)
tryp("act_callable", lambda: A.get(abs))
tryp("act_int", lambda: A.get(3))
Ls = keras.losses
for name in ["mse", "MSE", "mae", "binary_crossentropy", "BinaryCrossentropy",
             "categorical_hinge", "kld", "huber", "log_cosh", "poisson", "ctc", "dice",
             "tversky"]:
    try:
        f = Ls.get(name)
        print(name, getattr(f, "__name__", type(f).__name__), Ls.serialize(f))
    except Exception as e:
        print(name, type(e).__name__, e)
tryp("loss_bad", lambda: Ls.get("nope"))
tryp("loss_dict", lambda: Ls.get({"class_name": "Huber", "config": {"delta": 2.0}}).get_config())
"""

SNIPPETS["compiled_metric_names"] = _TRY + """
L = keras.layers
x = np.random.RandomState(0).rand(8, 3).astype("float32")
y = (x.sum(1, keepdims=True) > 1.5).astype("float32")
m = keras.Sequential([keras.Input((3,)), L.Dense(1, activation="sigmoid")])
m.compile("sgd", "binary_crossentropy", metrics=["acc", "mse", keras.metrics.AUC(name="auc"),
          keras.metrics.Precision()])
print(m.metrics_names, [type(v).__name__ for v in m.metrics])
h = m.fit(x, y, epochs=1, verbose=0, validation_data=(x, y))
print(sorted(h.history))
print(m.metrics_names, [type(v).__name__ for v in m.metrics])
r = m.evaluate(x, y, verbose=0, return_dict=True)
print(sorted(r))
m.compile("sgd", "mse", metrics=[["mae"]], weighted_metrics=["mae"])
print(sorted(m.fit(x, y, epochs=1, verbose=0).history))
i = keras.Input((3,))
two = keras.Model(i, {"a": L.Dense(1, name="a")(i), "b": L.Dense(2, name="b")(i)})
two.compile("sgd", {"a": "mse", "b": "mae"}, metrics={"a": ["mae"], "b": "mse"},
            loss_weights={"a": 1.0, "b": 0.5})
h = two.fit(x, {"a": y, "b": np.hstack([y, y])}, epochs=1, verbose=0)
print(sorted(h.history))
"""

SNIPPETS["dtype_policies"] = _TRY + """
L = keras.layers
d = L.Dense(2, dtype="mixed_float16")
d.build((None, 3))
print(d.dtype_policy, d.dtype, d.compute_dtype, d.variable_dtype, d.kernel.dtype)
print(d(np.ones((1, 3))).dtype, d.get_config()["dtype"])
p = keras.DTypePolicy("mixed_bfloat16")
print(repr(p), p.name, p.compute_dtype, p.variable_dtype, p.get_config())
print(keras.dtype_policies.get("float16"), keras.dtype_policies.serialize(p))
keras.config.set_dtype_policy("mixed_float16")
print(keras.config.dtype_policy(), L.Dense(1).dtype_policy, L.Dense(1).compute_dtype)
keras.config.set_dtype_policy("float32")
tryp("bad_policy", lambda: keras.DTypePolicy("float8"))
tryp("int_policy", lambda: keras.DTypePolicy("int32").compute_dtype)
e = L.Embedding(3, 2, dtype="float64")
e.build((None,))
print(e.embeddings.dtype, e(np.array([1])).dtype)
"""

SNIPPETS["keras_namespaces"] = """
# eagerflow's keras is both `import keras` and `tf.keras` (Keras 3's namespaces and what TF
# adds to them: the legacy RandomHeight, ThresholdedReLU, backend functions, ...): each
# module's names are those of the two together, less the layers that run JAX, Flax or
# PyTorch code and Orbax's checkpoint callback.
# At the top, tf.keras's alone: its dir() leaves out `saving` (which works), as eagerflow's
LEFT_OUT = {"FlaxLayer", "JaxLayer", "TorchModuleWrapper", "OrbaxCheckpoint"}
def names(root, path):
    m = root
    for part in filter(None, path.split(".")):
        m = getattr(m, part, None)
    return {n for n in dir(m) if not n.startswith("_")} if m is not None else set()
for mod in ["", "layers", "losses", "metrics", "models", "callbacks", "optimizers",
            "optimizers.schedules", "activations", "initializers", "regularizers",
            "constraints", "utils", "backend", "random", "saving", "ops", "applications",
            "preprocessing", "preprocessing.image", "preprocessing.sequence", "mixed_precision",
            "config", "export", "datasets", "dtype_policies", "quantizers", "tree", "ops.nn",
            "ops.image", "ops.linalg", "ops.numpy", "layers.experimental", "legacy",
            "utils.legacy", "visualization", "wrappers", "distribution"]:
    both = (names(keras, mod) if mod else set()) | names(tf.keras, mod)
    both = sorted(both - LEFT_OUT - {"src"})
    print(mod or "keras", len(both), " ".join(both))
"""

SNIPPETS["model_checkpoint_and_schedulers"] = _TRY + """
L = keras.layers
x = np.linspace(0, 1, 16, dtype="float32").reshape(-1, 1)
y = 3 * x
m = keras.Sequential([keras.Input((1,)), L.Dense(1, kernel_initializer="zeros")])
m.compile(keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
os.chdir(D)  # (the checkpoints' messages name their paths: relative ones)
pat = "w-{epoch:02d}-{loss:.1f}.weights.h5"
cbs = [keras.callbacks.ModelCheckpoint(pat, save_weights_only=True, monitor="loss",
                                       save_best_only=True, verbose=1),
       keras.callbacks.LearningRateScheduler(lambda e, lr: lr * 0.5, verbose=1),
       keras.callbacks.LambdaCallback(on_epoch_end=lambda e, logs: print("end", e,
                                      sorted(logs)))]
h = m.fit(x, y, epochs=3, verbose=0, callbacks=cbs)
print(sorted(os.listdir(D)), [round(float(v), 4) for v in h.history["learning_rate"]])
tryp("bad_suffix", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "w.h5"),
     save_weights_only=True))
tryp("bad_model_suffix", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "m.h6")))
tryp("bad_freq", lambda: keras.callbacks.ModelCheckpoint(os.path.join(D, "m.keras"),
     save_freq="often"))
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "best.keras"), monitor="val_loss",
                                     mode="max", save_best_only=True, initial_value_threshold=0.1)
print(ck.monitor, ck.best, ck.save_freq)
tn = keras.callbacks.TerminateOnNaN()
m2 = keras.Sequential([keras.Input((1,)), L.Dense(1)])
m2.compile(keras.optimizers.SGD(1e30), "mse")
h = m2.fit(x * 1e10, y, epochs=3, batch_size=4, verbose=0, callbacks=[tn])
print(len(h.history["loss"]), np.isnan(h.history["loss"][-1]) or np.isinf(h.history["loss"][-1]))
"""

SNIPPETS["optimizer_state_and_updates"] = _TRY + """
O = keras.optimizers
v = keras.Variable(np.array([1.0, 2.0], "float32"), name="v")
w = keras.Variable(np.array([3.0], "float32"), name="w")
opt = O.Adam(0.1)
print(repr(opt.iterations.numpy()), float(opt.learning_rate), opt.built, opt.variables[:1])
opt.apply_gradients([(np.array([0.5, -0.5], "float32"), v), (np.array([1.0], "float32"), w)])
print(v.numpy().round(5).tolist(), w.numpy().round(5).tolist(), int(opt.iterations))
print([x.path for x in opt.variables])
tryp("none_grad", lambda: opt.apply_gradients([(None, v)]))
tryp("shape_mismatch", lambda: opt.apply_gradients([(np.ones(3, "float32"), v)]))
tryp("new_var", lambda: opt.apply_gradients([(np.ones(1, "float32"),
     keras.Variable(np.ones(1, "float32"), name="late"))]))
opt.learning_rate = 0.01
print(float(opt.learning_rate), type(opt.learning_rate).__name__)
sgd = O.SGD(0.5, momentum=0.5)
sgd.apply([np.array([1.0, 1.0], "float32")], [v])
sgd.apply([np.array([1.0, 1.0], "float32")], [v])
print(v.numpy().round(5).tolist(), [x.path for x in sgd.variables])
ema = O.SGD(0.1, use_ema=True, ema_momentum=0.5)
z = keras.Variable(np.array([1.0], "float32"), name="z")
for _ in range(2):
    ema.apply_gradients([(np.array([1.0], "float32"), z)])
print(z.numpy().round(5).tolist(), [x.path for x in ema.variables])
ema.finalize_variable_values([z])
print(z.numpy().round(5).tolist())
clip = O.SGD(1.0, clipvalue=0.1)
c = keras.Variable(np.array([0.0, 0.0], "float32"), name="c")
clip.apply_gradients([(np.array([5.0, -0.05], "float32"), c)])
print(c.numpy().round(5).tolist())
gn = O.SGD(1.0, global_clipnorm=1.0)
gn.apply_gradients([(np.array([3.0, 4.0], "float32"), c)])
print(c.numpy().round(5).tolist())
for o in [O.SGD(0.1), O.SGD(0.1, momentum=0.9), O.Adam(amsgrad=True), O.AdamW(), O.RMSprop(),
          O.RMSprop(momentum=0.5, centered=True), O.Adagrad(), O.Nadam(), O.Adamax(), O.Lion(),
          O.Adadelta(), O.Ftrl()]:
    # a gradient of the wrong shape: each optimizer's first op refuses it
    tryp(type(o).__name__, lambda: o.apply_gradients([(np.ones(3, "float32"),
         keras.Variable(np.array([1.0, 2.0], "float32")))]))
acc = O.SGD(1.0, gradient_accumulation_steps=2)
a = keras.Variable(np.array([0.0], "float32"), name="a")
for g in (1.0, 3.0, 5.0):
    acc.apply_gradients([(np.array([g], "float32"), a)])
    print("acc", a.numpy().tolist(), int(acc.iterations))
"""
