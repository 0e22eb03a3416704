"""The strict stand-in's count of kernel launches (backend layer; see strict.py): what a
step would launch on CuPy, by kind, without a GPU.
"""

from __future__ import annotations

import collections
import contextlib
import sys
from collections.abc import Callable, Iterator

# Frames that only pass a copy or a launch on: a site (count_transfers(where=True),
# count_launches(where=True)) is the first eagerflow frame outside them.
_PLUMBING = ("backend/strict.py", "backend/strict_cuda.py", "backend/strict_counts.py",
             "backend/strict_tf32.py", "backend/strict_streams.py", "backend/__init__.py",
             "core/device.py",
             "ops/dispatch.py", "core/tensor.py")


# Kernel launches, counted where CuPy would launch one, by kind: "elementwise" (a ufunc,
# an operator, where/clip/...), "reduction" (sum, max, argmax, a ufunc's reduce, ...),
# "copy" (astype, copy, concatenate, a copy between devices, a reshape or transpose that
# could not be a view), "gather" and "scatter" (indexing with arrays, item assignment,
# ufunc.at), "fill" (zeros, ones, full, arange, ...), "matmul" (cuBLAS), "library" (the
# rest of CUDA's libraries: cuSOLVER, cuFFT, cuRAND, sorting), "kernel" (an
# ElementwiseKernel's call), "graph" (a CUDA graph's launch: the work captured into it
# counts nothing). One call counts one launch even where CuPy runs a few (a
# var's mean and sum); what makes a view (reshape, transpose, basic slicing) or only
# allocates (empty) counts none. Benchmarks and tests count what a step launches
# (count_launches).
LAUNCHES: collections.Counter = collections.Counter()
LAUNCH_SITES: list = [None]  # as SITES, for count_launches(where=True)

KINDS = ("elementwise", "reduction", "copy", "gather", "scatter", "fill", "matmul", "library",
         "kernel", "graph")
_REDUCTIONS = frozenset("""
    all amax amin any argmax argmin average count_nonzero cumprod cumsum cumulative_prod
    cumulative_sum max mean median min nanargmax nanargmin nancumprod nancumsum nanmax nanmean
    nanmedian nanmin nanprod nanstd nansum nanvar percentile prod ptp quantile std sum trace
    var reduce accumulate reduceat bincount histogram norm
""".split())
_COPIES = frozenset("""
    append array_split choose column_stack compress concat concatenate copy delete
    diagflat diff dstack extract flatten hstack insert pad repeat resize roll rot90
    row_stack stack take take_along_axis tile tril triu vstack
""".split())
_FILLS = frozenset("""
    arange eye fill full full_like identity indices linspace logspace meshgrid ones ones_like
    tri zeros zeros_like
""".split())
_MATMULS = frozenset(("matmul", "dot", "vdot", "inner", "tensordot", "einsum", "kron"))
_SORTS = frozenset("""
    argpartition argsort lexsort nonzero argwhere flatnonzero partition searchsorted sort
    unique unique_all unique_counts unique_inverse unique_values digitize isin intersect1d
    setdiff1d setxor1d union1d in1d
""".split())
_SCATTERS = frozenset(("put", "place", "putmask", "copyto", "fill_diagonal", "put_along_axis",
                       "at"))
# Calls that launch nothing: views (a copy when NumPy could not make one, as CuPy), an
# allocation without a fill, and what only reads metadata.
_VIEWS = frozenset("""
    as_strided asarray ascontiguousarray astype asfortranarray atleast_1d atleast_2d atleast_3d
    broadcast_arrays broadcast_to diagonal dsplit expand_dims flip fliplr flipud hsplit
    matrix_transpose moveaxis permute_dims ravel real imag reshape rollaxis
    sliding_window_view split squeeze swapaxes transpose view vsplit
""".split())
_NONE = frozenset("""
    empty empty_like broadcast_shapes can_cast common_type iscomplexobj isfortran isrealobj
    isscalar isdtype issubdtype may_share_memory min_scalar_type ndim promote_types
    result_type shape shares_memory size item tolist tobytes
""".split())


def _kind_of(name: str, namespace: str = "strict") -> str | None:
    """The kind of launch a call of `name` makes (None: none; "view": none unless NumPy
    had to copy)."""
    if name in _NONE:
        return None
    if name in _VIEWS:
        return "view"
    if namespace in ("strict.linalg", "strict.fft", "strict.random") and \
            name not in ("norm", "cross", "matrix_transpose", "matmul"):
        return "library"
    for kind, names in (("reduction", _REDUCTIONS), ("copy", _COPIES), ("fill", _FILLS),
                        ("matmul", _MATMULS), ("library", _SORTS), ("scatter", _SCATTERS)):
        if name in names:
            return kind
    return "elementwise"


def _launch(kind: str) -> None:
    LAUNCHES[kind] += 1
    sites = LAUNCH_SITES[0]
    if sites is not None:
        sites[(kind, site(2))] += 1


def site(depth: int) -> str:
    """The eagerflow source line (outside the stand-in and dispatch) that asked for what
    the function `depth` frames up counts."""
    f = sys._getframe(depth)
    while f is not None and (f.f_code.co_filename.endswith(_PLUMBING)
                             or "eagerflow" not in f.f_code.co_filename):
        f = f.f_back
    return "?" if f is None else \
        f"{f.f_code.co_filename.rsplit('eagerflow/', 1)[-1]}:{f.f_lineno} {f.f_code.co_name}"


@contextlib.contextmanager
def counting(counts: collections.Counter, sites: list, where: bool,
             fill: Callable[[collections.Counter, collections.Counter], None]
             ) -> Iterator[collections.Counter]:
    """What count_launches and count_transfers share: the counter yielded, which
    `fill(out, before)` fills from `counts` and their copy `before` when the block ends;
    with `where`, `sites[0]` counts by source line meanwhile, and those go into it too."""
    before = counts.copy()
    saved = sites[0]
    if where:
        sites[0] = collections.Counter()
    out: collections.Counter = collections.Counter()
    try:
        yield out
    finally:
        fill(out, before)
        if where:
            out.update(sites[0])
        sites[0] = saved


def count_launches(where: bool = False) -> contextlib.AbstractContextManager:
    """The kernel launches made inside, by kind (see LAUNCHES), and their "total"; with
    `where`, by (kind, eagerflow source line) too; filled when the block ends."""
    def fill(out: collections.Counter, before: collections.Counter) -> None:
        for kind in KINDS:
            n = LAUNCHES[kind] - before[kind]
            if n:
                out[kind] = n
        out["total"] = sum(out[k] for k in KINDS)
    return counting(LAUNCHES, LAUNCH_SITES, where, fill)
