"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe19).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe19.cases import SNIPPETS

KNOWN = {
    "conv_transpose_channels_first": "recorded with oneDNN off, where TF's CPU kernels refuse "
                                     "NCHW/NCDHW transposed convolutions; eagerflow computes "
                                     "them, as TF's default (oneDNN) build does",
    "validation_split_of_dataset": "the error names the dataset's class by its module: TF's "
                                   "tensorflow.python.data.ops.batch_op._BatchDataset, "
                                   "eagerflow's eagerflow._src.data.batching.BatchDataset",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
