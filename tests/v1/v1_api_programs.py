"""Uses of tf.compat.v1's TF 1 functions that TF 2 has no name for (sparse_matmul,
sparse_merge, the scatter_nd_* updates of a variable, make_template, the errors' code
tables, ...), written once for both implementations: each `program(tf)` calls them as a
TF 1 program does and returns what a user sees (values, dtypes, shapes, names, errors) as
JSON-able values. record_v1_api_golden.py runs them with TensorFlow 2.21 (with the `dir()`
of the namespaces of DIR_SPACES), test_v1_api.py with eagerflow, and compares.
"""

from __future__ import annotations

import numpy as np

from tests.v1.v1ns_programs import _err, _Logs, _try, _val

# the tf.compat.v1 namespaces whose `dir()` is recorded
DIR_SPACES = ("", "train", "train.experimental", "nn", "debugging", "image", "linalg",
              "errors", "ragged", "random", "sparse", "losses", "distribute", "user_ops",
              "mixed_precision", "mixed_precision.experimental", "config", "config.experimental",
              "experimental", "profiler", "types", "types.experimental", "data",
              "data.experimental", "data.experimental.service", "distribute.experimental",
              "saved_model", "saved_model.experimental", "saved_model.loader")


# the functions and classes of TF 1's own that these programs use, whose parameters are
# recorded (those of tf.compat.v1 and its train are in tf_v1_names.json)
SIGNED = ("sparse.merge", "random.stateless_multinomial", "linalg.transpose",
          "image.extract_image_patches", "losses.mean_pairwise_squared_error",
          "errors.error_code_from_exception_type", "errors.exception_type_from_error_code",
          "errors.raise_exception_on_not_ok_status", "ragged.constant_value",
          "ragged.RaggedTensorValue", "ragged.placeholder", "distribute.get_loss_reduction",
          "user_ops.my_fact", "mixed_precision.FixedLossScale",
          "mixed_precision.DynamicLossScale", "mixed_precision.MixedPrecisionLossScaleOptimizer",
          "mixed_precision.enable_mixed_precision_graph_rewrite",
          "mixed_precision.disable_mixed_precision_graph_rewrite",
          "train.experimental.enable_mixed_precision_graph_rewrite",
          "train.noisy_linear_cosine_decay", "train.VocabInfo", "train.warm_start",
          "train.NewCheckpointReader", "nn.static_state_saving_rnn")


def public_dir(module) -> list:
    return sorted(n for n in dir(module) if not n.startswith("_"))


def resolve(root, dotted: str):
    for part in filter(None, dotted.split(".")):
        root = getattr(root, part)
    return root


PROGRAMS: dict = {}


def _first(e: BaseException) -> list:
    """An error's class and first sentence (where the rest quotes values TF prints its
    own way)."""
    kind, message = _err(e)
    return [kind, message.split(". ")[0]]


def _call(fn, short: bool = False) -> object:
    try:
        return _val(fn())
    except Exception as e:  # noqa: BLE001 - the error is the result
        return _first(e) if short else _err(e)


def _sparse(s) -> dict:
    return {"indices": _val(s.indices), "values": _val(s.values),
            "dense_shape": _val(s.dense_shape)}


def _try_sparse(fn) -> object:
    try:
        return _sparse(fn())
    except Exception as e:  # noqa: BLE001
        return _err(e)


def sparse_matmul(tf) -> dict:
    v1 = tf.compat.v1
    return {
        "sparse_a": _try(lambda: v1.sparse_matmul([[1., 0.], [0., 2.]], [[1., 2.], [3., 4.]],
                                                  a_is_sparse=True)),
        "transposed": _try(lambda: v1.sparse_matmul([[1., 0.], [0., 2.]], [[1., 2.], [3., 4.]],
                                                    transpose_a=True, transpose_b=True,
                                                    b_is_sparse=True)),
        "ints_as_float": _try(lambda: v1.sparse_matmul([[1, 0]], [[1], [2]])),
        "bfloat16": _try(lambda: v1.sparse_matmul(tf.constant([[1., 0.]], tf.bfloat16),
                                                  [[1.], [2.]])),
        "mismatch": _try(lambda: v1.sparse_matmul([[1., 0.]], [[1.], [2.], [3.]])),
        "vector": _try(lambda: v1.sparse_matmul([1., 0.], [[1.], [2.]])),
        "float64": _try(lambda: v1.sparse_matmul(tf.constant([[1., 0.]], tf.float64),
                                                 [[1.], [2.]])),
        "tensors_mismatch": _try(lambda: v1.sparse_matmul(tf.constant([[1., 0.]]),
                                                          tf.constant([[1.]]))),
    }


def sparse_merge(tf) -> dict:
    v1 = tf.compat.v1
    ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([3, 1, 2], tf.int64),
                                 [2, 2])
    ids32 = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([3, 1, 2], tf.int32),
                                   [2, 2])
    vals = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [0.5, 1.5, 2.5], [2, 2])
    other = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([0, 4, 1], tf.int64),
                                   [2, 2])
    value = v1.SparseTensorValue([[0, 0], [1, 1]], np.array([2, 0], np.int64), [2, 2])
    return {
        "merge": _try_sparse(lambda: v1.sparse_merge(ids, vals, 4)),
        "sorted": _try_sparse(lambda: v1.sparse_merge(ids, vals, 4, already_sorted=True)),
        "namespace": _try_sparse(lambda: v1.sparse.merge(ids, vals, 4)),
        "two_ids": _try_sparse(lambda: v1.sparse_merge([ids, other], vals, [4, 5])),
        "tensor_size": _try_sparse(lambda: v1.sparse_merge(ids, vals, tf.constant(4))),
        "int64_size": _try_sparse(lambda: v1.sparse_merge(ids, vals,
                                                          tf.constant(4, tf.int64))),
        "small_size": _try_sparse(lambda: v1.sparse_merge(ids, vals, 2)),
        "int32_ids": _try_sparse(lambda: v1.sparse_merge(ids32, vals, 4)),
        "ids_as_values": _try_sparse(lambda: v1.sparse_merge(ids, ids, 4)),
        "value_input": _try_sparse(lambda: v1.sparse_merge(
            value, v1.SparseTensorValue([[0, 0], [1, 1]], [1., 2.], [2, 2]), 3)),
        "rank1": _try_sparse(lambda: v1.sparse_merge(
            tf.sparse.SparseTensor([[0], [1]], tf.constant([3, 1], tf.int64), [2]),
            tf.sparse.SparseTensor([[0], [1]], [1., 2.], [2]), 4)),
        "list_size_for_one": _try_sparse(lambda: v1.sparse_merge(ids, vals, [4])),
        "int_size_for_list": _try_sparse(lambda: v1.sparse_merge([ids], vals, 4)),
        "list_values": _try_sparse(lambda: v1.sparse_merge(ids, [vals], 4)),
        "float_size": _try_sparse(lambda: v1.sparse_merge(ids, vals, 4.0)),
        "float_in_list": _try_sparse(lambda: v1.sparse_merge([ids], vals, [4.0])),
        "lengths": _try_sparse(lambda: v1.sparse_merge([ids, ids], vals, [4])),
        "not_iterable": _try_sparse(lambda: v1.sparse_merge(3, vals, [4])),
        "dense_ids": _try_sparse(lambda: v1.sparse_merge([tf.constant([1])], vals, [4])),
        "values_mismatch": _try_sparse(lambda: v1.sparse_merge(
            ids, tf.sparse.SparseTensor([[0, 0]], [1.], [2, 2]), 4)),
    }


def _missing_attribute(fn) -> object:
    """The attribute an AttributeError names (TF's message names the tensor class by its
    module path)."""
    try:
        fn()
    except AttributeError as e:
        return ["AttributeError", str(e).split("object ")[-1]]
    return "no error"


def scatter_updates(tf) -> dict:
    v1 = tf.compat.v1
    out = {}
    v = tf.Variable(np.zeros((3, 2), np.float32))
    out["nd_add"] = _try(lambda: v1.scatter_nd_add(v, [[0], [2]], [[1., 2.], [3., 4.]]))
    out["nd_sub"] = _try(lambda: v1.scatter_nd_sub(v, [[0, 1]], [5.]))
    out["nd_update"] = _try(lambda: v1.scatter_nd_update(v, [[1]], [[7., 8.]]))
    out["nd_named"] = _try(lambda: v1.scatter_nd_add(v, [[0]], [[1., 1.]], name="foo"))
    out["nd_out_of_range"] = _try(lambda: v1.scatter_nd_update(v, [[5]], [[7., 8.]]))
    out["nd_bad_updates"] = _try(lambda: v1.scatter_nd_update(v, [[1]], [[7., 8., 9.]]))
    out["nd_ints_for_floats"] = _try(lambda: v1.scatter_nd_update(v, [[1]], [[7, 8]]))
    out["nd_constant"] = _missing_attribute(lambda: v1.scatter_nd_update(tf.constant([1.]),
                                                                       [[0]], [2.]))
    out["after"] = _val(v)
    w = tf.Variable([[1., 2.], [3., 4.]])
    out["batch"] = _try(lambda: v1.batch_scatter_update(w, [[1], [0]], [[9.], [8.]]))
    out["batch_flat"] = _try(lambda: v1.batch_scatter_update(w, [1, 0], [9., 8.]))
    out["batch_out_of_range"] = _try(lambda: v1.batch_scatter_update(w, [[5], [0]],
                                                                     [[9.], [8.]]))
    out["batch_after"] = _val(w)
    c = tf.Variable(3)
    out["count"] = [_try(lambda: v1.count_up_to(c, 4)), _val(c),
                    _try(lambda: v1.count_up_to(c, 4)), _val(c)]
    out["count_int64"] = _try(lambda: v1.count_up_to(tf.Variable(np.int64(1)), 4))
    out["count_float"] = _try(lambda: v1.count_up_to(tf.Variable(1.), 4))
    out["count_constant"] = _missing_attribute(lambda: v1.count_up_to(tf.constant(1), 4))
    return out


def conversions(tf) -> dict:
    v1 = tf.compat.v1
    ix = tf.IndexedSlices(tf.constant([1.]), tf.constant([0]), tf.constant([2]))
    sp = tf.sparse.SparseTensor([[0]], [1.], [2])
    return {
        "list": _try(lambda: v1.convert_to_tensor_or_indexed_slices([1, 2])),
        "dtype": _try(lambda: v1.convert_to_tensor_or_indexed_slices([1, 2], dtype=tf.float32,
                                                                     name="x")),
        "slices_kept": v1.convert_to_tensor_or_indexed_slices(ix) is ix,
        "slices_same_dtype": v1.convert_to_tensor_or_indexed_slices(ix, tf.float32) is ix,
        "slices_other_dtype": _call(lambda: v1.convert_to_tensor_or_indexed_slices(
            ix, dtype=tf.int32), short=True),
        "sparse_kept": v1.convert_to_tensor_or_indexed_slices(sp) is sp,
        "variable": _try(lambda: v1.convert_to_tensor_or_indexed_slices(tf.Variable(1.))),
        "none": _try(lambda: v1.convert_to_tensor_or_indexed_slices(None)),
        "string_of_ints": _try(lambda: v1.convert_to_tensor_or_indexed_slices(
            [1], dtype=tf.string)),
        "linalg_transpose": _try(lambda: v1.linalg.transpose(
            tf.constant([[1., 2., 3.], [4., 5., 6.]]))),
        "extract_image_patches": _try(lambda: v1.image.extract_image_patches(
            tf.reshape(tf.range(16.), [1, 4, 4, 1]), ksizes=[1, 2, 2, 1],
            strides=[1, 2, 2, 1], rates=[1, 1, 1, 1], padding="VALID")),
        "my_fact": _try(lambda: v1.user_ops.my_fact()),
        "quantize_v2": [_try(lambda: x) for x in v1.quantize_v2([1., 2.], 0., 2., tf.quint8)],
        "quantize_v2_range": [_try(lambda: x) for x in v1.quantize_v2(
            [1., 2.], 0., 2., tf.quint8, "MIN_FIRST", "q", ensure_minimum_range=0.1)],
        "saver_def": [v1.train.SaverDef.DESCRIPTOR.name,
                      v1.train.SaverDef(filename_tensor_name="f").SerializeToString().hex()],
        "loss_reduction": str(v1.distribute.get_loss_reduction()),
    }


def _text(s) -> str:
    return s.decode() if isinstance(s, bytes) else s


def _enter(cm) -> object:
    with cm as x:
        return x


def graph_contexts(tf) -> dict:
    v1 = tf.compat.v1
    out = {"eager": {
        "colocate_with": _enter(v1.colocate_with(tf.constant(1.))),
        "container": _enter(v1.container("abc")),
        "op_scope": _enter(v1.op_scope([1], "foo")),
        "op_scope_default": _enter(v1.op_scope([1], None, "dflt")),
        "op_scope_none": _enter(v1.op_scope([1], None)),
        "check_numerics": _try(lambda: v1.add_check_numerics_ops()),
    }}
    with tf.Graph().as_default() as g:
        a = v1.placeholder(tf.float32, [2], name="a")
        with v1.colocate_with(a):
            b = tf.identity(a, name="b")
        with v1.container("ctr") as name:
            out["container"] = name
        with v1.op_scope([a], "foo") as s1:
            out["identity"] = tf.identity(b).name
        with v1.op_scope([a], None, "dflt") as s2:
            pass
        with v1.op_scope([a], "foo") as s3:
            pass
        out["op_scopes"] = [s1, s2, s3]
        try:
            _enter(v1.op_scope([a], None))
        except Exception as e:  # noqa: BLE001
            out["op_scope_none"] = _err(e)
        d = tf.math.log(a, name="d")
        e = d * 2
        i = tf.constant([1, 2], name="i")
        h = tf.cast(i, tf.float16, name="h")
        op = v1.add_check_numerics_ops()
        out["group"] = [op.name, op.type, [x.name for x in op.control_inputs]]
        out["checks"] = [[o.name, [t.name for t in o.inputs],
                          [x.name for x in o.control_inputs], _text(o.get_attr("message"))]
                         for o in g.get_operations() if o.type == "CheckNumerics"]
        with v1.Session() as sess:
            out["finite"] = _val(sess.run([e, op], {a: [1., 2.]})[0])
            try:
                sess.run([e, op], {a: [-1., 2.]})
            except Exception as err:  # noqa: BLE001
                out["nan"] = [type(err).__name__, err.message.split("\n")[0]]
        del h
    with tf.Graph().as_default():
        op = v1.add_check_numerics_ops()
        out["empty"] = [op.name, op.type, [x.name for x in op.control_inputs]]
    return out


def tf1_namespaces(tf) -> dict:
    v1 = tf.compat.v1
    E = v1.errors
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        unknown = [[type(u).__name__, u.message, u.error_code] for u in (
            E.error_code_from_exception_type(c) for c in (E.OpError, ValueError, 5))]
    out = {
        "code": E.error_code_from_exception_type(E.NotFoundError),
        "codes": [E.error_code_from_exception_type(E.exception_type_from_error_code(c))
                  for c in range(1, 17)],
        "classes": [E.exception_type_from_error_code(c).__name__ for c in range(1, 17)],
        "unknown": unknown,
        "warnings": [str(w.message) for w in caught],
        "bad_code": [_try(lambda: E.exception_type_from_error_code(c)) for c in (0, 99)],
        "status": type(_enter(E.raise_exception_on_not_ok_status())).__name__ != "NoneType",
        "removed": {name: hasattr(v1, name) for name in (
            "autodiff", "eig", "eigvals", "get_current_name_scope", "inside_function",
            "optimizers")},
        "image_removed": hasattr(v1.image, "resize_with_pad"),
    }
    out["stateless_multinomial"] = _try(lambda: v1.random.stateless_multinomial(
        [[0., 1., 2.]], 5, seed=[1, 2]))
    out["stateless_multinomial_int32"] = _try(lambda: v1.random.stateless_multinomial(
        [[0., 1., 2.]], 5, seed=[1, 2], output_dtype=tf.int32))
    out["stateless_multinomial_float"] = _try(lambda: v1.random.stateless_multinomial(
        [[0., 1., 2.]], 5, seed=[1, 2], output_dtype=tf.float32))
    return out


def _rtv(r) -> object:
    if isinstance(r, np.ndarray):
        return {"array": r.tolist(), "dtype": str(r.dtype)}
    return {"repr": repr(r), "str": str(r), "list": r.to_list(), "dtype": str(r.dtype),
            "shape": list(r.shape), "ragged_rank": r.ragged_rank,
            "splits": [s.tolist() for s in r.nested_row_splits],
            "splits_dtype": str(r.row_splits.dtype), "flat": r.flat_values.tolist()}


def _try_rtv(fn) -> object:
    try:
        return _rtv(fn())
    except Exception as e:  # noqa: BLE001
        return _err(e)


def ragged_values(tf) -> dict:
    R = tf.compat.v1.ragged
    out = {
        "ints": _try_rtv(lambda: R.constant_value([[1, 2], [3]])),
        "flat": _try_rtv(lambda: R.constant_value([1, 2])),
        "floats": _try_rtv(lambda: R.constant_value([[[1., 2.]], []], ragged_rank=1)),
        "nested": _try_rtv(lambda: R.constant_value([[[1], [2, 3]], [[4]]])),
        "int32_splits": _try_rtv(lambda: R.constant_value([[1, 2], [3]],
                                                          row_splits_dtype="int32")),
        "with_dtype": _try_rtv(lambda: R.constant_value([[1, 2], [3]], dtype=tf.float32)),
        "depths": _try_rtv(lambda: R.constant_value([[1, 2], [3, [4]]])),
        "from_arrays": _try_rtv(lambda: R.RaggedTensorValue(np.array([1, 2, 3]),
                                                      np.array([0, 2, 3]))),
        "value_lists": _try_rtv(lambda: R.RaggedTensorValue([1, 2, 3], [0, 2, 3])),
        "value_float_splits": _try_rtv(lambda: R.RaggedTensorValue(np.array([1, 2, 3]),
                                                                   np.array([0, 2, 3.]))),
        "value_list_values": _try_rtv(lambda: R.RaggedTensorValue([1, 2, 3],
                                                                  np.array([0, 2, 3]))),
        "eager_placeholder": _try(lambda: R.placeholder(tf.float32, 1)),
    }
    with tf.Graph().as_default():
        p = R.placeholder(tf.float32, 2, [3], name="rp")
        out["placeholder"] = [p.flat_values.name, p.flat_values.shape.as_list(),
                              [s.name for s in p.nested_row_splits], str(p.row_splits.dtype),
                              p.ragged_rank]
        q = R.placeholder(tf.int32, 1)
        out["placeholder_default"] = [q.flat_values.name, [s.name for s in q.nested_row_splits]]
    return out


def pairwise_loss(tf) -> dict:
    L = tf.compat.v1.losses
    labels = [[1., 2., 4.], [0., 1., 1.]]
    preds = [[1.5, 2., 3.], [0., 0., 2.]]
    out = {
        "plain": _try(lambda: L.mean_pairwise_squared_error(labels, preds)),
        "row_weights": _try(lambda: L.mean_pairwise_squared_error(labels, preds,
                                                                  weights=[[2.], [0.5]])),
        "zero": _try(lambda: L.mean_pairwise_squared_error(labels, preds, weights=0.)),
        "rank1": _try(lambda: L.mean_pairwise_squared_error([1., 2., 4.], [1.5, 2., 3.])),
        "rank3": _try(lambda: L.mean_pairwise_squared_error([[[1., 2.], [4., 5]]],
                                                            [[[1.5, 2.], [3., 1]]])),
        "ints": _try(lambda: L.mean_pairwise_squared_error([[1, 2]], [[1., 3.]])),
        "none": _call(lambda: L.mean_pairwise_squared_error(None, [1.])),
        "shapes": _call(lambda: L.mean_pairwise_squared_error([[1., 2.]], [[1., 2., 3.]])),
        "weights_rank1": _call(lambda: L.mean_pairwise_squared_error(labels, preds,
                                                                     weights=[2., 0.5]),
                               short=True),
        "weights_dim": _call(lambda: L.mean_pairwise_squared_error(
            [[1., 2.]], [[1., 2.]], weights=[[1., 2., 3]]), short=True),
    }
    with tf.Graph().as_default():
        v1 = tf.compat.v1
        a = L.mean_pairwise_squared_error(labels, preds)
        b = L.mean_pairwise_squared_error(labels, preds, weights=[[2.], [0.5]], scope="s")
        out["graph_names"] = [a.name, b.name, [x.name for x in L.get_losses()]]
        with v1.Session() as sess:
            out["graph"] = [_val(x) for x in sess.run([a, b])]
    return out


def decays(tf) -> dict:
    decay = tf.compat.v1.train.noisy_linear_cosine_decay
    noisy = decay(0.1, 5, 10)()
    return {
        "quiet": _try(lambda: decay(0.1, 5, 10, initial_variance=0.)()),
        "quiet_end": _try(lambda: decay(0.1, 15, 10, initial_variance=0.)()),
        "quiet_periods": _try(lambda: decay(0.1, 5, 10, initial_variance=0., num_periods=2,
                                            alpha=0.1, beta=0.2)()),
        "quiet_double": _try(lambda: decay(tf.constant(0.1, tf.float64), 3, 10,
                                           initial_variance=0.)()),
        "noisy": [str(noisy.dtype.name), noisy.shape.as_list()],
        "no_step": _try(lambda: decay(0.1, None, 10)()),
    }


def _write(path: str, words: list) -> str:
    with open(path, "w") as f:
        f.write("\n".join(words) + "\n")
    return path


def checkpoints(tf) -> dict:
    """A name-based checkpoint written by a TF 1 Saver, read by NewCheckpointReader and
    warm-started into a model with a new vocabulary."""
    import tempfile
    v1 = tf.compat.v1
    work = tempfile.mkdtemp()
    out: dict = {}
    with tf.Graph().as_default():
        emb = v1.get_variable("emb", initializer=np.arange(6., dtype=np.float32).reshape(3, 2))
        out_w = v1.get_variable("out", initializer=np.arange(6., dtype=np.float32).reshape(2, 3))
        bias = v1.get_variable("bias", initializer=np.array([5., 6.], np.float32))
        step = v1.get_variable("step", initializer=np.int64(7), trainable=False)
        saver = v1.train.Saver()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            prefix = saver.save(sess, f"{work}/model")
        del emb, out_w, bias, step
    reader = v1.train.NewCheckpointReader(prefix)
    out["shapes"] = {k: v for k, v in sorted(reader.get_variable_to_shape_map().items())}
    out["emb"] = _val(reader.get_tensor("emb"))
    missing = _try(lambda: v1.train.NewCheckpointReader(f"{work}/nothing"))
    out["missing"] = [missing[0], missing[1].replace(work, "WORK")]
    old = _write(f"{work}/old.txt", ["a", "b", "c"])
    new = _write(f"{work}/new.txt", ["c", "x", "a", "b"])
    info = v1.train.VocabInfo(new, 3, 1, old,
                              backup_initializer=v1.ones_initializer())
    out["vocab_info"] = [repr(v1.train.VocabInfo(new, 3, 1, old)).replace(work, "WORK"),
                         list(info._fields)]
    out["bad_axis"] = _try(lambda: v1.train.VocabInfo(new, 3, 1, old, axis=2))
    with tf.Graph().as_default():
        emb = v1.get_variable("emb", [4, 2])
        out_w = v1.get_variable("output", [2, 4])
        bias = v1.get_variable("bias", [2])
        step = v1.get_variable("step", initializer=np.int64(0), trainable=False)
        v1.train.warm_start(
            prefix, var_name_to_vocab_info={
                "emb": info,
                "output": v1.train.VocabInfo(new, 4, 0, old, axis=1)},
            var_name_to_prev_var_name={"output": "out"})
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            out["warm"] = [_val(x) for x in sess.run([emb, out_w, bias, step])]
    with tf.Graph().as_default():
        emb = v1.get_variable("emb", [3, 2])
        step = v1.get_variable("step", initializer=np.int64(0), trainable=False)
        v1.train.warm_start(prefix, vars_to_warm_start=["emb", "step"])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            out["by_names"] = [_val(x) for x in sess.run([emb, step])]
        out["bad_list"] = _call(lambda: v1.train.warm_start(prefix, [emb, "step"]), short=True)
        out["bad_type"] = _try(lambda: v1.train.warm_start(prefix, 3))
        out["unused_vocab"] = _call(lambda: v1.train.warm_start(
            prefix, "emb", var_name_to_vocab_info={"nope": info}), short=True)
        out["unused_prev"] = _call(lambda: v1.train.warm_start(
            prefix, "emb", var_name_to_prev_var_name={"nope": "emb"}), short=True)
    # an object-based checkpoint: variables found by the names its object graph records
    objects = tf.train.Checkpoint(w=tf.Variable([1., 2.], name="w"),
                                  n=tf.Variable(3, name="count")).save(f"{work}/objects")
    with tf.Graph().as_default():
        w = v1.get_variable("w", [2])
        count = v1.get_variable("count", initializer=0, trainable=False)
        v1.train.warm_start(objects, ["w", "count"])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            out["objects"] = [_val(x) for x in sess.run([w, count])]
        v1.get_variable("other", [1])
        missing = _call(lambda: v1.train.warm_start(objects), short=True)
        out["objects_missing"] = missing
    return out


def loss_scaling(tf) -> dict:
    v1 = tf.compat.v1
    mp = v1.mixed_precision
    out: dict = {}
    fixed = mp.FixedLossScale(128.)
    out["fixed"] = [repr(fixed), _val(fixed()), fixed.update([tf.constant(1.)])[1],
                    fixed.get_config(), repr(mp.FixedLossScale.from_config({
                        "loss_scale_value": 4}))]
    dynamic = mp.DynamicLossScale(4., 2, 2.)
    steps = []
    for g in (np.inf, 1., 1., 1., np.nan):
        _, finite = dynamic.update([tf.constant(g), None])
        steps.append([bool(finite), _val(dynamic())])
    out["dynamic"] = [steps, repr(dynamic), dynamic.get_config(), dynamic.initial_loss_scale,
                      dynamic.increment_period, dynamic.multiplier]
    out["floor"] = [_val(mp.DynamicLossScale(1.)()), _val(
        (lambda d: (d.update([tf.constant(np.inf)]), d())[1])(mp.DynamicLossScale(1.)))]
    out["errors"] = [_try(lambda: mp.LossScale()), _try(lambda: mp.FixedLossScale(-1.)),
                     _try(lambda: mp.FixedLossScale("x")),
                     _try(lambda: mp.FixedLossScale(tf.constant(2.)))]
    opt = v1.train.GradientDescentOptimizer(0.1)
    out["optimizer_errors"] = [
        _try(lambda: mp.MixedPrecisionLossScaleOptimizer(opt, None)),
        _try(lambda: mp.MixedPrecisionLossScaleOptimizer(opt, "foo")),
        _try(lambda: mp.MixedPrecisionLossScaleOptimizer("x", "dynamic"))]
    v = tf.Variable(2.)
    m = mp.MixedPrecisionLossScaleOptimizer(opt, 128.)
    grads = m.compute_gradients(lambda: v * v, [v])
    out["fixed_step"] = [_val(grads[0][0]), _val(m._loss_scale()), m.get_name()]
    m.minimize(lambda: v * v, var_list=[v])
    out["fixed_after"] = _val(v)
    w = tf.Variable(2.)
    d = mp.MixedPrecisionLossScaleOptimizer(v1.train.GradientDescentOptimizer(0.1),
                                            mp.DynamicLossScale(8., 1, 2.))
    d.minimize(lambda: w * w, var_list=[w])
    after_finite = [_val(w), _val(d._loss_scale())]
    d.apply_gradients([(tf.constant(np.inf), w)])
    out["dynamic_steps"] = [after_finite, _val(w), _val(d._loss_scale())]
    with tf.Graph().as_default():
        x = v1.get_variable("x", initializer=3.)
        g = mp.MixedPrecisionLossScaleOptimizer(v1.train.GradientDescentOptimizer(0.5),
                                                "dynamic")
        train = g.minimize(x * x)
        out["graph_variables"] = sorted(v.name for v in v1.global_variables())
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            sess.run(train)
            out["graph_step"] = [_val(sess.run(x)), _val(sess.run(g._loss_scale()))]
    before = tf.config.optimizer.get_experimental_options()
    wrapped = mp.enable_mixed_precision_graph_rewrite(opt)
    enabled = tf.config.optimizer.get_experimental_options()
    out["rewrite"] = [
        before.get("auto_mixed_precision"), type(wrapped).__name__, wrapped.get_name(),
        repr(wrapped._loss_scale), enabled.get("auto_mixed_precision"),
        _try(lambda: mp.enable_mixed_precision_graph_rewrite(wrapped)),
        _try(lambda: mp.enable_mixed_precision_graph_rewrite("x")),
        mp.disable_mixed_precision_graph_rewrite(),
        tf.config.optimizer.get_experimental_options().get("auto_mixed_precision"),
        v1.train.experimental.FixedLossScale is mp.FixedLossScale,
        v1.train.experimental.enable_mixed_precision_graph_rewrite
        is mp.enable_mixed_precision_graph_rewrite,
        mp.experimental.DynamicLossScale is mp.DynamicLossScale]
    return out


def _template_error(fn) -> object:
    """A template's error: its message, then where the template was made (the trace)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        head, _, trace = str(e).partition("\n\noriginally defined at:\n")
        return [type(e).__name__, head, "make_template" in trace or "templates" in trace]
    return "no error"


def templates(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}

    def lin(x, scale=1.):
        w = v1.get_variable("w", [1], initializer=v1.ones_initializer())
        return x * w * scale

    with tf.Graph().as_default():
        parts = v1.create_partitioned_variables([4, 2], [2, 1], v1.ones_initializer())
        named = v1.create_partitioned_variables([4, 2], [2, 1], v1.zeros_initializer(),
                                                name="pv")
        out["partitioned"] = [[[v.name, v.shape.as_list()] for v in parts],
                              [v.name for v in named],
                              _try(lambda: v1.create_partitioned_variables(
                                  [4, 2], [2, 1], v1.ones_initializer(), name="pv")),
                              [v.name for v in v1.create_partitioned_variables(
                                  [4, 2], [2, 1], v1.ones_initializer(), name="pv",
                                  reuse=True)],
                              _try(lambda: v1.create_partitioned_variables(
                                  [4, 2], [2], v1.ones_initializer())),
                              _try(lambda: v1.create_partitioned_variables(
                                  [], [], v1.ones_initializer())),
                              [[v.name, v.shape.as_list()] for v in
                               v1.create_partitioned_variables([4, 2], [3, 1],
                                                               v1.zeros_initializer())]]
        t = v1.make_template("lin", lin, scale=2.)
        a = t(tf.constant([3.]))
        b = t(tf.constant([4.]))
        t2 = v1.make_template("lin", lin)
        c = t2(tf.constant([1.]))
        t3 = v1.make_template("early", lin, create_scope_now_=True)
        early = [t3.variable_scope_name, [v.name for v in t3.variables]]
        d = t3(tf.constant([1.]))
        t4 = v1.make_template("bad", lambda x: x * tf.Variable(1., name="v"))
        t4(1.)
        t5 = v1.make_template("u", lin, unique_name_="uu")
        t5(1.)
        out["graph"] = {
            "names": [t.name, t.variable_scope_name, [v.name for v in t.variables],
                      [v.name for v in t.trainable_variables], [v.name for v in t2.variables],
                      a.name, b.name, c.name, d.name, [v.name for v in t3.variables],
                      [v.name for v in t5.variables]],
            "early": early,
            "second_variable": _template_error(lambda: t4(2.)),
            "no_name": _try(lambda: v1.make_template(None, lin)),
            "globals": sorted(v.name for v in v1.global_variables())}
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            out["graph"]["values"] = [_val(x) for x in sess.run([a, b, c, d])]
    out["eager_unique"] = _try(lambda: v1.make_template("e", lin, unique_name_="x"))
    te = v1.make_template("lin", lin)
    r1 = te(tf.constant([3.]))
    r2 = te(tf.constant([3.]))
    te2 = v1.make_template("lin", lin)
    te2(1.)
    out["eager"] = [_val(r1), _val(r2), [v.name for v in te.variables], te.variable_scope_name,
                    [v.name for v in te2.variables]]
    return out


def graph_functions(tf) -> dict:
    """The TF 1 functions in a Graph run by a Session: their nodes and results."""
    v1 = tf.compat.v1
    out = {}
    with tf.Graph().as_default():
        a = v1.placeholder(tf.float32, [None, 2], name="a")
        m = v1.sparse_matmul(a, [[1., 2.], [3., 4.]], b_is_sparse=True)
        f = v1.user_ops.my_fact()
        ids = v1.sparse_placeholder(tf.int64, [None, None], name="ids")
        vals = v1.sparse_placeholder(tf.float32, [None, None], name="vals")
        merged = v1.sparse_merge(ids, vals, 5)
        # (sparse_merge's nodes are tf.sparse.reorder's, which other work rewrites)
        out["nodes"] = [[m.name, m.op.type], [f.name, f.op.type]]
        feed = {a: [[1., 0.], [0., 1.]],
                ids: v1.SparseTensorValue([[0, 0], [0, 1], [1, 0]], [4, 2, 0], [2, 2]),
                vals: v1.SparseTensorValue([[0, 0], [0, 1], [1, 0]], [1., 2., 3.], [2, 2])}
        with v1.Session() as sess:
            got = sess.run([m, f, merged], feed)
        out["values"] = [_val(got[0]), _val(got[1]), _val(got[2].indices),
                         _val(got[2].values), _val(got[2].dense_shape)]
    return out


def graph_scatter(tf) -> dict:
    """The scatter updates of a variable in a Graph run by a Session."""
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        w = v1.Variable([[0., 0.], [0., 0.]], name="w")
        ops = [v1.scatter_nd_add(w, [[0, 1]], [5.]), v1.scatter_nd_sub(w, [[1, 0]], [2.]),
               v1.scatter_nd_update(w, [[1]], [[3., 4.]], name="upd"),
               v1.batch_scatter_update(w, [[1], [0]], [[9.], [8.]])]
        with tf.name_scope("outer"):
            scoped = v1.batch_scatter_update(w, [[0], [0]], [[1.], [2.]])
        names = [getattr(x, "name", None) for x in ops + [scoped]]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            values = [_val(sess.run(x)) for x in ops]
    return {"names": names, "values": values}


def state_saving_rnn(tf) -> dict:
    """static_state_saving_rnn over two plain cells (one with a pair of states) and a state
    saver that hands out constants: names, the saves the last results wait for, values."""
    v1 = tf.compat.v1

    class Cell:
        state_size = 2
        output_size = 2

        def zero_state(self, batch, dtype):
            return tf.zeros([batch, 2], dtype)

        def __call__(self, x, state, scope=None):
            new = tf.tanh(x + state)
            return new * 2., new

    class PairCell:
        state_size = (2, 2)
        output_size = 2

        def zero_state(self, batch, dtype):
            return (tf.zeros([batch, 2], dtype),) * 2

        def __call__(self, x, state, scope=None):
            a, b = state
            return a + b + x, (a + x, b * 0.5)

    class Saver:
        def state(self, name):
            return tf.constant([[0.5, -0.5]] * 2, name=f"init_{name}")

        def save_state(self, name, value):
            return tf.identity(value, name=f"save_{name}")

    out = {}
    with tf.Graph().as_default():
        xs = [tf.constant(np.full((2, 2), i, np.float32)) for i in range(3)]
        outs, st = v1.nn.static_state_saving_rnn(Cell(), xs, Saver(), "h")
        pair_outs, pair_st = v1.nn.static_state_saving_rnn(PairCell(), xs, Saver(), ("a", "b"))
        out["names"] = [[o.name for o in outs], st.name,
                        [c.name for c in outs[-1].op.control_inputs],
                        [c.name for c in st.op.control_inputs],
                        [o.name for o in pair_outs], [s.name for s in pair_st],
                        sorted(c.name for c in pair_st[0].op.control_inputs)]
        out["errors"] = [_try(lambda: v1.nn.static_state_saving_rnn(PairCell(), xs, Saver(),
                                                                    "a")),
                         _try(lambda: v1.nn.static_state_saving_rnn(PairCell(), xs, Saver(),
                                                                    ("a",)))]
        with v1.Session() as sess:
            got = sess.run([outs, st, pair_outs, pair_st])
        out["values"] = [[_val(x) for x in got[0]], _val(got[1]), [_val(x) for x in got[2]],
                         [_val(x) for x in got[3]]]
    return out


PROGRAMS.update({f.__name__: f for f in (graph_functions, graph_scatter, state_saving_rnn,
    sparse_matmul, sparse_merge, scatter_updates, conversions, graph_contexts, tf1_namespaces,
    ragged_values, pairwise_loss, decays, checkpoints, loss_scaling, templates)})


def notices(tf) -> list:
    """The "tensorflow" logger's lines of each TF 1 function's first call (deprecation
    notices, op_scope's and disable_mixed_precision_graph_rewrite's warnings): run in a
    fresh process (notice_lines), as TF gives each notice once per process."""
    v1 = tf.compat.v1
    ids = tf.sparse.SparseTensor([[0, 0]], tf.constant([1], tf.int64), [1, 1])
    with _Logs() as logs:
        v1.sparse_matmul([[1.]], [[1.]])
        v1.sparse_merge(ids, ids, 2)
        v1.batch_scatter_update(tf.Variable([[1.]]), [[0]], [[2.]])
        v1.count_up_to(tf.Variable(0), 3)
        v1.random.stateless_multinomial([[0., 1.]], 1, seed=[1, 2])
        v1.quantize_v2([1.], 0., 1., tf.quint8)
        with tf.Graph().as_default():
            a = v1.placeholder(tf.float32)
            with v1.colocate_with(a), v1.op_scope([a], "s"):
                pass
            v1.create_partitioned_variables([2], [2], v1.zeros_initializer())
        v1.mixed_precision.FixedLossScale(2.)
        v1.mixed_precision.DynamicLossScale()
        v1.mixed_precision.disable_mixed_precision_graph_rewrite()
    return logs.lines


NOTICE_SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
import {module} as tf
from tests.v1.v1_api_programs import notices
print("NOTICES" + json.dumps(notices(tf)))
"""


def notice_lines(python: str, module: str, root: str) -> list:
    import subprocess
    run = subprocess.run([python, "-c", NOTICE_SCRIPT.format(module=module, root=root)],
                         cwd=root, capture_output=True, text=True, check=True, timeout=300)
    line = [x for x in run.stdout.splitlines() if x.startswith("NOTICES")][-1]
    import json
    return json.loads(line[len("NOTICES"):])
