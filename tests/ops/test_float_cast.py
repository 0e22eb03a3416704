"""tf.cast of floats to integers as TF 2.21's CPU kernel casts them, values out of the
target's range and NaN included, eagerly and traced (ops/float_to_int.py), against
float_cast_golden.json (recorded by record_float_cast.py from float_cast_cases.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.ops.float_cast_cases import FILL, SOURCES, TAIL, TARGETS, values

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

GOLDEN = json.loads((Path(__file__).parent / "float_cast_golden.json").read_text())["casts"]
PAIRS = [(s, d) for s in SOURCES for d in TARGETS]
VALUES = values()


def _cast(x, dst: str, traced: bool = False) -> list:
    cast = tf.function(lambda t: tf.cast(t, getattr(tf, dst))) if traced else \
        (lambda t: tf.cast(t, getattr(tf, dst)))
    return [str(v) for v in cast(x).numpy().reshape(-1).tolist()]


def _source(src: str, vals: list):
    return tf.cast(tf.constant(vals, tf.float64), getattr(tf, src))


def test_every_pair_is_recorded():
    assert sorted(GOLDEN) == sorted(f"{s}->{d}" for s, d in PAIRS)


@pytest.mark.parametrize("src,dst", PAIRS)
def test_each_value_alone_takes_the_scalar_path(src, dst):
    xs = _source(src, VALUES)
    assert [_cast(xs[i:i + 1], dst)[0] for i in range(len(VALUES))] == \
        GOLDEN[f"{src}->{dst}"]["alone"]


@pytest.mark.parametrize("src,dst", PAIRS)
def test_copies_take_the_vectorized_path(src, dst):
    xs = _source(src, VALUES)
    assert [_cast(tf.fill([FILL], xs[i]), dst)[0] for i in range(len(VALUES))] == \
        GOLDEN[f"{src}->{dst}"]["vector"]


@pytest.mark.parametrize("traced", [False, True])
@pytest.mark.parametrize("src,dst", PAIRS)
def test_one_tensor_takes_both_paths_by_position(src, dst, traced):
    xs = _source(src, VALUES)
    want = GOLDEN[f"{src}->{dst}"]
    assert _cast(xs, dst, traced) == want["all"]
    assert _cast(xs[:TAIL], dst, traced) == want["tail"]


@pytest.mark.parametrize("src,dst", PAIRS)
def test_shape_does_not_matter(src, dst):
    # (TF's kernel reads the tensor flat: the tail is the flat tensor's last values)
    xs = _source(src, VALUES[:90])
    assert _cast(tf.reshape(xs, [9, 10]), dst) == GOLDEN[f"{src}->{dst}"]["matrix"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PAIRS), st.lists(st.integers(0, len(VALUES) - 1), min_size=1,
                                         max_size=100), st.booleans())
def test_any_arrangement_of_recorded_values(pair, picks, traced):
    # a value's result is the vectorized path's where its position is in a whole packet
    # of the flat tensor (the recorded packet size), the scalar path's in the tail
    src, dst = pair
    want = GOLDEN[f"{src}->{dst}"]
    p = want["packet"] or 1
    cut = len(picks) - len(picks) % p
    expect = [want["vector"][k] if i < cut else want["alone"][k] for i, k in enumerate(picks)]
    assert _cast(_source(src, [VALUES[k] for k in picks]), dst, traced) == expect


def test_in_range_values_truncate_toward_zero():
    x = np.array([-127.9, -0.5, 0.5, 126.99, 3.0], np.float32)
    got = tf.cast(tf.constant(np.tile(x, 20)), tf.int8).numpy()
    assert got.tolist() == [-127, 0, 0, 126, 3] * 20
