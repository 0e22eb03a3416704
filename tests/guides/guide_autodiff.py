# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# Gradients with tf.GradientTape as TF's "Introduction to gradients and automatic
# differentiation" and "Advanced automatic differentiation" guides use them: scalars,
# variables, models, watching, persistence, non-scalar targets, control flow, None
# gradients, stop_recording, stop_gradient, custom gradients, Jacobians.
import numpy as np
import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x**2
dy_dx = tape.gradient(y, x)
print(dy_dx.numpy())
w = tf.Variable(tf.ones((3, 2)), name='w')
b = tf.Variable(tf.zeros(2, dtype=tf.float32), name='b')
xx = [[1., 2., 3.]]
with tf.GradientTape(persistent=True) as tape:
    y = xx @ w + b
    loss = tf.reduce_mean(y**2)
[dl_dw, dl_db] = tape.gradient(loss, [w, b])
print(w.shape); print(dl_dw.shape); print(dl_dw); print(dl_db)
my_vars = {'w': w, 'b': b}
grad = tape.gradient(loss, my_vars)
print(grad['b'])
del tape
layer = tf.keras.layers.Dense(2, activation='relu')
xin = tf.constant([[1., 2., 3.]])
with tf.GradientTape() as tape:
    y = layer(xin)
    loss = tf.reduce_mean(y**2)
grad = tape.gradient(loss, layer.trainable_variables)
for var, g in zip(layer.trainable_variables, grad):
    print(f'{var.name}, shape: {g.shape}')
x0 = tf.Variable(3.0, name='x0')
x1 = tf.Variable(3.0, name='x1', trainable=False)
x2 = tf.Variable(2.0, name='x2') + 1.0
x3 = tf.constant(3.0, name='x3')
with tf.GradientTape() as tape:
    y = (x0**2) + (x1**2) + (x2**2)
grad = tape.gradient(y, [x0, x1, x2, x3])
for g in grad:
    print(g)
print([var.name for var in tape.watched_variables()])
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x**2
print(tape.gradient(y, x).numpy())
x0 = tf.Variable(0.0); x1 = tf.Variable(10.0)
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(x1)
    y0 = tf.math.sin(x0)
    y1 = tf.nn.softplus(x1)
    y = y0 + y1
    ys = tf.reduce_sum(y)
grad = tape.gradient(ys, {'x0': x0, 'x1': x1})
print('dy/dx0:', grad['x0']); print('dy/dx1:', grad['x1'].numpy())
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    z = y * y
print(tape.gradient(z, y).numpy())
x = tf.constant([1, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = y * y
print(tape.gradient(z, x).numpy()); print(tape.gradient(y, x).numpy())
del tape
x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    y0 = x**2
    y1 = 1 / x
print(tape.gradient(y0, x).numpy()); print(tape.gradient(y1, x).numpy())
x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y0 = x**2
    y1 = 1 / x
print(tape.gradient({'y0': y0, 'y1': y1}, x).numpy())
x = tf.Variable(2.)
with tf.GradientTape() as tape:
    y = x * [3., 4.]
print(tape.gradient(y, x).numpy())
x = tf.linspace(-10.0, 10.0, 200 + 1)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.sigmoid(x)
dy_dx = tape.gradient(y, x)
print(np.round(dy_dx.numpy()[::40], 5))
x = tf.constant(1.0)
v0 = tf.Variable(2.0); v1 = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    if x > 0.0:
        result = v0
    else:
        result = v1**2
dv0, dv1 = tape.gradient(result, [v0, v1])
print(dv0); print(dv1)
print(tape.gradient(result, x))
x = tf.Variable(2.); y = tf.Variable(3.)
with tf.GradientTape() as tape:
    z = y * y
print(tape.gradient(z, x))
x = tf.Variable(2.0)
for epoch in range(2):
    with tf.GradientTape() as tape:
        y = x + 1
    print(isinstance(x, tf.Variable), ":", tape.gradient(y, x))
    x = x + 1
x = tf.constant(10)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
x0 = tf.Variable(3.0); x1 = tf.Variable(0.0)
with tf.GradientTape() as tape:
    x1.assign_add(x0)
    y = x1**2
print(tape.gradient(y, x0))
image = tf.Variable([[[0.5, 0.0, 0.0]]])
delta = tf.Variable(0.1)
with tf.GradientTape() as tape:
    new_image = tf.image.adjust_contrast(image, delta)
try:
    print(tape.gradient(new_image, [image, delta]))
    assert False   # This should not happen.
except LookupError as e:
    print(f'{type(e).__name__}: {e}')
x = tf.Variable([2., 2.]); y = tf.Variable(3.)
with tf.GradientTape() as tape:
    z = y**2
print(tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
# advanced: stop_recording, reset, stop_gradient, custom gradients, higher orders, Jacobians
x = tf.Variable(2.0); y = tf.Variable(3.0)
with tf.GradientTape() as t:
    x_sq = x * x
    with t.stop_recording():
        y_sq = y * y
    z = x_sq + y_sq
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])
reset = True
with tf.GradientTape() as t:
    y_sq = y * y
    if reset:
        t.reset()
    z = x * x + y_sq
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])
with tf.GradientTape() as t:
    y_sq = y**2
    z = x**2 + tf.stop_gradient(y_sq)
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(t.gradient(output, v))
x = tf.Variable(1.0)
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = x * x * x
    dy_dx = t1.gradient(y, x)
d2y_dx2 = t2.gradient(dy_dx, x)
print('dy_dx:', dy_dx.numpy()); print('d2y_dx2:', d2y_dx2.numpy())
x = tf.random.normal([7, 5])
layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = layer(x)
        out = tf.reduce_sum(layer(x)**2)
    g1 = t1.gradient(out, x)
    g1_mag = tf.norm(g1)
dg1_mag = t2.gradient(g1_mag, layer.trainable_variables)
print([var.shape for var in dg1_mag])
x = tf.linspace(-10.0, 10.0, 200 + 1)
delta = tf.Variable(0.0)
with tf.GradientTape() as tape:
    y = tf.nn.sigmoid(x + delta)
dy_dx = tape.jacobian(y, delta)
print(y.shape); print(dy_dx.shape)
x = tf.random.normal([7, 5])
layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)
with tf.GradientTape(persistent=True) as tape:
    y = layer(x)
print(y.shape); print(layer.kernel.shape)
j = tape.jacobian(y, layer.kernel)
print(j.shape)
g = tape.gradient(y, layer.kernel)
print('g.shape:', g.shape)
j_sum = tf.reduce_sum(j, axis=[0, 1])
delta = tf.reduce_max(abs(g - j_sum)).numpy()
assert delta < 1e-3
print('delta:', delta < 1e-3)
x = tf.random.normal([7, 5])
layer1 = tf.keras.layers.Dense(8, activation=tf.nn.relu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.relu)
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        x = layer1(x)
        x = layer2(x)
        loss = tf.reduce_mean(x**2)
    g = t1.gradient(loss, layer1.kernel)
h = t2.jacobian(g, layer1.kernel)
print(f'layer.kernel.shape: {layer1.kernel.shape}'); print(f'h.shape: {h.shape}')
x = tf.random.normal([7, 5])
layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)
with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
    tape.watch(x)
    y = layer1(x)
    y = layer2(y)
print(y.shape)
j = tape.jacobian(y, x)
print(j.shape)
j_sum = tf.reduce_sum(j, axis=2)
print(j_sum.shape)
j_select = tf.einsum('bxby->bxy', j)
print(j_select.shape)
jb = tape.batch_jacobian(y, x)
print(jb.shape)
error = tf.reduce_max(abs(jb - j_select))
assert error < 1e-3
print(bool(error < 1e-3))
x = tf.constant([1., 2.])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.stack([x[0] * x[1], x[0] ** 2 + x[1]])
try: print(tape.jacobian(y, x, experimental_use_pfor=False))
except RuntimeError as e: print(f'RuntimeError: {e}')
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = tf.stack([x[0] * x[1], x[0] ** 2 + x[1]])
print(tape.jacobian(y, x, experimental_use_pfor=False))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * 2
try: tape.gradient(y, x); tape.gradient(y, x)
except RuntimeError as e: print(f'RuntimeError: {e}')
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
print(tape.gradient(y, x, output_gradients=tf.constant([1., 10.])))
try:
    with tf.GradientTape() as tape:
        tape.gradient(x, x)
except RuntimeError as e: print(f'RuntimeError: {e}')
x = tf.ones([2, 3])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
try: tape.batch_jacobian(y, x, experimental_use_pfor=False)
except RuntimeError as e: print(f'RuntimeError: {e}')
v = tf.Variable([1., 2.])
with tf.GradientTape(persistent=True) as tape:
    y = v * 3
print(tape.gradient(v, v), tape.gradient([v, y], v), tape.gradient({'a': v}, [v]))
