"""What the programs here share: the module their argument names (`tf` for TensorFlow,
`ef` for eagerflow, imported as `tf`), and `show`, which prints a case's result or what it
raised, with what differs from run to run masked: process-wide counts in names (`_N`),
addresses, and the names of tensors made in loops (TF's and eagerflow's differ there)."""

import re
import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf


def masked(text: str) -> str:
    text = re.sub(r"\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r"'[\w/]+:\d+'", "'<tensor>'", text)
    text = re.sub(r"_\d+\b", "_N", text)
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # noqa: BLE001 - each case prints what it raised
        print(label, "!!", type(e).__name__, masked(str(e)))


__all__ = ["show", "tf"]
