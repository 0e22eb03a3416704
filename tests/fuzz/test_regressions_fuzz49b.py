"""fuzz49b's fixes against TF 2.21 (fuzz49b_golden.json, recorded by record_cases.py fuzz49b
from fuzz49b_cases.py and fuzz49b_more.py, which draw tf.strings, tf.sparse, tf.ragged,
tf.image, tf.sets, partitions, top_k, sort, confusion_matrix, the CTC decoders,
tensor_scatter_nd and fake_quant at their edges, eagerly and traced): DynamicPartition's
num_partitions below its OpDef's minimum; a stitch of no lists (no CPU kernel eagerly, the
op-def library's ValueError traced); SampleDistortedBoundingBox's words for boxes whose last
dimension is not 4 and a min_object_covered not a scalar; CTCGreedyDecoder's empty inputs;
fake_quant's range tensors of another dtype (the op's refusal on TF's fast path);
confusion_matrix of bool (ScatterNd's logical or) and string (ones_like's TypeError); and,
traced, the checks TF makes when the graph runs (FakeQuantWithMinMaxArgs' attrs,
UniqueWithCounts' rank, SparseReduce*'s axes, CTCBeamSearchDecoder's top_paths) or in
the shape functions of Unique, ListDiff, TopKV2 (a scalar input: the rank before k) and
the FakeQuantWithMinMaxVars ops (whose num_bits their kernels check when the graph runs);
and ListDiff's kernel refuses a traced input of unknown rank that is not a vector.

fuzz49b_traced.py traces each case TF refuses eagerly; fuzz49b_known.py's KNOWN lists the
differences found and left, each with its reason (strict xfails: a fix turns them into
failures to remove from the list)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz49b_cases import run
from tests.fuzz.fuzz49b_known import KNOWN

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz49b_golden.json").read_text())
GOT: dict = {}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


def _params() -> list:
    return [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=KNOWN[c]))
            if c in KNOWN else c for c in sorted(GOLDEN)]


def test_known_are_cases():
    assert not set(KNOWN) - set(GOLDEN)


@pytest.mark.parametrize("case", _params())
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
