# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Basic classification: Classify images of clothing" tutorial as pasted, on a seeded
Fashion-MNIST-shaped set (uint8 28x28 images whose class shows in a bright band, no
download): the class names, the shapes and labels, scaling to [0, 1], the Sequential of
Flatten(input_shape)/Dense/Dense, compile with from_logits, fit, evaluate, the
probability_model (the model + Softmax), predictions and argmax, and a single image
batched with np.expand_dims; then the "Load NumPy data" tutorial on the same arrays saved
to an .npz file: from_tensor_slices, an unseeded shuffle under the global seed, batch,
RMSprop with sparse_categorical_accuracy, fit and evaluate."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
np.set_printoptions(precision=4, suppress=True)
print(tf.__version__)


def load_data(rng, n):
    # a class-dependent horizontal band over noise, so the model can learn something
    labels = rng.integers(0, 10, size=n).astype('uint8')
    images = rng.integers(0, 64, size=(n, 28, 28)).astype('uint8')
    for i, label in enumerate(labels):
        images[i, 2 + 2 * label:4 + 2 * label, :] = 250
    return images, labels


rng = np.random.default_rng(3)
(train_images, train_labels), (test_images, test_labels) = load_data(rng, 200), load_data(rng, 50)

class_names = ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat',
               'Sandal', 'Shirt', 'Sneaker', 'Bag', 'Ankle boot']
print(train_images.shape)
print(len(train_labels))
print(train_labels)
print(test_images.shape)
print(len(test_labels))
print(train_images.dtype, train_images[0, 0, :8], train_images.max())

train_images = train_images / 255.0
test_images = test_images / 255.0
print(train_images.dtype, round(float(train_images.max()), 4))
print([class_names[train_labels[i]] for i in range(5)])

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dense(10)
])
model.summary()
print(model.input_shape, model.output_shape)

model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
history = model.fit(train_images, train_labels, epochs=5, verbose=0)
print(history.epoch, history.params)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})

test_loss, test_acc = model.evaluate(test_images, test_labels, verbose=0)
print('\nTest accuracy:', round(test_acc, 3))
print('Test loss:', round(test_loss, 3))

probability_model = tf.keras.Sequential([model,
                                         tf.keras.layers.Softmax()])
predictions = probability_model.predict(test_images, verbose=0)
print(predictions.shape, predictions.dtype)
print(np.round(predictions[0], 3))
print(np.argmax(predictions[0]))
print(test_labels[0])
print(round(float(predictions[0].sum()), 4))
print(int((np.argmax(predictions, axis=1) == test_labels).sum()))
print([layer.name for layer in probability_model.layers], probability_model.output_shape)

img = test_images[1]
print(img.shape)
img = (np.expand_dims(img, 0))
print(img.shape)
predictions_single = probability_model.predict(img, verbose=0)
print(np.round(predictions_single, 3))
print(np.argmax(predictions_single[0]), test_labels[1], class_names[np.argmax(predictions_single[0])])
print(np.allclose(predictions_single[0], predictions[1], atol=1e-6))

# -- "Load NumPy data" (the same arrays through an .npz file and tf.data)
np.savez('mnist.npz', x_train=train_images, y_train=train_labels, x_test=test_images, y_test=test_labels)
path = 'mnist.npz'
with np.load(path) as data:
    train_examples = data['x_train']
    train_labels = data['y_train']
    test_examples = data['x_test']
    test_labels = data['y_test']

train_dataset = tf.data.Dataset.from_tensor_slices((train_examples, train_labels))
test_dataset = tf.data.Dataset.from_tensor_slices((test_examples, test_labels))
print(train_dataset.element_spec)

BATCH_SIZE = 64
SHUFFLE_BUFFER_SIZE = 100

train_dataset = train_dataset.shuffle(SHUFFLE_BUFFER_SIZE).batch(BATCH_SIZE)
test_dataset = test_dataset.batch(BATCH_SIZE)
print([int(b[1][0]) for b in train_dataset], [int(b[1][0]) for b in train_dataset])

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dense(10)
])

model.compile(optimizer=tf.keras.optimizers.RMSprop(),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['sparse_categorical_accuracy'])
history = model.fit(train_dataset, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print([round(v, 3) for v in model.evaluate(test_dataset, verbose=0)])
