"""tf.Variable arguments of a tf.function, probed as a user meets them: how many traces
(by VariableSpec: shape, dtype, trainable, alias id), the concrete functions' signatures
and inputs, assignments and reads of the variable passed, gradients through it, Keras
variables, VariableSpecs given to get_concrete_function, input signatures, SavedModels
and the retracing warning. Shared by record_variable_args.py (run under TensorFlow
2.21, writes variable_args_golden.json) and test_variable_args.py (under eagerflow)."""

import re
import tempfile
from typing import Any

from tests.core.core_probe_io import logged, outcome, plain


def _names(cf: Any) -> list:
    return [op.name for op in cf.graph.get_operations()]


def keys(tf: Any) -> dict:
    out: dict = {}
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])

    @tf.function
    def f(v):
        return v * 2

    counts = []
    for v in (a, b, tf.Variable([1.0, 2.0, 3.0]), tf.Variable([1, 2]),
              tf.Variable([1.0, 2.0], trainable=False), a):
        out.setdefault("values", []).append(outcome(lambda v=v: f(v)))
        counts.append(f.experimental_get_tracing_count())
    out["counts"] = counts
    out["signatures"] = plain(f.pretty_printed_concrete_signatures())
    cf = f.get_concrete_function(a)
    out["structured_input_signature"] = outcome(lambda: cf.structured_input_signature)
    out["pretty_printed_signature"] = plain(cf.pretty_printed_signature())
    out["inputs"] = outcome(lambda: cf.inputs)
    out["graph.inputs"] = outcome(lambda: cf.graph.inputs)
    out["captured_inputs"] = outcome(lambda: cf.captured_inputs)
    out["operations"] = _names(cf)

    @tf.function
    def g(x, y):
        return x + y

    counts = []
    for x, y in ((a, a), (a, b), (b, b), (b, a)):
        g(x, y)
        counts.append(g.experimental_get_tracing_count())
    out["alias counts"] = counts
    out["alias signatures"] = plain(g.pretty_printed_concrete_signatures())
    out["alias inputs"] = [outcome(lambda: g.get_concrete_function(a, a).inputs),
                           outcome(lambda: g.get_concrete_function(a, b).inputs)]
    out["alias operations"] = _names(g.get_concrete_function(a, a))

    @tf.function
    def h(xs, d):
        return xs[0] + xs[1] + d["k"]

    counts = []
    for xs, d in (([a, b], {"k": a}), ([b, a], {"k": b}), ([a, b], {"k": b})):
        h(xs, d)
        counts.append(h.experimental_get_tracing_count())
    out["nested counts"] = counts
    out["nested signatures"] = plain(h.pretty_printed_concrete_signatures())
    out["nested inputs"] = outcome(lambda: h.get_concrete_function([a, b], {"k": b}).inputs)

    @tf.function
    def k(x, scale=None):
        return x * scale

    out["keyword values"] = [outcome(lambda: k(a, scale=b)), outcome(lambda: k(b, scale=a))]
    out["keyword count"] = k.experimental_get_tracing_count()
    out["keyword inputs"] = outcome(lambda: k.get_concrete_function(a, scale=b).inputs)
    out["keyword signatures"] = plain(k.pretty_printed_concrete_signatures())

    @tf.function(reduce_retracing=True)
    def r(v):
        return tf.reduce_sum(v)

    out["relaxed values"] = [outcome(lambda n=n: r(tf.Variable(tf.ones([n]))))
                             for n in (1, 2, 3, 4)]
    out["relaxed count"] = r.experimental_get_tracing_count()
    out["relaxed signatures"] = plain(r.pretty_printed_concrete_signatures())
    return out


def state(tf: Any) -> dict:
    out: dict = {}
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])

    @tf.function
    def add1(v):
        v.assign_add(tf.ones_like(v))
        return v.read_value()

    out["assign values"] = [outcome(lambda v=v: add1(v)) for v in (a, b, a)]
    out["assigned"] = [a.numpy().tolist(), b.numpy().tolist()]
    out["assign count"] = add1.experimental_get_tracing_count()
    out["assign inputs"] = outcome(lambda: add1.get_concrete_function(a).inputs)
    out["assign operations"] = _names(add1.get_concrete_function(a))

    @tf.function
    def rd(v):
        return v + 0

    before = outcome(lambda: rd(a))
    a.assign([10.0, 20.0])
    out["read after an outer assign"] = [before, outcome(lambda: rd(a))]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(rd(a) * rd(b))
    out["gradient of two calls"] = outcome(lambda: tape.gradient(y, [a, b]))

    @tf.function
    def g(x, y):
        return x + y

    with tf.GradientTape() as tape:
        y = tf.reduce_sum(g(a, b) ** 2)
    out["gradient of one call"] = outcome(lambda: tape.gradient(y, [a, b]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(g(a, a) ** 2)
    out["gradient of an alias"] = outcome(lambda: tape.gradient(y, a))
    return out


def specs(tf: Any) -> dict:
    out: dict = {}
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])
    out["public VariableSpec"] = hasattr(tf, "VariableSpec")
    out["type_spec_from_value"] = outcome(lambda: tf.type_spec_from_value(a))
    spec_class = type(tf.type_spec_from_value(a))

    @tf.function
    def f(v):
        return v * 2

    cf = f.get_concrete_function(spec_class([2], tf.float32))
    out["from a spec"] = plain(str(cf))
    out["from a spec: inputs"] = outcome(lambda: cf.inputs)
    out["from a spec: call"] = outcome(lambda: cf(a))
    out["from a spec: count"] = f.experimental_get_tracing_count()
    unknown = f.get_concrete_function(spec_class([None], tf.float32))
    out["unknown shape"] = plain(str(unknown))
    out["unknown shape: call"] = outcome(lambda: unknown(tf.Variable([1.0, 2.0, 3.0])))
    out["untrainable"] = plain(str(f.get_concrete_function(
        spec_class([2], tf.float32, trainable=False))))

    @tf.function
    def f2(v):
        return v * 2

    cf = f2.get_concrete_function(a)
    out["call: another variable"] = outcome(lambda: cf(b))
    out["call: by keyword"] = outcome(lambda: cf(v=b))
    out["call: another shape"] = outcome(lambda: cf(tf.Variable([1.0, 2.0, 3.0])))
    out["call: a handle"] = outcome(lambda: cf(b.handle))
    out["call: a tensor"] = outcome(lambda: cf(tf.constant([1.0, 2.0])))
    out["call: a list"] = outcome(lambda: cf([1.0, 2.0]))
    out["call: an int variable"] = outcome(lambda: cf(tf.Variable([1, 2])))
    out["call: untrainable"] = outcome(lambda: cf(tf.Variable([1.0, 2.0], trainable=False)))
    out["call: rank 2"] = outcome(lambda: cf(tf.Variable([[1.0, 2.0]])))

    sig = tf.function(lambda x: x * 2, input_signature=[tf.TensorSpec([2], tf.float32)])
    out["tensor signature: variable"] = outcome(lambda: sig(a))
    out["tensor signature: inputs"] = outcome(lambda: sig.get_concrete_function().inputs)
    out["tensor signature: int variable"] = outcome(lambda: sig(tf.Variable([1, 2])))
    out["variable signature"] = outcome(lambda: tf.function(
        lambda x: x * 2, input_signature=[spec_class([2], tf.float32)]))
    return out


def keras_and_saving(tf: Any) -> dict:
    out: dict = {}
    kv, kw = tf.keras.Variable([1.0, 2.0]), tf.keras.Variable([5.0, 6.0])

    @tf.function
    def f(v):
        return v * 2

    out["keras values"] = [outcome(lambda: f(kv)), outcome(lambda: f(kw))]
    out["keras count"] = f.experimental_get_tracing_count()
    out["keras inputs"] = outcome(lambda: f.get_concrete_function(kv).inputs)
    out["keras captured"] = outcome(lambda: f.get_concrete_function(kv).captured_inputs)
    f(tf.Variable([1.0, 2.0]))
    out["keras then tf signatures"] = plain(f.pretty_printed_concrete_signatures())

    @tf.function
    def ka(v):
        v.assign_add(tf.ones([2]))
        return v + 0

    out["keras assign"] = outcome(lambda: ka(kv))
    out["keras assigned"] = kv.numpy().tolist()

    @tf.function
    def w(v):
        return v * 2

    def retrace() -> int:
        for n in range(1, 7):
            w(tf.Variable(tf.ones([n])))
        for _ in range(6):
            w(tf.Variable(tf.ones([3])))
        return w.experimental_get_tracing_count()

    out["retracing warning"] = logged(retrace)

    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable([1.0, 2.0])

        @tf.function
        def call(self, x):
            return x * 2

    m = M()
    m.call(m.v)
    m.call(tf.constant([1.0, 2.0]))
    d = tempfile.mkdtemp()
    out["save"] = outcome(lambda: tf.saved_model.save(m, d))
    return out


def nesting(tf: Any) -> dict:
    out: dict = {}
    a, b, c = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0]), tf.Variable([5.0, 6.0])

    @tf.function
    def inner(v, x):
        v.assign_add(x)
        return v * 2

    @tf.function
    def outer(v, w):
        return inner(v, tf.ones([2])) + inner(w, tf.ones([2])) + inner(c, tf.ones([2]))

    out["nested values"] = [outcome(lambda: outer(a, b)), outcome(lambda: outer(b, a))]
    out["nested assigned"] = [v.numpy().tolist() for v in (a, b, c)]
    out["nested counts"] = [outer.experimental_get_tracing_count(),
                            inner.experimental_get_tracing_count()]
    # (a captured handle's placeholder is named by a process-wide counter)
    out["nested operations"] = [re.sub(r"^\d+$", "N", n)
                                for n in _names(outer.get_concrete_function(a, b))]
    out["nested inputs"] = len(outer.get_concrete_function(a, b).inputs)

    @tf.function
    def square(v):
        return v * v

    @tf.function
    def two(v, w):
        return square(v) + square(w)

    with tf.GradientTape() as tape:
        y = tf.reduce_sum(two(a, b))
    out["nested gradient"] = outcome(lambda: tape.gradient(y, [a, b]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(two(a, a))
    out["nested gradient of an alias"] = outcome(lambda: tape.gradient(y, [a, b]))

    @tf.function
    def step(v):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(v * v)
        v.assign_sub(0.1 * tape.gradient(y, v))
        return y

    out["step"] = [outcome(lambda: step(a)), outcome(lambda: step(b))]
    out["stepped"] = [a.numpy().tolist(), b.numpy().tolist(), step.experimental_get_tracing_count()]

    @tf.function
    def gather(v):
        return tf.gather(v, [1]) + v.sparse_read([0])

    out["gather"] = [outcome(lambda: gather(a)), outcome(lambda: gather(b))]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(gather(b))
    out["gather gradient"] = outcome(lambda: tf.convert_to_tensor(tape.gradient(y, b)))

    @tf.function
    def same(v):
        return v

    out["returned"] = [outcome(lambda: same(a)), outcome(lambda: same(b))]

    @tf.function
    def meta(v):
        return tf.shape(v), v.shape.as_list(), v.trainable

    out["meta"] = outcome(lambda: meta(tf.Variable([[1.0]], trainable=False)))

    @tf.function
    def pair(v, w):
        return v + w

    # (an assignment's result is its variable: an alias of it)
    out["unread"] = [outcome(lambda: pair(a.assign_add([1.0, 1.0]), a)),
                     pair.experimental_get_tracing_count(), outcome(lambda: pair(a, a)),
                     pair.experimental_get_tracing_count()]
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    with strategy.scope():
        mirrored = tf.Variable([1.0, 2.0])

    @tf.function
    def triple(v):
        return v * 3

    out["mirrored then plain"] = [outcome(lambda: triple(mirrored)), outcome(lambda: triple(a)),
                                  triple.experimental_get_tracing_count()]

    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable([1.0, 2.0])

        @tf.function
        def call(self, x):
            x.assign_add([1.0, 1.0])
            return x * 2

    m = M()
    m.call(m.v)
    d = tempfile.mkdtemp()
    tf.saved_model.save(m, d)
    loaded = tf.saved_model.load(d)
    out["loaded: a variable"] = outcome(lambda: loaded.call(b))
    out["loaded: assigned"] = b.numpy().tolist()
    out["loaded: a tensor"] = outcome(lambda: loaded.call(tf.constant([1.0, 2.0])))
    return out


GROUPS = {"keys": keys, "state": state, "specs": specs, "keras_and_saving": keras_and_saving,
          "nesting": nesting}


def run(tf: Any) -> dict:
    return {name: make(tf) for name, make in GROUPS.items()}
