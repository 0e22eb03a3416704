"""file_cases_mixes.py's cases (moving averages kept by a tf.Module, a Keras layer saving
its own variables, a checkpoint resuming a custom training loop with its dataset iterator,
masking through a registered layer in a model of two inputs and outputs, a module of
several traces saved with several named signatures, an optimizer's moving averages and
accumulated gradients, custom gradients, composite inputs saved again, a registered
learning-rate schedule, registered subclassed models of dict and tuple inputs exported,
metrics' variables, int64 and bool weights, iterators of several dataset kinds) against
TensorFlow 2.21, as test_file_cases_kinds.py checks its own (kinds_checks.suite): eagerflow
reading its own files and TF's kept ones as TF reads them (golden/file_cases_kinds.json),
and where TF is installed each reading the other's files."""

from __future__ import annotations

from tests.interop import kinds_checks as K
from tests.interop.file_cases_mixes import MIX_CASES, MIX_TF_FILES

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(sorted(MIX_CASES), "file_cases_mixes",
                                                        set(MIX_TF_FILES))
