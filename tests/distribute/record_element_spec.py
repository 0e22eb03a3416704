"""Writes element_spec_golden.txt: what element_spec_program.py prints under TF 2.21 (its
stdout, then the TF warnings on its stderr).

    /work/main/.venv-peers/bin/python tests/distribute/record_element_spec.py
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def main() -> None:
    out = run_program(os.path.join(HERE, "element_spec_program.py"), "tf")
    write_text(os.path.join(HERE, "element_spec_golden.txt"), printed(out))


def printed(out: subprocess.CompletedProcess) -> str:
    """A run's stdout, then the "WARNING:tensorflow:" lines of its stderr."""
    warnings = [x for x in out.stderr.splitlines() if x.startswith("WARNING:tensorflow:")]
    return out.stdout + "--- warnings ---\n" + "".join(x + "\n" for x in warnings)


if __name__ == "__main__":
    main()
