"""Cases of tf.feature_column's TF 1 leftovers, written against a `tf` module handed in (as
fc_cases.py): vocabulary files in TFRecord GZIP format, and TF 1's
shared_embedding_columns in graphs with input_layer and linear_model. The recorder
(record_fc_golden.py) runs them with TF 2.21 into fc_v1_golden.json;
test_feature_column.py runs them with eagerflow and compares."""

import numpy as np

from tests.feature_column.fc_cases import err as _err
from tests.feature_column.fc_cases import norm, out, ramp
from tests.golden_io import as_recorded


def err(fn, tmp=""):
    """fc_cases.err, a message whole with the device TF's recorder ran on."""
    kind, msg = _err(fn, tmp)
    return [kind, as_recorded(msg) if isinstance(msg, str) else msg]


def _records(tf, path, words):
    with tf.io.TFRecordWriter(path, options="GZIP") as w:
        for word in words:
            w.write(word.encode())
    return path


def _indicator(tf, column, features):
    return out(tf, tf.compat.v1.feature_column.input_layer(
        features, [tf.feature_column.indicator_column(column)]))


def case_tfrecord_vocabulary(tf, tmp):
    """Vocabulary files of GZIP TFRecords: the format taken from the ".tfrecord.gz" suffix
    or given, the size counted, a smaller size, OOV buckets, defaults, integer keys, and
    the errors (a size past the records, a key that is no number, a missing file)."""
    fc = tf.feature_column
    words = _records(tf, f"{tmp}/words.tfrecord.gz", ["apple", "banana", "cherry"])
    named = _records(tf, f"{tmp}/words.rec", ["apple", "banana", "cherry"])
    ints = _records(tf, f"{tmp}/ints.tfrecord.gz", ["10", "20", "30"])
    bad = _records(tf, f"{tmp}/bad.tfrecord.gz", ["10", "x1"])
    strings = {"f": tf.constant([["banana", "zzz"], ["cherry", "apple"]])}
    col = fc.categorical_column_with_vocabulary_file
    res = {}
    plain = col("f", words)
    res["plain"] = [norm(repr(plain), tmp), int(plain.num_buckets), _indicator(tf, plain, strings)]
    given = col("f", named, file_format="tfrecord_gzip")
    res["given_format"] = [norm(repr(given), tmp), _indicator(tf, given, strings)]
    res["oov"] = _indicator(tf, col("f", words, num_oov_buckets=2),
                            {"f": tf.constant([["banana", "zzz"], ["cherry", "q"]])})
    res["smaller"] = _indicator(tf, col("f", words, vocabulary_size=2, default_value=1),
                                strings)
    res["v1"] = norm(repr(tf.compat.v1.feature_column.categorical_column_with_vocabulary_file(
        "f", words)), tmp)
    icol = col("f", ints, dtype=tf.int64)
    res["ints"] = [norm(repr(icol), tmp), _indicator(
        tf, icol, {"f": tf.constant([[20, 11], [10, 30]], tf.int64)})]
    res["embedding"] = out(tf, tf.compat.v1.feature_column.input_layer(
        strings, [fc.embedding_column(plain, 2, initializer=ramp, combiner="sum")]))
    res["past_end"] = err(lambda: _indicator(tf, col("f", words, vocabulary_size=5),
                                             strings), tmp)
    res["not_a_number"] = err(lambda: _indicator(
        tf, col("f", bad, dtype=tf.int64), {"f": tf.constant([[20]], tf.int64)}), tmp)[0]
    res["missing"] = err(lambda: col("f", f"{tmp}/none.tfrecord.gz"), tmp)
    res["missing_at_lookup"] = err(lambda: _indicator(
        tf, col("f", f"{tmp}/none.tfrecord.gz", vocabulary_size=3), strings), tmp)
    return res


def _shared(tf, **kwargs):
    fc = tf.feature_column
    a = fc.categorical_column_with_identity("a", 3)
    b = fc.categorical_column_with_identity("b", 3)
    return tf.compat.v1.feature_column.shared_embedding_columns(
        [b, a], 2, initializer=ramp, **kwargs)


FEATURES = {"a": np.array([[0, 1], [2, -1]], np.int64), "b": np.array([[2, 2], [1, 0]],
                                                                      np.int64)}


def case_shared_v1_graph(tf, tmp):
    """TF 1's shared_embedding_columns in a graph: the columns, input_layer's output, the
    one variable (its name, the collection holding it), a second input_layer reusing it,
    cols_to_vars, linear_model over them, a training step, and the errors (eagerly; a
    collection of two variables; one of another shape)."""
    tf1 = tf.compat.v1
    res = {"eager": err(lambda: _shared(tf))}
    with tf.Graph().as_default() as g:
        cols = _shared(tf, combiner="sum")
        res["reprs"] = [norm(repr(c)) for c in cols]
        res["names"] = [c.name for c in cols]
        res["shapes"] = [c._variable_shape.as_list() for c in cols]
        res["spec"] = norm(repr(tf1.feature_column.make_parse_example_spec(cols)))
        feats = {k: tf.constant(v) for k, v in FEATURES.items()}
        to_vars = {}
        first = tf1.feature_column.input_layer(feats, cols, cols_to_vars=to_vars)
        second = tf1.feature_column.input_layer(feats, cols[:1])
        res["cols_to_vars"] = {c.name: [v.name for v in vs] for c, vs in to_vars.items()}
        res["collection"] = [v.name for v in g.get_collection("a_b_shared_embedding")]
        linear = tf1.feature_column.linear_model(feats, cols)
        res["variables"] = [v.name for v in tf1.global_variables()]
        loss = tf.reduce_sum(first * first) + tf.reduce_sum(second)
        train = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            res["outputs"] = [v.tolist() for v in sess.run([first, second, linear])]
            sess.run(train)
            res["trained"] = [sess.run(v).tolist() for v in tf1.global_variables()]
    with tf.Graph().as_default():
        cols = _shared(tf, shared_embedding_collection_name="shared")
        tf1.add_to_collection("shared", tf1.get_variable("x", [3, 2]))
        tf1.add_to_collection("shared", tf1.get_variable("y", [3, 2]))
        res["two_variables"] = err(lambda: tf1.feature_column.input_layer(
            {k: tf.constant(v) for k, v in FEATURES.items()}, cols))
    with tf.Graph().as_default():
        cols = _shared(tf, shared_embedding_collection_name="shared")
        tf1.add_to_collection("shared", tf1.get_variable("z", [4, 2]))
        res["wrong_shape"] = err(lambda: tf1.feature_column.input_layer(
            {k: tf.constant(v) for k, v in FEATURES.items()}, cols))
    return res


CASES = [name[5:] for name in dict(globals()) if name.startswith("case_")]
