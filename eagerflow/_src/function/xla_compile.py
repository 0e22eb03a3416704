"""tf.xla.experimental: `compile` and `jit_scope`, as TF's CPU build behaves.

Sits in function/ over polymorphic.py. eagerflow has no XLA: its graphs compile to Python
(DESIGN.md), so XLA's clustering has nothing to change, and these keep TF's contract
otherwise. `compile(computation, inputs)` runs `computation` as TF does, in a tf.function
when called eagerly, and returns its outputs as TF's does: a flat result as a list of
tensors (operations it returned run first; a result of operations alone is an
operation, which eagerly tf.function refuses to return, as TF's does), a nested one as its
structure. `jit_scope()` is a context manager that TF
refuses eagerly and that marks the ops made inside a graph for XLA (ignored here).
"""

from __future__ import annotations

import collections.abc
import contextlib
from typing import Any, Callable, Iterator

from eagerflow._src.core import nest
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.polymorphic import function
from eagerflow._src.graph.ir import Operation
from eagerflow._src.ops.control_deps import control_dependencies, group
from eagerflow._src.ops.math_base import identity


def compile(computation: Callable, inputs: Any = None) -> Any:  # noqa: A001 (TF's name)
    """Runs `computation(*inputs)` as one XLA cluster would (deprecated in TF)."""
    deprecated_call("compile", "tensorflow.python.compiler.xla.xla",
                    "xla.experimental.compile is deprecated. Consider using "
                    "`@tf.function(jit_compile=True)`.")
    if executing_eagerly():
        def xla_compile_wrapper() -> Any:
            return _compile(computation, inputs)
        # (so TF's tf.function refuses a result of operations alone, eagerly)
        return function(xla_compile_wrapper)()
    return _compile(computation, inputs)


def _compile(computation: Callable, inputs: Any) -> Any:
    inputs = [] if inputs is None else inputs
    if not isinstance(inputs, collections.abc.Sequence):
        raise TypeError("inputs must be a list")
    flat = [identity(convert_to_tensor(x)) for x in nest.flatten(inputs)]
    outputs = computation(*nest.pack_sequence_as(inputs, flat))
    if _is_flat(outputs):
        tensors, ops = _flat_outputs(outputs)
    else:
        tensors, ops = _nested_outputs(outputs), []
    if not tensors:
        return group(*ops)
    with control_dependencies(ops):
        tensors = [identity(t) for t in tensors]
    return tensors if _is_flat(outputs) else nest.pack_sequence_as(outputs, tensors)


def _nested(x: Any) -> bool:
    return isinstance(x, (collections.abc.Sequence, collections.abc.Mapping)) and \
        not isinstance(x, (str, bytes)) or hasattr(type(x), "__attrs_attrs__")


def _is_flat(outputs: Any) -> bool:
    """TF's rule: None, one value, or a list or tuple of values (none of them nested)."""
    if isinstance(outputs, collections.abc.Sequence) and not isinstance(outputs, (str, bytes)):
        return not any(_nested(o) for o in outputs)
    return not _nested(outputs)


def _flat_outputs(outputs: Any) -> tuple:
    if outputs is None:
        outputs = ()
    if not isinstance(outputs, collections.abc.Sequence) or isinstance(outputs, (str, bytes)):
        outputs = (outputs,)
    try:
        items = [o if isinstance(o, Operation) else convert_to_tensor(o) for o in outputs]
    except Exception as e:  # noqa: BLE001 (TF wraps any conversion error)
        raise ValueError("XLA computation function return values must all either be "
                         f'Operations or convertible to Tensors. Got error: "{e}"') from None
    ops = [o for o in items if isinstance(o, Operation)]
    tensors = [o for o in items if not isinstance(o, Operation)]
    if any(isinstance(o, Operation) for o in items[:len(tensors)]):
        raise ValueError("XLA computation function must return zero or more Tensor values "
                         "followed by zero or more Operations.")
    return tensors, ops


def _nested_outputs(outputs: Any) -> list:
    out = []
    for o in nest.flatten(outputs):
        if isinstance(o, Operation):
            raise ValueError("xla.compile does not support Operation as return value in "
                             "non-flat output structure. You can set returned Operations as "
                             "control dependencies of returned Tensors so Operations are "
                             "triggered when Tensors are evaluated. Operation found: "
                             f'"{o.name}"')
        try:
            out.append(convert_to_tensor(o))
        except Exception as e:  # noqa: BLE001
            raise ValueError("XLA computation function return values must all either be "
                             f'Operations or convertible to Tensors. Got error: "{e}"') \
                from None
    return out


@contextlib.contextmanager
def jit_scope(compile_ops: Any = True, separate_compiled_gradients: bool = False
              ) -> Iterator[None]:
    """Marks the ops made inside for XLA compilation (graphs only; eagerflow has no XLA,
    so the mark changes nothing)."""
    if executing_eagerly():
        raise RuntimeError("xla.experimental.jit_scope is not supported when eager "
                           "execution is enabled. Try use it inside tf.function.")
    yield
