"""tf.matmul's flags checked as TF's op wrappers check their attrs (ops/linalg.py's matmul
asks this only when a flag is not the common call's)."""

from __future__ import annotations

from eagerflow._src.ops import attr_values as AV


def check(flags: tuple, batch: bool, sparse: bool, v3: bool) -> None:
    """Checks tf.matmul's flags as the op wrapper of the op it runs checks its attrs: only
    Python bools (None: the default), in the op's order, before the operands' dtypes or
    shapes (eagerly and traced).

    A batch product (BatchMatMulV2, or V3 for another output type) takes adj_x/adj_y (the
    adjoint, or True for a transpose true in Python) and grad_x/grad_y. A matrix product
    makes a true adjoint a transpose, then runs SparseMatMul (transposes and sparse flags;
    no grad hint), BatchMatMulV3 (adj_x: `adjoint or transpose`, Python's `or`) or MatMul
    (transposes, grad_a, grad_b)."""
    ta, tb, ja, jb, sa, sb, ga, gb = flags
    if batch:
        _bools(("adj_x", "adj_y", "grad_x", "grad_y"),
               (True if ta else ja, True if tb else jb, ga, gb))
        return
    ta, tb = (True if ja else ta), (True if jb else tb)
    if sparse:
        _bools(("transpose_a", "transpose_b", "a_is_sparse", "b_is_sparse"), (ta, tb, sa, sb))
    elif v3:
        _bools(("adj_x", "adj_y", "grad_x", "grad_y"), (ja or ta, jb or tb, ga, gb))
    else:
        _bools(("transpose_a", "transpose_b", "grad_a", "grad_b"), (ta, tb, ga, gb))


def _bools(names: tuple, values: tuple) -> None:
    for what, v in zip(names, values):
        if v is not None:  # (the wrapper's default)
            AV.bool_attr(v, what)
