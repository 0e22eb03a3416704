"""Writes warnings_golden.txt: what warnings_program.py prints to stderr under TF 2.21,
each warning's file named `<keras>` unless it is the program's own (then its name), line
numbers dropped, and a library line's source text after it dropped (TF's C++ start-up
lines dropped, object addresses masked).

    $EAGERFLOW_TF_PYTHON tests/keras/keras_warnings/record_warnings.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.probe.record_retracing import clean as clean_tf  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402

PROGRAM = os.path.join(HERE, "warnings_program.py")
WARNING = re.compile(r"^(.*?):\d+: (\w*Warning): (.*)$")


def clean(stderr: str) -> str:
    """`stderr` with each warning's place as above: where a warning is, not its path."""
    out = []
    library_source = False  # the next indented line is a library's source text
    for line in clean_tf(stderr).splitlines():
        match = WARNING.match(line)
        if match:
            own = os.path.basename(match.group(1)) == os.path.basename(PROGRAM)
            out.append(f"{os.path.basename(PROGRAM) if own else '<keras>'}: "
                       f"{match.group(2)}: {match.group(3)}")
            library_source = not own
            continue
        if library_source and line.startswith("  "):
            library_source = False
            continue
        if line.startswith("--- "):
            library_source = False
        out.append(line)
    return "\n".join(out) + "\n"


def main():
    out = run_program(PROGRAM, "tf")
    write_text(os.path.join(HERE, "warnings_golden.txt"), clean(out.stderr))


if __name__ == "__main__":
    main()
