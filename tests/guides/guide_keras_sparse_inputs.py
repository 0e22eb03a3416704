# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Working with sparse tensors" with Keras: a functional model on `keras.Input(sparse=True)`
# whose Dense layer multiplies the SparseTensor (keras.ops.matmul's sparse product), called
# directly, and SparseTensor data given to predict, evaluate and fit (sliced by rows,
# in order and shuffled, split for validation, in tf.data); tf.shape/size/rank of a SparseTensor; tf.SparseTensor.from_value and
# SparseTensorSpec.from_value.
import numpy as np
import tensorflow as tf

keras = tf.keras


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0][:200])


indices = [[0, 3], [2, 4], [2, 0], [4, 9], [5, 1], [5, 2], [6, 6]]
st = tf.sparse.SparseTensor(indices=indices, values=[1.0, 2.0, 3.0, -1.0, 0.5, 4.0, 2.5], dense_shape=[8, 10])
st = tf.sparse.reorder(st)
inp = keras.Input(shape=(10,), sparse=True)
print(inp.shape, inp.sparse, inp.dtype)
dense = keras.layers.Dense(3, kernel_initializer=keras.initializers.GlorotUniform(seed=1), bias_initializer="ones")
out = keras.layers.Dense(1, kernel_initializer=keras.initializers.GlorotUniform(seed=2))(dense(inp))
model = keras.Model(inp, out)
print(np.round(model(st).numpy().astype('float64'), 5).tolist())
print(np.round(dense(st).numpy().astype('float64'), 5).tolist())
print(np.round(keras.ops.matmul(st, tf.ones([10, 2])).numpy().astype('float64'), 5).tolist())
print(np.round(keras.ops.matmul(tf.ones([2, 8]), st).numpy().astype('float64'), 5).tolist())
print(np.round(keras.ops.matmul(tf.cast(st, tf.int32), tf.ones([10, 2], tf.int32)).numpy().astype('float64'), 5).tolist(), keras.ops.matmul(tf.cast(st, tf.int32), tf.ones([10, 2], tf.int32)).dtype)
print(np.round(model.predict(st, batch_size=3, verbose=0).astype('float64'), 5).tolist())
y = np.arange(8, dtype="float32").reshape(8, 1) / 8
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
print(round(model.evaluate(st, y, batch_size=3, verbose=0), 5))
h = model.fit(st, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
tf.random.set_seed(3)
h = model.fit(st, y, batch_size=3, epochs=2, shuffle=True, verbose=0)
print(len(h.history["loss"]), np.isfinite(h.history["loss"]).all())
print(np.round(model.predict(st, verbose=0).astype('float64'), 4).tolist())

print(tf.sparse.SparseTensor.from_value(st).shape)
show("from_value of a tensor", lambda: tf.sparse.SparseTensor.from_value(tf.ones([2])))
print(tf.SparseTensorSpec.from_value(st))
print(tf.SparseTensorSpec.from_value(tf.compat.v1.SparseTensorValue([[0, 0]], np.array([1.5]), [2, 2])))
print(tf.SparseTensorSpec.from_value(tf.compat.v1.SparseTensorValue([[0, 0], [1, 1]], [1, 2], [2, 2])))
show("spec from_value of a tensor", lambda: tf.SparseTensorSpec.from_value(tf.ones([2])))

h = model.fit(st, y, batch_size=3, epochs=2, validation_split=0.25, shuffle=False, verbose=0)
print({k: [round(x, 5) for x in v] for k, v in h.history.items()})
h = model.fit(st, y, batch_size=4, epochs=1, validation_data=(st, y), shuffle=False, verbose=0)
print({k: [round(x, 5) for x in v] for k, v in h.history.items()})
print(np.round(model.predict_on_batch(st).astype('float64'), 4).tolist())
print(round(float(model.test_on_batch(st, y)), 5), round(float(model.train_on_batch(st, y)), 5))
ds = tf.data.Dataset.from_tensor_slices((st, y)).batch(3)
print(ds.element_spec)
print([round(x, 5) for x in model.fit(ds, epochs=2, verbose=0).history["loss"]])
print(np.round(model.predict(ds, verbose=0).astype('float64'), 4).tolist())
print(tf.shape(st), tf.shape(st, out_type=tf.int64), tf.size(st), tf.rank(st))


@tf.function(input_signature=[tf.SparseTensorSpec([None, 10], tf.float32)])
def sizes(s):
    return tf.shape(s), tf.size(s), tf.rank(s)


print(sizes(st))
