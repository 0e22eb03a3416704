"""tf.compat.v1.train.warm_start with a VocabInfo remaps through TF's ops
(GenerateVocabRemapping, LoadAndRemapMatrix): TF 2.21's values and errors for the same
programs (asked of TF 2.21)."""

import numpy as np
import pytest

import eagerflow as tf

v1 = tf.compat.v1


@pytest.fixture()
def saved(tmp_path):
    with tf.Graph().as_default():
        v1.get_variable("emb", initializer=np.arange(6., dtype=np.float32).reshape(3, 2))
        v1.get_variable("b", initializer=np.arange(3., dtype=np.float32))
        v1.get_variable("d", initializer=np.arange(6., dtype=np.float64).reshape(3, 2))
        saver = v1.train.Saver()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            prefix = saver.save(sess, str(tmp_path / "m"))
    (tmp_path / "old.txt").write_text("a\nb\nc\n")
    (tmp_path / "new.txt").write_text("c\nx\na\nb\nz\n")
    return prefix, str(tmp_path / "old.txt"), str(tmp_path / "new.txt")


def _run(prefix, name, shape, info, dtype=tf.float32):
    with tf.Graph().as_default():
        v = v1.get_variable(name, shape, dtype=dtype)
        v1.train.warm_start(prefix, var_name_to_vocab_info={name: info})
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(v)


def test_backup_values_drawn_as_tfs_graph_draws_them(saved):
    prefix, old, new = saved
    got = _run(prefix, "emb", [6, 2], v1.train.VocabInfo(
        new, 5, 1, old, backup_initializer=v1.random_uniform_initializer(seed=3)))
    # (the OOV bucket's draw is a new op of the same seed: the missing rows' first values)
    np.testing.assert_allclose(got, [[4, 5], [0.3869, 0.36], [0, 1], [2, 3], [0.9769, 0.0865],
                                     [0.3869, 0.36]], atol=5e-5)


def test_tfs_refusals(saved):
    prefix, old, new = saved
    with pytest.raises(IndexError, match="list index out of range"):
        _run(prefix, "b", [6], v1.train.VocabInfo(new, 5, 1, old))
    with pytest.raises(ValueError) as e:
        _run(prefix, "d", [5, 2], v1.train.VocabInfo(new, 5, 0, old), tf.float64)
    assert str(e.value) == ("Tensor conversion requested dtype float64 for Tensor with dtype "
                            "float32: <tf.Tensor 'LoadAndRemapMatrix:0' shape=(5, 2) "
                            "dtype=float32>")
