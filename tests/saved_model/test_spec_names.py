"""A TensorSpec named "zero x" (a name no op may take): TF 2.21 names the traced
placeholder "Placeholder" and keeps "zero x" as its `_user_specified_name`; the saved
FunctionDef's argument is "placeholder" with that user-specified name, and the loaded
function's input is "Placeholder:0" again (golden/spec_names.json, record_spec_names.py)."""

import json
import sys
from pathlib import Path

import pytest

from tests.tf_reference import HAVE_TF_PYTHON, TF_PYTHON, program_json

HERE = Path(__file__).resolve().parent
WANT = json.loads((HERE / "golden" / "spec_names.json").read_text())


def test_spec_names_match_tf_golden(tmp_path):
    got, _ = program_json(sys.executable, HERE / "spec_name_program.py", "ef", str(tmp_path))
    assert got == WANT


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow's interpreter is not installed")
def test_tf_loads_eagerflows_renamed_input(tmp_path):
    program_json(sys.executable, HERE / "spec_name_program.py", "ef", str(tmp_path))
    code = ("import json, sys, tensorflow as tf; m = tf.saved_model.load(sys.argv[1]); "
            "g = m.f.get_concrete_function().graph; "
            "print(json.dumps([g.inputs[0].name, "
            "g.inputs[0].op.get_attr('_user_specified_name').decode(), "
            "m.f(tf.constant([1.0, 2.0])).numpy().tolist()]))")
    got, _ = program_json(TF_PYTHON, "-c", code, str(tmp_path / "sm"))
    assert got == ["Placeholder:0", "zero x", [2.0, 4.0]]
