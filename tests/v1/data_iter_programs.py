"""Uses of tf.compat.v1.data's TF 1 iterators, written once for both implementations: each
`program(tf)` builds iterators over datasets in a TF 1 Graph (one-shot, initializable,
reinitializable from a structure, fed by string handle), runs them in Sessions and returns
what a user sees (op and tensor names, output types/shapes/classes, elements, the errors
and log lines) as JSON-able values. record_data_iter_golden.py runs them with TensorFlow
2.21, test_v1_data_iterators.py with eagerflow, and compares.
"""

from __future__ import annotations

import re

import numpy as np

from tests.v1.metrics_programs import _err as _session_err
from tests.v1.metrics_programs import _Logs


def _err(e: BaseException) -> list:
    """An error as a user reads it; an eager op's without TF's wrapper prefix and its
    " name: " suffix (eagerflow's eager errors end at "[Op:NAME]")."""
    kind, text = _session_err(e)
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", text)
    return [kind, re.sub(r" name: $", "", text)]


def _py(x):
    """Fetched values (nested tuples and dicts of arrays) as JSON."""
    if isinstance(x, dict):
        return {k: _py(v) for k, v in sorted(x.items())}
    if isinstance(x, (tuple, list)):
        return [_py(v) for v in x]
    a = np.asarray(x)
    if a.dtype.kind in "SO":
        return {"dtype": "string", "value": [str(v) for v in a.ravel().tolist()]}
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.ravel().tolist()}


def _drain(sess, fetch, feed=None, limit: int = 8) -> list:
    out = []
    for _ in range(limit):
        try:
            out.append(_py(sess.run(fetch, feed)))
        except Exception as e:  # noqa: BLE001 - the error is the result
            out.append(_err(e))
            break
    return out


def _shapes(x):
    if isinstance(x, dict):
        return {k: _shapes(v) for k, v in sorted(x.items())}
    if isinstance(x, (tuple, list)):
        return [_shapes(v) for v in x]
    return x.as_list() if x.rank is not None else None


def _types(x):
    if isinstance(x, dict):
        return {k: _types(v) for k, v in sorted(x.items())}
    if isinstance(x, (tuple, list)):
        return [_types(v) for v in x]
    return x.name


def _classes(tf, x):
    if isinstance(x, dict):
        return {k: _classes(tf, v) for k, v in sorted(x.items())}
    if isinstance(x, (tuple, list)):
        return [_classes(tf, v) for v in x]
    return {tf.Tensor: "Tensor", tf.SparseTensor: "SparseTensor",
            tf.RaggedTensor: "RaggedTensor"}.get(x, repr(x))


def _names(x):
    if isinstance(x, dict):
        return {k: _names(v) for k, v in sorted(x.items())}
    if isinstance(x, (tuple, list)):
        return [_names(v) for v in x]
    return x.name


def one_shot(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    g = tf.Graph()
    with g.as_default(), _Logs() as logs:
        ds = tf.data.Dataset.range(5).map(lambda x: (x, tf.cast(x, tf.float32) * 2))
        it = v1.data.make_one_shot_iterator(ds)
        nxt = it.get_next()
        out["type"] = type(it).__name__
        out["next"] = _names(nxt)
        out["dataset"] = [_shapes(v1.data.get_output_shapes(ds)),
                          _types(v1.data.get_output_types(ds)),
                          _classes(tf, v1.data.get_output_classes(ds))]
        out["getters"] = [_shapes(v1.data.get_output_shapes(it)),
                          _types(v1.data.get_output_types(it)),
                          _classes(tf, v1.data.get_output_classes(it))]
        out["properties"] = [_shapes(it.output_shapes), _types(it.output_types),
                             _classes(tf, it.output_classes)]
        out["element_spec"] = repr(it.element_spec)
        with v1.Session() as sess:
            out["first"] = _drain(sess, nxt)
        with v1.Session() as sess:  # each Session's iterator starts again
            out["second"] = _drain(sess, nxt, limit=2)
        nxt2 = it.get_next(name="again")
        out["next2"] = _names(nxt2)
        with v1.Session() as sess:  # get_next ops share the one iterator
            out["shared"] = [_py(sess.run(nxt)), _py(sess.run(nxt2)), _py(sess.run(nxt))]
    out["logs"] = logs.lines
    return out


def initializable(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    g = tf.Graph()
    with g.as_default():
        n = v1.placeholder(tf.int64, [])
        ds = tf.data.Dataset.range(n).map(lambda x: {"x": x, "y": tf.fill([2], x)}).batch(2)
        it = v1.data.make_initializable_iterator(ds)
        nxt = it.get_next()
        out["names"] = [it.initializer.name, it.initializer.type, _names(nxt),
                        it.string_handle().name]
        out["shapes"] = _shapes(v1.data.get_output_shapes(it))
        with v1.Session() as sess:
            out["uninitialized"] = _drain(sess, nxt)
            sess.run(it.initializer, {n: 3})
            out["three"] = _drain(sess, nxt)
            sess.run(it.initializer, {n: 5})
            out["five"] = _drain(sess, nxt, limit=2)
            sess.run(it.initializer, {n: 1})
            out["restarted"] = _drain(sess, nxt)
        with v1.Session() as sess:  # a new Session's iterator is uninitialized again
            out["new_session"] = _drain(sess, nxt)
        named = v1.data.make_initializable_iterator(tf.data.Dataset.range(2),
                                                    shared_name="shared")
        out["named"] = [named.initializer.name, _names(named.get_next())]
    return out


def reinitializable(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    g = tf.Graph()
    with g.as_default():
        it = v1.data.Iterator.from_structure(tf.int64, tf.TensorShape([]))
        first = it.make_initializer(tf.data.Dataset.range(3))
        second = it.make_initializer(tf.data.Dataset.range(10, 12), name="to_second")
        nxt = it.get_next()
        out["names"] = [first.name, second.name, _names(nxt)]
        try:
            out["initializer"] = it.initializer.name
        except Exception as e:  # noqa: BLE001 - the error is the result
            out["initializer"] = _err(e)
        with v1.Session() as sess:
            out["none"] = _drain(sess, nxt)
            sess.run(first)
            out["first"] = [_py(sess.run(nxt))]
            sess.run(second)
            out["second"] = _drain(sess, nxt)
            sess.run(first)
            out["first_again"] = _drain(sess, nxt, limit=1)
        errors = {}
        for key, make in (
                ("types", lambda: it.make_initializer(tf.data.Dataset.range(3).map(
                    lambda x: tf.cast(x, tf.int32)))),
                ("shapes", lambda: it.make_initializer(tf.data.Dataset.range(4).batch(2))),
                ("structure", lambda: it.make_initializer(
                    tf.data.Dataset.range(3).map(lambda x: (x, x)))),
                ("not_dataset", lambda: it.make_initializer([1, 2]))):
            try:
                make()
                errors[key] = None
            except Exception as e:  # noqa: BLE001 - the error is the result
                errors[key] = _err(e)
        out["errors"] = errors
        pair = v1.data.Iterator.from_structure((tf.int64, tf.float32),
                                               (tf.TensorShape([None]), tf.TensorShape([])))
        out["pair"] = [_shapes(pair.output_shapes), _types(pair.output_types)]
        init = pair.make_initializer(tf.data.Dataset.from_tensor_slices(
            (np.arange(6).reshape(3, 2), np.float32([1, 2, 3]))))
        with v1.Session() as sess:
            sess.run(init)
            out["pair_values"] = _drain(sess, pair.get_next())
        loose = v1.data.Iterator.from_structure(tf.int64)
        out["loose"] = _shapes(loose.output_shapes)
        init = loose.make_initializer(tf.data.Dataset.range(4).batch(3))
        with v1.Session() as sess:
            sess.run(init)
            out["loose_values"] = _drain(sess, loose.get_next())
    return out


def string_handles(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    g = tf.Graph()
    with g.as_default():
        h = v1.placeholder(tf.string, [])
        it = v1.data.Iterator.from_string_handle(h, tf.int64, tf.TensorShape([]))
        nxt = it.get_next()
        out["names"] = [_names(nxt), _shapes(it.output_shapes)]
        a = v1.data.make_one_shot_iterator(tf.data.Dataset.range(100, 103))
        b = v1.data.make_initializable_iterator(tf.data.Dataset.range(200, 203))
        c = v1.data.make_one_shot_iterator(tf.data.Dataset.range(3).map(
            lambda x: tf.cast(x, tf.float32)))
        ha_t = a.string_handle()
        out["handle"] = [ha_t.name, ha_t.dtype.name, ha_t.shape.as_list()]
        with v1.Session() as sess:
            ha, hb, hc = sess.run([ha_t, b.string_handle(), c.string_handle()])
            out["handle_type"] = type(ha).__name__
            out["same_handle"] = sess.run(a.string_handle()) == ha
            sess.run(b.initializer)
            out["values"] = [_py(sess.run(nxt, {h: ha})), _py(sess.run(nxt, {h: hb})),
                             _py(sess.run(nxt, {h: ha})), _py(sess.run(a.get_next()))]
            out["exhausted"] = _drain(sess, nxt, {h: ha})
            out["wrong_type"] = _drain(sess, nxt, {h: hc})
            out["bad_handle"] = _drain(sess, nxt, {h: b"nonsense"})
    return out


def eager(tf) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    ds = tf.data.Dataset.range(3)
    it = v1.data.make_one_shot_iterator(ds)
    out["one_shot"] = [type(it).__name__, [int(x) for x in it]]
    for key, call in (("initializable", lambda: v1.data.make_initializable_iterator(ds)),
                      ("from_structure",
                       lambda: v1.data.Iterator.from_structure(tf.int64, tf.TensorShape([]))),
                      ("from_string_handle",
                       lambda: v1.data.Iterator.from_string_handle(
                           tf.constant(b"x"), tf.int64))):
        try:
            call()
            out[key] = None
        except Exception as e:  # noqa: BLE001 - the error is the result
            out[key] = _err(e)
    out["getters"] = [_shapes(v1.data.get_output_shapes(ds)),
                      _types(v1.data.get_output_types(ds)),
                      _classes(tf, v1.data.get_output_classes(ds))]
    sp = tf.data.Dataset.from_tensors(tf.SparseTensor([[0, 1]], [1.0], [2, 3]))
    out["sparse"] = [_shapes(v1.data.get_output_shapes(sp)), _types(v1.data.get_output_types(sp)),
                     _classes(tf, v1.data.get_output_classes(sp))]
    out["names"] = sorted(n for n in dir(v1.data) if not n.startswith("_"))
    return out


PROGRAMS = {f.__name__: f for f in (one_shot, initializable, reinitializable, string_handles,
                                    eager)}
