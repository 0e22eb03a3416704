# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "The Functional API" guide on small seeded data: Inputs and their shapes, a
model's summary, layers and nodes, training on MNIST-like arrays, a saved .keras round
trip, models as layers (an autoencoder from an encoder and a decoder, ensembling), a
multi-input multi-output ticket classifier with loss dicts and weights, a toy ResNet,
shared layers, feature extraction from a layer graph, custom layers with get_config and
mixing functional and subclassed models."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(11)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(11)

# -- introduction
inputs = keras.Input(shape=(784,))
img_inputs = keras.Input(shape=(32, 32, 3))
print(inputs.shape, inputs.dtype)
print(img_inputs.shape)
dense = layers.Dense(64, activation="relu")
x = dense(inputs)
x = layers.Dense(64, activation="relu")(x)
outputs = layers.Dense(10)(x)
model = keras.Model(inputs=inputs, outputs=outputs, name="mnist_model")
model.summary()
print([l.name for l in model.layers])
print(model.input_shape, model.output_shape)
print(len(model.weights), [tuple(w.shape) for w in model.weights])

# -- training, evaluation and inference
x_train = rng.integers(0, 256, size=(240, 784)).astype("float32") / 255
y_train = rng.integers(0, 10, size=(240,))
x_test = rng.integers(0, 256, size=(60, 784)).astype("float32") / 255
y_test = rng.integers(0, 10, size=(60,))
model.compile(
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    optimizer=keras.optimizers.RMSprop(),
    metrics=["accuracy"],
)
history = model.fit(x_train, y_train, batch_size=64, epochs=2, validation_split=0.2, verbose=0)
print(sorted(history.history))
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
test_scores = model.evaluate(x_test, y_test, verbose=0)
print("Test loss: %.3f" % test_scores[0])
print("Test accuracy: %.3f" % test_scores[1])

# -- save and serialize
model.save("my_model.keras")
del model
model = keras.models.load_model("my_model.keras")
print(model.name, [l.__class__.__name__ for l in model.layers])
print(np.round(model.predict(x_test[:2], verbose=0), 3))

# -- all models are callable, just like layers
encoder_input = keras.Input(shape=(28, 28, 1), name="img")
x = layers.Conv2D(16, 3, activation="relu")(encoder_input)
x = layers.Conv2D(32, 3, activation="relu")(x)
x = layers.MaxPooling2D(3)(x)
x = layers.Conv2D(32, 3, activation="relu")(x)
x = layers.Conv2D(16, 3, activation="relu")(x)
encoder_output = layers.GlobalMaxPooling2D()(x)
encoder = keras.Model(encoder_input, encoder_output, name="encoder")
encoder.summary()
decoder_input = keras.Input(shape=(16,), name="encoded_img")
x = layers.Reshape((4, 4, 1))(decoder_input)
x = layers.Conv2DTranspose(16, 3, activation="relu")(x)
x = layers.Conv2DTranspose(32, 3, activation="relu")(x)
x = layers.UpSampling2D(3)(x)
x = layers.Conv2DTranspose(16, 3, activation="relu")(x)
decoder_output = layers.Conv2DTranspose(1, 3, activation="relu")(x)
decoder = keras.Model(decoder_input, decoder_output, name="decoder")
decoder.summary()
autoencoder_input = keras.Input(shape=(28, 28, 1), name="img")
encoded_img = encoder(autoencoder_input)
decoded_img = decoder(encoded_img)
autoencoder = keras.Model(autoencoder_input, decoded_img, name="autoencoder")
autoencoder.summary()
imgs = rng.random((2, 28, 28, 1)).astype("float32")
print(autoencoder(imgs).shape, np.round(float(tf.reduce_mean(autoencoder(imgs))), 4))


def get_model():
    inputs = keras.Input(shape=(128,))
    outputs = layers.Dense(1)(inputs)
    return keras.Model(inputs, outputs)


model1 = get_model()
model2 = get_model()
model3 = get_model()
inputs = keras.Input(shape=(128,))
y1 = model1(inputs)
y2 = model2(inputs)
y3 = model3(inputs)
outputs = layers.average([y1, y2, y3])
ensemble_model = keras.Model(inputs=inputs, outputs=outputs)
print([l.name for l in ensemble_model.layers])
print(ensemble_model.output_shape, len(ensemble_model.trainable_weights))

# -- models with multiple inputs and outputs
num_tags = 12
num_words = 100
num_departments = 4
title_input = keras.Input(shape=(None,), name="title")
body_input = keras.Input(shape=(None,), name="body")
tags_input = keras.Input(shape=(num_tags,), name="tags")
title_features = layers.Embedding(num_words, 8)(title_input)
body_features = layers.Embedding(num_words, 8)(body_input)
title_features = layers.LSTM(16)(title_features)
body_features = layers.LSTM(8)(body_features)
x = layers.concatenate([title_features, body_features, tags_input])
priority_pred = layers.Dense(1, name="priority")(x)
department_pred = layers.Dense(num_departments, name="department")(x)
model = keras.Model(
    inputs=[title_input, body_input, tags_input],
    outputs={"priority": priority_pred, "department": department_pred},
)
model.summary()
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss={
        "priority": keras.losses.BinaryCrossentropy(from_logits=True),
        "department": keras.losses.CategoricalCrossentropy(from_logits=True),
    },
    loss_weights={"priority": 1.0, "department": 0.2},
)
title_data = rng.integers(num_words, size=(64, 10))
body_data = rng.integers(num_words, size=(64, 20))
tags_data = rng.integers(2, size=(64, num_tags)).astype("float32")
priority_targets = rng.random(size=(64, 1))
dept_targets = rng.integers(2, size=(64, num_departments))
history = model.fit(
    {"title": title_data, "body": body_data, "tags": tags_data},
    {"priority": priority_targets, "department": dept_targets},
    epochs=2,
    batch_size=32,
    verbose=0,
)
print(sorted(history.history))
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
pred = model.predict({"title": title_data[:3], "body": body_data[:3], "tags": tags_data[:3]}, verbose=0)
print(sorted(pred), pred["priority"].shape, pred["department"].shape)

# -- a toy ResNet model
inputs = keras.Input(shape=(32, 32, 3), name="img")
x = layers.Conv2D(8, 3, activation="relu")(inputs)
x = layers.Conv2D(16, 3, activation="relu")(x)
block_1_output = layers.MaxPooling2D(3)(x)
x = layers.Conv2D(16, 3, activation="relu", padding="same")(block_1_output)
x = layers.Conv2D(16, 3, activation="relu", padding="same")(x)
block_2_output = layers.add([x, block_1_output])
x = layers.Conv2D(16, 3, activation="relu", padding="same")(block_2_output)
x = layers.Conv2D(16, 3, activation="relu", padding="same")(x)
block_3_output = layers.add([x, block_2_output])
x = layers.Conv2D(16, 3, activation="relu")(block_3_output)
x = layers.GlobalAveragePooling2D()(x)
x = layers.Dense(32, activation="relu")(x)
x = layers.Dropout(0.5)(x)
outputs = layers.Dense(10)(x)
model = keras.Model(inputs, outputs, name="toy_resnet")
model.summary()
x_train = rng.random((48, 32, 32, 3)).astype("float32")
y_train = keras.utils.to_categorical(rng.integers(0, 10, size=(48,)), 10)
print(y_train.dtype, y_train.shape, y_train[0])
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss=keras.losses.CategoricalCrossentropy(from_logits=True),
    metrics=["acc"],
)
history = model.fit(x_train[:32], y_train[:32], batch_size=16, epochs=1, validation_split=0.25, verbose=0)
print(sorted(history.history))

# -- shared layers
shared_embedding = layers.Embedding(1000, 16)
text_input_a = keras.Input(shape=(None,), dtype="int32")
text_input_b = keras.Input(shape=(None,), dtype="int32")
encoded_input_a = shared_embedding(text_input_a)
encoded_input_b = shared_embedding(text_input_b)
print(encoded_input_a.shape, encoded_input_b.shape)
m = keras.Model([text_input_a, text_input_b], [encoded_input_a, encoded_input_b])
print(len(m.layers), len(m.weights))
a, b = m([np.array([[1, 2, 3]]), np.array([[1, 2, 3]])])
print(bool(np.all(a.numpy() == b.numpy())))

# -- extract and reuse nodes in the graph of layers
base = keras.Sequential([
    keras.Input((16, 16, 3)),
    layers.Conv2D(4, 3, activation="relu", name="block1_conv1"),
    layers.Conv2D(4, 3, activation="relu", name="block1_conv2"),
    layers.MaxPooling2D(name="block1_pool"),
    layers.Flatten(name="flatten"),
    layers.Dense(5, name="predictions"),
])
features_list = [layer.output for layer in base.layers]
try:
    base.input
except AttributeError as e:
    print("AttributeError:", e)
feat_extraction_model = keras.Model(inputs=base.inputs, outputs=features_list)
img = rng.random((1, 16, 16, 3)).astype("float32")
extracted_features = feat_extraction_model(img)
print([tuple(f.shape) for f in extracted_features])
print(np.allclose(extracted_features[-1], base(img), atol=1e-6))


# -- extend the API using custom layers
class CustomDense(layers.Layer):
    def __init__(self, units=32):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(
            shape=(input_shape[-1], self.units),
            initializer="random_normal",
            trainable=True,
        )
        self.b = self.add_weight(
            shape=(self.units,), initializer="random_normal", trainable=True
        )

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b

    def get_config(self):
        return {"units": self.units}


inputs = keras.Input((4,))
outputs = CustomDense(10)(inputs)
model = keras.Model(inputs, outputs)
config = model.get_config()
print(sorted(config), config["name"], [l["class_name"] for l in config["layers"]])
new_model = keras.Model.from_config(config, custom_objects={"CustomDense": CustomDense})
print(new_model.output_shape, [l.__class__.__name__ for l in new_model.layers])

# -- mix-and-match API styles
units = 32
timesteps = 10
input_dim = 5
inputs = keras.Input((None, units))
x = layers.GlobalAveragePooling1D()(inputs)
outputs = layers.Dense(1)(x)
model = keras.Model(inputs, outputs)


class CustomRNN(layers.Layer):
    def __init__(self):
        super().__init__()
        self.units = units
        self.projection_1 = layers.Dense(units=units, activation="tanh")
        self.projection_2 = layers.Dense(units=units, activation="tanh")
        self.classifier = model

    def call(self, inputs):
        outputs = []
        state = tf.zeros(shape=(inputs.shape[0], self.units))
        for t in range(inputs.shape[1]):
            x = inputs[:, t, :]
            h = self.projection_1(x)
            y = h + self.projection_2(state)
            state = y
            outputs.append(y)
        features = tf.stack(outputs, axis=1)
        print(features.shape)
        return self.classifier(features)


rnn_model = CustomRNN()
out = rnn_model(tf.zeros((1, timesteps, input_dim)))
print(out.shape, len(rnn_model.weights))


class CustomRNN2(layers.Layer):
    def __init__(self):
        super().__init__()
        self.units = units
        self.projection_1 = layers.Dense(units=units, activation="tanh")
        self.projection_2 = layers.Dense(units=units, activation="tanh")
        self.classifier = layers.Dense(1)

    def call(self, inputs):
        outputs = []
        state = tf.zeros(shape=(inputs.shape[0], self.units))
        for t in range(inputs.shape[1]):
            x = inputs[:, t, :]
            h = self.projection_1(x)
            y = h + self.projection_2(state)
            state = y
            outputs.append(y)
        features = tf.stack(outputs, axis=1)
        return self.classifier(features)


inputs = keras.Input(batch_shape=(1, timesteps, input_dim))
x = layers.Conv1D(32, 3)(inputs)
outputs = CustomRNN2()(x)
model = keras.Model(inputs, outputs)
rnn_model = CustomRNN2()
print(model.output_shape, rnn_model(tf.zeros((1, 10, 5))).shape)
