"""Writes NAME_golden.txt for each NAME_program.py here: what it prints under TF 2.21,
stdout then stderr (TF's C++ start-up lines dropped, addresses, ids and counts masked).

    $EAGERFLOW_TF_PYTHON tests/autograph/programs/record_programs.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".."))

from tests.golden_io import write_text  # noqa: E402
from tests.tf_reference import run_program  # noqa: E402


def clean(text: str) -> str:
    """The program's own lines, with what differs from run to run masked: object
    addresses and ids, and the process-wide counts in functions' names."""
    lines = [x for x in text.splitlines()
             if not re.match(r"^(WARNING: All log messages|[IWE]\d{4} |To enable the)", x)]
    text = "\n".join(lines) + "\n"
    text = text.replace(HERE + os.sep, "")
    text = re.sub(r" at 0x[0-9a-f]+", " at 0x...", text)
    text = re.sub(r"id=\d+", "id=...", text)
    text = re.sub(r"(while_body|while_cond|cond_true|cond_false|__inference_\w+?)_\d+",
                  r"\1_N", text)
    # a method's function: TF shows its bound method of a TfMethodTarget, eagerflow the
    # function (the object is the same)
    return re.sub(r"<bound method (\S+) of <tensorflow\S+ object at 0x...>>",
                  r"<function \1 at 0x...>", text)


PROGRAMS = ["builtins", "control_flow", "function", "keras_scopes", "lists", "range_loops"]


def run(name: str, impl: str, env: dict | None = None) -> str:
    """What NAME_program.py prints run with `impl` ("tf" or "ef") by this interpreter."""
    out = run_program(f"{name}_program.py", impl, cwd=HERE, env=env, timeout=300)
    return clean(out.stdout) + "--- stderr\n" + clean(out.stderr)


if __name__ == "__main__":
    for name in PROGRAMS:
        write_text(os.path.join(HERE, f"{name}_golden.txt"), run(name, "tf"))
