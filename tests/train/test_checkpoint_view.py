"""tf.train.CheckpointView and tf.train.TrackableView, with the node ids, names and matches
TF 2.21 gives for the same program (recorded from TF 2.21)."""

from __future__ import annotations

import pytest

import eagerflow as tf


class _Model(tf.Module):
    def __init__(self):
        self.v = tf.Variable(1.0)
        self.sub = tf.Module()
        self.sub.w = tf.Variable([2.0])
        self.lst = [tf.Variable(3.0)]


@pytest.fixture
def saved(tmp_path):
    model = _Model()
    path = tf.train.Checkpoint(model=model, step=tf.Variable(5)).save(str(tmp_path / "ck"))
    return model, path


def test_checkpoint_view_lists_nodes_as_tf_numbers_them(saved):
    _, path = saved
    cv = tf.train.CheckpointView(path)
    assert cv.children(0) == {"model": 1, "step": 2, "save_counter": 3}
    assert cv.children(1) == {"v": 4, "sub": 5, "lst": 6}
    assert cv.descendants() == list(range(9))


def test_match_and_diff_against_a_new_program(saved):
    _, path = saved
    cv = tf.train.CheckpointView(path)
    fresh = _Model()
    matches = cv.match(tf.train.Checkpoint(model=fresh, step=tf.Variable(5)))
    assert sorted(matches) == [0, 1, 2, 4, 5, 6, 7, 8]  # save_counter is made at save time
    assert matches[1] is fresh and matches[4] is fresh.v and matches[7] is fresh.sub.w
    matches, missing_nodes, missing_objects = cv.diff(tf.train.Checkpoint(model=_Model()))
    assert sorted(matches) == [0, 1, 4, 5, 6, 7, 8]
    assert missing_nodes == [2, 3] and missing_objects == []


def test_trackable_view_walks_live_objects(saved):
    model, _ = saved
    view = tf.train.TrackableView(model)
    assert view.root is model
    assert list(view.children(model)) == ["v", "sub", "lst"]
    got = view.descendants()
    assert got[0] is model and got[1] is model.v and got[2] is model.sub
    assert got[4] is model.sub.w and got[5] is model.lst[0] and len(got) == 6
