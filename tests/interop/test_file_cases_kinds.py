"""file_cases_kinds.py's tf.Module cases (type hints, reduced retracing, signature
defaults, TensorArrays, tapes, generators, jit, a dataset attribute, shared tables, ragged
and sparse signatures) against TensorFlow 2.21: eagerflow writing each case's files and
reading them back must give what TF gives reading its own (golden/file_cases_kinds.json,
recorded by `file_cases_tf.py --kinds --record`), and so must eagerflow reading the files
TF wrote of the TF_FILES cases (golden/file_cases_kinds/); where TF is installed, TF
reads eagerflow's files and eagerflow reads TF's of every case, each to the same result,
kinds_checks.KNOWN apart. (test_file_cases_kinds_keras.py does the Keras cases.)"""

from __future__ import annotations

import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import CASES, MODULE_CASES, TF_FILES
from tests.interop.test_file_cases import HERE

NAMES = sorted(MODULE_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_kinds",
                                                        set(TF_FILES))


def _object_graph(folder) -> list:
    """Each node of a SavedModel's object graph: its kind, its children, and for a
    concrete function the objects it binds and its arguments' dtypes (names left out:
    TF numbers its functions)."""
    sm = pb().SavedModel()
    sm.ParseFromString((folder / "sm" / "saved_model.pb").read_bytes())
    meta = sm.meta_graphs[0]
    proto, fdefs = meta.object_graph_def, {f.signature.name: f for f in
                                           meta.graph_def.library.function}
    out = []
    for nd in proto.nodes:
        kind = nd.WhichOneof("kind")
        row = [kind, [(c.node_id, c.local_name) for c in nd.children]]
        if kind == "bare_concrete_function":
            name = nd.bare_concrete_function.concrete_function_name
            row += [list(proto.concrete_functions[name].bound_inputs),
                    [a.type for a in fdefs[name].signature.input_arg],
                    [a.type for a in fdefs[name].signature.output_arg]]
        elif kind == "resource":
            row.append(nd.resource.device)
        out.append(row)
    return out


@pytest.mark.parametrize("name", ["dataset_attr", "dataset_slices_attr"])
def test_a_held_dataset_is_saved_as_tensorflow_saves_it(name, tmp_path):
    # TF's object graph (its kept files): the dataset a user object, its child
    # `_variant_tracker` a resource of three functions, the creator returning a variant
    # that the functions using the dataset take, bound to the tracker
    assert C.run_case(tf, keras, name, str(tmp_path), True, CASES) == {}
    assert _object_graph(tmp_path) == _object_graph(HERE / "golden" / "file_cases_kinds" / name)
