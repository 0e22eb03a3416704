"""Records nul_names_cases.py under TF 2.21 (run with TF's Python from the repository
root): nul_names_golden.json."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import tensorflow as tf

sys.path.insert(0, str(Path(__file__).parent))
import nul_names_cases  # noqa: E402

if __name__ == "__main__":
    golden = Path(__file__).with_name("nul_names_golden.json").resolve()
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        cases = nul_names_cases.run(tf)
    golden.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(len(cases), "cases")
