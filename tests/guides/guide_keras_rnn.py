# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Working with RNNs" guide on small seeded data: Embedding + LSTM, GRU with
return_sequences into SimpleRNN, return_state feeding a decoder's initial_state, RNN layers
over cells (RNN(LSTMCell), StackedRNNCells), stateful cross-batch statefulness (states,
reset_state, reusing states), Bidirectional (merge modes, backward_layer), a custom cell
(go_backwards too), unroll, masking through an RNN, and a short
fit on MNIST-like rows; values printed rounded."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(3)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(3)


def r(t, n=4):
    return np.round(np.asarray(t), n)


# -- built-in RNN layers: a simple example
model = keras.Sequential()
model.add(keras.Input((None,)))
model.add(layers.Embedding(input_dim=1000, output_dim=64))
model.add(layers.LSTM(128))
model.add(layers.Dense(10))
model.summary()

model = keras.Sequential()
model.add(keras.Input((None,)))
model.add(layers.Embedding(input_dim=1000, output_dim=64))
model.add(layers.GRU(256, return_sequences=True))
model.add(layers.SimpleRNN(128))
model.add(layers.Dense(10))
model.summary()

# -- outputs and states
encoder_vocab = 1000
decoder_vocab = 2000
encoder_input = layers.Input(shape=(None,))
encoder_embedded = layers.Embedding(input_dim=encoder_vocab, output_dim=64)(encoder_input)
output, state_h, state_c = layers.LSTM(64, return_state=True, name="encoder")(encoder_embedded)
encoder_state = [state_h, state_c]
decoder_input = layers.Input(shape=(None,))
decoder_embedded = layers.Embedding(input_dim=decoder_vocab, output_dim=64)(decoder_input)
decoder_output = layers.LSTM(64, name="decoder")(decoder_embedded, initial_state=encoder_state)
output = layers.Dense(10)(decoder_output)
model = keras.Model([encoder_input, decoder_input], output)
model.summary()
out = model([rng.integers(0, 1000, (2, 5)), rng.integers(0, 2000, (2, 7))])
print(out.shape, out.dtype)

# -- RNN layers and RNN cells
x = rng.normal(size=(2, 6, 3)).astype("float32")
lstm = layers.LSTM(4)
cell_rnn = layers.RNN(layers.LSTMCell(4))
a = lstm(x)
b = cell_rnn(x)
cell_rnn.set_weights(lstm.get_weights())
print([w.shape for w in lstm.weights], [w.path for w in cell_rnn.weights])
print(r(a), bool(np.allclose(cell_rnn(x), a, atol=1e-6)))
stacked = layers.RNN([layers.GRUCell(5), layers.SimpleRNNCell(2)], return_sequences=True, return_state=True)
outs = stacked(x)
print(len(outs), tf.nest.map_structure(lambda t: tuple(t.shape), outs), type(stacked.cell).__name__)
gru = layers.GRU(3, return_sequences=True, go_backwards=True)
print(gru(x).shape)
unrolled = layers.SimpleRNN(3, unroll=True, return_sequences=True)
rolled = layers.SimpleRNN(3, return_sequences=True)
u = unrolled(x)
rolled.build(x.shape)
rolled.set_weights(unrolled.get_weights())
print(bool(np.allclose(u, rolled(x), atol=1e-6)))
print(lstm.units, lstm.activation.__name__, lstm.recurrent_activation.__name__, lstm.use_bias, lstm.unit_forget_bias)
print(sorted(layers.GRU(2).get_config()))
print(layers.GRU(2).get_config()["reset_after"], sorted(layers.LSTM(2).get_config()))

# -- cross-batch statefulness
paragraph1 = rng.random((20, 10, 50)).astype(np.float32)
paragraph2 = rng.random((20, 10, 50)).astype(np.float32)
paragraph3 = rng.random((20, 10, 50)).astype(np.float32)
lstm_layer = layers.LSTM(64, stateful=True)
output = lstm_layer(paragraph1)
output = lstm_layer(paragraph2)
output = lstm_layer(paragraph3)
print(output.shape, [s.shape for s in lstm_layer.states])
lstm_layer.reset_state()
print([float(tf.reduce_sum(tf.abs(s))) for s in lstm_layer.states])
existing_state = lstm_layer.states
new_lstm_layer = layers.LSTM(64)
new_output = new_lstm_layer(paragraph3, initial_state=existing_state)
print(new_output.shape)
srnn = layers.SimpleRNN(2, stateful=True)
srnn(np.ones((1, 3, 1), "float32"))
first = np.array(srnn.states[0])
srnn(np.ones((1, 3, 1), "float32"))
print(bool(np.allclose(first, srnn.states[0])))

# -- bidirectional RNNs
model = keras.Sequential()
model.add(keras.Input(shape=(5, 10)))
model.add(layers.Bidirectional(layers.LSTM(64, return_sequences=True)))
model.add(layers.Bidirectional(layers.LSTM(32)))
model.add(layers.Dense(10))
model.summary()
for mode in ["concat", "sum", "mul", "ave", None]:
    bi = layers.Bidirectional(layers.GRU(3, return_sequences=True), merge_mode=mode)
    o = bi(x)
    print(mode, type(o).__name__, [t.shape for t in o] if isinstance(o, (list, tuple)) else o.shape)
bi = layers.Bidirectional(layers.LSTM(3, return_state=True))
outs = bi(x)
print(len(outs), [t.shape for t in outs])
bi = layers.Bidirectional(layers.SimpleRNN(2), backward_layer=layers.SimpleRNN(2, go_backwards=True))
print(bi(x).shape, bi.forward_layer.name, bi.backward_layer.name)
try:
    layers.Bidirectional(layers.SimpleRNN(2), backward_layer=layers.SimpleRNN(3, go_backwards=True))
except ValueError as e:
    print("ValueError:", e)

# -- masking through an RNN
masked = layers.Masking(mask_value=0.0)
xm = x.copy()
xm[0, 4:] = 0.0
lstm_m = layers.LSTM(4, return_sequences=True)
seq = lstm_m(masked(xm))
print(r(seq[0, 3]), r(seq[0, 5]), bool(np.allclose(seq[0, 3], seq[0, 5])))
lstm_last = layers.LSTM(4)
lstm_last.build(xm.shape)
lstm_last.set_weights(lstm_m.get_weights())
print(bool(np.allclose(lstm_last(masked(xm))[0], seq[0, 3], atol=1e-6)))
mask = tf.constant([[True, True, False, False, False, False], [True] * 6])
print(r(layers.SimpleRNN(2, kernel_initializer="ones", recurrent_initializer="ones")(x, mask=mask)))


# -- a cell of one's own in keras.layers.RNN
class MinimalRNNCell(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer="identity", name="recurrent_kernel")

    def call(self, inputs, states):
        prev_output = states[0]
        h = tf.matmul(inputs, self.kernel)
        output = h + 0.5 * tf.matmul(prev_output, self.recurrent_kernel)
        return output, [output]


seqs = np.arange(12, dtype="float32").reshape(2, 3, 2) / 10
layer = layers.RNN(MinimalRNNCell(2), return_sequences=True, return_state=True)
o, s = layer(seqs)
print(r(o), r(s))
o2, s2 = layers.RNN(MinimalRNNCell(2), return_sequences=True, return_state=True, go_backwards=True)(seqs)
print(r(o2[:, -1]), r(s2))

# -- a short fit on MNIST-like rows
batch_size = 16
input_dim = 28
units = 16
output_size = 10


def build_model():
    lstm_layer = keras.layers.RNN(keras.layers.LSTMCell(units), input_shape=(None, input_dim))
    model = keras.models.Sequential(
        [
            lstm_layer,
            keras.layers.BatchNormalization(),
            keras.layers.Dense(output_size),
        ]
    )
    return model


x_train = rng.random((64, 28, 28)).astype("float32")
y_train = rng.integers(0, 10, size=(64,))
model = build_model()
model.compile(
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    optimizer="sgd",
    metrics=["accuracy"],
)
history = model.fit(x_train, y_train, validation_data=(x_train[:16], y_train[:16]), batch_size=batch_size, epochs=1, verbose=0)
print(sorted(history.history), round(history.history["loss"][0], 3))
result = tf.argmax(model.predict(tf.expand_dims(x_train[0], 0), verbose=0), axis=1)
print(result.shape, result.dtype)
