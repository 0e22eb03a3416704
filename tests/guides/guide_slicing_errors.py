# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# "Tensor slicing" where its indices go wrong: gather/gather_nd/scatter_nd/where/strided
# slices refusing bad indices, shapes and steps with TF's messages.
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0])


t = tf.zeros([3, 3], tf.int32)
show("dup add", lambda: tf.tensor_scatter_nd_add(t, [[0, 0], [0, 0]], [1, 2]).numpy().tolist())
show("scatter_nd dup", lambda: tf.scatter_nd([[1], [1]], [5, 6], [3]).numpy().tolist())
show("bad idx dtype", lambda: tf.scatter_nd([[1.0]], [5], [3]))
show("bad shape rank", lambda: tf.scatter_nd([[1, 2]], [5], [3]))
show("updates mismatch", lambda: tf.scatter_nd([[1]], [5, 6], [3]))
show("neg shape", lambda: tf.scatter_nd([[1]], [5], [-3]))
show("gather_nd batch", lambda: tf.gather_nd([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[1], [0]], batch_dims=1).numpy().tolist())
show("gather_nd bad batch", lambda: tf.gather_nd([[1, 2]], [[0]], batch_dims=2))
show("gather batch_dims neg", lambda: tf.gather([[1, 2], [3, 4]], [[1], [0]], batch_dims=-1).numpy().tolist())
show("gather axis oob", lambda: tf.gather([1, 2], [0], axis=2))
show("boolean_mask", lambda: tf.boolean_mask([[1, 2], [3, 4]], [True, False]).numpy().tolist())
show("boolean_mask bad", lambda: tf.boolean_mask([1, 2], [True]))
show("boolean_mask axis", lambda: tf.boolean_mask([[1, 2], [3, 4]], [True, False], axis=1).numpy().tolist())
show("where 1arg", lambda: tf.where([[True, False], [False, True]]).numpy().tolist())
show("where bcast", lambda: tf.where([True, False], [1, 2], [[3], [4]]).numpy().tolist())
show("where mismatch", lambda: tf.where([True, False, True], [1, 2], [3, 4]))
show("slice neg size", lambda: tf.slice([1, 2, 3], [1], [-1]).numpy().tolist())
show("slice bad", lambda: tf.slice([1, 2, 3], [1], [5]))
show("strided", lambda: tf.strided_slice([[1, 2, 3], [4, 5, 6]], [0, 1], [2, 3], [1, 2]).numpy().tolist())
show("ellipsis newaxis", lambda: tf.constant([[1, 2], [3, 4]])[..., tf.newaxis, 0].numpy().tolist())
show("tensor index", lambda: tf.constant([1, 2, 3])[tf.constant(1)].numpy())
show("list index", lambda: tf.constant([1, 2, 3])[[0, 1]])
show("float index", lambda: tf.constant([1, 2, 3])[1.0])
show("step zero", lambda: tf.constant([1, 2, 3])[::0])
show("too many", lambda: tf.constant([1, 2, 3])[0, 0])
show("bool mask index", lambda: tf.constant([1, 2, 3])[tf.constant([True, False, True])])
show("unique", lambda: [x.numpy().tolist() for x in tf.unique([1, 1, 2, 3, 3])])
show("unique_with_counts", lambda: [x.numpy().tolist() for x in tf.unique_with_counts([1, 1, 2])])
show("dynamic_partition", lambda: [x.numpy().tolist() for x in tf.dynamic_partition([1, 2, 3, 4], [0, 1, 0, 1], 2)])
show("dynamic_stitch", lambda: tf.dynamic_stitch([[0, 2], [1]], [[1, 3], [2]]).numpy().tolist())
show("partition oob", lambda: tf.dynamic_partition([1, 2], [0, 5], 2))
show("one_hot", lambda: tf.one_hot([0, 2, -1], 3).numpy().tolist())
show("reverse", lambda: tf.reverse([[1, 2], [3, 4]], [1]).numpy().tolist())
show("reverse dup", lambda: tf.reverse([[1, 2], [3, 4]], [1, 1]))
show("roll", lambda: tf.roll([1, 2, 3, 4], 1, 0).numpy().tolist())
cases = [([[1], [0]], [[1, 2, 3]], [3, 3]), ([[1, 2]], [5], [3]), ([[1]], [[1, 2]], [3, 3]), (1, [5], [3]), ([[1]], 5, [3]),
         ([[1]], [5], []), ([[1, 0, 0]], [5], [3, 3]), ([[[0]], [[1]]], [[5], [6]], [3]), ([[[0]], [[1]]], [[5, 1], [6, 1]], [3]),
         (tf.zeros([0, 1], tf.int32), tf.zeros([0]), [0]), (tf.zeros([0, 1], tf.int32), tf.zeros([0]), [3]), ([[0]], [1.0], [0]),
         ([[5]], [1], [3]), ([[-1]], [1], [3])]
for i, u, s in cases:
    show(f"scatter_nd {i} {u} {s}", lambda: tf.scatter_nd(i, u, s).numpy().tolist())
show("float idx", lambda: tf.scatter_nd([[1.0]], [5], [3]))
show("shape dtype", lambda: tf.scatter_nd([[1]], [5], tf.constant([3], tf.int64)).numpy().tolist())
show("gather_nd float", lambda: tf.gather_nd([1, 2], [[1.0]]))
show("gather float", lambda: tf.gather([1, 2], [1.0]))
show("where, then and else too", lambda: tf.where([[True], [False]], [1, 2, 3], [1, 2]))
show("a zero step in a later axis", lambda: tf.constant([[1, 2, 3]])[:, ::0])
show("a variable's zero step", lambda: tf.Variable([1, 2, 3])[::0].assign([1]))
show("gather_nd negative batch_dims", lambda: tf.gather_nd([[[1]]], [[[0]]], batch_dims=-1))
show("gather_nd batch_dims past params", lambda: tf.gather_nd([[1, 2]], [[[0]], [[0]]], batch_dims=2))
m34 = tf.reshape(tf.range(12), [3, 4])
show("gather_nd batch_dims=1, batches differ", lambda: tf.gather_nd(m34, [[1], [2]], batch_dims=1))
show("gather_nd batch_dims=1, batches agree", lambda: tf.gather_nd(m34, [[1], [2], [3]], batch_dims=1))
show("gather_nd batch_dims=1, more index batches", lambda: tf.gather_nd(m34, [[1], [2], [3], [0]], batch_dims=1))
