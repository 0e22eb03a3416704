"""Cases of tf.feature_column, written against a `tf` module handed in: the recorder
(record_fc_golden.py) runs them with TF 2.21, test_feature_column.py with eagerflow, and
compares what each returns (fc_golden.json). Each case is `case_<name>(tf, tmp)` returning
JSON data built with `out(tf, value)`: tensors as dtype/shape/values, SparseTensors as
indices/values/shape, errors as [class, message], reprs with addresses and the temporary
directory taken out. No case depends on random values: embedding columns get `ramp`."""

import re

import numpy as np

_ADDR = re.compile(r"<([\w.]*\.)?(\w+) object at 0x[0-9a-f]+>")
_FUNC = re.compile(r"<function ([\w.<>]+) at 0x[0-9a-f]+>")
_CLASS = re.compile(r"<class '[\w.]*\.(\w+)'>")  # the module path is the framework's


def norm(text, tmp=""):
    text = _FUNC.sub(r"<function \1>", _ADDR.sub(r"<\2 object>", str(text)))
    text = _CLASS.sub(r"<class '\1'>", text)
    return text.replace(str(tmp), "TMP") if tmp else text


def out(tf, v, tmp=""):
    """JSON data of a result (tensors, SparseTensors, tuples, dicts, names)."""
    if isinstance(v, tf.sparse.SparseTensor):
        return {"sparse": [out(tf, v.indices), out(tf, v.values), out(tf, v.dense_shape)]}
    if isinstance(v, (tf.Tensor, tf.Variable)):
        a = v.numpy()
        vals = [x.decode() if isinstance(x, bytes) else x for x in a.reshape(-1).tolist()]
        return {"dtype": v.dtype.name, "shape": list(a.shape), "values": vals}
    if isinstance(v, dict):
        return {str(k): out(tf, x, tmp) for k, x in sorted(v.items(), key=lambda i: str(i[0]))}
    if isinstance(v, (list, tuple)):
        return [out(tf, x, tmp) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return norm(repr(v), tmp)


def err(fn, tmp=""):
    """[class name, message] of what fn raises, or its result."""
    try:
        return ["OK", fn()]
    except Exception as e:  # noqa: BLE001 - the error is the result
        msg = str(e)
        if "in user code:" in msg:  # TF's tf.function traceback: its last line is the error
            msg = re.sub(r"^\w+: ", "", msg.strip().splitlines()[-1].strip())
        return [type(e).__name__, norm(msg, tmp)]


def ramp(shape, dtype=None, partition_info=None):
    """A deterministic initializer: 0.1 * (0, 1, 2, ...) - 0.3 in row-major order."""
    import numpy as np  # (the same under both frameworks: a NumPy array)
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.float32).reshape(shape) * 0.1 - 0.3).astype(np.float32)


def _module_holder(tf):
    """A 'layer' for tf.__internal__.feature_column.StateManager: a tf.Module with Keras 2's
    add_weight (Keras 3's refuses `use_resource`, in TF as here)."""
    class M(tf.Module):
        def add_weight(self, name, shape, dtype, initializer, trainable, use_resource, getter):
            return tf.Variable(initializer(shape, dtype), name=name, trainable=trainable)
    return M()


def _state(tf, trainable=True):
    return tf.__internal__.feature_column.StateManager(_module_holder(tf), trainable)


def _dense(tf, column, features, tmp=""):
    sm = _state(tf)
    column.create_state(sm)
    cache = tf.__internal__.feature_column.FeatureTransformationCache(features)
    return out(tf, column.get_dense_tensor(cache, sm), tmp)


def _sparse(tf, column, features):
    sm = _state(tf)
    column.create_state(sm)
    cache = tf.__internal__.feature_column.FeatureTransformationCache(features)
    return out(tf, column.get_sparse_tensors(cache, sm))


def _seq(tf, column, features):
    sm = _state(tf)
    column.create_state(sm)
    cache = tf.__internal__.feature_column.FeatureTransformationCache(features)
    return out(tf, column.get_sequence_dense_tensor(cache, sm))


def _vocab_file(tmp, name="vocab.txt", words=("apple", "banana", "cherry", "date")):
    path = f"{tmp}/{name}"
    with open(path, "w") as f:
        f.write("\n".join(words) + "\n")
    return path


def _columns(tf, tmp):
    fc = tf.feature_column
    vocab = _vocab_file(tmp)
    num = fc.numeric_column("n")
    cat = fc.categorical_column_with_vocabulary_list("c", ["x", "y", "z"])
    ids = fc.categorical_column_with_identity("i", 5)
    return {
        "numeric": num,
        "numeric_shaped": fc.numeric_column("m", shape=(2, 3), default_value=1.5,
                                            dtype=tf.float64),
        "numeric_int_default": fc.numeric_column("k", shape=2, default_value=[1, 2],
                                                 dtype=tf.int64),
        "numeric_nested_default": fc.numeric_column("d", shape=(2, 2),
                                                    default_value=[[1., 2.], [3, 4]]),
        "bucketized": fc.bucketized_column(num, [0.0, 1.0, 10.0]),
        "bucketized_2d": fc.bucketized_column(fc.numeric_column("p", shape=(2,)), [0, 5]),
        "hash": fc.categorical_column_with_hash_bucket("h", 10),
        "hash_int": fc.categorical_column_with_hash_bucket("hi", 7, dtype=tf.int64),
        "identity": ids,
        "identity_default": fc.categorical_column_with_identity("j", 4, default_value=0),
        "vocab_list": cat,
        "vocab_list_oov": fc.categorical_column_with_vocabulary_list(
            "o", ["x", "y"], num_oov_buckets=3),
        "vocab_list_int": fc.categorical_column_with_vocabulary_list(
            "vi", [10, 20, 30], dtype=tf.int64, default_value=1),
        "vocab_file": fc.categorical_column_with_vocabulary_file("f", vocab),
        "vocab_file_oov": fc.categorical_column_with_vocabulary_file(
            "g", vocab, vocabulary_size=3, num_oov_buckets=2),
        "weighted": fc.weighted_categorical_column(ids, "w"),
        "crossed": fc.crossed_column(["s", cat], 20),
        "crossed_nested": fc.crossed_column([fc.crossed_column(["s", "t"], 5), ids], 50,
                                            hash_key=7),
        "embedding": fc.embedding_column(cat, 2, initializer=ramp),
        "embedding_sqrtn": fc.embedding_column(fc.weighted_categorical_column(ids, "w"), 3,
                                               combiner="sqrtn", initializer=ramp),
        "embedding_sum_maxnorm": fc.embedding_column(ids, 2, combiner="sum", max_norm=0.5,
                                                     initializer=ramp),
        "embedding_unsafe": fc.embedding_column(ids, 2, initializer=ramp,
                                                use_safe_embedding_lookup=False),
        "embedding_frozen": fc.embedding_column(cat, 2, initializer=ramp, trainable=False),
        "indicator": fc.indicator_column(cat),
        "indicator_weighted": fc.indicator_column(fc.weighted_categorical_column(ids, "w")),
        "indicator_oov": fc.indicator_column(fc.categorical_column_with_vocabulary_list(
            "o", ["x", "y"], num_oov_buckets=3)),
        "seq_numeric": fc.sequence_numeric_column("sn", shape=(2,), default_value=-1.0),
        "seq_identity": fc.sequence_categorical_column_with_identity("si", 4),
        "seq_hash": fc.sequence_categorical_column_with_hash_bucket("sh", 6),
        "seq_vocab_list": fc.sequence_categorical_column_with_vocabulary_list(
            "sv", ["a", "b"], num_oov_buckets=1),
        "seq_vocab_file": fc.sequence_categorical_column_with_vocabulary_file("sf", vocab),
        "seq_embedding": fc.embedding_column(
            fc.sequence_categorical_column_with_identity("si", 4), 2, initializer=ramp),
        "seq_indicator": fc.indicator_column(
            fc.sequence_categorical_column_with_identity("si", 4)),
    }


def case_column_facts(tf, tmp):
    """Each column's repr, name, parse spec, shape facts and config round trip."""
    ser = tf.__internal__.feature_column.serialize_feature_column
    de = tf.__internal__.feature_column.deserialize_feature_column
    facts = {}
    for key, col in _columns(tf, tmp).items():
        f = {"repr": norm(repr(col), tmp), "name": col.name,
             "spec": {k: norm(repr(v), tmp) for k, v in
                      sorted(col.parse_example_spec.items())},
             "fields": list(col._asdict()), "v2": col._is_v2_column,
             "parents": norm(repr(col.parents), tmp)}
        for attr in ("variable_shape", "num_buckets"):
            if hasattr(col, attr):
                f[attr] = norm(repr(getattr(col, attr)))
        config = err(lambda col=col: ser(col))
        f["config"] = norm(repr(config), tmp)
        if config[0] == "OK":
            back = err(lambda c=config[1]: de(c, custom_objects={"ramp": ramp}))
            f["round_trip"] = back[0] if back[0] != "OK" else back[1] == col
        facts[key] = f
    return facts


def case_parse_spec(tf, tmp):
    c = _columns(tf, tmp)
    fc = tf.feature_column
    groups = [["numeric", "bucketized", "crossed", "embedding", "weighted"],
              ["seq_numeric", "seq_identity", "indicator_weighted"],
              ["vocab_list", "vocab_file", "numeric_shaped", "numeric_int_default"]]
    res = [norm(repr(sorted(fc.make_parse_example_spec([c[k] for k in g]).items())), tmp)
           for g in groups]
    res.append(err(lambda: fc.make_parse_example_spec(
        [fc.numeric_column("a"), fc.categorical_column_with_hash_bucket("a", 3)])))
    res.append(err(lambda: fc.make_parse_example_spec(["a"])))
    v1 = tf.compat.v1.feature_column.make_parse_example_spec
    res.append(norm(repr(sorted(v1([c["numeric"], c["embedding"]]).items()))))
    res.append(err(lambda: v1([c["seq_numeric"]])))
    res.append(err(lambda: fc.weighted_categorical_column(
        fc.categorical_column_with_identity("w", 3), "w").parse_example_spec))
    return res


def case_constructor_errors(tf, tmp):
    fc = tf.feature_column
    cat = fc.categorical_column_with_vocabulary_list("c", ["x"])
    calls = [
        lambda: fc.numeric_column("a", shape=(0,)),
        lambda: fc.numeric_column("a", shape=(2.0,)),
        lambda: fc.numeric_column("a", dtype=tf.string),
        lambda: fc.numeric_column("a", shape=(2,), default_value=[1.0]),
        lambda: fc.numeric_column("a", default_value=1.5, dtype=tf.int32),
        lambda: fc.numeric_column("a", default_value="x"),
        lambda: fc.numeric_column("a", normalizer_fn=3),
        lambda: fc.numeric_column(3),
        lambda: fc.bucketized_column(cat, [1.0]),
        lambda: fc.bucketized_column(fc.numeric_column("a", shape=(2, 2)), [1.0]),
        lambda: fc.bucketized_column(fc.numeric_column("a"), []),
        lambda: fc.bucketized_column(fc.numeric_column("a"), [2.0, 1.0]),
        lambda: fc.bucketized_column(fc.numeric_column("a"), [1.0, 1.0]),
        lambda: fc.bucketized_column(fc.numeric_column("a"), np.array([1.0, 2.0])),
        lambda: fc.categorical_column_with_hash_bucket("h", 0),
        lambda: fc.categorical_column_with_hash_bucket("h", None),
        lambda: fc.categorical_column_with_hash_bucket("h", 3, dtype=tf.float32),
        lambda: fc.categorical_column_with_identity("i", 0),
        lambda: fc.categorical_column_with_identity("i", 3, default_value=3),
        lambda: fc.categorical_column_with_vocabulary_list("v", []),
        lambda: fc.categorical_column_with_vocabulary_list("v", ["a", "a"]),
        lambda: fc.categorical_column_with_vocabulary_list("v", ["a"], num_oov_buckets=2,
                                                           default_value=0),
        lambda: fc.categorical_column_with_vocabulary_list("v", ["a"], num_oov_buckets=-1),
        lambda: fc.categorical_column_with_vocabulary_list("v", ["a"], dtype=tf.int64),
        lambda: fc.categorical_column_with_vocabulary_list("v", [1.5, 2.5]),
        lambda: fc.categorical_column_with_vocabulary_file("f", ""),
        lambda: fc.categorical_column_with_vocabulary_file("f", f"{tmp}/missing.txt"),
        lambda: fc.categorical_column_with_vocabulary_file("f", "x.txt", vocabulary_size=0),
        lambda: fc.categorical_column_with_vocabulary_file("f", "x.txt", vocabulary_size=2,
                                                           num_oov_buckets=1, default_value=0),
        lambda: fc.weighted_categorical_column(cat, "w", dtype=tf.string),
        lambda: fc.crossed_column(["a"], 10),
        lambda: fc.crossed_column(["a", "b"], 0),
        lambda: fc.crossed_column(["a", fc.numeric_column("n")], 10),
        lambda: fc.crossed_column(["a", fc.categorical_column_with_hash_bucket("h", 3)], 10),
        lambda: fc.embedding_column(cat, 0),
        lambda: fc.embedding_column(cat, 2, ckpt_to_load_from="x"),
        lambda: fc.embedding_column(cat, 2, initializer=3),
        lambda: fc.indicator_column(fc.numeric_column("n")),
        lambda: fc.shared_embeddings([cat], 2),
        lambda: fc.sequence_numeric_column("s", dtype=tf.string),
        lambda: fc.sequence_numeric_column("s", normalizer_fn=1),
    ]
    return [err(lambda f=f: norm(repr(f())), tmp) for f in calls]


def case_dense_outputs(tf, tmp):
    c = _columns(tf, tmp)
    feats = {
        "n": tf.constant([[-1.0], [0.5], [1.0], [20.0]]),
        "m": tf.constant(np.arange(24, dtype=np.float64).reshape(4, 2, 3)),
        "p": tf.constant([[1.0, 7.0], [-3.0, 5.0], [5.0, 0.0], [9.0, 9.0]]),
        "c": tf.constant([["x", "y"], ["q", ""], ["z", "z"], ["", ""]]),
        "i": tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 0]], tf.constant(
            [1, 3, 4, 2], tf.int64), [4, 2]),
        "w": tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 0]], [2.0, 0.5, 1.0, 3.0],
                                    [4, 2]),
        "o": tf.constant([["x"], ["unknown"], ["y"], ["other"]]),
    }
    keys = ["numeric", "numeric_shaped", "bucketized", "bucketized_2d", "embedding",
            "embedding_sqrtn", "embedding_sum_maxnorm", "embedding_unsafe", "embedding_frozen",
            "indicator", "indicator_weighted", "indicator_oov"]
    return {k: err(lambda k=k: _dense(tf, c[k], feats)) for k in keys}


def case_sparse_outputs(tf, tmp):
    c = _columns(tf, tmp)
    feats = {
        "n": tf.constant([-1.0, 0.5, 10.0]),
        "p": tf.constant([[1.0, 7.0], [-3.0, 5.0], [5.0, 0.0]]),
        "h": tf.constant([["cat", "dog"], ["", "mouse"], ["a", ""]]),
        "hi": tf.constant([[5, -1], [123456789, 0], [-7, 2]], tf.int64),
        "i": tf.constant([[1, -1], [4, 0], [7, -5]]),
        "j": tf.constant([[1, 9], [3, -2], [0, 2]]),
        "c": tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 2], [2, 1]], ["z", "x", "nope", "y"],
                                    [3, 3]),
        "o": tf.constant([["x", "zebra"], ["y", "apple"], ["kiwi", ""]]),
        "vi": tf.constant([[10, 30], [40, -1], [20, 0]]),
        "f": tf.constant([["banana", "fig"], ["apple", ""], ["date", "cherry"]]),
        "g": tf.constant([["banana", "date"], ["apple", "fig"], ["", "cherry"]]),
        "w": tf.constant([[0.5, 2.0], [1.0, 0.0], [3.0, 1.0]]),
        "s": tf.constant([["a", "b"], ["c", ""], ["d", "e"]]),
        "t": tf.sparse.SparseTensor([[0, 0], [2, 0], [2, 1]], ["u", "v", "w"], [3, 2]),
    }
    keys = ["bucketized", "bucketized_2d", "hash", "hash_int", "identity", "identity_default",
            "vocab_list", "vocab_list_oov", "vocab_list_int", "vocab_file", "vocab_file_oov",
            "weighted", "crossed", "crossed_nested"]
    return {k: err(lambda k=k: _sparse(tf, c[k], feats)) for k in keys}


def case_sequence_outputs(tf, tmp):
    c = _columns(tf, tmp)
    feats = {
        "sn": tf.sparse.SparseTensor([[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1]],
                                     [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [3, 4]),
        "si": tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 2]], tf.constant(
            [1, 3, 2, 0], tf.int64), [3, 3]),
        "sh": tf.constant([["a", "b", ""], ["c", "", ""], ["", "", ""]]),
        "sv": tf.constant([["a", "b", "q"], ["b", "", ""], ["a", "", ""]]),
        "sf": tf.constant([["date", "", ""], ["apple", "fig", ""], ["", "", ""]]),
    }
    res = {k: err(lambda k=k: _seq(tf, c[k], feats))
           for k in ["seq_numeric", "seq_embedding", "seq_indicator"]}
    for k in ["seq_identity", "seq_hash", "seq_vocab_list", "seq_vocab_file"]:
        res[k] = err(lambda k=k: _sparse(tf, c[k], feats))
    res["dense_of_seq"] = err(lambda: _dense(tf, c["seq_embedding"], feats))
    res["seq_of_dense"] = err(lambda: _seq(tf, c["embedding"], {"c": tf.constant([["x"]])}))
    res["indicator_seq_of_dense"] = err(lambda: _seq(tf, c["indicator"],
                                                     {"c": tf.constant([["x"]])}))
    return res


def case_input_errors(tf, tmp):
    fc = tf.feature_column
    c = _columns(tf, tmp)
    calls = {
        "numeric_sparse": lambda: _dense(tf, c["numeric"], {"n": tf.sparse.SparseTensor(
            [[0, 0]], [1.0], [1, 1])}),
        "missing_key": lambda: _dense(tf, c["numeric"], {"x": tf.constant([1.0])}),
        "rank0": lambda: _dense(tf, c["numeric"], {"n": tf.constant(1.0)}),
        "int_numeric": lambda: _dense(tf, c["numeric"], {"n": tf.constant([3, 4])}),
        "normalizer": lambda: _dense(tf, fc.numeric_column("n", normalizer_fn=lambda x: x * 2.0),
                                     {"n": tf.constant([1.5, 2.0])}),
        "hash_dtype": lambda: _sparse(tf, c["hash"], {"h": tf.constant([[1, 2]])}),
        "identity_strings": lambda: _sparse(tf, c["identity"], {"i": tf.constant([["a"]])}),
        "vocab_dtype": lambda: _sparse(tf, c["vocab_list"], {"c": tf.constant([[1]])}),
        "weights_dtype": lambda: _sparse(tf, c["weighted"], {
            "i": tf.constant([[1]]), "w": tf.constant([[1.0]], tf.float64)}),
        "weights_missing": lambda: _sparse(tf, c["weighted"], {"i": tf.constant([[1]])}),
        "cross_weighted": lambda: _sparse(tf, fc.crossed_column(["s", c["weighted"]], 10), {
            "s": tf.constant([["a"]]), "i": tf.constant([[1]]), "w": tf.constant([[1.0]])}),
        "rank1_strings": lambda: _sparse(tf, c["vocab_list"], {"c": tf.constant(["x", "z"])}),
        "rank1_sparse": lambda: _sparse(tf, c["hash"], {"h": tf.sparse.SparseTensor(
            [[0], [2]], ["a", "b"], [3])}),
        "rank3_identity": lambda: _sparse(tf, c["identity"], {"i": tf.constant(
            [[[1, 2], [3, -1]]])}),
        "cache_bad_key": lambda: tf.__internal__.feature_column.FeatureTransformationCache(
            {}).get(3, None),
        "get_variable_missing": lambda: _state(tf).get_variable(c["numeric"], "x"),
        "get_resource_missing": lambda: _state(tf).get_resource(c["numeric"], "x"),
        "state_manager_no_layer": lambda: tf.__internal__.feature_column.StateManager(
            None, True).create_variable(c["embedding"], "v", (2,), initializer=ramp),
        "created_twice": lambda: [_state_twice(tf, c["embedding"])],
    }
    return {k: err(f, tmp) for k, f in calls.items()}


def _state_twice(tf, column):
    sm = _state(tf)
    column.create_state(sm)
    column.create_state(sm)


def case_input_layer(tf, tmp):
    fc = tf.feature_column
    c = _columns(tf, tmp)
    il = tf.compat.v1.feature_column.input_layer
    feats = {"n": tf.constant([1.0, 2.0]), "c": tf.constant([["x", "y"], ["q", ""]]),
             "i": tf.constant([[1, 3], [0, -1]]), "w": tf.constant([[1.0, 2.0], [3.0, 0.0]]),
             "m": tf.constant(np.ones((2, 2, 3)))}
    made = []

    def creator(next_creator, **kw):
        v = next_creator(**kw)
        made.append([v.name, v.shape.as_list(), v.trainable])
        return v

    res = {}
    with tf.variable_creator_scope(creator):
        to_vars, to_out = {}, {}
        res["concat"] = out(tf, il(feats, [c["embedding"], c["numeric"], c["embedding_sqrtn"],
                                           c["indicator"], c["numeric_shaped"]],
                                   cols_to_vars=to_vars, cols_to_output_tensors=to_out))
        res["cols_to_vars"] = {k.name: v for k, v in to_vars.items()}
        res["cols_to_out"] = {k.name: v.shape.as_list() for k, v in to_out.items()}
        res["frozen"] = out(tf, il(feats, c["embedding"], trainable=False))
        with tf.name_scope("outer"):
            res["in_name_scope"] = out(tf, il(feats, [c["bucketized"]]))
        lm_vars = {}
        res["linear"] = out(tf, tf.compat.v1.feature_column.linear_model(
            feats, [c["vocab_list"], c["numeric"], c["weighted"], c["embedding"]], units=2,
            cols_to_vars=lm_vars))
        res["linear_vars"] = {str(getattr(k, "name", k)): [v.name for v in vs]
                              for k, vs in lm_vars.items()}
    res["made"] = made
    res["errors"] = [
        err(lambda: il(feats, [c["vocab_list"]])),
        err(lambda: il(feats, [])),
        err(lambda: il(feats, {"a": c["numeric"]})),
        err(lambda: il(feats, [c["numeric"], c["numeric"]])),
        err(lambda: il(feats, ["n"])),
        err(lambda: il({"si": tf.constant([[1]])}, [c["seq_embedding"]])),
        err(lambda: il({"sn": tf.constant([[1.0]])}, [c["seq_numeric"]])),
        err(lambda: il({"n": tf.constant([[1.0], [2.0]]), "c": tf.constant([["x"]])},
                       [c["numeric"], c["indicator"]])),
        err(lambda: tf.compat.v1.feature_column.linear_model(feats, [c["seq_numeric"]])),
        err(lambda: tf.compat.v1.feature_column.shared_embedding_columns(
            [fc.categorical_column_with_identity("i", 3)], 2)),
    ]
    return res


def case_train_and_checkpoint(tf, tmp):
    """Columns' variables through a StateManager on a tf.Module: trained with
    GradientTape, saved under TF's names."""
    fc = tf.feature_column
    emb = fc.embedding_column(fc.categorical_column_with_vocabulary_list(
        "c", ["x", "y", "z"]), 2, initializer=ramp)
    cols = [emb, fc.indicator_column(fc.categorical_column_with_hash_bucket("h", 3)),
            fc.numeric_column("n")]
    holder = _module_holder(tf)
    sm = tf.__internal__.feature_column.StateManager(holder, True)
    for col in cols:
        col.create_state(sm)
    w = tf.Variable(np.full((6, 1), 0.5, np.float32), name="w")
    feats = {"c": tf.constant([["x"], ["z"], ["q"]]), "h": tf.constant([["a"], ["b"], ["a"]]),
             "n": tf.constant([[1.0], [2.0], [3.0]])}
    y = tf.constant([[1.0], [0.0], [2.0]])
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            cache = tf.__internal__.feature_column.FeatureTransformationCache(feats)
            x = tf.concat([col.get_dense_tensor(cache, sm) for col in cols], 1)
            loss = tf.reduce_mean((tf.matmul(x, w) - y) ** 2)
        table = sm.get_variable(emb, "embedding_weights")
        g_table, g_w = tape.gradient(loss, [table, w])
        table.assign_sub(0.1 * tf.convert_to_tensor(g_table))
        w.assign_sub(0.1 * g_w)
        losses.append(float(loss))
    path = tf.train.Checkpoint(m=holder).save(f"{tmp}/ckpt/model")
    names = sorted(n for n, _ in tf.train.list_variables(path) if "OBJECT_GRAPH" not in n)
    return {"losses": losses, "table": out(tf, table), "names": names,
            "var_names": [v.name for v in holder.variables] if hasattr(holder, "variables")
            else None, "lookup_tracked": "c_lookup" in holder._resources["c"]}


def case_ckpt_to_load_from(tf, tmp):
    fc = tf.feature_column
    v = tf.Variable(np.arange(8, dtype=np.float32).reshape(4, 2), name="table")
    path = tf.train.Checkpoint(t=v).save(f"{tmp}/src/ck")
    name = "t/.ATTRIBUTES/VARIABLE_VALUE"
    cat = fc.categorical_column_with_identity("i", 4)
    feats = {"i": tf.constant([[3, 1], [0, -1]])}
    col = fc.embedding_column(cat, 2, ckpt_to_load_from=path, tensor_name_in_ckpt=name,
                              initializer=ramp)
    sm = _state(tf)
    col.create_state(sm)
    first = col.get_dense_tensor(
        tf.__internal__.feature_column.FeatureTransformationCache(feats), sm)
    sm.get_variable(col, "embedding_weights").assign(tf.zeros([4, 2]))
    again = col.get_dense_tensor(
        tf.__internal__.feature_column.FeatureTransformationCache(feats), sm)
    bad_name = fc.embedding_column(cat, 2, ckpt_to_load_from=path, tensor_name_in_ckpt="nope")
    bad_shape = fc.embedding_column(fc.categorical_column_with_identity("i", 5), 2,
                                    ckpt_to_load_from=path, tensor_name_in_ckpt=name)
    return {"first": out(tf, first), "again": out(tf, again),
            "bad_name": err(lambda: _dense(tf, bad_name, feats), tmp)[0],
            "bad_shape": err(lambda: _dense(tf, bad_shape, feats), tmp)}


def case_parse_example(tf, tmp):
    fc = tf.feature_column
    cols = [fc.numeric_column("age", default_value=30.0),
            fc.embedding_column(fc.categorical_column_with_vocabulary_list(
                "color", ["red", "blue"]), 2, initializer=ramp),
            fc.indicator_column(fc.categorical_column_with_identity("bucket", 3)),
            fc.bucketized_column(fc.numeric_column("score", shape=(2,)), [0.5])]
    spec = fc.make_parse_example_spec(cols)

    def example(age, colors, buckets, score):
        f = {"color": tf.train.Feature(bytes_list=tf.train.BytesList(value=colors)),
             "bucket": tf.train.Feature(int64_list=tf.train.Int64List(value=buckets)),
             "score": tf.train.Feature(float_list=tf.train.FloatList(value=score))}
        if age is not None:
            f["age"] = tf.train.Feature(float_list=tf.train.FloatList(value=[age]))
        return tf.train.Example(features=tf.train.Features(feature=f)).SerializeToString()

    data = [example(41.0, [b"red", b"blue"], [2], [0.1, 0.9]),
            example(None, [b"green"], [0, 1], [1.0, 0.0])]
    parsed = tf.io.parse_example(tf.constant(data), spec)
    return {"spec": norm(repr(sorted(spec.items()))), "parsed": out(tf, parsed),
            "dense": out(tf, tf.compat.v1.feature_column.input_layer(parsed, cols))}


def case_shared_embeddings(tf, tmp):
    fc = tf.feature_column
    a = fc.categorical_column_with_identity("a", 3)
    b = fc.categorical_column_with_identity("b", 3)
    found = {}

    @tf.function
    def run(feats):
        cols = fc.shared_embeddings([b, a], 2, initializer=ramp, combiner="sum")
        found["reprs"] = [norm(repr(c)) for c in cols]
        found["names"] = [c.name for c in cols]
        found["shape"] = [repr(c.variable_shape) for c in cols]
        cache = tf.__internal__.feature_column.FeatureTransformationCache(feats)
        return [c.get_dense_tensor(cache, None) for c in cols]

    res = run({"a": tf.constant([[0, 1]]), "b": tf.constant([[2, -1]])})
    found["out"] = out(tf, res)

    @tf.function
    def mismatch():
        fc.shared_embeddings([a, fc.categorical_column_with_identity("c", 4)], 2)
    found["mismatch"] = err(mismatch)

    @tf.function
    def mixed():
        fc.shared_embeddings([a, fc.categorical_column_with_hash_bucket("h", 3)], 2)
    found["mixed"] = err(mixed)
    return found


def case_keras3_layer(tf, tmp):
    """TF 2.21 with Keras 3 has no DenseFeatures layer, and a Keras 3 layer's add_weight
    refuses the StateManager's Keras 2 keywords (`use_resource`)."""
    fc = tf.feature_column
    sm = tf.__internal__.feature_column.StateManager(tf.keras.layers.Layer(), True)
    col = fc.embedding_column(fc.categorical_column_with_identity("a", 3), 2)
    return [hasattr(tf.keras.layers, "DenseFeatures"),
            hasattr(tf.compat.v1.feature_column, "DenseFeatures"),
            err(lambda: col.create_state(sm))]


def case_namespaces(tf, tmp):
    """The names of tf.feature_column, tf.compat.v1.feature_column and
    tf.__internal__.feature_column, and each function's parameters."""
    import inspect
    res = {}
    for label, mod in [("v2", tf.feature_column), ("v1", tf.compat.v1.feature_column),
                       ("internal", tf.__internal__.feature_column)]:
        names = sorted(n for n in dir(mod) if not n.startswith("_"))
        res[label] = {n: [[p.name, p.kind.name, None if p.default is p.empty else
                           repr(p.default)] for p in
                           inspect.signature(getattr(mod, n)).parameters.values()]
                      if inspect.isfunction(getattr(mod, n)) else "class" for n in names}
    return res


CASES = [name[5:] for name in dict(globals()) if name.startswith("case_")]
