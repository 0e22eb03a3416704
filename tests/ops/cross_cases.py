"""Cases of TF's SparseCrossHashed (farmhash, or SipHash keyed by a salt) and RaggedCross
ops, run through tf.raw_ops by record_cross_golden.py and through eagerflow's registered
ops by test_crosses.py. Each input is ("dense", rows), ("sparse", indices, values, shape)
or ("ragged", values, row_splits); numbers are int64."""

SPARSE_CROSS_HASHED = [
    # (inputs, num_buckets, strong_hash, salt)
    ([("dense", [["a"]]), ("dense", [["b"]])], 0, True, [1, 2]),
    ([("dense", [["a"]]), ("dense", [["b"]])], 0, False, [1, 2]),
    ([("dense", [["a"]]), ("dense", [["b"]]), ("dense", [["c"]])], 0, True, [1, 2]),
    ([("dense", [["a"]]), ("dense", [["b"]])], 1000, True, [1, 2]),
    ([("dense", [["a"]])], 0, True, [-5, 7]),
    ([("dense", [[""]])], 0, True, [0, 0]),
    ([("dense", [["a"]])], -1, True, [1, 2]),
    ([("dense", [["a"]]), ("dense", [[3]])], 0, False, [0, 0]),
    ([("dense", [[-3]])], 0, False, [0, 0]),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], ["x", "y", "z"], [2, 2]),
      ("dense", [["p"], ["q"]])], 97, True, [123456789, -987654321]),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], ["x", "y", "z"], [3, 2]),
      ("sparse", [[0, 0], [2, 0]], ["u", "v"], [3, 1])], 0, True, [2**62, 5]),
    ([("dense", [[4], [5]]), ("dense", [["p"], ["q"]])], 50, False, [0, 0]),
    # sparse int64 features: hashed as the bytes of their low 32 bits (2**40 as 0)
    ([("sparse", [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]],
       [4, -1, 2**40, 2**40 + 3, -2**63, 123456789], [6, 1])], 0, False, [0, 0]),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], [7, 0, 2**33 - 1], [2, 2])], 0, True, [1, 2]),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], [7, 0, -5], [2, 2]),
      ("dense", [["p"], ["q"]])], 97, False, [0, 0]),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], [7, 0, -5], [2, 2]),
      ("sparse", [[0, 0], [1, 0]], ["u", "v"], [2, 1]),
      ("dense", [[3], [9]])], 0, False, [0, 0]),
    ([("sparse", [[0, 0], [1, 0]], [1, 2], [2, 1]),
      ("sparse", [[0, 0], [1, 0], [1, 1]], [30, 40, 50], [2, 2])], 1000, True, [-7, 99]),
    ([("sparse", [[0, 0]], [4], [2, 1]), ("dense", [["p"], ["q"]])], 10, False, [0, 0]),
]

RAGGED_CROSS = [
    # (inputs, hashed_output, num_buckets, hash_key)
    ([("dense", [["d"], ["e"]]), ("ragged", ["a", "b", "c"], [0, 1, 3])], False, 0, 0),
    ([("ragged", ["a", "b", "c"], [0, 1, 3]), ("dense", [["d"], ["e"]]),
      ("sparse", [[0, 0], [1, 0], [1, 1]], ["f", "g", "h"], [2, 2])], False, 0, 0),
    ([("sparse", [[0, 0], [1, 0], [1, 1]], ["f", "g", "h"], [2, 2]),
      ("dense", [["d"], ["e"]]), ("ragged", ["a", "b", "c"], [0, 1, 3])], True, 0,
     0xDECAFCAFFE),
    ([("dense", [["d"], ["e"]]), ("ragged", ["a", "b", "c"], [0, 1, 3])], True, 100, 7),
    ([("ragged", [1, 2, 3], [0, 2, 2, 3]), ("dense", [["x"], ["y"], ["z"]])], False, 0, 0),
    ([("ragged", [1, 2, 3], [0, 2, 2, 3]), ("dense", [[4], [5], [6]])], True, 0, -3),
    ([("ragged", ["a"], [0, 1]), ("dense", [["x"], ["y"]])], False, 0, 0),
]
