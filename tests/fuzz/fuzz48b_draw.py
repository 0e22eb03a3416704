"""fuzz48b's differential draw: the public functions fuzz48_draw.py did not draw (tf.ragged,
tf.sparse, tf.image's boxes, crops, patches and suppression, tf.signal's stft and mfccs,
tf.strings' split, unicode and number parsing, segment ops with num_segments, scatter,
searchsorted, bincount, einsum, batched and empty linalg, casts between every dtype pair),
written as Python source over `tf`, `np` and `T`, run under eagerflow and TF 2.21 and
compared by fuzz48_draw.py's machinery.

    python tests/fuzz/fuzz48b_draw.py SEED N OUT.txt
"""

from __future__ import annotations

import random

import fuzz48_draw as D

ALL = D.ALL
_INTS = D.INTS
_t, _v, _p = D.tensor, D.values, D._pick


def _ragged(r: random.Random) -> str:
    n = r.randint(0, 4)
    lens = [r.randint(0, 3) for _ in range(n)]
    d = _p(r, ("float32", "int32", "int64", "float64", "string", "bool"))
    vals = _t(r, d, [sum(lens)], special=r.random() < 0.3)
    rt = f"tf.RaggedTensor.from_row_lengths({vals}, {lens})"
    ax = r.choice(("None", "0", "1", "-1"))
    shp = r.choice(("None", f"[{r.randint(0, 4)}, {r.randint(0, 4)}]", "[None, 2]", "[3, None]"))
    dv = r.choice(("None", "0", "7", "-1"))
    return r.choice((
        f"{rt}.to_tensor(default_value={dv}, shape={shp})" if d not in ("string", "bool")
        else f"{rt}.to_tensor(shape={shp})",
        f"tf.reduce_sum({rt}, axis={ax})", f"tf.reduce_max({rt}, axis={ax})",
        f"tf.reduce_min({rt}, axis={ax})", f"tf.reduce_mean({rt}, axis={ax})",
        f"tf.reduce_prod({rt}, axis={ax})",
        f"tf.gather({rt}, {[r.randint(-1, n) for _ in range(r.randint(0, 3))]})",
        f"{rt}.row_lengths()", f"{rt}.nrows()", f"{rt}.bounding_shape()",
        f"tf.concat([{rt}, {rt}], axis={r.choice((0, 1))})",
        f"tf.RaggedTensor.from_row_splits({vals}, "
        f"{[0] + sorted(r.randint(0, sum(lens) + 1) for _ in range(n))})",
        f"tf.RaggedTensor.from_value_rowids({vals}, "
        f"{sorted(r.randint(0, 3) for _ in range(sum(lens)))})",
        f"tf.ragged.range({[r.randint(-2, 3) for _ in range(n)]}, "
        f"{[r.randint(0, 5) for _ in range(n)]})",
        f"tf.ragged.boolean_mask({_t(r, 'float32', [2, 3])}, {_t(r, 'bool', [2, 3])})",
        f"tf.ragged.constant({[[r.randint(0, 9) for _ in range(k)] for k in lens]})",
        f"tf.ragged.row_splits_to_segment_ids({[0] + sorted(r.randint(0, 5) for _ in range(n))})",
        f"tf.ragged.segment_ids_to_row_splits({sorted(r.randint(0, 3) for _ in range(n))}, "
        f"num_segments={r.choice((None, 2, 5))})",
        f"tf.ragged.stack_dynamic_partitions({vals}, "
        f"{[r.randint(0, 2) for _ in range(sum(lens))]}, 3)",
    ))


def _sparse(r: random.Random) -> str:
    shp = [r.randint(1, 4), r.randint(1, 4)]
    n = r.randint(0, 4)
    idx = sorted({(r.randint(0, shp[0] - 1 + (r.random() < 0.05)), r.randint(0, shp[1] - 1))
                  for _ in range(n)})
    if r.random() < 0.1 and len(idx) > 1:
        idx = idx[::-1]
    d = _p(r, ("float32", "int32", "int64", "float64", "bool"))
    vals = _t(r, d, [len(idx)], special=r.random() < 0.3)
    sp = f"tf.sparse.SparseTensor({[list(i) for i in idx]}, {vals}, {shp})"
    dense = _t(r, d, shp)
    return r.choice((
        f"tf.sparse.to_dense({sp})", f"tf.sparse.to_dense({sp}, validate_indices=False)",
        f"tf.sparse.reduce_sum({sp}, axis={r.choice((None, 0, 1, -1))})",
        f"tf.sparse.reduce_max({sp}, axis={r.choice((None, 0, 1, -1))})",
        f"tf.sparse.reduce_sum({sp}, axis=1, keepdims=True)",
        f"tf.sparse.reorder({sp})", f"tf.sparse.transpose({sp})",
        f"tf.sparse.add({sp}, {dense})", f"tf.sparse.add({sp}, {sp})",
        f"tf.sparse.sparse_dense_matmul({sp}, {_t(r, d, [shp[1], 2])})",
        f"tf.sparse.slice({sp}, [0, 0], [{r.randint(0, 3)}, {r.randint(0, 3)}])",
        f"tf.sparse.reset_shape({sp}, {r.choice(('None', '[4, 4]', '[1, 1]'))})",
        f"tf.sparse.fill_empty_rows({sp}, {r.choice(('0', '1'))})" if d != "bool" else
        f"tf.sparse.fill_empty_rows({sp}, False)",
        f"tf.sparse.from_dense({dense})", f"tf.sparse.retain({sp}, {_v(r, 'bool', len(idx))})",
        f"tf.sparse.maximum({sp}, {sp})", f"tf.sparse.softmax({sp})",
        f"tf.sparse.to_indicator(tf.sparse.SparseTensor({[list(i) for i in idx]}, T('int64', "
        f"[{len(idx)}], {[r.randint(0, 4) for _ in idx]}), {shp}), 4)",
        f"tf.sparse.concat({r.choice((0, 1))}, [{sp}, {sp}])",
        f"tf.sparse.expand_dims({sp}, {r.randint(-3, 2)})",
        f"tf.sparse.segment_sum({_t(r, d, shp)}, {[r.randint(0, shp[0] - 1) for _ in range(2)]}, "
        f"{sorted(r.randint(0, 2) for _ in range(2))})",
        f"tf.sparse.bincount({sp}, minlength={r.choice((None, 3))})" if d in ("int32", "int64")
        else f"tf.sparse.to_dense({sp})",
    ))


def _boxes(r: random.Random, n: int) -> list:
    out = []
    for _ in range(n):
        y1, x1 = round(r.uniform(-0.2, 1), 2), round(r.uniform(-0.2, 1), 2)
        y2, x2 = round(y1 + r.uniform(-0.3, 0.8), 2), round(x1 + r.uniform(-0.3, 0.8), 2)
        out.append([y1, x1, y2, x2])
    return out


def _image(r: random.Random) -> str:
    d = _p(r, ("float32", "uint8", "float16", "float64", "int32"))
    h, w = r.randint(1, 5), r.randint(1, 5)
    img = _t(r, d, [r.randint(1, 2), h, w, r.choice((1, 3))], special=r.random() < 0.3)
    nb = r.randint(0, 3)
    bx = _boxes(r, nb)
    scores = _v(r, "float32", nb, special=r.random() < 0.2)
    ms = r.randint(0, 4)
    iou = r.choice((0.5, 0.0, 1.0, 0.3))
    st = r.choice((float("-inf"), 0.0, 0.5))
    method = r.choice(("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5",
                       "mitchellcubic", "gaussian"))
    return r.choice((
        f"tf.image.crop_and_resize({img}, {bx}, {[r.randint(0, 1) for _ in bx]}, "
        f"[{r.randint(1, 3)}, {r.randint(1, 3)}], method={r.choice(('bilinear', 'nearest'))!r}, "
        f"extrapolation_value={r.choice((0.0, -1.0))})",
        f"tf.image.resize({img}, [{r.randint(0, 6)}, {r.randint(1, 6)}], method={method!r}, "
        f"antialias={r.random() < 0.5}, preserve_aspect_ratio={r.random() < 0.2})",
        f"tf.image.resize_with_pad({img}, {r.randint(1, 6)}, {r.randint(1, 6)})",
        f"tf.image.resize_with_crop_or_pad({img}, {r.randint(1, 6)}, {r.randint(1, 6)})",
        f"tf.image.pad_to_bounding_box({img}, {r.randint(0, 2)}, {r.randint(0, 2)}, "
        f"{r.randint(1, 7)}, {r.randint(1, 7)})",
        f"tf.image.crop_to_bounding_box({img}, {r.randint(0, 2)}, {r.randint(0, 2)}, "
        f"{r.randint(1, 4)}, {r.randint(1, 4)})",
        f"tf.image.extract_patches({img}, [1, {r.randint(1, 3)}, {r.randint(1, 3)}, 1], "
        f"[1, {r.randint(1, 3)}, {r.randint(1, 2)}, 1], [1, {r.randint(1, 2)}, 1, 1], "
        f"{r.choice(('SAME', 'VALID'))!r})",
        f"tf.image.non_max_suppression({bx}, {scores}, {ms}, iou_threshold={iou}, "
        f"score_threshold={st})",
        f"tf.image.non_max_suppression_padded(tf.constant({bx}, tf.float32, [{nb}, 4]), "
        f"tf.constant({scores}, tf.float32, [{nb}]), {ms}, iou_threshold={iou}, "
        f"score_threshold={st}, pad_to_max_output_size={r.random() < 0.5})",
        f"tf.image.non_max_suppression_with_scores({bx}, {scores}, {ms}, iou_threshold={iou}, "
        f"score_threshold={st}, soft_nms_sigma={r.choice((0.0, 0.5))})",
        f"tf.image.non_max_suppression_overlaps(tf.constant("
        f"{_v(r, 'float32', nb * nb, special=False)}, shape=[{nb}, {nb}]), {scores}, {ms})",
        f"tf.image.ssim({img}, {img}, max_val=255.0, filter_size={r.choice((1, 3, 11))})",
        f"tf.image.psnr({img}, tf.zeros_like({img}), max_val={r.choice((1.0, 255))})",
        f"tf.image.draw_bounding_boxes(tf.cast({img}, tf.float32), [{bx}], [[1.0, 0.0, 0.0]])",
        f"tf.image.combined_non_max_suppression([[[b] for b in {bx}]], [[[s] for s in {scores}]], "
        f"{max(ms, 1)}, {max(ms, 1)})",
        f"tf.image.random_crop({img}, {[1, h, w, 1]}, seed=1)",
        f"tf.image.flip_up_down({img})", f"tf.image.transpose({img})",
        f"tf.image.adjust_jpeg_quality(tf.cast({img}, tf.float32), 50)",
    ))


def _signal(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "float16"))
    n = r.randint(0, 12)
    x = _t(r, d, [r.randint(1, 2), n] if r.random() < 0.4 else [n], special=r.random() < 0.2)
    fl, fs = r.randint(1, 6), r.randint(1, 4)
    return r.choice((
        f"tf.signal.stft({x}, {fl}, {fs}, fft_length={r.choice((None, 4, 8, 3))}, "
        f"pad_end={r.random() < 0.5})",
        f"tf.signal.inverse_stft(tf.signal.stft({x}, {fl}, {fs}), {fl}, {fs})",
        f"tf.signal.frame({x}, {fl}, {fs}, pad_end={r.random() < 0.5}, "
        f"pad_value={r.choice((0, 1.5))}, "
        f"axis={r.choice((-1, 0))})",
        f"tf.signal.mfccs_from_log_mel_spectrograms("
        f"{_t(r, d, [r.randint(1, 2), r.randint(1, 5)])})",
        f"tf.signal.linear_to_mel_weight_matrix({r.randint(1, 5)}, {r.randint(1, 6)}, 8000, "
        f"{r.choice((0.0, 20.0, 125.0))}, {r.choice((3800.0, 4000.0, 100.0))})",
        f"tf.signal.overlap_and_add({_t(r, d, [r.randint(0, 3), r.randint(1, 4)])}, "
        f"{r.randint(1, 3)})",
        f"tf.signal.fft2d(tf.cast({_t(r, d, [r.randint(0, 2), r.randint(0, 3)])}, tf.complex64))",
        f"tf.signal.rfft2d({_t(r, 'float32', [r.randint(1, 3), r.randint(1, 4)])}, "
        f"fft_length=[{r.randint(0, 4)}, {r.randint(0, 4)}])",
    ))


_PATTERNS = ("(a)", "\\s+", "^$", "(.)", "x|")
_REWRITES = ("\\1\\1", "<>", "")
_DIGITS = "\\d+"


def _strings(r: random.Random) -> str:
    s = _t(r, "string", D.shape(r, 2))
    unit = r.choice(("BYTE", "UTF8_CHAR"))
    return r.choice((
        f"tf.strings.split({s}, sep={r.choice((None, ',', ' ', ',,', 'a'))!r}, "
        f"maxsplit={r.choice((-1, 0, 1, 2))})",
        f"tf.strings.substr({s}, {_t(r, 'int32', [], special=False)}, {r.randint(-1, 4)}, "
        f"unit={unit!r})",
        f"tf.strings.regex_replace({s}, {r.choice(_PATTERNS)!r}, "
        f"{r.choice(_REWRITES)!r}, replace_global={r.random() < 0.5})",
        f"tf.strings.to_number({s}, "
        f"out_type=tf.{r.choice(('float32', 'float64', 'int32', 'int64', 'float16', 'uint8'))})",
        f"tf.strings.to_hash_bucket_fast({s}, {r.randint(1, 5)})",
        f"tf.strings.unicode_split({s}, 'UTF-8')",
        f"tf.strings.unicode_decode_with_offsets({s}, 'UTF-8')",
        f"tf.strings.unicode_transcode({s}, 'UTF-8', "
        f"{r.choice(('UTF-16-BE', 'UTF-32-BE', 'UTF-8'))!r})",
        f"tf.strings.unicode_encode({_t(r, 'int32', [r.randint(0, 4)], special=r.random() < 0.3)}, "
        f"{r.choice(('UTF-8', 'UTF-16-BE'))!r}, "
        f"errors={r.choice(('replace', 'ignore', 'strict'))!r})",
        f"tf.strings.unicode_split_with_offsets({s}, 'UTF-8')",
        f"tf.strings.ngrams(tf.strings.split({s}), {r.randint(1, 3)}, separator='-', "
        f"pad_values={r.choice((None, ('<', '>')))!r})",
        f"tf.strings.join([{s}, {s}], separator={r.choice(('', '|'))!r})",
        f"tf.strings.as_string("
        f"{_t(r, r.choice(('float16', 'float64', 'int8', 'uint8', 'complex64')), [2])})",
        f"tf.strings.lower({s}, encoding='utf-8')",
        f"tf.strings.substr({s}, -1, 2, unit={unit!r})",
        f"tf.strings.regex_full_match({s}, {r.choice(('(', '.*', _DIGITS))!r})",
        f"tf.strings.strip(tf.strings.split({s}, ','))",
        f"tf.strings.to_hash_bucket({s}, {r.randint(1, 3)})",
        f"tf.strings.unsorted_segment_join({s}, {_t(r, 'int32', [], special=False)}, 3)",
    ))


def _segment(r: random.Random) -> str:
    n = r.randint(0, 5)
    d = _p(r, ("float32", "int32", "float64", "int64", "complex64", "float16", "uint8"))
    data = _t(r, d, [n] + D.shape(r, 1))
    ids = sorted(r.randint(0, 3) for _ in range(n))
    op = r.choice(("sum", "mean", "max", "min", "prod", "sqrt_n"))
    ns = r.choice((0, 1, 2, 4, 6))
    ix = r.choice(("int32", "int64"))
    return r.choice((
        f"tf.math.unsorted_segment_{op}({data}, T({ix!r}, [{n}], "
        f"{[r.randint(-1, 4) for _ in range(n)]}), "
        f"num_segments=T({r.choice(('int32', 'int64'))!r}, [], [{ns}]))",
        f"tf.raw_ops.SegmentSumV2(data={data}, segment_ids=T({ix!r}, [{n}], {ids}), "
        f"num_segments={ns})",
        f"tf.raw_ops.SegmentMaxV2(data={data}, segment_ids=T({ix!r}, [{n}], {ids}), "
        f"num_segments={ns})",
        f"tf.sparse.segment_{r.choice(('sum', 'mean', 'sqrt_n'))}({data}, "
        f"{[r.randint(0, max(n - 1, 0)) for _ in range(2)]}, "
        f"{sorted(r.randint(0, 2) for _ in range(2))}, "
        f"num_segments={r.choice((None, 1, 4))})",
    ))


_SORTED = ("float32", "int32", "float64", "uint8")
_IDX = ("int32", "int64")


def _scatter(r: random.Random) -> str:
    shp = D.shape(r, 3, 1)
    d = _p(r, ("float32", "int32", "int64", "bool", "string", "complex64", "uint8", "float16"))
    depth = r.randint(1, len(shp))
    n = r.randint(0, 3)
    idx = [r.randint(-1 if r.random() < 0.1 else 0, 4) for _ in range(n * depth)]
    ix = f"T({r.choice(('int32', 'int64'))!r}, {[n, depth]}, {idx})"
    ushape = [n] + shp[depth:]
    fn = r.choice(("tf.tensor_scatter_nd_update", "tf.tensor_scatter_nd_add",
                   "tf.tensor_scatter_nd_max", "tf.tensor_scatter_nd_min"))
    return r.choice((
        f"tf.scatter_nd({ix}, {_t(r, d, ushape)}, {shp})",
        f"{fn}({_t(r, d, shp)}, {ix}, {_t(r, d, ushape)})",
        f"tf.searchsorted({_t(r, _p(r, _SORTED), [r.randint(1, 2), r.randint(0, 5)])}, "
        f"{_t(r, 'float32', [1, r.randint(0, 4)])}, side={r.choice(('left', 'right'))!r}, "
        f"out_type=tf.{r.choice(('int32', 'int64'))})",
        f"tf.histogram_fixed_width({_t(r, _p(r, ('float32', 'int32', 'float64')), D.shape(r, 2))}, "
        f"{r.choice(('[0.0, 1.0]', '[-1.0, 5.0]', '[1.0, 1.0]', '[2.0, 1.0]', '[0, 3]'))}, "
        f"nbins={r.choice((1, 3, 0, -1))}, dtype=tf.{r.choice(('int32', 'int64'))})",
        f"tf.histogram_fixed_width_bins({_t(r, 'float32', D.shape(r, 2))}, [0.0, 2.0], "
        f"nbins={r.randint(1, 4)})",
        f"tf.math.bincount({_t(r, r.choice(_IDX), [r.randint(0, 5)], special=r.random() < 0.2)}, "
        f"weights={r.choice(('None', 'T(' + repr('float64') + ', [3], [0.5, 1, -2])'))}, "
        f"minlength={r.choice((None, 0, 3, 7))}, maxlength={r.choice((None, 0, 2, 10))}, "
        f"dtype=tf.{r.choice(('int32', 'float32', 'int64', 'float64'))})",
        f"tf.math.cumsum({_t(r, _p(r, ('float32', 'int32', 'uint8', 'complex64', 'bool')), shp)}, "
        f"axis={r.randint(-len(shp), len(shp) - 1)}, exclusive={r.random() < 0.5}, "
        f"reverse={r.random() < 0.5})",
        f"tf.math.cumprod({_t(r, _p(r, ('float32', 'int64', 'uint16', 'float16')), shp)}, "
        f"axis={r.randint(-len(shp), len(shp) - 1)}, exclusive={r.random() < 0.5}, "
        f"reverse={r.random() < 0.5})",
    ))


_EINSUM = ("ii->i", "ii", "ij->", "ij,jk", "i,i", "i,j->ij", "...,...->...", "bij,bjk->bik",
           "ij->ji", "iij->j", "i->", "ab...,b->a...", "ijk,kji->", "i,i,i->i", "aa->a",
           "ij,ij->ij", "ij,kl->ijkl", "i...->...", "ab,bc,cd->ad", " ij , jk -> ik ",
           "ij->ij", "ii->", "ij,j", "IJ,JK->IK")


def _einsum_operand(r: random.Random, spec: str, d: str, sizes: dict) -> str:
    shp = []
    for c in spec.strip():
        if c == ".":
            continue
        if c not in sizes:
            sizes[c] = r.randint(0, 3) if r.random() < 0.15 else r.randint(1, 3)
        shp.append(sizes[c])
    if "..." in spec:
        shp = [2] * r.randint(0, 1) + shp
    return _t(r, d, shp, special=False)


def _einsum(r: random.Random) -> str:
    eq = r.choice(_EINSUM)
    d = _p(r, ("float32", "float64", "int32", "complex64", "float16", "int64", "bfloat16"))
    lhs = eq.split("->")[0].split(",")
    sizes: dict = {}
    ops = [_einsum_operand(r, s, d, sizes) for s in lhs]
    return f"tf.einsum({eq!r}, {', '.join(ops)})"


def _linalg(r: random.Random) -> str:
    d = _p(r, ("float32", "float64", "complex64", "complex128"))
    n = r.randint(0, 3)
    b = r.choice(([], [0], [2], [1, 2]))
    m = _t(r, d, b + [n, n], special=r.random() < 0.2)
    rhs = _t(r, d, b + [n, r.randint(0, 2)], special=False)
    return r.choice((
        f"tf.linalg.solve({m}, {rhs})", f"tf.linalg.triangular_solve({m}, {rhs}, "
        f"lower={r.random() < 0.5})",
        f"tf.linalg.lstsq({m}, {rhs})", f"tf.linalg.qr({m})", f"tf.linalg.svd({m}, "
        f"compute_uv=False)",
        f"tf.linalg.eigh({m})", f"tf.linalg.det({m})", f"tf.linalg.slogdet({m})",
        f"tf.linalg.inv({m})", f"tf.linalg.matrix_transpose({m})",
        f"tf.linalg.cholesky_solve(tf.linalg.cholesky({m}), {rhs})",
        f"tf.linalg.lu_solve(*tf.linalg.lu({m}), {rhs})", f"tf.linalg.trace({m})",
        f"tf.linalg.diag_part({m}, k={r.choice((0, 1, -1, (-1, 1)))})",
        f"tf.linalg.banded_triangular_solve({m}, {rhs})",
        f"tf.linalg.matrix_rank({m})", f"tf.linalg.logm(tf.cast({m}, tf.complex64))",
        f"tf.linalg.sqrtm({m})", f"tf.linalg.tridiagonal_solve({m}, {rhs}, "
        f"diagonals_format='matrix')",
        f"tf.linalg.eigvals({m})", f"tf.linalg.l2_normalize({m}, axis=-1)",
        f"tf.linalg.matmul({m}, {rhs}, adjoint_a=True)",
        f"tf.linalg.LinearOperatorFullMatrix({m}).to_dense()",
    ))


_CAST_VALUES = ("nan", "inf", "-inf", "3e9", "-3e9", "1e20", "-1e20", "255.5", "256.0", "-1.0",
                "-0.5", "65535.9", "2.5", "-2.5", "1.8446744073709552e19", "9.3e18", "-129.0",
                "127.9", "4294967295.0", "32768.0", "1e-40", "-0.0", "65520.0", "3.4e38")


def _cast(r: random.Random) -> str:
    frm = _p(r, D.FLOATS + D.COMPLEX)
    to = r.choice(ALL)
    vals = [r.choice(_CAST_VALUES) for _ in range(r.randint(1, 4))]
    if frm in D.COMPLEX:
        vals = [f"complex({v}, {r.choice(_CAST_VALUES)})" for v in vals]
    src = f"T({frm!r}, [{len(vals)}], [{', '.join(vals)}])"
    if r.random() < 0.3 or frm not in D.FLOATS + D.COMPLEX:  # (integer sources)
        fi = r.choice(_INTS)
        src = _t(r, fi, [3])
    fn = r.choice(("tf.cast", "tf.cast", "tf.saturate_cast", "tf.dtypes.cast", "tf.bitcast"))
    if fn == "tf.bitcast":
        return f"tf.bitcast({src}, tf.{r.choice(_INTS + ('float16', 'float32'))})"
    return f"{fn}({src}, tf.{to})"


DRAWS = ([_ragged] * 6 + [_sparse] * 6 + [_image] * 8 + [_signal] * 4 + [_strings] * 6 +
         [_segment] * 3 + [_scatter] * 6 + [_einsum] * 3 + [_linalg] * 4 + [_cast] * 5)


def draw(seed: int, n: int) -> list:
    r = random.Random(seed)
    return [r.choice(DRAWS)(r) for _ in range(n)]


if __name__ == "__main__":
    D.report_round(draw)
