"""TF ops that tf.raw_ops and imported graphs once ran as compositions of other calls while
eagerflow registers them run the registered op, and give what TF 2.21 gives
(golden/composed_ops.json, recorded by make_composed_ops_golden.py): eagerly, in a
tf.function, over dims unknown while tracing, and as nodes of an imported GraphDef.

The compositions differed from TF: Equal's incompatible_shape_error decided on the shapes
known while tracing (a graph's dims unknown then failed when it ran), Pad refused a
scalar's empty paddings, the graph Optional ops lost TF's checks of what OptionalGetValue
reads, and EnsureShape's shape attr was converted without TF's wrapper's words. The ops
themselves now refuse bad constant paddings and shapes while tracing as TF's shape
functions do (a ValueError naming the node), Pad, PadV2, MirrorPad and EnsureShape alike.
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.saved_model import tf_composites
from tests.saved_model import composed_ops_cases as cases

GOLDEN = json.loads((Path(__file__).parent / "golden" / "composed_ops.json").read_text())


def test_no_composite_shadows_a_registered_op():
    assert not set(tf_composites.COMPOSED) & set(REGISTRY)


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN["calls"]) == cases.CALLS
    assert len(GOLDEN["traced"]) == len(cases.TRACED)
    assert len(GOLDEN["imported"]) == len(cases.IMPORTED)


@pytest.mark.parametrize("expr", cases.CALLS)
def test_calls_eagerly_and_traced(expr):
    assert cases.called(tf, expr) == GOLDEN["calls"][expr]


@pytest.mark.parametrize("i", range(len(cases.TRACED)),
                         ids=[f"{c[0]}-{c[2]}" for c in cases.TRACED])
def test_calls_over_dims_unknown_while_tracing(i):
    assert cases.traced(tf, *cases.TRACED[i]) == GOLDEN["traced"][i]


@pytest.mark.parametrize("i", range(len(cases.IMPORTED)),
                         ids=[f"{c[0]}-{c[3]}" for c in cases.IMPORTED])
def test_imported_nodes(i):
    pytest.importorskip("tensorboard")  # (the GraphDef proto: the saved_model extra)
    assert cases.imported(tf, *cases.IMPORTED[i]) == GOLDEN["imported"][i]
