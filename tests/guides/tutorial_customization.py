# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's customization tutorials: basics (tensor ops, broadcasting, NumPy interop, devices,
a dataset from a text file), custom layers (Dense by hand, a ResnetIdentityBlock, a
Sequential of them, their variables and summaries) and the custom training walkthrough on
a seeded penguin-like CSV (make_csv_dataset, pack_features_vector, loss and grad, SGD,
Mean/SparseCategoricalAccuracy metrics, evaluation and predictions)."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(31)

# -- basics
print(tf.math.add(1, 2))
print(tf.math.add([1, 2], [3, 4]))
print(tf.math.square(5))
print(tf.math.reduce_sum([1, 2, 3]))
print(tf.math.square(2) + tf.math.square(3))
x = tf.linalg.matmul([[1]], [[2, 3]])
print(x)
print(x.shape)
print(x.dtype)
ndarray = np.ones([3, 3])
tensor = tf.math.multiply(ndarray, 42)
print(tensor)
print(np.add(tensor, 1))
print(tensor.numpy())
x = tf.random.uniform([3, 3])
print("Is there a GPU available: ", bool(tf.config.list_physical_devices("GPU")))
print("Is the Tensor on GPU #0:  ", x.device.endswith('GPU:0'))
with tf.device("CPU:0"):
    x = tf.random.uniform([10, 10])
    assert x.device.endswith("CPU:0")
    print(x.device)
ds_tensors = tf.data.Dataset.from_tensor_slices([1, 2, 3, 4, 5, 6])
with open("file.txt", "w") as f:
    f.write("Line 1\nLine 2\nLine 3\n")
ds_file = tf.data.TextLineDataset("file.txt")
ds_tensors = ds_tensors.map(tf.math.square).shuffle(2, seed=1).batch(2)
ds_file = ds_file.batch(2)
print('Elements of ds_tensors:')
for x in ds_tensors:
    print(x)
print('\nElements in ds_file:')
for x in ds_file:
    print(x)

# -- custom layers
layer = tf.keras.layers.Dense(100)
layer = tf.keras.layers.Dense(10, input_shape=(None, 5))
print(layer(tf.zeros([10, 5])).shape)
print([v.name for v in layer.variables], [v.path for v in layer.variables])
print(layer.kernel.shape, layer.bias.numpy()[:3])


class MyDenseLayer(tf.keras.layers.Layer):
    def __init__(self, num_outputs):
        super(MyDenseLayer, self).__init__()
        self.num_outputs = num_outputs

    def build(self, input_shape):
        self.kernel = self.add_weight("kernel", shape=[int(input_shape[-1]), self.num_outputs])

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel)


layer = MyDenseLayer(10)
try:
    print(layer(tf.zeros([10, 5])).shape)
except Exception as e:  # Keras 3's add_weight takes shape first
    print(type(e).__name__, e)


class MyDenseLayer3(tf.keras.layers.Layer):
    def __init__(self, num_outputs):
        super().__init__()
        self.num_outputs = num_outputs

    def build(self, input_shape):
        self.kernel = self.add_weight(name="kernel", shape=[int(input_shape[-1]), self.num_outputs])

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel)


layer = MyDenseLayer3(10)
_ = layer(tf.zeros([10, 5]))
print([var.name for var in layer.trainable_variables], [var.path for var in layer.trainable_variables])
print(layer.kernel.dtype, layer.kernel.trainable, layer.built)


class ResnetIdentityBlock(tf.keras.Model):
    def __init__(self, kernel_size, filters):
        super(ResnetIdentityBlock, self).__init__(name='')
        filters1, filters2, filters3 = filters
        self.conv2a = tf.keras.layers.Conv2D(filters1, (1, 1))
        self.bn2a = tf.keras.layers.BatchNormalization()
        self.conv2b = tf.keras.layers.Conv2D(filters2, kernel_size, padding='same')
        self.bn2b = tf.keras.layers.BatchNormalization()
        self.conv2c = tf.keras.layers.Conv2D(filters3, (1, 1))
        self.bn2c = tf.keras.layers.BatchNormalization()

    def call(self, input_tensor, training=False):
        x = self.conv2a(input_tensor)
        x = self.bn2a(x, training=training)
        x = tf.nn.relu(x)
        x = self.conv2b(x)
        x = self.bn2b(x, training=training)
        x = tf.nn.relu(x)
        x = self.conv2c(x)
        x = self.bn2c(x, training=training)
        x += input_tensor
        return tf.nn.relu(x)


block = ResnetIdentityBlock(1, [1, 2, 3])
_ = block(tf.zeros([1, 2, 3, 3]))
print(block.layers)
print(len(block.variables))
block.summary()
my_seq = tf.keras.Sequential([tf.keras.layers.Conv2D(1, (1, 1), input_shape=(None, None, 3)),
                              tf.keras.layers.BatchNormalization(),
                              tf.keras.layers.Conv2D(2, 1, padding='same'),
                              tf.keras.layers.BatchNormalization(),
                              tf.keras.layers.Conv2D(3, (1, 1)),
                              tf.keras.layers.BatchNormalization()])
print(my_seq(tf.zeros([1, 2, 3, 3])).shape)
my_seq.summary()

# -- custom training walkthrough
rng = np.random.default_rng(31)
column_names = ['species', 'culmen_length_mm', 'culmen_depth_mm', 'flipper_length_mm', 'body_mass_g']
centers = np.array([[39, 18, 190, 37], [48, 18, 196, 37], [47, 15, 217, 50]], dtype=float)
with open("penguins.csv", "w") as f:
    f.write(",".join(column_names) + "\n")
    for i in range(96):
        s = i % 3
        vals = centers[s] + rng.normal(0, [2, 1, 5, 3])
        f.write(f"{s}," + ",".join(f"{v:.1f}" for v in vals / [100, 100, 1000, 100]) + "\n")
feature_names = column_names[1:]
label_name = column_names[0]
print("Features: {}".format(feature_names))
print("Label: {}".format(label_name))
class_names = ['Adélie', 'Chinstrap', 'Gentoo']
batch_size = 32
ds = tf.data.experimental.make_csv_dataset("penguins.csv", batch_size, column_names=column_names,
                                           label_name=label_name, num_epochs=1, shuffle=True, shuffle_seed=2)
features, labels = next(iter(ds))
print(sorted(features), labels.dtype, labels.shape)


def pack_features_vector(features, labels):
    features = tf.stack(list(features.values()), axis=1)
    return features, labels


ds_train = ds.map(pack_features_vector)
features, labels = next(iter(ds_train))
print(features.shape, features.dtype)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(10, activation=tf.nn.relu, input_shape=(4,)),
    tf.keras.layers.Dense(10, activation=tf.nn.relu),
    tf.keras.layers.Dense(3)
])
predictions = model(features)
print(predictions.shape, np.round(tf.nn.softmax(predictions[:2]).numpy(), 4))
print("Prediction: {}".format(tf.math.argmax(predictions, axis=1).shape))
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def loss(model, x, y, training):
    y_ = model(x, training=training)
    return loss_object(y_true=y, y_pred=y_)


l = loss(model, features, labels, training=False)
print("Loss test: {:.4f}".format(l))


def grad(model, inputs, targets):
    with tf.GradientTape() as tape:
        loss_value = loss(model, inputs, targets, training=True)
    return loss_value, tape.gradient(loss_value, model.trainable_variables)


optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
loss_value, grads = grad(model, features, labels)
print("Step: {}, Initial Loss: {:.4f}".format(optimizer.iterations.numpy(), loss_value.numpy()))
optimizer.apply_gradients(zip(grads, model.trainable_variables))
print("Step: {},         Loss: {:.4f}".format(optimizer.iterations.numpy(), loss(model, features, labels, training=True).numpy()))
train_loss_results = []
train_accuracy_results = []
num_epochs = 6
for epoch in range(num_epochs):
    epoch_loss_avg = tf.keras.metrics.Mean()
    epoch_accuracy = tf.keras.metrics.SparseCategoricalAccuracy()
    for x, y in ds_train:
        loss_value, grads = grad(model, x, y)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        epoch_loss_avg.update_state(loss_value)
        epoch_accuracy.update_state(y, model(x, training=True))
    train_loss_results.append(epoch_loss_avg.result())
    train_accuracy_results.append(epoch_accuracy.result())
    if epoch % 2 == 0:
        print("Epoch {:03d}: Loss: {:.3f}, Accuracy: {:.3%}".format(epoch, epoch_loss_avg.result(), epoch_accuracy.result()))
test_accuracy = tf.keras.metrics.Accuracy()
ds_test = ds_train
for (x, y) in ds_test:
    logits = model(x, training=False)
    prediction = tf.math.argmax(logits, axis=1, output_type=tf.int64)
    test_accuracy(prediction, y)
print("Test set accuracy: {:.3%}".format(test_accuracy.result()))
try:  # the CSV's labels are int32, the predictions int64
    print(tf.stack([y, prediction], axis=1).shape)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
predict_dataset = tf.convert_to_tensor([
    [0.3, 0.8, 0.4, 0.5],
    [0.4, 0.1, 0.8, 0.5],
    [0.7, 0.9, 0.8, 0.4]
])
predictions = model(predict_dataset, training=False)
for i, logits in enumerate(predictions):
    class_idx = tf.math.argmax(logits).numpy()
    p = tf.nn.softmax(logits)[class_idx]
    name = class_names[class_idx]
    print("Example {} prediction: {} ({:4.1f}%)".format(i, name, 100 * p))
