"""Cases of a variable's sliced assignment (`v[key].assign(value)`), run by
record_slice_assign_golden.py under TF 2.21 and by test_slice_assign.py here. Each case is
(start value, dtype, key as source text over `v` and `k` (tf.constant(1)), the value);
the recorder stores the variable after the assignment, or the error's class and message."""

START = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]

CASES = [
    (START, "float32", "v[1]", [7.0, 8.0, 9.0]),
    (START, "float32", "v[0]", 0.5),
    (START, "float32", "v[:, 1]", [10.0, 11.0]),
    (START, "float32", "v[:, ::2]", [[1.0, 1.0], [2.0, 2.0]]),
    (START, "float32", "v[None, 0]", [[3.0, 3.0, 3.0]]),
    (START, "float32", "v[..., -1]", [5.0, 5.0]),
    (START, "float32", "v[1, ::-1]", [1.0, 2.0, 3.0]),
    (START, "float32", "v[1, 5:]", []),
    (START, "float32", "v[k]", [0.0, 0.0, 0.0]),
    (START, "float32", "v[k:, k:]", [[9.0, 9.0]]),
    (START, "float32", "v[[1, 2]]", 4.0),
    (START, "float32", "v[-2:, :1]", [[7.0], [8.0]]),
    (START, "float32", "v[1]", [1, 2, 3]),
    (START, "float32", "v[1]", [1.0, 2.0]),
    (START, "float32", "v[:, 1]", [[1.0, 2.0]]),
    (START, "float32", "v[1]", "a"),
    ([1, 2, 3, 4], "int32", "v[1:3]", [0, 0]),
    ([1, 2, 3, 4], "int32", "v[::2]", 7),
    ([1, 2, 3, 4], "int64", "v[::-3]", [9, 8]),
    ([True, False, True], "bool", "v[1:]", [True, False]),
    (["a", "b", "c"], "string", "v[0]", "z"),
    (3.0, "float32", "v[...]", 4.0),
    ([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], "float64", "v[:, 1, None, :]",
     [[[0.0, 1.0]], [[2.0, 3.0]]]),
    ([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], "float64", "v[1, ..., 0]",
     [-1.0, -2.0]),
]
