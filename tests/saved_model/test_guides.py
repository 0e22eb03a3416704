"""The saving cells of TensorFlow's guides, run unchanged (each guide in its own process:
`import eagerflow as tf` in place of TensorFlow). Cells between them that the saving
cells need are included; plotting and dataset-download cells are left out (the
mlp_core model is trained on random data instead of MNIST from tensorflow_datasets)."""

import subprocess
import sys
import textwrap

import pytest


def _run(script: str, tmp_path) -> str:
    src = "import eagerflow as tf\n" + textwrap.dedent(script)
    proc = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_basics(tmp_path):
    out = _run('''
        class MyModule(tf.Module):
          def __init__(self, value):
            self.weight = tf.Variable(value)

          @tf.function
          def multiply(self, x):
            return x * self.weight

        mod = MyModule(3)
        mod.multiply(tf.constant([1, 2, 3]))

        save_path = './saved'
        tf.saved_model.save(mod, save_path)

        reloaded = tf.saved_model.load(save_path)
        print(reloaded.multiply(tf.constant([1, 2, 3])))
    ''', tmp_path)
    assert out == "tf.Tensor([3 6 9], shape=(3,), dtype=int32)\n"


def test_intro_to_modules(tmp_path):
    out = _run('''
        class Dense(tf.Module):
          def __init__(self, in_features, out_features, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(
              tf.random.normal([in_features, out_features]), name='w')
            self.b = tf.Variable(tf.zeros([out_features]), name='b')
          def __call__(self, x):
            y = tf.matmul(x, self.w) + self.b
            return tf.nn.relu(y)

        class MySequentialModule(tf.Module):
          def __init__(self, name=None):
            super().__init__(name=name)

            self.dense_1 = Dense(in_features=3, out_features=3)
            self.dense_2 = Dense(in_features=3, out_features=2)

          @tf.function
          def __call__(self, x):
            x = self.dense_1(x)
            return self.dense_2(x)

        # You have made a model with a graph!
        my_model = MySequentialModule(name="the_model")
        print(my_model([[2.0, 2.0, 2.0]]))
        print(my_model([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))

        tf.saved_model.save(my_model, "the_saved_model")
        import os
        print(sorted(os.listdir("the_saved_model")))
        print(sorted(os.listdir("the_saved_model/variables")))
        new_model = tf.saved_model.load("the_saved_model")
        print(isinstance(new_model, MySequentialModule))
        print(new_model([[2.0, 2.0, 2.0]]))
        print(new_model([[[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]))
    ''', tmp_path)
    first, listing = out.split("['assets'")
    assert listing.startswith(", 'fingerprint.pb', 'saved_model.pb', 'variables']\n"
                              "['variables.data-00000-of-00001', 'variables.index']\n"
                              "False\n")
    assert listing.split("False\n")[1] == first  # the loaded model computes the same


def test_advanced_autodiff(tmp_path):
    out = _run('''
        # Establish an identity operation, but clip during the gradient pass.
        @tf.custom_gradient
        def clip_gradients(y):
          def backward(dy):
            return tf.clip_by_norm(dy, 0.5)
          return y, backward

        v = tf.Variable(2.0)
        with tf.GradientTape() as t:
          output = clip_gradients(v * v)
        print(t.gradient(output, v))  # calls "backward", which clips 4 to 2

        class MyModule(tf.Module):

          @tf.function(input_signature=[tf.TensorSpec(None)])
          def call_custom_grad(self, x):
            return clip_gradients(x)

        model = MyModule()

        tf.saved_model.save(
            model,
            'saved_model',
            options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))

        # The loaded gradients will be the same as the above example.
        v = tf.Variable(2.0)
        loaded = tf.saved_model.load('saved_model')
        with tf.GradientTape() as t:
          output = loaded.call_custom_grad(v * v)
        print(t.gradient(output, v))
    ''', tmp_path)
    assert out == "tf.Tensor(2.0, shape=(), dtype=float32)\n" * 2


def test_mlp_core_export_module(tmp_path):
    out = _run('''
        import os, tempfile
        import numpy as np

        def xavier_init(shape):
          in_dim, out_dim = shape
          xavier_lim = tf.sqrt(6.)/tf.sqrt(tf.cast(in_dim + out_dim, tf.float32))
          weight_vals = tf.random.uniform(shape=(in_dim, out_dim),
                                          minval=-xavier_lim, maxval=xavier_lim, seed=22)
          return weight_vals

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
              self.w = tf.Variable(self.weight_init(shape=(self.in_dim, self.out_dim)))
              self.b = tf.Variable(tf.zeros(shape=(self.out_dim,)))
              self.built = True
            # Compute the forward pass
            z = tf.add(tf.matmul(x, self.w), self.b)
            return self.activation(z)

        class MLP(tf.Module):

          def __init__(self, layers):
            self.layers = layers

          @tf.function
          def __call__(self, x, preds=False):
            # Execute the model's layers sequentially
            for layer in self.layers:
              x = layer(x)
            return x

        hidden_layer_1_size = 700
        hidden_layer_2_size = 500
        output_size = 10

        mlp_model = MLP([
            DenseLayer(out_dim=hidden_layer_1_size, activation=tf.nn.relu),
            DenseLayer(out_dim=hidden_layer_2_size, activation=tf.nn.relu),
            DenseLayer(out_dim=output_size)])
        mlp_model(tf.zeros([1, 784]))

        class ExportModule(tf.Module):
          def __init__(self, model, preprocess, class_pred):
            # Initialize pre and postprocessing functions
            self.model = model
            self.preprocess = preprocess
            self.class_pred = class_pred

          @tf.function(input_signature=[tf.TensorSpec(shape=[None, None, None, None], dtype=tf.uint8)])
          def __call__(self, x):
            # Run the ExportModule for new data points
            x = self.preprocess(x)
            y = self.model(x)
            y = self.class_pred(y)
            return y

        def preprocess_test(x):
          # The export module takes in unprocessed and unlabeled data
          x = tf.reshape(x, shape=[-1, 784])
          x = x/255
          return x

        def class_pred_test(y):
          # Generate class predictions from MLP output
          return tf.argmax(tf.nn.softmax(y), axis=1)

        mlp_model_export = ExportModule(model=mlp_model,
                                        preprocess=preprocess_test,
                                        class_pred=class_pred_test)

        models = tempfile.mkdtemp()
        save_path = os.path.join(models, 'mlp_model_export')
        tf.saved_model.save(mlp_model_export, save_path)

        mlp_loaded = tf.saved_model.load(save_path)

        x_test = tf.constant(np.random.RandomState(0).randint(0, 256, (64, 28, 28, 1)),
                             tf.uint8)
        test_classes = mlp_loaded(x_test)
        print(bool(tf.reduce_all(test_classes == mlp_model_export(x_test))), test_classes.dtype)
    ''', tmp_path)
    assert out == "True <dtype: 'int64'>\n"


def test_random_numbers_generator_state_in_a_saved_model(tmp_path):
    out = _run('''
        physical_devices = tf.config.list_physical_devices("CPU")
        tf.config.experimental.set_virtual_device_configuration(
            physical_devices[0], [
                tf.config.experimental.VirtualDeviceConfiguration(),
                tf.config.experimental.VirtualDeviceConfiguration(),
                tf.config.experimental.VirtualDeviceConfiguration()
            ])

        filename = "./saved_model"

        class MyModule(tf.Module):

          def __init__(self):
            super(MyModule, self).__init__()
            self.g = tf.random.Generator.from_seed(0)

          @tf.function
          def __call__(self):
            return self.g.normal([])

          @tf.function
          def state(self):
            return self.g.state

        strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
        with strat.scope():
          m = MyModule()
          print(strat.run(m))
          print("state:", m.state())

        with strat.scope():
          tf.saved_model.save(m, filename)
          print("RNG stream from saving point:")
          print(strat.run(m))
          print("state:", m.state())
          print(strat.run(m))
          print("state:", m.state())

        imported = tf.saved_model.load(filename)
        print("RNG stream from loading point:")
        print("state:", imported.state())
        print(imported())
        print("state:", imported.state())
        print(imported())
        print("state:", imported.state())
    ''', tmp_path)
    before, rest = out.split("RNG stream from saving point:\n")
    loading = rest.split("RNG stream from loading point:\n")[1].splitlines()
    saved_state = before.splitlines()[-1]
    # the loaded generator starts from the state it was saved with, and moves on
    assert loading[0] == saved_state
    assert loading[2] != loading[0] and loading[4] != loading[2]
    assert loading[1].startswith("tf.Tensor(") and loading[3].startswith("tf.Tensor(")


def test_saved_model_guide_custom_module_signatures_and_fine_tuning(tmp_path):
    """guide/saved_model: a custom module saved without, with one and with several
    signatures, mutated and fine-tuned after loading, and named signature outputs. Saving
    prints "Tracing with" once more per signature traced since the last save, as TF does
    (its trace cache keys include the save context)."""
    out = _run('''
        import os
        import tempfile
        tmpdir = tempfile.mkdtemp()

        class CustomModule(tf.Module):

          def __init__(self):
            super(CustomModule, self).__init__()
            self.v = tf.Variable(1.)

          @tf.function
          def __call__(self, x):
            print('Tracing with', x)
            return x * self.v

          @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
          def mutate(self, new_v):
            self.v.assign(new_v)

        module = CustomModule()

        module_no_signatures_path = os.path.join(tmpdir, 'module_no_signatures')
        module(tf.constant(0.))
        print('Saving model...')
        tf.saved_model.save(module, module_no_signatures_path)

        imported = tf.saved_model.load(module_no_signatures_path)
        assert imported(tf.constant(3.)).numpy() == 3
        imported.mutate(tf.constant(2.))
        assert imported(tf.constant(3.)).numpy() == 6

        optimizer = tf.keras.optimizers.SGD(0.05)

        def train_step():
          with tf.GradientTape() as tape:
            loss = (10. - imported(tf.constant(2.))) ** 2
          variables = tape.watched_variables()
          grads = tape.gradient(loss, variables)
          optimizer.apply_gradients(zip(grads, variables))
          return loss

        for _ in range(10):
          # "v" approaches 5, "loss" approaches 0
          print("loss={:.2f} v={:.2f}".format(train_step(), imported.v.numpy()))

        assert len(imported.signatures) == 0

        module_with_signature_path = os.path.join(tmpdir, 'module_with_signature')
        call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
        tf.saved_model.save(module, module_with_signature_path, signatures=call)

        imported_with_signatures = tf.saved_model.load(module_with_signature_path)
        print(list(imported_with_signatures.signatures.keys()))

        module_multiple_signatures_path = os.path.join(tmpdir, 'module_with_multiple_signatures')
        signatures = {"serving_default": call,
                      "array_input": module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))}

        tf.saved_model.save(module, module_multiple_signatures_path, signatures=signatures)
        print(list(tf.saved_model.load(module_multiple_signatures_path).signatures.keys()))

        class CustomModuleWithOutputName(tf.Module):
          def __init__(self):
            super(CustomModuleWithOutputName, self).__init__()
            self.v = tf.Variable(1.)

          @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
          def __call__(self, x):
            return {'custom_output_name': x * self.v}

        module_output = CustomModuleWithOutputName()
        call_output = module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
        module_output_path = os.path.join(tmpdir, 'module_with_output_name')
        tf.saved_model.save(module_output, module_output_path,
                            signatures={'serving_default': call_output})

        imported_with_output_name = tf.saved_model.load(module_output_path)
        print(imported_with_output_name.signatures['serving_default'].structured_outputs)
    ''', tmp_path)
    losses = [(36.00, 3.20), (12.96, 3.92), (4.67, 4.35), (1.68, 4.61), (0.60, 4.77),
              (0.22, 4.86), (0.08, 4.92), (0.03, 4.95), (0.01, 4.97), (0.00, 4.98)]
    assert out.splitlines() == [  # TF 2.21's output
        'Tracing with Tensor("x:0", shape=(), dtype=float32)', "Saving model...",
        'Tracing with Tensor("x:0", shape=(), dtype=float32)'] + [
        f"loss={a:.2f} v={b:.2f}" for a, b in losses] + [
        'Tracing with Tensor("x:0", dtype=float32)',
        'Tracing with Tensor("x:0", dtype=float32)', "['serving_default']",
        "['serving_default', 'array_input']",
        "{'custom_output_name': TensorSpec(shape=<unknown>, dtype=tf.float32, "
        "name='custom_output_name')}"]


def test_saving_traces_each_signature_once_more_as_tf_does(tmp_path):
    """TF's trace cache keys include the save context: saving runs each traced signature's
    Python function once more, the first time it is saved, in the order TF lists functions
    (by name); an input_signature traced only for saving is traced again by a call. The
    expected output is TF 2.21's."""
    out = _run('''
        class M(tf.Module):
            def __init__(self):
                self.v = tf.Variable(2.)
            @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
            def sig(self, x):
                print('trace sig', x.shape)
                return x * self.v
            @tf.function
            def f(self, x, n=1):
                print('trace f', x.shape, n)
                return x * n
        m = M()
        m.f(tf.constant([1.]))
        m.f(tf.constant([1., 2.]))
        m.f(tf.constant(1.), n=3)
        print('save 1')
        tf.saved_model.save(m, 'a')
        print('call sig')
        m.sig(tf.constant([1.]))
        print('save 2')
        tf.saved_model.save(m, 'b')
        m.f(tf.constant([[1.]]))
        print('save 3')
        tf.saved_model.save(m, 'c')
        print('count', m.f.experimental_get_tracing_count(), m.sig.experimental_get_tracing_count())
        r = tf.saved_model.load('c')
        print(r.f(tf.constant([3.])), r.sig(tf.constant([2.])))
    ''', tmp_path)
    assert out.splitlines() == [
        "trace f (1,) 1", "trace f (2,) 1", "trace f () 3", "save 1", "trace f (1,) 1",
        "trace f (2,) 1", "trace f () 3", "trace sig (None,)", "call sig", "trace sig (None,)",
        "save 2", "trace f (1, 1) 1", "save 3", "trace f (1, 1) 1", "count 8 2",
        "tf.Tensor([3.], shape=(1,), dtype=float32) tf.Tensor([4.], shape=(1,), "
        "dtype=float32)"]


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])
