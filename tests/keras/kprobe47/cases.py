"""Snippets of kprobe47: ordinary user code in the areas earlier probes touched least.
cases_data.py: RaggedTensor ops and reprs, tf.strings and text preprocessing, tf.lookup
tables and tf.data pipelines (window, group_by_window, bucketing, save/load, ragged and
padded batches); cases_state.py: tf.random.Generator, stateless ops and keras.random with
seeds, saving and loading (.keras files, SavedModels, exports, checkpoints), Keras 3
callbacks and metrics; cases_more.py: files real TF wrote (tf_files/, made by
write_tf_files.py) loaded by user code, and rarer corners of the same areas.
kprobe/record_golden.py kprobe47 records what real TF 2.21 +
Keras 3 prints for each, and the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe47.cases_data import SNIPPETS as DATA_SNIPPETS
from tests.keras.kprobe47.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe47.cases_state import SNIPPETS as STATE_SNIPPETS

SNIPPETS: dict[str, str] = {**DATA_SNIPPETS, **STATE_SNIPPETS, **MORE_SNIPPETS}
