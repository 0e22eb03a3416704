"""The CUDA C of the device im2col and col2im kernels that windows.py launches (ops layer,
no OpDefs here): each convolution geometry's source, with the geometry written in as
constants (CuPy compiles one kernel per source, once), kept by the convolution's own
arguments as they come.
"""

from __future__ import annotations

import functools
import itertools
import math


@functools.lru_cache(maxsize=128)  # (a training step asks the same few, every step)
def gather_source(xshape: tuple, outs: tuple, ks: tuple, strides: tuple, dilations: tuple,
                   pads: tuple) -> tuple:
    """The CUDA C of a device im2col: each element of a row-major (rows, kk*C) block
    read straight from the unpadded (N, *S, C) input of `xshape`, 0 where its window
    reaches into a pad (`pads`: (before, after) per spatial dim; negative crops). The
    geometry is in the source as constants (CuPy compiles one kernel per geometry, once);
    the arguments are the convolution's own (tuples), kept by them as they come."""
    sizes, c = xshape[1:-1], xshape[-1]
    before = [b for b, _ in pads]
    kk = math.prod(ks)
    body = [f"long long c = i % {c}; long long q = i / {c};",
            f"long long t = q % {kk}; long long row = row0 + q / {kk};"]
    for j in reversed(range(len(ks))):  # the last spatial dim varies fastest
        body.append(f"long long k{j} = t % {ks[j]}; t = t / {ks[j]};")
        body.append(f"long long o{j} = row % {outs[j]}; row = row / {outs[j]};")
    body.append("bool inside = true; long long src = row;")  # row is now the image
    for j, s in enumerate(sizes):
        body.append(f"long long p{j} = o{j} * {strides[j]} + k{j} * {dilations[j]} - "
                    f"{before[j]}; inside = inside && p{j} >= 0 && p{j} < {s}; "
                    f"src = src * {s} + p{j};")
    # (a window's pad reads element 0 instead: a read past the end is never made)
    body.append(f"src = src * {c} + c; T v = x[inside ? src : 0]; y = inside ? v : (T)0;")
    return "raw T x, int64 row0", "T y", " ".join(body), "eagerflow_im2col"


@functools.lru_cache(maxsize=128)
def col2im_source(sizes: tuple, c: int, outs: tuple, ks: tuple, strides: tuple,
                   dilations: tuple, before: tuple) -> tuple:
    """The CUDA C of a device col2im: each element of the (N, *S, C) input gradient, the
    sum of the (M, kk*C) columns' entries of the windows covering it, tap after tap in
    the order conv_input_grad's strided adds take (so the same float sums)."""
    kk = math.prod(ks)
    body = [f"long long c = i % {c}; long long q = i / {c};"]
    for j in reversed(range(len(sizes))):
        body.append(f"long long p{j} = q % {sizes[j]} + {before[j]}; q = q / {sizes[j]};")
    body.append("T acc = (T)0; bool ok = true; long long row = 0;")
    for t, pos in enumerate(itertools.product(*(range(k) for k in ks))):
        body.append("ok = true; row = q;")  # q is now the image
        for j, k in enumerate(pos):
            body.append(f"long long u{j}_{t} = p{j} - {k * dilations[j]}; "
                        f"ok = ok && u{j}_{t} >= 0 && u{j}_{t} % {strides[j]} == 0 && "
                        f"u{j}_{t} / {strides[j]} < {outs[j]}; "
                        f"row = row * {outs[j]} + (ok ? u{j}_{t} / {strides[j]} : 0);")
        body.append(f"T v{t} = cols[ok ? (row * {kk} + {t}) * {c} + c : 0]; "
                    f"acc = acc + (ok ? v{t} : (T)0);")
    body.append("dx = acc;")
    return "raw T cols", "T dx", " ".join(body), "eagerflow_col2im"
