"""TF's "Overfit and underfit" tutorial on a small seeded dataset: the InverseTimeDecay
schedule's values, tiny/small models with model.summary, L2 weight regularization (its loss
terms), Dropout, and the combined model trained a few epochs."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
regularizers = tf.keras.regularizers
keras.utils.set_random_seed(2)

FEATURES = 28
rng = np.random.default_rng(4)
x = rng.normal(size=(256, FEATURES)).astype("float32")
y = (x[:, :4].sum(axis=1) + 0.5 * rng.normal(size=256) > 0).astype("float32")[:, None]
N_TRAIN, BATCH_SIZE = 192, 32
STEPS_PER_EPOCH = N_TRAIN // BATCH_SIZE
train_ds = tf.data.Dataset.from_tensor_slices((x[:N_TRAIN], y[:N_TRAIN])).batch(BATCH_SIZE)
validate_ds = tf.data.Dataset.from_tensor_slices((x[N_TRAIN:], y[N_TRAIN:])).batch(BATCH_SIZE)

lr_schedule = keras.optimizers.schedules.InverseTimeDecay(
    0.001, decay_steps=STEPS_PER_EPOCH * 1000, decay_rate=1, staircase=False)
print(lr_schedule.get_config())
step = np.linspace(0, 100000, 6)
print(lr_schedule(step).numpy())
print([f"{float(lr_schedule(s)):.5g}" for s in [0, 6000, 12000]])
stair = keras.optimizers.schedules.InverseTimeDecay(0.1, 10, 0.5, staircase=True)
print(stair(tf.constant([0, 9, 10, 25, 100])).numpy(), stair(15))


def get_optimizer():
    return keras.optimizers.Adam(lr_schedule)


opt = get_optimizer()
print(type(opt.learning_rate).__name__, f"{float(opt.learning_rate):.5g}")


def compile_and_fit(model, name, max_epochs=4):
    model.compile(optimizer=get_optimizer(),
                  loss=keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=[keras.metrics.BinaryCrossentropy(from_logits=True,
                                                            name="binary_crossentropy"),
                           "accuracy"])
    model.summary()
    history = model.fit(train_ds, steps_per_epoch=STEPS_PER_EPOCH, epochs=max_epochs,
                        validation_data=validate_ds,
                        callbacks=[keras.callbacks.EarlyStopping(monitor="val_binary_crossentropy",
                                                                 patience=200)],
                        verbose=0)
    print(name, {k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
    print(name, round(float(model.optimizer.learning_rate), 8), int(model.optimizer.iterations))
    return history


tiny_model = keras.Sequential([
    layers.Dense(16, activation="elu", input_shape=(FEATURES,)),
    layers.Dense(1),
])
compile_and_fit(tiny_model, "Tiny")

small_model = keras.Sequential([
    keras.Input(shape=(FEATURES,)),
    layers.Dense(16, activation="elu"),
    layers.Dense(16, activation="elu"),
    layers.Dense(1),
])
compile_and_fit(small_model, "Small")

l2_model = keras.Sequential([
    keras.Input(shape=(FEATURES,)),
    layers.Dense(32, activation="elu", kernel_regularizer=regularizers.l2(0.001)),
    layers.Dense(32, activation="elu", kernel_regularizer=regularizers.l2(0.001)),
    layers.Dense(1),
])
reg = l2_model.layers[0].kernel_regularizer
print(type(reg).__name__, reg.get_config())
print(len(l2_model.losses), [round(float(v), 5) for v in l2_model.losses])
compile_and_fit(l2_model, "L2")
print(len(l2_model.losses), [round(float(v), 5) for v in l2_model.losses])
result = l2_model(x[:4])
print(result.shape, len(l2_model.losses))

dropout_model = keras.Sequential([
    keras.Input(shape=(FEATURES,)),
    layers.Dense(32, activation="elu"),
    layers.Dropout(0.5),
    layers.Dense(32, activation="elu"),
    layers.Dropout(0.5),
    layers.Dense(1),
])
print(dropout_model.layers[1].get_config())
compile_and_fit(dropout_model, "Dropout")
d = layers.Dropout(0.5, seed=1)
print(d(np.ones((2, 6), "float32"), training=True))
print(d(np.ones((2, 6), "float32")))

combined_model = keras.Sequential([
    keras.Input(shape=(FEATURES,)),
    layers.Dense(32, kernel_regularizer=regularizers.l2(0.0001), activation="elu"),
    layers.Dropout(0.5),
    layers.Dense(32, kernel_regularizer=regularizers.l2(0.0001), activation="elu"),
    layers.Dropout(0.5),
    layers.Dense(1),
])
compile_and_fit(combined_model, "Combined")
print(regularizers.l1_l2(l1=0.01, l2=0.01).get_config(), regularizers.L1(0.3)(tf.ones((2, 2))))
print(type(regularizers.get("l2")).__name__, regularizers.serialize(regularizers.l2(0.001)))
try:
    layers.Dropout(1.5)
except ValueError as e:
    print("ValueError:", e)
