"""Snippets of common user programs not covered by the earlier suites (kprobe25): models
called on inputs of other structures, dtypes, ranks and shapes than theirs.
kprobe/record_golden.py kprobe25 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe25.py checks that eagerflow prints the same."""

from tests.keras.kprobe25.cases_calls import SNIPPETS as CALL_SNIPPETS
from tests.keras.kprobe25.cases_layers import SNIPPETS as LAYER_SNIPPETS

SNIPPETS: dict[str, str] = {**CALL_SNIPPETS, **LAYER_SNIPPETS}
