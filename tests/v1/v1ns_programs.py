"""Uses of tf.compat.v1's TF 1 names, written once for both implementations: each
`program(tf)` calls them as a TF 1 program does (eagerly, and in a Graph run by a Session)
and returns what a user sees (values, dtypes, shapes, names, errors, TF's log lines) as
JSON-able values. record_v1ns_golden.py runs them with TensorFlow 2.21, test_v1ns.py with
eagerflow, and compares.
"""

from __future__ import annotations

import numpy as np

from tests.v1.metrics_programs import _Logs

M = np.array([[4., 1., 0.], [1., 3., 1.], [0., 1., 2.]], np.float32)
X = np.array([[1., -2., 0.], [3., 0., -4.]], np.float32)


def _err(e: BaseException) -> list:
    return [type(e).__name__, getattr(e, "message", None) or str(e)]


def _val(t) -> dict:
    """A tensor (eager or fetched) as what a user reads off it."""
    a = np.asarray(t.numpy() if hasattr(t, "numpy") else t)
    if a.dtype.kind in "SO":
        v = [x.decode() if isinstance(x, bytes) else x for x in a.ravel().tolist()]
        return {"dtype": "string", "shape": list(a.shape), "value": v}
    if a.dtype.kind == "c":
        return {"dtype": str(a.dtype), "shape": list(a.shape),
                "value": [a.real.ravel().tolist(), a.imag.ravel().tolist()]}
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.ravel().tolist()}


def _on_cpu(tf, fn) -> object:
    with tf.device("/CPU:0"):
        return fn()


def _try(fn) -> object:
    try:
        return _val(fn())
    except Exception as e:  # noqa: BLE001 - the error is the result
        return _err(e)


# -- family 1: TF 1's top-level names --------------------------------------------------------

def reductions(tf) -> dict:
    v1 = tf.compat.v1
    x = tf.constant(X)
    out = {}
    for name in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
                 "reduce_logsumexp"):
        fn = getattr(v1, name)
        out[name] = [_try(lambda: fn(x, reduction_indices=1, keep_dims=True)),
                     _try(lambda: fn(x, 0, True)),
                     _try(lambda: fn(x, axis=[0, 1], keepdims=None)),
                     _try(lambda: fn(x, axis=1, reduction_indices=1)),
                     _try(lambda: fn(x, 1, keepdims=True, keep_dims=True)),
                     _try(lambda: fn(x, 1, keepdims=1))]
    b = tf.constant([[True, False], [True, True]])
    out["reduce_all"] = [_try(lambda: v1.reduce_all(b, reduction_indices=[1])),
                         _try(lambda: v1.reduce_any(b, 0, keep_dims=True))]
    out["count_nonzero"] = [
        _try(lambda: v1.count_nonzero(x)),
        _try(lambda: v1.count_nonzero(x, reduction_indices=1, keep_dims=True)),
        _try(lambda: v1.count_nonzero(input=x, axis=0, dtype=tf.int32)),
        _try(lambda: v1.count_nonzero(input_tensor=x, input=x)),
        _try(lambda: v1.count_nonzero(tf.constant(["", "a", " "]))),
        _try(lambda: v1.count_nonzero(x, 1, None, tf.float32, "cnz"))]
    out["argmax"] = [_try(lambda: v1.argmax(x, dimension=1)),
                     _try(lambda: v1.argmin(x, 0, None, None, tf.int32)),
                     _try(lambda: v1.argmax(x)),
                     _try(lambda: v1.argmax(x, axis=1, dimension=0))]
    out["norm"] = [_try(lambda: v1.norm(x, axis=1, keep_dims=True)),
                   _try(lambda: v1.norm(x, 1, keepdims=True, keep_dims=False))]
    return out


def shapes(tf) -> dict:
    v1 = tf.compat.v1
    x = tf.constant(X)
    s = tf.constant([[[1], [2]]])
    seqs = tf.constant([[1, 2, 3, 0], [4, 5, 0, 0]])
    return {
        "expand_dims": [_try(lambda: v1.expand_dims(x, dim=1)),
                        _try(lambda: v1.expand_dims(x, 0, None)),
                        _try(lambda: v1.expand_dims(x)),
                        _try(lambda: v1.expand_dims(x, axis=0, dim=1))],
        "squeeze": [_try(lambda: v1.squeeze(s, squeeze_dims=0)),
                    _try(lambda: v1.squeeze(s, 2)),
                    _try(lambda: v1.squeeze(s)),
                    _try(lambda: v1.squeeze(s, axis=[0], squeeze_dims=[2]))],
        "reverse_sequence": [
            _try(lambda: v1.reverse_sequence(seqs, [3, 2], seq_dim=1, batch_dim=0)),
            _try(lambda: v1.reverse_sequence(seqs, [3, 2], 1, 0)),
            _try(lambda: v1.reverse_sequence(seqs, [3, 2], seq_axis=1, seq_dim=1))],
        "gather": [_try(lambda: v1.gather(x, [1, 0], None, "g")),
                   _try(lambda: v1.gather(x, [2], axis=1)),
                   _try(lambda: v1.gather_nd(x, [[1, 2]], "gnd"))],
        "shape": [_try(lambda: v1.shape(x, "s")), _try(lambda: v1.shape(x, None, tf.int64)),
                  _try(lambda: v1.size(x, "n", tf.int64))],
        "pad": [_try(lambda: v1.pad(x, [[1, 0], [0, 1]], "CONSTANT", "p", 7.0))],
        "boolean_mask": [_try(lambda: v1.boolean_mask(x, [True, False], "bm", 0))],
        "transpose": [_try(lambda: v1.transpose(x, [1, 0], "t"))],
        "like": [_try(lambda: v1.ones_like(x, tf.int32, "o", False)),
                 _try(lambda: v1.zeros_like(tensor=x))],
        "convert_to_tensor": [_try(lambda: v1.convert_to_tensor(3, None, "c", tf.float32)),
                              _try(lambda: v1.convert_to_tensor(3, preferred_dtype=tf.int64,
                                                                dtype_hint=tf.int64))],
    }


def aliases(tf) -> dict:
    """The brief's most used aliases, called as a TF 1 program calls them."""
    v1 = tf.compat.v1
    x = tf.constant(X)
    m = tf.constant(M)
    data = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    ids = tf.constant([0, 0, 1])
    sp = tf.sparse.SparseTensor([[0, 1], [2, 0]], [5., 6.], [3, 2])
    return {
        "math": [_try(lambda: v1.log(tf.constant([1., 2.]))), _try(lambda: v1.ceil(x / 3)),
                 _try(lambda: v1.rsqrt(tf.constant([4.]))), _try(lambda: v1.floordiv(7, 2)),
                 _try(lambda: v1.mod(-7, 3)), _try(lambda: v1.div_no_nan(x, tf.zeros_like(x))),
                 _try(lambda: v1.squared_difference(x, 1.)), _try(lambda: v1.log1p(x * 0)),
                 _try(lambda: v1.lin_space(0., 1., 5)), _try(lambda: v1.cumprod([1, 2, 3])),
                 _try(lambda: v1.is_nan(tf.constant([np.nan, 1.]))),
                 _try(lambda: v1.reciprocal(tf.constant([2.])))],
        "matrix": [_try(lambda: v1.matrix_inverse(m)), _try(lambda: v1.matrix_determinant(m)),
                   _try(lambda: v1.matrix_transpose(x)), _try(lambda: v1.matrix_diag([1, 2])),
                   _try(lambda: v1.matrix_diag_part(m)),
                   _try(lambda: v1.matrix_band_part(m, 0, 1)),
                   _try(lambda: v1.matrix_set_diag(m, [7., 8., 9.])),
                   _try(lambda: v1.matrix_solve(m, tf.ones([3, 1]))),
                   _try(lambda: v1.matrix_triangular_solve(m, tf.ones([3, 1]))),
                   _try(lambda: v1.cholesky(m)), _try(lambda: v1.trace(m)),
                   _try(lambda: v1.diag([1, 2])), _try(lambda: v1.diag_part(m))],
        "segment": [_try(lambda: v1.segment_sum(data, ids)),
                    _try(lambda: v1.segment_mean(data, ids)),
                    _try(lambda: v1.segment_max(data, ids)),
                    _try(lambda: v1.unsorted_segment_sum(data, [1, 0, 1], 3)),
                    _try(lambda: v1.unsorted_segment_mean(data, [1, 0, 1], 2)),
                    _try(lambda: v1.unsorted_segment_sqrt_n(data, [1, 0, 1], 2)),
                    _try(lambda: v1.segment_sum(data, [1, 0, 1]))],
        "sparse": [_try(lambda: v1.sparse_tensor_to_dense(sp)),
                   _try(lambda: v1.sparse_tensor_to_dense(sp, -1.)),
                   _try(lambda: v1.sparse_tensor_dense_matmul(sp, tf.ones([2, 1]))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_reorder(sp))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_reshape(sp, [2, 3]))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_transpose(sp))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_softmax(sp))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_retain(sp, [True, False]))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_slice(sp, [1, 0], [2, 2]))),
                   _try(lambda: v1.sparse_tensor_to_dense(v1.sparse_maximum(sp, sp)))],
        "strings": [_try(lambda: v1.string_join(["a", "b"], "-")),
                    _try(lambda: v1.string_strip(" a ")),
                    _try(lambda: v1.string_to_hash_bucket_fast(["a", "b"], 10)),
                    _try(lambda: v1.regex_replace("aab", "a", "x")),
                    _try(lambda: v1.encode_base64("hi")),
                    _try(lambda: v1.decode_base64(v1.encode_base64("hi")))],
        "checks": [_try(lambda: v1.check_numerics(tf.constant([1., np.inf]), "bad")),
                   _try(lambda: v1.is_finite(tf.constant([1., np.inf]))),
                   _try(lambda: v1.where_v2([True, False], 1, 2)),
                   _try(lambda: v1.reverse_v2([1, 2, 3], [0])),
                   _try(lambda: v1.invert_permutation([2, 0, 1])),
                   _try(lambda: v1.tensor_scatter_add(tf.zeros([3]), [[1]], [5.]))],
        "fft": [_try(lambda: v1.fft(tf.constant([1., 0., 0., 0.], tf.complex64))),
                _try(lambda: v1.ifft(tf.constant([1., 1., 1., 1.], tf.complex64)))],
        "constants": [v1.VERSION == tf.version.VERSION,
                      sorted(d.name for d in v1.QUANTIZED_DTYPES)],
    }


def random_ops(tf) -> dict:
    """Seeded TF 1 random names: shapes, dtypes and ranges (and the values where TF's
    seeded streams are reproduced)."""
    v1 = tf.compat.v1
    tf.random.set_seed(3)
    out = {}
    for name, call in (("random_normal", lambda: v1.random_normal([2, 3], seed=1)),
                       ("truncated_normal", lambda: v1.truncated_normal([4], stddev=2., seed=2)),
                       ("random_uniform", lambda: v1.random_uniform([3], 1, 5, tf.int32, seed=3)),
                       ("random_shuffle", lambda: v1.random_shuffle(tf.range(5), seed=4)),
                       ("random_gamma", lambda: v1.random_gamma([2], 2., seed=5))):
        t = call()
        out[name] = [t.dtype.name, t.shape.as_list()]
    u = v1.random_uniform([100], -2., 3., seed=7)
    out["uniform_range"] = [bool(np.all(u.numpy() >= -2)), bool(np.all(u.numpy() < 3))]
    out["shuffled"] = sorted(v1.random_shuffle(tf.range(5)).numpy().tolist())
    return out


def name_scopes(tf) -> dict:
    v1 = tf.compat.v1
    out = {}
    with v1.name_scope(None, "dflt", []) as s:
        out["eager_default"] = s
    with v1.name_scope("given", "dflt") as s:
        out["eager_given"] = s
    try:
        with v1.name_scope(None, None, [1]):
            pass
    except ValueError as e:
        out["neither"] = _err(e)
    try:
        v1.name_scope("a", 3)
    except TypeError as e:
        out["default_not_str"] = _err(e)
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [2], name="x")
        names = []
        with v1.name_scope("layer") as s1:
            names.append(s1)
            names.append(tf.identity(x, name="y").name)
            with v1.name_scope(None, "inner", [x]) as s2:
                names.append(s2)
        with v1.name_scope("layer") as s3:
            names.append(s3)
        with v1.name_scope(s1):
            names.append(tf.identity(x, name="z").name)
        with v1.name_scope(None):
            names.append(tf.identity(x, name="w").name)
        out["graph"] = names
        try:
            with v1.name_scope(None, None, [x]):
                pass
        except ValueError as e:
            out["graph_neither"] = _err(e)
        try:
            v1.name_scope("a", 3)
        except TypeError as e:
            out["graph_default_not_str"] = _err(e)
    return out


def graph_program(tf) -> dict:
    """A TF 1 program: TF 1's names built into a Graph and run in a Session, with the
    deprecation notices TF logs while building it."""
    v1 = tf.compat.v1
    out = {}
    with _Logs() as logs, tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [None, 3], name="x")
        total = v1.reduce_sum(x, reduction_indices=[1], keep_dims=True, name="total")
        mean = v1.reduce_mean(x, 0, keep_dims=True)
        mx = v1.reduce_max(x, keep_dims=False)
        am = v1.argmax(x, dimension=1, name="am")
        ex = v1.expand_dims(am, dim=0)
        sq = v1.squeeze(ex, squeeze_dims=[0])
        cnz = v1.count_nonzero(x, reduction_indices=0, keep_dims=True)
        nrm = v1.norm(x, axis=1, keep_dims=True)
        g = v1.gather(x, [0], validate_indices=True)
        lg = v1.log(v1.abs(x) + 1.)
        ce = v1.ceil(x)
        seg = v1.segment_sum(x, [0, 1])
        mi = v1.matrix_inverse(tf.constant(M))
        # (ex, sq and seg left out: eagerflow's graphs hold a static expand_dims or squeeze
        # as a Reshape and segment_sum as an UnsortedSegmentSum, named so)
        out["names"] = [t.name for t in (total, mean, mx, am, cnz, nrm, g, lg, ce, mi)]
        out["shapes"] = [str(t.shape) for t in (total, mean, mx, am, ex, sq, cnz, nrm, g)]
        with v1.Session() as sess:
            vals = sess.run([total, mean, mx, am, sq, cnz, nrm, g, lg, ce, seg, mi],
                            feed_dict={x: X})
        out["values"] = [_val(v) for v in vals]
        v1.reduce_sum(x, keep_dims=True)  # a second use: TF logs once
    out["logs"] = logs.lines
    return out


PROGRAMS = {"reductions": reductions, "shapes": shapes, "aliases": aliases,
            "random_ops": random_ops, "name_scopes": name_scopes, "graph_program": graph_program}


# -- family 2: TF 1's sparse, string, parsing and printing functions ---------------------------

def _sp(s) -> dict:
    """A SparseTensor (eager, or a fetched SparseTensorValue) as its three parts."""
    return {"indices": _val(s.indices), "values": _val(s.values),
            "dense_shape": _val(s.dense_shape)}


def _try_sp(fn) -> object:
    try:
        out = fn()
        if isinstance(out, (list, tuple)):
            return [_sp(s) for s in out]
        return _sp(out)
    except Exception as e:  # noqa: BLE001 - the error is the result
        return _err(e)


def sparse_functions(tf) -> dict:
    v1 = tf.compat.v1
    a = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1., 2.], [2, 3])
    b = tf.sparse.SparseTensor([[0, 0], [1, 1]], [-0.5, 0.1], [2, 3])
    data = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    out = {
        "add": [_try_sp(lambda: v1.sparse_add(a, b)), _try_sp(lambda: v1.sparse_add(a, b, 0.2)),
                _try_sp(lambda: v1.sparse_add(a, b, thresh=0.6)),
                _try_sp(lambda: v1.sparse_add(a, b, threshold=0.1, thresh=0.2)),
                _try(lambda: v1.sparse_add(tf.ones([2, 3]), a))],
        "concat": [_try_sp(lambda: v1.sparse_concat(1, [a, b])),
                   _try_sp(lambda: v1.sparse_concat(None, [a, b], concat_dim=0)),
                   _try_sp(lambda: v1.sparse_concat(1, [a, b], expand_nonconcat_dim=True)),
                   _try_sp(lambda: v1.sparse_concat(0, [a, b], concat_dim=0))],
        "split": [_try_sp(lambda: v1.sparse_split(sp_input=a, num_split=3, axis=1)),
                  _try_sp(lambda: v1.sparse_split(a, 2, 0)),
                  _try_sp(lambda: v1.sparse_split(sp_input=a, num_split=2)),
                  _try_sp(lambda: v1.sparse_split(sp_input=a, axis=1)),
                  _try_sp(lambda: v1.sparse_split(num_split=2, axis=1))],
        "reduce": [_try(lambda: v1.sparse_reduce_sum(a)),
                   _try(lambda: v1.sparse_reduce_sum(a, reduction_axes=1, keep_dims=True)),
                   _try(lambda: v1.sparse_reduce_max(a, 0)),
                   _try(lambda: v1.sparse_reduce_sum(a, 1, keepdims=True, keep_dims=True)),
                   _try_sp(lambda: v1.sparse_reduce_sum_sparse(a, 1)),
                   _try_sp(lambda: v1.sparse_reduce_max_sparse(a, reduction_axes=0))],
        "segment": [_try(lambda: v1.sparse_segment_sum(data, [0, 2, 1], [0, 0, 1])),
                    _try(lambda: v1.sparse_segment_mean(data, [0, 2], [0, 1], "ssm", 3)),
                    _try(lambda: v1.sparse_segment_sqrt_n(data, [0, 1, 2], [0, 0, 0]))],
        # (out_type=tf.variant left out: eagerflow has no variant tensors)
        "serialize": [_try(lambda: v1.serialize_sparse(a, "s")),
                      _try(lambda: v1.serialize_many_sparse(a).shape.as_list())],
        "convert": [_try_sp(lambda: v1.convert_to_tensor_or_sparse_tensor(a)),
                    _try_sp(lambda: v1.convert_to_tensor_or_sparse_tensor(
                        v1.SparseTensorValue([[0]], [3], [2]))),
                    _try(lambda: v1.convert_to_tensor_or_sparse_tensor([1, 2], tf.int64)),
                    _try_sp(lambda: v1.convert_to_tensor_or_sparse_tensor(a, tf.int32))],
        "placeholder_eager": _try(lambda: v1.sparse_placeholder(tf.float32)),
    }
    return out


def string_functions(tf) -> dict:
    v1 = tf.compat.v1
    src = tf.constant(["hello world", "a  b,c", ""])
    return {
        "split": [_try_sp(lambda: v1.string_split(src)),
                  _try_sp(lambda: v1.string_split(src, " ,")),
                  _try_sp(lambda: v1.string_split(src, skip_empty=False)),
                  _try_sp(lambda: v1.string_split(["ab c"], "")),
                  _try_sp(lambda: v1.string_split(src, delimiter=",")),
                  _try_sp(lambda: v1.string_split(src, sep=",", delimiter=",")),
                  _try(lambda: v1.string_split(src, result_type="RaggedTensor").flat_values),
                  _try(lambda: v1.string_split(src, result_type="RaggedTensor").row_splits),
                  _try(lambda: v1.string_split(src, result_type="Dense")),
                  _try_sp(lambda: v1.string_split([["a b"]])),
                  _try_sp(lambda: v1.string_split("a b"))],
        "substr": [_try(lambda: v1.substr(["hello", "abc"], 1, 2)),
                   _try(lambda: v1.substr("héllo", 1, 2, "s", "UTF8_CHAR"))],
        "to_number": [_try(lambda: v1.string_to_number(["1.5", "2"])),
                      _try(lambda: v1.string_to_number(input=["7"], out_type=tf.int32)),
                      _try(lambda: v1.string_to_number(string_tensor="1", input="2")),
                      _try(lambda: v1.string_to_number("x"))],
        "hash": [_try(lambda: v1.string_to_hash_bucket(["a", "b"], 7)),
                 _try(lambda: v1.string_to_hash_bucket(input=["a"], num_buckets=3))],
        "reduce_join": [_try(lambda: v1.reduce_join([["a", "b"], ["c", "d"]], 1)),
                        _try(lambda: v1.reduce_join([["a", "b"], ["c", "d"]], 0, True, "-")),
                        _try(lambda: v1.reduce_join([["a", "b"]], reduction_indices=[1],
                                                    keepdims=True)),
                        _try(lambda: v1.reduce_join([["a"]], 0, keep_dims=True,
                                                    keepdims=True))],
    }


def parsing_functions(tf) -> dict:
    v1 = tf.compat.v1
    ex = tf.train.Example(features=tf.train.Features(feature={
        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5, 2.5])),
        "ids": tf.train.Feature(int64_list=tf.train.Int64List(value=[3, 1, 4])),
        "s": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"hi"]))})).SerializeToString()
    features = {"x": v1.FixedLenFeature([2], tf.float32),
                "ids": v1.VarLenFeature(tf.int64),
                "s": v1.FixedLenFeature([], tf.string, default_value=""),
                "missing": v1.FixedLenFeature([1], tf.int64, default_value=[9])}
    single = v1.parse_single_example(ex, features, "pse")
    batch = v1.parse_example([ex, ex], features, None, ["a", "b"])
    return {
        "single": {k: (_sp(v) if hasattr(v, "dense_shape") else _val(v))
                   for k, v in single.items()},
        "batch": {k: (_sp(v) if hasattr(v, "dense_shape") else _val(v)) for k, v in batch.items()},
        "single_error": _try(lambda: v1.parse_single_example(
            ex, {"nope": v1.FixedLenFeature([], tf.int64)})),
        "decode_raw": [_try(lambda: v1.decode_raw(tf.constant([b"\x01\x00\x02\x00"]),
                                                  tf.int16)),
                       _try(lambda: v1.decode_raw(bytes=b"\x00\x01", out_type=tf.uint8)),
                       _try(lambda: v1.decode_raw(b"\x00\x01")),
                       _try(lambda: v1.decode_raw(b"\x00\x01", tf.int16, False, "dr"))],
        "decode_csv": [_try(lambda: v1.decode_csv(["1,a", "2,b"], [[0], [""]])[0]),
                       _try(lambda: v1.decode_csv(["1;NA"], [[0], [5]], ";", True, "dc",
                                                  "NA")[1])],
    }


def misc_functions(tf) -> dict:
    v1 = tf.compat.v1
    img = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
    return {
        "setdiff1d": [_try(lambda: v1.setdiff1d([1, 2, 3, 4, 2], [2, 4]).out),
                      _try(lambda: v1.setdiff1d([1, 2, 3, 4, 2], [2, 4], tf.int64).idx),
                      _try(lambda: v1.setdiff1d([1., 5.], [1.]).out)],
        "space_to_depth": [_try(lambda: v1.space_to_depth(img, 2, "s2d")),
                           _try(lambda: v1.depth_to_space(v1.space_to_depth(img, 2), 2))],
        "patches": [_try(lambda: v1.extract_image_patches(img, [1, 2, 2, 1], [1, 2, 2, 1],
                                                          [1, 1, 1, 1], "VALID")),
                    _try(lambda: v1.extract_image_patches(img, ksizes=[1, 2, 2, 1],
                                                          sizes=[1, 2, 2, 1],
                                                          strides=[1, 1, 1, 1],
                                                          rates=[1, 1, 1, 1],
                                                          padding="VALID"))],
        "confusion": [_try(lambda: v1.confusion_matrix([0, 1, 2, 1], [0, 2, 2, 1])),
                      _try(lambda: v1.confusion_matrix([0, 1], [1, 1], 3, tf.float32, "cm",
                                                       [0.5, 2.]))],
        "bincount": [_try(lambda: v1.bincount([1, 1, 3])),
                     # (on the CPU, where TF recorded it: TF's GPU kernel refuses the
                     # weights of a 1-D count)
                     _try(lambda: _on_cpu(tf, lambda: v1.bincount([1, 1, 3], [0.5, 1., 2.],
                                                                  5, None, tf.float32)))],
        "poisson": [_try(lambda: v1.random_poisson([1., 5.], [3], seed=2).shape.as_list())],
        "floor_div": [_try(lambda: v1.floor_div(tf.constant([7, -7]), 2)),
                      _try(lambda: v1.floor_div(7.5, 2.))],
        "batch_to_space_nd": [_try(lambda: v1.batch_to_space_nd(tf.reshape(tf.range(4),
                                                                            [4, 1, 1, 1]),
                                                                 [2, 2], [[0, 0], [0, 0]]))],
        "clip_by_average_norm": [_try(lambda: v1.clip_by_average_norm(
            tf.constant([[3., 4.], [0., 0.]]), 1.)),
            _try(lambda: v1.clip_by_average_norm(tf.constant([0.1, 0.2]), 5.))],
        "verify": [_try(lambda: v1.verify_tensor_all_finite([1., 2.], "bad")),
                   _try(lambda: v1.verify_tensor_all_finite([1., np.inf], "bad")),
                   _try(lambda: v1.verify_tensor_all_finite(x=[1., 2.], msg="m")),
                   _try(lambda: v1.verify_tensor_all_finite(t=[1.], x=[1.], msg="m"))],
        "asserts": [_try(lambda: v1.assert_scalar(tf.constant(1.), "as")),
                    _try(lambda: v1.assert_scalar(tf.constant([1.]), "as", "M: ")),
                    _try(lambda: v1.assert_rank_at_least(tf.ones([2]), 2, message="R: ")),
                    _try(lambda: v1.assert_rank_in(tf.ones([2]), [0, 2])),
                    _try(lambda: v1.assert_integer(tf.ones([2]))),
                    _try(lambda: v1.assert_type(tf.ones([2]), tf.int32))],
        "flags": [v1.control_flow_v2_enabled()],
        "get_seed": _seeds(tf),
    }


def _seeds(tf) -> list:
    v1 = tf.compat.v1
    tf.random.set_seed(None)
    out = [list(v1.get_seed(None)), list(v1.get_seed(7))]
    tf.random.set_seed(5)
    out += [list(v1.get_seed(7)), list(v1.get_seed(None))[0]]
    with tf.Graph().as_default():
        v1.set_random_seed(11)
        out += [list(v1.get_seed(None)), list(v1.get_seed(None)), list(v1.get_seed(3))]
    tf.random.set_seed(None)
    return out


def protos(tf) -> dict:
    v1 = tf.compat.v1
    config = v1.ConfigProto(gpu_options=v1.GPUOptions(allow_growth=True),
                            allow_soft_placement=True, log_device_placement=False,
                            intra_op_parallelism_threads=2)
    config.gpu_options.per_process_gpu_memory_fraction = 0.5
    config.graph_options.optimizer_options.opt_level = v1.OptimizerOptions.L1
    run = v1.RunOptions(trace_level=v1.RunOptions.FULL_TRACE)
    summary = v1.Summary(value=[v1.Summary.Value(tag="loss", simple_value=0.5)])
    event = v1.Event(wall_time=1.5, step=3, summary=summary)
    node = v1.NodeDef(name="a", op="Const", attr={"dtype": v1.AttrValue(type=1)})
    out = {"config": [str(config), config.SerializeToString().hex()],
           "run": [str(run), run.SerializeToString().hex()],
           "event": [str(event), event.SerializeToString().hex()],
           "node": str(node),
           "others": [str(m()) for m in (v1.RunMetadata, v1.GraphOptions, v1.LogMessage,
                                         v1.SessionLog, v1.HistogramProto, v1.SummaryMetadata,
                                         v1.MetaGraphDef, v1.TensorInfo, v1.NameAttrList)],
           "names": [m.DESCRIPTOR.full_name.split(".")[-1] for m in (
               v1.ConfigProto, v1.GPUOptions, v1.Event, v1.HistogramProto, v1.NodeDef)]}
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float32, [2])
        y = x * 2.
        with v1.Session(config=config) as sess:
            out["session"] = _val(sess.run(y, {x: [1., 2.]}, options=run,
                                           run_metadata=v1.RunMetadata()))
    return out


def sparse_graph(tf) -> dict:
    """sparse_placeholder, string_split and Print's graph forms run in a Session."""
    v1 = tf.compat.v1
    out = {}
    with _Logs() as logs, tf.Graph().as_default():
        sp = v1.sparse_placeholder(tf.float32, name="sp")
        sp2 = v1.sparse_placeholder(tf.int64, [None, 4], name="sp2")
        out["placeholders"] = [sp.indices.name, sp.values.name, sp.dense_shape.name,
                               sp2.dense_shape.name, str(sp2.dense_shape.shape)]
        # (a known rank: eagerflow's sparse reductions need one)
        total = v1.sparse_reduce_sum(sp2, reduction_axes=1, keep_dims=True)
        dense = v1.sparse_tensor_to_dense(sp)
        words = v1.placeholder(tf.string, [None])
        toks = v1.string_split(words, delimiter=" ")
        printed = v1.Print(total, [total], "total=")
        added = v1.sparse_add(sp2, sp2, thresh=3)
        out["shapes"] = [str(printed.shape), str(toks.dense_shape.shape)]
        with v1.Session() as sess:
            feed = {sp: v1.SparseTensorValue([[0, 1], [2, 0]], [1., 2.], [3, 2]),
                    sp2: v1.SparseTensorValue([[0, 1], [2, 3]], [1, 2], [3, 4]),
                    words: ["a b", "c"]}
            t, d, tk, a = sess.run([printed, dense, toks, added], feed)
            out["values"] = [_val(t), _val(d), _sp(tk), _sp(a)]
            out["tuple_feed"] = _val(sess.run(dense, {sp: ([[1, 1]], [5.], [2, 2])}))
    out["logs"] = [line.split("\n")[0] for line in logs.lines]
    return out


PRINT_SCRIPT = """
import os, sys
sys.path.insert(0, os.getcwd())
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import {module} as tf
v1 = tf.compat.v1
x = tf.constant([[1., 2.5, 3.], [4., 5., 6.]])
y = v1.Print(x, [x, tf.constant([1, 2, 3, 4, 5]), "s", True], "x is: ")
print("ret", y.shape, y.dtype.name, flush=True)
v1.Print(x, [x], summarize=10)
v1.Print(x, [x], "first:", first_n=1)
v1.Print(x, [x], "first:", first_n=1)
v1.Print(1, [tf.constant(["a", "b c"]), tf.constant([True, False]),
             tf.constant([1.5, 2.25], tf.float64), tf.zeros([0]),
             tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])], "m", summarize=-1)
v1.Print(1, [tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), tf.constant('q"x')], summarize=5)
sys.stderr.flush()
with tf.Graph().as_default():
    p = v1.placeholder(tf.int32, [None])
    z = v1.Print(p, [p, tf.shape(p)], "p=", first_n=2, name="pr")
    print(z.shape, z.dtype.name, flush=True)
    with v1.Session() as s:
        for i in range(3):
            print(s.run(z + 1, {{p: list(range(i + 1))}}).tolist(), flush=True)
            sys.stderr.flush()
"""


def print_lines(python: str, module: str, cwd: str) -> list:
    """What PRINT_SCRIPT writes (stdout and stderr in one stream), less TF's start-up lines
    and the deprecation notice's text."""
    import subprocess
    run = subprocess.run([python, "-c", PRINT_SCRIPT.format(module=module)], cwd=cwd,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         check=True, timeout=300)
    keep = []
    for line in run.stdout.splitlines():
        if line.startswith(("WARNING", "I0000", "E0000", "W0000", "Instructions", "Use tf.")) \
                or not line.strip() or "oneDNN" in line:
            continue
        keep.append(line)
    return keep


PROGRAMS.update({"sparse_functions": sparse_functions, "string_functions": string_functions,
                 "parsing_functions": parsing_functions, "misc_functions": misc_functions,
                 "protos": protos, "sparse_graph": sparse_graph})
