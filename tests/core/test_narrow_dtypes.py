"""tf.dtypes.experimental (float8, float4, int4, int2) against TF 2.21: the DTypes' facts,
which casts run and the exact bits they give, which ops take them, and reprs
(narrow_dtypes_golden.json, recorded by make_narrow_dtypes_golden.py). Their storage is
ml_dtypes' NumPy types (the `dtypes` extra); without it the DTypes exist and data needs it.
"""

import json
import math
import os
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.core.narrow_dtypes_cases import narrow_ops
from tests.golden_io import as_recorded
from tests.gpu_target import on_the_gpu

GOLDEN = json.loads((Path(__file__).with_name("narrow_dtypes_golden.json")).read_text())
ml_dtypes = pytest.importorskip("ml_dtypes")
NARROW = list(GOLDEN["facts"])


def dtype(name):
    return getattr(tf.dtypes.experimental, name, None) or tf.as_dtype(name)


@pytest.mark.parametrize("name", NARROW)
def test_facts(name):
    want = GOLDEN["facts"][name]
    d = dtype(name)
    assert getattr(tf.experimental, name) is d
    assert (repr(d), str(d), d.name, d.as_datatype_enum, d.size) == (
        want["repr"], want["str"], want["name"], want["enum"], want["size"])
    assert (float(d.min), float(d.max)) == (want["min"], want["max"])
    for k in ("is_floating", "is_integer", "is_unsigned", "is_complex", "is_quantized",
              "is_numpy_compatible", "is_bool"):
        assert getattr(d, k) == want[k], k
    assert d.as_numpy_dtype.__name__ == want["numpy"]
    assert tf.as_dtype(name) is d and tf.as_dtype(d.as_datatype_enum) is d
    assert tf.as_dtype(np.dtype(d.as_numpy_dtype)) is d
    cls, message = want["limits"]
    with pytest.raises(ValueError) as e:
        d.limits
    assert (cls, str(e.value)) == ("ValueError", message)


def _sample(name):
    return tf.constant(np.array([1], dtype=dtype(name).as_numpy_dtype))


@pytest.mark.parametrize("pair", sorted(GOLDEN["casts"]))
def test_which_casts_run(pair):
    src, dst = pair.split("->")
    want = GOLDEN["casts"][pair]
    if want == "ok":
        assert tf.cast(_sample(src), dtype(dst)).dtype is dtype(dst)
        return
    cls, message = want
    with pytest.raises(getattr(tf.errors, cls)) as e:
        tf.cast(_sample(src), dtype(dst))
    # (the whole message: TF's eager Cast function first, its op wrapper's name last)
    assert as_recorded(str(e.value)) == message


FLOATS = [float(v) for v in GOLDEN["floats"]]


def _as_list(t):
    a = t.numpy()
    if a.dtype.itemsize == 1 and a.dtype.name.startswith("float8"):
        return a.view(np.uint8).tolist()
    return [None if isinstance(v, float) and math.isnan(v) else v
            for v in a.astype(np.float64).tolist()]


@pytest.mark.parametrize("key", sorted(k for k in GOLDEN["values"] if ":" not in k
                                       and "float8" in k))
def test_float_to_float8_bits(key):
    src, dst = key.split("->")
    got = tf.cast(tf.constant(FLOATS, dtype(src)), dtype(dst)).numpy().view(np.uint8)
    assert got.tolist() == GOLDEN["values"][key]


@pytest.mark.parametrize("key", sorted(k for k in GOLDEN["values"] if ":all" in k
                                       and k.startswith("float8")))
def test_every_float8_value_cast(key):
    src, dst = key.split(":all->")
    every = tf.constant(np.arange(256, dtype=np.uint8).view(dtype(src).as_numpy_dtype))
    assert _as_list(tf.cast(every, dtype(dst))) == GOLDEN["values"][key]


@pytest.mark.parametrize("key", sorted(k for k in GOLDEN["values"] if ":all->" in k and
                                       k.startswith("float8") and "int" in k))
def test_float8_to_integer_casts_on_a_gpu_run_as_tfs_cpu(key):
    # TF's GPU Cast takes a float8 to floats only (cast_op_impl_float8.cc): TF runs its
    # casts to integers on the CPU, with x86's conversion of inf and NaN, on a GPU too
    src, dst = key.split(":all->")
    with on_the_gpu():
        every = tf.constant(np.arange(256, dtype=np.uint8).view(dtype(src).as_numpy_dtype))
        assert _as_list(tf.cast(every, dtype(dst))) == GOLDEN["values"][key]


@pytest.mark.parametrize("key", sorted(k for k in GOLDEN["values"] if "int4" in k))
def test_int4_casts(key):
    if ":all->" in key:
        src, dst = key.split(":all->")
        every = np.arange(16) if src == "uint4" else np.arange(-8, 8)
        x = tf.constant(every.astype(dtype(src).as_numpy_dtype))
        assert tf.cast(x, dtype(dst)).numpy().astype(np.int64).tolist() == \
            GOLDEN["values"][key]
        return
    src, dst = key.split("->")
    ins, want = GOLDEN["values"][key]
    got = tf.cast(tf.constant(ins, dtype(src)), dtype(dst)).numpy().astype(np.int64)
    assert got.tolist() == want


@pytest.mark.parametrize("key", sorted(GOLDEN["ops"]))
def test_which_ops_take_them(key):
    label, op = key.split(":")
    x = {"float8_e4m3fn": tf.constant(np.array([1.0, 2.5, -3.25],
                                               dtype=ml_dtypes.float8_e4m3fn)),
         "int4": tf.constant(np.array([1, -3, 7], dtype=ml_dtypes.int4))}[label]
    ops = narrow_ops(tf)
    want = GOLDEN["ops"][key]
    if want[0] == "ok":
        out = ops[op](x)
        assert [repr(out.dtype), out.shape.as_list()] == want[1:3]
        np.testing.assert_array_equal(out.numpy().astype(np.float64), np.array(want[3], float))
        return
    cls, message = want
    errors = {"TypeError": TypeError, **{k: getattr(tf.errors, k) for k in (
        "InvalidArgumentError", "NotFoundError", "UnimplementedError")}}
    with pytest.raises(errors[cls]) as e:
        ops[op](x)
    if cls == "InvalidArgumentError":  # the allowed types listed may be ordered otherwise
        assert str(e.value).startswith(message.split(":")[0])
    elif cls == "NotFoundError":  # TF lists its kernels after the first line
        assert str(e.value).startswith(message)
    else:  # (the whole message, TF's eager function and name included)
        assert as_recorded(str(e.value)) == message


@pytest.mark.parametrize("name", ["float8_e4m3fn", "int4"])
def test_reprs(name):
    values = [1.0, 2.5, -3.25] if name.startswith("float") else [1, -3, 7]
    x = tf.constant(np.array(values, dtype=dtype(name).as_numpy_dtype))
    assert [as_recorded(repr(x)), str(x)] == GOLDEN["reprs"][name]



# ml_dtypes is imported on first use (backend/ml_types.py: 0.7's import costs more than the
# rest of `import eagerflow`). Each program runs in a fresh interpreter, where its bfloat16
# and float8 types are read for the first time, and must print what it prints here, where
# they were read long ago.
_LAZY_PROGRAMS = {
    "a dtype given by the program": """
x = tf.constant([1.7, -2.5, 0.0, float('nan')], tf.bfloat16)
out = [x, tf.math.softplus(x), tf.math.rsqrt(x), tf.argmax(x),
       tf.math.segment_sum(x, [0, 0, 1, 1]), tf.reduce_sum(x[:3])]
""",
    "an array of ml_dtypes made by the program": """
import ml_dtypes
out = [tf.constant(np.array([1, 2.5, -448], ml_dtypes.float8_e4m3fn)),
       tf.as_dtype(ml_dtypes.bfloat16), tf.constant(np.array([3.0], ml_dtypes.bfloat16)) * 2]
""",
    "a checkpoint's enum": """
out = [tf.as_dtype(14), tf.as_dtype(14).as_numpy_dtype, tf.bfloat16.min]
""",
}


@pytest.mark.parametrize("case", list(_LAZY_PROGRAMS))
def test_ml_dtypes_read_on_first_use_give_the_same_answers(case):
    import subprocess
    import sys

    program = ("import sys, numpy as np, eagerflow as tf\n"
               "print('ml_dtypes' in sys.modules)\n"
               f"{_LAZY_PROGRAMS[case]}\nprint(*out)\n")
    # (on a machine without a GPU: the stand-in GPU holds bfloat16 arrays from the start,
    # so EAGERFLOW_STANDIN_GPUS loads ml_dtypes with eagerflow)
    env = {k: v for k, v in os.environ.items() if k != "EAGERFLOW_STANDIN_GPUS"}
    fresh = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                           check=True, env=env).stdout
    here: dict = {"tf": tf, "np": np}
    with tf.device("/CPU:0"):  # (the same machine's kernels as the child's)
        exec(_LAZY_PROGRAMS[case], here)
    # (`import eagerflow` left ml_dtypes alone; the program's first use loaded it)
    assert fresh == "False\n" + " ".join(map(str, here["out"])) + "\n"


@pytest.mark.parametrize("name", ["bfloat16", "float8_e4m3fn", "float8_e5m2"])
def test_numpy_refuses_a_scalar_of_an_ml_dtypes_type(name):
    """As TF 2.21's: NumPy reads a tensor through the buffer protocol, which ml_dtypes'
    types lack, so it takes __array__, whose value for a scalar is a NumPy scalar, which
    np.asarray refuses; with a dtype asked for, or an array of them, it converts."""
    t = tf.cast(tf.constant(1.5), dtype(name))
    with pytest.raises(ValueError, match="^object __array__ method not producing an array$"):
        np.asarray(t)
    assert np.asarray(t, dtype="float32").tolist() == 1.5
    assert np.asarray(tf.stack([t])).dtype == t.dtype.as_numpy_dtype
    assert float(t) == 1.5
