"""Records TF 2.21's answers of asset_node_program.py into golden/asset_nodes.json:
run `/path/to/tf/python tests/saved_model/record_asset_nodes.py` from the repository root."""

import json
import sys
import tempfile
from pathlib import Path

from tests.golden_io import write_json
from tests.tf_reference import program_json

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as d:
        got, _ = program_json(sys.executable, HERE / "asset_node_program.py", "tf", d)
    write_json(HERE / "golden" / "asset_nodes.json", got, end="\n", indent=1)
    print(json.dumps(got))
