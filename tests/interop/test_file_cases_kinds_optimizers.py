"""file_cases_kinds.py's cases of optimizers' state (RMSprop, Nadam, Adagrad, Adamax,
Lion, Ftrl, AMSGrad and Nesterov SGD with clipping resuming training) against TensorFlow
2.21 / Keras 3.15, checked as test_file_cases_kinds.py checks its tf.Module cases
(kinds_checks.py: TF's recorded reads, its kept files, and TF's own run where it is
installed)."""

from __future__ import annotations

from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import OPTIMIZER_CASES, TF_FILES

NAMES = sorted(OPTIMIZER_CASES)

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(NAMES, "file_cases_kinds_optimizers",
                                                        set(TF_FILES))
