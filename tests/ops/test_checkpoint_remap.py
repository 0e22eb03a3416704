"""GenerateVocabRemapping / LoadAndRemapMatrix (ops/checkpoint_remap.py): TF 2.21's
outputs for the same files and calls (asked of TF 2.21)."""

import numpy as np
import pytest

import eagerflow as tf

R = tf.raw_ops


@pytest.fixture()
def files(tmp_path):
    (tmp_path / "old.txt").write_text("a\nb\nc\nd\n")
    (tmp_path / "new.txt").write_text("c\nx\na\nd\ny\n")
    (tmp_path / "dup.txt").write_text("a\nb\na\n")
    v = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3))
    return tmp_path, tf.train.Checkpoint(v=v).write(str(tmp_path / "ck"))


def test_generate_vocab_remapping(files):
    d, _ = files
    r, n = R.GenerateVocabRemapping(new_vocab_file=str(d / "new.txt"),
                                    old_vocab_file=str(d / "old.txt"), new_vocab_offset=0,
                                    num_new_vocab=5)
    assert r.numpy().tolist() == [2, -1, 0, 3, -1] and r.dtype == tf.int64
    assert n.numpy() == 3 and n.dtype == tf.int32
    r, n = R.GenerateVocabRemapping(new_vocab_file=str(d / "new.txt"),
                                    old_vocab_file=str(d / "old.txt"), new_vocab_offset=1,
                                    num_new_vocab=3, old_vocab_size=2)
    assert (r.numpy().tolist(), int(n)) == ([-1, 0, -1], 1)
    r, n = R.GenerateVocabRemapping(new_vocab_file=str(d / "dup.txt"),
                                    old_vocab_file=str(d / "old.txt"), new_vocab_offset=0,
                                    num_new_vocab=3)
    assert (r.numpy().tolist(), int(n)) == ([0, 1, 0], 3)
    with pytest.raises(tf.errors.FailedPreconditionError) as e:
        R.GenerateVocabRemapping(new_vocab_file=str(d / "new.txt"),
                                 old_vocab_file=str(d / "dup.txt"), new_vocab_offset=0,
                                 num_new_vocab=3)
    assert "HashTable has different value for same key. Key a has 0 and trying to add value " \
           "2 [Op:GenerateVocabRemapping]" in str(e.value)


def test_load_and_remap_matrix(files):
    _, path = files
    key = "v/.ATTRIBUTES/VARIABLE_VALUE"

    def load(rows, cols, init, num_rows, num_cols, **kw):
        return R.LoadAndRemapMatrix(
            ckpt_path=path, old_tensor_name=key, row_remapping=tf.constant(rows, tf.int64),
            col_remapping=tf.constant(cols, tf.int64), initializing_values=init,
            num_rows=num_rows, num_cols=num_cols, **kw).numpy().tolist()

    assert load([2, -1, 0], [], [100., 101., 102.], 3, 3) == \
        [[6, 7, 8], [100, 101, 102], [0, 1, 2]]
    assert load([2, -1, 0], [1, -1], [100., 101., 102., 103.], 3, 2, max_rows_in_memory=1) \
        == [[7, 100], [101, 102], [1, 103]]
    assert load([-5], [], [1., 2., 3.], 1, 3) == [[1, 2, 3]]
    assert load([], [], [], 0, 3) == []
    with pytest.raises(tf.errors.InternalError) as e:
        load([0, 9, 2], [], [], 3, 3, max_rows_in_memory=2)
    assert str(e.value) == (
        "{{function_node __wrapped__LoadAndRemapMatrix_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} Extent in dimension 0 out of bounds: shape = [4,3], slice = 4,2:- "
        "[Op:LoadAndRemapMatrix]")
