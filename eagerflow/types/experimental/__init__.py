"""tf.types.experimental: the abstract types of tf.function's objects, TensorLike, TraceType."""

from eagerflow._src.function.function_type import (  # noqa: F401
    Callable, ConcreteFunction, FunctionType, GenericFunction, PolymorphicFunction,
    SupportsTracingProtocol, TraceType,
)
from eagerflow._src.function.function_type import AtomicFunctionType as AtomicFunction  # noqa: F401
from eagerflow._src.function.function_type import tensor_like as _tensor_like
from eagerflow._src.ops.variables import Variable as _Variable
from eagerflow.types.experimental import distributed  # noqa: F401

TensorLike = _tensor_like(_Variable)
