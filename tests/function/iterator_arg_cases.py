"""tf.data iterators as tf.function arguments, probed as a custom training loop meets
them: how many traces (by IteratorSpec: a new iterator of the same element spec reuses
the trace, a more general spec's trace takes a more specific one), the concrete
function's signature and its resource placeholder, `next(it)`, `get_next_as_optional()`,
`for x in it` and a range loop inside, an exhausted iterator's error, and direct calls of
the concrete function. Shared by record_iterator_args.py (run under TensorFlow 2.21,
writes iterator_args_golden.json) and test_iterator_args.py (under eagerflow)."""

from typing import Any

from tests.core.core_probe_io import outcome, plain


def _values(xs: Any) -> list:
    return [outcome(lambda x=x: x) for x in xs]


def keys(tf: Any) -> dict:
    out: dict = {}
    ds = tf.data.Dataset.range(10)

    @tf.function
    def f(it):
        return next(it)

    out["fresh values"] = _values([f(iter(ds)) for _ in range(3)])
    out["fresh count"] = f.experimental_get_tracing_count()
    it = iter(ds)
    out["same iterator values"] = _values([f(it), f(it), f(it)])
    out["same iterator count"] = f.experimental_get_tracing_count()
    cf = f.get_concrete_function(iter(ds))
    out["structured_input_signature"] = outcome(lambda: cf.structured_input_signature)
    out["pretty_printed_signature"] = plain(cf.pretty_printed_signature())
    out["placeholders"] = [[op.name, op.outputs[0].dtype.name, str(op.outputs[0].shape)]
                           for op in cf.graph.get_operations() if op.type == "Placeholder"]
    out["op types"] = [op.type for op in cf.graph.get_operations()]
    out["inputs"] = outcome(lambda: cf.inputs)
    out["captured_inputs"] = outcome(lambda: cf.captured_inputs)
    out["outputs"] = outcome(lambda: cf.structured_outputs)
    counts, values = [], []
    for d in (tf.data.Dataset.range(3, 5), tf.data.Dataset.from_tensor_slices([1.0, 2.0]),
              tf.data.Dataset.range(10).batch(2),
              tf.data.Dataset.range(10).batch(3, drop_remainder=True),
              tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [3.0, 4.0]}),
              tf.data.Dataset.from_tensor_slices(([1, 2], [3.0, 4.0]))):
        values.append(outcome(lambda d=d: f(iter(d))))
        counts.append(f.experimental_get_tracing_count())
    out["spec values"] = values
    out["spec counts"] = counts
    out["signatures"] = plain(f.pretty_printed_concrete_signatures())
    return out


def specificity(tf: Any) -> dict:
    """A trace for batches of 3 does not take batches of unknown size; the reverse does."""
    @tf.function
    def f(it):
        return next(it)

    counts = []
    for d in (tf.data.Dataset.range(9).batch(3, drop_remainder=True),
              tf.data.Dataset.range(9).batch(3), tf.data.Dataset.range(9).batch(2),
              tf.data.Dataset.range(8).batch(4, drop_remainder=True),
              tf.data.Dataset.range(9).batch(3, drop_remainder=True)):
        f(iter(d))
        counts.append(f.experimental_get_tracing_count())
    return {"counts": counts, "signatures": plain(f.pretty_printed_concrete_signatures())}


def mixed(tf: Any) -> dict:
    ds = tf.data.Dataset.range(10)

    @tf.function
    def m(it, n):
        return next(it) * n

    values = [outcome(lambda n=n: m(iter(ds), n))
              for n in (2, 3, tf.constant(2, tf.int64), tf.constant(3, tf.int64))]
    return {"values": values, "count": m.experimental_get_tracing_count(),
            "signature": plain(m.get_concrete_function(
                iter(ds), tf.constant(3, tf.int64)).pretty_printed_signature())}


def reads(tf: Any) -> dict:
    """get_next_as_optional, a range loop of next() and `for x in it` inside."""
    out: dict = {}

    @tf.function
    def g(it):
        o = it.get_next_as_optional()
        return o.has_value(), o.get_value()

    it = iter(tf.data.Dataset.range(2))
    out["optional"] = [outcome(lambda: g(it)) for _ in range(2)]
    out["optional count"] = g.experimental_get_tracing_count()

    @tf.function
    def has(it):
        return it.get_next_as_optional().has_value()

    it = iter(tf.data.Dataset.range(1))
    out["has_value"] = [outcome(lambda: has(it)) for _ in range(3)]

    @tf.function
    def h(it):
        s = tf.constant(0, tf.int64)
        for _ in tf.range(3):
            s += next(it)
        return s

    it = iter(tf.data.Dataset.range(10))
    out["range loop"] = [outcome(lambda: h(it)) for _ in range(3)]
    out["range loop count"] = h.experimental_get_tracing_count()

    @tf.function
    def total(it):
        s = tf.constant(0, tf.int64)
        for x in it:
            s += x
        return s

    out["for loop"] = [outcome(lambda n=n: total(iter(tf.data.Dataset.range(n))))
                       for n in (5, 0, 3)]
    out["for loop count"] = total.experimental_get_tracing_count()

    @tf.function
    def two(a, b):
        return next(a) + next(b)

    it = iter(tf.data.Dataset.range(5))
    out["two iterators"] = [outcome(lambda: two(iter(tf.data.Dataset.range(5)), it)),
                            outcome(lambda: two(it, it))]
    out["two iterators count"] = two.experimental_get_tracing_count()
    return out


def errors(tf: Any) -> dict:
    out: dict = {}

    @tf.function
    def f(it):
        return next(it)

    it = iter(tf.data.Dataset.range(1))
    out["exhausted"] = [outcome(lambda: f(it)), outcome(lambda: f(it))]
    cf = f.get_concrete_function(iter(tf.data.Dataset.range(3)))
    out["concrete call"] = outcome(lambda: cf(iter(tf.data.Dataset.range(7, 9))))
    out["concrete call float"] = outcome(
        lambda: cf(iter(tf.data.Dataset.from_tensor_slices([1.0]))))
    out["concrete call batched"] = outcome(lambda: cf(iter(tf.data.Dataset.range(4).batch(2))))
    out["concrete call pairs"] = outcome(
        lambda: cf(iter(tf.data.Dataset.from_tensor_slices(([1], [2.0])))))
    return out


def _replicas(r: Any) -> Any:
    values = getattr(r, "values", None)
    return [v.numpy().tolist() for v in values] if values is not None else r.numpy().tolist()


def distributed(tf: Any) -> dict:
    """Iterators of a MirroredStrategy's distributed dataset (two CPU replicas): traced
    by their spec too (the recording process has two logical CPUs)."""
    out: dict = {}
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    dd = s.experimental_distribute_dataset(tf.data.Dataset.range(16).batch(4))

    @tf.function
    def f(it):
        return s.run(lambda x: x * 2, args=(next(it),))

    out["fresh values"] = [_replicas(f(iter(dd))) for _ in range(3)]
    out["fresh count"] = f.experimental_get_tracing_count()
    it = iter(dd)
    out["same iterator values"] = [_replicas(f(it)) for _ in range(3)]
    out["same iterator count"] = f.experimental_get_tracing_count()
    cf = f.get_concrete_function(iter(dd))
    out["spec type"] = type(cf.structured_input_signature[0][0]).__name__
    out["iterator type"] = type(it).__name__
    other = s.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(2))
    out["other dataset"] = _replicas(f(iter(other)))
    out["other dataset count"] = f.experimental_get_tracing_count()
    floats = s.experimental_distribute_dataset(
        tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0, 4.0]).batch(2))
    out["float dataset"] = _replicas(f(iter(floats)))
    out["float dataset count"] = f.experimental_get_tracing_count()

    @tf.function
    def opt(it):
        o = it.get_next_as_optional()
        return o.has_value()

    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(4)))
    out["optional"] = [bool(opt(it)) for _ in range(2)]
    out["optional count"] = opt.experimental_get_tracing_count()

    @tf.function
    def total(it):
        acc = tf.constant(0, tf.int64)
        for x in it:
            acc += s.reduce("SUM", s.run(tf.reduce_sum, args=(x,)), axis=None)
        return acc

    out["for loop"] = [int(total(iter(dd))), int(total(iter(other)))]
    out["for loop count"] = total.experimental_get_tracing_count()
    one = tf.distribute.MirroredStrategy(["/cpu:0"])
    d1 = one.experimental_distribute_dataset(tf.data.Dataset.range(16).batch(4))

    @tf.function
    def g(it):
        return next(it)

    out["one replica"] = [_replicas(g(iter(d1))) for _ in range(2)]
    out["one replica count"] = g.experimental_get_tracing_count()
    out["one replica inputs"] = _resource_inputs(g.get_concrete_function(iter(d1)).graph)
    out["inputs"] = _resource_inputs(cf.graph)
    out["concrete call"] = _replicas(cf(iter(dd)))
    dealt = s.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(8).batch(2))
    out["from function inputs"] = _resource_inputs(
        opt.get_concrete_function(iter(dealt)).graph)
    return out


def _resource_inputs(graph: Any) -> dict:
    """A traced graph's resource placeholders (TF feeds a distributed iterator as its
    multi-device iterator's resource, then one per device) and those its ops read."""
    names = [op.outputs[0].name for op in graph.get_operations() if op.type == "Placeholder"
             and op.outputs[0].dtype.name == "resource"]
    read = {t.name for op in graph.get_operations() for t in op.inputs}
    return {"placeholders": names, "read": [n for n in names if n in read]}


def nested(tf: Any) -> dict:
    """An iterator argument handed on to another tf.function, an eager iterator handed to
    one from a function reading it by reference, and a training step on a variable."""
    out: dict = {}
    ds = tf.data.Dataset.range(10)

    @tf.function
    def inner(it):
        return next(it)

    @tf.function
    def outer(it):
        return inner(it) + inner(it) * 10

    out["outer"] = [outcome(lambda: outer(iter(ds))) for _ in range(2)]
    it = iter(ds)

    @tf.function
    def closure():
        return inner(it) * 100

    out["closure"] = [outcome(closure) for _ in range(2)]
    out["counts"] = [outer.experimental_get_tracing_count(),
                     inner.experimental_get_tracing_count(),
                     closure.experimental_get_tracing_count()]
    x = tf.Variable(2.0)

    @tf.function
    def step(it):
        with tf.GradientTape() as tape:
            loss = next(it) * x
        x.assign_sub(0.5 * tape.gradient(loss, x))
        return loss

    it = iter(tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]))
    out["step"] = [outcome(lambda: step(it)) for _ in range(3)]
    out["step variable"] = outcome(lambda: x.read_value())
    out["step count"] = step.experimental_get_tracing_count()

    @tf.function
    def keyed(it, training=True):
        return next(it) if training else -next(it)

    out["keyed"] = [outcome(lambda: keyed(iter(ds.shuffle(3, seed=1).take(1)))),
                    outcome(lambda: keyed(iter(ds.map(lambda v: v + 1)), training=True)),
                    outcome(lambda: keyed(it=iter(ds.skip(4)), training=False))]
    out["keyed count"] = keyed.experimental_get_tracing_count()
    return out


GROUPS = {"keys": keys, "nested": nested, "specificity": specificity, "mixed": mixed,
          "reads": reads, "errors": errors, "distributed": distributed}


def run(tf: Any) -> dict:
    return {name: make(tf) for name, make in GROUPS.items()}
