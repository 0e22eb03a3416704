"""What the TF guide "Introduction to modules, layers, and models" shows, as programs run by
record_modules_guide_golden.py under TF 2.21 + Keras 3 and by test_modules_guide.py here.
Each sets `result` (JSON-able) from `tf`, `keras`, `np`, `tempfile`, `os` and `warnings`."""

CASES = {
    # Keras 3 layers hold tf.Variables as checkpointed attributes, not as weights
    "layer_with_tf_variables": """
class FlexibleDense(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features
    def build(self, input_shape):
        self.w = tf.Variable(tf.ones([input_shape[-1], self.out_features]), name="w")
        self.b = tf.Variable(tf.zeros([self.out_features]), name="b")
    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b
layer = FlexibleDense(3)
layer(tf.ones([2, 4]))
m = keras.Sequential([keras.Input((4,)), layer])
m.compile(optimizer="sgd", loss="mse")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    history = m.fit(np.ones([4, 4]), np.zeros([4, 3]), verbose=0)
d = tempfile.mkdtemp()
path = tf.train.Checkpoint(l=layer).save(os.path.join(d, "c"))
m.save(os.path.join(d, "m.keras"))
loaded = keras.models.load_model(os.path.join(d, "m.keras"),
                                 custom_objects={"FlexibleDense": FlexibleDense})
result = [len(layer.weights), len(layer.trainable_variables), layer.count_params(),
          len(m.trainable_variables), history.history["loss"], float(tf.reduce_sum(layer.w)),
          sorted({str(w.message) for w in caught if "trainable weights" in str(w.message)}),
          [n for n, _ in tf.train.list_variables(path)], len(loaded.weights)]
""",
    "model_with_tf_variables_and_nested_layers": """
class Block(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(2)
        self.items = [keras.layers.Dense(2), keras.layers.BatchNormalization()]
        self.scale = tf.Variable(1.0, name="scale")
    def call(self, x, training=None):
        return self.items[1](self.items[0](self.d1(x)), training=training) * self.scale
m = Block()
m(np.ones((3, 4)))
result = [len(m.trainable_weights), len(m.non_trainable_weights),
          list(m._trackable_children())]
""",
    "saved_module_reloaded": """
class Dense(tf.Module):
    def __init__(self, i, o, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([i, o]), name="w")
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w))
class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(3, 3)
        self.dense_2 = Dense(3, 2)
    @tf.function
    def __call__(self, x):
        return self.dense_2(self.dense_1(x))
m = SequentialModule(name="the_model")
m(tf.constant([[2.0, 2.0, 2.0]]))
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
loaded = tf.saved_model.load(d)
result = [type(loaded).__name__, isinstance(loaded, SequentialModule),
          loaded(tf.constant([[2.0, 2.0, 2.0]])).numpy().tolist()]
try:
    loaded(tf.constant([[2.0, 2.0, 2.0], [1.0, 1.0, 1.0]]))
except ValueError as e:
    result.append(type(e).__name__)
""",
}
