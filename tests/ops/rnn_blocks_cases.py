"""Cases of TF's fused LSTM and GRU ops for test_rnn_blocks.py, run through tf.raw_ops by
record_rnn_blocks_golden.py (rnn_blocks_golden.json): LSTMBlockCell, BlockLSTM/V2 and
GRUBlockCell's outputs, their gradient ops' outputs, and BlockLSTM/V2's tape gradients
(TF's registered gradient: BlockLSTMGrad for both). No imports: TF's interpreter loads
this file too."""

# (op, dtype, attrs, steps, seq_len_max)
CASES = [
    ("LSTMBlockCell", "float32", {}, None, None),
    ("LSTMBlockCell", "float32", {"use_peephole": True, "cell_clip": 0.5, "forget_bias": 0.3},
     None, None),
    ("LSTMBlockCell", "float32", {"cell_clip": -1.0}, None, None),
    ("LSTMBlockCell", "float16", {"use_peephole": True}, None, None),
    ("BlockLSTM", "float32", {}, 3, 3),
    ("BlockLSTM", "float32", {"use_peephole": True, "cell_clip": 0.8, "forget_bias": 0.2}, 3, 3),
    ("BlockLSTM", "float16", {}, 3, 3),
    ("BlockLSTMV2", "float32", {}, 3, 3),
    ("BlockLSTMV2", "float32", {"use_peephole": True, "cell_clip": 0.8}, 3, 3),
    ("BlockLSTMV2", "float16", {"use_peephole": True}, 3, 3),
]
BATCH, INPUT, CELL = 2, 3, 4
NAMES = ("x", "cs_prev", "h_prev", "w", "wci", "wcf", "wco", "b")


def inputs(np, case, i):
    op, dtype, _, steps, _ = case
    rng = np.random.default_rng(100 + i)
    lead = (BATCH,) if steps is None else (steps, BATCH)
    shapes = (lead + (INPUT,), (BATCH, CELL), (BATCH, CELL), (INPUT + CELL, 4 * CELL),
              (CELL,), (CELL,), (CELL,), (4 * CELL,))
    scale = (2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    vals = [(rng.uniform(-1, 1, s) * k).astype(dtype) for s, k in zip(shapes, scale)]
    grads = [rng.uniform(-1, 1, lead + (CELL,)).astype(dtype) for _ in range(2)]
    return dict(zip(NAMES, vals)), grads


def _list(outs):
    return [o.numpy().astype("float64").tolist() for o in outs]


def run(tf, np, case, i):
    """{"outputs": the op's, "grad_op": its gradient op's of (cs_grad, h_grad), "tape":
    the tape's gradients of sum(cs * cs_grad + h * h_grad) (BlockLSTM/V2 only)}."""
    op, dtype, attrs, steps, seq_len = case
    args, (dcs, dh) = inputs(np, case, i)
    raw = getattr(tf.raw_ops, op)
    up = attrs.get("use_peephole", False)
    if steps is None:
        outs = raw(**args, **attrs)
        g = tf.raw_ops.LSTMBlockCellGrad(**args, **dict(zip(("i", "cs", "f", "o", "ci", "co"),
                                                            outs[:6])),
                                         cs_grad=dcs, h_grad=dh, use_peephole=up)
        return {"outputs": _list(outs), "grad_op": _list(g)}
    sl = np.int64(seq_len)
    outs = raw(seq_len_max=sl, **args, **attrs)
    grad_op = tf.raw_ops.BlockLSTMGradV2 if op == "BlockLSTMV2" else tf.raw_ops.BlockLSTMGrad
    g = grad_op(seq_len_max=sl, **args, **dict(zip(("i", "cs", "f", "o", "ci", "co", "h"),
                                                   outs)),
                cs_grad=dcs, h_grad=dh, use_peephole=up)
    xs = {k: tf.constant(v) for k, v in args.items()}
    with tf.GradientTape() as tape:
        tape.watch(list(xs.values()))
        o = raw(seq_len_max=sl, **xs, **attrs)
        loss = tf.reduce_sum(o[1] * dcs) + tf.reduce_sum(o[6] * dh)
    tg = tape.gradient(loss, list(xs.values()))
    return {"outputs": _list(outs), "grad_op": _list(g), "tape": _list(tg)}


# GRUBlockCell: (batch, input, cell)
GRU_CASES = [(2, 3, 4), (1, 0, 2), (3, 2, 1)]


def run_gru(tf, np, case, i):
    """GRUBlockCell's outputs and GRUBlockCellGrad's of them and a random d_h."""
    batch, inp, cell = case
    rng = np.random.default_rng(200 + i)
    shapes = ((batch, inp), (batch, cell), (inp + cell, 2 * cell), (inp + cell, cell),
              (2 * cell,), (cell,))
    args = dict(zip(("x", "h_prev", "w_ru", "w_c", "b_ru", "b_c"),
                    (rng.uniform(-1.5, 1.5, s).astype("float32") for s in shapes)))
    d_h = rng.uniform(-1, 1, (batch, cell)).astype("float32")
    outs = tf.raw_ops.GRUBlockCell(**args)
    g = tf.raw_ops.GRUBlockCellGrad(**args, r=outs[0], u=outs[1], c=outs[2], d_h=d_h)
    return {"outputs": _list(outs), "grad_op": _list(g)}
