"""Where: the coordinates of a tensor's true (or nonzero) values, as an [n, rank] int64
matrix, for tf.where of one argument (ops/math.py's `where`).

Ops layer, just below math.py, which makes the public function. TF's Where takes the
numbers and bools as they are (no comparison with zero first: a traced graph holds the
one node) and refuses strings with its attr's error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.elementwise import _f64, _rng
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register


def _where_infer(c: Any) -> list:
    C.check_dtype("Where", c, C.NUMERIC | C.BOOL)
    return [((None, len(c._shape)) if c._shape is not None else None, dt.int64)]


def _where_kernel(xp: Any, c: Any) -> Any:
    if c.dtype == np.float16 and xp is np:  # (TF 2.21 registers no CPU kernel for half)
        raise UnimplementedError(None, None, "No WhereOp available for float16/half type on "
                                             "CPU; dying in CPU WhereOp to avoid silently "
                                             "creating costly copies from device. [Op:Where]")
    if not 1 <= c.ndim <= 8:  # (TF's WhereOp has kernels for ranks 1 to 8 alone)
        raise InvalidArgumentError(None, None, "WhereOp : Unhandled input dimensions: "
                                               f"{c.ndim} [Op:Where]")
    return xp.argwhere(c).astype(np.int64)


WHERE_INDICES = register(OpDef(
    "Where", _where_infer, _where_kernel,
    reference=lambda c: np.array([list(i) for i in np.ndindex(*c.shape) if c[i]],
                                 dtype=np.int64).reshape(-1, c.ndim),
    samples=lambda: [Sample((_rng.integers(0, 2, (3, 4)).astype(bool),), grad=False),
                     Sample((_f64(2, 3) * (_rng.integers(0, 2, (2, 3))),), grad=False)],
    bad_samples=lambda: [BadSample((np.array(["a", ""], dtype=object),), {},
                                   InvalidArgumentError, "Value for attr 'T' of string"),
                         # (recorded from TF 2.21: a scalar or a rank over 8 has no kernel)
                         BadSample((np.array(True),), {}, InvalidArgumentError,
                                   "WhereOp : Unhandled input dimensions: 0"),
                         BadSample((np.ones([1] * 9, bool),), {}, InvalidArgumentError,
                                   "WhereOp : Unhandled input dimensions: 9")],
))
