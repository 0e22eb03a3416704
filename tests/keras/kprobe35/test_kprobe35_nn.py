"""The snippets of cases_nn.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe35; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe35.cases_nn import SNIPPETS

KNOWN: dict[str, str] = {
    "nn_attention_3d_and_half": (
        "float16 attention (5.96 in TF, 5.97): this machine's TF 2.21 (AVX-512, oneDNN on or "
        "off) runs a float16 Einsum in Eigen's half arithmetic, its running sums rounded to "
        "half, where its BatchMatMul adds in float32 and rounds once; eagerflow's "
        "Einsum adds in float32 as tests/ops/halfprec_reduce_golden.json (recorded on another "
        "machine) has TF's. Reproduce: tf.einsum('bmk,bkn->bmn', x, y) of float16 (4, 3, 4) "
        "and (4, 4, 5) differs from the float32 product rounded once at 30 of 60 entries "
        "here, tf.linalg.matmul at none"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
