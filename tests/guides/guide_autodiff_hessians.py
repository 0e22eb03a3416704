# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Advanced automatic differentiation" beyond what guide_autodiff runs: Hessians by nested
# tapes (the guide's Newton step on a Dense layer), jacobians of layers and of structures,
# batch_jacobian with and without pfor, tf.custom_gradient on functions reading variables
# (grad_fn's `variables`), custom gradients of second order, tf.gradients/tf.hessians in a
# tf.function, and stop_recording in the middle of a computation.
import numpy as np
import tensorflow as tf


def show(label, fn):
    try:
        r = fn()
        print(label, r)
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0][:200])


np.set_printoptions(precision=4, suppress=True)
tf.random.set_seed(0)
x = tf.constant([[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]])
layer1 = tf.keras.layers.Dense(4, activation=tf.nn.relu, kernel_initializer=tf.keras.initializers.Constant(0.3))
layer2 = tf.keras.layers.Dense(2, activation=tf.nn.elu, kernel_initializer=tf.keras.initializers.Constant(-0.2))
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        xx = layer1(x)
        xx = layer2(xx)
        loss = tf.reduce_mean(xx ** 2)
    g = t1.gradient(loss, layer1.kernel)
h = t2.jacobian(g, layer1.kernel)
print(f'layer.kernel.shape: {layer1.kernel.shape}')
print(f'h.shape: {h.shape}')
n_params = tf.reduce_prod(layer1.kernel.shape)
g_vec = tf.reshape(g, [n_params, 1])
h_mat = tf.reshape(h, [n_params, n_params])
print(np.round(h_mat.numpy(), 4))
eps = 1e-3
eye_eps = tf.eye(h_mat.shape[0]) * eps
update = tf.linalg.solve(h_mat + eye_eps, g_vec)
_ = layer1.kernel.assign_sub(tf.reshape(update, layer1.kernel.shape))
print(np.round(layer1.kernel.numpy(), 3))

# Hessian of a scalar function of a vector, and its symmetry
v = tf.Variable([1.0, -2.0, 0.5])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = tf.reduce_sum(v ** 3) + v[0] * v[1] * v[2]
    dy = inner.gradient(y, v)
hess = outer.jacobian(dy, v)
print(hess.numpy())
print(bool(tf.reduce_all(hess == tf.transpose(hess))))

# jacobian of a layer's output with respect to its kernel, and of structures
x = tf.random.normal([7, 5], seed=1)
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
jb = tape.jacobian(y, layer.bias)
print(jb.shape)
js = tape.jacobian(y, {'k': layer.kernel, 'b': layer.bias})
print(sorted((k, v.shape) for k, v in js.items()))
del tape

# batch_jacobian, with and without pfor
x = tf.random.normal([7, 5], seed=2)
layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)
with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
    tape.watch(x)
    y = layer1(x)
    y = layer2(y)
print(y.shape)
j = tape.jacobian(y, x)
print(j.shape)
jb = tape.batch_jacobian(y, x)
print(jb.shape)
jb2 = tape.batch_jacobian(y, x, experimental_use_pfor=False)
print(bool(np.allclose(jb.numpy(), jb2.numpy(), atol=1e-6)))
j_sum = tf.reduce_sum(j, axis=2)
print(j_sum.shape)
j_select = tf.einsum('bxby->bxy', j)
print(j_select.shape)
print(bool(np.allclose(j_select.numpy(), jb.numpy(), atol=1e-6)))
jn = tape.jacobian(y, x, experimental_use_pfor=False)
print(bool(np.allclose(jn.numpy(), j.numpy(), atol=1e-6)))
del tape
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.stack([x[:, 0] * x[:, 1], x[:, 0] ** 2, tf.sin(x[:, 1])], axis=1)
print(tape.batch_jacobian(y, x).numpy())
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * 2.0
show('batch_jacobian rank 1:', lambda: tape.batch_jacobian(y, x))

# custom gradients that read variables
weights = tf.Variable(tf.ones([2]))


@tf.custom_gradient
def linear_poly(x):
    poly = weights[1] * x + weights[0]

    def grad_fn(dpoly, variables):
        grad_xs = dpoly * weights[1]
        grad_vars = [tf.reduce_sum(dpoly * x) * tf.constant([0.0, 1.0]) + tf.reduce_sum(dpoly) * tf.constant([1.0, 0.0])]
        return grad_xs, grad_vars
    return poly, grad_fn


x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    poly = linear_poly(x)
print(poly.numpy())
print(tape.gradient(poly, x).numpy())
print(tape.gradient(poly, weights).numpy())
del tape


@tf.custom_gradient
def bad_poly(x):
    poly = weights[1] * x + weights[0]

    def grad_fn(dpoly):
        return dpoly * weights[1]
    return poly, grad_fn


def call_bad():
    with tf.GradientTape() as tape:
        tape.watch(x)
        p = bad_poly(x)
    return tape.gradient(p, x)


show('grad_fn without variables:', call_bad)


# a custom gradient of second order: the gradient is itself a custom_gradient
@tf.custom_gradient
def op_with_fused_backprop(x):
    y, x_grad = x * x, 2.0 * x

    def first_order_gradient(dy):
        @tf.custom_gradient
        def first_order_custom(unused_x):
            def second_order_and_transpose(ddy):
                return ddy * 18.0, dy * 0.5
            return x_grad, second_order_and_transpose
        return dy * first_order_custom(x)
    return y, first_order_gradient


def second_order(f):
    x = tf.constant(3.0)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = f(x)
        dy = t1.gradient(y, x)
    return dy.numpy(), t2.gradient(dy, x).numpy()


show('two gradients for one input:', lambda: second_order(op_with_fused_backprop))


@tf.custom_gradient
def square_fused(x):
    y, x_grad = x * x, 2.0 * x

    def first_order_gradient(dy):
        @tf.custom_gradient
        def first_order_custom(unused_x):
            def second_order(ddy):
                return ddy * 2.0
            return x_grad, second_order
        return dy * first_order_custom(x)
    return y, first_order_gradient


show('second order:', lambda: second_order(square_fused))


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(t.gradient(output, v).numpy())


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad


for val in [0.0, 10.0, 100.0]:
    x = tf.constant(val)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    print(val, y.numpy(), tape.gradient(y, x).numpy())

# tf.gradients and tf.hessians need a graph
show('tf.gradients eagerly:', lambda: tf.gradients(tf.constant(1.0), tf.constant(2.0)))
show('tf.hessians eagerly:', lambda: tf.hessians(tf.constant(1.0), tf.constant(2.0)))


@tf.function
def grads_in_graph(x):
    y = x ** 3 + 2.0 * x
    g = tf.gradients(y, x)
    gy = tf.gradients(y, x, grad_ys=tf.constant([2.0, 0.5]))
    h = tf.hessians(tf.reduce_sum(y), x)
    return g[0], gy[0], h[0]


g, gy, h = grads_in_graph(tf.constant([1.0, 2.0]))
print(g.numpy(), gy.numpy()); print(h.numpy())


@tf.function
def stop_grads(x):
    a = x * 2.0
    b = a + x
    return tf.gradients(b, [x, a], stop_gradients=[a])


print([t.numpy() for t in stop_grads(tf.constant(3.0))])


@tf.function
def unconnected(x, z):
    return tf.gradients(x * 2.0, [x, z], unconnected_gradients='zero')


print([t.numpy() for t in unconnected(tf.constant(1.0), tf.constant([1.0, 2.0]))])


@tf.function
def none_grad(x, z):
    return tf.gradients(x * 2.0, [x, z])


print(none_grad(tf.constant(1.0), tf.constant([1.0, 2.0])))

# stop_recording in the middle of a computation
x = tf.Variable(2.0)
y = tf.Variable(3.0)
with tf.GradientTape() as t:
    x_sq = x * x
    with t.stop_recording():
        y_sq = y * y
    z = x_sq + y_sq
grad = t.gradient(z, {'x': x, 'y': y})
print('dz/dx:', grad['x']); print('dz/dy:', grad['y'])
with tf.GradientTape() as t:
    t.watch(y)
    with t.stop_recording():
        a = y * 4.0
    t.watch(a)
    b = a * y
print([g.numpy() for g in t.gradient(b, [y, a])])
show('reset after exit:', t.reset)
with tf.GradientTape() as t:
    loss = x * x
    t.reset()
    loss = loss + y * y * y
print(t.gradient(loss, [x, y]))

# compute_gradient checks a function's Jacobian both ways
theo, num = tf.test.compute_gradient(lambda a: a ** 2 + tf.sin(a), [tf.constant([0.5, 1.5], dtype=tf.float64)])
print(np.round(theo[0], 6)); print(np.round(num[0], 6))
