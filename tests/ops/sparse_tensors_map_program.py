"""TF 1's SparseTensorsMap ops (tf.raw_ops.AddSparseToTensorsMap, AddManySparseToTensorsMap,
TakeManySparseFromTensorsMap) run eagerly and in a TF 1 graph that TF 2.21 exported as a
meta graph (record_sparse_tensors_map_golden.py, test_sparse_tensors_map.py).

`python sparse_tensors_map_program.py tf|eagerflow eager` runs the eager calls;
`python sparse_tensors_map_program.py tf export DIR` builds the graph with TF and writes
DIR/sparse_map.meta; `python sparse_tensors_map_program.py tf|eagerflow run META` imports
META and runs it in two Sessions. Each prints one JSON line: every call's result (the
keys, the taken SparseTensor's three parts) or its error's class and message.
"""

import json
import os
import sys

import numpy as np

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

v1 = tf.compat.v1
R = tf.raw_ops


def i64(x):
    return np.array(x, np.int64)


def val(x):
    if hasattr(x, "numpy"):
        x = x.numpy()
    if isinstance(x, tuple):
        return [val(v) for v in x]
    x = x.tolist() if hasattr(x, "tolist") else x
    if isinstance(x, list):
        return [val(v) for v in x]
    return x.decode() if isinstance(x, bytes) else x


def message(e):
    lines = str(e.message).splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.startswith("Node: ")), None)
    return lines[at + 1].strip() if at is not None else str(e.message)


def call(f):
    try:
        return val(f())
    except (tf.errors.OpError, ValueError, TypeError) as e:
        return [type(e).__name__, message(e) if hasattr(e, "message") else str(e)]


def add(i, v, s, **kw):
    return lambda: R.AddSparseToTensorsMap(sparse_indices=i64(i), sparse_values=v,
                                           sparse_shape=i64(s), **kw)


def many(i, v, s, **kw):
    return lambda: R.AddManySparseToTensorsMap(sparse_indices=i64(i), sparse_values=v,
                                               sparse_shape=i64(s), **kw)


def take(h, dtype=tf.float32, **kw):
    return lambda: R.TakeManySparseFromTensorsMap(sparse_handles=h, dtype=dtype, **kw)


F2 = np.float32([1, 2])


def eager():
    out = {}

    def c(label, f):
        out[label] = call(f)

    c("add", add([[0, 1], [1, 0]], F2, [2, 3]))
    c("add again", add([[0, 1], [1, 0]], F2, [2, 3]))
    c("take the adds' map", take([1, 0], shared_name="AddSparseToTensorsMap"))
    c("take private", take([0]))
    c("shared", add([[0, 1]], F2[:1], [2, 3], shared_name="m"))
    c("many into shared", many([[0, 1], [1, 0]], F2, [2, 3], shared_name="m"))
    c("take shared", take([0, 1, 2], shared_name="m"))
    c("take shared again", take([0], shared_name="m"))
    c("take the rest", take([2], shared_name="m"))
    c("many, empty rows last", many([[1, 0], [1, 1], [3, 1]], np.float32([1, 2, 3]), [5, 2],
                                    shared_name="f"))
    c("take rows", take([0, 1, 2, 3, 4], shared_name="f"))
    c("many 3d", many([[0, 0, 1], [2, 1, 0]], F2, [3, 2, 2], shared_name="d"))
    c("take 3d", take([0, 1, 2], shared_name="d"))
    c("many none", many(np.zeros([0, 2]), F2[:0], [3, 3], shared_name="e"))
    c("many zero rows", many(np.zeros([0, 2]), F2[:0], [0, 3], shared_name="e"))
    c("rank 0", add(np.zeros([1, 0]), np.float32([5]), [], shared_name="g"))
    c("take rank 0", take([0], shared_name="g"))
    c("unordered kept", add([[1, 0], [0, 1]], F2, [2, 3], shared_name="g"))
    c("out of bounds kept", add([[5, 5]], F2[:1], [2, 3], shared_name="g"))
    c("take as stored", take([1, 2], shared_name="g"))
    c("empty kept", add(np.zeros([0, 2]), F2[:0], [0, 3], shared_name="g"))
    c("take empty one", take([3], shared_name="g"))
    c("strings", add([[0]], np.array([b"a"]), [2], shared_name="s"))
    c("take strings", take([0], tf.string, shared_name="s"))
    c("ints", add([[0, 1]], np.int32([7]), [2, 3], shared_name="b"))
    c("floats of rank 1", add([[1]], np.float32([1]), [4], shared_name="b"))
    c("dtype before rank", take([0, 1], tf.int32, shared_name="b"))
    c("used up by the failure", take([0], tf.int32, shared_name="b"))
    c("wide", add([[0, 1]], F2[:1], [2, 3], shared_name="r"))
    c("wider", add([[3, 0], [0, 4]], F2, [4, 5], shared_name="r"))
    c("narrow", add([[0]], F2[:1], [4], shared_name="r"))
    c("take padded", take([0, 1], shared_name="r"))
    c("rank mismatch", take([3, 2], shared_name="r"))
    c("wide again", add([[0, 1]], F2[:1], [2, 3], shared_name="r"))
    c("missing after found", take([4, 99], shared_name="r"))
    c("found is used up", take([4], shared_name="r"))
    c("duplicate", add([[0, 1]], F2[:1], [2, 3], shared_name="r"))
    c("take twice", take([5, 5], shared_name="r"))
    c("negative key", take([-1], shared_name="r"))
    c("other container", add([[0, 1]], F2[:1], [2, 3], container="c", shared_name="m"))
    c("take scalar", take(i64(0)))
    c("take matrix", take(i64([[0]])))
    c("take none", take(i64([]), shared_name="m"))
    c("take int32 keys", take(tf.constant([0], tf.int32)))
    c("add indices vector", add([0, 1], F2, [2, 3]))
    c("add values matrix", add([[0, 1], [1, 0]], F2.reshape(2, 1), [2, 3]))
    c("add shape matrix", add([[0, 1], [1, 0]], F2, [[2, 3]]))
    c("add rows differ", add([[0, 1], [1, 0]], F2[:1], [2, 3]))
    c("add rank differs", add([[0, 1]], F2[:1], [2, 3, 4]))
    c("add negative dim first", add([[0, 1]], F2[:1], [-2, 3, 4]))
    c("add rows differ and negative dim", add([[0, 1]], F2, [-2, 3]))
    c("add overflow", add(np.zeros([0, 2]), F2[:0], [2**62, 2**62]))
    c("many rows differ", many([[0, 1], [1, 0]], F2[:1], [2, 3]))
    c("many rank differs", many([[0, 1]], F2[:1], [2, 3, 4]))
    c("many rank 1", many([[0]], F2[:1], [2]))
    c("many rank 0", many(np.zeros([0, 0]), F2[:0], []))
    c("many negative dim", many([[0, 1]], F2[:1], [2, -3]))
    c("many out of order", many([[1, 0], [0, 1]], F2, [2, 3]))
    c("many repeated", many([[0, 1], [0, 1]], F2, [2, 3]))
    c("many out of bounds", many([[0, 5]], F2[:1], [2, 3]))
    c("many negative index", many([[-1, 0]], F2[:1], [2, 3]))
    return out


def build():
    idx = v1.placeholder(tf.int64, [None, None], name="idx")
    v = v1.placeholder(tf.float32, [None], name="v")
    s = v1.placeholder(tf.int64, [None], name="s")
    keys = v1.placeholder(tf.int64, [None], name="keys")
    R.AddSparseToTensorsMap(sparse_indices=idx, sparse_values=v, sparse_shape=s, name="add")
    R.AddManySparseToTensorsMap(sparse_indices=idx, sparse_values=v, sparse_shape=s,
                                name="many")
    R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.float32, name="take")
    R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.float32, shared_name="add",
                                   name="take_add")
    R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.float32, shared_name="many",
                                   name="take_many")
    R.AddSparseToTensorsMap(sparse_indices=idx, sparse_values=v, sparse_shape=s,
                            shared_name="sh", name="add_sh")
    R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.float32, shared_name="sh",
                                   name="take_sh")
    R.TakeManySparseFromTensorsMap(sparse_handles=keys, dtype=tf.int32, shared_name="sh",
                                   name="take_sh_int")


def export(out_dir):
    v1.disable_v2_behavior()
    g = tf.Graph()
    with g.as_default():
        build()
        v1.train.export_meta_graph(os.path.join(out_dir, "sparse_map.meta"), graph=g)


def steps(sess, g):
    def run(name, **feeds):
        op = g.get_operation_by_name(name)
        fetch = op.outputs if len(op.outputs) > 1 else op.outputs[0]
        return call(lambda: sess.run(fetch, {g.get_tensor_by_name(k + ":0"): x
                                             for k, x in feeds.items()}))

    st = dict(idx=[[0, 1], [1, 0]], v=[1.0, 2.0], s=[2, 3])
    return [run("add", **st), run("add", **st), run("many", **st),
            run("take", keys=[0]), run("take_add", keys=[1, 0]),
            run("take_many", keys=[1]), run("add_sh", **st), run("add_sh", **st),
            run("take_sh_int", keys=[0]), run("take_sh", keys=[0]), run("take_sh", keys=[1]),
            run("take_sh", keys=[]),
            run("add", idx=[[0, 1]], v=[1.0, 2.0], s=[2, 3]),
            run("many", idx=[[1, 1], [0, 1]], v=[1.0, 2.0], s=[2, 3])]


def run_meta(meta):
    if sys.argv[1] == "tf":
        v1.disable_v2_behavior()
    out = {}
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(meta)
        with v1.Session() as a, v1.Session() as b:
            out["first"] = steps(a, g)
            out["second"] = steps(b, g)[:3]
    print(json.dumps(out))


if __name__ == "__main__":
    if sys.argv[2] == "export":
        export(sys.argv[3])
    elif sys.argv[2] == "eager":
        print(json.dumps(eager()))
    else:
        run_meta(os.path.abspath(sys.argv[3]))
