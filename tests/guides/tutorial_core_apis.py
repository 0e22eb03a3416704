# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Core APIs" tutorials on seeded synthetic data: the quickstart's linear regression
as a tf.Module (normalization, a tf.function fit loop, an export module saved and loaded),
logistic regression (sigmoid cross-entropy, predict_class, accuracy and a confusion
matrix), the MLP (DenseLayer with Xavier initialization, an Adam written by hand, tf.data
batches, accuracy, an ExportModule), the optimizers tutorial (gradient descent, momentum and
Adam as tf.Modules on a convex function, their paths) and matrix approximation with the SVD
(rank-r reconstructions, their errors and compression ratios)."""

import os

import numpy as np
import tensorflow as tf

np.set_printoptions(precision=4, suppress=True)
tf.random.set_seed(22)
rng = np.random.default_rng(22)


def r(x, n=4):
    return np.round(np.asarray(x, dtype=np.float64), n)


# -- quickstart: linear regression
n = 120
features = rng.normal(size=(n, 3)).astype("float32") * [2.0, 10.0, 0.5] + [5.0, 50.0, 1.0]
true_w = np.array([[1.5], [-0.2], [3.0]], "float32")
labels = (features @ true_w + 4.0 + rng.normal(scale=0.1, size=(n, 1))).astype("float32")
dataset = tf.convert_to_tensor(np.concatenate([features, labels], axis=1), dtype=tf.float32)
dataset = tf.random.shuffle(dataset, seed=22)
print(dataset.shape, dataset.dtype)
x, y = dataset[:, :-1], dataset[:, -1]
x_train, x_test = x[:96], x[96:]
y_train, y_test = y[:96], y[96:]
y_train, y_test = tf.reshape(y_train, shape=[-1, 1]), tf.reshape(y_test, shape=[-1, 1])


class Normalize(tf.Module):
    def __init__(self, x):
        self.mean = tf.Variable(tf.math.reduce_mean(x, axis=0))
        self.std = tf.Variable(tf.math.reduce_std(x, axis=0))

    def norm(self, x):
        return (x - self.mean) / self.std

    def unnorm(self, x):
        return (x * self.std) + self.mean


norm_x = Normalize(x_train)
x_train_norm, x_test_norm = norm_x.norm(x_train), norm_x.norm(x_test)
print(r(norm_x.mean.numpy(), 3), r(norm_x.std.numpy(), 3))
print(r(np.abs(tf.reduce_mean(x_train_norm, axis=0)), 3), r(tf.math.reduce_std(x_train_norm, axis=0), 3))


class LinearRegression(tf.Module):
    def __init__(self):
        self.built = False

    @tf.function
    def __call__(self, x):
        if not self.built:
            rand_w = tf.random.uniform(shape=[x.shape[-1], 1], seed=1)
            rand_b = tf.random.uniform(shape=[], seed=2)
            self.w = tf.Variable(rand_w)
            self.b = tf.Variable(rand_b)
            self.built = True
        y = tf.add(tf.matmul(x, self.w), self.b)
        return tf.squeeze(y, axis=1)


lin_reg = LinearRegression()
try:
    lin_reg(tf.cast(x_train_norm[:1], tf.float64))
except TypeError as e:
    print("TypeError:", str(e).splitlines()[-1].strip())
lin_reg = LinearRegression()
prediction = lin_reg(x_train_norm[:1])
print(prediction.shape, prediction.dtype)
print([v.name for v in lin_reg.variables], [tuple(v.shape) for v in lin_reg.trainable_variables])


def mse_loss(y_pred, y):
    return tf.reduce_mean(tf.square(y_pred - y))


batch_size = 32
train_dataset = tf.data.Dataset.from_tensor_slices((x_train_norm, y_train))
train_dataset = train_dataset.shuffle(buffer_size=96, seed=3).batch(batch_size)
test_dataset = tf.data.Dataset.from_tensor_slices((x_test_norm, y_test))
test_dataset = test_dataset.shuffle(buffer_size=24, seed=4).batch(batch_size)
print(train_dataset.element_spec)
epochs = 40
learning_rate = 0.1
train_losses, test_losses = [], []
for epoch in range(epochs):
    batch_losses_train, batch_losses_test = [], []
    for x_batch, y_batch in train_dataset:
        with tf.GradientTape() as tape:
            batch_loss = mse_loss(lin_reg(x_batch), tf.squeeze(y_batch, axis=1))
        grads = tape.gradient(batch_loss, lin_reg.variables)
        for g, v in zip(grads, lin_reg.variables):
            v.assign_sub(learning_rate * g)
        batch_losses_train.append(batch_loss)
    for x_batch, y_batch in test_dataset:
        batch_loss = mse_loss(lin_reg(x_batch), tf.squeeze(y_batch, axis=1))
        batch_losses_test.append(batch_loss)
    train_loss = tf.reduce_mean(batch_losses_train)
    test_loss = tf.reduce_mean(batch_losses_test)
    train_losses.append(train_loss)
    test_losses.append(test_loss)
    if epoch % 10 == 0:
        print(f"Mean squared error for step {epoch}: {train_loss.numpy():0.2f}")
print(f"\nFinal train loss: {train_losses[-1]:0.2f}")
print(f"Final test loss: {test_losses[-1]:0.2f}")
print(r(lin_reg.w.numpy() / norm_x.std.numpy()[:, None], 2).ravel())


class ExportModule(tf.Module):
    def __init__(self, model, norm_x):
        self.model = model
        self.norm_x = norm_x

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, None], dtype=tf.float32)])
    def __call__(self, x):
        x = self.norm_x.norm(x)
        return self.model(x)


lin_reg_export = ExportModule(model=lin_reg, norm_x=norm_x)
models = "saved_models"
save_path = os.path.join(models, "fuel_efficiency")
tf.saved_model.save(lin_reg_export, save_path)
print(sorted(os.listdir(save_path)))
lin_reg_loaded = tf.saved_model.load(save_path)
test_preds = lin_reg_loaded(x_test)
print(test_preds.shape, r(test_preds[:3], 1), r(y_test[:3, 0], 1))
print(bool(np.allclose(test_preds, lin_reg_export(x_test), atol=1e-4)))
print(list(lin_reg_loaded.signatures.keys()))

# -- logistic regression
n = 200
x_benign = rng.normal(loc=0.0, scale=1.0, size=(n // 2, 5))
x_malig = rng.normal(loc=1.5, scale=1.2, size=(n // 2, 5))
x_all = np.concatenate([x_benign, x_malig]).astype("float32")
y_all = np.concatenate([np.zeros(n // 2), np.ones(n // 2)]).astype("float32")
order = rng.permutation(n)
x_all, y_all = x_all[order], y_all[order]
x_train, x_test = tf.convert_to_tensor(x_all[:160]), tf.convert_to_tensor(x_all[160:])
y_train, y_test = tf.convert_to_tensor(y_all[:160]), tf.convert_to_tensor(y_all[160:])
print(int(tf.reduce_sum(y_train)), int(tf.reduce_sum(y_test)))


class Normalize2(tf.Module):
    def __init__(self, x):
        self.mean = tf.Variable(tf.math.reduce_mean(x, axis=0))
        self.std = tf.Variable(tf.math.reduce_std(x, axis=0))

    def norm(self, x):
        return (x - self.mean) / self.std


norm_x = Normalize2(x_train)
x_train_norm, x_test_norm = norm_x.norm(x_train), norm_x.norm(x_test)
x = tf.linspace(-10, 10, 5)
print(tf.math.sigmoid(x))


def log_loss(y_pred, y):
    ce = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=y_pred)
    return tf.reduce_mean(ce)


class LogisticRegression(tf.Module):
    def __init__(self):
        self.built = False

    def __call__(self, x, train=True):
        if not self.built:
            rand_w = tf.random.uniform(shape=[x.shape[-1], 1], seed=22)
            rand_b = tf.random.uniform(shape=[], seed=22)
            self.w = tf.Variable(rand_w)
            self.b = tf.Variable(rand_b)
            self.built = True
        z = tf.add(tf.matmul(x, self.w), self.b)
        z = tf.squeeze(z, axis=1)
        if train:
            return z
        return tf.sigmoid(z)


log_reg = LogisticRegression()
y_pred = log_reg(x_train_norm[:5], train=False)
print(y_pred.shape, bool(tf.reduce_all((y_pred >= 0) & (y_pred <= 1))))


def predict_class(y_pred, thresh=0.5):
    return tf.cast(y_pred > thresh, tf.float32)


def accuracy(y_pred, y):
    y_pred = tf.math.sigmoid(y_pred)
    y_pred_class = predict_class(y_pred)
    check_equal = tf.cast(y_pred_class == y, tf.float32)
    acc_val = tf.reduce_mean(check_equal)
    return acc_val


print(predict_class(tf.constant([0.2, 0.5, 0.51, 0.9])))
batch_size = 64
train_dataset = tf.data.Dataset.from_tensor_slices((x_train_norm, y_train))
train_dataset = train_dataset.shuffle(buffer_size=160, seed=5).batch(batch_size)
test_dataset = tf.data.Dataset.from_tensor_slices((x_test_norm, y_test))
test_dataset = test_dataset.shuffle(buffer_size=40, seed=6).batch(batch_size)
epochs = 60
learning_rate = 0.01
for epoch in range(epochs):
    batch_losses_train, batch_accs_train = [], []
    batch_losses_test, batch_accs_test = [], []
    for x_batch, y_batch in train_dataset:
        with tf.GradientTape() as tape:
            y_pred_batch = log_reg(x_batch)
            batch_loss = log_loss(y_pred_batch, y_batch)
        batch_acc = accuracy(y_pred_batch, y_batch)
        grads = tape.gradient(batch_loss, log_reg.variables)
        for g, v in zip(grads, log_reg.variables):
            v.assign_sub(learning_rate * g)
        batch_losses_train.append(batch_loss)
        batch_accs_train.append(batch_acc)
    for x_batch, y_batch in test_dataset:
        y_pred_batch = log_reg(x_batch)
        batch_losses_test.append(log_loss(y_pred_batch, y_batch))
        batch_accs_test.append(accuracy(y_pred_batch, y_batch))
    if epoch % 20 == 0:
        print(f"Epoch: {epoch}, Training log loss: {tf.reduce_mean(batch_losses_train):.3f}, accuracy {tf.reduce_mean(batch_accs_train):.3f}")
y_pred_test = log_reg(x_test_norm, train=False)
cm = tf.math.confusion_matrix(y_test, predict_class(y_pred_test), num_classes=2)
print(cm)
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4]))
print(tf.math.confusion_matrix([0, 1, 1], [0, 1, 0], weights=[1.0, 2.0, 0.5], dtype=tf.float32))

# -- multilayer perceptrons
x_img = rng.integers(0, 256, size=(256, 8, 8)).astype("uint8")
y_img = rng.integers(0, 10, size=(256,)).astype("int64")
train_data = tf.data.Dataset.from_tensor_slices((x_img[:192], y_img[:192]))
test_data = tf.data.Dataset.from_tensor_slices((x_img[192:], y_img[192:]))


def preprocess(x, y):
    x = tf.reshape(x, shape=[-1, 64])
    x = x / 255
    return x, y


train_data, test_data = train_data.batch(64).map(preprocess), test_data.batch(64).map(preprocess)
print(train_data.element_spec)
x = tf.linspace(-2, 2, 5)
x = tf.cast(x, tf.float32)
print(tf.nn.relu(x), tf.nn.softmax(x, axis=0).numpy().round(4))


def xavier_init(shape):
    in_dim, out_dim = shape
    xavier_lim = tf.sqrt(6.0) / tf.sqrt(tf.cast(in_dim + out_dim, tf.float32))
    weight_vals = tf.random.uniform(shape=(in_dim, out_dim), minval=-xavier_lim, maxval=xavier_lim, seed=22)
    return weight_vals


class DenseLayer(tf.Module):
    def __init__(self, out_dim, weight_init=xavier_init, activation=tf.identity):
        self.out_dim = out_dim
        self.weight_init = weight_init
        self.activation = activation
        self.built = False

    def __call__(self, x):
        if not self.built:
            self.in_dim = x.shape[1]
            self.w = tf.Variable(self.weight_init(shape=(self.in_dim, self.out_dim)))
            self.b = tf.Variable(tf.zeros(shape=(self.out_dim,)))
            self.built = True
        z = tf.add(tf.matmul(x, self.w), self.b)
        return self.activation(z)


class MLP(tf.Module):
    def __init__(self, layers):
        self.layers = layers

    @tf.function
    def __call__(self, x, preds=False):
        for layer in self.layers:
            x = layer(x)
        return x


hidden_layer_1_size = 32
hidden_layer_2_size = 16
output_size = 10
mlp_model = MLP([
    DenseLayer(out_dim=hidden_layer_1_size, activation=tf.nn.relu),
    DenseLayer(out_dim=hidden_layer_2_size, activation=tf.nn.relu),
    DenseLayer(out_dim=output_size)])
print(mlp_model(tf.zeros((1, 64))).shape)
print([tuple(v.shape) for v in mlp_model.variables])


def cross_entropy_loss(y_pred, y):
    sparse_ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=y_pred)
    return tf.reduce_mean(sparse_ce)


def accuracy(y_pred, y):
    class_preds = tf.argmax(tf.nn.softmax(y_pred), axis=1)
    is_equal = tf.equal(y, class_preds)
    return tf.reduce_mean(tf.cast(is_equal, tf.float32))


class Adam:
    def __init__(self, learning_rate=1e-3, beta_1=0.9, beta_2=0.999, ep=1e-7):
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.learning_rate = learning_rate
        self.ep = ep
        self.t = 1.0
        self.v_dvar, self.s_dvar = [], []
        self.built = False

    def apply_gradients(self, grads, vars):
        if not self.built:
            for var in vars:
                v = tf.Variable(tf.zeros(shape=var.shape))
                s = tf.Variable(tf.zeros(shape=var.shape))
                self.v_dvar.append(v)
                self.s_dvar.append(s)
            self.built = True
        for i, (d_var, var) in enumerate(zip(grads, vars)):
            self.v_dvar[i].assign(self.beta_1 * self.v_dvar[i] + (1 - self.beta_1) * d_var)
            self.s_dvar[i].assign(self.beta_2 * self.s_dvar[i] + (1 - self.beta_2) * tf.square(d_var))
            v_dvar_bc = self.v_dvar[i] / (1 - (self.beta_1 ** self.t))
            s_dvar_bc = self.s_dvar[i] / (1 - (self.beta_2 ** self.t))
            var.assign_sub(self.learning_rate * (v_dvar_bc / (tf.sqrt(s_dvar_bc) + self.ep)))
        self.t += 1.0
        return vars


def train_step(x_batch, y_batch, loss, acc, model, optimizer):
    with tf.GradientTape() as tape:
        y_pred = model(x_batch)
        batch_loss = loss(y_pred, y_batch)
    batch_acc = acc(y_pred, y_batch)
    grads = tape.gradient(batch_loss, model.variables)
    optimizer.apply_gradients(grads, model.variables)
    return batch_loss, batch_acc


def val_step(x_batch, y_batch, loss, acc, model):
    y_pred = model(x_batch)
    batch_loss = loss(y_pred, y_batch)
    batch_acc = acc(y_pred, y_batch)
    return batch_loss, batch_acc


def train_model(mlp, train_data, val_data, loss, acc, optimizer, epochs):
    train_losses, train_accs = [], []
    val_losses, val_accs = [], []
    for epoch in range(epochs):
        batch_losses_train, batch_accs_train = [], []
        batch_losses_val, batch_accs_val = [], []
        for x_batch, y_batch in train_data:
            batch_loss, batch_acc = train_step(x_batch, y_batch, loss, acc, mlp, optimizer)
            batch_losses_train.append(batch_loss)
            batch_accs_train.append(batch_acc)
        for x_batch, y_batch in val_data:
            batch_loss, batch_acc = val_step(x_batch, y_batch, loss, acc, mlp)
            batch_losses_val.append(batch_loss)
            batch_accs_val.append(batch_acc)
        train_loss, train_acc = tf.reduce_mean(batch_losses_train), tf.reduce_mean(batch_accs_train)
        val_loss, val_acc = tf.reduce_mean(batch_losses_val), tf.reduce_mean(batch_accs_val)
        train_losses.append(train_loss)
        train_accs.append(train_acc)
        val_losses.append(val_loss)
        val_accs.append(val_acc)
        print(f"Epoch: {epoch}")
        print(f"Training loss: {train_loss:.3f}, Training accuracy: {train_acc:.3f}")
        print(f"Validation loss: {val_loss:.3f}, Validation accuracy: {val_acc:.3f}")
    return train_losses, train_accs, val_losses, val_accs


train_losses, train_accs, val_losses, val_accs = train_model(
    mlp_model, train_data, test_data, loss=cross_entropy_loss, acc=accuracy,
    optimizer=Adam(), epochs=3)


class ExportModule2(tf.Module):
    def __init__(self, model, preprocess, class_pred):
        self.model = model
        self.preprocess = preprocess
        self.class_pred = class_pred

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, None, None], dtype=tf.uint8)])
    def __call__(self, x):
        x = self.preprocess(x)
        y = self.model(x)
        y = self.class_pred(y)
        return y


def preprocess_test(x):
    x = tf.reshape(x, shape=[-1, 64])
    x = x / 255
    return x


def class_pred_test(y):
    return tf.argmax(tf.nn.softmax(y), axis=1)


mlp_model_export = ExportModule2(model=mlp_model, preprocess=preprocess_test, class_pred=class_pred_test)
save_path = os.path.join(models, "mlp_model_export")
tf.saved_model.save(mlp_model_export, save_path)
mlp_loaded = tf.saved_model.load(save_path)
preds = mlp_loaded(x_img[192:200])
print(preds.dtype, preds.shape, bool(np.array_equal(preds, mlp_model_export(x_img[192:200]))))


# -- optimizers with Core APIs
def convex_loss(x):
    return 2 * (x ** 4) + 3 * (x ** 3) + 2


def grad(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        result = f(x)
    return tape.gradient(result, x)


class GradientDescent(tf.Module):
    def __init__(self, learning_rate=1e-3):
        self.learning_rate = learning_rate
        self.title = f"Gradient descent optimizer: learning rate={self.learning_rate}"

    def apply_gradients(self, grads, vars):
        for grad, var in zip(grads, vars):
            var.assign_sub(self.learning_rate * grad)


class Momentum(tf.Module):
    def __init__(self, learning_rate=1e-3, momentum=0.7):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.change = 0.0
        self.title = f"Gradient descent optimizer: learning rate={self.learning_rate}"

    def apply_gradients(self, grads, vars):
        for grad, var in zip(grads, vars):
            curr_change = self.learning_rate * grad + self.momentum * self.change
            var.assign_sub(curr_change)
            self.change = curr_change


class AdamCore(tf.Module):
    def __init__(self, learning_rate=1e-3, beta_1=0.9, beta_2=0.999, ep=1e-7):
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.learning_rate = learning_rate
        self.ep = ep
        self.t = 1.0
        self.v_dvar, self.s_dvar = [], []
        self.title = f"Adam: learning rate={self.learning_rate}"
        self.built = False

    def apply_gradients(self, grads, vars):
        if not self.built:
            for var in vars:
                v = tf.Variable(tf.zeros(shape=var.shape))
                s = tf.Variable(tf.zeros(shape=var.shape))
                self.v_dvar.append(v)
                self.s_dvar.append(s)
            self.built = True
        for i, (d_var, var) in enumerate(zip(grads, vars)):
            self.v_dvar[i] = self.beta_1 * self.v_dvar[i] + (1 - self.beta_1) * d_var
            self.s_dvar[i] = self.beta_2 * self.s_dvar[i] + (1 - self.beta_2) * tf.square(d_var)
            v_dvar_bc = self.v_dvar[i] / (1 - (self.beta_1 ** self.t))
            s_dvar_bc = self.s_dvar[i] / (1 - (self.beta_2 ** self.t))
            var.assign_sub(self.learning_rate * (v_dvar_bc / (tf.sqrt(s_dvar_bc) + self.ep)))
        self.t += 1.0


def convergence_test(optimizer, loss_fn, grad_fn=grad, init_val=2.0, max_iters=2000):
    print(optimizer.title)
    print("-------------------------------")
    x = tf.Variable(init_val)
    param_path = []
    converged = False
    for iter in range(1, max_iters + 1):
        x_grad = grad_fn(loss_fn, x)
        param_path.append(x.numpy())
        optimizer.apply_gradients(grads=[x_grad], vars=[x])
        if iter > 1 and tf.math.abs(param_path[-1] - param_path[-2]) < 1e-5:
            print(f"Converged in {iter} iterations")
            converged = True
            break
    if not converged:
        print(f"Exceeded maximum of {max_iters} iterations. Test terminated.")
    print(f"x = {x.numpy():.3f}")
    return param_path


param_map_gd = {}
learning_rates = [1e-3, 1e-2, 1e-1]
for learning_rate in learning_rates:
    param_map_gd[learning_rate] = convergence_test(
        GradientDescent(learning_rate=learning_rate), loss_fn=convex_loss)
print({k: len(v) for k, v in param_map_gd.items()})
param_map_mtm = {}
for momentum in [0, 0.5, 0.9]:
    param_map_mtm[momentum] = convergence_test(
        Momentum(learning_rate=1e-2, momentum=momentum), loss_fn=convex_loss)
for learning_rate in [1e-3, 1e-2, 1e-1]:
    convergence_test(AdamCore(learning_rate=learning_rate), loss_fn=convex_loss)
print(grad(convex_loss, tf.constant([-2.25, 0.0, 1.0])))

# -- matrix approximation with SVD
A = tf.constant(rng.random((12, 8)), dtype=tf.float32)
s, U, V = tf.linalg.svd(A)
print(s.shape, U.shape, V.shape)
A_svd = tf.einsum("s,us,vs -> uv", s, U, V)
print(f"\nReconstructed Matrix, A_svd error: {float(tf.reduce_max(tf.abs(A - A_svd))) < 1e-5}")


def rank_r_approx(s, U, V, r, verbose=False):
    s_r, U_r, V_r = s[..., :r], U[..., :, :r], V[..., :, :r]
    A_r = tf.einsum("...s,...us,...vs->...uv", s_r, U_r, V_r)
    if verbose:
        print(f"Approximation Size: {tf.size(A_r)}")
        print(f"Left Singular Vectors Size: {U_r.shape}")
        print(f"Right Singular Vectors Size: {V_r.shape}")
    return A_r


print(rank_r_approx(s, U, V, r=2, verbose=True).shape)
for k in [1, 2, 4, 8]:
    A_r = rank_r_approx(s, U, V, k)
    rel_err = tf.norm(A - A_r) / tf.norm(A)
    compression = (k * (12 + 8 + 1)) / (12 * 8)
    print(k, round(float(rel_err), 3), round(compression, 3))
img = tf.constant(rng.random((3, 16, 16)), dtype=tf.float32)
s_i, U_i, V_i = tf.linalg.svd(img)
print(s_i.shape, U_i.shape, V_i.shape)
print(rank_r_approx(s_i, U_i, V_i, 4).shape)
print(bool(np.allclose(tf.reduce_sum(s_i ** 2, axis=-1), tf.reduce_sum(img ** 2, axis=[1, 2]), atol=1e-3)))
s_only = tf.linalg.svd(A, compute_uv=False)
print(bool(np.allclose(s_only, s, atol=1e-5)))
s_full, U_full, V_full = tf.linalg.svd(A, full_matrices=True)
print(U_full.shape, V_full.shape)
