"""What the TF 2 text generation tutorial (a GRU language model and its one-step sampler)
meets, as programs run by record_text_generation_golden.py under TF 2.21 + Keras 3 and by
test_text_generation.py here. Each sets `result` (JSON-able) from `tf`, `keras`, `np`,
`tempfile`, `os` and `err` (an error as [class name, message])."""

CASES = {
    # Keras 3 refuses the tutorial's `super().__init__(self)`
    "model_init_given_itself": """
class MyModel(keras.Model):
    def __init__(self):
        super().__init__(self)
try:
    MyModel()
    result = None
except Exception as e:
    result = err(e)
""",
    # ... and its `self.gru.get_initial_state(x)` (Keras 3 takes a batch size)
    "shape_arguments_holding_tensors_or_none": """
t3 = tf.zeros([8, 50, 16])
result = []
for f in (lambda: tf.zeros([t3, 4]), lambda: tf.ones((t3, 4)), lambda: tf.fill([t3, 4], 1.0),
          lambda: tf.reshape(t3, [t3, 4]), lambda: keras.ops.zeros((t3, 4)),
          lambda: tf.zeros((None, 4)), lambda: keras.ops.zeros((None, 4)),
          lambda: tf.zeros([tf.constant([1, 2]), 4]),
          lambda: keras.layers.GRU(4).get_initial_state(t3)):
    try:
        result.append(list(f().shape))
    except Exception as e:
        result.append(err(e))
""",
    "rnn_initial_states_and_outputs": """
gru = keras.layers.GRU(4, return_sequences=True, return_state=True)
out = gru(tf.zeros([2, 5, 3]))
stacked = keras.layers.RNN(keras.layers.StackedRNNCells([keras.layers.LSTMCell(2),
                                                         keras.layers.GRUCell(3)]))
result = [type(out).__name__, [list(t.shape) for t in out],
          [list(t.shape) for t in gru.get_initial_state(3)],
          [[list(t.shape) for t in s] for s in stacked.get_initial_state(2)],
          [list(t.shape) for t in keras.layers.LSTMCell(4).get_initial_state(batch_size=2)]]
try:
    keras.layers.LSTMCell(4).get_initial_state()
except Exception as e:
    result.append(err(e))
""",
    # the tutorial's model trained on ids from a dataset of unknown batch size: the
    # sparse cross entropy of 3-d logits inside the traced step
    "gru_language_model_fit": """
keras.utils.set_random_seed(5)
class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.embedding = keras.layers.Embedding(12, 4)
        self.gru = keras.layers.GRU(6, return_sequences=True, return_state=True, name="gru")
        self.dense = keras.layers.Dense(12)
    def call(self, inputs, states=None, return_state=False, training=False):
        x = self.embedding(inputs, training=training)
        if states is None:
            states = self.gru.get_initial_state(tf.shape(x)[0])
        x, states = self.gru(x, initial_state=states, training=training)
        x = self.dense(x, training=training)
        return (x, states) if return_state else x
ids = np.random.default_rng(0).integers(0, 12, (24, 9))
ds = tf.data.Dataset.from_tensor_slices((ids[:, :-1], ids[:, 1:])).batch(8)
model = MyModel()
model.compile(optimizer="adam",
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(ds, epochs=2, verbose=0)
import io, contextlib
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    model.summary()
result = [[round(v, 4) for v in history.history["loss"]],
          [line for line in buf.getvalue().splitlines() if "gru" in line]]
""",
    # the one-step sampler: a Model never called, whose tf.function is what is saved
    "unbuilt_subclassed_model_saved": """
class OneStep(keras.Model):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)
    @tf.function
    def generate_one_step(self, x):
        return x * self.v
m = OneStep()
m.generate_one_step(tf.constant(1.0))
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
loaded = tf.saved_model.load(d)
result = [sorted(loaded.signatures), float(loaded.generate_one_step(tf.constant(3.0)))]
""",
}
