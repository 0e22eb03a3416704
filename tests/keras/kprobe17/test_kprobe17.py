"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe17).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.golden_io import blas_as_recorded
from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe17.cases import SNIPPETS

# (the sums are Eigen's now (eigen_sum); what still differs in the last bit is another
# float32 kernel of the step that keeps NumPy's rounding: docs/ulp32.md)
_SUM_ORDER = "float32 last bit of a loss or metric over 10 samples"
KNOWN: dict[str, str] = {}
# (which differs depends on OpenBLAS's kernels: under Haswell's the other one's products
# round their last bit otherwise, this one's as TF's)
if blas_as_recorded():
    KNOWN["fit_generator_and_pydataset_shapes"] = \
        _SUM_ORDER + " (eval_pydataset: 7.2721686363220215 in TF, 7.272168159484863)"
else:
    KNOWN["train_test_predict_on_batch"] = \
        "OpenBLAS's Haswell kernels: a float32 mae's last bit (docs/ulp32.md)"

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
