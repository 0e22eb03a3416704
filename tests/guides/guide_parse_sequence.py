# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# tf.io.parse_sequence_example / parse_single_sequence_example as TF 2 code reads
# tf.train.SequenceExamples: context features of every kind, feature lists as sparse,
# dense (padded, with their lengths) and ragged tensors (partitions within each step),
# inside a tf.function and a tf.data map, the key order of the results and TF's errors.
import tensorflow as tf


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def feature(v):
    if v and isinstance(v[0], bytes): return tf.train.Feature(bytes_list=tf.train.BytesList(value=v))
    if v and isinstance(v[0], float): return tf.train.Feature(float_list=tf.train.FloatList(value=v))
    return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def sequence_example(context, **lists):
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={k: feature(v) for k, v in context.items()}),
        feature_lists=tf.train.FeatureLists(feature_list={
            k: tf.train.FeatureList(feature=[feature(s) for s in steps]) for k, steps in lists.items()})).SerializeToString()


RF = tf.io.RaggedFeature
s = [sequence_example({"len": [3], "tags": [4, 5], "ids": [1, 2, 3]}, tok=[[1, 2], [3], [4, 5, 6]], ptok=[[1, 2], [3], [4, 5, 6]], emb=[[0.5, 1.5], [2.5, 3.5]], w=[[b"a"], [b"b", b"c"]], rl=[[1, 1], [1], [2, 1]]),
     sequence_example({"len": [1], "ids": [4]}, tok=[[7]], ptok=[[7]], emb=[[9.0, 9.5]], rl=[[1]]),
     sequence_example({"len": [0]}, tok=[], emb=[])]
ctx = {"len": tf.io.FixedLenFeature([], tf.int64), "tags": tf.io.VarLenFeature(tf.int64), "r": RF(tf.int64, value_key="ids")}
seq = {"tok": tf.io.VarLenFeature(tf.int64), "emb": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True),
       "w": RF(tf.string), "parts": RF(tf.int64, value_key="ptok", partitions=[RF.RowLengths("rl")], row_splits_dtype=tf.int64)}
context, lists, lengths = tf.io.parse_sequence_example(s, ctx, seq)
print(context); print(lists); print(lengths)
for one in s:
    print(tf.io.parse_single_sequence_example(one, ctx, seq))
print(tf.io.parse_sequence_example(s[:2], None, {"t": RF(tf.int64, value_key="tok", partitions=[RF.UniformRowLength(1)])}))
print(tf.io.parse_sequence_example(s, ctx))
print(tf.io.parse_sequence_example([sequence_example({}, tok=[[], []])], None, {"tok": tf.io.VarLenFeature(tf.int64), "e": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True)}))
print(tf.io.parse_single_sequence_example(s[0], {"tok": tf.io.VarLenFeature(tf.int64)}, {"tok": tf.io.VarLenFeature(tf.int64)}))
print([list(d) for d in tf.io.parse_sequence_example(s, {"len": tf.io.FixedLenFeature([], tf.int64), "a": tf.io.VarLenFeature(tf.int64)},
                                                     {"w": RF(tf.string), "tok": tf.io.VarLenFeature(tf.int64), "emb": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True), "a": tf.io.VarLenFeature(tf.int64)})])

bad = [sequence_example({}, tok=[[1, 2]]), sequence_example({}, tok=[[7], [1.5]])]
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"w": tf.io.FixedLenSequenceFeature([], tf.string)}))
attempt(lambda: tf.io.parse_single_sequence_example(s[1], ctx, {"w": tf.io.FixedLenSequenceFeature([], tf.string)}))
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"tok": tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True)}))
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"tok": tf.io.FixedLenFeature([2], tf.int64)}))
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"tok": tf.io.SparseFeature("tok", "x", tf.int64, 5)}))
attempt(lambda: tf.io.parse_sequence_example(s))
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"emb": tf.io.FixedLenSequenceFeature([2], tf.float32, allow_missing=True, default_value=-1.0)}))
attempt(lambda: tf.io.parse_sequence_example(s, ctx, {"tok": tf.io.VarLenFeature(tf.float32)}))
attempt(lambda: tf.io.parse_sequence_example(bad, None, {"tok": tf.io.VarLenFeature(tf.int64)}))
attempt(lambda: tf.io.parse_single_sequence_example(bad[1], None, {"tok": tf.io.VarLenFeature(tf.int64)}))
attempt(lambda: tf.io.parse_sequence_example(bad, None, {"tok": tf.io.FixedLenSequenceFeature([], tf.int64)}))
attempt(lambda: tf.io.parse_sequence_example([b"\xff\xffgarbage"], ctx, {"tok": tf.io.VarLenFeature(tf.int64)}))
attempt(lambda: tf.io.parse_sequence_example([s], ctx, {"tok": tf.io.VarLenFeature(tf.int64)}))
attempt(lambda: tf.io.parse_single_sequence_example(s, ctx, {"tok": tf.io.VarLenFeature(tf.int64)}))
attempt(lambda: tf.io.parse_single_sequence_example(s[0], {"len": tf.io.VarLenFeature(tf.int64), "r": RF(tf.int64, value_key="len")}))
attempt(lambda: tf.io.parse_sequence_example(s, None, {"tok": tf.io.VarLenFeature(tf.int64), "r": RF(tf.int64, value_key="tok")}))
attempt(lambda: tf.io.parse_sequence_example(s, None, {"tok": tf.io.FixedLenSequenceFeature([], tf.int64, allow_missing=True), "r": RF(tf.int64, value_key="tok")}))
attempt(lambda: tf.io.parse_sequence_example(s, None, {"rl": RF(tf.float32), "r": RF(tf.int64, value_key="tok", partitions=[RF.RowLengths("rl")])}))


@tf.function
def parse(x):
    return tf.io.parse_sequence_example(x, ctx, seq)


print(parse(tf.constant(s)))
ds = tf.data.Dataset.from_tensor_slices(s).map(lambda x: tf.io.parse_single_sequence_example(x, ctx, seq)[1])
print(ds.element_spec)
for e in ds.take(2): print(e)
