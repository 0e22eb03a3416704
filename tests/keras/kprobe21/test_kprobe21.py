"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe21).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

import pytest

from tests.keras.kprobe.snippets import check_snippet, golden_beside
from tests.keras.kprobe21.cases import SNIPPETS

GOLDEN = golden_beside(__file__)
KNOWN = {
    "alpha_dropout_inference": "TF 2.21's tf.keras.layers.AlphaDropout, which eagerflow's Keras "
                               "is, is Keras's legacy class (keras._legacy.layers: its config "
                               "holds no noise_shape, its rate is not checked); this golden is "
                               "keras.layers' Keras 3 one (as kprobe15's layer_AlphaDropout)",
    "conv_transpose_separable": "TF's CPU Conv2DBackpropInput refuses dilation rates above 1 "
                                "(InvalidArgumentError); eagerflow computes the dilated "
                                "transposed convolution (a CPU kernel gap, not a Keras rule)",
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys, tmp_path, request):
    if name in KNOWN:
        request.applymarker(pytest.mark.xfail(reason=KNOWN[name], strict=True))
    monkeypatch.chdir(tmp_path)  # (a snippet's files go to its own temporary folder)
    check_snippet(SNIPPETS[name], GOLDEN["snippets"][name], monkeypatch, capsys)


def test_known_differences_are_snippets():
    assert set(KNOWN) <= set(SNIPPETS)
