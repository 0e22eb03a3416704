"""tf.image.non_max_suppression_padded takes scores of any shape holding as many elements
as the boxes' [..., num_boxes] (TF 2.21 reshapes them): [n, 1], [1, n], [n, 1, 1], and
for batched boxes flat or trailing-1 scores. Recorded from TF 2.21 (tensor inputs)."""

import numpy as np
import pytest

import eagerflow as tf

_BOXES = np.array([[0, 0, 1, 1], [0, 2, 1, 3], [0, 4, 1, 5], [0, 6, 1, 7], [0, 8, 1, 9]],
                  np.float32)
_SCORES = np.array([.9, .8, .7, .6, .5], np.float32)
_TWO = np.stack([_BOXES, _BOXES])

# (boxes, scores, pad) -> TF's (indices, num_valid)
_ONE = ([0, 1, 2], 3)
_CASES = {
    "flat": (_BOXES, _SCORES, _ONE),
    "n_by_1": (_BOXES, _SCORES[:, None], _ONE),
    "1_by_n": (_BOXES, _SCORES[None], _ONE),
    "n_by_1_by_1": (_BOXES, _SCORES[:, None, None], _ONE),
}
_BATCHED = {
    "batch1_n_by_1": (_BOXES[None], _SCORES[:, None], ([[0, 1, 2]], [3])),
    "batch1_flat": (_BOXES[None], _SCORES, ([[0, 1, 2]], [3])),
    "batch2_trailing_1": (_TWO, np.stack([_SCORES, _SCORES])[..., None],
                          ([[0, 1, 2], [0, 1, 2]], [3, 3])),
    "batch2_flat": (_TWO, np.concatenate([_SCORES, _SCORES]),
                    ([[0, 1, 2], [0, 1, 2]], [3, 3])),
}


def _run(boxes, scores, pad):
    idx, n = tf.image.non_max_suppression_padded(tf.constant(boxes), tf.constant(scores), 3,
                                                 pad_to_max_output_size=pad)
    return idx.numpy().tolist(), n.numpy().tolist()


@pytest.mark.parametrize("pad", [False, True])
@pytest.mark.parametrize("case", sorted(_CASES))
def test_unbatched_scores_of_any_shape(case, pad):
    boxes, scores, want = _CASES[case]
    assert _run(boxes, scores, pad) == want


@pytest.mark.parametrize("case", sorted(_BATCHED))
def test_batched_scores_of_any_shape(case):
    boxes, scores, want = _BATCHED[case]
    assert _run(boxes, scores, True) == want
    with pytest.raises(ValueError, match=r"^'pad_to_max_output_size' \(value False\) must "
                                         r"be True for batched input$"):
        _run(boxes, scores, False)
