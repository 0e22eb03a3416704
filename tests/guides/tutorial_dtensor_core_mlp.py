# ruff: noqa: E501, E731, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Distributed training with Core APIs and DTensor" tutorial on 8 logical CPUs and
seeded MNIST-shaped data (a small MLP, few steps): a 1-D "batch" mesh, DenseLayer/MLP
tf.Modules whose DVariables are made by call_with_layout (weights replicated), the batch
sharded by dtensor.pack of per-device pieces, an Adam's DVariable slots, a traced train
step (layouts of its results), accuracy, and the DTensor checkpoint's restore. The
initializer draws statelessly (DTensor refuses the tutorial's stateful draw: printed), and
the steps are plain gradient descent: TF 2.21 leaves the model almost unmoved by the
tutorial's hand-written Adam in a traced step on DTensors (its slots update, its
variables barely: the reads of the just-assigned slots seem unordered), eagerflow
applies it."""

import os

import numpy as np
import tensorflow as tf
from tensorflow.experimental import dtensor

np.set_printoptions(precision=4, suppress=True)


def configure_virtual_cpus(ncpu):
  phy_devices = tf.config.list_physical_devices('CPU')
  tf.config.set_logical_device_configuration(
        phy_devices[0],
        [tf.config.LogicalDeviceConfiguration()] * ncpu)

configure_virtual_cpus(8)

DEVICES = [f'CPU:{i}' for i in range(8)]
devices = tf.config.list_logical_devices('CPU')
device_names = [d.name for d in devices]
print(device_names)

# A seeded stand-in for MNIST: 28x28 grayscale images of 10 classes
rng = np.random.default_rng(9)
train_images = rng.integers(0, 256, size=(256, 28, 28)).astype("uint8")
train_labels = rng.integers(0, 10, size=(256,)).astype("int64")
test_images = rng.integers(0, 256, size=(64, 28, 28)).astype("uint8")
test_labels = rng.integers(0, 10, size=(64,)).astype("int64")
train_data = tf.data.Dataset.from_tensor_slices((train_images, train_labels))
test_data = tf.data.Dataset.from_tensor_slices((test_images, test_labels))


def preprocess(x, y):
  # Reshaping the data
  x = tf.reshape(x, shape=[-1, 784])
  # Rescaling the data
  x = x/255
  return x, y

batch_size = 64
train_data, test_data = train_data.batch(batch_size), test_data.batch(batch_size)
train_data, test_data = train_data.map(preprocess), test_data.map(preprocess)

x = tf.linspace(-2, 2, 201)
x = tf.cast(x, tf.float32)
print(float(tf.nn.relu(x)[150]), tf.nn.relu(x).dtype)

mesh = dtensor.create_mesh([("batch", 8)], devices=DEVICES)
print(mesh.dim_names, mesh.shape(), mesh.num_local_devices(), mesh.device_type())


def xavier_init(shape):
  # Computes the xavier initialization values for a weight matrix
  in_dim, out_dim = shape
  xavier_lim = tf.sqrt(6.)/tf.sqrt(tf.cast(in_dim + out_dim, tf.float32))
  weight_vals = tf.random.uniform(shape=(in_dim, out_dim),
                                  minval=-xavier_lim, maxval=xavier_lim, seed=22)
  return weight_vals


try:  # (DTensor refuses stateful random ops: the initializer draws statelessly below)
  dtensor.call_with_layout(xavier_init, dtensor.Layout.replicated(mesh, rank=2), shape=(4, 2))
except tf.errors.UnknownError as e:
  print("UnknownError:", [l for l in str(e).splitlines() if "error:" in l][0].split("error: ")[-1])
with dtensor.default_mesh(mesh):  # (any op run on the mesh: the same refusal)
  try:
    tf.random.uniform([8], maxval=5, dtype=tf.int32)
  except tf.errors.UnknownError as e:
    print("UnknownError:", str(e).splitlines()[0][-150:])
  print(dtensor.fetch_layout(tf.random.stateless_uniform([8], seed=(1, 2))).sharding_specs)


def xavier_init(shape):
  in_dim, out_dim = shape
  xavier_lim = tf.sqrt(6.)/tf.sqrt(tf.cast(in_dim + out_dim, tf.float32))
  return tf.random.stateless_uniform(shape=(in_dim, out_dim), seed=(22, in_dim),
                                     minval=-xavier_lim, maxval=xavier_lim)


class DenseLayer(tf.Module):

  def __init__(self, out_dim, weight_init=xavier_init, activation=tf.identity):
    # Initialize the dimensions and activation functions
    self.out_dim = out_dim
    self.weight_init = weight_init
    self.activation = activation
    self.built = False

  def __call__(self, x):
    if not self.built:
      # Infer the input dimension based on first call
      self.in_dim = x.shape[1]
      # Initialize the weights and biases
      self.w = dtensor.DVariable(dtensor.call_with_layout(
          self.weight_init, dtensor.Layout.replicated(mesh, rank=2), shape=(self.in_dim, self.out_dim)))
      self.b = dtensor.DVariable(dtensor.call_with_layout(
          tf.zeros, dtensor.Layout.replicated(mesh, rank=1), shape=(self.out_dim,)))
      self.built = True
    # Compute the forward pass
    z = tf.add(tf.matmul(x, self.w), self.b)
    return self.activation(z)


class MLP(tf.Module):

  def __init__(self, layers):
    self.layers = layers

  def __call__(self, x, preds=False):
    # Execute the model's layers sequentially
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


def cross_entropy_loss(y_pred, y):
  # Compute cross entropy loss with a sparse operation
  sparse_ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=y_pred)
  return tf.reduce_mean(sparse_ce)


def accuracy(y_pred, y):
  # Compute accuracy after extracting class predictions
  class_preds = tf.argmax(tf.nn.softmax(y_pred), axis=1)
  is_equal = tf.equal(y, class_preds)
  return tf.reduce_mean(tf.cast(is_equal, tf.float32))


class Adam(tf.Module):

    def __init__(self, model_vars, learning_rate=1e-3, beta_1=0.9, beta_2=0.999, ep=1e-7):
      # Initialize optimizer parameters and variable slots
      self.model_vars = model_vars
      self.beta_1 = beta_1
      self.beta_2 = beta_2
      self.learning_rate = learning_rate
      self.ep = ep
      self.t = 1.
      self.v_dvar, self.s_dvar = [], []
      # Initialize optimizer variable slots
      for var in model_vars:
        v = dtensor.DVariable(dtensor.call_with_layout(tf.zeros, var.layout, shape=var.shape))
        s = dtensor.DVariable(dtensor.call_with_layout(tf.zeros, var.layout, shape=var.shape))
        self.v_dvar.append(v)
        self.s_dvar.append(s)

    def apply_gradients(self, grads):
      # Update the model variables given their gradients
      for i, (d_var, var) in enumerate(zip(grads, self.model_vars)):
        self.v_dvar[i].assign(self.beta_1*self.v_dvar[i] + (1-self.beta_1)*d_var)
        self.s_dvar[i].assign(self.beta_2*self.s_dvar[i] + (1-self.beta_2)*tf.square(d_var))
        v_dvar_bc = self.v_dvar[i]/(1-(self.beta_1**self.t))
        s_dvar_bc = self.s_dvar[i]/(1-(self.beta_2**self.t))
        var.assign_sub(self.learning_rate*(v_dvar_bc/(tf.sqrt(s_dvar_bc) + self.ep)))
      self.t += 1.
      return


# Build the model on a first batch (its variables: replicated DVariables)
_ = mlp_model(dtensor.copy_to_mesh(tf.zeros([8, 784]), dtensor.Layout.replicated(mesh, rank=2)))
print([(v.shape, dtensor.fetch_layout(v).sharding_specs) for v in mlp_model.trainable_variables])
print(type(mlp_model.layers[0].w).__name__, mlp_model.layers[0].w.layout.is_fully_replicated())
adam = Adam(mlp_model.trainable_variables, learning_rate=1e-2)
print([dtensor.fetch_layout(v).sharding_specs for v in adam.v_dvar][:2], type(adam.s_dvar[0]).__name__)


class SGD(tf.Module):
  # (the training below steps by plain gradient descent: TF 2.21's DTensor leaves the
  # model nearly unmoved by the Adam above in a traced step, eagerflow moves it)

  def __init__(self, model_vars, learning_rate=0.1):
    self.model_vars = model_vars
    self.learning_rate = learning_rate

  def apply_gradients(self, grads):
    for d_var, var in zip(grads, self.model_vars):
      var.assign_sub(self.learning_rate * d_var)


optimizer = SGD(mlp_model.trainable_variables)


def repack_local_tensor(x, layout):
  # Repacks a local Tensor-like to a DTensor with layout
  x = tf.convert_to_tensor(x)
  sharded_dims = []
  # For every sharded dimension, use tf.split to split the along the dimension.
  queue = [x]
  for axis, dim in enumerate(layout.sharding_specs):
    if dim == dtensor.UNSHARDED:
      continue
    num_splits = layout.shape[axis]
    queue = tf.nest.map_structure(lambda x: tf.split(x, num_splits, axis=axis), queue)
    sharded_dims.append(dim)
  # Now you can build the list of component tensors by looking up the location in
  # the nested list of split tensors created in sharded_dims.
  components = []
  for locations in layout.mesh.local_device_locations():
    t = queue[0]
    for dim in sharded_dims:
      split_index = locations[dim]  # Only valid on single host.
      t = t[split_index]
    components.append(t)
  return dtensor.pack(components, layout)


def repack_batch(x, y, mesh):
  # Pack training data batches into DTensors along the batch axis
  x = repack_local_tensor(x, layout=dtensor.Layout(['batch', dtensor.UNSHARDED], mesh))
  y = repack_local_tensor(y, layout=dtensor.Layout(['batch'], mesh))
  return x, y


train_data_b, test_data_b = train_data, test_data
x_b, y_b = next(iter(train_data_b))
x_d, y_d = repack_batch(x_b, y_b, mesh)
print(dtensor.fetch_layout(x_d).sharding_specs, dtensor.fetch_layout(y_d).sharding_specs)
print([c.shape for c in dtensor.unpack(x_d)][:2], dtensor.unpack(y_d)[1].numpy())


@tf.function
def train_step(model, x_batch, y_batch, loss, metric, optimizer):
  # Execute a single training step
  with tf.GradientTape() as tape:
    y_pred = model(x_batch)
    batch_loss = loss(y_pred, y_batch)
  # Compute gradients and update the model's parameters
  grads = tape.gradient(batch_loss, model.trainable_variables)
  optimizer.apply_gradients(grads)
  # Return batch loss and accuracy
  batch_acc = metric(y_pred, y_batch)
  return batch_loss, batch_acc


@tf.function
def test_step(model, x_batch, y_batch, loss, metric):
  # Execute a single testing step
  y_pred = model(x_batch)
  batch_loss = loss(y_pred, y_batch)
  batch_acc = metric(y_pred, y_batch)
  return batch_loss, batch_acc


train_losses, test_losses = [], []
train_accs, test_accs = [], []
epochs = 3
for epoch in range(epochs):
  batch_losses_train, batch_accs_train = [], []
  batch_losses_test, batch_accs_test = [], []
  # Iterate through training data
  for x_batch, y_batch in train_data_b:
    x_batch, y_batch = repack_batch(x_batch, y_batch, mesh)
    batch_loss, batch_acc = train_step(mlp_model, x_batch, y_batch, cross_entropy_loss, accuracy, optimizer)
    # Keep track of batch-level training performance
    batch_losses_train.append(batch_loss)
    batch_accs_train.append(batch_acc)
  # Iterate through testing data
  for x_batch, y_batch in test_data_b:
    x_batch, y_batch = repack_batch(x_batch, y_batch, mesh)
    # Compute the test loss
    batch_loss, batch_acc = test_step(mlp_model, x_batch, y_batch, cross_entropy_loss, accuracy)
    # Keep track of batch-level testing
    batch_losses_test.append(batch_loss)
    batch_accs_test.append(batch_acc)
  # Keep track of epoch-level model performance
  train_loss, train_acc = tf.reduce_mean(batch_losses_train), tf.reduce_mean(batch_accs_train)
  test_loss, test_acc = tf.reduce_mean(batch_losses_test), tf.reduce_mean(batch_accs_test)
  train_losses.append(train_loss)
  train_accs.append(train_acc)
  test_losses.append(test_loss)
  test_accs.append(test_acc)
  print(f"Epoch: {epoch}")
  print(f"Training loss: {train_loss.numpy():.3f}, Training accuracy: {train_acc.numpy():.3f}")
  print(f"Testing loss: {test_loss.numpy():.3f}, Testing accuracy: {test_acc.numpy():.3f}")
print(dtensor.fetch_layout(batch_loss).sharding_specs, dtensor.fetch_layout(batch_loss).mesh.dim_names, batch_loss.shape)
print(train_step.experimental_get_tracing_count(), test_step.experimental_get_tracing_count())

# Saving: a DTensor checkpoint of the model's DVariables, restored into a fresh model
ckpt_dir = os.path.abspath("dtensor_ckpt")
checkpoint = tf.train.Checkpoint(model=mlp_model)
path = checkpoint.save(os.path.join(ckpt_dir, "ckpt"))
print(os.path.basename(path), sorted(k for k, _ in tf.train.list_variables(path) if "layers" in k))
fresh = MLP([DenseLayer(out_dim=hidden_layer_1_size, activation=tf.nn.relu),
             DenseLayer(out_dim=hidden_layer_2_size, activation=tf.nn.relu),
             DenseLayer(out_dim=output_size)])
_ = fresh(dtensor.copy_to_mesh(tf.zeros([8, 784]), dtensor.Layout.replicated(mesh, rank=2)))
tf.train.Checkpoint(model=fresh).restore(path).assert_consumed()
x_t, y_t = repack_batch(*next(iter(test_data_b)), mesh)
print(np.allclose(dtensor.unpack(fresh(x_t))[0].numpy(), dtensor.unpack(mlp_model(x_t))[0].numpy()))
print(round(float(accuracy(fresh(x_t), y_t)), 4))
