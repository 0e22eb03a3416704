"""A TF 1 graph of staging areas that TF 2.21 exported as a meta graph
(golden/meta/staging/, record_staging_meta_golden.py: tf.raw_ops.Stage, Unstage,
StagePeek, StageSize, StageClear and the MapStage / OrderedMapStage families built in
tf.compat.v1's graph mode), and barriers (tf.raw_ops.Barrier, BarrierInsertMany,
BarrierTakeMany, BarrierClose and the sizes, on TF 1's reference handle), imports with
tf.compat.v1.train.import_meta_graph and runs in a Session as TF's does: the same sizes,
peeks and takes in TF's order (a barrier's by insertion index, ties in its heap's order),
the same refusals (a take of the wrong dtypes is the executor's InternalError in a graph;
a closed or cancelled barrier's), and each Session with its own areas
(golden/v1_staging_meta.json). The program runs in a subprocess,
ended after a minute should a take wait forever."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_staging_meta_golden import FIXTURE, run

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "v1_staging_meta.json").read_text())
META = str(Path(FIXTURE) / "staging.meta")


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow", META)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_imported_staging_graph_runs_as_tf(ours, key):
    assert ours[key] == GOLDEN[key]
