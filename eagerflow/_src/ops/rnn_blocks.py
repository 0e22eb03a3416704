"""TF's fused recurrent cells of tf.contrib.rnn (LSTMBlockCell, LSTMBlockFusedCell,
GRUBlockCell), which TF 1 graphs and SavedModels hold and tf.raw_ops offers: LSTMBlockCell,
BlockLSTM and BlockLSTMV2 with their gradient ops LSTMBlockCellGrad, BlockLSTMGrad and
BlockLSTMGradV2 (float16 and float32), and GRUBlockCell with GRUBlockCellGrad (float32; at
the end of the module).

Ops layer, after nn. One LSTM step over [x, h_prev] (batch x (input + cell)):

    z = [x, h_prev] w + b, split in four column blocks of `cell` each: i, c, f, o (icfo;
    BlockLSTMV2: i, f, c, o, and no forget_bias)
    i = sigmoid(z_i + cs_prev * wci);  f = sigmoid(z_f + cs_prev * wcf + forget_bias)
    ci = tanh(z_c);  cs = clip(ci * i + cs_prev * f, +-cell_clip) (no clip for cell_clip <= 0)
    o = sigmoid(z_o + cs * wco);  co = tanh(cs);  h = co * o

(the peephole terms only with use_peephole). BlockLSTM runs it over x's first axis for
seq_len_max steps; later steps' outputs are zeros (TF's cs and h; its other outputs there
are whatever memory TF allocated). The gradient ops take every forward output and the
gradients of cs and h only, and back-propagate through the step without its clip, as TF's.

TF registers no gradient for LSTMBlockCell and GRUBlockCell (tf.contrib did) nor for the
gradient ops; both BlockLSTM and BlockLSTMV2 differentiate through BlockLSTMGrad, the icfo
one, V2's too (TF 2.21's registration: V2's gradient is not its derivative, and eagerflow's
is TF's).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_T = frozenset((dt.float16, dt.float32))
_WEIGHTS = ("x", "cs_prev", "h_prev", "w", "wci", "wcf", "wco", "b")
_STATES = ("i", "cs", "f", "o", "ci", "co", "h")
# icfo (V1) -> the column block of each gate
_ICFO = {"i": 0, "c": 1, "f": 2, "o": 3}
_IFCO = {"i": 0, "f": 1, "c": 2, "o": 3}


def _dims(t: Any) -> tuple | None:
    return t._shape


def _check_types(op: str, inputs: tuple, first: int = 0) -> dt.DType:
    return C.same_dtype(op, inputs, _T, first_index=first)


def _check_seq_len(op: str, seq_len_max: Any) -> None:
    if seq_len_max._dtype is not dt.int64:
        raise C.wrong_input_dtype(op, 0, dt.int64, seq_len_max._dtype)
    s = seq_len_max._shape
    if s is not None and len(s) != 0:
        raise C.fail(op, f"`seq_len_max_tensor` must be rank 0 but is rank {len(s)}")


def _ne(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a != b


def _rank_message(name: str, want: int, got: int) -> str:
    return f"{name}_tensor must be rank {want} but is rank {got}."


def _cell_dims(op: str, x: Any, cs_prev: Any, h_prev: Any, w: Any, b: Any) -> tuple:
    """LSTMBlockCell(Grad)'s size checks in TF's order: (batch, input, cell). TF reads a
    dim a tensor of lower rank lacks (and aborts): those are refused by their rank here."""
    for name, t, want in (("x", x, 2), ("cs_prev", cs_prev, 2)):
        if t._shape is not None and len(t._shape) < want:
            raise C.fail(op, _rank_message(name, want, len(t._shape)))
    xs, cs = _dims(x), _dims(cs_prev)
    batch, inp = (None, None) if xs is None else xs[:2]
    cell = None if cs is None else cs[1]
    if cs is not None and _ne(cs[0], batch):
        raise C.fail(op, f"cs_prev.dims(0) != batch_size: {cs[0]} vs. {batch}")
    hs = _dims(h_prev)
    if hs is not None:
        if len(hs) >= 1 and _ne(hs[0], batch):
            raise C.fail(op, f"h_prev.dims(0) != batch_size: {hs[0]} vs. {batch}")
        if len(hs) < 2:
            raise C.fail(op, _rank_message("h_prev", 2, len(hs)))
        if _ne(hs[1], cell):
            raise C.fail(op, f"h_prev.dims(1) != cell_size: {hs[1]} vs. {cell}")
    ws = _dims(w)
    rows = None if None in (inp, cell) else inp + cell
    four = None if cell is None else 4 * cell
    if ws is not None:
        if len(ws) >= 1 and _ne(ws[0], rows):
            raise C.fail(op, f"w.dim_size(0) != input_size + cell_size: {ws[0]} vs. {rows}")
        if len(ws) < 2:
            raise C.fail(op, _rank_message("w", 2, len(ws)))
        if _ne(ws[1], four):
            raise C.fail(op, f"w.dim_size(1) != cell_size * 4: {ws[1]} vs. {four}")
    bs = _dims(b)
    if bs is not None:
        if len(bs) < 1:
            raise C.fail(op, _rank_message("b", 1, 0))
        if _ne(bs[0], four):
            raise C.fail(op, f"b.dim_size(0) != cell_size * 4: {bs[0]} vs. {four}")
    return batch, inp, cell


def _ranks(op: str, named: tuple, message: Any) -> None:
    for name, t, want in named:
        if t._shape is not None and len(t._shape) != want:
            raise C.fail(op, message(name, want, len(t._shape)))


def _peepholes(op: str, peep: tuple, cell: Any, use_peephole: bool) -> None:
    """The peephole weights' length, where they are used: TF reads `cell` values of each
    without checking (past a shorter one's end)."""
    if not use_peephole:
        return
    for name, t in peep:
        n = None if t._shape is None else t._shape[0]
        if n is not None and cell is not None and n < cell:
            raise C.fail(op, f"{name}.dim_size(0) != cell_size: {n} vs. {cell}")


def _quiet(kernel: Any) -> Any:
    """`kernel` without NumPy's warnings: inf and NaN data overflow the gates as in TF."""
    def run(*args: Any, **attrs: Any) -> Any:
        with np.errstate(all="ignore"):
            return kernel(*args, **attrs)
    return run


# ---------------------------------------------------------------------------------------
# The step and its gradient over raw arrays (float32 arithmetic for half data, as TF's)
# ---------------------------------------------------------------------------------------

def _sigmoid(xp: Any, z: Any) -> Any:
    return 1 / (1 + xp.exp(-z))


def _step(xp: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any, wcf: Any, wco: Any,
          b: Any, forget_bias: float, cell_clip: float, use_peephole: bool,
          gates: dict) -> tuple:
    n = cs_prev.shape[1]
    z = xp.concatenate([x, h_prev], axis=1) @ w + b
    blocks = {g: z[:, k * n:(k + 1) * n] for g, k in gates.items()}
    zi, zf = blocks["i"], blocks["f"] + z.dtype.type(forget_bias)
    if use_peephole:
        zi, zf = zi + cs_prev * wci[:n], zf + cs_prev * wcf[:n]
    i, f, ci = _sigmoid(xp, zi), _sigmoid(xp, zf), xp.tanh(blocks["c"])
    cs = ci * i + cs_prev * f
    if cell_clip > 0:
        cs = xp.clip(cs, -cell_clip, cell_clip)
    zo = blocks["o"] + cs * wco[:n] if use_peephole else blocks["o"]
    o = _sigmoid(xp, zo)
    co = xp.tanh(cs)
    return i, cs, f, o, ci, co, co * o


def _step_grad(xp: Any, cs_prev: Any, wci: Any, wcf: Any, wco: Any, i: Any, cs: Any,
               f: Any, o: Any, ci: Any, co: Any, cs_grad: Any, h_grad: Any,
               use_peephole: bool) -> tuple:
    """(cs_prev's gradient, the gates' (i, c, f, o), the peepholes' per row)."""
    n = cs_prev.shape[1]
    do = o * (1 - o) * h_grad * co
    dcs = h_grad * o * (1 - co * co) + cs_grad
    if use_peephole:
        dcs = dcs + do * wco[:n]
    dci = (1 - ci * ci) * dcs * i
    df = f * (1 - f) * dcs * cs_prev
    di = i * (1 - i) * dcs * ci
    dprev = dcs * f
    if use_peephole:
        dprev = dprev + di * wci[:n] + df * wcf[:n]
    return dprev, (di, dci, df, do), (di * cs_prev, df * cs_prev, do * cs)


def _compute(xp: Any, arrays: tuple) -> tuple:
    """The arrays in the float32 TF computes half data in (float64 ones, which only the
    tests' finite differences give the kernels, stay float64)."""
    return tuple(a if a.dtype == np.float64 else a.astype(np.float32) for a in arrays)


def _peep_grads(xp: Any, rows: tuple, peep: tuple, use_peephole: bool, dtype: Any) -> tuple:
    """wci/wcf/wco's gradients, shaped as they are: zeros without use_peephole (TF's)."""
    out = []
    for r, p in zip(rows, peep):
        g = xp.zeros(p.shape, r.dtype)
        if use_peephole:
            g[:r.shape[1]] = r.sum(axis=0)
        out.append(g.astype(dtype))
    return tuple(out)


# ---------------------------------------------------------------------------------------
# LSTMBlockCell, LSTMBlockCellGrad
# ---------------------------------------------------------------------------------------

def _cell_infer(x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any, wcf: Any, wco: Any,
                b: Any, forget_bias: float = 1.0, cell_clip: float = 3.0,
                use_peephole: bool = False) -> list:
    op = "LSTMBlockCell"
    d = _check_types(op, (x, cs_prev, h_prev, w, wci, wcf, wco, b))
    batch, _, cell = _cell_dims(op, x, cs_prev, h_prev, w, b)
    _ranks(op, (("x", x, 2), ("cs_prev", cs_prev, 2), ("h_prev", h_prev, 2), ("w", w, 2)),
           _rank_message)
    if cs_prev._shape is not None and 0 in cs_prev._shape:
        raise C.fail(op, "cs_prev_tensor is empty, has shape: "
                         f"({','.join(map(str, cs_prev._shape))}).")
    _ranks(op, (("wci", wci, 1), ("wcf", wcf, 1), ("wco", wco, 1), ("b", b, 1)),
           _rank_message)
    _peepholes(op, (("wci", wci), ("wcf", wcf), ("wco", wco)), cell, use_peephole)
    return [((batch, cell), d)] * 7


def _cell_kernel(xp: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any, wcf: Any,
                 wco: Any, b: Any, forget_bias: float = 1.0, cell_clip: float = 3.0,
                 use_peephole: bool = False) -> tuple:
    out = _step(xp, *_compute(xp, (x, cs_prev, h_prev, w, wci, wcf, wco, b)), forget_bias,
                cell_clip, use_peephole, _ICFO)
    return tuple(o.astype(x.dtype) for o in out)


_F = np.float32


def _sig(z: Any) -> Any:
    return _F(1) / (_F(1) + np.exp(-z))


def _cell_ref_rows(x: np.ndarray, cs_prev: np.ndarray, h_prev: np.ndarray, w: np.ndarray,
                   wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray, b: np.ndarray,
                   forget_bias: float, cell_clip: float, use_peephole: bool,
                   gates: str) -> np.ndarray:
    """One step unit by unit in float32 scalars: the outputs (i, cs, f, o, ci, co, h).
    (The product with w is float32's matmul, whose rounding a loop would not repeat.)"""
    batch, n = cs_prev.shape
    outs = np.zeros((7, batch, n), _F)
    xw = np.concatenate([x, h_prev], 1).astype(_F) @ w.astype(_F)
    for r in range(batch):
        for j in range(n):
            z = {g: xw[r, k * n + j] + _F(b[k * n + j]) for k, g in enumerate(gates)}
            c0 = _F(cs_prev[r, j])
            zi, zf = z["i"], z["f"] + _F(forget_bias)
            if use_peephole:
                zi, zf = zi + c0 * _F(wci[j]), zf + c0 * _F(wcf[j])
            i, f, ci = _sig(zi), _sig(zf), np.tanh(z["c"])
            cs = ci * i + c0 * f
            if cell_clip > 0:
                cs = min(max(cs, _F(-cell_clip)), _F(cell_clip))
            o = _sig(z["o"] + cs * _F(wco[j]) if use_peephole else z["o"])
            outs[:, r, j] = (i, cs, f, o, ci, np.tanh(cs), np.tanh(cs) * o)
    return outs


def _cell_ref(x: np.ndarray, cs_prev: np.ndarray, h_prev: np.ndarray, w: np.ndarray,
              wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray, b: np.ndarray,
              forget_bias: float = 1.0, cell_clip: float = 3.0,
              use_peephole: bool = False) -> tuple:
    out = _cell_ref_rows(x, cs_prev, h_prev, w, wci, wcf, wco, b, forget_bias, cell_clip,
                         use_peephole, "icfo")
    return tuple(o.astype(x.dtype) for o in out)


def _cell_grad_infer(x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any, wcf: Any, wco: Any,
                     b: Any, i: Any, cs: Any, f: Any, o: Any, ci: Any, co: Any, cs_grad: Any,
                     h_grad: Any, use_peephole: bool) -> list:
    op = "LSTMBlockCellGrad"
    inputs = (x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, cs_grad, h_grad)
    d = _check_types(op, inputs)
    # (TF's kernel aborts on any of another rank)
    _ranks(op, tuple(zip(_WEIGHTS, inputs, (2, 2, 2, 2, 1, 1, 1, 1))) +
           tuple((n, t, 2) for n, t in zip(_STATES[:6] + ("cs_grad", "h_grad"), inputs[8:])),
           _rank_message)
    batch, _, cell = _cell_dims(op, x, cs_prev, h_prev, w, b)
    for name, t in zip(_STATES[:6], inputs[8:14]):
        s = t._shape
        if s is not None and _ne(s[0], batch):
            raise C.fail(op, f"{name}.dim_size(0) != batch_size: {s[0]} vs. {batch}")
        if s is not None and _ne(s[1], cell):
            # (TF's message names i for f's)
            shown = "i" if name == "f" else name
            raise C.fail(op, f"{shown}.dim_size(1) != cell_size: {s[1]} vs. {cell}")
    for name, t in (("cs_grad", cs_grad), ("h_grad", h_grad)):
        s = t._shape
        if s is not None and _ne(s[0], batch):
            raise C.fail(op, f"{name}_tensor.dims(0) != batch_size: {s[0]} vs. {batch}")
        if s is not None and _ne(s[1], cell):
            raise C.fail(op, f"{name}_tensor.dims(1) != cell_size: {s[1]} vs. {cell}")
    _peepholes(op, (("wci", wci), ("wcf", wcf), ("wco", wco)), cell, use_peephole)
    four = None if cell is None else 4 * cell
    return [((batch, cell), d), ((batch, four), d), (wci._shape, d), (wcf._shape, d),
            (wco._shape, d)]


def _cell_grad_kernel(xp: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any,
                      wcf: Any, wco: Any, b: Any, i: Any, cs: Any, f: Any, o: Any, ci: Any,
                      co: Any, cs_grad: Any, h_grad: Any, use_peephole: bool) -> tuple:
    a = _compute(xp, (cs_prev, wci, wcf, wco, i, cs, f, o, ci, co, cs_grad, h_grad))
    dprev, gates, rows = _step_grad(xp, *a, use_peephole)
    peep = _peep_grads(xp, rows, (wci, wcf, wco), use_peephole, x.dtype)
    return (dprev.astype(x.dtype), xp.concatenate(gates, axis=1).astype(x.dtype)) + peep


def _cell_grad_rows(cs_prev: np.ndarray, wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray,
                    i: np.ndarray, cs: np.ndarray, f: np.ndarray, o: np.ndarray,
                    ci: np.ndarray, co: np.ndarray, cs_grad: np.ndarray, h_grad: np.ndarray,
                    use_peephole: bool) -> tuple:
    """Unit by unit in float32 scalars, the chain rule written out: cs_prev's gradient,
    the gates' (icfo) and the peepholes' terms per row."""
    batch, n = cs_prev.shape
    dprev, dgates = np.zeros((batch, n), _F), np.zeros((batch, 4 * n), _F)
    peep = np.zeros((3, batch, n), _F)
    one = _F(1)
    for r in range(batch):
        for j in range(n):
            v = {k: _F(a[r, j]) for k, a in zip("i cs f o ci co dcs dh c0".split(),
                                                (i, cs, f, o, ci, co, cs_grad, h_grad,
                                                 cs_prev))}
            d_o = v["o"] * (one - v["o"]) * v["dh"] * v["co"]
            d_cs = v["dh"] * v["o"] * (one - v["co"] * v["co"]) + v["dcs"]
            if use_peephole:
                d_cs = d_cs + d_o * _F(wco[j])
            d_c = (one - v["ci"] * v["ci"]) * d_cs * v["i"]
            d_f = v["f"] * (one - v["f"]) * d_cs * v["c0"]
            d_i = v["i"] * (one - v["i"]) * d_cs * v["ci"]
            dprev[r, j] = d_cs * v["f"]
            if use_peephole:
                dprev[r, j] = dprev[r, j] + d_i * _F(wci[j]) + d_f * _F(wcf[j])
            for k, g in enumerate((d_i, d_c, d_f, d_o)):
                dgates[r, k * n + j] = g
            peep[:, r, j] = (d_i * v["c0"], d_f * v["c0"], d_o * v["cs"])
    return dprev, dgates, peep


def _cell_grad_ref(x: np.ndarray, cs_prev: np.ndarray, h_prev: np.ndarray, w: np.ndarray,
                   wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray, b: np.ndarray,
                   i: np.ndarray, cs: np.ndarray, f: np.ndarray, o: np.ndarray, ci: np.ndarray,
                   co: np.ndarray, cs_grad: np.ndarray, h_grad: np.ndarray,
                   use_peephole: bool) -> tuple:
    n = cs_prev.shape[1]
    dprev, dgates, peep = _cell_grad_rows(cs_prev, wci, wcf, wco, i, cs, f, o, ci, co,
                                          cs_grad, h_grad, use_peephole)
    sums = [np.zeros(p.shape, _F) for p in (wci, wcf, wco)]
    if use_peephole:
        for k in range(3):
            sums[k][:n] = peep[k].sum(0)
    return tuple(a.astype(x.dtype) for a in (dprev, dgates, *sums))


# ---------------------------------------------------------------------------------------
# BlockLSTM, BlockLSTMV2, BlockLSTMGrad, BlockLSTMGradV2
# ---------------------------------------------------------------------------------------

def _block_message(name: str, want: int, got: int) -> str:
    return f"{name} must be {want}D"


def _block_checks(op: str, seq_len_max: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any,
                  wci: Any, wcf: Any, wco: Any, b: Any, grad: bool) -> tuple:
    """The checks BlockLSTM and its gradient share, in TF's order: (steps, batch, cell)."""
    _check_seq_len(op, seq_len_max)
    if grad:
        message = (lambda n, want, got: f"{n} must be rank {want} but is rank {got}")
    else:
        message = _block_message
    weights = (("x", x, 3), ("cs_prev", cs_prev, 2), ("h_prev", h_prev, 2), ("w", w, 2),
               ("wci", wci, 1), ("wcf", wcf, 1), ("wco", wco, 1), ("b", b, 1))
    _ranks(op, weights, message)
    xs = x._shape or (None, None, None)
    steps, batch, inp = xs
    cell = None if cs_prev._shape is None else cs_prev._shape[1]
    rows = None if None in (inp, cell) else inp + cell
    four = None if cell is None else 4 * cell
    ws, hs = w._shape or (None, None), h_prev._shape or (None, None)
    if grad:  # (TF's gradient kernel checks w's rows alone)
        if _ne(ws[0], rows):
            raise C.fail(op, f"w matrix rows don't match: {rows} vs. {ws[0]}")
        return steps, batch, cell
    cs = cs_prev._shape or (None, None)
    if _ne(cs[0], batch):
        raise C.fail(op, f"cs_prev.dims(0) != batch_size: {cs[0]} vs. {batch}")
    if _ne(hs[0], batch):
        raise C.fail(op, f"h_prev.dims(0) != batch_size: {hs[0]} vs. {batch}")
    if _ne(hs[1], cell):
        raise C.fail(op, f"h_prev.dims(1) != cell_size: {hs[1]} vs. {cell}")
    if _ne(ws[0], rows):
        raise C.fail(op, f"w.dim_size(0) != input_size + cell_size: {ws[0]} vs. {rows}")
    if _ne(ws[1], four):
        raise C.fail(op, f"w.dim_size(1) != cell_size * 4: {ws[1]} vs. {four}")
    bs = b._shape or (None,)
    if _ne(bs[0], four):
        raise C.fail(op, f"b.dim_size(0) != cell_size * 4: {bs[0]} vs. {four}")
    for name, t in (("wci", wci), ("wcf", wcf), ("wco", wco)):
        n = None if t._shape is None else t._shape[0]
        if _ne(n, cell):
            raise C.fail(op, f"{name}.dim_size(0) != cell_size: {n} vs. {cell}")
    return steps, batch, cell


def _block_attrs(op: str, attrs: dict) -> tuple:
    """(forget_bias, cell_clip, use_peephole), TF's defaults where not given: V2 has no
    forget_bias (0) and leaves the cell unclipped by default."""
    v1 = op == "BlockLSTM"
    return (attrs.get("forget_bias", 1.0) if v1 else 0.0,
            attrs.get("cell_clip", 3.0 if v1 else 0.0), attrs.get("use_peephole", False))


def _block_infer(op: str) -> Any:
    def infer(seq_len_max: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any,
              wcf: Any, wco: Any, b: Any, **attrs: Any) -> list:
        d = _check_types(op, (x, cs_prev, h_prev, w, wci, wcf, wco, b), first=1)
        steps, batch, cell = _block_checks(op, seq_len_max, x, cs_prev, h_prev, w, wci, wcf,
                                           wco, b, grad=False)
        return [((steps, batch, cell), d)] * 7
    return infer


def _steps(op: str, xp: Any, seq_len_max: Any, steps: int) -> int:
    """seq_len_max's value, which TF's kernels take on trust (and abort past the steps)."""
    n = int(to_host(seq_len_max))
    if not 0 <= n <= steps:
        raise C.fail(op, f"seq_len_max must be in [0, {steps}], got {n}")
    return n


def _block_kernel(op: str) -> Any:
    gates = _IFCO if op == "BlockLSTMV2" else _ICFO

    def kernel(xp: Any, seq_len_max: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any,
               wci: Any, wcf: Any, wco: Any, b: Any, **attrs: Any) -> tuple:
        forget_bias, cell_clip, use_peephole = _block_attrs(op, attrs)
        n = _steps(op, xp, seq_len_max, x.shape[0])
        xf, cs, h, *weights = _compute(xp, (x, cs_prev, h_prev, w, wci, wcf, wco, b))
        outs = [xp.zeros(x.shape[:2] + cs_prev.shape[1:], xf.dtype) for _ in range(7)]
        for t in range(n):
            step = _step(xp, xf[t], cs, h, *weights, forget_bias, cell_clip, use_peephole,
                         gates)
            for k in range(7):
                outs[k][t] = step[k]
            cs, h = (step[k].astype(x.dtype).astype(xf.dtype) for k in (1, 6))
        return tuple(o.astype(x.dtype) for o in outs)
    return kernel


def _block_ref(op: str) -> Any:
    gates = "ifco" if op == "BlockLSTMV2" else "icfo"

    def ref(seq_len_max: np.ndarray, x: np.ndarray, cs_prev: np.ndarray, h_prev: np.ndarray,
            w: np.ndarray, wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray, b: np.ndarray,
            **attrs: Any) -> tuple:
        forget_bias, cell_clip, use_peephole = _block_attrs(op, attrs)
        outs = np.zeros((7,) + x.shape[:2] + cs_prev.shape[1:], x.dtype)
        cs, h = cs_prev, h_prev
        for t in range(int(seq_len_max)):
            # (each step's outputs in the data's dtype, which the next step reads)
            outs[:, t] = _cell_ref_rows(x[t], cs, h, w, wci, wcf, wco, b, forget_bias,
                                        cell_clip, use_peephole, gates)
            cs, h = outs[1, t], outs[6, t]
        return tuple(outs)
    return ref


def _block_grad_infer(op: str) -> Any:
    def infer(seq_len_max: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any, wci: Any,
              wcf: Any, wco: Any, b: Any, i: Any, cs: Any, f: Any, o: Any, ci: Any, co: Any,
              h: Any, cs_grad: Any, h_grad: Any, use_peephole: bool) -> list:
        inputs = (x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h, cs_grad,
                  h_grad)
        d = _check_types(op, inputs, first=1)
        steps, batch, cell = _block_checks(op, seq_len_max, x, cs_prev, h_prev, w, wci, wcf,
                                           wco, b, grad=True)
        states = tuple(zip(_STATES, inputs[8:15]))
        for name, t in states:
            if t._shape is not None and len(t._shape) != 3:
                raise C.fail(op, f"{name} must be rank 3. Received: {len(t._shape)}")
        # Sizes TF's kernel takes on trust (reading past an input's end or aborting):
        # refused here, worded as its forward op's checks.
        _block_checks(op, seq_len_max, x, cs_prev, h_prev, w, wci, wcf,
                      wco, b, grad=False)
        want = (steps, batch, cell)
        for name, t in states + (("cs_grad", cs_grad), ("h_grad", h_grad)):
            if t._shape is not None and not C.compatible(t._shape, want):
                raise C.fail(op, f"{name} must have shape {C.shape_str(want)[1:-1]}"
                                 f" but has {C.shape_str(t._shape)[1:-1]}")
        return [(x._shape, d), (cs_prev._shape, d), (h_prev._shape, d), (w._shape, d),
                (wci._shape, d), (wcf._shape, d), (wco._shape, d), (b._shape, d)]
    return infer


def _block_grad_kernel(op: str) -> Any:
    v2 = op == "BlockLSTMGradV2"

    def kernel(xp: Any, seq_len_max: Any, x: Any, cs_prev: Any, h_prev: Any, w: Any,
               wci: Any, wcf: Any, wco: Any, b: Any, i: Any, cs: Any, f: Any, o: Any, ci: Any,
               co: Any, h: Any, cs_grad: Any, h_grad: Any, use_peephole: bool) -> tuple:
        n = _steps(op, xp, seq_len_max, x.shape[0])
        a = _compute(xp, (x, cs_prev, h_prev, w, wci, wcf, wco, b, i, cs, f, o, ci, co, h,
                          cs_grad, h_grad))
        (xf, cs0, h0, wf, wcif, wcff, wcof, _, i_, cs_, f_, o_, ci_, co_, h_, dcs_,
         dh_) = a
        inp = x.shape[2]
        ft = xf.dtype
        dx = xp.zeros(x.shape, ft)
        dw, db = xp.zeros(w.shape, ft), xp.zeros(b.shape, ft)
        dcs, dh = xp.zeros(cs0.shape, ft), xp.zeros(h0.shape, ft)
        peep = [xp.zeros(cs0.shape[1:], ft) for _ in range(3)]
        for t in range(n - 1, -1, -1):
            csp, hp = (cs_[t - 1], h_[t - 1]) if t else (cs0, h0)
            dcs, (di, dc, dfg, do), rows = _step_grad(
                xp, csp, wcif, wcff, wcof, i_[t], cs_[t], f_[t], o_[t], ci_[t], co_[t],
                dcs_[t] + dcs, dh_[t] + dh, use_peephole)
            blocks = (di, dfg, dc, do) if v2 else (di, dc, dfg, do)
            dz = xp.concatenate(blocks, axis=1)
            dxh = dz @ wf.T
            dx[t], dh = dxh[:, :inp], dxh[:, inp:]
            dw += xp.concatenate([xf[t], hp], axis=1).T @ dz
            db += dz.sum(axis=0)
            for k in range(3):
                peep[k] += rows[k].sum(axis=0)
        pg = tuple(p.astype(x.dtype) if use_peephole else xp.zeros(p.shape, x.dtype)
                   for p in peep)
        return (dx.astype(x.dtype), dcs.astype(x.dtype), dh.astype(x.dtype),
                dw.astype(x.dtype)) + pg + (db.astype(x.dtype),)
    return kernel


def _block_grad_ref(op: str) -> Any:
    gates = "ifco" if op == "BlockLSTMGradV2" else "icfo"

    def ref(seq_len_max: np.ndarray, x: np.ndarray, cs_prev: np.ndarray, h_prev: np.ndarray,
            w: np.ndarray, wci: np.ndarray, wcf: np.ndarray, wco: np.ndarray, b: np.ndarray,
            i: np.ndarray, cs: np.ndarray, f: np.ndarray, o: np.ndarray, ci: np.ndarray,
            co: np.ndarray, h: np.ndarray, cs_grad: np.ndarray, h_grad: np.ndarray,
            use_peephole: bool) -> tuple:
        """Step by step backwards through _cell_grad_rows, the gates' gradients reordered
        (the products with w and the inputs are float32's matmuls, as in _cell_ref_rows)."""
        steps, batch, inp = x.shape
        n = cs_prev.shape[1]
        dx = np.zeros(x.shape, _F)
        dw, db = np.zeros(w.shape, _F), np.zeros(b.shape, _F)
        dcs, dh = np.zeros((batch, n), _F), np.zeros((batch, n), _F)
        peep = np.zeros((3, n), _F)
        for t in reversed(range(int(seq_len_max))):
            csp, hp = (cs[t - 1], h[t - 1]) if t else (cs_prev, h_prev)
            dcs, icfo, rows = _cell_grad_rows(csp, wci, wcf, wco, i[t], cs[t], f[t], o[t],
                                              ci[t], co[t], cs_grad[t] + dcs, h_grad[t] + dh,
                                              use_peephole)
            blocks = {g: icfo[:, k * n:(k + 1) * n] for k, g in enumerate("icfo")}
            dz = np.concatenate([blocks[g] for g in gates], 1)
            xh = np.concatenate([x[t], hp], 1).astype(_F)
            dxh = dz @ w.astype(_F).T
            dx[t], dh = dxh[:, :inp], dxh[:, inp:]
            dw += xh.T @ dz
            for c in range(4 * n):
                db[c] += dz[:, c].sum()
            if use_peephole:
                peep += rows.sum(1)
        return tuple(a.astype(x.dtype) for a in (dx, dcs, dh, dw, *peep, db))
    return ref


def _block_grad(n: Any, *grads: Any) -> list:
    """TF's: BlockLSTMGrad (for V2 too) of cs's and h's gradients (the others dropped)."""
    sl, x, cs_prev, h_prev, w, wci, wcf, wco, b = n.inputs
    outs = bind(BLOCK_LSTM_GRAD["BlockLSTMGrad"],
                (sl, x, cs_prev, h_prev, w, wci, wcf, wco, b, *n.outputs, grads[1], grads[6]),
                {"use_peephole": n.attrs.get("use_peephole", False)})
    return [None, *outs]


# ---------------------------------------------------------------------------------------
# Samples
# ---------------------------------------------------------------------------------------

# The device check's tolerance (Sample.device_atol): cuBLAS sums the products with w in
# another order than NumPy's, so an output near cancellation (cs = ci * i + cs_prev * f)
# differs by a rounding of the magnitudes summed, not of its own.

_U = float(np.finfo(np.float32).eps) / 2  # float32's unit roundoff, 2**-24


def _order_gap(terms: int, magnitude: float, steps: int) -> float:
    """How far the outputs may move when float32 sums of `terms` terms, whose magnitudes
    add to at most `magnitude`, are taken in another order: each order lies within
    (terms - 1) u magnitude of the exact sum (Higham's bound), so twice that apart; a
    step passes a gap on at a slope of 2 at most (sigmoid's 1/4, tanh's 1, and cs = ci i
    + cs_prev f with |cs_prev| <= 3), and each of `steps` steps adds its own."""
    return 2 * max(terms - 1, 1) * _U * magnitude * 2 * max(steps, 1)


def _forward_atol(x: np.ndarray, h_prev: np.ndarray, w: np.ndarray, b: np.ndarray,
                  steps: int) -> float:
    """_order_gap of z = [x, h] w + b over x (batch, input) or (time, batch, input); h
    past the first step is o tanh(cs), under 1 in magnitude."""
    inp = x.shape[-1]
    aw = np.abs(w.astype(np.float64))
    h_abs = max(float(np.abs(h_prev).max(initial=0)), 1.0)
    magnitude = (np.abs(x.astype(np.float64)) @ aw[:inp]).max(initial=0) + \
        h_abs * aw[inp:].sum(axis=0).max(initial=0) + float(np.abs(b).max(initial=0))
    return _order_gap(w.shape[0] + 1, magnitude, steps)


def _grad_atol(op: str, a: tuple, use_peephole: bool) -> float:
    """_order_gap of BlockLSTMGrad's sums: dz w' (4 cell terms), and xh' dz and dz's
    column sums (dw, db) over the steps and the batch, dz's magnitudes walked back as the
    kernel's loop does (in float64)."""
    sl, x, cs0, h0, w, wci, wcf, wco, _, i, cs, f, o, ci, co, h, cs_grad, h_grad = (
        np.asarray(v, np.float64) for v in a)
    steps, inp = int(sl), x.shape[2]
    order = (0, 2, 1, 3) if op == "BlockLSTMGradV2" else (0, 1, 2, 3)  # (i f c o: V2's)
    aw = np.abs(w)
    dcs, dh = np.zeros(cs0.shape), np.zeros(h0.shape)
    products, dw, db = 0.0, np.zeros(w.shape), np.zeros(w.shape[1])
    for t in range(steps - 1, -1, -1):
        csp, hp = (cs[t - 1], h[t - 1]) if t else (cs0, h0)
        dcs, gates, _ = _step_grad(np, csp, wci, wcf, wco, i[t], cs[t], f[t], o[t], ci[t],
                                   co[t], cs_grad[t] + dcs, h_grad[t] + dh, use_peephole)
        dz = np.concatenate([gates[k] for k in order], axis=1)
        dh = (dz @ w.T)[:, inp:]
        products = max(products, float((np.abs(dz) @ aw.T).max(initial=0)))
        dw += np.abs(np.concatenate([x[t], hp], axis=1)).T @ np.abs(dz)
        db += np.abs(dz).sum(axis=0)
    magnitude = max(products, float(dw.max(initial=0)), float(db.max(initial=0)))
    return _order_gap(max(w.shape[1], steps * x.shape[1]), magnitude, steps)


def _cell_inputs(rng: SampleRNG, batch: int, inp: int, cell: int, dtype: Any = np.float32,
                 steps: int | None = None) -> tuple:
    lead = (batch,) if steps is None else (steps, batch)
    shapes = (lead + (inp,), (batch, cell), (batch, cell), (inp + cell, 4 * cell), (cell,),
              (cell,), (cell,), (4 * cell,))
    return tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)


def _cell_samples() -> list:
    rng = SampleRNG(811)
    a = _cell_inputs(rng, 2, 3, 4)
    # (float32 only, so no float64 finite differences here: tests/ops/test_rnn_blocks.py
    # checks the gradient ops against them)
    cases = [(a, {}), (a, {"use_peephole": True, "cell_clip": 0.5, "forget_bias": 0.3}),
             (a, {"cell_clip": 0.0}), (_cell_inputs(rng, 3, 0, 2), {"use_peephole": True}),
             (tuple(v.astype(np.float16) for v in a), {"use_peephole": True})]
    return [Sample(c, attrs, grad=False, device_atol=_forward_atol(c[0], c[2], c[3], c[7], 1))
            for c, attrs in cases]


def _cell_bad() -> list:
    a = _cell_inputs(SampleRNG(812), 2, 3, 4)
    x, cs, h, w, wci, wcf, wco, b = a
    return [
        BadSample((x[..., None],) + a[1:], {}, InvalidArgumentError,
                  "x_tensor must be rank 2 but is rank 3."),
        BadSample((x, cs[:1]) + a[2:], {}, InvalidArgumentError,
                  "cs_prev.dims(0) != batch_size: 1 vs. 2"),
        BadSample((x, cs[:, :3]) + a[2:], {}, InvalidArgumentError,
                  "h_prev.dims(1) != cell_size: 4 vs. 3"),
        BadSample(a[:3] + (w[1:],) + a[4:], {}, InvalidArgumentError,
                  "w.dim_size(0) != input_size + cell_size: 6 vs. 7"),
        BadSample(a[:7] + (b[1:],), {}, InvalidArgumentError,
                  "b.dim_size(0) != cell_size * 4: 15 vs. 16"),
        BadSample(a[:4] + (wci[None],) + a[5:], {}, InvalidArgumentError,
                  "wci_tensor must be rank 1 but is rank 2."),
        BadSample((x[:0], cs[:0], h[:0]) + a[3:], {}, InvalidArgumentError,
                  "cs_prev_tensor is empty, has shape: (0,4)."),
        BadSample(tuple(v.astype(np.float64) for v in a), {}, InvalidArgumentError,
                  "Value for attr 'T' of double is not in the list of allowed values: "
                  "half, float"),
        BadSample(a[:3] + (w.astype(np.float16),) + a[4:], {}, InvalidArgumentError,
                  "cannot compute LSTMBlockCell as input #3(zero-based) was expected to be a "
                  "float tensor but is a half tensor")]


def _cell_grad_inputs(rng: SampleRNG, batch: int, inp: int, cell: int, attrs: dict,
                      dtype: Any = np.float32) -> tuple:
    a = _cell_inputs(rng, batch, inp, cell, dtype)
    fw = _cell_kernel(np, *a, **attrs)[:6]
    g = tuple(rng.uniform(-1, 1, (batch, cell)).astype(dtype) for _ in range(2))
    return a + fw + g


def _cell_grad_samples() -> list:
    rng = SampleRNG(813)
    peep = {"use_peephole": True, "cell_clip": 0.5}
    return [Sample(_cell_grad_inputs(rng, 2, 3, 4, {}), {"use_peephole": False}, grad=False),
            Sample(_cell_grad_inputs(rng, 2, 3, 4, peep), {"use_peephole": True},
                   grad=False),
            Sample(_cell_grad_inputs(rng, 0, 3, 2, {}), {"use_peephole": False}, grad=False),
            Sample(_cell_grad_inputs(rng, 2, 2, 3, peep, np.float16), {"use_peephole": True},
                   grad=False)]


def _cell_grad_bad() -> list:
    a = _cell_grad_inputs(SampleRNG(814), 2, 3, 4, {})
    up = {"use_peephole": False}
    return [
        BadSample(a[:1] + (a[1][1:],) + a[2:], up, InvalidArgumentError,
                  "cs_prev.dims(0) != batch_size: 1 vs. 2"),
        BadSample(a[:3] + (a[3][:, 1:],) + a[4:], up, InvalidArgumentError,
                  "w.dim_size(1) != cell_size * 4: 15 vs. 16"),
        BadSample(a[:8] + (a[8][1:],) + a[9:], up, InvalidArgumentError,
                  "i.dim_size(0) != batch_size: 1 vs. 2"),
        BadSample(a[:10] + (a[10][:, 1:],) + a[11:], up, InvalidArgumentError,
                  "i.dim_size(1) != cell_size: 3 vs. 4"),
        BadSample(a[:15] + (a[15][1:],), up, InvalidArgumentError,
                  "h_grad_tensor.dims(0) != batch_size: 1 vs. 2")]


def _block_inputs(rng: SampleRNG, steps: int, batch: int, inp: int, cell: int,
                  seq_len: int, dtype: Any = np.float32) -> tuple:
    return (np.int64(seq_len),) + _cell_inputs(rng, batch, inp, cell, dtype, steps)


def _block_samples(op: str) -> Any:
    extra = {"forget_bias": 0.7} if op == "BlockLSTM" else {}

    def build() -> list:
        rng = SampleRNG(815 if op == "BlockLSTM" else 816)
        a = _block_inputs(rng, 3, 2, 3, 4, 3)
        cases = [(a, dict(extra)), (a, {**extra, "use_peephole": True, "cell_clip": 0.6}),
                 ((np.int64(2),) + a[1:], {"cell_clip": 3.0}),
                 (_block_inputs(rng, 0, 2, 1, 2, 0), {}),
                 (_block_inputs(rng, 2, 3, 0, 2, 2, np.float16), {"use_peephole": True})]
        return [Sample(c, attrs, grad=False,
                       device_atol=_forward_atol(c[1], c[3], c[4], c[8], int(c[0])))
                for c, attrs in cases]
    return build


def _block_bad(op: str) -> Any:
    def build() -> list:
        a = _block_inputs(SampleRNG(817), 3, 2, 3, 4, 3)
        sl, x, cs, h, w, wci, wcf, wco, b = a
        return [
            BadSample((np.array([3]),) + a[1:], {}, InvalidArgumentError,
                      "`seq_len_max_tensor` must be rank 0 but is rank 1"),
            BadSample((sl, x[0]) + a[2:], {}, InvalidArgumentError, "x must be 3D"),
            BadSample(a[:4] + (w[None],) + a[5:], {}, InvalidArgumentError, "w must be 2D"),
            BadSample(a[:2] + (cs[1:],) + a[3:], {}, InvalidArgumentError,
                      "cs_prev.dims(0) != batch_size: 1 vs. 2"),
            BadSample(a[:3] + (h[:, 1:],) + a[4:], {}, InvalidArgumentError,
                      "h_prev.dims(1) != cell_size: 3 vs. 4"),
            BadSample(a[:5] + (wci[1:],) + a[6:], {}, InvalidArgumentError,
                      "wci.dim_size(0) != cell_size: 3 vs. 4"),
            BadSample((np.int64(4),) + a[1:], {}, InvalidArgumentError,
                      "seq_len_max must be in [0, 3], got 4"),
            BadSample((np.int32(3),) + a[1:], {}, InvalidArgumentError,
                      f"cannot compute {op} as input #0(zero-based) was expected to be a int64 "
                      "tensor but is a int32 tensor")]
    return build


def _block_grad_inputs(op: str, rng: SampleRNG, steps: int, batch: int, inp: int,
                       cell: int, seq_len: int, attrs: dict, dtype: Any = np.float32) -> tuple:
    a = _block_inputs(rng, steps, batch, inp, cell, seq_len, dtype)
    fw = _block_kernel(op.replace("Grad", ""))(np, *a, **attrs)
    g = tuple(rng.uniform(-1, 1, (steps, batch, cell)).astype(dtype) for _ in range(2))
    return a + fw + g


def _block_grad_samples(op: str) -> Any:
    def build() -> list:
        rng = SampleRNG(818 if op == "BlockLSTMGrad" else 819)
        peep = {"use_peephole": True, "cell_clip": 0.6}
        cases = [(_block_grad_inputs(op, rng, 3, 2, 3, 4, 3, {}), False),
                 (_block_grad_inputs(op, rng, 3, 2, 3, 4, 3, peep), True),
                 (_block_grad_inputs(op, rng, 3, 2, 2, 3, 2, {}), False),
                 (_block_grad_inputs(op, rng, 2, 2, 2, 3, 2, peep, np.float16), True)]
        return [Sample(c, {"use_peephole": p}, grad=False, device_atol=_grad_atol(op, c, p))
                for c, p in cases]
    return build


def _block_grad_bad(op: str) -> Any:
    def build() -> list:
        a = _block_grad_inputs(op, SampleRNG(820), 3, 2, 3, 4, 3, {})
        up = {"use_peephole": False}
        return [
            BadSample(a[:1] + (a[1][None],) + a[2:], up, InvalidArgumentError,
                      "x must be rank 3 but is rank 4"),
            BadSample(a[:4] + (a[4][1:],) + a[5:], up, InvalidArgumentError,
                      "w matrix rows don't match: 7 vs. 6"),
            BadSample(a[:9] + (a[9][0],) + a[10:], up, InvalidArgumentError,
                      "i must be rank 3. Received: 2"),
            BadSample(a[:8] + (a[8][None],) + a[9:], up, InvalidArgumentError,
                      "b must be rank 1 but is rank 2")]
    return build


register(OpDef("LSTMBlockCell", _cell_infer, _quiet(_cell_kernel), grad=C.no_gradient,
               reference=_cell_ref, num_outputs=7, samples=_cell_samples,
               bad_samples=_cell_bad))
register(OpDef("LSTMBlockCellGrad", _cell_grad_infer, _quiet(_cell_grad_kernel),
               grad=C.no_gradient, reference=_cell_grad_ref, num_outputs=5,
               samples=_cell_grad_samples, bad_samples=_cell_grad_bad))
BLOCK_LSTM_GRAD = {name: register(OpDef(
    name, _block_grad_infer(name), _quiet(_block_grad_kernel(name)), grad=C.no_gradient,
    reference=_block_grad_ref(name), num_outputs=8, host_inputs=(0,),
    samples=_block_grad_samples(name), bad_samples=_block_grad_bad(name)))
    for name in ("BlockLSTMGrad", "BlockLSTMGradV2")}
BLOCK_LSTM = {name: register(OpDef(
    name, _block_infer(name), _quiet(_block_kernel(name)), grad=_block_grad,
    reference=_block_ref(name), num_outputs=7, host_inputs=(0,),
    samples=_block_samples(name), bad_samples=_block_bad(name)))
    for name in ("BlockLSTM", "BlockLSTMV2")}


# ---------------------------------------------------------------------------------------
# GRUBlockCell, GRUBlockCellGrad (float32 only): r, u = sigmoid([x, h_prev] w_ru + b_ru)
# (r the first `cell` columns), c = tanh([x, r * h_prev] w_c + b_c), h = u * h_prev +
# (1 - u) * c; the gradient op's d_c_bar and d_r_bar_u_bar are the pre-activations'
# ---------------------------------------------------------------------------------------

_GRU_WEIGHTS = ("x", "h_prev", "w_ru", "w_c", "b_ru", "b_c")


def _gru_checks(op: str, x: Any, h_prev: Any, w_ru: Any, w_c: Any, b_ru: Any, b_c: Any,
                states: tuple = ()) -> tuple:
    """TF's checks: every rank, then the sizes against x's batch and input and h_prev's
    cell, in its order and words (w_ru's rank named "w_ru_", c's "w_c" as TF's)."""
    named = (("x", x, 2), ("h_prev", h_prev, 2), ("w_ru_", w_ru, 2), ("w_c", w_c, 2),
             ("b_ru", b_ru, 1), ("b_c", b_c, 1)) + tuple(
        ("w_c" if n == "c" else n, t, 2) for n, t in states)
    _ranks(op, named, lambda n, want, got: f"Rank of {n} must be {want}, got {got}")
    batch, inp = x._shape or (None, None)
    hs = h_prev._shape or (None, None)
    cell = hs[1]
    rows = None if None in (inp, cell) else inp + cell
    two = None if cell is None else 2 * cell
    checks = (("h_prev.dims(0) != batch_size", hs[0], batch),
              ("w_ru.dim_size(0) != input_size + cell_size", (w_ru._shape or (None,))[0], rows),
              ("w_ru.dim_size(1) != cell_size * 2", (w_ru._shape or (None, None))[1], two),
              ("w_c.dim_size(0) != input_size + cell_size", (w_c._shape or (None,))[0], rows),
              ("w_c.dim_size(1) != cell_size", (w_c._shape or (None, None))[1], cell),
              ("b_ru.dim_size(0) != cell_size * 2", (b_ru._shape or (None,))[0], two),
              ("b_c.dim_size(0) != cell_size", (b_c._shape or (None,))[0], cell))
    for name, t in states:
        s = t._shape or (None, None)
        checks += ((f"{name}.dims(0) != batch_size", s[0], batch),
                   (f"{name}.dims(1) != cell_size", s[1], cell))
    for what, got, want in checks:
        if _ne(got, want):
            raise C.fail(op, f"{what}: {got} vs. {want}")
    return batch, inp, cell


_FLOAT32 = frozenset((dt.float32,))


def _gru_infer(x: Any, h_prev: Any, w_ru: Any, w_c: Any, b_ru: Any, b_c: Any) -> list:
    op = "GRUBlockCell"
    d = C.same_dtype(op, (x, h_prev, w_ru, w_c, b_ru, b_c), _FLOAT32)
    batch, _, cell = _gru_checks(op, x, h_prev, w_ru, w_c, b_ru, b_c)
    return [((batch, cell), d)] * 4


def _gru_kernel(xp: Any, x: Any, h_prev: Any, w_ru: Any, w_c: Any, b_ru: Any,
                b_c: Any) -> tuple:
    n = h_prev.shape[1]
    ru = _sigmoid(xp, xp.concatenate([x, h_prev], axis=1) @ w_ru + b_ru)
    r, u = ru[:, :n], ru[:, n:]
    c = xp.tanh(xp.concatenate([x, r * h_prev], axis=1) @ w_c + b_c)
    return r, u, c, u * h_prev + (1 - u) * c


def _gru_ref(x: np.ndarray, h_prev: np.ndarray, w_ru: np.ndarray, w_c: np.ndarray,
             b_ru: np.ndarray, b_c: np.ndarray) -> tuple:
    """Unit by unit in float32 scalars (the products with the weights float32 matmuls)."""
    batch, n = h_prev.shape
    zru = np.concatenate([x, h_prev], 1) @ w_ru
    r, u = np.zeros((batch, n), _F), np.zeros((batch, n), _F)
    for b in range(batch):
        for j in range(n):
            r[b, j], u[b, j] = _sig(zru[b, j] + b_ru[j]), _sig(zru[b, n + j] + b_ru[n + j])
    zc = np.concatenate([x, r * h_prev], 1) @ w_c
    c, h = np.zeros((batch, n), _F), np.zeros((batch, n), _F)
    for b in range(batch):
        for j in range(n):
            c[b, j] = np.tanh(zc[b, j] + b_c[j])
            h[b, j] = u[b, j] * h_prev[b, j] + (_F(1) - u[b, j]) * c[b, j]
    return r, u, c, h


def _gru_grad_infer(x: Any, h_prev: Any, w_ru: Any, w_c: Any, b_ru: Any, b_c: Any, r: Any,
                    u: Any, c: Any, d_h: Any) -> list:
    op = "GRUBlockCellGrad"
    d = C.same_dtype(op, (x, h_prev, w_ru, w_c, b_ru, b_c, r, u, c, d_h), _FLOAT32)
    batch, inp, cell = _gru_checks(op, x, h_prev, w_ru, w_c, b_ru, b_c,
                                   (("r", r), ("u", u), ("c", c), ("d_h", d_h)))
    two = None if cell is None else 2 * cell
    return [((batch, inp), d), ((batch, cell), d), ((batch, cell), d), ((batch, two), d)]


def _gru_grad_kernel(xp: Any, x: Any, h_prev: Any, w_ru: Any, w_c: Any, b_ru: Any, b_c: Any,
                     r: Any, u: Any, c: Any, d_h: Any) -> tuple:
    inp = x.shape[1]
    d_c_bar = d_h * (1 - u) * (1 - c * c)
    d_u_bar = d_h * (h_prev - c) * u * (1 - u)
    d_rh = d_c_bar @ w_c[inp:].T
    d_ru = xp.concatenate([d_rh * h_prev * r * (1 - r), d_u_bar], axis=1)
    d_x = d_c_bar @ w_c[:inp].T + d_ru @ w_ru[:inp].T
    d_h_prev = d_h * u + d_rh * r + d_ru @ w_ru[inp:].T
    return d_x, d_h_prev, d_c_bar, d_ru


def _gru_grad_ref(x: np.ndarray, h_prev: np.ndarray, w_ru: np.ndarray, w_c: np.ndarray,
                  b_ru: np.ndarray, b_c: np.ndarray, r: np.ndarray, u: np.ndarray,
                  c: np.ndarray, d_h: np.ndarray) -> tuple:
    """Unit by unit: the chain rule back through h, c and the gates, the products with
    the weights' transposes float32 matmuls."""
    batch, n = h_prev.shape
    inp = x.shape[1]
    one = _F(1)
    d_c = np.zeros((batch, n), _F)
    d_ru = np.zeros((batch, 2 * n), _F)
    for b in range(batch):
        for j in range(n):
            d_c[b, j] = d_h[b, j] * (one - u[b, j]) * (one - c[b, j] * c[b, j])
            d_ru[b, n + j] = d_h[b, j] * (h_prev[b, j] - c[b, j]) * u[b, j] * (one - u[b, j])
    through_c = d_c @ w_c.T  # the gradient of [x, r * h_prev]
    d_h_prev = np.zeros((batch, n), _F)
    for b in range(batch):
        for j in range(n):
            g = through_c[b, inp + j]
            d_ru[b, j] = g * h_prev[b, j] * r[b, j] * (one - r[b, j])
            d_h_prev[b, j] = d_h[b, j] * u[b, j] + g * r[b, j]
    through_ru = d_ru @ w_ru.T
    return (through_c[:, :inp] + through_ru[:, :inp], d_h_prev + through_ru[:, inp:], d_c,
            d_ru)


def _gru_inputs(rng: SampleRNG, batch: int, inp: int, cell: int) -> tuple:
    shapes = ((batch, inp), (batch, cell), (inp + cell, 2 * cell), (inp + cell, cell),
              (2 * cell,), (cell,))
    return tuple(rng.uniform(-1, 1, s).astype(np.float32) for s in shapes)


def _gru_samples() -> list:
    rng = SampleRNG(821)
    return [Sample(_gru_inputs(rng, 2, 3, 4), {}, grad=False),
            Sample(_gru_inputs(rng, 1, 0, 2), {}, grad=False),
            Sample(_gru_inputs(rng, 0, 2, 3), {}, grad=False)]


def _gru_bad() -> list:
    a = _gru_inputs(SampleRNG(822), 2, 3, 4)
    return [
        BadSample((a[0][0],) + a[1:], {}, InvalidArgumentError, "Rank of x must be 2, got 1"),
        BadSample(a[:2] + (a[2][None],) + a[3:], {}, InvalidArgumentError,
                  "Rank of w_ru_ must be 2, got 3"),
        BadSample((a[0][:1],) + a[1:], {}, InvalidArgumentError,
                  "h_prev.dims(0) != batch_size: 2 vs. 1"),
        BadSample(a[:3] + (a[3][:, 1:],) + a[4:], {}, InvalidArgumentError,
                  "w_c.dim_size(1) != cell_size: 3 vs. 4"),
        BadSample(a[:4] + (a[4][1:],) + a[5:], {}, InvalidArgumentError,
                  "b_ru.dim_size(0) != cell_size * 2: 7 vs. 8"),
        BadSample(tuple(v.astype(np.float16) for v in a), {}, InvalidArgumentError,
                  "Value for attr 'T' of half is not in the list of allowed values: float")]


def _gru_grad_inputs(rng: SampleRNG, batch: int, inp: int, cell: int) -> tuple:
    a = _gru_inputs(rng, batch, inp, cell)
    return a + _gru_kernel(np, *a)[:3] + (rng.uniform(-1, 1, (batch, cell)).astype(_F),)


def _gru_grad_samples() -> list:
    rng = SampleRNG(823)
    return [Sample(_gru_grad_inputs(rng, 2, 3, 4), {}, grad=False),
            Sample(_gru_grad_inputs(rng, 3, 1, 2), {}, grad=False),
            Sample(_gru_grad_inputs(rng, 0, 2, 3), {}, grad=False)]


def _gru_grad_bad() -> list:
    a = _gru_grad_inputs(SampleRNG(824), 2, 3, 4)
    return [
        BadSample(a[:8] + (a[8][None],) + a[9:], {}, InvalidArgumentError,
                  "Rank of w_c must be 2, got 3"),
        BadSample(a[:6] + (a[6][:1],) + a[7:], {}, InvalidArgumentError,
                  "r.dims(0) != batch_size: 1 vs. 2"),
        BadSample(a[:9] + (a[9][:, 1:],), {}, InvalidArgumentError,
                  "d_h.dims(1) != cell_size: 3 vs. 4")]


register(OpDef("GRUBlockCell", _gru_infer, _quiet(_gru_kernel), grad=C.no_gradient,
               reference=_gru_ref, num_outputs=4, samples=_gru_samples,
               bad_samples=_gru_bad))
register(OpDef("GRUBlockCellGrad", _gru_grad_infer, _quiet(_gru_grad_kernel),
               grad=C.no_gradient, reference=_gru_grad_ref, num_outputs=4,
               samples=_gru_grad_samples, bad_samples=_gru_grad_bad))
