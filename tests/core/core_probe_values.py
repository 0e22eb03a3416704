"""core_probe_cases' programs of values and checks: tf.Variable, tf.Module, type specs,
ExtensionType, py_function/numpy_function, tf.debugging, tf.print, GradientTape."""

import logging
import sys
import typing
from typing import Any

from tests.core.core_probe_io import logged, outcome, printed


def variable(tf: Any) -> dict:
    import numpy as np

    out: dict = {}
    v = tf.Variable([1.0, 2.0], name="w")
    out["repr"] = repr(v)
    out["str"] = str(v)
    out["scalar repr"] = repr(tf.Variable(3, name="n"))
    out["int64 repr"] = repr(tf.Variable(np.int64(3)))
    out["string repr"] = repr(tf.Variable("ab"))
    out["bool repr"] = repr(tf.Variable([True, False], trainable=False))
    out["assign: shape"] = outcome(lambda: v.assign([1.0, 2.0, 3.0]))
    out["assign: dtype"] = outcome(lambda: v.assign(tf.constant([1, 2])))
    out["assign: python ints"] = outcome(lambda: v.assign([3, 4]))
    out["assign: float64"] = outcome(lambda: v.assign(np.array([5.0, 6.0])))
    out["assign_add: shape"] = outcome(lambda: v.assign_add([1.0]))
    out["assign_sub: dtype"] = outcome(lambda: v.assign_sub(tf.constant([1.0, 1.0], tf.float64)))
    out["assign: read_value=False"] = outcome(lambda: v.assign([7.0, 8.0], read_value=False))
    out["assign_add: read_value=False"] = outcome(lambda: v.assign_add([1.0, 1.0],
                                                                       read_value=False))
    out["after"] = outcome(lambda: v.numpy())
    out["assign returns"] = outcome(lambda: type(v.assign([1.0, 2.0])).__name__)
    out["shape=None variable assign"] = outcome(
        lambda: tf.Variable([1.0], shape=tf.TensorShape(None)).assign([1.0, 2.0, 3.0]))
    out["shape=[None] repr"] = outcome(lambda: tf.Variable([1.0], shape=[None]))
    out["shape incompatible"] = outcome(lambda: tf.Variable([1.0, 2.0], shape=[3]))
    out["trainable: string"] = outcome(lambda: tf.Variable(1.0, trainable="yes").trainable)
    out["trainable: None"] = outcome(lambda: tf.Variable(1.0, trainable=None).trainable)
    out["aggregation: bad"] = outcome(lambda: tf.Variable(1.0, aggregation="sum"))
    out["aggregation: enum"] = outcome(
        lambda: tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM).aggregation)
    out["synchronization: bad"] = outcome(lambda: tf.Variable(1.0, synchronization=3))
    out["on_read and trainable"] = outcome(lambda: tf.Variable(
        1.0, synchronization=tf.VariableSynchronization.ON_READ, trainable=True))
    out["on_read: trainable"] = outcome(lambda: tf.Variable(
        1.0, synchronization=tf.VariableSynchronization.ON_READ).trainable)
    out["synchronization default"] = outcome(lambda: tf.Variable(1.0).synchronization)
    out["aggregation default"] = outcome(lambda: tf.Variable(1.0).aggregation)
    out["constraint: not callable"] = outcome(lambda: tf.Variable(1.0, constraint=3))
    clipped = tf.Variable([-2.0, 0.5, 3.0], constraint=lambda x: tf.clip_by_value(x, -1.0, 1.0))
    out["constraint: initial"] = outcome(lambda: clipped.numpy())
    clipped.assign([5.0, 5.0, 5.0])
    out["constraint: after assign"] = outcome(lambda: clipped.numpy())
    out["constraint: property"] = outcome(lambda: clipped.constraint is not None)
    out["__array__"] = outcome(lambda: np.asarray(tf.Variable([[1, 2]])))
    out["__array__ dtype"] = outcome(lambda: np.array(tf.Variable([1.5]), dtype=np.int32))
    out["iteration"] = outcome(lambda: list(tf.Variable([[1, 2], [3, 4]])))
    out["iteration: scalar"] = outcome(lambda: list(tf.Variable(1.0)))
    out["len"] = outcome(lambda: len(tf.Variable([1, 2, 3])))
    out["len: scalar"] = outcome(lambda: len(tf.Variable(1)))
    out["bool: scalar"] = outcome(lambda: bool(tf.Variable(0.0)))
    out["bool: vector"] = outcome(lambda: bool(tf.Variable([1.0, 2.0])))
    out["if variable"] = outcome(lambda: "yes" if tf.Variable(2) else "no")
    out["int()"] = outcome(lambda: int(tf.Variable(3.7)))
    out["float()"] = outcome(lambda: float(tf.Variable([3])))
    out["index"] = outcome(lambda: [1, 2, 3][tf.Variable(1)])
    out["format"] = outcome(lambda: f"{tf.Variable(1.5):.2f}")
    out["hash"] = outcome(lambda: hash(tf.Variable(1.0)) is not None)
    out["eq"] = outcome(lambda: tf.Variable([1, 2]) == tf.Variable([1, 3]))
    out["ref"] = outcome(lambda: type(tf.Variable(1.0).ref()).__name__)
    out["name"] = outcome(lambda: [tf.Variable(1.0, name="a").name, tf.Variable(1.0).name])
    out["name: bad"] = outcome(lambda: tf.Variable(1.0, name="a b").name)
    out["dtype arg"] = outcome(lambda: tf.Variable(1, dtype=tf.float32))
    out["dtype arg: bad"] = outcome(lambda: tf.Variable(1.5, dtype=tf.int32))
    out["no initial value"] = outcome(lambda: tf.Variable())
    out["None initial value"] = outcome(lambda: tf.Variable(None))
    out["callable initial value"] = outcome(lambda: tf.Variable(lambda: tf.ones([2])))
    out["initial_value property"] = outcome(lambda: tf.Variable([1.0]).initial_value)
    out["read_value"] = outcome(lambda: tf.Variable([1.0]).read_value())
    out["value"] = outcome(lambda: tf.Variable([1.0]).value())
    out["get_shape"] = outcome(lambda: tf.Variable([[1.0]]).get_shape())
    out["device"] = outcome(lambda: tf.Variable(1.0).device)
    out["handle dtype"] = outcome(lambda: tf.Variable(1.0).handle.dtype)
    out["scatter_update"] = outcome(lambda: tf.Variable([1.0, 2.0, 3.0]).scatter_update(
        tf.IndexedSlices(tf.constant([9.0]), tf.constant([1]))))
    out["slice assign"] = outcome(lambda: tf.Variable([1.0, 2.0, 3.0])[1:].assign([7.0, 8.0]))
    out["setitem"] = outcome(lambda: tf.Variable([1.0]).__setitem__(0, 2.0))
    out["add variable"] = outcome(lambda: tf.Variable([1.0]) + tf.Variable([2.0]))
    out["radd python"] = outcome(lambda: 1 + tf.Variable(2))
    out["matmul"] = outcome(lambda: tf.Variable([[1.0, 2.0]]) @ tf.Variable([[1.0], [1.0]]))

    out["pickled"] = outcome(lambda: (lambda p: [p, p.trainable])(__import__("pickle").loads(
        __import__("pickle").dumps(tf.Variable([1.0, 2.0], name="pk", trainable=False)))))
    out["eval"] = outcome(lambda: tf.Variable(1.0).eval())
    out["to_proto"] = outcome(lambda: tf.Variable(1.0).to_proto())
    out["load"] = logged(lambda: (lambda w: (w.load(2.0), w.numpy()))(tf.Variable(1.0)))
    out["experimental_ref"] = logged(lambda: type(tf.Variable(1.0).experimental_ref()).__name__)
    out["getitem"] = outcome(lambda: tf.Variable([[1.0, 2.0], [3.0, 4.0]])[:, 1])
    out["sparse_read"] = outcome(lambda: tf.Variable([[1.0, 2.0], [3.0, 4.0]]).sparse_read([1]))
    out["var of var"] = outcome(lambda: tf.Variable(tf.Variable(1.0)))
    out["assign_add int by float"] = outcome(lambda: tf.Variable(1).assign_add(1.5))
    out["assign string by int"] = outcome(lambda: tf.Variable("a").assign(1))
    out["contains"] = outcome(lambda: 1 in tf.Variable([1, 2]))
    out["complex()"] = outcome(lambda: complex(tf.Variable(1.0)))

    flag = tf.Variable(True)

    @tf.function
    def if_variable():
        return 1 if flag else 2

    @tf.function
    def bool_of_variable():
        return bool(flag)

    out["if on a variable in tf.function"] = outcome(if_variable)
    out["bool() of a variable in tf.function"] = outcome(bool_of_variable)

    @tf.function
    def create_each_call(x):
        w = tf.Variable(1.0)
        return w * x

    out["created in tf.function twice"] = outcome(
        lambda: (create_each_call(tf.constant(1.0)), create_each_call(tf.constant([2.0]))))

    @tf.function
    def assign_in_graph(var, x):
        var.assign(x)
        return var.read_value()

    out["assign in tf.function: shape"] = outcome(
        lambda: assign_in_graph(tf.Variable([1.0, 2.0]), tf.constant([1.0])))
    out["assign in tf.function: dtype"] = outcome(
        lambda: assign_in_graph(tf.Variable([1.0, 2.0]), tf.constant([1, 2])))
    return out


def module(tf: Any) -> dict:
    out: dict = {}

    class Dense(tf.Module):
        def __init__(self, n_in, n_out, name=None):
            super().__init__(name=name)
            self.w = tf.Variable(tf.ones([n_in, n_out]), name="w")
            self.b = tf.Variable(tf.zeros([n_out]), name="b")
            self.count = tf.Variable(0, trainable=False, name="count")

        @tf.Module.with_name_scope
        def __call__(self, x):
            return tf.identity(x @ self.w + self.b, name="out")

    class Net(tf.Module):
        def __init__(self):
            super().__init__(name="net")
            self.z_layer = Dense(2, 3, name="z")
            self.a_layer = Dense(3, 1)
            self.layers = [Dense(1, 1, name="l0"), {"k": Dense(1, 1, name="l1")}]
            self.scale = tf.Variable(2.0, name="scale")

    net = Net()
    out["variables"] = [v.name for v in net.variables]
    out["trainable_variables"] = [v.name for v in net.trainable_variables]
    out["non_trainable_variables"] = [v.name for v in net.non_trainable_variables]
    out["submodules"] = [m.name for m in net.submodules]
    out["name"] = [net.name, net.z_layer.name, net.a_layer.name, Dense(1, 1).name]
    out["name_scope"] = [net.name_scope.name, net.a_layer.name_scope.name]
    out["bad name"] = outcome(lambda: tf.Module(name="has space"))
    out["flatten ints"] = outcome(lambda: len(net._flatten(
        predicate=lambda v: isinstance(v, tf.Variable))))

    @tf.function
    def call(x):
        return net.z_layer(x)

    graph = call.get_concrete_function(tf.TensorSpec([1, 2])).graph
    out["with_name_scope: op names"] = sorted(
        op.name for op in graph.get_operations() if op.type in ("Identity", "AddV2", "MatMul"))
    out["call eagerly"] = outcome(lambda: net.z_layer(tf.ones([1, 2])))

    class Lazy(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = None

        def __call__(self, x):
            if self.v is None:
                self.v = tf.Variable(tf.ones_like(x))
            return self.v * x

    lazy = Lazy()
    out["lazy: before"] = len(lazy.variables)
    lazy(tf.ones([2]))
    out["lazy: after"] = [v.name for v in lazy.variables]
    out["module in tuple attr"] = outcome(lambda: [m.name for m in type(
        "T", (tf.Module,), {})().submodules])

    class Named(tf.Module):
        pass

    out["class name as name"] = [Named().name, type("CamelCase2D", (tf.Module,), {})().name]
    with tf.name_scope("outer"):
        inner = tf.Module(name="inner")
    out["created under a name scope"] = inner.name_scope.name
    return out


def specs(tf: Any) -> dict:
    import numpy as np

    out: dict = {}
    s = tf.TensorSpec([None, 3], tf.float32, name="x")
    out["TensorSpec repr"] = repr(s)
    out["TensorSpec str"] = str(s)
    out["TensorSpec default"] = repr(tf.TensorSpec(None))
    out["TensorSpec unknown rank"] = repr(tf.TensorSpec(tf.TensorShape(None), tf.int32))
    out["compatible: tensor"] = s.is_compatible_with(tf.ones([2, 3]))
    out["compatible: wrong dtype"] = s.is_compatible_with(tf.ones([2, 3], tf.int32))
    out["compatible: spec"] = s.is_compatible_with(tf.TensorSpec([5, 3]))
    out["compatible: other name"] = s.is_compatible_with(tf.TensorSpec([5, 3], name="y"))
    out["compatible: numpy"] = outcome(lambda: s.is_compatible_with(np.ones([2, 3], np.float32)))
    out["compatible: list"] = outcome(lambda: s.is_compatible_with([[1.0, 2.0, 3.0]]))
    out["compatible: python int"] = outcome(lambda: tf.TensorSpec([], tf.int32)
                                            .is_compatible_with(3))
    out["eq"] = [s == tf.TensorSpec([None, 3], tf.float32, name="x"),
                 s == tf.TensorSpec([None, 3], tf.float32)]
    out["from_tensor"] = repr(tf.TensorSpec.from_tensor(tf.ones([2]), name="t"))
    out["from_spec"] = repr(tf.TensorSpec.from_spec(tf.TensorSpec([1], tf.int8, "q")))
    out["most_specific_common_supertype"] = repr(
        tf.TensorSpec([2, 3]).most_specific_common_supertype([tf.TensorSpec([4, 3])]))
    out["supertype: dtype differs"] = repr(tf.TensorSpec([2]).most_specific_common_supertype(
        [tf.TensorSpec([2], tf.int32)]))
    out["is_subtype_of"] = [tf.TensorSpec([2]).is_subtype_of(tf.TensorSpec([None])),
                            tf.TensorSpec([None]).is_subtype_of(tf.TensorSpec([2]))]
    out["bad dtype"] = outcome(lambda: tf.TensorSpec([1], "floaty"))
    out["bad shape"] = outcome(lambda: tf.TensorSpec("ab"))
    out["type_spec_from_value: tensor"] = repr(tf.type_spec_from_value(tf.ones([2])))
    out["type_spec_from_value: numpy"] = outcome(
        lambda: tf.type_spec_from_value(np.ones([2], np.int16)))
    out["type_spec_from_value: int"] = outcome(lambda: tf.type_spec_from_value(3))
    out["type_spec_from_value: list"] = outcome(lambda: tf.type_spec_from_value([1.0, 2.0]))
    out["type_spec_from_value: variable"] = outcome(
        lambda: tf.type_spec_from_value(tf.Variable([1.0])))
    out["VariableSpec"] = outcome(lambda: (lambda sp: [
        sp.shape, sp.dtype, sp.trainable, sp.alias_id, sp == tf.type_spec_from_value(
            tf.Variable([3.0])), sp.is_compatible_with(tf.Variable([2.0])),
        sp.is_compatible_with(tf.constant([1.0])), sp.is_compatible_with(tf.TensorSpec([1])),
        tf.TensorSpec([1]).is_compatible_with(sp), tf.TensorSpec([1]).is_compatible_with(
            tf.Variable([1.0])), sp == tf.TensorSpec([1]), tf.nest.flatten({"a": sp})])(
        tf.type_spec_from_value(tf.Variable([1.0]))))
    out["VariableSpec: not trainable"] = outcome(
        lambda: tf.type_spec_from_value(tf.Variable(1, trainable=False)))
    out["type_spec_from_value: sparse"] = outcome(lambda: tf.type_spec_from_value(
        tf.sparse.from_dense([[0, 1]])))
    out["type_spec_from_value: ragged"] = outcome(lambda: tf.type_spec_from_value(
        tf.ragged.constant([[1], [2, 3]])))
    out["type_spec_from_value: dict"] = outcome(lambda: tf.type_spec_from_value({"a": 1}))
    out["type_spec_from_value: string"] = outcome(lambda: tf.type_spec_from_value("s"))
    out["type_spec_from_value: dataset"] = outcome(
        lambda: tf.type_spec_from_value(tf.data.Dataset.range(3)))
    out["supertype: names"] = outcome(lambda: [
        tf.TensorSpec([1], name="a").most_specific_common_supertype([tf.TensorSpec([2], name="a")]),
        tf.TensorSpec([1], name="a").most_specific_common_supertype([tf.TensorSpec([2], name="b")]),
        tf.TensorSpec([1]).most_specific_common_supertype([tf.TensorSpec([1, 2])]),
        tf.TensorSpec([1]).most_specific_common_supertype([])])
    out["is_subtype_of: names"] = [tf.TensorSpec([1], name="a").is_subtype_of(
        tf.TensorSpec([None])), tf.TensorSpec([1], name="a").is_subtype_of(
        tf.TensorSpec([None], name="a"))]
    out["type_spec_from_value: None"] = outcome(lambda: tf.type_spec_from_value(None))
    out["type_spec_from_value: more"] = outcome(lambda: [
        tf.type_spec_from_value(x) for x in ((tf.ones([1]), tf.ones([2])), np.float32(1), True,
                                             [[1, 2], [3, 4]], tf.TensorArray(tf.float32, 2))])
    out["type_spec_from_value: ragged list"] = outcome(
        lambda: tf.type_spec_from_value([[1, 2], [3]]))
    out["SparseTensorSpec repr"] = repr(tf.SparseTensorSpec([None, 2], tf.int64))
    out["RaggedTensorSpec repr"] = repr(tf.RaggedTensorSpec([2, None], tf.int32))
    out["TensorSpec hash"] = hash(tf.TensorSpec([2])) == hash(tf.TensorSpec([2]))
    out["TensorSpec shape type"] = [type(s.shape).__name__, repr(s.shape), s.dtype.name,
                                    s.name, type(s.dtype).__name__]
    out["value_type"] = outcome(lambda: s.value_type.__name__)
    return out


def extension_type(tf: Any) -> dict:
    out: dict = {}

    class Point(tf.experimental.ExtensionType):
        x: tf.Tensor
        y: tf.Tensor
        label: str = "p"

        def norm(self):
            return tf.sqrt(self.x * self.x + self.y * self.y)

    p = Point(tf.constant([3.0, 6.0]), tf.constant([4.0, 8.0]))
    out["repr"] = repr(p)
    out["fields"] = outcome(lambda: [p.x, p.y, p.label])
    out["spec"] = repr(p._type_spec)
    out["type_spec_from_value"] = repr(tf.type_spec_from_value(p))
    out["convert python lists"] = outcome(lambda: Point([1.0], [2.0]))
    out["missing field"] = outcome(lambda: Point(tf.constant(1.0)))
    out["unknown field"] = outcome(lambda: Point(1.0, 2.0, z=3))
    out["wrong type for str"] = outcome(lambda: Point(1.0, 2.0, label=5))
    out["wrong type for tensor"] = outcome(lambda: Point("a", 2.0))
    out["immutable"] = outcome(lambda: setattr(p, "x", tf.constant(0.0)))
    out["eq"] = outcome(lambda: p == Point(tf.constant([3.0, 6.0]), tf.constant([4.0, 8.0])))
    out["method"] = outcome(lambda: p.norm())

    class Typed(tf.experimental.ExtensionType):
        values: tf.Tensor
        count: int
        names: typing.Tuple[str, ...]  # noqa: UP006 (the typing forms users write)
        shape: tf.TensorShape
        dtype: tf.DType
        maybe: typing.Optional[tf.Tensor] = None  # noqa: UP045

    t = Typed([1, 2], 3, ("a", "b"), [2], tf.int32)
    out["typed repr"] = repr(t)
    out["typed: tuple from list"] = outcome(lambda: Typed([1], 1, ["a"], [1], tf.int32).names)
    out["typed: int from float"] = outcome(lambda: Typed([1], 1.5, (), [1], tf.int32))
    out["typed: dtype from string"] = outcome(lambda: Typed([1], 1, (), [1], "float32").dtype)
    out["typed: shape from None"] = outcome(lambda: Typed([1], 1, (), None, tf.int32).shape)

    class Checked(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        def __validate__(self):
            self.values.shape.assert_is_compatible_with(self.mask.shape)
            assert self.mask.dtype == tf.bool, "mask must be boolean"

    out["validate: ok"] = outcome(lambda: Checked([1, 2], [True, False]))
    out["validate: shape"] = outcome(lambda: Checked([1, 2], [True]))
    out["validate: dtype"] = outcome(lambda: Checked([1, 2], [1, 0]))

    @tf.function
    def scale(pt, k):
        return Point(pt.x * k, pt.y * k, pt.label)

    out["in tf.function"] = outcome(lambda: scale(p, 2.0))
    out["in tf.function: traces"] = outcome(lambda: (scale(p, 3.0), scale(Point(
        tf.constant([1.0]), tf.constant([1.0])), 2.0), scale.experimental_get_tracing_count())[2])
    out["in tf.function: signature"] = outcome(
        lambda: scale.get_concrete_function(p, 2.0).pretty_printed_signature())
    out["nest.flatten"] = outcome(lambda: tf.nest.flatten(p))
    out["nest.flatten expand"] = outcome(lambda: tf.nest.flatten(p, expand_composites=True))

    class Batched(tf.experimental.BatchableExtensionType):
        values: tf.Tensor
        weight: tf.Tensor

    b = Batched(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([0.5, 1.5]))
    out["batchable: repr"] = repr(b)
    out["batchable: spec"] = repr(b._type_spec)
    out["batchable: dataset"] = outcome(lambda: [
        repr(x) for x in tf.data.Dataset.from_tensor_slices(b)])
    out["batchable: dataset batch"] = outcome(lambda: [repr(x) for x in tf.data.Dataset
                                                       .from_tensor_slices(b).batch(2)])
    out["batchable: map_fn"] = outcome(lambda: tf.map_fn(
        lambda e: Batched(e.values * e.weight, e.weight), b))
    out["batchable: element_spec"] = outcome(
        lambda: tf.data.Dataset.from_tensor_slices(b).element_spec)
    out["not batchable: slices"] = outcome(
        lambda: tf.data.Dataset.from_tensor_slices(Point([1.0], [2.0])))
    out["tf.cond"] = outcome(lambda: tf.function(lambda c: tf.cond(
        c, lambda: p, lambda: Point(p.y, p.x)))(tf.constant(False)))
    out["is_tensor"] = [tf.is_tensor(p), tf.is_tensor(b), tf.is_tensor(
        tf.experimental.StructuredTensor.from_pyval({"a": [1, 2]})),
        tf.is_tensor(tf.ragged.constant([[1]])), tf.is_tensor(tf.sparse.from_dense([[1]]))]

    class Mapped(tf.experimental.ExtensionType):
        x: tf.Tensor
        w: typing.Mapping[str, tf.Tensor] = {}

    out["mapping field"] = outcome(lambda: Mapped(1.0, w={"a": [1, 2]}))
    out["mapping: bad key"] = outcome(lambda: Mapped(1.0, w={1: [1, 2]}))
    out["no annotation"] = outcome(lambda: type(
        "Bad", (tf.experimental.ExtensionType,), {"__annotations__": {"x": list}}))
    return out


def py_function(tf: Any) -> dict:
    import numpy as np

    out: dict = {}
    x = tf.constant([1.0, 2.0])
    out["single Tout"] = outcome(lambda: tf.py_function(lambda a: a * 2, [x], tf.float32))
    out["list Tout"] = outcome(lambda: tf.py_function(lambda a: [a, a + 1], [x],
                                                      [tf.float32, tf.float32]))
    out["tuple Tout"] = outcome(lambda: tf.py_function(lambda a: (a, tf.size(a)), [x],
                                                       (tf.float32, tf.int32)))
    out["list of one Tout"] = outcome(lambda: tf.py_function(lambda a: a, [x], [tf.float32]))
    out["nested Tout"] = outcome(lambda: tf.py_function(
        lambda a: {"k": a}, [x], {"k": tf.float32}))
    out["empty Tout"] = outcome(lambda: tf.py_function(lambda a: None, [x], []))
    out["None Tout"] = outcome(lambda: tf.py_function(lambda a: None, [x], None))
    out["returns numpy"] = outcome(lambda: tf.py_function(lambda a: a.numpy() + 1, [x],
                                                          tf.float32))
    out["returns python int, Tout float"] = outcome(
        lambda: tf.py_function(lambda a: 3, [x], tf.float32))
    out["wrong dtype returned"] = outcome(lambda: tf.py_function(
        lambda a: tf.constant([1, 2]), [x], tf.float32))
    out["wrong count returned"] = outcome(lambda: tf.py_function(
        lambda a: (a, a), [x], [tf.float32]))
    out["raises ValueError"] = outcome(lambda: tf.py_function(
        lambda a: (_ for _ in ()).throw(ValueError("bad value")), [x], tf.float32))
    out["raises KeyError"] = outcome(lambda: tf.py_function(
        lambda a: {}["missing"], [x], tf.float32))
    out["raises tf error"] = outcome(lambda: tf.py_function(
        lambda a: tf.debugging.assert_equal(a, 0.0), [x], tf.float32))
    out["inp not a list"] = outcome(lambda: tf.py_function(lambda a: a, x, tf.float32))
    out["inp python values"] = outcome(lambda: tf.py_function(lambda a, b: a + b, [1, 2.0],
                                                              tf.float32))
    out["named function"] = outcome(lambda: tf.py_function(func=lambda a: a, inp=[x],
                                                           Tout=tf.float32, name="pf"))

    @tf.function
    def in_graph(a):
        y = tf.py_function(lambda t: t * 3, [a], tf.float32)
        return y, y.shape

    out["in tf.function: shape unknown"] = outcome(lambda: in_graph(x))

    @tf.function
    def in_graph_raises(a):
        return tf.py_function(lambda t: 1 / 0, [a], tf.float32)

    out["in tf.function: raises"] = outcome(lambda: in_graph_raises(x))
    out["numpy_function"] = outcome(lambda: tf.numpy_function(lambda a: a * 2, [x], tf.float32))
    out["numpy_function: input type"] = outcome(lambda: tf.numpy_function(
        lambda a: np.array(type(a).__name__), [x], tf.string))
    out["numpy_function: wrong dtype"] = outcome(lambda: tf.numpy_function(
        lambda a: a.astype(np.float64), [x], tf.float32))
    out["numpy_function: python float"] = outcome(lambda: tf.numpy_function(
        lambda a: 1.5, [x], tf.float32))
    out["numpy_function: raises"] = outcome(lambda: tf.numpy_function(
        lambda a: np.linalg.inv(np.zeros((2, 2))), [x], tf.float64))
    out["numpy_function: list Tout"] = outcome(lambda: tf.numpy_function(
        lambda a: (a, a.sum()), [x], [tf.float32, tf.float32]))
    out["numpy_function: stateful"] = outcome(lambda: tf.numpy_function(
        lambda a: a, [x], tf.float32, stateful=False))
    out["numpy_function: nested Tout"] = outcome(lambda: tf.numpy_function(
        lambda a: a, [x], {"a": tf.float32}))

    ragged = tf.RaggedTensorSpec([2, None], tf.float32)
    out["Tout: ragged"] = outcome(lambda: tf.py_function(
        lambda a: tf.RaggedTensor.from_row_lengths(a, [1, 1]), [x], ragged))
    out["Tout: ragged and dense"] = outcome(lambda: tf.py_function(
        lambda a: (tf.RaggedTensor.from_row_lengths(a, [2, 0]), a * 2), [x], [ragged, tf.float32]))
    out["Tout: ragged in tf.function"] = outcome(lambda: tf.function(lambda t: tf.py_function(
        lambda a: tf.RaggedTensor.from_row_lengths(a, [0, 2]), [t], ragged))(x))
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
    out["ragged input"] = outcome(lambda: tf.py_function(
        lambda r: (r.flat_values * 2, tf.constant(type(r).__name__)), [rt],
        [tf.float32, tf.string]))
    out["sparse input"] = outcome(lambda: tf.py_function(
        lambda s: tf.sparse.to_dense(s), [tf.sparse.from_dense([[0, 1]])], tf.int32))
    out["ragged in and out in tf.function"] = outcome(lambda: tf.function(
        lambda r: tf.py_function(lambda a: a * 2, [r], tf.RaggedTensorSpec([2, None],
                                                                          tf.float32)))(rt))
    out["Tout: string, numpy, TensorSpec"] = outcome(lambda: [
        tf.py_function(lambda a: a, [x], t) for t in ("float32", np.float32,
                                                      tf.TensorSpec([2], tf.float32))])
    out["Tout: bad"] = outcome(lambda: tf.py_function(lambda a: a, [x], 5))
    out["decorator"] = outcome(lambda: tf.py_function(Tout=tf.float32)(lambda a: a * 2)(x))
    out["returns None for a float"] = outcome(lambda: tf.py_function(lambda a: None, [x],
                                                                     tf.float32))
    out["numpy_function in tf.function: dtype"] = outcome(lambda: tf.function(
        lambda t: tf.numpy_function(lambda a: a, [t], tf.int64))(x))
    out["numpy_function in tf.function: NotImplementedError"] = outcome(lambda: tf.function(
        lambda t: tf.numpy_function(lambda a: (_ for _ in ()).throw(NotImplementedError("ni")),
                                    [t], tf.float32))(x))

    def grad_of_py():
        v = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = tf.py_function(lambda t: t * t, [v], tf.float32)
        return tape.gradient(y, v)

    out["py_function gradient"] = outcome(grad_of_py)

    def grad_of_np():
        v = tf.constant(2.0)
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = tf.numpy_function(lambda t: t * t, [v], tf.float32)
        return tape.gradient(y, v)

    out["numpy_function gradient"] = outcome(grad_of_np)
    return out


def debugging(tf: Any) -> dict:
    import numpy as np

    out: dict = {}
    d = tf.debugging
    big = tf.range(10)
    out["assert_equal"] = outcome(lambda: d.assert_equal(big, big + 1))
    out["assert_equal summarize"] = outcome(lambda: d.assert_equal(big, big + 1, summarize=3))
    out["assert_equal message"] = outcome(lambda: d.assert_equal(1, 2, message="custom msg"))
    out["assert_equal passes"] = outcome(lambda: d.assert_equal(big, big))
    out["assert_equal shapes"] = outcome(lambda: d.assert_equal(tf.ones([2]), tf.ones([3])))
    out["assert_equal dtypes"] = outcome(lambda: d.assert_equal(tf.ones([2]), tf.ones([2],
                                                                                       tf.int32)))
    out["assert_less"] = outcome(lambda: d.assert_less(tf.constant([1, 5]), 3))
    out["assert_less_equal"] = outcome(lambda: d.assert_less_equal(4.0, tf.constant([1.0, 5.0])))
    out["assert_greater"] = outcome(lambda: d.assert_greater(tf.constant([[1, 2], [3, 4]]), 2,
                                                            message="too small"))
    out["assert_near"] = outcome(lambda: d.assert_near(tf.constant([1.0, 2.0]),
                                                       tf.constant([1.0, 2.5])))
    out["assert_near rtol"] = outcome(lambda: d.assert_near(1.0, 1.05, rtol=0.1))
    out["assert_positive"] = outcome(lambda: d.assert_positive(tf.constant([1, -2, 0])))
    out["assert_non_negative"] = outcome(lambda: d.assert_non_negative([-1.0]))
    out["assert_negative empty"] = outcome(lambda: d.assert_negative(tf.zeros([0])))
    out["assert_rank"] = outcome(lambda: d.assert_rank(tf.ones([2, 3]), 1))
    out["assert_rank message"] = outcome(lambda: d.assert_rank(tf.ones([2]), 2, message="m"))
    out["assert_rank_at_least"] = outcome(lambda: d.assert_rank_at_least(tf.ones([2]), 3))
    out["assert_rank_in"] = outcome(lambda: d.assert_rank_in(tf.ones([2]), [0, 2]))
    out["assert_shapes"] = outcome(lambda: d.assert_shapes([(tf.ones([2, 3]), ("N", "D")),
                                                            (tf.ones([4]), ("N",))]))
    out["assert_type"] = outcome(lambda: d.assert_type(tf.ones([1]), tf.int32))
    out["assert_type message"] = outcome(lambda: d.assert_type(tf.ones([1]), tf.int32,
                                                               message="need ints"))
    out["assert_integer"] = outcome(lambda: d.assert_integer(tf.ones([1])))
    out["assert_all_finite"] = outcome(lambda: d.assert_all_finite(
        tf.constant([1.0, np.inf]), "found inf"))
    out["assert_proper_iterable"] = outcome(lambda: d.assert_proper_iterable("abc"))
    out["assert_scalar"] = outcome(lambda: d.assert_scalar(tf.ones([1])))
    out["Assert"] = outcome(lambda: tf.debugging.Assert(False, ["bad", tf.constant([1, 2])]))
    out["Assert summarize"] = outcome(lambda: tf.debugging.Assert(
        tf.constant(False), [tf.range(8)], summarize=2))
    out["check_numerics nan"] = outcome(lambda: d.check_numerics(
        tf.constant([1.0, np.nan]), "nan here"))
    out["check_numerics inf"] = outcome(lambda: d.check_numerics(tf.constant([np.inf]), "x"))
    out["check_numerics both"] = outcome(lambda: d.check_numerics(
        tf.constant([np.inf, np.nan, -np.inf]), "both"))
    out["check_numerics int"] = outcome(lambda: d.check_numerics(tf.constant([1]), "int"))
    out["check_numerics ok"] = outcome(lambda: d.check_numerics(tf.constant([1.0]), "ok"))

    @tf.function
    def in_graph(x):
        d.assert_equal(x, 0, message="x must be zero", summarize=2)
        return x

    out["assert in tf.function"] = outcome(lambda: in_graph(tf.constant([1, 2, 3])))

    @tf.function
    def numerics_in_graph(x):
        return d.check_numerics(tf.math.log(x), "log of x")

    unknown = [tf.TensorSpec(None)]
    two = [tf.TensorSpec([None, None])]
    out["graph: assert_rank, rank unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_rank(x, 2, message="hey") and None, input_signature=unknown)(
        tf.ones([3])))
    out["graph: assert_rank_at_least, rank unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_rank_at_least(x, 2) and None, input_signature=unknown)(tf.ones([3])))
    out["graph: assert_rank_in, rank unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_rank_in(x, [0, 2]) and None, input_signature=unknown)(tf.ones([3])))
    out["graph: assert_rank returns"] = outcome(lambda: tf.function(
        lambda x: d.assert_rank(x, 1), input_signature=unknown)(tf.ones([3])))
    out["graph: assert_scalar, rank unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_scalar(x), input_signature=unknown)(tf.ones([3])))
    out["graph: assert_shapes, size unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_shapes([(x, (2, 2))]), input_signature=two)(tf.ones([3, 3])))
    out["graph: assert_shapes, symbol"] = outcome(lambda: tf.function(
        lambda x, y: d.assert_shapes([(x, ("N", 2)), (y, ("N",))]),
        input_signature=two + [tf.TensorSpec([None])])(tf.ones([3, 2]), tf.ones([4])))
    out["graph: assert_shapes, rank unknown"] = outcome(lambda: tf.function(
        lambda x: d.assert_shapes([(x, ("N", 2))]), input_signature=unknown)(tf.ones([3])))
    out["graph: assert_shapes, static"] = outcome(lambda: tf.function(
        lambda x: d.assert_shapes([(x, ("N", 2))]))(tf.ones([3, 3])))
    out["graph: assert_shapes, static rank"] = outcome(lambda: tf.function(
        lambda x: d.assert_shapes([(x, ("N",))]))(tf.ones([3, 3])))
    out["check_numerics in tf.function"] = outcome(
        lambda: numerics_in_graph(tf.constant([-1.0])))
    return out


def printing(tf: Any) -> dict:
    import numpy as np

    out: dict = {}
    x = tf.reshape(tf.range(12), [3, 4])
    out["default"] = printed(lambda: tf.print(x))
    out["summarize 1"] = printed(lambda: tf.print(tf.range(10), summarize=1))
    out["summarize -1"] = printed(lambda: tf.print(tf.range(10), summarize=-1))
    out["summarize None"] = printed(lambda: tf.print(tf.range(10), summarize=None))
    out["summarize 0"] = printed(lambda: tf.print(tf.range(10), summarize=0))
    out["summarize 3d"] = printed(lambda: tf.print(tf.reshape(tf.range(24), [2, 3, 4]),
                                                   summarize=1))
    out["strings with quotes"] = printed(lambda: tf.print(tf.constant(
        ["a b", "c'd", 'e"f', "g\\h", "\n"])))
    out["scalar string alone and not"] = printed(lambda: (tf.print(tf.constant("s t")),
                                                          tf.print(tf.constant("s t"), "x")))
    out["placeholder-like text"] = printed(lambda: (tf.print("{}", tf.constant(1)),
                                                    tf.print(tf.constant(1), "{}")))
    out["special floats"] = printed(lambda: tf.print(tf.constant([np.nan, np.inf, -np.inf]),
                                                     tf.constant([1 + 2j, 3.5 - 1j])))
    out["unknown keyword"] = outcome(lambda: tf.print("x", bogus=1))
    out["summarize default long"] = printed(lambda: tf.print(tf.range(10)))
    out["summarize 2d"] = printed(lambda: tf.print(tf.reshape(tf.range(30), [5, 6]),
                                                   summarize=2))
    out["stdout"] = printed(lambda: tf.print("a", 1, output_stream=sys.stdout))
    out["sep and end"] = printed(lambda: tf.print("a", tf.constant(2), [3, 4], sep="|",
                                                  end="!\n"))
    out["end empty"] = printed(lambda: tf.print("no newline", end=""))
    out["nested structure"] = printed(lambda: tf.print({"b": tf.constant(1.5),
                                                        "a": [tf.constant([1, 2]), "s"]}))
    out["strings"] = printed(lambda: tf.print(tf.constant(["x", "y"]), "z"))
    out["bool and float"] = printed(lambda: tf.print(tf.constant([True, False]),
                                                     tf.constant([0.1, 1e-8, 123456.7])))
    out["float64 and half"] = printed(lambda: tf.print(tf.constant([1 / 3], tf.float64),
                                                       tf.constant([1 / 3], tf.float16)))
    out["scalar and empty"] = printed(lambda: tf.print(tf.constant(5), tf.zeros([0]),
                                                       tf.zeros([2, 0])))
    out["variable"] = printed(lambda: tf.print(tf.Variable([1.0, 2.0])))
    out["numpy"] = printed(lambda: tf.print(np.array([1.5, 2.5])))
    out["no args"] = printed(lambda: tf.print())
    out["bad stream"] = outcome(lambda: tf.print("x", output_stream="nowhere"))
    out["file stream"] = outcome(lambda: tf.print("x", output_stream="file:///nonexistent/dir/f"))
    out["returns"] = printed(lambda: tf.print("r") is None)
    out["log streams"] = [outcome(lambda: tf.print("logged", output_stream=s)) for s in (
        tf.compat.v1.logging.info, tf.compat.v1.logging.warn, tf.compat.v1.logging.error, 20,
        30, 40, tf.compat.v1.logging.INFO, logging.info, tf.get_logger().info, "stdout")]

    @tf.function
    def in_graph(t):
        tf.print("in graph:", t, summarize=2, output_stream=sys.stdout)
        return t

    out["in tf.function"] = printed(lambda: in_graph(tf.range(5)))
    return out


def tape(tf: Any) -> dict:
    out: dict = {}
    v = tf.Variable(2.0)
    w = tf.Variable(3.0)

    def unwatched():
        with tf.GradientTape(watch_accessed_variables=False) as t:
            t.watch(v)
            y = v * w
        return t.gradient(y, [v, w]), [x.name for x in t.watched_variables()]

    out["watch_accessed_variables=False"] = outcome(unwatched)

    def not_persistent():
        x = tf.constant(3.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        t.gradient(y, x)
        return t.gradient(y, x)

    out["second gradient, not persistent"] = outcome(not_persistent)

    def gradient_inside():
        x = tf.constant(3.0)
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
            g = t.gradient(y, x)
        return g

    out["gradient inside persistent context"] = logged(gradient_inside)

    def constant_not_watched():
        x = tf.constant(3.0)
        with tf.GradientTape() as t:
            y = x * x
        return t.gradient(y, x)

    out["constant not watched"] = outcome(constant_not_watched)

    def unconnected(mode):
        x = tf.constant([1.0, 2.0])
        z = tf.constant(1.0)
        with tf.GradientTape() as t:
            t.watch([x, z])
            y = z * 2.0
        return t.gradient(y, x, unconnected_gradients=mode)

    out["unconnected none"] = outcome(lambda: unconnected(tf.UnconnectedGradients.NONE))
    out["unconnected zero"] = outcome(lambda: unconnected(tf.UnconnectedGradients.ZERO))
    out["unconnected 'zero'"] = outcome(lambda: unconnected("zero"))
    out["unconnected bad"] = outcome(lambda: unconnected("zeros"))

    def jacobian(pfor):
        x = tf.constant([1.0, 2.0, 3.0])
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
        return t.jacobian(y, x, experimental_use_pfor=pfor)

    out["jacobian pfor"] = outcome(lambda: jacobian(True))
    out["jacobian no pfor"] = outcome(lambda: jacobian(False))

    def batch_jacobian(pfor):
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = tf.stack([x[:, 0] * x[:, 1], x[:, 0] + x[:, 1], x[:, 1]], axis=1)
        return t.batch_jacobian(y, x, experimental_use_pfor=pfor)

    out["batch_jacobian pfor"] = outcome(lambda: batch_jacobian(True))
    out["batch_jacobian no pfor"] = outcome(lambda: batch_jacobian(False))

    def jacobian_unconnected():
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.constant([1.0, 1.0, 1.0])
        return t.jacobian(y, x, unconnected_gradients="zero")

    out["jacobian unconnected zero"] = outcome(jacobian_unconnected)

    def jacobian_twice():
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * 2
        t.jacobian(y, x)
        return t.jacobian(y, x)

    out["jacobian twice, not persistent"] = outcome(jacobian_twice)

    def batch_jacobian_mismatch():
        x = tf.ones([2, 3])
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.ones([3, 2]) * tf.reduce_sum(x)
        return t.batch_jacobian(y, x)

    out["batch_jacobian batch mismatch"] = outcome(batch_jacobian_mismatch)

    def stop_recording():
        x = tf.constant(2.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
            with t.stop_recording():
                z = y * x
            y2 = y + z
        return t.gradient(y2, x)

    out["stop_recording"] = outcome(stop_recording)

    def stop_recording_outside():
        t = tf.GradientTape()
        with t.stop_recording():
            pass

    out["stop_recording outside"] = outcome(stop_recording_outside)

    def integer_target():
        x = tf.constant(3)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        return t.gradient(y, x)

    out["integer target"] = logged(integer_target)

    def integer_source_variable():
        iv = tf.Variable(2)
        with tf.GradientTape() as t:
            y = tf.cast(iv, tf.float32) * 2.0
        return t.gradient(y, iv)

    out["integer variable source"] = logged(integer_source_variable)

    def watch_int():
        with tf.GradientTape() as t:
            t.watch(tf.constant(1))
        return [x.dtype for x in t.watched_variables()]

    out["watch an int tensor"] = logged(watch_int)

    def target_list():
        x = tf.constant(2.0)
        with tf.GradientTape() as t:
            t.watch(x)
            ys = [x * x, x * 3]
        return t.gradient(ys, x)

    out["target list sums"] = outcome(target_list)

    def output_gradients():
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        return t.gradient(y, x, output_gradients=tf.constant([10.0, 100.0]))

    out["output_gradients"] = outcome(output_gradients)

    def other_shaped_output_gradients(f, og):
        # (TF checks no shape: each op's gradient takes it as it comes; Add, Sub, Mul, Pow,
        # Maximum and Minimum by a scalar the tape does not need pass it on unreduced)
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        return t.gradient(y, x, output_gradients=tf.constant(og))

    w2 = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    out["output_gradients of another shape"] = [
        outcome(lambda f=f, og=og: other_shaped_output_gradients(f, og))
        for f in (lambda x: x * 3.0, lambda x: x + 1.0, lambda x: x - 1.0, lambda x: x ** 2.0,
                  lambda x: tf.maximum(x, 2.0), lambda x: x * w2, tf.exp,
                  lambda x: tf.reduce_sum(x, axis=1))
        for og in ([4.0, 5.0, 6.0, 7.0], [[2.0, 3.0]], 2.0, [[1.0], [2.0]])]

    def batch_jacobian_of(target, persistent=False, use_pfor=True, used=False):
        x = tf.constant(2.0)
        with tf.GradientTape(persistent=persistent) as t:
            t.watch(x)
            y = x * x if target == "scalar" else tf.reshape(x, [1, 1])
        if used:
            t.gradient(y, x)
        return t.batch_jacobian(y, x, experimental_use_pfor=use_pfor)

    out["batch_jacobian: scalar target"] = [outcome(lambda a=a: batch_jacobian_of("scalar", *a))
                                            for a in ((), (False, False), (True, False),
                                                      (False, True, True))]

    def source_dict():
        x = tf.constant(1.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * 5
        return t.gradient(y, {"a": x, "b": [x, v]})

    out["sources nested"] = outcome(source_dict)

    def reset():
        x = tf.constant(2.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
            t.reset()
            y = y * x
        return t.gradient(y, x)

    out["reset"] = outcome(reset)

    def watch_python():
        with tf.GradientTape() as t:
            t.watch(3.0)

    out["watch a python float"] = outcome(watch_python)

    def tape_twice():
        t = tf.GradientTape()
        with t:
            pass
        with t:
            pass

    out["enter twice"] = outcome(tape_twice)

    def gradient_none_target():
        with tf.GradientTape() as t:
            pass
        return t.gradient(None, v)

    out["gradient of None"] = outcome(gradient_none_target)
    return out
