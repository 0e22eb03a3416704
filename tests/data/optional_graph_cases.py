"""tf.experimental.Optional inside tf.function, and tf.data.IteratorSpec input signatures,
probed as programs meet them: `iterator.get_next_as_optional()` then `get_value()` of an
empty optional (eagerly; in a function, where OptionalGetValue's kernel fails when the
function runs), under a tf.cond on `has_value()`, as a while loop's variable, in a `for`
over an iterator, Optional.from_value / Optional.empty in a function and in a TF 1
Session's graph, an Optional passed to and returned by one; the graph's optional
operations and their attrs; a distributed iterator's optional; a function whose
input_signature is an IteratorSpec, called with iterators of its spec, of other specs
and with other values. Shared by record_optional_graph.py (run under TensorFlow 2.21,
writes optional_graph_golden.json) and test_optional_graph.py (under eagerflow)."""

from typing import Any

from tests.core.core_probe_io import outcome, plain

_OPTIONAL_OPS = ("IteratorGetNextAsOptional", "OptionalHasValue", "OptionalGetValue",
                 "OptionalNone", "OptionalFromValue")


def _attr(tf: Any, op: Any, name: str) -> Any:
    try:
        value = op.get_attr(name)
    except ValueError:
        return None
    if name == "output_shapes":  # (each as its dims, None for an unknown rank)
        return [tf.TensorShape(v).as_list() if tf.TensorShape(v).rank is not None else None
                for v in value]
    return [plain(repr(v)) for v in value]


def optional_ops(tf: Any, graph: Any) -> list:
    """[type, name, input names, output dtypes and shapes, output_types, output_shapes]
    of each optional operation of `graph`, in order."""
    out = []
    for op in graph.get_operations():
        if op.type not in _OPTIONAL_OPS:
            continue
        out.append([op.type, op.name, [t.name for t in op.inputs],
                    [[t.dtype.name, str(t.shape)] for t in op.outputs],
                    _attr(tf, op, "output_types"), _attr(tf, op, "output_shapes")])
    return out


def eager(tf: Any) -> dict:
    it = iter(tf.data.Dataset.range(2))
    opts = [it.get_next_as_optional() for _ in range(3)]
    return {"has_value": [outcome(o.has_value) for o in opts],
            "values": [outcome(o.get_value) for o in opts],
            "pairs": outcome(lambda: iter(tf.data.Dataset.from_tensor_slices(
                ([1], [2.0])).skip(1)).get_next_as_optional().get_value())}


def argument(tf: Any) -> dict:
    """get_value of an iterator argument's optional, past the end too."""
    @tf.function
    def f(it):
        return it.get_next_as_optional().get_value()

    it = iter(tf.data.Dataset.range(2))
    out = {"calls": [outcome(lambda: f(it)) for _ in range(3)],
           "ops": optional_ops(tf, f.get_concrete_function(iter(tf.data.Dataset.range(2))).graph)}

    @tf.function
    def pairs(it):
        o = it.get_next_as_optional()
        return o.has_value(), o.get_value()

    it = iter(tf.data.Dataset.from_tensor_slices({"a": [[1, 2]], "b": [3.0]}))
    out["dict calls"] = [outcome(lambda: pairs(it)) for _ in range(2)]
    out["dict ops"] = optional_ops(tf, pairs.get_concrete_function(it).graph)
    return out


def closure(tf: Any) -> dict:
    """An iterator made outside, read by reference; one made inside."""
    it = iter(tf.data.Dataset.range(3, 5))

    @tf.function
    def f():
        return it.get_next_as_optional().get_value() * 10

    @tf.function
    def g():
        inner = iter(tf.data.Dataset.range(0))
        return inner.get_next_as_optional().get_value()

    return {"calls": [outcome(f) for _ in range(3)], "inside": outcome(g),
            "inside ops": optional_ops(tf, g.get_concrete_function().graph)}


def guarded(tf: Any) -> dict:
    """tf.cond on has_value(): the value only where there is one."""
    @tf.function
    def f(it):
        o = it.get_next_as_optional()
        return tf.cond(o.has_value(), o.get_value, lambda: tf.constant(-1, tf.int64))

    it = iter(tf.data.Dataset.range(2))
    cf = f.get_concrete_function(it)
    return {"calls": [outcome(lambda: f(it)) for _ in range(4)],
            "ops": optional_ops(tf, cf.graph),
            "op types": [op.type for op in cf.graph.get_operations()]}


def loops(tf: Any) -> dict:
    """An Optional as a while loop's variable; a `for` over an iterator."""
    @tf.function
    def total(ds):
        it = iter(ds)
        s = tf.constant(0, tf.int64)
        o = it.get_next_as_optional()
        while o.has_value():
            s += o.get_value()
            o = it.get_next_as_optional()
        return s

    @tf.function
    def counted(it):
        n = tf.constant(0)
        o = it.get_next_as_optional()
        while o.has_value():
            n += 1
            o = it.get_next_as_optional()
        return n, o.has_value()

    @tf.function
    def loop(it):
        s = tf.constant(0, tf.int64)
        for x in it:
            s += x
        return s

    @tf.function
    def past_end(it):
        for _ in it:
            pass
        return it.get_next_as_optional().get_value()

    return {"while": [outcome(lambda n=n: total(tf.data.Dataset.range(n))) for n in (4, 0)],
            "while ops": optional_ops(tf, total.get_concrete_function(
                tf.data.Dataset.range(4)).graph),
            "counted": [outcome(lambda n=n: counted(iter(tf.data.Dataset.range(n))))
                        for n in (3, 0)],
            "for": [outcome(lambda n=n: loop(iter(tf.data.Dataset.range(n)))) for n in (4, 0)],
            "past end": outcome(lambda: past_end(iter(tf.data.Dataset.range(2))))}


def made(tf: Any) -> dict:
    """Optional.empty and Optional.from_value in a function; an Optional returned."""
    @tf.function
    def empty():
        return tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32)).get_value()

    @tf.function
    def empty_has():
        return tf.experimental.Optional.empty(tf.TensorSpec([2], tf.float32)).has_value()

    @tf.function
    def full():
        o = tf.experimental.Optional.from_value((tf.constant(1), tf.constant([2.0])))
        return o.has_value(), o.get_value()

    @tf.function
    def returned(it):
        return it.get_next_as_optional()

    it = iter(tf.data.Dataset.range(7, 8))
    first, second = returned(it), returned(it)
    return {"empty": outcome(empty), "empty ops": optional_ops(
                tf, empty.get_concrete_function().graph),
            "empty has": outcome(empty_has),
            "full": outcome(full), "full ops": optional_ops(tf, full.get_concrete_function().graph),
            "returned": [plain(type(first).__name__), outcome(first.has_value),
                         outcome(first.get_value), outcome(second.has_value),
                         outcome(second.get_value), outcome(lambda: first.element_spec)]}


def as_argument(tf: Any) -> dict:
    """An Optional passed to a tf.function: traced by its OptionalSpec (one variant
    placeholder); another element spec traces again."""
    @tf.function
    def f(o):
        return tf.cond(o.has_value(), lambda: o.get_value() * 2, lambda: tf.constant(-1))

    @tf.function
    def g(o):
        return o.get_value()

    a = tf.experimental.Optional.from_value(tf.constant(5))
    b = tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32))
    c = tf.experimental.Optional.from_value({"x": tf.constant([1.0])})
    out = {"guarded": [outcome(lambda: f(a)), outcome(lambda: f(b))],
           "guarded count": f.experimental_get_tracing_count()}
    cf = f.get_concrete_function(a)
    out["inputs"] = outcome(lambda: cf.inputs)
    out["structured_input_signature"] = outcome(lambda: cf.structured_input_signature)
    out["flattened"] = outcome(lambda: tf.nest.flatten(a, expand_composites=True))
    out["type spec"] = outcome(lambda: tf.type_spec_from_value(c))
    out["unguarded"] = [outcome(lambda: g(b)), outcome(lambda: g(c)), outcome(lambda: g(a))]
    out["unguarded count"] = g.experimental_get_tracing_count()
    return out


def session(tf: Any) -> dict:
    """Optionals in a TF 1 graph run by a Session: get_value of the empty one fails when
    run (not when the graph is built)."""
    g = tf.Graph()
    with g.as_default():
        o = tf.experimental.Optional.from_value(tf.constant(3))
        e = tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32))
        fetches = [o.has_value(), o.get_value(), e.has_value()]
        empty_value = e.get_value()
        with tf.compat.v1.Session() as sess:
            values = [v.tolist() for v in sess.run(fetches)]
            failed = outcome(lambda: sess.run(empty_value))
    return {"values": values, "empty": failed}


def signature(tf: Any) -> dict:
    """input_signature=[tf.data.IteratorSpec(...)]: iterators of its spec and of others,
    and values that are not iterators."""
    ds = tf.data.Dataset.range(5)
    spec = tf.data.IteratorSpec(ds.element_spec)

    @tf.function(input_signature=[spec])
    def f(it):
        return next(it) * 2

    it = iter(ds)
    out = {"spec": plain(repr(spec)), "calls": [outcome(lambda: f(it)) for _ in range(2)]}
    out["count"] = f.experimental_get_tracing_count()
    cf = f.get_concrete_function()
    out["structured_input_signature"] = outcome(lambda: cf.structured_input_signature)
    out["inputs"] = outcome(lambda: cf.inputs)
    out["signatures"] = plain(f.pretty_printed_concrete_signatures())
    others = [tf.data.Dataset.from_tensor_slices([1.0]), tf.data.Dataset.range(4).batch(2),
              tf.data.Dataset.range(3, 5), tf.data.Dataset.from_tensor_slices(([1], [2.0]))]
    out["other iterators"] = [outcome(lambda d=d: f(iter(d))) for d in others]
    out["not iterators"] = [outcome(lambda a=a: f(a)) for a in (tf.constant(1), 3, ds)]
    out["count after"] = f.experimental_get_tracing_count()
    out["concrete call"] = outcome(lambda: cf(iter(tf.data.Dataset.range(6, 9))))

    @tf.function(input_signature=[tf.data.IteratorSpec(tf.TensorSpec([None], tf.int64)),
                                  tf.TensorSpec([], tf.int64)])
    def g(it, k):
        o = it.get_next_as_optional()
        return tf.cond(o.has_value(), lambda: tf.reduce_sum(o.get_value()) * k,
                       lambda: tf.constant(-1, tf.int64))

    it = iter(tf.data.Dataset.range(5).batch(2))
    out["batched"] = [outcome(lambda: g(it, tf.constant(10, tf.int64))) for _ in range(4)]
    out["batched scalar"] = outcome(lambda: g(iter(ds), tf.constant(1, tf.int64)))
    out["batched count"] = g.experimental_get_tracing_count()
    out["batched signature"] = plain(g.get_concrete_function().pretty_printed_signature())
    return out


def _replicas(r: Any) -> Any:
    values = getattr(r, "values", None)
    return [v.numpy().tolist() for v in values] if values is not None else r.numpy().tolist()


def _failure(fn: Any) -> Any:
    """What `fn()` gives (each replica's value), or its error's class and whether its
    message holds OptionalGetValue's kernel's (TF gathers one error per replica)."""
    try:
        return _replicas(fn())
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__,
                "no value": "The given optional does not have a value." in str(e)}


def distributed(tf: Any) -> dict:
    """A MirroredStrategy's distributed iterator (two CPU replicas; the recording process
    has two logical CPUs): get_value of its optional past the last batch fails too."""
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])

    @tf.function
    def value(it):
        return s.run(lambda x: x + 1, args=(it.get_next_as_optional().get_value(),))

    @tf.function
    def has(it):
        return it.get_next_as_optional().has_value()

    def dist(n: int) -> Any:
        return iter(s.experimental_distribute_dataset(tf.data.Dataset.range(n).batch(4)))

    it = dist(6)
    out = {"values": [_failure(lambda: value(it)) for _ in range(3)]}
    it = dist(4)
    out["has_value"] = [outcome(lambda: has(it)) for _ in range(2)]

    @tf.function
    def guarded(it):
        o = it.get_next_as_optional()
        return tf.cond(o.has_value(), lambda: s.reduce("SUM", o.get_value(), axis=None),
                       lambda: tf.constant([-1, -1], tf.int64))

    it = dist(4)
    out["guarded"] = [outcome(lambda: guarded(it)) for _ in range(2)]
    return out


def _class_and(text: str) -> Any:
    """An error's class, and whether its message holds `text` (the rest names a dataset
    by a process-wide counter, or a class by its module)."""
    def check(fn: Any) -> Any:
        got = outcome(fn)
        return {"error": got["error"], "holds": text in got["message"]} \
            if isinstance(got, dict) else got
    return check


def datasets(tf: Any) -> dict:
    """Datasets whose elements are Optionals (TF types them by OptionalSpec, carries each
    as its variant through traced functions, and refuses to batch or slice them)."""
    opt = tf.experimental.Optional.from_value(tf.constant([1, 2]))
    emp = tf.experimental.Optional.empty(tf.TensorSpec([], tf.float32))
    ds, de = tf.data.Dataset.from_tensors(opt), tf.data.Dataset.from_tensors(emp)
    values = lambda d: [o.get_value().numpy().tolist() for o in d]  # noqa: E731
    out = {"spec": outcome(lambda: ds.element_spec), "repr": outcome(lambda: ds),
           "read": [[type(o).__name__, o.has_value().numpy().tolist(),
                     o.get_value().numpy().tolist()] for o in ds],
           "empty spec": outcome(lambda: de.element_spec),
           "empty read": [o.has_value().numpy().tolist() for o in de],
           "empty get_value": outcome(lambda: [o.get_value() for o in de]),
           "empty map get_value": _class_and("The given optional does not have a value.")(
               lambda: list(de.map(lambda o: o.get_value()))),
           "map": outcome(lambda: [x.numpy().tolist() for x in ds.map(
               lambda o: o.get_value() * 2)]),
           "map has_value": outcome(lambda: [x.numpy().tolist() for x in ds.map(
               lambda o: o.has_value())]),
           "map made": outcome(lambda: tf.data.Dataset.range(2).map(
               tf.experimental.Optional.from_value).element_spec),
           "map made values": outcome(lambda: values(tf.data.Dataset.range(2).map(
               tf.experimental.Optional.from_value)))}
    pair = tf.data.Dataset.from_tensors((opt, tf.constant(1.0)))
    out["tuple"] = outcome(lambda: pair.element_spec)
    out["tuple read"] = [[a.get_value().numpy().tolist(), b.numpy().tolist()] for a, b in pair]
    out["dict"] = outcome(lambda: tf.data.Dataset.from_tensors({"a": opt}).element_spec)
    out["cardinality"] = int(ds.cardinality())
    out["repeat"] = outcome(lambda: values(ds.repeat(2)))
    out["zip"] = outcome(lambda: tf.data.Dataset.zip((ds, ds)).element_spec)
    out["concatenate"] = outcome(lambda: ds.concatenate(tf.data.Dataset.from_tensors(
        tf.experimental.Optional.from_value(tf.constant([1.0])))))
    out["window"] = outcome(lambda: [values(w) for w in ds.repeat(3).window(2)])
    out["window spec"] = outcome(lambda: ds.window(2).element_spec)
    out["filter"] = outcome(lambda: values(ds.filter(lambda o: o.has_value())))
    out["flat_map"] = outcome(lambda: values(ds.flat_map(
        lambda o: tf.data.Dataset.from_tensors(o).repeat(2))))
    out["parallel map"] = outcome(lambda: [x.numpy().tolist() for x in ds.repeat(3).map(
        lambda o: o.get_value(), num_parallel_calls=2)])
    out["scan"] = outcome(lambda: [x.numpy().tolist() for x in ds.repeat(2).scan(
        tf.constant(0), lambda s, o: (s + 1, o.get_value()))])
    out["single element"] = outcome(lambda: ds.get_single_element().get_value())
    out["iterator optional"] = outcome(
        lambda: iter(ds).get_next_as_optional().get_value().get_value())
    refused = {"from_tensor_slices": lambda: tf.data.Dataset.from_tensor_slices(opt),
               "batch": lambda: ds.batch(2), "batch drop": lambda: ds.batch(2, True),
               "ragged_batch": lambda: ds.ragged_batch(2), "unbatch": lambda: ds.unbatch(),
               "padded_batch": lambda: ds.padded_batch(2)}
    out["refused"] = {k: outcome(f) for k, f in refused.items()}
    out["as_numpy_iterator"] = _class_and("_OptionalImpl'>")(
        lambda: list(ds.as_numpy_iterator()))

    @tf.function
    def loop():
        total = tf.constant(0)
        for o in ds:
            total += tf.reduce_sum(o.get_value())
        return total

    @tf.function
    def reduce():
        return ds.reduce(tf.constant(0), lambda s, o: s + tf.reduce_sum(o.get_value()))

    out["for in function"] = outcome(loop)
    out["reduce in function"] = outcome(reduce)
    return out


GROUPS = {"eager": eager, "argument": argument, "closure": closure, "guarded": guarded,
          "loops": loops, "made": made, "as argument": as_argument, "session": session,
          "signature": signature, "distributed": distributed, "datasets": datasets}


def run(tf: Any) -> dict:
    return {name: make(tf) for name, make in GROUPS.items()}
