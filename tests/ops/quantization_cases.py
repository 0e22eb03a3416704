"""The tf.quantization calls (and their raw ops) whose results quantization_golden.json
records from TF 2.21 (by record_quantization_golden.py) and test_quantization.py checks
eagerflow against: fake quantization with its nudged ranges at the edges, NaN and
infinities, and its gradients (through GradientTape and the _gradient functions);
quantize / dequantize in every mode, round mode, narrow range and axis, with their
min/max outputs; quantize-and-dequantize V2/V3/V4 and V4's gradient; quantized_concat;
the quantized dtypes' conversions; and the errors each refuses bad arguments with.

`cases(tf)` runs them with whichever module is passed as `tf`; each result is a tensor,
a tuple of them, or ("error", class name, message)."""

import numpy as np

NAN, INF = float("nan"), float("inf")

# values at and around the default range's nudged edges (-6.0235.., 5.9765..), a tie of
# the rounding, NaN and infinities
EDGES = np.array([-INF, -7.0, -6.0235295, -6.0, -0.3, -0.0, 0.0, 0.0235294, 0.26, 1.0,
                  5.9764705, 5.99, 6.1, INF, NAN], np.float32)
RNG = np.random.RandomState(7)
X23 = RNG.uniform(-3.0, 3.0, (2, 3)).astype(np.float32)
X234 = RNG.uniform(-2.0, 4.0, (2, 3, 4)).astype(np.float32)
TIES = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 127.5, -128.5], np.float32)

QTYPES = ("qint8", "quint8", "qint16", "quint16", "qint32")
MODES = ("MIN_COMBINED", "MIN_FIRST", "SCALED")


def _call(out, key, f):
    try:
        out[key] = f()
    except Exception as e:  # noqa: BLE001 - the error is the recorded result
        out[key] = ("error", type(e).__name__, str(e))



def encode(value):
    """A case's result as its golden records it: the error's class and message, a
    gradient that does not flow, a text, a tuple of results, or a tensor's dtype, shape
    and values (as float64). The record scripts of both quantization families use it."""
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return {"error": value[1], "message": value[2]}
    if value is None:
        return {"none": True}
    if isinstance(value, str):
        return {"text": value}
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    v = value.numpy()
    return {"dtype": value.dtype.name, "shape": list(np.shape(v)),
            "values": np.asarray(v).astype(np.float64).ravel().tolist()}


def _fake_quant(tf, out):
    q = tf.quantization
    x = tf.constant(EDGES)
    for bits, narrow in ((8, False), (8, True), (4, False), (2, True), (16, False)):
        for lo, hi in ((-6.0, 6.0), (0.0, 1.0), (-0.1, 2.3), (0.5, 3.0), (-3.0, -1.0)):
            key = f"args/{bits}/{narrow}/{lo}/{hi}"
            _call(out, key, lambda: q.fake_quant_with_min_max_args(
                x, min=lo, max=hi, num_bits=bits, narrow_range=narrow))
            _call(out, "vars/" + key[5:], lambda: q.fake_quant_with_min_max_vars(
                x, tf.constant(lo), tf.constant(hi), num_bits=bits, narrow_range=narrow))
    g = tf.constant(np.arange(1, 16, dtype=np.float32))
    for lo, hi in ((-6.0, 6.0), (-0.1, 2.3), (0.5, 3.0)):
        _call(out, f"args_gradient/{lo}/{hi}", lambda: q.fake_quant_with_min_max_args_gradient(
            g, x, min=lo, max=hi))
        _call(out, f"vars_gradient/{lo}/{hi}", lambda: tuple(
            q.fake_quant_with_min_max_vars_gradient(
            g, x, tf.constant(lo), tf.constant(hi))))

        def tape_args():
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = q.fake_quant_with_min_max_args(x, min=lo, max=hi) * g
            return tape.gradient(y, x)
        _call(out, f"tape_args/{lo}/{hi}", tape_args)

        def tape_vars():
            mn, mx = tf.constant(lo), tf.constant(hi)
            with tf.GradientTape() as tape:
                tape.watch([x, mn, mx])
                y = q.fake_quant_with_min_max_vars(x, mn, mx, narrow_range=True) * g
            return tuple(tape.gradient(y, [x, mn, mx]))
        _call(out, f"tape_vars/{lo}/{hi}", tape_vars)
    # odd ranges: empty, reversed
    _call(out, "vars/empty_range", lambda: q.fake_quant_with_min_max_vars(x, 1.0, 1.0))
    _call(out, "vars/reversed", lambda: q.fake_quant_with_min_max_vars(x, 2.0, 1.0))
    # per channel
    mins, maxs = tf.constant([-1.0, 0.0, 0.3, -2.0]), tf.constant([1.0, 3.0, 2.0, -0.5])
    x4 = tf.constant(X234)
    for bits, narrow in ((8, False), (3, True)):
        _call(out, f"per_channel/{bits}/{narrow}", lambda:
              q.fake_quant_with_min_max_vars_per_channel(
            x4, mins, maxs, num_bits=bits, narrow_range=narrow))
    g4 = tf.constant(RNG.uniform(-1, 1, (2, 3, 4)).astype(np.float32))
    _call(out, "per_channel_gradient", lambda: tuple(
        q.fake_quant_with_min_max_vars_per_channel_gradient(g4, x4, mins, maxs)))

    def tape_pc():
        with tf.GradientTape() as tape:
            tape.watch([x4, mins, maxs])
            y = q.fake_quant_with_min_max_vars_per_channel(x4, mins, maxs) * g4
        return tuple(tape.gradient(y, [x4, mins, maxs]))
    _call(out, "tape_per_channel", tape_pc)
    _call(out, "per_channel/1d", lambda: q.fake_quant_with_min_max_vars_per_channel(
        tf.constant([-1.0, 0.5, 2.0, 7.0]), mins, maxs))
    # errors
    _call(out, "err/args_min_eq_max", lambda: q.fake_quant_with_min_max_args(x, min=1.0, max=1.0))
    _call(out, "err/args_min_gt_max", lambda: q.fake_quant_with_min_max_args(x, min=2.0, max=1.5))
    _call(out, "err/args_bits1", lambda: q.fake_quant_with_min_max_args(x, num_bits=1))
    _call(out, "err/args_bits17", lambda: q.fake_quant_with_min_max_args(x, num_bits=17))
    _call(out, "err/args_grad_bits",
          lambda: q.fake_quant_with_min_max_args_gradient(x, x, num_bits=0))
    _call(out, "err/vars_bits", lambda: q.fake_quant_with_min_max_vars(x, -1.0, 1.0, num_bits=17))
    _call(out, "err/vars_min_rank", lambda: q.fake_quant_with_min_max_vars(x, [0.0], 1.0))
    _call(out, "err/vars_max_rank", lambda: q.fake_quant_with_min_max_vars(x, 0.0, [1.0]))
    _call(out, "err/vars_grad_size", lambda: q.fake_quant_with_min_max_vars_gradient(
        x[:2], x, -1.0, 1.0))
    _call(out, "err/args_grad_size", lambda: q.fake_quant_with_min_max_args_gradient(x[:2], x))
    _call(out, "err/pc_min_size", lambda: q.fake_quant_with_min_max_vars_per_channel(
        x4, [0.0, 0.0], maxs))
    _call(out, "err/pc_max_size", lambda: q.fake_quant_with_min_max_vars_per_channel(
        x4, mins, [1.0]))
    _call(out, "err/pc_min_rank", lambda: q.fake_quant_with_min_max_vars_per_channel(x4, 0.0, maxs))
    _call(out, "err/pc_bits", lambda: q.fake_quant_with_min_max_vars_per_channel(
        x4, mins, maxs, num_bits=20))
    _call(out, "err/pc_grad_size", lambda: q.fake_quant_with_min_max_vars_per_channel_gradient(
        g4[:1], x4, mins, maxs))


def _quantize(tf, out):
    q = tf.quantization
    x = tf.constant(X23)
    for t in QTYPES:
        dtype = getattr(tf, t)
        for mode in MODES:
            for lo, hi in ((-3.0, 3.0), (-1.0, 2.5), (0.5, 2.0), (-2.0, -1.0), (0.0, 0.0)):
                key = f"quantize/{t}/{mode}/{lo}/{hi}"
                _call(out, key, lambda: tuple(q.quantize(x, lo, hi, dtype, mode=mode)))
                _call(out, "dequantize/" + key[9:], lambda: q.dequantize(
                    tf.constant(np.arange(-4, 2).reshape(2, 3) * 7, dtype), lo, hi, mode=mode))
        _call(out, f"quantize/{t}/SCALED/narrow", lambda: tuple(q.quantize(
            x, -2.0, 3.0, dtype, mode="SCALED", narrow_range=True)))
        _call(out, f"dequantize/{t}/SCALED/narrow", lambda: q.dequantize(
            tf.constant([[-7, 0, 5]], dtype), -2.0, 3.0, mode="SCALED", narrow_range=True))
        _call(out, f"quantize/{t}/SCALED/even", lambda: tuple(q.quantize(
            tf.constant(TIES), -128.0, 127.0, dtype, mode="SCALED", round_mode="HALF_TO_EVEN")))
        _call(out, f"quantize/{t}/SCALED/away", lambda: tuple(q.quantize(
            tf.constant(TIES), -128.0, 127.0, dtype, mode="SCALED")))
        _call(out, f"quantize/{t}/MIN_COMBINED/edges", lambda: tuple(q.quantize(
            tf.constant(EDGES), -6.0, 6.0, dtype)))
        _call(out, f"quantize/{t}/MIN_FIRST/edges", lambda: tuple(q.quantize(
            tf.constant(EDGES), -6.0, 6.0, dtype, mode="MIN_FIRST")))
        _call(out, f"quantize/{t}/SCALED/edges", lambda: tuple(q.quantize(
            tf.constant(EDGES), -6.0, 6.0, dtype, mode="SCALED")))
    x4 = tf.constant(X234)
    for mode in MODES:
        for axis in (0, 1, 2):
            n = X234.shape[axis]
            lo = tf.constant(np.linspace(-2.0, 0.5, n).astype(np.float32))
            hi = tf.constant(np.linspace(0.5, 4.0, n).astype(np.float32))
            key = f"quantize_axis/{mode}/{axis}"
            _call(out, key, lambda: tuple(q.quantize(x4, lo, hi, tf.qint8, mode=mode, axis=axis)))
            qx = tf.constant((np.arange(24).reshape(2, 3, 4) * 11 - 128), tf.qint8)
            _call(out, f"dequantize_axis/{mode}/{axis}", lambda: q.dequantize(
                qx, lo, hi, mode=mode, axis=axis))
    for emr in (0.0, 0.5, 10.0):
        _call(out, f"quantize/ensure_minimum_range/{emr}", lambda: tuple(q.quantize(
            x, -0.001, 0.002, tf.quint8, ensure_minimum_range=emr)))
    _call(out, "dequantize/bfloat16", lambda: tf.cast(q.dequantize(
        tf.constant([[-7, 0, 5]], tf.qint8), -2.0, 3.0, dtype=tf.bfloat16), tf.float32))
    _call(out, "raw/QuantizeV2", lambda: tuple(tf.raw_ops.QuantizeV2(
        input=x, min_range=-1.0, max_range=1.0, T=tf.quint8, mode="MIN_FIRST")))
    _call(out, "raw/Dequantize", lambda: tf.raw_ops.Dequantize(
        input=tf.constant([1, 200], tf.quint8), min_range=-1.0, max_range=1.0, mode="MIN_FIRST"))
    # errors
    _call(out, "err/quantize_even_combined", lambda: q.quantize(
        x, -1.0, 1.0, tf.qint8, round_mode="HALF_TO_EVEN"))
    _call(out, "err/quantize_narrow_combined", lambda: q.quantize(
        x, -1.0, 1.0, tf.qint8, narrow_range=True))
    _call(out, "err/quantize_bad_mode", lambda: q.quantize(x, -1.0, 1.0, tf.qint8, mode="FOO"))
    _call(out, "err/quantize_bad_round", lambda: q.quantize(
        x, -1.0, 1.0, tf.qint8, mode="SCALED", round_mode="UP"))
    _call(out, "err/quantize_float_T", lambda: q.quantize(x, -1.0, 1.0, tf.float32))
    _call(out, "err/quantize_axis", lambda: q.quantize(x, [-1.0], [1.0], tf.qint8, axis=2))
    _call(out, "err/quantize_axis_size", lambda: q.quantize(x, [-1.0], [1.0], tf.qint8, axis=1))
    _call(out, "err/quantize_min_shape", lambda: q.quantize(x, [-1.0, 0.0], 1.0, tf.qint8))
    _call(out, "err/quantize_min_gt_max", lambda: q.quantize(x, 2.0, 1.0, tf.qint8))
    _call(out, "err/quantize_int_input", lambda: q.quantize(
        tf.constant([1, 2]), -1.0, 1.0, tf.qint8))
    _call(out, "err/dequantize_axis", lambda: q.dequantize(
        tf.constant([[1]], tf.qint8), [-1.0], [1.0], axis=2))
    _call(out, "err/dequantize_axis_size", lambda: q.dequantize(
        tf.constant([[1, 2]], tf.qint8), [-1.0], [1.0], axis=1))
    _call(out, "err/dequantize_min_shape", lambda: q.dequantize(
        tf.constant([1, 2], tf.qint8), [-1.0, 0.0], 1.0))
    _call(out, "err/dequantize_float_input", lambda: q.dequantize(x, -1.0, 1.0))
    _call(out, "err/dequantize_int8_input", lambda: q.dequantize(
        tf.constant([1, 2], tf.int8), -1.0, 1.0))
    _call(out, "err/dequantize_out_dtype", lambda: q.dequantize(
        tf.constant([1, 2], tf.qint8), -1.0, 1.0, dtype=tf.float64))
    _call(out, "err/dequantize_narrow_combined", lambda: q.dequantize(
        tf.constant([1, 2], tf.qint8), -1.0, 1.0, narrow_range=True))


def _qdq(tf, out):
    q = tf.quantization
    x = tf.constant(EDGES[1:-2])  # finite: an infinity in a computed range is all NaN
    for fn in ("quantize_and_dequantize", "quantize_and_dequantize_v2"):
        f = getattr(q, fn)
        for signed in (True, False):
            for bits in (8, 4, 2):
                for given, lo, hi in ((False, 0.0, 0.0), (True, -1.0, 3.0), (True, 0.0, 2.0),
                                      (True, -5.0, 0.5)):
                    for narrow in (False, True):
                        for rm in ("HALF_TO_EVEN", "HALF_UP"):
                            key = f"{fn}/{signed}/{bits}/{given}/{lo}/{hi}/{narrow}/{rm}"
                            _call(out, key, lambda: f(x, lo, hi, signed_input=signed, num_bits=bits,
                                                      range_given=given, narrow_range=narrow,
                                                      round_mode=rm))
    x4 = tf.constant(X234)
    lo, hi = tf.constant([-1.0, 0.0, -0.5]), tf.constant([1.0, 3.0, 2.0])
    for given in (False, True):
        _call(out, f"qdq_axis/{given}", lambda: q.quantize_and_dequantize_v2(
            x4, lo, hi, range_given=given, axis=1))
    _call(out, "qdq/ties", lambda: q.quantize_and_dequantize_v2(
        tf.constant(TIES), -128.0, 127.0, range_given=True))
    _call(out, "qdq/ties_up", lambda: q.quantize_and_dequantize_v2(
        tf.constant(TIES), -128.0, 127.0, range_given=True, round_mode="HALF_UP"))
    _call(out, "qdq/nan", lambda: q.quantize_and_dequantize_v2(
        tf.constant(EDGES), -1.0, 1.0, range_given=True))
    _call(out, "qdq/float64", lambda: q.quantize_and_dequantize_v2(
        tf.constant(X23.astype(np.float64)), -1.0, 1.0, range_given=True))
    _call(out, "raw/V2", lambda: tf.raw_ops.QuantizeAndDequantizeV2(
        input=x, input_min=-1.0, input_max=2.0, range_given=True, num_bits=3))
    _call(out, "raw/V3", lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x, input_min=-1.0, input_max=2.0, num_bits=3))
    _call(out, "raw/V3_notgiven", lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x, input_min=-1.0, input_max=2.0, num_bits=5, range_given=False, signed_input=False))
    _call(out, "raw/V3_axis", lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x4, input_min=lo, input_max=hi, num_bits=3, axis=1))
    _call(out, "raw/V3_axis_narrow", lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x4, input_min=lo, input_max=hi, num_bits=4, axis=2 - 1, narrow_range=True))
    _call(out, "raw/V4", lambda: tf.raw_ops.QuantizeAndDequantizeV4(
        input=x, input_min=-1.0, input_max=2.0, range_given=True, num_bits=3))
    g = tf.constant(np.arange(1, 13, dtype=np.float32))
    for raw in ("QuantizeAndDequantizeV2", "QuantizeAndDequantizeV4"):
        for given in (True, False):
            def tape(raw=raw, given=given):
                mn, mx = tf.constant(-1.0), tf.constant(2.0)
                with tf.GradientTape() as t:
                    t.watch([x, mn, mx])
                    y = getattr(tf.raw_ops, raw)(input=x, input_min=mn, input_max=mx,
                                                 range_given=given) * g
                return tuple(t.gradient(y, [x, mn, mx]))
            _call(out, f"tape/{raw}/{given}", tape)

    def tape_v3():
        mn, mx = tf.constant(-1.0), tf.constant(2.0)
        with tf.GradientTape() as t:
            t.watch([x, mn, mx])
            y = tf.raw_ops.QuantizeAndDequantizeV3(input=x, input_min=mn, input_max=mx,
                                                   num_bits=tf.constant(4)) * g
        return tuple(t.gradient(y, [x, mn, mx]))
    _call(out, "tape/QuantizeAndDequantizeV3", tape_v3)

    def tape_axis():
        with tf.GradientTape() as t:
            t.watch([x4, lo, hi])
            y = q.quantize_and_dequantize_v2(x4, lo, hi, axis=1) * x4
        return tuple(t.gradient(y, [x4, lo, hi]))
    _call(out, "tape/v4_axis", tape_axis)
    _call(out, "raw/V4Grad", lambda: tuple(tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=tf.ones_like(x4), input=x4, input_min=lo, input_max=hi, axis=1)))
    # errors
    _call(out, "err/qdq_min_gt_max", lambda: q.quantize_and_dequantize_v2(
        x, 2.0, 1.0, range_given=True))
    _call(out, "err/qdq_v1_min_gt_max", lambda: q.quantize_and_dequantize(
        x, 2.0, 1.0, range_given=True))
    _call(out, "err/qdq_bits0", lambda: q.quantize_and_dequantize_v2(x, -1.0, 1.0, num_bits=0))
    _call(out, "err/qdq_bits1_signed", lambda: q.quantize_and_dequantize_v2(
        x, -1.0, 1.0, num_bits=1))
    _call(out, "err/qdq_bits64", lambda: q.quantize_and_dequantize_v2(x, -1.0, 1.0, num_bits=64))
    _call(out, "err/qdq_round", lambda: q.quantize_and_dequantize_v2(
        x, -1.0, 1.0, round_mode="HALF_AWAY_FROM_ZERO"))
    _call(out, "err/qdq_axis", lambda: q.quantize_and_dequantize_v2(x, -1.0, 1.0, axis=3))
    _call(out, "err/qdq_axis_size", lambda: q.quantize_and_dequantize_v2(
        x4, [-1.0], [1.0], axis=1))
    _call(out, "err/qdq_int", lambda: q.quantize_and_dequantize_v2(tf.constant([1, 2]), -1, 1))
    _call(out, "err/v3_bits", lambda: tf.raw_ops.QuantizeAndDequantizeV3(
        input=x, input_min=-1.0, input_max=2.0, num_bits=70))
    _call(out, "err/v4grad_axis", lambda: tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=x4, input=x4, input_min=lo, input_max=hi, axis=5))
    _call(out, "err/v4grad_shape", lambda: tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=x4[:1], input=x4, input_min=-1.0, input_max=1.0))


def _concat(tf, out):
    q = tf.quantization
    for t in ("qint8", "quint8", "qint32"):
        dtype = getattr(tf, t)
        a = tf.constant(np.arange(6).reshape(2, 3) * 20, dtype)
        b = tf.constant(np.arange(6).reshape(2, 3) * -9 + 50, dtype)
        for ranges in (((-1.0, 1.0), (-1.0, 1.0)), ((-1.0, 1.0), (0.5, 3.0)),
                       ((0.0, 2.0), (-4.0, -1.0))):
            (l0, h0), (l1, h1) = ranges
            for axis in (0, 1, -1):
                key = f"concat/{t}/{l0},{h0},{l1},{h1}/{axis}"
                _call(out, key, lambda: tuple(q.quantized_concat(
                    axis, [a, b], [tf.constant(l0), tf.constant(l1)],
                    [tf.constant(h0), tf.constant(h1)])))
    a = tf.constant([[1, 2]], tf.qint8)
    _call(out, "concat/single", lambda: tuple(q.quantized_concat(0, [a], [-1.0], [1.0])))
    _call(out, "err/concat_axis", lambda: q.quantized_concat(2, [a, a], [-1.0, -1.0], [1.0, 1.0]))
    _call(out, "err/concat_shapes", lambda: q.quantized_concat(
        0, [a, tf.constant([[1, 2, 3]], tf.qint8)], [-1.0, -1.0], [1.0, 1.0]))
    _call(out, "err/concat_ranks", lambda: q.quantized_concat(
        0, [a, tf.constant([1, 2], tf.qint8)], [-1.0, -1.0], [1.0, 1.0]))
    _call(out, "err/concat_count", lambda: q.quantized_concat(0, [a, a], [-1.0], [1.0, 1.0]))
    _call(out, "err/concat_dtypes", lambda: q.quantized_concat(
        0, [a, tf.constant([[1, 2]], tf.quint8)], [-1.0, -1.0], [1.0, 1.0]))
    _call(out, "err/concat_float", lambda: q.quantized_concat(
        0, [tf.constant([[1.0]]), tf.constant([[1.0]])], [-1.0, -1.0], [1.0, 1.0]))
    _call(out, "err/concat_min_shape", lambda: q.quantized_concat(
        0, [a, a], [[-1.0], [-1.0]], [1.0, 1.0]))


def _dtypes(tf, out):
    for t in QTYPES:
        d = getattr(tf, t)
        _call(out, f"dtype/{t}/constant", lambda: tf.constant([1, -2, 300], d))
        _call(out, f"dtype/{t}/cast_from_float", lambda: tf.cast(tf.constant([1.7, -2.2, 3e9]), d))
        _call(out, f"dtype/{t}/cast_to_float", lambda: tf.cast(tf.constant([1, -2, 7], d),
                                                                tf.float32))
        _call(out, f"dtype/{t}/cast_to_quint8", lambda: tf.cast(tf.constant([1, -2, 7], d),
                                                                 tf.quint8))
        _call(out, f"dtype/{t}/float_constant", lambda: tf.constant([1.5], d))
        _call(out, f"dtype/{t}/bool_constant", lambda: tf.constant([True], d))
        _call(out, f"dtype/{t}/add", lambda: tf.constant([1], d) + tf.constant([1], d))
        _call(out, f"dtype/{t}/equal", lambda: tf.equal(tf.constant([1, 2], d),
                                                        tf.constant([1, 3], d)))
        _call(out, f"dtype/{t}/concat", lambda: tf.concat([tf.constant([1], d),
                                                           tf.constant([2], d)], 0))
        _call(out, f"dtype/{t}/saturate_cast", lambda: tf.dtypes.saturate_cast(
            tf.constant([1.0]), d))
        _call(out, f"dtype/{t}/str", lambda: str(tf.constant([[1, 2]], d)))
        _call(out, f"dtype/{t}/repr", lambda: repr(tf.constant(3, d)))
        _call(out, f"dtype/{t}/facts", lambda: repr((
            repr(d), str(d), d.name, d.as_datatype_enum, d.size, d.is_quantized, d.is_integer,
            d.is_floating, d.is_unsigned, str(d.as_numpy_dtype), tf.as_dtype(d.name) == d,
            tf.as_dtype(d.as_datatype_enum) == d, tf.as_dtype(d.as_numpy_dtype) == d,
            d in tf.dtypes.QUANTIZED_DTYPES)))
        _call(out, f"dtype/{t}/min", lambda: d.min)
        _call(out, f"dtype/{t}/limits", lambda: d.limits)
        _call(out, f"dtype/{t}/numpy", lambda: repr(tf.constant([[1, 2]], d).numpy()))
        _call(out, f"dtype/{t}/record_array", lambda: tf.convert_to_tensor(
            np.array([3, 4], d.as_numpy_dtype)))
        _call(out, f"dtype/{t}/variable", lambda: repr(tf.Variable(tf.constant([5], d))))
        _call(out, f"dtype/{t}/bitcast", lambda: tf.bitcast(tf.constant([1, 2], d), tf.uint8))
        _call(out, f"dtype/{t}/pad", lambda: tf.pad(tf.constant([[1, 2]], d), [[0, 0], [1, 0]],
                                                   constant_values=3))


def cases(tf):
    out = {}
    _fake_quant(tf, out)
    _quantize(tf, out)
    _qdq(tf, out)
    _concat(tf, out)
    _dtypes(tf, out)
    return out
