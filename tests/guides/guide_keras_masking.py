# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Understanding masking & padding" guide: pad_sequences (pre and post padding,
truncating, maxlen, value, dtype), masks from Embedding(mask_zero=True) and Masking
(`_keras_mask`, compute_mask), masks flowing through a Sequential and a functional model to
an LSTM, passing a mask by hand to a subclassed layer, layers that generate a mask
(CustomEmbedding), that pass it on (supports_masking), that change it (TemporalSplit) and
that use it (TemporalSoftmax), and masks through merge and pooling layers."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(7)
np.set_printoptions(precision=4, suppress=True)

# -- padding sequence data
raw_inputs = [
    [711, 632, 71],
    [73, 8, 3215, 55, 927],
    [83, 91, 1, 645, 1253, 927],
]
padded_inputs = keras.utils.pad_sequences(raw_inputs, padding="post")
print(padded_inputs)
print(padded_inputs.dtype)
print(keras.utils.pad_sequences(raw_inputs))
print(keras.utils.pad_sequences(raw_inputs, maxlen=4))
print(keras.utils.pad_sequences(raw_inputs, maxlen=4, truncating="post", value=-1))
print(keras.utils.pad_sequences(raw_inputs, maxlen=4, dtype="float32", padding="post", value=0.5))
print(keras.utils.pad_sequences([[1.5, 2.5], [3.5]], dtype="float32"))
print(keras.utils.pad_sequences([["a", "b"], ["c"]], dtype=object, value="<pad>"))
print(keras.utils.pad_sequences([[], [1, 2]]))
try:
    keras.utils.pad_sequences([[1], [2]], padding="middle")
except ValueError as e:
    print("ValueError:", e)
try:
    keras.utils.pad_sequences([[1], [2]], truncating="middle", maxlen=0)
except ValueError as e:
    print("ValueError:", e)

# -- mask-generating layers: Embedding and Masking
embedding = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)
masked_output = embedding(padded_inputs)
print(masked_output._keras_mask)
print(embedding.compute_mask(padded_inputs))
masking_layer = layers.Masking()
unmasked_embedding = tf.cast(
    tf.tile(tf.expand_dims(padded_inputs, axis=-1), [1, 1, 10]), tf.float32
)
masked_embedding = masking_layer(unmasked_embedding)
print(masked_embedding._keras_mask)
print(masking_layer.compute_mask(unmasked_embedding))
print(layers.Masking(mask_value=73.0)(unmasked_embedding)._keras_mask)
print(layers.Embedding(10, 2)(np.array([[0, 1]]))._keras_mask if hasattr(layers.Embedding(10, 2)(np.array([[0, 1]])), "_keras_mask") else "no mask")
m = layers.Masking(mask_value=1.0)(np.array([[[1.0, 1.0], [1.0, 2.0]]], "float32"))
print(m._keras_mask, m)

# -- mask propagation in the functional API and sequential API
model = keras.Sequential(
    [
        keras.Input((None,), dtype="int32"),
        layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True),
        layers.LSTM(32),
    ]
)
print(model(padded_inputs).shape)
inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)(inputs)
print(x._keras_mask is not None if hasattr(x, "_keras_mask") else "no mask attr")
outputs = layers.LSTM(32)(x)
model = keras.Model(inputs, outputs)
out = model(padded_inputs)
print(out.shape)
seq_model = keras.Sequential([
    keras.Input((None,), dtype="int32"),
    layers.Embedding(input_dim=50, output_dim=4, mask_zero=True),
    layers.LSTM(3, return_sequences=True),
])
ys = seq_model(np.array([[3, 4, 0, 0], [5, 0, 0, 0]]))
print(ys._keras_mask)
print(bool(np.allclose(ys[0, 1], ys[0, 3])), bool(np.allclose(ys[1, 0], ys[1, 2])))
same_a = seq_model(np.array([[3, 4, 0, 0]]))[:, 1]
same_b = seq_model(np.array([[3, 4, 0, 0, 0, 0]]))[:, 1]
print(bool(np.allclose(same_a, same_b, atol=1e-6)))


# -- passing mask tensors directly to layers
class MyLayer(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.embedding = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)
        self.lstm = layers.LSTM(32)

    def call(self, inputs):
        x = self.embedding(inputs)
        mask = self.embedding.compute_mask(inputs)
        output = self.lstm(x, mask=mask)
        return output


layer = MyLayer()
x = np.random.default_rng(7).random((32, 10)) * 100
x = x.astype("int32")
print(layer(x).shape)


# -- supporting masking in your custom layers
class TemporalSplit(keras.layers.Layer):
    """Split the input tensor into 2 tensors along the time dimension."""

    def call(self, inputs):
        return tf.split(inputs, 2, axis=1)

    def compute_mask(self, inputs, mask=None):
        if mask is None:
            return None
        return tf.split(mask, 2, axis=1)


first_half, second_half = TemporalSplit()(masked_embedding)
print(first_half._keras_mask)
print(second_half._keras_mask)


class CustomEmbedding(keras.layers.Layer):
    def __init__(self, input_dim, output_dim, mask_zero=False, **kwargs):
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.mask_zero = mask_zero

    def build(self, input_shape):
        self.embeddings = self.add_weight(
            shape=(self.input_dim, self.output_dim),
            initializer="random_normal",
            dtype="float32",
        )

    def call(self, inputs):
        inputs = tf.cast(inputs, "int32")
        return tf.nn.embedding_lookup(self.embeddings, inputs)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return tf.not_equal(inputs, 0)


layer = CustomEmbedding(10, 32, mask_zero=True)
x = np.array([[3, 0, 9, 1, 6, 0, 0, 7, 2, 5], [0, 0, 4, 4, 8, 1, 2, 9, 9, 3], [1, 1, 0, 0, 0, 0, 0, 0, 0, 6]])
y = layer(x)
mask = layer.compute_mask(x)
print(mask)
print(y._keras_mask)


# -- opting-in to mask propagation on compatible layers
class MyActivation(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, inputs):
        return tf.nn.relu(inputs)


inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(input_dim=5000, output_dim=16, mask_zero=True)(inputs)
x = MyActivation()(x)
print("Mask found:", x._keras_mask)
outputs = layers.LSTM(32)(x)
model = keras.Model(inputs, outputs)
y = model(np.random.default_rng(1).integers(0, 5000, size=(32, 100)))
print(y.shape)


class NoMask(keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


emb = layers.Embedding(10, 2, mask_zero=True)
out = NoMask()(emb(np.array([[1, 0]])))
print(getattr(out, "_keras_mask", "no mask attr"))


# -- writing layers that need mask information
class TemporalSoftmax(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        assert mask is not None
        broadcast_float_mask = tf.expand_dims(tf.cast(mask, "float32"), -1)
        inputs_exp = tf.exp(inputs) * broadcast_float_mask
        inputs_sum = tf.reduce_sum(inputs_exp * broadcast_float_mask, axis=-1, keepdims=True)
        return inputs_exp / inputs_sum


inputs = keras.Input(shape=(None,), dtype="int32")
x = layers.Embedding(input_dim=10, output_dim=32, mask_zero=True)(inputs)
x = layers.Dense(1)(x)
outputs = TemporalSoftmax()(x)
model = keras.Model(inputs, outputs)
y = model(np.array([[1, 2, 0, 0], [3, 0, 0, 0]]))
print(y.shape, np.round(np.asarray(y)[..., 0], 4))
print(y._keras_mask)

# -- masks through merge, pooling and time-distributed layers
a = layers.Masking()(np.array([[[1.0], [0.0], [2.0]]], "float32"))
b = layers.Masking()(np.array([[[0.0], [0.0], [3.0]]], "float32"))
print(layers.Add()([a, b])._keras_mask)
print(layers.Concatenate()([a, b])._keras_mask)
print(layers.Concatenate(axis=1)([a, b])._keras_mask)
print(layers.GlobalAveragePooling1D()(a), getattr(layers.GlobalAveragePooling1D()(a), "_keras_mask", None))
print(layers.GlobalMaxPooling1D()(b))
print(layers.TimeDistributed(layers.Dense(2, kernel_initializer="ones"))(a)._keras_mask)
print(layers.Dropout(0.5)(a)._keras_mask)
inp = keras.Input((None,), dtype="int32")
e = layers.Embedding(10, 4, mask_zero=True)(inp)
pooled = layers.GlobalAveragePooling1D()(e)
model = keras.Model(inp, pooled)
v1 = model(np.array([[1, 2, 0, 0]]))
v2 = model(np.array([[1, 2]]))
print(bool(np.allclose(v1, v2, atol=1e-6)))
att_in = keras.Input((None,), dtype="int32")
q = layers.Embedding(10, 4, mask_zero=True)(att_in)
att = layers.MultiHeadAttention(num_heads=1, key_dim=4)(q, q)
att_model = keras.Model(att_in, att)
o1 = att_model(np.array([[1, 2, 0]]))
o2 = att_model(np.array([[1, 2]]))
print(bool(np.allclose(o1[:, :2], o2, atol=1e-5)))
