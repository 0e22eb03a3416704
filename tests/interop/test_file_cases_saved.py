"""file_cases_saved.py's cases (nested, bool, string and composite signatures, signatures
given as functions and concrete functions, static tables, a vocabulary asset of a moved
SavedModel, variables of a MirroredStrategy and of every setting, constants of every
dtype, nested tf.functions, control flow, Keras exports and archives, SaveOptions and
the signatures' inspection) against TensorFlow 2.21, as test_file_cases_kinds.py checks
its own (kinds_checks.suite): eagerflow reading its own files and TF's kept ones as TF
reads them (golden/file_cases_kinds.json), and where TF is installed each reading the
other's files. The SignatureDefs eagerflow writes are TF's (what saved_model_cli shows),
and so are the shapes its signatures' functions record of their arguments and calls
(which TF's loader gives a loaded signature's inputs and outputs)."""

from __future__ import annotations

from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import CASES
from tests.interop.file_cases_saved import SAVED_CASES, SAVED_TF_FILES
from tests.interop.test_file_cases import HERE

NAMES = sorted(SAVED_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_saved",
                                                        set(SAVED_TF_FILES))


def _meta(folder: Path) -> object:
    sm = pb().SavedModel()
    sm.ParseFromString((folder / "sm" / "saved_model.pb").read_bytes())
    return sm.meta_graphs[0]


def _shape(proto) -> object:
    return None if proto.unknown_rank else [d.size for d in proto.dim]


def _signature_defs(folder: Path) -> dict:
    """Each SignatureDef as saved_model_cli shows it: method, and each input's and
    output's tensor name, dtype and shape."""
    out = {}
    for key, sig in _meta(folder).signature_def.items():
        out[key] = {"method": sig.method_name, **{
            side: {k: [v.name, v.dtype, _shape(v.tensor_shape)]
                   for k, v in getattr(sig, side).items()} for side in ("inputs", "outputs")}}
    return out


def _recorded_shapes(folder: Path) -> list:
    """Per signature's function (by its name less TF's number), its `_input_shapes`, its
    arguments' and its calls' `_output_shapes`: what TF's loader gives the loaded
    signature's tensors. (eagerflow's other functions record none: kinds_checks.KNOWN.)"""
    out = []
    for f in _meta(folder).graph_def.library.function:
        name = f.signature.name.rstrip("0123456789")
        if "signature_wrapper" not in name:
            continue
        args = [[_shape(s) for s in f.arg_attr[i].attr["_output_shapes"].list.shape]
                for i in range(len(f.signature.input_arg))]
        calls = sorted([_shape(s) for s in nd.attr["_output_shapes"].list.shape]
                       for nd in f.node_def if nd.op.endswith("PartitionedCall"))
        out.append([name, [_shape(s) for s in f.attr["_input_shapes"].list.shape], args,
                    calls])
    return sorted(out, key=str)


@pytest.mark.parametrize("name", ["signature_inspection", "mixed_signatures", "nested_specs"])
def test_signature_defs_are_tensorflows(name, tmp_path):
    assert C.run_case(tf, keras, name, str(tmp_path), True, CASES) == {}
    assert _signature_defs(tmp_path) == _signature_defs(HERE / "golden" / "file_cases_kinds"
                                                        / name)


@pytest.mark.parametrize("name", ["signature_inspection", "mixed_signatures"])
def test_signature_functions_record_their_argument_and_call_shapes(name, tmp_path):
    assert C.run_case(tf, keras, name, str(tmp_path), True, CASES) == {}
    assert _recorded_shapes(tmp_path) == _recorded_shapes(HERE / "golden" / "file_cases_kinds"
                                                          / name)
