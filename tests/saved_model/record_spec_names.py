"""Records TF 2.21's answers of spec_name_program.py into golden/spec_names.json:
run `/path/to/tf/python tests/saved_model/record_spec_names.py` from the repository root."""

import json
import sys
import tempfile
from pathlib import Path

from tests.golden_io import write_json
from tests.tf_reference import program_json

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as d:
        got, _ = program_json(sys.executable, HERE / "spec_name_program.py", "tf", d)
    write_json(HERE / "golden" / "spec_names.json", got, end="\n", indent=1)
    print(json.dumps(got))
