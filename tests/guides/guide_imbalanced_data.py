"""TF's "Classification on imbalanced data" tutorial on a small seeded synthetic dataset: the
initial output bias, the metrics list (TP/FP/TN/FN, accuracy, precision, recall, ROC and PR
AUC), class_weight in fit, the per-epoch history and the metrics of evaluate."""

import numpy as np
import tensorflow as tf

keras = tf.keras

keras.utils.set_random_seed(3)
rng = np.random.default_rng(0)
n = 400
labels = (rng.random(n) < 0.1).astype("int64")
features = rng.normal(size=(n, 5)).astype("float32")
features[:, 0] += 1.5 * labels
features[:, 1] -= 1.0 * labels
neg, pos = np.bincount(labels)
total = neg + pos
print(f"Examples:\n    Total: {total}\n    Positive: {pos} ({100 * pos / total:.2f}% of total)\n")

METRICS = [
    keras.metrics.BinaryCrossentropy(name="cross entropy"),
    keras.metrics.MeanSquaredError(name="Brier score"),
    keras.metrics.TruePositives(name="tp"),
    keras.metrics.FalsePositives(name="fp"),
    keras.metrics.TrueNegatives(name="tn"),
    keras.metrics.FalseNegatives(name="fn"),
    keras.metrics.BinaryAccuracy(name="accuracy"),
    keras.metrics.Precision(name="precision"),
    keras.metrics.Recall(name="recall"),
    keras.metrics.AUC(name="auc"),
    keras.metrics.AUC(name="prc", curve="PR"),
]
for m in METRICS:
    print(type(m).__name__, m.name, m.dtype)
print(METRICS[9].num_thresholds, METRICS[9].curve, METRICS[10].curve, METRICS[9].summation_method)


def make_model(metrics=METRICS, output_bias=None):
    if output_bias is not None:
        output_bias = keras.initializers.Constant(output_bias)
    model = keras.Sequential([
        keras.Input(shape=(features.shape[-1],)),
        keras.layers.Dense(16, activation="relu"),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(1, activation="sigmoid", bias_initializer=output_bias),
    ])
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3),
                  loss=keras.losses.BinaryCrossentropy(), metrics=metrics)
    return model


early_stopping = keras.callbacks.EarlyStopping(monitor="val_prc", verbose=1, patience=10,
                                               mode="max", restore_best_weights=True)
print(early_stopping.monitor, early_stopping.mode, early_stopping.patience)

initial_bias = np.log([pos / neg])
print("initial bias", np.round(initial_bias, 5))
model = make_model()
print(model.predict(features[:10], verbose=0).shape)
try:
    model.evaluate(features, labels, batch_size=64, verbose=0)
except ValueError as e:
    print("ValueError", e)
labels = labels[:, None]
results = model.evaluate(features, labels, batch_size=64, verbose=0)
print(len(results), [type(r).__name__ for r in results][:3])
model = make_model(output_bias=initial_bias)
print(np.round(model.layers[-1].bias.numpy(), 5))
p0 = model.predict(features[:10], verbose=0)
print(p0.shape, p0.dtype)
results = model.evaluate(features, labels, batch_size=64, verbose=0, return_dict=True)
print(sorted(results))
initial_weights = model.get_weights()
print([w.shape for w in initial_weights])

weight_for_0 = (1 / neg) * (total / 2.0)
weight_for_1 = (1 / pos) * (total / 2.0)
class_weight = {0: weight_for_0, 1: weight_for_1}
print(f"Weight for class 0: {weight_for_0:.2f}")
print(f"Weight for class 1: {weight_for_1:.2f}")

split = 320
train_x, val_x = features[:split], features[split:]
train_y, val_y = labels[:split], labels[split:]

for name, cw in [("baseline", None), ("weighted", class_weight)]:
    keras.utils.set_random_seed(5)
    m = make_model()
    m.set_weights(initial_weights)
    h = m.fit(train_x, train_y, batch_size=64, epochs=3, validation_data=(val_x, val_y),
              class_weight=cw, callbacks=[early_stopping], verbose=0)
    print(name, h.params, sorted(h.history))
    for k in ["loss", "tp", "fp", "tn", "fn", "val_prc", "val_auc", "val_recall"]:
        print(" ", k, [round(float(v), 3) for v in h.history[k]])
    ev = m.evaluate(val_x, val_y, batch_size=64, verbose=0, return_dict=True)
    print(" ", {k: round(float(v), 3) for k, v in ev.items()})
    pred = m.predict(val_x, batch_size=64, verbose=0)
    cm = tf.math.confusion_matrix(val_y, pred[:, 0] > 0.5)
    print(cm)

m = keras.metrics.AUC(num_thresholds=5, curve="PR")
m.update_state([0, 0, 1, 1, 1], [0.1, 0.6, 0.4, 0.8, 0.9])
print(m.thresholds, round(float(m.result()), 5))
print(m.true_positives.numpy(), m.false_positives.numpy())
p = keras.metrics.Precision(thresholds=[0.3, 0.7])
p.update_state([0, 1, 1, 0], [0.5, 0.8, 0.2, 0.9])
print(p.result())
r = keras.metrics.Recall(top_k=1)
r.update_state([[0, 1, 0]], [[0.2, 0.7, 0.1]])
print(r.result())
try:
    make_model().fit(train_x, train_y, class_weight={0: 1.0, 2: 3.0}, epochs=1, verbose=0)
except Exception as e:
    print(type(e).__name__, str(e)[:200])
