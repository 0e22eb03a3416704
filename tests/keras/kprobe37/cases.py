"""Snippets of kprobe37: print-only programs over keras.Variable's own face (its
attributes, string aggregation and synchronization, setters, assignments, constraints,
conversions; cases_var.py). kprobe/record_golden.py kprobe37 records what real TF 2.21 +
Keras 3 prints for each, and the suite's test files check that eagerflow prints the
same."""

from tests.keras.kprobe37.cases_var import SNIPPETS as VAR_SNIPPETS

SNIPPETS: dict[str, str] = {**VAR_SNIPPETS}
