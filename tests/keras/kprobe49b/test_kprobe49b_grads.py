"""The snippets of cases_grads.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe49b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

# ruff: noqa: E501 - each KNOWN reason is one string

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49b.cases_grads import SNIPPETS

KNOWN: dict[str, str] = {
    'grad_activations_gelu_silu_mish':
        "gelu approximate's, mish's and hard_silu's values and gradients: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_activations_softplus_large':
        "softplus and log_sigmoid of -100: TF flushes the denormal exp(-100) to 0 (its threads' FTZ), NumPy keeps 3.8e-44; exponential's gradient at -10: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_cce_label_smoothing':
        "the softmax gradients' entries: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_huber_at_delta_and_logcosh':
        "log-cosh's values (x + softplus(-2x) - log 2): a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_kld_poisson_at_zero':
        "MSLE of zeros: TF's log1p gives 1.8e-16 where NumPy's gives 0: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_log_softmax_on_inf':
        "softmax of [0, -inf, 1]: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_logistic_loss_eager':
        "eagerly, TF's tape sums a tensor's gradients in its own walk order (tape.h: ops queued at the front, AddN of the list: relu, mul, select, neg), eagerflow's eager walk in reverse recording order: (1 - 0.1192) - 1 for TF's (1 - 1) - 0.1192 at logit 2 (traced: as TF's)",
    'grad_loss_layers_in_fit_step':
        "LogCosh's losses in fit: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
