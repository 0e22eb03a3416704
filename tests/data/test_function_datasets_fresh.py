"""Datasets made by a flat_map / interleave function are new ones for each element, as TF
runs the function per element: a shuffle made there starts its reshuffles over each time,
while the random ops of its maps go on from element to element and start over with the
next iteration of the outer dataset (TF instantiates the function once per iterator).
Expected values recorded from TF 2.21; eagerflow reused one shuffle for every element (each
element's order, and each iteration's, differed), while a dataset the function only reads
(captured from outside) is the caller's one in both."""

from __future__ import annotations

import eagerflow as tf


def _two_passes(ds) -> list:
    return [[int(v) for v in ds] for _ in range(2)]


def test_a_seeded_shuffle_made_per_element_repeats_its_order():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(3).interleave(
        lambda x: tf.data.Dataset.range(4).shuffle(10, seed=1).map(lambda v: v + 10 * x),
        cycle_length=3)
    assert _two_passes(ds) == [[0, 10, 20, 2, 12, 22, 3, 13, 23, 1, 11, 21]] * 2


def test_in_parallel_too():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(3).interleave(
        lambda x: tf.data.Dataset.range(4).shuffle(10, seed=1).map(lambda v: v + 10 * x),
        cycle_length=3, num_parallel_calls=3)
    assert _two_passes(ds) == [[0, 10, 20, 2, 12, 22, 3, 13, 23, 1, 11, 21]] * 2


def test_an_unseeded_one_too():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(3).flat_map(
        lambda x: tf.data.Dataset.range(3).shuffle(10).map(lambda v: v + 10 * x))
    assert _two_passes(ds) == [[0, 2, 1, 10, 12, 11, 20, 22, 21]] * 2


def test_a_repeat_inside_still_reshuffles():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(2).flat_map(
        lambda x: tf.data.Dataset.range(4).shuffle(10, seed=1).repeat(2))
    assert _two_passes(ds) == [[0, 2, 3, 1, 2, 1, 0, 3] * 2] * 2
    fixed = tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.range(4).shuffle(
        10, seed=1, reshuffle_each_iteration=False).repeat(2))
    assert _two_passes(fixed) == [[0, 2, 3, 1] * 4] * 2


def test_random_ops_go_on_across_elements_and_start_over_per_iteration():
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.range(2).map(
        lambda v: v + tf.random.uniform([], 0, 100, tf.int64)), cycle_length=3)
    assert _two_passes(ds) == [[89, 96, 5, 90, 97, 34]] * 2


def test_a_captured_shuffle_is_the_callers_and_reshuffles_per_element():
    # (the function reads the outer dataset; only datasets it makes are new per element)
    tf.random.set_seed(7)
    s = tf.data.Dataset.range(5).shuffle(10, seed=3)
    ds = tf.data.Dataset.range(2).flat_map(lambda x: s)
    assert _two_passes(ds) == [[4, 3, 2, 0, 1, 1, 4, 0, 3, 2], [1, 2, 3, 4, 0, 3, 0, 1, 4, 2]]
    both = tf.data.Dataset.choose_from_datasets([s, s.map(lambda v: v + 10)],
                                                tf.data.Dataset.range(2).repeat(5))
    assert _two_passes(both) == [[2, 14, 0, 11, 1, 10, 3, 13, 4, 12],
                                 [0, 10, 3, 14, 1, 13, 2, 11, 4, 12]]


def test_window_and_group_by_window_functions():
    tf.random.set_seed(7)
    g = tf.data.Dataset.range(8).group_by_window(
        lambda x: x % 2, lambda k, w: w.shuffle(10, seed=1).batch(4), window_size=4)
    assert [[x.numpy().tolist() for x in g] for _ in range(2)] == \
        [[[2, 6, 0, 4], [3, 7, 1, 5]]] * 2
    w = tf.data.Dataset.range(6).window(3).flat_map(lambda w: w.shuffle(5, seed=2))
    assert _two_passes(w) == [[2, 1, 0, 5, 4, 3]] * 2


def test_a_random_dataset_made_per_element_starts_over():
    tf.random.set_seed(5)
    a = tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.random(
        seed=1, rerandomize_each_iteration=True).take(2).repeat(2))
    assert [[int(v) % 1000 for v in a] for _ in range(2)] == [[748, 507, 82, 930] * 2] * 2
    b = tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.random(seed=1).take(2))
    assert [[int(v) % 1000 for v in b] for _ in range(2)] == [[124, 791] * 2] * 2
