# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "TensorFlow basics" guide, its cells in order on seeded data: tensors (ops, reprs,
softmax, conversions), variables (assign, assign_add), automatic differentiation, graphs
and tf.function (retracing by dtype, not by value), modules saved and reloaded, the
quadratic model fit by a tf.data training loop, then the same model as a Keras Sequential
(a Lambda stacking x and x**2, a Dense with a callable initializer) fit, saved as .keras
and loaded back."""

import os

import numpy as np
import tensorflow as tf

tf.random.set_seed(42)

# -- tensors
x = tf.constant([[1., 2., 3.],
                 [4., 5., 6.]])
print(x)
print(x.shape)
print(x.dtype)
print(x + x)
print(5 * x)
print(x @ tf.transpose(x))
print(tf.concat([x, x, x], axis=0))
print(tf.nn.softmax(x, axis=-1).numpy().round(6))  # (TF's vectorized exp: one ulp apart)
print(tf.reduce_sum(x))
print(tf.convert_to_tensor([1, 2, 3]))
print(tf.reduce_sum([1, 2, 3]))
if tf.config.list_physical_devices('GPU'):
    print("TensorFlow **IS** using the GPU")
else:
    print("TensorFlow **IS NOT** using the GPU")

# -- variables
var = tf.Variable([0.0, 0.0, 0.0])
print(var)
print(var.assign([1, 2, 3]))
print(var.assign_add([1, 1, 1]))
print(var)

# -- automatic differentiation
x = tf.Variable(1.0)


def f(x):
    y = x**2 + 2*x - 5
    return y


print(f(x))
with tf.GradientTape() as tape:
    y = f(x)
g_x = tape.gradient(y, x)  # g(x) = dy/dx
print(g_x)


# -- graphs and tf.function
@tf.function
def my_func(x):
    print('Tracing.\n')
    return tf.reduce_sum(x)


x = tf.constant([1, 2, 3])
print(my_func(x))
x = tf.constant([10, 9, 8])
print(my_func(x))
x = tf.constant([10.0, 9.1, 8.2], dtype=tf.float32)
print(my_func(x))
print(my_func.experimental_get_tracing_count())


# -- modules, layers and models
class MyModule(tf.Module):
    def __init__(self, value):
        self.weight = tf.Variable(value)

    @tf.function
    def multiply(self, x):
        return x * self.weight


mod = MyModule(3)
print(mod.multiply(tf.constant([1, 2, 3])))
save_path = './saved'
tf.saved_model.save(mod, save_path)
print(sorted(os.listdir(save_path)))
reloaded = tf.saved_model.load(save_path)
print(reloaded.multiply(tf.constant([1, 2, 3])))
print([v.numpy() for v in reloaded.variables] if hasattr(reloaded, 'variables') else None)

# -- training loops
x = tf.linspace(-2, 2, 201)
x = tf.cast(x, tf.float32)


def f(x):
    y = x**2 + 2*x - 5
    return y


rng = np.random.default_rng(3)
y = f(x) + tf.constant(rng.normal(size=[201]).astype('float32'))
print(x.shape, x.dtype, y.shape, y.dtype)


class Model(tf.Module):

    def __init__(self):
        # Randomly generate weight and bias terms
        rand_init = tf.random.uniform(shape=[3], minval=0., maxval=5., seed=22)
        # Initialize model parameters
        self.w_q = tf.Variable(rand_init[0])
        self.w_l = tf.Variable(rand_init[1])
        self.b = tf.Variable(rand_init[2])

    @tf.function
    def __call__(self, x):
        # Quadratic Model : quadratic_weight * x^2 + linear_weight * x + bias
        return self.w_q * (x**2) + self.w_l * x + self.b


quad_model = Model()
print([round(float(v), 4) for v in quad_model.variables])
print([v.name for v in quad_model.variables])


def mse_loss(y_pred, y):
    return tf.reduce_mean(tf.square(y_pred - y))


batch_size = 32
dataset = tf.data.Dataset.from_tensor_slices((x, y))
dataset = dataset.shuffle(buffer_size=x.shape[0], seed=4).batch(batch_size)
print(dataset.element_spec, dataset.cardinality().numpy())
epochs = 40
learning_rate = 0.01
losses = []
for epoch in range(epochs):
    for x_batch, y_batch in dataset:
        with tf.GradientTape() as tape:
            batch_loss = mse_loss(quad_model(x_batch), y_batch)
        # Update parameters with respect to the gradient calculations
        grads = tape.gradient(batch_loss, quad_model.variables)
        for g, v in zip(grads, quad_model.variables):
            v.assign_sub(learning_rate*g)
    # Keep track of model loss per epoch
    loss = mse_loss(quad_model(x), y)
    losses.append(loss)
    if epoch % 10 == 0:
        print(f'Mean squared error for step {epoch}: {loss.numpy():0.3f}')
print(len(losses), f'{losses[-1].numpy():0.3f}')
print([round(float(v), 2) for v in quad_model.variables])

new_model = tf.keras.Sequential([
    tf.keras.layers.Lambda(lambda x: tf.stack([x, x**2], axis=1)),
    tf.keras.layers.Dense(units=1, kernel_initializer=tf.random.normal)])
new_model.compile(
    loss=tf.keras.losses.MSE,
    optimizer=tf.keras.optimizers.SGD(learning_rate=0.01))
history = new_model.fit(x, y,
                        epochs=20,
                        batch_size=32,
                        verbose=0)
print(sorted(history.history), len(history.history['loss']))
print(history.history['loss'][-1] < history.history['loss'][0])
print([w.shape for w in new_model.get_weights()])
print(new_model.layers[1].kernel_initializer is tf.random.normal)
new_model.summary()
new_model.save('./my_new_model.keras')
print(sorted(os.listdir('.')))
try:
    loaded = tf.keras.models.load_model('./my_new_model.keras')
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:160])
