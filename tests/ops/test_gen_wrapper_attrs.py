"""The public functions that are TF's generated op wrappers themselves (tf.extract_volume_patches,
tf.io.decode_png, tf.conv, ...), and their ops' tf.raw_ops forms, given bad attr values: each
call gives the error class and first message line TF 2.21 gave for it, or runs where TF's
did. The expectations were recorded from TF 2.21 (gen_wrapper_attrs_golden.json, written by
record_gen_wrapper_attrs.py from gen_wrapper_attr_cases.py)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.ops import gen_wrapper_attr_cases as K

# (TF's recordings are its CPU's: the calls run on CPU:0 where a GPU is the default device
# too, `make test-gpu`, whose messages name the device and whose kernels check less)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

with open(os.path.join(os.path.dirname(__file__), "gen_wrapper_attrs_golden.json"),
          encoding="utf-8") as f:
    GOLDEN = json.load(f)

# Where eagerflow answers otherwise, for reasons outside these wrappers' attr conversion
_PAST_INT64 = (
    "TF 2.21's fast path reads an int attr past int64 as -1 when no later attr notices the "
    "pending OverflowError; eagerflow raises that OverflowError, as TF does for the others")
_ROUNDS = ("TF 2.21's kernel runs with rounds=1 (odd, below 4), which eagerflow refuses: TF's "
           "key schedule makes 3 round keys whatever the rounds and its cipher reads them in "
           "pairs, past the last one for fewer than 4 or odd rounds (undefined behaviour in "
           "C++: the same call's values change from run to run; see "
           "tests/fuzz/test_regressions_inputs.py)")
_RAW_NODE = ("eagerflow's raw op imports the node, whose loader takes only the values "
             "eagerflow runs, refused in its own words before the kernel's check")
_KNOWN = {
    **{f"tf.{ns}.{fn}:channels:huger": _PAST_INT64
       for ns in ("image", "io")
       for fn in ("decode_bmp", "decode_jxl", "decode_png", "decode_webp")},
    **{f"tf.raw_ops.{op}:channels:huger": _PAST_INT64
       for op in ("DecodeBmp", "DecodeJxl", "DecodePng", "DecodeWebP")},
    "tf.raw_ops.DynamicPartition:num_partitions:huger": _PAST_INT64,
    "tf.random_index_shuffle:rounds:bool": _ROUNDS,
    "tf.raw_ops.RandomIndexShuffle:rounds:bool": _ROUNDS,
    **{f"tf.raw_ops.{op}:{attr}:other": _RAW_NODE
       for op, attr in (("EncodeProto", "descriptor_source"),
                        ("DecodeProtoV2", "descriptor_source"),
                        ("DecodeProtoV2", "message_format"))},
}
_NO_CPU_KERNEL = ("TF 2.21 has no CPU kernel for Conv2DBackprop{Filter,Input}V2: once the "
                  "attrs convert, it refuses the op, which eagerflow runs")


def _cases() -> list:
    out = []
    for case in K.cases():
        key = K.key(case)
        if key not in GOLDEN:  # (K.CRASHES: TF's process crashed)
            continue
        reason = _KNOWN.get(key)
        if reason is None and GOLDEN[key][0] == "NotFoundError" and \
                "{{node Conv2DBackprop" in GOLDEN[key][1]:
            reason = _NO_CPU_KERNEL
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(case, id=key, marks=marks))
    return out


@pytest.mark.parametrize("case", _cases())
def test_attr_matches_tf(case):
    assert K.run(tf, np, case) == GOLDEN[K.key(case)]


def test_every_function_has_its_valid_call():
    """Each probed function has a call that runs in TF 2.21 (or is refused only for want of a
    CPU kernel: RFFTND, IRFFTND, the V2 Conv2D backprops), so the bad values are the calls'
    only fault."""
    for fn in K.OPS:
        result = GOLDEN[f"{fn}:valid"]
        assert result[0] == "OK" or result[1].startswith("Could not find device for node"), fn
