"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe18).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe18.cases import SNIPPETS

KNOWN = {
    "ops_fft_odd_args": "TF's float32 FFT kernels round otherwise than eagerflow's: values "
                        "near 1e-8 differ in sign once rounded to 4 decimals (irfft, stft, "
                        "istft: -0.0 against 0.0)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
