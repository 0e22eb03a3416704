"""kprobe44's snippets on keras.utils' smaller helpers: Config, get_source_inputs,
pack/unpack_x_y_sample_weight, standardize_dtype, is_keras_tensor, the registration
helpers and the errors of the data helpers' bad arguments (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["utils_config_object"] = _TRY + """
U = keras.utils
c = U.Config(a=1, b=[1, 2])
print(repr(c), str(c), c.a, c["b"], len(c), "a" in c, sorted(c.keys()), list(c.items()))
c.d = 3
c["e"] = {"x": 1}
print(c.as_dict(), c.to_json())
c.freeze()
err("frozen_set", lambda: setattr(c, "z", 1))
err("frozen_item", lambda: c.__setitem__("z", 1))
err("frozen_pop", lambda: c.pop("a"))
err("missing_attr", lambda: c.nope)
err("missing_item", lambda: c["nope"])
c.unfreeze()
c.pop("a")
print(c.as_dict(), c.frozen)
err("positional", lambda: U.Config({"x": 1}))
c3 = U.Config()
c3.update({"p": 1}, q=2)
print(c3.as_dict(), c3.get("p"), c3.get("r", 5))
"""

SNIPPETS["utils_small_helpers"] = _TRY + """
U = keras.utils
i1 = keras.Input((2,), name="a"); i2 = keras.Input((3,), name="b")
h = layers.Concatenate()([i1, layers.Dense(2)(i2)])
print([t.name for t in U.get_source_inputs(h)])
err("src_notkt", lambda: U.get_source_inputs(np.ones(2)))
print(U.pack_x_y_sample_weight(1), U.pack_x_y_sample_weight(1, 2), U.pack_x_y_sample_weight(1, 2, 3))
print(U.pack_x_y_sample_weight((1, 2)), U.pack_x_y_sample_weight([1, 2]))
print(U.unpack_x_y_sample_weight((1,)), U.unpack_x_y_sample_weight((1, 2)), U.unpack_x_y_sample_weight((1, 2, 3)))
print(U.unpack_x_y_sample_weight([1, 2]), U.unpack_x_y_sample_weight(5))
err("unpack4", lambda: U.unpack_x_y_sample_weight((1, 2, 3, 4)))
err("unpack_list4", lambda: U.unpack_x_y_sample_weight([1, 2, 3, 4]))
for d in ["float", "int", "float32", np.float64, "double", tf.float16, np.dtype("int8"), "bool", "string", "str", "complex64", "half", "long", None]:
    err(f"std_{d}", lambda: print(" ", U.standardize_dtype(d)))
err("std_bogus", lambda: U.standardize_dtype("bogus"))
print(U.is_keras_tensor(i1), U.is_keras_tensor(np.ones(2)), U.is_keras_tensor(keras.ops.ones(2)))
print(keras.backend.is_float_dtype("bfloat16"), keras.backend.is_int_dtype("uint8"), keras.backend.is_int_dtype("bool"), keras.backend.is_float_dtype(np.float64))
print(keras.backend.result_type("int8", "uint8"), keras.backend.result_type("float16", "int64"), keras.backend.result_type(int, "bfloat16"))
err("rt_none", lambda: keras.backend.result_type())
"""

SNIPPETS["utils_data_helpers_bad_args"] = _TRY + """
U = keras.utils
err("tocat_neg", lambda: print(U.to_categorical([-1, 1], 3).tolist()))
err("tocat_big", lambda: print(U.to_categorical([5], 3)))
err("tocat_float", lambda: print(U.to_categorical([1.7, 0.2], 3).tolist()))
err("tocat_none", lambda: print(U.to_categorical([[1], [2]]).tolist()))
err("pad_bad_padding", lambda: U.pad_sequences([[1, 2]], padding="middle"))
err("pad_bad_trunc", lambda: U.pad_sequences([[1, 2, 3]], maxlen=2, truncating="middle"))
err("pad_not_seq", lambda: U.pad_sequences([1, 2]))
err("pad_ragged_dims", lambda: U.pad_sequences([[[1, 2]], [[1]]]))
err("pad_str_int", lambda: U.pad_sequences([["a"]], value="x"))
err("pad_maxlen0", lambda: print(U.pad_sequences([[1, 2]], maxlen=0).tolist()))
err("pad_empty", lambda: print(U.pad_sequences([[], [1]]).tolist()))
err("pad_float", lambda: print(U.pad_sequences([[1.5, 2.5]], dtype="float32").tolist()))
err("norm_order0", lambda: print(np.round(U.normalize(np.array([[3.0, 4.0]]), order=1), 4).tolist()))
err("norm_axis0", lambda: print(np.round(U.normalize(np.array([[3.0, 4.0]]), axis=0), 4).tolist()))
err("split_bad", lambda: U.split_dataset(np.arange(10), left_size=1.5))
err("split_both_none", lambda: U.split_dataset(np.arange(10)))
err("split_sum", lambda: U.split_dataset(np.arange(10), left_size=0.6, right_size=0.6))
err("split_ints_big", lambda: U.split_dataset(np.arange(10), left_size=8, right_size=5))
err("split_neg", lambda: U.split_dataset(np.arange(10), left_size=-1))
err("split_str", lambda: U.split_dataset(np.arange(10), left_size="a"))
err("split_list_mismatch", lambda: U.split_dataset((np.arange(10), np.arange(9)), left_size=0.5))
err("ts_seq0", lambda: U.timeseries_dataset_from_array(np.arange(10), None, sequence_length=0))
err("ts_rate0", lambda: U.timeseries_dataset_from_array(np.arange(10), None, 3, sampling_rate=0))
err("ts_stride0", lambda: U.timeseries_dataset_from_array(np.arange(10), None, 3, sequence_stride=0))
err("ts_start", lambda: U.timeseries_dataset_from_array(np.arange(10), None, 3, start_index=20))
err("ts_end", lambda: U.timeseries_dataset_from_array(np.arange(10), None, 3, end_index=-1))
err("ts_targets_len", lambda: U.timeseries_dataset_from_array(np.arange(10), np.arange(5), 3))
err("ts_batch0", lambda: U.timeseries_dataset_from_array(np.arange(10), None, 3, batch_size=0))
ds = U.timeseries_dataset_from_array(np.arange(10), None, 3, batch_size=None)
print([np.asarray(x).tolist() for x in ds][:3])
"""
