"""kprobe22's last snippets: the warnings callbacks give when their metric is missing,
LearningRateScheduler's schedule forms and refusals, and keras.ops on KerasTensors (their
output specs as a functional model records them) (see cases.py)."""

from tests.keras.kprobe22.prelude import _TRY

SNIPPETS = {}

SNIPPETS["callback_warnings_missing_metrics"] = _TRY + """
import warnings
def warned(label, fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            quiet(fn)
        except Exception as e:
            print(label, type(e).__name__, str(e)[:200])
    # (Keras's own warnings: TF's NumPy DeprecationWarnings left out)
    print(label, [(w.category.__name__, str(w.message)[:160]) for w in caught
                  if w.category is UserWarning and "shuffle" not in str(w.message)])
os.chdir(D)
m = dense_model()
warned("es", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.EarlyStopping(monitor="val_loss")]))
warned("rlr", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.ReduceLROnPlateau(monitor="val_acc")]))
warned("rlr_loss", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.ReduceLROnPlateau(monitor="val_loss")]))
warned("ckpt", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.ModelCheckpoint("m.keras", monitor="val_mae", save_best_only=True)]))
warned("ckpt_loss", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.ModelCheckpoint("m.keras", save_best_only=True)]))
warned("es_mode", lambda: keras.callbacks.EarlyStopping(mode="up"))
warned("ckpt_mode", lambda: keras.callbacks.ModelCheckpoint("m.keras", mode="up"))
warned("rlr_mode", lambda: keras.callbacks.ReduceLROnPlateau(mode="up"))
print(sorted(os.listdir(".")))
"""

SNIPPETS["learning_rate_scheduler_forms"] = _TRY + """
m = dense_model(lr=0.1)
seen = []
def one_arg(epoch):
    return 0.5 / (epoch + 1)
def two_args(epoch, lr):
    seen.append(round(float(lr), 4))
    return lr * 0.5
h = quiet(lambda: m.fit(X, Y, epochs=3, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(one_arg, verbose=1)]))
print(logs4(h)["learning_rate"], round(float(m.optimizer.learning_rate), 4))
h = quiet(lambda: m.fit(X, Y, epochs=2, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(two_args, verbose=1)]))
print(seen, logs4(h)["learning_rate"])
h = quiet(lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e: np.float32(0.25), verbose=1)]))
print(logs4(h)["learning_rate"])
tryp("tensor", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e: keras.ops.convert_to_tensor(0.2))]))
tryp("string", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e: "0.1")]))
tryp("int", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(lambda e: 1)]) and "ran")
s = dense_model()
s.compile(optimizer=keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(
    0.1, 2, 0.5)), loss="mse")
tryp("on_schedule", lambda: s.fit(X, Y, epochs=1, verbose=0, callbacks=[
    keras.callbacks.LearningRateScheduler(one_arg)]))
"""

SNIPPETS["ops_on_keras_tensors_specs"] = _TRY + """
i = keras.Input((5,))
j = keras.Input((4, 6, 3))
ids = keras.Input((5,), dtype="int32")
def spec(label, fn):
    try:
        out = fn()
        outs = out if isinstance(out, (list, tuple)) else [out]
        print(label, type(out).__name__, [(o.shape, o.dtype) for o in outs])
    except Exception as e:
        print(label, type(e).__name__, (str(e).splitlines() or [""])[0][:200])
spec("top_k", lambda: keras.ops.top_k(i, 2))
spec("segment_max", lambda: keras.ops.segment_max(i, ids))
spec("segment_max_n", lambda: keras.ops.segment_max(i[0], ids[0], num_segments=3))
spec("searchsorted", lambda: keras.ops.searchsorted(i[0], i))
spec("slice_update", lambda: keras.ops.slice_update(i, (0, 1), keras.ops.ones((1, 2))))
spec("histogram", lambda: keras.ops.histogram(i[0], bins=4))
spec("resize", lambda: keras.ops.image.resize(j, (2, 3)))
spec("resize_cf", lambda: keras.ops.image.resize(j, (2, 3), data_format="channels_first"))
spec("crop", lambda: keras.ops.image.crop_images(j, 1, 1, target_height=2, target_width=3))
spec("patches", lambda: keras.ops.image.extract_patches(j, 2))
spec("hsv", lambda: keras.ops.image.rgb_to_hsv(j))
spec("gray", lambda: keras.ops.image.rgb_to_grayscale(j))
spec("digitize", lambda: keras.ops.digitize(i, np.array([0.0, 1.0])))
spec("bincount", lambda: keras.ops.bincount(ids, minlength=4))
spec("quantile", lambda: keras.ops.quantile(i, 0.5, axis=1))
m = keras.Model([i, ids], keras.ops.segment_sum(i[0], ids[0], num_segments=3))
print(m.output.shape, r4(m([np.ones((1, 5), "float32"), np.array([[0, 0, 1, 2, 2]])])))
"""

SNIPPETS["ops_keras_tensor_spec_quirks"] = _TRY + """
i = keras.Input((5,))
tryp("histogram_2d", lambda: [t.shape for t in keras.ops.histogram(i, bins=4)])
tryp("digitize_list", lambda: keras.ops.digitize(i, [0.0, 1.0]).shape)
tryp("histogram_2d_eager", lambda: keras.ops.histogram(np.ones((2, 5), "float32"), bins=4))
tryp("digitize_list_eager", lambda: keras.ops.digitize(np.ones((1, 5), "float32"), [0.0, 1.0]))
"""

SNIPPETS["ops_given_lists_and_numpy_scalars"] = _TRY + """
s = np.float32(2.0)
tryp("argmax_s", lambda: keras.ops.argmax(s, axis=1))
tryp("argmax_l", lambda: keras.ops.argmax([1.0, 2.0], axis=2))
tryp("tf_argmax_name", lambda: tf.argmax(np.ones(2), axis=3, output_type="int32"))
tryp("roll_s", lambda: keras.ops.roll(s, 1, axis=1))
tryp("tf_roll_0d", lambda: tf.roll(np.ones(()), 1, 0))
tryp("transpose_l", lambda: keras.ops.transpose([[1, 2]], (0, 2)))
tryp("split_l", lambda: keras.ops.split([1, 2, 3], 2))
tryp("split_np", lambda: keras.ops.split(np.array([1, 2, 3]), 2))
tryp("stack_l", lambda: keras.ops.stack([[1], [1, 2]]))
tryp("tf_stack_np", lambda: tf.stack([np.ones(1), np.ones(2)]))
tryp("segsum_l", lambda: keras.ops.segment_sum([1.0, 2.0], [0, 5], num_segments=2))
tryp("logsumexp_l", lambda: keras.ops.logsumexp([1.0], axis=2))
tryp("softmax_s", lambda: keras.ops.softmax(s, axis=1))
tryp("tf_log_softmax_s", lambda: tf.nn.log_softmax(np.float32(1), axis=0))
tryp("conv_np_empty", lambda: keras.ops.conv(np.ones((1, 3, 1), "float32"),
     np.ones((4, 1, 1), "float32")))
tryp("conv_t_empty", lambda: keras.ops.conv(tf.ones((1, 3, 1)), np.ones((4, 1, 1), "float32")))
tryp("patches_np_empty", lambda: keras.ops.image.extract_patches(np.ones((1, 2, 2, 1),
     "float32"), 3))
tryp("patches_one_empty", lambda: keras.ops.image.extract_patches(np.ones((2, 2, 1),
     "float32"), 3))
"""

SNIPPETS["ops_given_nested_lists"] = _TRY + """
tryp("concat_l", lambda: keras.ops.concatenate([[1], [[1]]]))
tryp("einsum_l", lambda: keras.ops.einsum("ij,jk->ik", [[1.0]], [[1.0, 2.0], [3.0, 4.0]]))
tryp("loss_class_l", lambda: keras.losses.SparseCategoricalCrossentropy()([0, 1], [[0.5, 0.5],
     [0.2, 0.8]]))
"""

SNIPPETS["ops_given_lists_as_items"] = _TRY + """
T = keras.ops.convert_to_tensor
tryp("concat_lists", lambda: keras.ops.concatenate([[1, 2], [3]]))
tryp("concat_tuple_item", lambda: keras.ops.concatenate([T([1]), np.array([2.]), (3,)]))
tryp("concat_arrays", lambda: keras.ops.concatenate([np.array([1]), np.array([2.])]))
tryp("concat_numbers", lambda: keras.ops.concatenate([1, 2]))
tryp("einsum_tuple", lambda: keras.ops.einsum("i,i->", T([1., 2.]), (3., 4.)))
tryp("einsum_arrays", lambda: keras.ops.einsum("i,i->", np.array([1., 2.]), np.array([3, 4])))
tryp("hstack_numbers", lambda: keras.ops.hstack([1, 2]))
tryp("hstack_lists", lambda: keras.ops.hstack(([1, 2], [3])))
tryp("hstack_mixed", lambda: keras.ops.hstack([[1, 2], np.array([3])]))
tryp("hstack_arrays", lambda: keras.ops.hstack([np.array([3]), np.array([1., 2.])]))
tryp("vstack_lists", lambda: keras.ops.vstack([[1, 2], [3, 4]]))
tryp("mse_list_tensor", lambda: keras.losses.MeanSquaredError()([0., 1.], T([1., 1.])))
tryp("mse_tensor_list", lambda: keras.losses.MeanSquaredError()(T([0., 1.]), [1., 1.]))
tryp("mse_lists", lambda: keras.losses.MeanSquaredError()([[0., 1.]], [[1., 1.]]))
tryp("bce_tuple_list", lambda: keras.losses.BinaryCrossentropy()((0., 1.), [1., 1.]))
"""

SNIPPETS["losses_metrics_given_lists"] = _TRY + """
for label, fn in [
        ("scce_l", lambda: keras.losses.sparse_categorical_crossentropy([1, 0], [[0.2, 0.8],
                                                                            [0.5, 0.5]])),
        ("scce_np", lambda: keras.losses.sparse_categorical_crossentropy(
            np.array([1, 0]), [[0.2, 0.8], [0.5, 0.5]])),
        ("scce_rank", lambda: keras.losses.sparse_categorical_crossentropy(
            np.array([[[1]]]), np.array([[0.5, 0.5]]))),
        ("scce_metric_l", lambda: keras.metrics.SparseCategoricalCrossentropy()(
            [0, 1], [[0.5, 0.5], [0.2, 0.8]])),
        ("mse_shape", lambda: keras.losses.MeanSquaredError()(np.ones((2, 3)), np.ones((2, 4)))),
        ("acc_shape", lambda: keras.metrics.Accuracy()(np.ones((2, 2)), np.ones((2, 3)))),
        ("mean_sw_shape", lambda: keras.metrics.Mean()([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0])),
        ("iou_range", lambda: keras.metrics.MeanIoU(2)([0, 3], [1, 1])),
        ("r2_rank", lambda: keras.metrics.R2Score()([1.0, 2.0], [1.5, 2.5]))]:
    tryp(label, fn)
"""

SNIPPETS["text_and_numeric_inputs_model"] = _TRY + """
i = keras.Input((), dtype="string", name="text")
tv = layers.TextVectorization(max_tokens=10, output_sequence_length=4, name="tv")
tv.adapt(np.array(["a b c", "b c d", "c d e"]))
x = layers.GlobalAveragePooling1D(name="gap")(layers.Embedding(10, 2, name="emb")(tv(i)))
n = keras.Input((2,), name="num")
norm = layers.Normalization(name="norm")
norm.adapt(np.array([[1.0, 2.0], [3.0, 6.0]]))
o = layers.Dense(1, name="out")(layers.Concatenate(name="cat")([x, norm(n)]))
m = keras.Model({"text": i, "num": n}, o, name="mixed")
m.summary(show_trainable=True)
cfg = m.get_config()
print(sorted(cfg), [l["class_name"] for l in cfg["layers"]])
print(cfg["input_layers"], cfg["output_layers"])
tryp("predict_str", lambda: m.predict({"text": np.array(["a b", "e"]),
     "num": np.ones((2, 2), "float32")}, verbose=0))
j = keras.Input((1,), dtype="string")
sl = layers.StringLookup(vocabulary=["x", "y"], output_mode="one_hot")
print(sl(j).shape, sl(j).dtype)
k = keras.Input((3,), dtype="int64")
hashed = layers.Hashing(5)(k)
print(hashed.dtype, layers.CategoryEncoding(5, "multi_hot")(hashed).shape)
print(layers.IntegerLookup(vocabulary=[1, 2])(k).dtype,
      layers.IntegerLookup(vocabulary=[1, 2], output_mode="count")(k).shape)
print(layers.Discretization(bin_boundaries=[0.5])(keras.Input((3,))).dtype)
print(layers.HashedCrossing(4)((keras.Input((1,), dtype="int64"),
                                keras.Input((1,), dtype="string"))).shape)
"""

SNIPPETS["functional_model_of_ops"] = _TRY + """
O = keras.ops
i = keras.Input((4,), name="x")
a = O.add(i, 1.0)
c = O.concatenate([O.top_k(a, 2)[0], O.softmax(a)[:, :2]], axis=-1)
d = layers.Dense(1, name="d")(c * 2)
m = keras.Model(i, O.where(d > 0, d, O.zeros_like(d)), name="opsy")
fill(m)
m.summary()
cfg = m.get_config()
print([(l["class_name"], l["name"]) for l in cfg["layers"]])
m2 = keras.Model.from_config(m.get_config())
m2.set_weights(m.get_weights())
x = np.arange(8, dtype="float32").reshape(2, 4) / 8
print(r4(m(x)), np.allclose(m(x), m2(x)), [l.name for l in m2.layers])
"""

SNIPPETS["callbacks_given_odd_arguments"] = _TRY + """
os.chdir(D)
def mk():
    return dense_model(metrics=["mae"])
def run(label, fn):
    try:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            r = fn()
        print(label, "History" if hasattr(r, "history") else r, buf.getvalue().replace(D, "TMP"))
    except Exception as e:
        print(label, type(e).__name__, str(e).replace(D, "TMP")[:220])
C = keras.callbacks
run("ckpt_missing_key", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[
    C.ModelCheckpoint("w-{val_loss:.2f}.keras")]))
run("ckpt_int_fmt", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[
    C.ModelCheckpoint("w-{epoch:d}.weights.h5", save_weights_only=True)]) and
    sorted(os.listdir(".")))
run("ckpt_nested_dir", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[
    C.ModelCheckpoint("a/b/m.keras")]) and sorted(os.listdir("a/b")))
run("ckpt_freq_bad", lambda: C.ModelCheckpoint("m.keras", save_freq="often"))
run("ckpt_freq_int", lambda: mk().fit(X, Y, epochs=2, batch_size=4, verbose=0, callbacks=[
    C.ModelCheckpoint("s{epoch}-{batch}.keras", save_freq=3)]) and
    sorted(f for f in os.listdir(".") if f.startswith("s")))
run("es_patience_neg", lambda: len(mk().fit(X, Y, epochs=3, verbose=0, callbacks=[
    C.EarlyStopping(monitor="loss", patience=-1)]).epoch))
run("csv_missing_dir", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[
    C.CSVLogger("nodir/log.csv")]))
run("backup_freq", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[
    C.BackupAndRestore("bk", save_freq=2)]) and sorted(os.listdir("bk")))
run("lambda_bad_kw", lambda: type(C.LambdaCallback(on_epoch=lambda e, l: None)).__name__)
run("not_a_callback", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[lambda: None]))
run("nested_list", lambda: mk().fit(X, Y, epochs=1, verbose=0, callbacks=[[C.History()]]))
run("rlr_epsilon", lambda: C.ReduceLROnPlateau(epsilon=0.1).min_delta)
"""
