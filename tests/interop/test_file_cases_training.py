"""file_cases_training.py's cases (checkpoints of mutable and dense hash tables, of objects
under keys that checkpoint keys escape, of three Keras optimizers' slots restored into
optimizers not yet built; Keras models with a custom train_step saved by
tf.saved_model.save and as `.keras`; `.keras` files of lookup, hashing, character
TextVectorization and Normalization layers; a Lambda in a nested model) against
TensorFlow 2.21, as test_file_cases_kinds.py checks its own (kinds_checks.suite):
eagerflow reading its own files and TF's kept ones as TF reads them
(golden/file_cases_kinds.json), and where TF is installed each reading the other's files,
kinds_checks.KNOWN apart."""

from __future__ import annotations

from tests.interop import kinds_checks as K
from tests.interop.file_cases_training import TRAINING_CASES, TRAINING_TF_FILES

NAMES = sorted(TRAINING_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_training",
                                                        set(TRAINING_TF_FILES))
