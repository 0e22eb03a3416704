"""The snippets of cases_more.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe49b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

# ruff: noqa: E501 - each KNOWN reason is one string

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49b.cases_more import SNIPPETS

KNOWN: dict[str, str] = {
    'grad_categorical_focal_and_dice':
        "categorical focal from logits' gradient and Tversky's value: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_eager_train_step_shared_layer':
        "a shared Dense's bias after an eager step: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_layer_norm_and_batch_norm_inputs':
        "UnitNormalization's gradient (1.2e-7 for 0: l2_normalize's rsqrt): a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_layers_softmax_with_mask':
        "softmax values and gradients: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_ops_sqrt_abs_norm_at_zero':
        "rsqrt's gradient at -2: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_through_fit_with_shared_layer':
        "the third loss and a bias after three steps: a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
    'grad_variable_used_many_times':
        "the sum's forward value at -1 (softplus, cos): a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost); the gradients match, traced and eager",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
