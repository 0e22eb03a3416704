# Cells of TF's guide "Better performance with tf.function" (tracing, concrete functions,
# their signatures) and of the tf.types / AutoGraph error behaviour it relies on.
import contextlib
import traceback

import tensorflow as tf


@contextlib.contextmanager
def assert_raises(error_class):
    try:
        yield
    except error_class as e:  # the guide prints error_class, whose module path is TF's own
        print(f"Caught expected exception \n  {error_class.__name__}:")
        print(type(e).__name__ + ":", str(e).splitlines()[-1].strip())
    except Exception as e:
        print(f"Got unexpected exception \n  {type(e)}:")
        traceback.print_exc()
    else:
        raise Exception(f"Expected {error_class} to be raised but no exception was raised.")


@tf.function
def double(a):
    print("Tracing with", a)
    return a + a


print(double(tf.constant(1)))
print()
print(double(tf.constant(1.1)))
print()
print(double(tf.constant("a")))
print()
print(double.pretty_printed_concrete_signatures())

print("Obtaining concrete trace")
double_strings = double.get_concrete_function(tf.constant("a"))
print("Executing traced function")
print(double_strings(tf.constant("a")))
print(double_strings(a=tf.constant("b")))

double_strings_from_inputspec = double.get_concrete_function(
    tf.TensorSpec(shape=[], dtype=tf.string))
print(double_strings_from_inputspec(tf.constant("c")))
print(double_strings)
print(double_strings.function_type)
print(repr(double_strings.function_type))
print(double.function_type)
print(repr(double.function_type))

with assert_raises(tf.errors.InvalidArgumentError):
    double_strings(tf.constant(1))


@tf.function
def pow(a, b):
    return a ** b


square = pow.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
print(square)
assert square(tf.constant(10.0)) == 100
with assert_raises(TypeError):
    square(tf.constant(10.0), b=3)

print(square.pretty_printed_signature())
print(square.pretty_printed_signature(verbose=False))
print(str(square.inference_fn).replace(square.inference_fn.name.decode(), "NAME"))
print(square.inference_fn(tf.constant(3.0), 2))
print(square.inference_fn.call_flat(tf.constant(4.0)))
print([repr(p) for p in square.function_type.parameters.values()])
print([repr(p) for p in pow.function_type.parameters.values()])
print(square.function_type.output)
print(list(square.function_type.captures))

v = tf.Variable(2.0)


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="x")])
def scale(x):
    return {"scaled": x * v, "shape": tf.shape(x)}


print(scale.function_type)
print(scale.pretty_printed_concrete_signatures(verbose=False))
print(len(scale.get_concrete_function().function_type.captures))


@tf.function
def many(a, *args, b, c=3, **kw):
    return a + b


many(tf.constant(1.0), 2, b=tf.constant(2.0))
print(many.function_type)
print(many.pretty_printed_concrete_signatures(verbose=False))


@tf.function
def nothing():
    return None


print(nothing.pretty_printed_concrete_signatures())

print(isinstance(double, tf.types.experimental.PolymorphicFunction),
      isinstance(double, tf.types.experimental.GenericFunction),
      isinstance(double_strings, tf.types.experimental.ConcreteFunction),
      isinstance(double_strings, tf.types.experimental.Callable),
      isinstance(double_strings.inference_fn, tf.types.experimental.AtomicFunction),
      isinstance(double.function_type, tf.types.experimental.FunctionType))
print(isinstance(tf.constant(1.0), tf.types.experimental.TensorLike),
      isinstance(3, tf.types.experimental.TensorLike),
      isinstance(v, tf.types.experimental.TensorLike),
      isinstance(object(), tf.types.experimental.TensorLike),
      isinstance(tf.TensorSpec([2]), tf.types.experimental.TraceType))


class Custom(Exception):
    def __init__(self, a, b):
        super().__init__(f"{a}/{b}")


for make in (lambda: ValueError("v"), lambda: ZeroDivisionError("z"), lambda: Custom(1, 2),
             lambda: KeyError("k"), lambda: IndexError("i")):
    @tf.function
    def fails(x):
        raise make()

    try:
        fails(tf.constant(1))
    except Exception as e:
        print(type(e).__name__, [c.__name__ for c in type(e).__mro__][1:3],
              str(e).splitlines()[0], "|", str(e).splitlines()[-1].strip())
