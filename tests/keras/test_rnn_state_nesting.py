"""The structure of recurrent states as Keras 3.15 gives them (checked against it by
tests/guides/guide_keras_rnn.py): a stack's states nested per cell, an RNN's returned
states in that nesting, Bidirectional's tuples, and a layer's several symbolic outputs
a tuple where compute_output_shape gives one."""

from __future__ import annotations

import numpy as np

import eagerflow as tf

L = tf.keras.layers
X = np.random.default_rng(0).normal(size=(2, 6, 3)).astype("float32")


def shapes(structure):
    return tf.nest.map_structure(lambda t: tuple(t.shape), structure)


def test_stacked_state_size_and_initial_states_are_per_cell():
    cells = L.StackedRNNCells([L.LSTMCell(5), L.GRUCell(2)])
    assert cells.state_size == [[5, 5], 2]
    assert shapes(cells.get_initial_state(2)) == [[(2, 5), (2, 5)], [(2, 2)]]


def test_rnn_over_a_stack_returns_each_cells_states_nested():
    layer = L.RNN([L.LSTMCell(5), L.GRUCell(2)], return_state=True)
    out = layer(X)
    assert isinstance(out, tuple)
    assert shapes(out) == ((2, 2), [(2, 5), (2, 5)], [(2, 2)])
    assert layer.cell.state_size == [[5, 5], 2]
    # one cell in a stack: its own list of states
    assert shapes(L.RNN([L.LSTMCell(4)], return_state=True)(X)) == ((2, 4), [(2, 4), (2, 4)])
    # a lone cell: the states flat, as before
    assert shapes(L.RNN(L.LSTMCell(4), return_state=True)(X)) == ((2, 4), (2, 4), (2, 4))


def test_stacked_states_are_the_cells_run_in_turn():
    lstm, gru = L.LSTMCell(5), L.GRUCell(2)
    layer = L.RNN([lstm, gru], return_sequences=True, return_state=True)
    seq, (h1, c1), (h2,) = layer(X)
    # the reference: each cell stepped by hand over the time steps
    s1, s2 = lstm.get_initial_state(2), gru.get_initial_state(2)
    for t in range(X.shape[1]):
        o1, s1 = lstm(X[:, t], s1)
        o2, s2 = gru(o1, s2)
        np.testing.assert_allclose(seq[:, t], o2, atol=1e-6)
    np.testing.assert_allclose(h1, s1[0], atol=1e-6)
    np.testing.assert_allclose(c1, s1[1], atol=1e-6)
    np.testing.assert_allclose(h2, s2[0], atol=1e-6)


def test_stacked_cell_call_takes_and_gives_nested_states():
    cells = L.StackedRNNCells([L.GRUCell(5), L.SimpleRNNCell(2)])
    out, states = cells(X[:, 0], cells.get_initial_state(2))
    assert shapes((out, states)) == ((2, 2), [[(2, 5)], [(2, 2)]])
    # a cell's states given as a lone tensor come back as one
    out, states = cells(X[:, 0], [np.zeros((2, 5), "float32"), np.zeros((2, 2), "float32")])
    assert shapes(states) == [(2, 5), (2, 2)]
    # one cell: its states unwrapped
    one = L.StackedRNNCells([L.LSTMCell(3)])
    _, states = one(X[:, 0], one.get_initial_state(2))
    assert shapes(states) == [(2, 3), (2, 3)]


def test_stateful_stack_keeps_nested_state_variables():
    layer = L.RNN([L.LSTMCell(3), L.GRUCell(2)], stateful=True, return_state=True)
    out = layer(X)
    assert shapes(layer.states) == [[(2, 3), (2, 3)], [(2, 2)]]
    np.testing.assert_allclose(layer.states[1][0], out[2][0], atol=1e-6)
    # initial states given nested come back in that nesting
    again = L.RNN([L.LSTMCell(3), L.GRUCell(2)], return_state=True)
    assert shapes(again(X, initial_state=layer.states)) == shapes(out)


def test_bidirectional_gives_tuples():
    out = L.Bidirectional(L.GRU(3, return_sequences=True), merge_mode=None)(X)
    assert isinstance(out, tuple) and shapes(out) == ((2, 6, 3), (2, 6, 3))
    out = L.Bidirectional(L.GRU(3, return_state=True))(X)
    assert isinstance(out, tuple) and shapes(out) == ((2, 6), (2, 3), (2, 3))
    out = L.Bidirectional(L.GRU(3, return_state=True), merge_mode=None)(X)
    assert isinstance(out, tuple) and len(out) == 4


def test_symbolic_outputs_keep_compute_output_shapes_tuple():
    inp = tf.keras.Input((6, 3))
    assert isinstance(L.GRU(3, return_state=True)(inp), tuple)
    assert isinstance(L.Bidirectional(L.GRU(3, return_sequences=True), merge_mode=None)(inp),
                      tuple)
    out = L.RNN([L.LSTMCell(5), L.GRUCell(2)], return_state=True)(inp)
    assert isinstance(out, tuple) and isinstance(out[1], list)
    assert shapes(out) == ((None, 2), [(None, 5), (None, 5)], (None, 2))
    # and a model over them runs with them
    model = tf.keras.Model(inp, out)
    assert shapes(model(X)) == ((2, 2), [(2, 5), (2, 5)], (2, 2))
