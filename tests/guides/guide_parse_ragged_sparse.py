# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# tf.io.RaggedFeature and tf.io.SparseFeature as TF 2 code parses tf.train.Examples with
# them: every partition kind, nested and uniform partitions, one Example or a batch,
# inside a tf.function and a tf.data map, the key order of the result, and the errors TF
# raises for bad configurations. (Partitions that disagree with their values are left
# out: TF returns a tensor reading past an Example's values there; eagerflow refuses them,
# tests/io/test_parse_composite.py.)
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def example(**features):
    f = {}
    for k, v in features.items():
        if isinstance(v[0], bytes): f[k] = tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
        elif isinstance(v[0], float): f[k] = tf.train.Feature(float_list=tf.train.FloatList(value=v))
        else: f[k] = tf.train.Feature(int64_list=tf.train.Int64List(value=v))
    return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()


RF, SF = tf.io.RaggedFeature, tf.io.SparseFeature
print(RF(tf.int64)); print(RF(tf.string, value_key="w", row_splits_dtype=tf.int64, validate=True))
print(RF(tf.float32, partitions=[RF.RowSplits("s"), RF.UniformRowLength(2)]))
print(RF.RowLengths("k"), RF.RowStarts("k"), RF.RowLimits("k"), RF.ValueRowIds("k"), RF.UniformRowLength(3).length)
for bad in [RF.RowLengths("x"), ["x"], [3]]:  # the message lists TF's own class paths
    try: RF(tf.int64, partitions=bad)
    except TypeError as e: print("TypeError:", str(e).split(");")[-1])
print(RF(tf.int64, partitions=(RF.RowLengths("x"),)).partitions)
print(SF("ix", "val", tf.float32, 10)); print(SF(["ix", "iy"], "val", tf.int64, [5, 3], already_sorted=True))
attempt(lambda: RF(tf.int32)); attempt(lambda: RF(tf.int64, value_key=3)); attempt(lambda: RF(tf.int64, value_key=""))
attempt(lambda: RF(tf.int64, row_splits_dtype=tf.float32))

# Each Example's partitions are its own: RowSplits start at 0 in each.
batch = [example(v=[1, 2, 3, 4, 5, 6], rl=[2, 1, 3], rs=[0, 2, 3, 6], st=[0, 2, 3], lim=[2, 3, 6],
                 ids=[0, 0, 1, 2, 2, 2], outer=[2, 1], o2=[2, 1], f=[0.5, 1.5], s=[b"a", b"bc", b"d"]),
         example(v=[7, 8], rl=[1, 0, 1], rs=[0, 1, 1, 2], st=[0, 1, 1], lim=[1, 1, 2],
                 ids=[0, 2], outer=[0, 3], o2=[0, 1], s=[b"e"]),
         example(w=[9])]
for kind in ["RowLengths", "RowSplits", "RowStarts", "RowLimits", "ValueRowIds"]:
    key = {"RowLengths": "rl", "RowSplits": "rs", "RowStarts": "st", "RowLimits": "lim", "ValueRowIds": "ids"}[kind]
    p = getattr(RF, kind)(key)
    print(kind, tf.io.parse_example(batch[:2], {"v": RF(tf.int64, partitions=[p])})["v"])
    print(kind, tf.io.parse_single_example(batch[1], {"v": RF(tf.int64, partitions=[p])})["v"])
r = tf.io.parse_example(batch, {"v": RF(tf.int64), "f": RF(tf.float32), "s": RF(tf.string, row_splits_dtype=tf.int64), "w": RF(tf.int64, value_key="v")})
for k, x in r.items(): print(k, x, x.row_splits.dtype)
print(tf.io.parse_single_example(batch[0], {"v": RF(tf.int64), "s": RF(tf.string)}))
print(tf.io.parse_example(batch[:2], {"v": RF(tf.int64, partitions=[RF.RowLengths("outer"), RF.RowLengths("rl")])}))
print(tf.io.parse_example(batch[:2], {"v": RF(tf.int64, partitions=[RF.UniformRowLength(1), RF.RowLengths("rl")])}))
print(tf.io.parse_example(batch[:2], {"v": RF(tf.int64, partitions=[RF.UniformRowLength(2)])}))
print(tf.io.parse_example(batch[:2], {"v": RF(tf.int64, partitions=[RF.RowLengths("o2"), RF.UniformRowLength(2)], row_splits_dtype=tf.int64)}))
print(tf.io.parse_single_example(batch[0], {"v": RF(tf.int64, partitions=[RF.UniformRowLength(3)])}))
print(tf.io.parse_single_example(batch[0], {"v": RF(tf.int64, partitions=[RF.RowLengths("outer"), RF.RowLengths("rl")])}))
print(tf.io.parse_example(tf.constant([], tf.string), {"v": RF(tf.int64, partitions=[RF.RowSplits("rs")])}))
print(tf.io.parse_example(batch[2:], {"v": RF(tf.int64, partitions=[RF.RowLengths("rl")]), "q": RF(tf.float32)}))

sparse = [example(ix=[4, 0, 2], iy=[1, 1, 0], val=[1.0, 2.0, 3.0]), example(ix=[3], iy=[2], val=[5.0]), example(z=[1])]
print(tf.io.parse_example(sparse, {"sp": SF("ix", "val", tf.float32, 10)}))
print(tf.io.parse_example(sparse, {"sp": SF("ix", "val", tf.float32, 10, already_sorted=True)}))
print(tf.io.parse_example(sparse, {"sp": SF(["ix", "iy"], "val", tf.float32, [5, 3])}))
print(tf.io.parse_single_example(sparse[0], {"sp": SF(["ix", "iy"], "val", tf.float32, [5, 3])}))
print(tf.io.parse_single_example(sparse[0], {"sp": SF("ix", "val", tf.float32, 5)}))
attempt(lambda: tf.io.parse_example(sparse, {"sp": SF(["ix", "iy"], "val", tf.float32, 5)}))
attempt(lambda: tf.io.parse_example(sparse, {"sp": SF("ix", "val", tf.float32, [5, 3])}))
attempt(lambda: tf.io.parse_example(sparse, {"sp": SF("ix", "val", tf.float32, None)}))
attempt(lambda: tf.io.parse_example([example(ix=[1, 2])], {"sp": SF("ix", "val", tf.float32, 5)}))
attempt(lambda: tf.io.parse_example(sparse, {"sp": SF("ix", "val", tf.string, 5)}))
attempt(lambda: tf.io.parse_example(batch, {"v": RF(tf.string)}))
attempt(lambda: tf.io.parse_single_example(batch[0], {"v": RF(tf.float32)}))

# key order and conflicts
VF, FF = tf.io.VarLenFeature, tf.io.FixedLenFeature
mixed = [example(v=[1, 2, 3], ix=[0, 1, 2], val=[1., 2., 3.], d=[1], b=[1], rl=[2, 1]), example(v=[7, 8], ix=[1], val=[2.], d=[2], b=[2], rl=[2])]
print(tf.io.parse_example(mixed, {"zsp": SF("ix", "val", tf.float32, 5), "d": FF([1], tf.int64), "v": RF(tf.int64, partitions=[RF.RowLengths("rl")]), "a": RF(tf.int64, value_key="v"), "ix": VF(tf.int64), "b": FF([1], tf.int64)}))
print(list(tf.io.parse_single_example(mixed[0], {"v": RF(tf.int64), "d": FF([1], tf.int64), "c": VF(tf.int64), "b": SF("ix", "val", tf.float32, 5), "a": RF(tf.int64, value_key="v", partitions=[RF.RowLengths("rl")])})))
attempt(lambda: tf.io.parse_example(mixed, {"a": SF("ix", "val", tf.float32, 5), "val": VF(tf.int64)}))
attempt(lambda: tf.io.parse_example(mixed, {"a": SF("ix", "val", tf.float32, 5), "val": FF([1], tf.float32)}))
attempt(lambda: tf.io.parse_example(mixed, {"a": SF("ix", "v", tf.int64, 5), "b": RF(tf.int64, value_key="v")}))
attempt(lambda: tf.io.parse_example(mixed, {"a": RF(tf.int64, partitions=[RF.RowLengths("ix")]), "ix": RF(tf.float32)}))
attempt(lambda: tf.io.parse_example(mixed, {"v": FF([3], tf.int64), "w": RF(tf.int64, value_key="v")}))
attempt(lambda: tf.io.parse_example(mixed, {"v": VF(tf.int64), "w": RF(tf.int64, value_key="v")}))
print(tf.io.parse_example(mixed, {"a": SF("ix", "val", tf.float32, 5), "b": SF("ix", "val", tf.float32, 5), "ix": VF(tf.int64)}))


@tf.function
def parse(serialized):
    return tf.io.parse_example(serialized, {"v": RF(tf.int64, partitions=[RF.RowSplits("rs")]),
                                            "i": RF(tf.int64, value_key="v", partitions=[RF.ValueRowIds("ids")]),
                                            "sp": SF("ix", "val", tf.float32, 10)})


print(parse(tf.constant(batch[:2] + sparse[:2])))
print({k: (type(x).__name__, x.shape.rank) for k, x in parse.get_concrete_function(tf.TensorSpec([None], tf.string)).structured_outputs.items()})
ds = tf.data.Dataset.from_tensor_slices(batch[:2]).repeat(2).batch(3).map(
    lambda x: tf.io.parse_example(x, {"v": RF(tf.int64, partitions=[RF.RowLimits("lim")])}))
print(ds.element_spec)
for e in ds: print(e)
