# ruff: noqa: E702, E701, E501, E741, UP006, UP045  (the cells as written)
# "Extension types" where the guide customizes the TypeSpec (a nested `class Spec:` with
# its own constructor, repr and properties, copied into the TypeSpec class as TF copies
# them), binds values to an input signature of that spec, and saves and loads a
# tf.Module whose functions take and return a registered (`__name__`) extension type.
import tempfile

import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).splitlines()[0][:400])


class MaskedTensor(tf.experimental.ExtensionType):
    """A tensor paired with a boolean mask."""
    __name__ = "guides.MaskedTensor"
    values: tf.Tensor
    mask: tf.Tensor

    def __validate__(self):
        self.values.shape.assert_is_compatible_with(self.mask.shape)
        assert self.mask.dtype.is_bool, "mask.dtype must be bool"

    def with_default(self, default):
        return tf.where(self.mask, self.values, default)

    class Spec:
        def __init__(self, shape, dtype=tf.float32):
            self.values = tf.TensorSpec(shape, dtype)
            self.mask = tf.TensorSpec(shape, tf.bool)

        def __repr__(self):
            return f"MaskedTensor.Spec(shape={self.shape}, dtype={self.dtype})"

        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)


mt = MaskedTensor([[1, 2, 3], [4, 5, 6]], [[True, False, True], [False, True, True]])
spec = MaskedTensor.Spec(shape=[None, 3])
print(spec, type(spec).__name__, type(spec).__qualname__, spec.shape, spec.dtype)
print(tf.type_spec_from_value(mt), mt._type_spec == tf.type_spec_from_value(mt))
print(spec.values, spec.mask)
print(spec.is_compatible_with(mt), MaskedTensor.Spec([2, 3], tf.int32).is_compatible_with(mt),
      MaskedTensor.Spec([3, 3], tf.int32).is_compatible_with(mt))
show("spec without its constructor's arguments", lambda: MaskedTensor.Spec())
def mutate(): spec.values = tf.TensorSpec([1])
show("assign a spec field", mutate)
def mutate_other(): spec.other = 1
show("assign another attribute", mutate_other)


@tf.function(input_signature=[MaskedTensor.Spec(shape=[None, 3], dtype=tf.int32)])
def masked_sum(x):
    return tf.reduce_sum(x.with_default(0), axis=1)


print(masked_sum(mt))
print(masked_sum.get_concrete_function().structured_input_signature)
print(masked_sum.get_concrete_function().pretty_printed_signature())
show("a float value", lambda: masked_sum(MaskedTensor([[1., 2., 3.]], [[True, True, False]])))
show("a tensor", lambda: masked_sum(tf.constant([[1, 2, 3]])))
show("a list", lambda: masked_sum([[1, 2, 3]]))
show("a ragged tensor", lambda: masked_sum(tf.ragged.constant([[1, 2, 3]])))


class Incomplete(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor

    class Spec:
        def __init__(self, shape):
            self.values = tf.TensorSpec(shape)


show("a Spec constructor that sets one field", lambda: Incomplete.Spec([2]))
def shadowing():
    class Shadow(tf.experimental.ExtensionType):
        values: tf.Tensor
        class Spec:
            values = 3
show("a Spec attribute shadowing a field", shadowing)
def reserved():
    class Reserved(tf.experimental.ExtensionType):
        values: tf.Tensor
        class Spec:
            def _serialize(self): return ()
show("a Spec method of a reserved name", reserved)
def registered_twice():
    class Again(tf.experimental.ExtensionType):
        __name__ = "guides.MaskedTensor"
        values: tf.Tensor
show("a name registered twice", registered_twice)
def bad_name():
    class BadName(tf.experimental.ExtensionType):
        __name__ = "no_project"
        values: tf.Tensor
show("a name without a project", bad_name)


class Module(tf.Module):
    def __init__(self):
        self.scale = tf.Variable(2.0)

    @tf.function(input_signature=[MaskedTensor.Spec([None], tf.float32)])
    def total(self, x):
        return tf.reduce_sum(x.with_default(0.0)) * self.scale

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def make(self, n):
        return {"masked": MaskedTensor(tf.range(n, dtype=tf.float32) * self.scale,
                                       tf.range(n) % 2 == 0), "n": n}


module = Module()
path = tempfile.mkdtemp()
tf.saved_model.save(module, path)
loaded = tf.saved_model.load(path)
print(loaded.total(MaskedTensor([1.0, 2.0, 3.0], [True, False, True])))
made = loaded.make(tf.constant(4))
print(type(made["masked"]).__name__, made["masked"].values, made["masked"].mask, made["n"])
print(loaded.total.concrete_functions[0].structured_input_signature)
outputs = loaded.make.concrete_functions[0].structured_outputs
print(sorted(outputs), outputs["masked"], outputs["n"])
show("loaded, a tensor", lambda: loaded.total(tf.constant([1.0])))
show("loaded, a list", lambda: loaded.total([1.0]))
show("loaded, another shape", lambda: loaded.total(MaskedTensor([[1.0]], [[True]])))
show("loaded, another dtype", lambda: loaded.total(MaskedTensor([1], [True])))


class Unregistered(tf.experimental.ExtensionType):
    values: tf.Tensor


class Keeper(tf.Module):
    @tf.function(input_signature=[Unregistered.Spec(tf.TensorSpec([None]))])
    def f(self, x):
        return x.values


show("saving an unregistered type", lambda: tf.saved_model.save(Keeper(), tempfile.mkdtemp()))
