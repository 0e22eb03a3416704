# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Classification on imbalanced data" tutorial, its data preparation and
oversampling part, on a seeded credit-card-like table (NumPy in place of pandas and
scikit-learn): the log of the amount, a train/val/test split, standardization and
clipping, the metrics list, the initial bias checked by the zero-bias and careful-bias
losses, oversampling by NumPy indexing and by tf.data (sample_from_datasets with weights,
a repeated positive stream, steps_per_epoch), the confusion matrix, and tf.data's
rejection_resample of the same classes."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(21)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(21)

# -- a credit-card-like table: Time, V1..V6, Amount, Class (about 6% positive)
n = 600
cls = (rng.random(n) < 0.06).astype(np.int64)
V = rng.normal(size=(n, 6))
V[:, 0] -= 1.5 * cls
V[:, 3] += 1.2 * cls
amount = rng.exponential(80.0, n)
amount[:4] = 0.0
time = np.sort(rng.uniform(0, 172800, n))

neg, pos = np.bincount(cls)
total = neg + pos
print('Examples:\n    Total: {}\n    Positive: {} ({:.2f}% of total)\n'.format(
    total, pos, 100 * pos / total))

# You don't want the `Time` column; the `Amount` column covers a huge range: log-space.
eps = 0.001  # 0 => 0.1¢
log_amount = np.log(amount + eps)
print(np.round(log_amount[:6], 4))

features = np.concatenate([V, log_amount[:, None]], axis=1)
order = rng.permutation(n)
features, cls = features[order], cls[order]
train_features, test_features = features[:480], features[480:]
train_labels, test_labels = cls[:480].reshape(-1, 1), cls[480:].reshape(-1, 1)
train_features, val_features = train_features[:384], train_features[384:]
train_labels, val_labels = train_labels[:384], train_labels[384:]

bool_train_labels = train_labels[:, 0] != 0
print(train_labels.shape, val_labels.shape, test_labels.shape, int(bool_train_labels.sum()))

# StandardScaler's fit on the training features, as NumPy
mean, scale = train_features.mean(axis=0), train_features.std(axis=0)
train_features = (train_features - mean) / scale
val_features = (val_features - mean) / scale
test_features = (test_features - mean) / scale
train_features = np.clip(train_features, -5, 5)
val_features = np.clip(val_features, -5, 5)
test_features = np.clip(test_features, -5, 5)
print('Training features shape:', train_features.shape)
print('Validation features shape:', val_features.shape)
print('Test features shape:', test_features.shape)
print(np.round(train_features.min(), 4), np.round(train_features.max(), 4))

METRICS = [
    keras.metrics.BinaryCrossentropy(name='cross entropy'),  # same as model's loss
    keras.metrics.MeanSquaredError(name='Brier score'),
    keras.metrics.TruePositives(name='tp'),
    keras.metrics.FalsePositives(name='fp'),
    keras.metrics.TrueNegatives(name='tn'),
    keras.metrics.FalseNegatives(name='fn'),
    keras.metrics.BinaryAccuracy(name='accuracy'),
    keras.metrics.Precision(name='precision'),
    keras.metrics.Recall(name='recall'),
    keras.metrics.AUC(name='auc'),
    keras.metrics.AUC(name='prc', curve='PR'),  # precision-recall curve
]


def make_model(metrics=METRICS, output_bias=None):
    if output_bias is not None:
        output_bias = tf.keras.initializers.Constant(output_bias)
    model = keras.Sequential([
        keras.layers.Dense(
            16, activation='relu',
            input_shape=(train_features.shape[-1],)),
        keras.layers.Dropout(0.5),
        keras.layers.Dense(1, activation='sigmoid',
                           bias_initializer=output_bias),
    ])

    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=1e-3),
        loss=keras.losses.BinaryCrossentropy(),
        metrics=metrics)

    return model


EPOCHS = 3
BATCH_SIZE = 64

model = make_model()
model.summary()
print(np.round(model.predict(train_features[:10], verbose=0), 4)[:3, 0])

results = model.evaluate(train_features, train_labels, batch_size=BATCH_SIZE, verbose=0)
print("Loss: {:0.4f}".format(results[0]))

initial_bias = np.log([pos/neg])
print(np.round(initial_bias, 5))
model = make_model(output_bias=initial_bias)
print(np.round(model.predict(train_features[:10], verbose=0), 4)[:3, 0])
results = model.evaluate(train_features, train_labels, batch_size=BATCH_SIZE, verbose=0)
print("Loss: {:0.4f}".format(results[0]))
print(round(float(pos / total * np.log(pos / total) * -1 - neg / total * np.log(neg / total)), 4))

initial_weights = model.get_weights()

# -- oversampling with NumPy
pos_features = train_features[bool_train_labels]
neg_features = train_features[~bool_train_labels]

pos_labels = train_labels[bool_train_labels]
neg_labels = train_labels[~bool_train_labels]

ids = np.arange(len(pos_features))
choices = rng.choice(ids, len(neg_features))

res_pos_features = pos_features[choices]
res_pos_labels = pos_labels[choices]

print(res_pos_features.shape)

resampled_features = np.concatenate([res_pos_features, neg_features], axis=0)
resampled_labels = np.concatenate([res_pos_labels, neg_labels], axis=0)

order = np.arange(len(resampled_labels))
rng.shuffle(order)
resampled_features = resampled_features[order]
resampled_labels = resampled_labels[order]

print(resampled_features.shape, round(float(resampled_labels.mean()), 4))

# -- oversampling with tf.data
BUFFER_SIZE = 100000


def make_ds(features, labels):
    ds = tf.data.Dataset.from_tensor_slices((features, labels))  # .cache()
    ds = ds.shuffle(BUFFER_SIZE, seed=4).repeat()
    return ds


pos_ds = make_ds(pos_features, pos_labels)
neg_ds = make_ds(neg_features, neg_labels)

for features, label in pos_ds.take(1):
    print("Features:\n", features.numpy())
    print()
    print("Label: ", label.numpy())
print(pos_ds.element_spec)

resampled_ds = tf.data.Dataset.sample_from_datasets([pos_ds, neg_ds], weights=[0.5, 0.5], seed=6)
# (no .prefetch(2): a prefetching iterator dropped after take(1) would leave the
# shuffles' seeds wherever its thread got to, a race in TF)
resampled_ds = resampled_ds.batch(BATCH_SIZE)
print(resampled_ds.element_spec)
print(resampled_ds.cardinality().numpy() == tf.data.INFINITE_CARDINALITY)

for features, label in resampled_ds.take(1):
    print(label.numpy().mean())

resampled_steps_per_epoch = np.ceil(2.0*neg/BATCH_SIZE)
print(resampled_steps_per_epoch)
resampled_steps_per_epoch = int(np.ceil(2.0 * len(neg_features) / BATCH_SIZE))
print(resampled_steps_per_epoch)

resampled_model = make_model()
resampled_model.set_weights(initial_weights)

# Reset the bias to zero, since this dataset is balanced.
output_layer = resampled_model.layers[-1]
output_layer.bias.assign([0])

val_ds = tf.data.Dataset.from_tensor_slices((val_features, val_labels)).cache()
val_ds = val_ds.batch(BATCH_SIZE).prefetch(2)

resampled_history = resampled_model.fit(
    resampled_ds,
    epochs=EPOCHS,
    steps_per_epoch=resampled_steps_per_epoch,
    validation_data=val_ds, verbose=0)
print(resampled_history.params)
for k in ['loss', 'tp', 'fp', 'tn', 'fn', 'val_loss', 'val_prc', 'val_recall']:
    print(k, [round(float(v), 4) for v in resampled_history.history[k]])

# Re-train with 20 "epochs" of 20 batches, early stopping on val_prc
early_stopping = tf.keras.callbacks.EarlyStopping(
    monitor='val_prc',
    verbose=1,
    patience=3,
    mode='max',
    restore_best_weights=True)
# (the datasets made anew: the first fit's iterator, dropped, leaves the shuffles' seeds
# wherever tf.data's injected prefetch thread got to, a race in TF)
pos_ds = make_ds(pos_features, pos_labels)
neg_ds = make_ds(neg_features, neg_labels)
resampled_ds = tf.data.Dataset.sample_from_datasets([pos_ds, neg_ds], weights=[0.5, 0.5], seed=6)
resampled_ds = resampled_ds.batch(BATCH_SIZE)
resampled_model = make_model()
resampled_model.set_weights(initial_weights)
output_layer = resampled_model.layers[-1]
output_layer.bias.assign([0])
resampled_history = resampled_model.fit(
    resampled_ds,
    # These are not real epochs
    steps_per_epoch=2,
    epochs=4,
    callbacks=[early_stopping],
    validation_data=(val_ds), verbose=0)
print(len(resampled_history.history['loss']), early_stopping.stopped_epoch, early_stopping.best is not None)
for k in ['loss', 'val_loss', 'val_prc']:
    print(k, [round(float(v), 4) for v in resampled_history.history[k]])
print(early_stopping.best_epoch, round(float(early_stopping.best), 4))

train_predictions_resampled = resampled_model.predict(train_features, batch_size=BATCH_SIZE, verbose=0)
test_predictions_resampled = resampled_model.predict(test_features, batch_size=BATCH_SIZE, verbose=0)
resampled_results = resampled_model.evaluate(test_features, test_labels,
                                             batch_size=BATCH_SIZE, verbose=0)
for name, value in zip(resampled_model.metrics_names, resampled_results):
    print(name, ': ', round(float(value), 4))
print(resampled_model.metrics_names)


def plot_cm(labels, predictions, threshold=0.5):
    cm = tf.math.confusion_matrix(labels, predictions > threshold)
    print('Legitimate Transactions Detected (True Negatives): ', cm[0][0].numpy())
    print('Legitimate Transactions Incorrectly Detected (False Positives): ', cm[0][1].numpy())
    print('Fraudulent Transactions Missed (False Negatives): ', cm[1][0].numpy())
    print('Fraudulent Transactions Detected (True Positives): ', cm[1][1].numpy())
    print('Total Fraudulent Transactions: ', np.sum(cm[1]))


plot_cm(test_labels, test_predictions_resampled[:, 0])
plot_cm(test_labels, test_predictions_resampled[:, 0], threshold=0.1)

# -- tf.data's guide: rejection resampling of the same classes
train_ds = tf.data.Dataset.from_tensor_slices((train_features, train_labels[:, 0]))


def class_func(features, label):
    return label


resampled = train_ds.repeat().rejection_resample(
    class_func, target_dist=[0.5, 0.5], initial_dist=[neg / total, pos / total], seed=8)
print(resampled.element_spec)
balanced_ds = resampled.map(lambda extra_label, features_and_label: features_and_label)
for features, labels in balanced_ds.batch(20).take(3):
    print(labels.numpy())
