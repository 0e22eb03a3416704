"""The snippets of cases_ops.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe46; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe46.cases_ops import SNIPPETS

KNOWN: dict[str, str] = {
    "dot_product_attention_float16": "TF's Einsum of float16 operands rounds as its Eigen "
    "half contraction does, which depends on the layout: 'BTNH,BSNH->BNTS' adds each "
    "product in half, one at a time (logit -0.79199), 'th,sh->ts' otherwise (-0.025696), "
    "tf.matmul in float32 once (-0.79248, eagerflow's for every layout)",
    "eig_svd_vectors": "eigenvector and singular vector signs: TF's Eigen solvers (eigh's "
    "first column, svd's second) against LAPACK's; the values and tf.linalg.eig agree",
    "ctc_labels_of_one_row": "dense labels of one row against a batch of two: TF's "
    "ctc_loss_dense composite broadcasts them (with label_length of the batch's length) "
    "or fails in its TensorScatterUpdate (label_length of one); eagerflow's one op "
    "refuses both ('len(labels) != batch_size')",
    "tf_linalg_logm": "the signs of the zero imaginary parts of a real matrix's logarithm "
    "(-0j at three entries where TF's Eigen MatrixLogarithm gives +0j, under some LAPACK "
    "builds; NumPy 2.4.6's OpenBLAS 0.3.31 gives TF's); the values agree",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN,
                                               by_build=frozenset({"tf_linalg_logm"}))
