# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# Extension types as values of tf.data pipelines, tf.map_fn, tf.cond and tf.while_loop
# (the extension type guide's "Batchable ExtensionTypes" and control-flow sections):
# batching, unbatching, slicing and mapping them, specs of batched values, and the errors
# TF gives for extension types that are not batchable.
import tensorflow as tf


class Pair(tf.experimental.BatchableExtensionType):
    a: tf.Tensor
    b: tf.Tensor


class Labeled(tf.experimental.BatchableExtensionType):
    pair: Pair
    label: tf.Tensor
    name: str = "x"


class Plain(tf.experimental.ExtensionType):
    a: tf.Tensor


def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, str(e)[:300])


p = Pair(tf.constant([1., 2.]), tf.constant([3, 4]))
ds = tf.data.Dataset.from_tensors(p).repeat(3)
print(ds.element_spec)
attempt("batch", lambda: list(ds.batch(2)))
print(ds.batch(2).element_spec, ds.batch(2, drop_remainder=True).element_spec)
attempt("unbatch", lambda: list(ds.batch(2).unbatch()))
attempt("slices", lambda: list(tf.data.Dataset.from_tensor_slices(Pair(tf.constant([[1., 2.], [5., 6.]]), tf.constant([[3, 4], [7, 8]])))))
attempt("map", lambda: list(ds.map(lambda x: Pair(x.a * 2, x.b + 1)).take(1)))
attempt("map to", lambda: list(tf.data.Dataset.range(2).map(lambda i: Pair(tf.cast(i, tf.float32) * [1., 1.], tf.fill([2], tf.cast(i, tf.int32))))))
attempt("tuple", lambda: list(tf.data.Dataset.from_tensors((p, tf.constant(7))).repeat(2).batch(2)))
nested = Labeled(p, tf.constant(1))
attempt("nested", lambda: list(tf.data.Dataset.from_tensors(nested).repeat(2).batch(2)))
print(tf.data.Dataset.from_tensors(nested).repeat(2).batch(2).element_spec)
attempt("ragged_batch", lambda: list(ds.ragged_batch(2)))
attempt("padded", lambda: list(ds.padded_batch(2)))
attempt("plain_batch", lambda: list(tf.data.Dataset.from_tensors(Plain(tf.constant([1.]))).repeat(2).batch(2)))
attempt("plain_slices", lambda: tf.data.Dataset.from_tensor_slices(Plain(tf.constant([1., 2.]))))
attempt("plain_map", lambda: list(tf.data.Dataset.from_tensors(Plain(tf.constant([1.]))).map(lambda x: Plain(x.a + 1))))

batch = Pair(tf.constant([[1., 2.], [5., 6.]]), tf.constant([[3, 4], [7, 8]]))
attempt("map_fn", lambda: tf.map_fn(lambda x: Pair(x.a * 2, x.b), batch))
attempt("map_fn_plain", lambda: tf.map_fn(lambda x: x, Plain(tf.constant([1., 2.]))))
attempt("cond", lambda: tf.cond(tf.constant(True), lambda: p, lambda: Pair(p.a + 1, p.b)))


@tf.function
def choose(t):
    return tf.cond(t, lambda: p, lambda: Pair(p.a + 1, p.b))


@tf.function
def loop():
    return tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, Pair(x.a * 2, x.b)), [0, p])


attempt("cond_fn", lambda: choose(tf.constant(False)))
attempt("while", lambda: tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, Pair(x.a * 2, x.b)), [0, p]))
attempt("while_fn", loop)
