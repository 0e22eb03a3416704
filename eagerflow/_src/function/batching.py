"""tf.nondifferentiable_batch_function: a decorator whose calls run through BatchFunction.

Sits in function/ over polymorphic.py (each call traces the function, as TF's decorator
does) and ops/runtime_ops.py (the BatchFunction op). TF's op gathers concurrent calls'
inputs into one batch, runs the function once on it and gives each caller its rows back;
the function sees each row alone either way (it must treat rows independently to be
batched), so eagerflow runs each call on its own inputs: every caller gets what TF gives
it, without the wait for a batch. Neither registers a gradient.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import nest
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.function.polymorphic import function
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.runtime_ops import BATCH_FUNCTION, check_batch_inputs


def nondifferentiable_batch_function(num_batch_threads: int, max_batch_size: int,
                                     batch_timeout_micros: int,
                                     allowed_batch_sizes: Any = None,
                                     max_enqueued_batches: int = 10, autograph: bool = True,
                                     enable_large_batch_splitting: bool = True) -> Callable:
    """Decorates a function of Tensors batched along their first dimension; its calls
    return the function's outputs for their own inputs (a Tensor, or a list/tuple)."""
    def decorator(fn: Callable) -> Callable:
        def decorated(*args: Any) -> Any:
            # (read when called, as TF's op reads them: TF's decorator takes anything)
            attrs = dict(num_batch_threads=int(num_batch_threads),
                         max_batch_size=int(max_batch_size),
                         batch_timeout_micros=int(batch_timeout_micros),
                         allowed_batch_sizes=tuple(int(s) for s in allowed_batch_sizes or ()),
                         max_enqueued_batches=int(max_enqueued_batches),
                         enable_large_batch_splitting=bool(enable_large_batch_splitting))
            computation = function(fn, autograph=autograph)
            # (TF reads each argument's dtype first: a non-tensor fails there)
            concrete = computation.get_concrete_function(*[
                TensorSpec(dtype=x.dtype, shape=x.shape, name=f"batch_{i}")
                for i, x in enumerate(args)])
            for a in args:
                if not isinstance(a, Tensor):
                    raise ValueError("All arguments to functions decorated with "
                                     "`batch_function`  are supposed to be Tensors; "
                                     f"found {a!r}.")
            check_batch_inputs(args, attrs["max_batch_size"])
            outputs = concrete(*args)
            flat = nest.flatten(outputs)
            results = bind(BATCH_FUNCTION, tuple(args) + tuple(flat),
                           dict(attrs, n_args=len(args)))
            return nest.pack_sequence_as(outputs, list(results))
        return decorated
    return decorator
