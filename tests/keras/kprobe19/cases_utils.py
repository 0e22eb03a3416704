"""kprobe19's snippets on keras.utils and callbacks: to_categorical, pad_sequences'
options, timeseries_dataset_from_array, split_dataset, get_file from a local origin and its
errors, LambdaCallback, CSVLogger's file, TerminateOnNaN, LearningRateScheduler's logs,
and the stateful metrics Mean, Sum and MeanMetricWrapper (see cases.py)."""

from tests.keras.kprobe19.prelude import _TRY

SNIPPETS = {}

SNIPPETS["to_categorical_variants"] = _TRY + """
U = keras.utils
print(U.to_categorical([0, 2, 1]).tolist(), U.to_categorical([0, 2, 1]).dtype)
print(U.to_categorical(np.array([[1], [3]]), num_classes=4).shape)
print(U.to_categorical(np.array([[1, 0], [2, 1]])).shape)
print(U.to_categorical(np.array([1.0, 2.0])).tolist())
tryp("tensor", lambda: U.to_categorical(tf.constant([1, 0]), 3))
tryp("too_few_classes", lambda: U.to_categorical([3], num_classes=2))
tryp("negative", lambda: U.to_categorical([-1], num_classes=3))
print(U.to_categorical(np.array(2)).tolist())
tryp("empty", lambda: U.to_categorical([]).shape)
"""

SNIPPETS["pad_sequences_options"] = _TRY + """
ps = keras.utils.pad_sequences
seqs = [[1, 2, 3], [4], [5, 6, 7, 8, 9]]
print(ps(seqs).tolist())
print(ps(seqs, maxlen=3, padding="post", truncating="post").tolist())
print(ps(seqs, maxlen=2, truncating="pre", value=-1).tolist(), ps(seqs, maxlen=2).dtype)
print(ps([[0.5, 1.5], [2.5]], dtype="float32", value=0.25).tolist())
print(ps([["a", "b"], ["c"]], dtype=object, value="_").tolist())
print(ps([[], [1]]).tolist())
tryp("empty", lambda: ps([]).shape)
tryp("bad_truncating", lambda: ps(seqs, maxlen=2, truncating="middle"))
tryp("bad_padding", lambda: ps(seqs, padding="middle"))
tryp("string_value_int", lambda: ps([["a"]], value="x"))
tryp("not_iterable", lambda: ps([1, 2]))
tryp("ragged_items", lambda: ps([[[1, 2]], [[3]]]))
"""

SNIPPETS["timeseries_from_array_options"] = _TRY + """
data = np.arange(20, dtype="float32").reshape(10, 2)
ds = keras.utils.timeseries_dataset_from_array(data, np.arange(10), sequence_length=3,
    sequence_stride=2, sampling_rate=2, batch_size=2)
for x, y in ds:
    print(x.shape, x.numpy()[:, :, 0].tolist(), y.numpy().tolist())
ds = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=4,
    start_index=2, end_index=8, batch_size=10)
print([b.numpy()[:, :, 1].tolist() for b in ds])
print(ds.element_spec)
tryp("zero_length", lambda: keras.utils.timeseries_dataset_from_array(data, None, 0))
tryp("bad_stride", lambda: keras.utils.timeseries_dataset_from_array(data, None, 2,
     sequence_stride=0))
tryp("end_before_start", lambda: keras.utils.timeseries_dataset_from_array(data, None, 2,
     start_index=5, end_index=3))
tryp("targets_length", lambda: keras.utils.timeseries_dataset_from_array(data, np.arange(3), 2))
"""

SNIPPETS["split_dataset_options"] = _TRY + """
a = np.arange(10)
left, right = keras.utils.split_dataset(a, left_size=0.3)
print(len(left), len(right), [int(v) for v in left], left.element_spec)
left, right = keras.utils.split_dataset((a, a * 2), left_size=4, right_size=3)
print(len(left), len(right), [(int(x), int(y)) for x, y in right])
ds = tf.data.Dataset.range(6)
left, right = keras.utils.split_dataset(ds, right_size=2)
print([int(v) for v in left], [int(v) for v in right])
tryp("dict", lambda: keras.utils.split_dataset({"x": a[:4], "y": a[:4] + 1}, left_size=0.5))
tryp("both_none", lambda: keras.utils.split_dataset(a))
tryp("too_big", lambda: keras.utils.split_dataset(a, left_size=11))
tryp("sum_over", lambda: keras.utils.split_dataset(a, left_size=0.6, right_size=0.6))
tryp("float_over_one", lambda: keras.utils.split_dataset(a, left_size=1.5))
tryp("string_size", lambda: keras.utils.split_dataset(a, left_size="half"))
"""

SNIPPETS["get_file_local_and_errors"] = _TRY + """
src = os.path.join(D, "data.txt")
with open(src, "w") as f:
    f.write("hello")
cache = os.path.join(D, "cache")
os.makedirs(cache)  # (Keras falls back on /tmp/.keras for a folder it cannot write to)
p = timeless(lambda: quiet(lambda: keras.utils.get_file("copy.txt", origin="file://" + src,
                                                        cache_dir=cache)))
print(p.replace(D, "TMP"), open(p).read())
p2 = quiet(lambda: keras.utils.get_file("copy.txt", origin="file://" + src, cache_dir=cache))
print(p2 == p)
tryp("no_origin", lambda: keras.utils.get_file("x.txt", cache_dir=cache))
tryp("missing_file", lambda: quiet(lambda: keras.utils.get_file("gone.txt",
     origin="file://" + os.path.join(D, "nope.txt"), cache_dir=cache)))
tryp("bad_hash", lambda: quiet(lambda: keras.utils.get_file("h.txt", origin="file://" + src,
     cache_dir=cache, file_hash="0" * 64)))
tryp("no_fname", lambda: keras.utils.get_file(origin="file://" + src + "/", cache_dir=cache))
"""

SNIPPETS["lambda_callback_hooks"] = _TRY + """
events = []
cb = keras.callbacks.LambdaCallback(
    on_train_begin=lambda logs: events.append(("train_begin", sorted(logs or {}))),
    on_epoch_end=lambda epoch, logs: events.append(("epoch_end", epoch, sorted(logs))),
    on_train_batch_begin=lambda batch, logs: events.append(("batch_begin", batch)),
    on_train_end=lambda logs: events.append(("train_end", sorted(logs or {}))),
    on_predict_end=lambda logs: events.append(("predict_end", logs)))
m = dense_model(metrics=["mae"])
m.fit(X, Y, epochs=2, batch_size=4, verbose=0, callbacks=[cb], validation_data=(X, Y))
m.predict(X, verbose=0, callbacks=[cb])
m.evaluate(X, Y, verbose=0, callbacks=[cb])
for e in events:
    print(e)
cb2 = keras.callbacks.LambdaCallback(on_test_end=lambda logs: print("test_end", sorted(logs)))
m.evaluate(X, Y, verbose=0, callbacks=[cb2])
print(hasattr(cb2, "on_test_end"), cb2.on_epoch_begin(0))
"""

SNIPPETS["csv_logger_contents"] = _TRY + """
path = os.path.join(D, "log.csv")
m = dense_model(metrics=["mae"])
m.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0, validation_data=(X, Y),
      callbacks=[keras.callbacks.CSVLogger(path)])
def show(p):
    for line in open(p).read().splitlines():
        print(",".join(c if not re.match(r"^-?[0-9.e-]+$", c) or "." not in c else
                       str(round(float(c), 4)) for c in line.split(",")))
show(path)
m.fit(X, Y, epochs=1, batch_size=8, verbose=0,
      callbacks=[keras.callbacks.CSVLogger(path, separator=";", append=True)])
print(open(path).read().count("\\n"), open(path).read().splitlines()[-1].count(";"))
tryp("bad_dir", lambda: m.fit(X, Y, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger(
     os.path.join(D, "no", "such", "dir.csv"))]))
"""

SNIPPETS["terminate_on_nan"] = _TRY + """
Xn = X.copy()
Xn[5] = np.nan
m = dense_model()
h = timeless(lambda: m.fit(Xn, Y, epochs=3, batch_size=2, shuffle=False, verbose=0,
                          callbacks=[keras.callbacks.TerminateOnNaN()]))
print(h.epoch, [str(round(v, 4)) for v in h.history["loss"]], m.stop_training)
m = dense_model()
h = m.fit(Xn, Y, epochs=2, batch_size=2, shuffle=False, verbose=0)
print(h.epoch, [str(v) for v in h.history["loss"]])
"""

SNIPPETS["learning_rate_scheduler_logs"] = _TRY + """
def schedule(epoch, lr):
    return lr * 0.5 if epoch > 0 else lr
m = dense_model(0.2)
h = m.fit(X, Y, epochs=3, batch_size=8, verbose=0,
          callbacks=[keras.callbacks.LearningRateScheduler(schedule, verbose=1)])
print(sorted(h.history), r4(h.history["learning_rate"]), r4(m.optimizer.learning_rate))
m = dense_model(0.2)
h = m.fit(X, Y, epochs=2, batch_size=8, verbose=0,
          callbacks=[keras.callbacks.LearningRateScheduler(lambda e: 0.01 * (e + 1))])
print(r4(h.history["learning_rate"]))
tryp("returns_string", lambda: dense_model().fit(X, Y, epochs=1, verbose=0,
     callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: "fast")]))
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile(optimizer=keras.optimizers.SGD(keras.optimizers.schedules.ExponentialDecay(0.1, 1,
          0.5)), loss="mse")
tryp("on_schedule", lambda: m.fit(X, Y, epochs=1, verbose=0,
     callbacks=[keras.callbacks.LearningRateScheduler(lambda e, lr: lr)]))
"""

SNIPPETS["stateful_metric_builtins"] = _TRY + """
mean = keras.metrics.Mean(name="m")
mean.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 1.0])
s = keras.metrics.Sum()
s.update_state(np.array([[1.0, 2.0], [3.0, 4.0]]))
print(r4(mean.result()), r4(s.result()), [v.path for v in mean.variables], s.name)
w = keras.metrics.MeanMetricWrapper(fn=lambda yt, yp: keras.ops.abs(yt - yp), name="absdiff")
w.update_state(np.array([1.0, 2.0]), np.array([0.0, 4.0]))
print(r4(w.result()), w.name)
tryp("lambda_config", lambda: sorted(w.get_config()))
for mt in (mean, s, w):
    mt.reset_state()
print(r4(mean.result()), r4(s.result()), r4(w.result()))
print(r4(keras.metrics.Mean()(np.array([2.0, 4.0]))),
      repr(keras.metrics.Mean(dtype="float16").dtype))
tryp("bad_weight_shape", lambda: keras.metrics.Mean().update_state([1.0, 2.0],
     sample_weight=[1.0, 2.0, 3.0]))
"""
