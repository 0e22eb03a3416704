"""The op registry: one OpDef per primitive, pure data.

An OpDef says everything about a primitive in one place:

- `infer(*inputs, **attrs)`: validation and the output specs, a list of
  `(shape_tuple, DType)`, one per output. Inputs are tensors (eager or symbolic);
  it reads only `x._shape` (a tuple, dims may be None) and `x._dtype`.
- `kernel(xp, *arrays, **attrs)`: the computation over raw arrays of the array
  module `xp`. Returns an array, or a tuple of arrays for multi-output ops.
- `grad(node, *output_grads)`: input gradients built from public ops (a list with
  one entry per input, None where there is none). `node` has `.inputs`,
  `.outputs` and `.attrs`.
- `reference(*arrays, **attrs)`: an independent implementation (a Python loop or
  a NumPy formula) that the registry suites compare the kernel against.
- `samples`: `Sample`s that enroll the op in the generic suites, and
  `bad_samples`: `BadSample`s that must raise a given error class.

Eager execution, tracing, generated graph code and autodiff all use this one
definition (see dispatch.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Sample:
    """Inputs (NumPy arrays) and attrs for the generic suites.

    `grad` says whether numeric gradient checks apply (float inputs, smooth there);
    `grad_inputs` limits the check to some input positions.
    """

    inputs: tuple
    attrs: dict = field(default_factory=dict)
    grad: bool = True
    grad_inputs: tuple | None = None
    second_order: bool = True


@dataclass(frozen=True)
class BadSample:
    inputs: tuple
    attrs: dict
    error: type
    match: str = ""


@dataclass(eq=False)
class OpDef:
    name: str
    infer: Callable
    kernel: Callable
    grad: Callable | None = None
    reference: Callable | None = None
    samples: list = field(default_factory=list)
    bad_samples: list = field(default_factory=list)
    num_outputs: int = 1
    stateful: bool = False  # random or side-effecting: never folded or merged by graph passes

    def __repr__(self) -> str:
        return f"OpDef({self.name})"


REGISTRY: dict[str, OpDef] = {}


def register(op: OpDef) -> OpDef:
    if op.name in REGISTRY:
        raise ValueError(f"op {op.name} is defined twice")
    REGISTRY[op.name] = op
    return op


def all_ops() -> list[OpDef]:
    """Every registered op (importing the op modules first)."""
    import eagerflow._src.ops  # noqa: F401  (registers the op families)

    return list(REGISTRY.values())
