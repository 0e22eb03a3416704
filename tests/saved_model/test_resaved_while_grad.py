"""eagerflow's re-save of a TF-written while_loop gradient: the gradient loop pops its
accumulators with TF's TensorListPopBack itself (imported list ops are bound as they are),
never by gathering the remaining items, which TF refuses for the last pop (no items, and
no known element shape). TF's own run of the re-save is checked by
test_user_models.py where TF is installed; here eagerflow's, and the written ops."""

from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb

GOLDEN = Path(__file__).resolve().parent / "golden" / "user_models"


@pytest.fixture(scope="module")
def resaved(tmp_path_factory):
    d = tmp_path_factory.mktemp("control") / "m"
    tf.saved_model.save(tf.saved_model.load(str(GOLDEN / "control")), str(d))
    return d


@pytest.mark.parametrize(("x", "want"), [(2.0, (8.0, 12.0)), (-1.0, (-1.0, 3.0))])
def test_the_resave_runs_the_loop_gradient(resaved, x, want):
    y, dy = tf.saved_model.load(str(resaved)).loop_grad(x)
    assert (float(y), float(dy)) == want  # TF's values (golden/user_models.json)


def test_the_pops_are_written_as_tf_s(resaved):
    model = pb().SavedModel()
    model.ParseFromString((resaved / "saved_model.pb").read_bytes())
    lib = model.meta_graphs[0].graph_def.library
    grads = [f for f in lib.function if "while_body" in f.signature.name
             and "_grad_" in f.signature.name]
    assert grads
    for f in grads:
        ops = [n.op for n in f.node_def]
        assert "TensorListPopBack" in ops and "TensorListGather" not in ops, ops
