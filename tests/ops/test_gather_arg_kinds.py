"""tf.gather's batch_dims and axis of other kinds than ints, as TF 2.21 takes them,
against gather_arg_kinds_golden.json (recorded by record_gather_arg_kinds.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import error_pair_as_recorded
from tests.gpu_target import on_recording_device
from tests.ops.gather_arg_kinds_cases import KINDS, WAYS, run

GOLDEN = json.loads((Path(__file__).parent / "gather_arg_kinds_golden.json").read_text())
GOLDEN = GOLDEN["results"]

# Traced, TF's shape function refuses these with a ValueError naming the node as its
# GraphDef holds it ("Shape must be rank 0 but is rank 1 for '{{node GatherV2}} = ...' with
# input shapes: ..."); eagerflow raises its own TypeError (an axis of several values) or
# the kernel's InvalidArgumentError (an axis or batch_dims out of range) while tracing
_GRAPH_SHAPE_ERRORS = {(e, w) for e in ("[1]", "(1,)", "tf.constant([1])", "np.array([1])",
                                         "[1, 2]", "tf.constant([[1]])")
                       for w in ("axis", "axis_with_batch_dims")} | {
    ("-3", "batch_dims"), ("3", "batch_dims"), ("3", "axis"), ("3", "axis_with_batch_dims"),
    ("-3", "axis_with_batch_dims")}  # (TF runs this one, its kernel refusing it)


def _as_recorded(e: str, way: str, traced: bool) -> list:
    """The case's outcome as TF's recorder, on its CPU, gives it: where a GPU is the
    default device, an index TF's GPU kernel does not check is gathered on CPU:0, and an
    error names the device of TF's recording."""
    with on_recording_device(GOLDEN[f"{e} {way} {traced}"]):
        return error_pair_as_recorded(run(tf, np, e, way, traced))


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(KINDS) * len(WAYS) * 2


@pytest.mark.parametrize("traced", [False, True])
@pytest.mark.parametrize("way", WAYS)
def test_gather_arg_kinds_as_tf(way, traced):
    got = {e: _as_recorded(e, way, traced) for e in KINDS}
    known = {e for e in KINDS if traced and (e, way) in _GRAPH_SHAPE_ERRORS}
    differ = {e: (g, GOLDEN[f"{e} {way} {traced}"]) for e, g in got.items()
              if (g != GOLDEN[f"{e} {way} {traced}"]) != (e in known)}
    assert not differ, differ  # (a known case now as TF's: its entry must go)
