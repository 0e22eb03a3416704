"""TF 1 input pipelines of tf.data iterators, exported as a meta graph by TF 2.21 and
imported by tf.compat.v1.train.import_meta_graph (record_dataset_meta_golden.py,
test_dataset_meta_graph.py), written once for both implementations.

`export(tf, path)` (TF only) builds, in a TF 1 graph:
- "one_shot": make_one_shot_iterator over from_tensor_slices([1, 2, 3]) (TensorSliceDataset
  in its dataset_factory function; OneShotIterator), and its string handle;
- "range": make_one_shot_iterator over Dataset.range(4) (RangeDataset);
- "pair": make_one_shot_iterator over from_tensors(([1, 2], "s")) (TensorDataset);
- "init": make_initializable_iterator over from_tensor_slices of an int64 placeholder
  "values" (IteratorV2, MakeIterator), and its string handle;
- "fed": Iterator.from_string_handle of a string placeholder "handle", of int64 scalars
  (IteratorFromStringHandleV2);
- "optional": tf.data.experimental.get_next_as_optional of a one-shot iterator over
  Dataset.range(2) (IteratorGetNextAsOptional, OptionalHasValue, OptionalGetValue),
and writes them to `path` with tf.compat.v1.train.export_meta_graph.

`run(tf, path)` imports the file into a new graph and runs it in Sessions, returning what a
user sees as JSON-able values: the elements in order and the error at their end (its class
and the kernel's words), re-initialization restarting, each Session's own iterators, a
feedable iterator reading whichever iterator's handle is fed, and the handles themselves.
"""

from __future__ import annotations

import re

import numpy as np

NODES = ("one_shot_next", "range_next", "pair_next", "init_next", "fed_next")


def export(tf, path: str) -> list:
    """The pipelines' meta graph, at `path`; the node types it holds."""
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        ds = tf.data.Dataset.from_tensor_slices(tf.constant([1, 2, 3]))
        one_shot = v1.data.make_one_shot_iterator(ds)
        one_shot.get_next(name="one_shot_next")
        one_shot.string_handle(name="one_shot_handle")
        rng = v1.data.make_one_shot_iterator(tf.data.Dataset.range(4))
        rng.get_next(name="range_next")
        rng.string_handle(name="range_handle")
        pair = v1.data.make_one_shot_iterator(
            tf.data.Dataset.from_tensors((tf.constant([1, 2]), tf.constant("s"))))
        pair.get_next(name="pair_next")
        values = v1.placeholder(tf.int64, [None], name="values")
        init = v1.data.make_initializable_iterator(tf.data.Dataset.from_tensor_slices(values))
        init.get_next(name="init_next")
        init.string_handle(name="init_handle")
        handle = v1.placeholder(tf.string, [], name="handle")
        fed = v1.data.Iterator.from_string_handle(handle, tf.int64, tf.TensorShape([]))
        fed.get_next(name="fed_next")
        opt_it = v1.data.make_one_shot_iterator(tf.data.Dataset.range(2))
        opt = tf.data.experimental.get_next_as_optional(opt_it)
        tf.identity(opt.has_value(), name="opt_has")
        tf.identity(opt.get_value(), name="opt_value")
        v1.train.export_meta_graph(path, graph=g)
    return sorted({op.type for op in g.get_operations()})


def _py(x):
    if isinstance(x, (tuple, list)):
        return [_py(v) for v in x]
    a = np.asarray(x)
    if a.dtype.kind in "SO":
        return [v.decode() if isinstance(v, bytes) else str(v) for v in a.ravel().tolist()]
    return {"dtype": str(a.dtype), "value": a.ravel().tolist()}


def _err(e: BaseException) -> list:
    """The error's class and its kernel's words (the first line TF's Session message has
    them in, without TF's node and stack trace)."""
    text = getattr(e, "message", str(e))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    words = [ln for ln in lines if not ln.startswith(("Graph execution error", "Detected at",
                                                      "File ", "Node:", "[[", "Original",
                                                      "{{"))]
    return [type(e).__name__, re.sub(r"\s*\[\[.*", "", words[0]) if words else ""]


def _drain(sess, fetch, feed=None, limit: int = 8) -> list:
    out = []
    for _ in range(limit):
        try:
            out.append(_py(sess.run(fetch, feed)))
        except Exception as e:  # noqa: BLE001 - the error is the result
            out.append(_err(e))
            break
    return out


def _handle(raw: bytes) -> list:
    """A string handle's fields (a ResourceHandleProto's: device, container, name with
    TF's private counter left out, hash code, type), read by hand."""
    fields, i = {}, 0
    while i < len(raw):
        key = raw[i]
        i += 1
        if key & 7 == 0:
            value = shift = 0
            while True:
                b = raw[i]
                i += 1
                value |= (b & 0x7F) << shift
                shift += 7
                if not b & 0x80:
                    break
        else:
            n = raw[i]
            i += 1
            value, i = raw[i:i + n].decode(), i + n
        fields[key >> 3] = value
    fields[3] = re.sub(r"^_\d+_", "_N_", fields.get(3, ""))
    return [fields.get(k) for k in (1, 2, 3, 4, 5)]


def run(tf, path: str) -> dict:
    v1 = tf.compat.v1
    out: dict = {}
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(path)
        t = {name: g.get_tensor_by_name(f"{name}:0") for name in NODES}
        pair = [g.get_tensor_by_name("pair_next:0"), g.get_tensor_by_name("pair_next:1")]
        make = g.get_operation_by_name("MakeIterator")
        values, handle = g.get_tensor_by_name("values:0"), g.get_tensor_by_name("handle:0")
        with v1.Session() as sess:
            out["one_shot"] = _drain(sess, t["one_shot_next"])
            out["one_shot_again"] = _drain(sess, t["one_shot_next"])
            out["pair"] = _drain(sess, pair)
            out["init_before"] = _drain(sess, t["init_next"])
            sess.run(make, {values: [5, 6]})
            out["init"] = _drain(sess, t["init_next"])
            sess.run(make, {values: [7, 8, 9]})
            out["init_first"] = _drain(sess, t["init_next"], limit=1)
            sess.run(make, {values: [10]})
            out["reinit"] = _drain(sess, t["init_next"])
            range_h = sess.run(g.get_tensor_by_name("range_handle:0"))
            init_h = sess.run(g.get_tensor_by_name("init_handle:0"))
            one_shot_h = sess.run(g.get_tensor_by_name("one_shot_handle:0"))
            out["handles"] = [_handle(h) for h in (range_h, init_h, one_shot_h)]
            # a fed handle reads that iterator: the one-shot range goes on from where the
            # feedable one left it
            out["fed"] = [_py(sess.run(t["fed_next"], {handle: range_h})),
                          _py(sess.run(t["range_next"])),
                          _py(sess.run(t["fed_next"], {handle: range_h}))]
            sess.run(make, {values: [3, 4]})
            out["fed_init"] = _drain(sess, t["fed_next"], {handle: init_h})
            out["fed_other_type"] = _drain(sess, t["fed_next"], {handle: one_shot_h})
            out["fed_junk"] = _drain(sess, t["fed_next"], {handle: b"junk"})
            has, value = g.get_tensor_by_name("opt_has:0"), g.get_tensor_by_name("opt_value:0")
            # (one optional for both fetches: the element it took, then none)
            out["optional"] = _drain(sess, [has, value], limit=2) + _drain(sess, has, limit=2)
            out["optional_none"] = _drain(sess, value)
        with v1.Session() as other:  # (its iterators are its own)
            out["other_session"] = _drain(other, t["one_shot_next"], limit=2)
            out["other_before"] = _drain(other, t["init_next"])
            out["other_range"] = _drain(other, t["range_next"], limit=1)
    return out
