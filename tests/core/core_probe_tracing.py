"""core_probe_cases' programs of tracing: tf.function's traces, signatures and binding
errors, and AutoGraph's loops and branches."""

from typing import Any

from tests.core.core_probe_io import logged, outcome, plain, printed


def function(tf: Any) -> dict:
    import collections

    out: dict = {}

    @tf.function(reduce_retracing=True)
    def relaxed(x):
        return x * 2

    for n in (1, 2, 3, 4):
        relaxed(tf.ones([n]))
    out["reduce_retracing count"] = relaxed.experimental_get_tracing_count()
    out["reduce_retracing signatures"] = relaxed.pretty_printed_concrete_signatures()

    @tf.function
    def scalars(x):
        return x + 1

    for v in (1, 2, 1, 2.0, True, tf.constant(1), tf.constant(2), tf.constant(1.0)):
        scalars(v)
    out["python scalars in the key"] = scalars.experimental_get_tracing_count()
    out["python scalars signatures"] = scalars.pretty_printed_concrete_signatures()

    signed = tf.function(lambda x: x * 2,
                         input_signature=[tf.TensorSpec([None], tf.float32)])
    out["signature: int tensor"] = outcome(lambda: signed(tf.constant([1, 2])))
    out["signature: wrong rank"] = outcome(lambda: signed(tf.ones([2, 2])))
    out["signature: two args"] = outcome(lambda: signed(tf.ones([2]), tf.ones([2])))
    out["signature: python list"] = outcome(lambda: signed([1.0, 2.0]))
    out["signature: python int list"] = outcome(lambda: signed([1, 2]))
    out["signature: numpy"] = outcome(lambda: signed(__import__("numpy").ones(3)))
    out["signature: keyword"] = outcome(lambda: signed(x=tf.ones([3])))
    out["signature: bad keyword"] = outcome(lambda: signed(y=tf.ones([3])))
    out["signature: none"] = outcome(lambda: signed())
    out["signature: count"] = signed.experimental_get_tracing_count()
    out["signature: property"] = outcome(lambda: signed.input_signature)

    by_dict = tf.function(lambda d: d["a"], input_signature=[
        {"a": tf.TensorSpec([None]), "b": tf.TensorSpec([])}])
    out["signature: dict of python values"] = outcome(lambda: by_dict({"a": [1.0, 2.0], "b": 3}))
    out["signature: dict missing key"] = outcome(lambda: by_dict({"a": tf.ones([2])}))
    out["signature: dict wrong dtype"] = outcome(
        lambda: by_dict({"a": tf.ones([2], tf.int32), "b": 1.0}))
    pair = collections.namedtuple("pair", "x y")
    by_pair = tf.function(lambda p: p.x + p.y, input_signature=[
        pair(tf.TensorSpec([]), tf.TensorSpec([]))])
    out["signature: namedtuple"] = outcome(lambda: by_pair(pair(1.0, 2.0)))
    out["signature: tuple for a namedtuple"] = outcome(lambda: by_pair((1.0, 2.0)))
    out["signature: conversion errors"] = outcome(lambda: [outcome(
        lambda v=v: tf.function(lambda t: t, input_signature=[tf.TensorSpec([])])(v))
        for v in (None, "a", [1, "a"], {"x": 1})])

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.int32)])
    def two(a, b):
        return a * tf.cast(b, tf.float32)

    out["signature: second wrong"] = outcome(lambda: two(tf.ones([2]), tf.constant(1.0)))
    out["signature: shape"] = outcome(lambda: two(tf.ones([3]), 1))
    out["signature: printed"] = two.pretty_printed_concrete_signatures()

    def bad_signature():
        return tf.function(lambda x: x, input_signature=5)

    out["signature: not a list"] = outcome(bad_signature)
    out["signature: too short"] = outcome(
        lambda: tf.function(lambda x, y: x, input_signature=[tf.TensorSpec([])])(1.0, 2.0))

    @tf.function
    def nested(d, scale=None):
        r = d["a"] + d["b"][0] * d["b"][1]
        return r if scale is None else r * scale

    spec = {"a": tf.TensorSpec([None], tf.float32, name="a"),
            "b": [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)]}
    cf = nested.get_concrete_function(spec)
    out["nested concrete: inputs"] = outcome(lambda: cf.structured_input_signature)
    out["nested concrete: outputs"] = outcome(lambda: cf.structured_outputs)
    out["nested concrete: printed"] = outcome(lambda: cf.pretty_printed_signature())
    out["nested concrete: call"] = outcome(lambda: cf({"a": tf.ones([2]), "b": [
        tf.constant(2.0), tf.constant(3.0)]}))
    out["nested concrete: call flat"] = outcome(lambda: cf(tf.ones([2])))
    cf2 = nested.get_concrete_function(spec, scale=tf.TensorSpec([], tf.float32))
    out["nested concrete: scale"] = outcome(lambda: cf2.pretty_printed_signature())
    out["nested concrete: scale 3"] = outcome(lambda: nested.get_concrete_function(spec, 3.0)
                                              .pretty_printed_signature())
    out["nested: all"] = nested.pretty_printed_concrete_signatures()
    out["concrete: wrong dtype"] = outcome(lambda: cf({"a": tf.ones([2], tf.float64), "b": [
        tf.constant(2.0), tf.constant(3.0)]}))
    out["concrete: missing"] = outcome(lambda: cf({"a": tf.ones([2])}))
    out["concrete: python float"] = outcome(lambda: cf({"a": tf.ones([2]), "b": [2.0, 3.0]}))

    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(1.0)

        @tf.function
        def step(self, x):
            return self.v * x

        def scale(self, x):
            return self.v * x * 2

    a, b = Counter(), Counter()
    a.step(tf.constant(2.0))
    a.step(tf.constant(3.0))
    b.step(tf.constant(2.0))
    out["method: count a"] = a.step.experimental_get_tracing_count()
    out["method: count b"] = b.step.experimental_get_tracing_count()
    out["method: class attribute"] = type(Counter.__dict__["step"]).__name__
    out["method: concrete"] = plain(a.step.get_concrete_function(
        tf.TensorSpec([], tf.float32)).pretty_printed_signature())
    bound = tf.function(a.scale)
    out["bound: call"] = outcome(lambda: bound(tf.constant(4.0)))
    out["bound: signature"] = outcome(lambda: bound.get_concrete_function(
        tf.constant(1.0)).pretty_printed_signature())

    @tf.function
    def defaults(x, n=2, flag=False):
        return x * n if not flag else -x

    defaults(tf.constant(1.0))
    defaults(tf.constant(1.0), 3)
    defaults(tf.constant(1.0), n=3)
    defaults(tf.constant(1.0), flag=True)
    out["defaults: count"] = defaults.experimental_get_tracing_count()
    out["defaults: printed"] = defaults.pretty_printed_concrete_signatures()
    out["defaults: unexpected"] = outcome(lambda: defaults(tf.constant(1.0), m=1))
    out["defaults: too many"] = outcome(lambda: defaults(1, 2, 3, 4))
    out["defaults: twice"] = outcome(lambda: defaults(1, x=2))
    out["no trace count yet"] = tf.function(lambda: 1).experimental_get_tracing_count()
    out["concrete of none"] = outcome(lambda: tf.function(lambda: None)
                                      .get_concrete_function().structured_outputs)
    out["concrete of none printed"] = outcome(
        lambda: tf.function(lambda: None).get_concrete_function().pretty_printed_signature())
    out["concrete of dict printed"] = outcome(
        lambda: tf.function(lambda x: {"y": x, "z": (x, 1)}).get_concrete_function(
            tf.TensorSpec([2, None], tf.int64)).pretty_printed_signature())
    return out


def function_keys(tf: Any) -> dict:
    import collections
    import enum

    import numpy as np

    out: dict = {}

    @tf.function
    def ident(x):
        return x

    point = collections.namedtuple("point", "a b")
    def call_ident():
        for v in ([1, 2], (1, 2), point(1, 2), {"a": tf.constant(1)}, {"a": tf.constant(2)},
                  np.float32(1.5), np.float32(2.5), np.int64(3), np.bool_(True)):
            ident(v)

    out["structures and numpy scalars: log"] = logged(call_ident)
    out["structures and numpy scalars: count"] = ident.experimental_get_tracing_count()
    out["structures and numpy scalars"] = ident.pretty_printed_concrete_signatures()

    class Color(enum.Enum):
        RED = 1

    class Thing:
        pass

    def helper():
        pass

    one, two = Thing(), Thing()

    @tf.function
    def by_object(o, x):
        return x

    def call_by_object():
        for o in (one, two, one, Color.RED, tf.float32, helper, Thing, range(3)):
            by_object(o, 1)

    out["objects: log"] = logged(call_by_object)
    out["objects: count"] = by_object.experimental_get_tracing_count()
    out["objects"] = plain(by_object.pretty_printed_concrete_signatures())
    out["objects: unhashable"] = outcome(lambda: by_object(slice(1, 2), 1))
    out["objects: bytearray"] = outcome(lambda: by_object(bytearray(b"ab"), 1))

    @tf.function
    def by_shape(s, x):
        return x

    kept = tf.TensorShape([2, 3])

    def call_by_shape():
        # (a shape is keyed by a weak reference: an equal live one matches, a temporary
        # dies with its call and matches nothing after)
        for make in (lambda: tf.TensorShape([2, 3]), lambda: tf.TensorShape([2, 3]),
                     lambda: kept, lambda: tf.TensorShape([2, 3]), lambda: [kept],
                     lambda: [tf.TensorShape([2, 3])], lambda: tf.TensorShape(None)):
            by_shape(make(), 1)

    out["shapes: log"] = logged(call_by_shape)
    out["shapes: count"] = by_shape.experimental_get_tracing_count()
    out["shapes"] = plain(by_shape.pretty_printed_concrete_signatures())
    scf = by_shape.get_concrete_function(kept, tf.TensorSpec([]))
    out["shapes: concrete inputs"] = [type(a).__name__ for a in scf.structured_input_signature[0]]
    out["shapes: concrete call"] = [outcome(lambda s=s: scf(s, tf.constant(1.0))) for s in (
        kept, tf.TensorShape([2, 3]), tf.TensorShape([2]), [2, 3])]

    class Equal:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return isinstance(other, Equal) and other.v == self.v

        def __hash__(self):
            return hash(self.v)

    class EqualOnly:  # (unhashable: no trace type)
        def __eq__(self, other):
            return True

    def call_by_equal():
        first = Equal(1)
        for make in (lambda: first, lambda: Equal(1), lambda: Equal(2), lambda: Equal(2)):
            by_object(make(), 2)
        return by_object.experimental_get_tracing_count()

    out["objects: equal ones"] = outcome(call_by_equal)
    out["objects: eq without hash"] = outcome(lambda: by_object(EqualOnly(), 2))

    @tf.function
    def star(*args, **kwargs):
        return len(args) + len(kwargs)

    out["*args **kwargs"] = outcome(lambda: star(1, 2, a=3))
    cf = star.get_concrete_function(tf.TensorSpec([]), b=tf.TensorSpec([]))
    out["*args **kwargs: signature"] = outcome(lambda: cf.pretty_printed_signature())
    out["*args **kwargs: call"] = outcome(lambda: cf(tf.constant(1.0), b=tf.constant(2.0)))
    out["*args **kwargs: missing"] = outcome(lambda: cf(tf.constant(1.0)))
    icf = ident.get_concrete_function(tf.TensorSpec([2], tf.int32))
    out["concrete: attributes"] = outcome(lambda: [icf.inputs, icf.outputs, icf.variables,
                                                   icf.structured_outputs,
                                                   icf.name.startswith(b"__inference_ident_")])
    out["concrete: function_type"] = outcome(lambda: icf.function_type)
    out["function: names"] = [ident.__name__, ident.__doc__, type(ident).__name__,
                              tf.function(function_keys).__doc__]
    return out


def autograph(tf: Any) -> dict:
    out: dict = {}

    @tf.function
    def over_dataset(ds):
        total = tf.constant(0, tf.int64)
        for x in ds:
            total += x
        return total

    out["for over a dataset"] = outcome(lambda: over_dataset(tf.data.Dataset.range(5)))

    @tf.function
    def over_dataset_break(ds):
        total = tf.constant(0, tf.int64)
        for x in ds:
            if x > 2:
                break
            total += x
        return total

    out["for over a dataset, break"] = outcome(
        lambda: over_dataset_break(tf.data.Dataset.range(10)))

    @tf.function
    def over_tensor(t):
        acc = tf.zeros([2])
        n = 0
        for row in t:
            acc += row
            n += 1
        return acc, n

    out["for over a tensor"] = outcome(lambda: over_tensor(tf.reshape(tf.range(6.0), [3, 2])))

    @tf.function
    def over_list(x):
        ys = []
        for k in [1, 2, 3]:
            ys.append(x * k)
        return tf.stack(ys)

    out["for over a python list"] = outcome(lambda: over_list(tf.constant(2.0)))
    out["for over a python list: ops"] = outcome(lambda: len(
        over_list.get_concrete_function(tf.constant(2.0)).graph.get_operations()))

    @tf.function
    def loop_control(n):
        i = tf.constant(0)
        s = tf.constant(0)
        while i < n:
            i += 1
            if i % 2 == 0:
                continue
            if i > 7:
                break
            s += i
        return s

    out["while, break and continue"] = outcome(lambda: loop_control(tf.constant(20)))

    @tf.function
    def early_return(n):
        i = tf.constant(0)
        while i < n:
            if i * i > 10:
                return i
            i += 1
        return -1

    out["while with return"] = outcome(lambda: early_return(tf.constant(100)))
    out["while with return, none"] = outcome(lambda: early_return(tf.constant(2)))

    @tf.function
    def for_range_return(n):
        for i in tf.range(n):
            if i == 3:
                return i * 10
        return tf.constant(-1)

    out["for range with return"] = outcome(lambda: for_range_return(tf.constant(5)))

    @tf.function
    def mismatched(x):
        if x > 0:
            y = tf.constant(1)
        else:
            y = tf.constant(1.0)
        return y

    out["if: branch dtypes differ"] = outcome(lambda: mismatched(tf.constant(1)))

    @tf.function
    def mismatched_shape(x):
        if x > 0:
            y = tf.zeros([2])
        else:
            y = tf.zeros([3])
        return y

    out["if: branch shapes differ"] = outcome(
        lambda: mismatched_shape(tf.constant(1)).shape)

    @tf.function
    def one_branch(x):
        if x > 0:
            y = x * 2
        return y

    out["if: defined in one branch"] = outcome(lambda: one_branch(tf.constant(1)))

    @tf.function
    def none_in_branch(x):
        if x > 0:
            y = x
        else:
            y = None
        return y

    out["if: None in one branch"] = outcome(lambda: none_in_branch(tf.constant(1)))

    @tf.function
    def loop_defined(n):
        i = tf.constant(0)
        while i < n:
            z = i * 2
            i += 1
        return z

    out["while: defined inside"] = outcome(lambda: loop_defined(tf.constant(3)))

    @tf.function
    def loop_dtype(n):
        v = tf.constant(0)
        while v < n:
            v = tf.cast(v, tf.float32) + 1.0
        return v

    out["while: dtype changes"] = outcome(lambda: loop_dtype(tf.constant(3)))

    @tf.function
    def loop_shape(n):
        v = tf.zeros([1])
        for _ in tf.range(n):
            v = tf.concat([v, v], 0)
        return v

    out["for: shape changes"] = outcome(lambda: loop_shape(tf.constant(3)))

    @tf.function
    def loop_shape_invariant(n):
        v = tf.zeros([1])
        for _ in tf.range(n):
            tf.autograph.experimental.set_loop_options(
                shape_invariants=[(v, tf.TensorShape([None]))])
            v = tf.concat([v, v], 0)
        return v

    out["for: shape invariants"] = outcome(lambda: loop_shape_invariant(tf.constant(3)))

    @tf.function
    def python_print(x):
        print("traced with", x.shape)
        tf.print("running with", x)
        return x + 1

    def prints_twice():
        python_print(tf.constant(1))
        python_print(tf.constant(2))
        python_print(tf.constant([3, 4]))

    out["print vs tf.print"] = printed(prints_twice)

    def summed(x, n):
        total = 0
        for i in range(n):
            if x > i:
                total += i
        return total

    code = tf.autograph.to_code(summed)
    out["to_code: first line"] = code.splitlines()[0]
    out["to_code: is str"] = type(code).__name__
    out["to_graph"] = outcome(lambda: tf.autograph.to_graph(summed)(tf.constant(3), 4))
    return out


def autograph_loops(tf: Any) -> dict:
    out: dict = {}

    @tf.function
    def none_before(n):
        y = None
        for i in tf.range(n):
            y = i * 2
        return y

    out["None before a loop"] = outcome(lambda: none_before(tf.constant(3)))
    out["None before a loop, no iteration"] = outcome(lambda: none_before(tf.constant(0)))

    @tf.function
    def undefined_before(n):
        i = tf.constant(0)
        while i < n:
            z = tf.cast(i, tf.float32)
            w = [z, z]
            i += 1
        return z, w

    out["undefined before a while"] = outcome(lambda: undefined_before(tf.constant(2)))
    out["undefined before a while, no iteration"] = outcome(
        lambda: undefined_before(tf.constant(0)))

    @tf.function
    def stays_none(n):
        y = None
        for _ in tf.range(n):
            y = None
        return y

    out["None before and after"] = outcome(lambda: stays_none(tf.constant(2)))

    @tf.function
    def none_then_branch(n):
        y = None
        for i in tf.range(n):
            if i > 0:
                y = i
        return y

    out["None, set in one branch"] = outcome(lambda: none_then_branch(tf.constant(3)))

    @tf.function
    def undefined_then_branch(n):
        for i in tf.range(n):
            if i > 0:
                z = i
        return z

    out["undefined, set in one branch"] = outcome(lambda: undefined_then_branch(tf.constant(3)))

    @tf.function
    def append_in_loop(n):
        items = []
        for i in tf.range(n):
            items.append(i)
        return items

    out["python list append in a loop"] = outcome(lambda: append_in_loop(tf.constant(3)))

    @tf.function
    def enum_zip(x, y):
        s = tf.constant(0)
        for i, (a, b) in enumerate(zip(x, y)):
            s += a * b + i
        return s

    out["enumerate and zip over tensors"] = outcome(
        lambda: enum_zip(tf.constant([1, 2]), tf.constant([3, 4])))

    @tf.function
    def assert_statement(x):
        assert x > 0, "x must be positive"
        return x

    out["assert statement"] = outcome(lambda: assert_statement(tf.constant(-1)))

    @tf.function
    def loop_else(n):
        s = 0
        for i in tf.range(n):
            s += i
        else:
            s += 100
        return s

    out["for-else"] = outcome(lambda: loop_else(tf.constant(3)))

    @tf.function
    def len_of(x):
        return len(x)

    out["len of a tensor"] = outcome(lambda: len_of(tf.constant([1, 2, 3])))
    out["len of unknown length"] = outcome(lambda: tf.function(
        len_of.python_function, input_signature=[tf.TensorSpec([None])])(tf.ones([3])))

    @tf.function(autograph=False)
    def without_autograph(x):
        if x > 0:
            return 1
        return 0

    out["autograph=False, if on a tensor"] = outcome(
        lambda: without_autograph(tf.constant(1)))
    return out
