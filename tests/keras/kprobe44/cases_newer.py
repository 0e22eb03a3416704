"""kprobe44's snippets on Keras 3.15's newer objects: MultiOptimizer over an OptimizerMap
or a selector function, ScheduleFreeAdamW and Muon (their variables, steps and configs),
DTypePolicyMap and the quantized dtype policies, the quantization configs and quantizer
helpers, and RemoteMonitor without a server (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe44.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["multi_optimizer"] = _TRY + """
O = keras.optimizers
def two_vars():
    keras.backend.clear_session()
    with keras.name_scope("encoder"):
        a = keras.Variable(np.ones((2,), "float32"), name="a")
    b = keras.Variable(np.ones((2,), "float32"), name="b")
    return a, b
a, b = two_vars()
err("map_repr", lambda: print(" ", sorted(O.OptimizerMap(O.SGD(0.5), {"encoder/.*": O.Adam(0.1)}).__dict__)))
m = O.MultiOptimizer(O.OptimizerMap(O.SGD(0.5), {"encoder/.*": O.Adam(0.1)}))
err("build", lambda: m.build([a, b]))
err("apply", lambda: print(" ", m.apply([np.ones(2, "float32"), np.ones(2, "float32")], [a, b])))
print("values", np.asarray(a).round(4).tolist(), np.asarray(b).round(4).tolist())
err("iterations", lambda: print(" ", int(np.asarray(m.iterations))))
err("variables", lambda: print(" ", [v.path for v in m.variables]))
err("lr", lambda: print(" ", m.learning_rate))
err("config", lambda: print(" ", sorted(m.get_config())))
err("name", lambda: print(" ", m.name))
a, b = two_vars()
f = O.MultiOptimizer(lambda v: O.SGD(0.25) if "encoder" in v.path else O.SGD(1.0))
err("fn_apply", lambda: print(" ", f.apply_gradients(zip([np.ones(2, "float32"), np.ones(2, "float32")], [a, b])).path))
print("fn_values", np.asarray(a).round(4).tolist(), np.asarray(b).round(4).tolist())
err("bad_map", lambda: O.MultiOptimizer(3))
err("bad_default", lambda: O.OptimizerMap(3))
err("bad_entry", lambda: O.OptimizerMap(O.SGD(), {"x": 3}))
x = np.random.RandomState(0).rand(8, 3).astype("float32"); y = x.sum(1, keepdims=True)
keras.utils.set_random_seed(1)
model = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="encoder"), layers.Dense(1, name="head")])
model.compile(optimizer=O.MultiOptimizer(O.OptimizerMap(O.SGD(0.01), {"encoder/.*": O.Adam(0.01)})), loss="mse")
for label, make in [("sgd", lambda: O.SGD()), ("lso", lambda: O.LossScaleOptimizer(O.SGD())), ("accum", lambda: O.SGD(gradient_accumulation_steps=2))]:
    v = keras.Variable(np.ones(2, "float32"))
    o = make()
    print("apply_returns", label, o.apply([np.ones(2, "float32")], [v]), [(r.path, int(np.asarray(r))) for r in [o.apply_gradients([(np.ones(2, "float32"), v)]) for _ in range(2)]], int(np.asarray(o.iterations)))
err("fit", lambda: print(" ", [round(v, 4) for v in model.fit(x, y, epochs=2, verbose=0).history["loss"]]))
"""

SNIPPETS["schedule_free_adamw_and_muon"] = _TRY + """
O = keras.optimizers
def run(label, make, shapes=((2, 3), (3,))):
    try:
        keras.backend.clear_session()
        vs = [keras.Variable(np.arange(np.prod(s), dtype="float32").reshape(s) / 10, name=f"v{i}") for i, s in enumerate(shapes)]
        o = make()
        for step in range(3):
            o.apply([keras.ops.ones(s) * (step + 1) for s in shapes], vs)
        print(label, [np.asarray(v).round(5).tolist() for v in vs])
        print("  vars", [(v.path, tuple(v.shape)) for v in o.variables])
        cfg = o.get_config()
        print("  config", sorted(cfg.items()) if len(cfg) < 40 else sorted(cfg))
        print("  round trip", type(o).from_config(cfg).get_config() == cfg)
    except Exception as e:
        print(label, type(e).__name__, _cut(str(e))[:300])
run("sfadamw", lambda: O.ScheduleFreeAdamW(learning_rate=0.1))
run("sfadamw_warmup", lambda: O.ScheduleFreeAdamW(learning_rate=0.1, warmup_steps=2, weight_decay=0.1))
run("muon", lambda: O.Muon(learning_rate=0.1))
run("muon_no_nesterov", lambda: O.Muon(learning_rate=0.1, nesterov=False, ns_steps=2))
run("muon_3d", lambda: O.Muon(learning_rate=0.1), shapes=((2, 2, 2), (2, 3)))
"""

SNIPPETS["dtype_policy_map_and_quantized_policies"] = _TRY + """
D = keras.dtype_policies
pm = D.DTypePolicyMap()
print("empty", re.sub(r" at 0x[0-9a-f]+", "", repr(pm)), pm.default_policy.name, len(pm))
pm["dense/kernel"] = "int8_from_float32"
pm["dense_1"] = D.DTypePolicy("bfloat16")
print("items", [(k, repr(v)) for k, v in pm.items()])
err("get_exact", lambda: print(" ", repr(pm["dense_1"])))
err("get_default", lambda: print(" ", repr(pm["other"])))
err("set_twice", lambda: pm.__setitem__("dense_1", "float16"))
err("set_bad", lambda: pm.__setitem__("x", "bogus"))
err("del", lambda: print(" ", repr(pm.__delitem__("dense_1"))))
err("del_missing", lambda: pm.__delitem__("nope"))
print("after del", list(pm.keys()), "dense_1" in pm)
cfg = pm.get_config()
print("config", sorted(cfg), sorted(cfg["policy_map"]))
back = D.DTypePolicyMap.from_config(cfg)
print("round trip", [(k, v.name) for k, v in back.items()], back.default_policy.name)
err("default_bad", lambda: D.DTypePolicyMap(default_policy="bogus"))
err("map_not_dict", lambda: D.DTypePolicyMap(policy_map=[1]))
err("map_default_mixed", lambda: print(" ", D.DTypePolicyMap("mixed_float16").default_policy.name))
for name, make in [("q_int8", lambda: D.QuantizedDTypePolicy("int8", "float32")),
                   ("q_int8_mixed", lambda: D.QuantizedDTypePolicy("int8", "mixed_bfloat16")),
                   ("q_float8", lambda: D.QuantizedFloat8DTypePolicy("float8", "float32")),
                   ("q_float8_hist", lambda: D.QuantizedFloat8DTypePolicy("float8", "float32", amax_history_length=8)),
                   ("q_int4", lambda: D.Int4DTypePolicy("int4", "float32")),
                   ("q_bad_mode", lambda: D.QuantizedDTypePolicy("int3", "float32")),
                   ("q_float8_bad_mode", lambda: D.QuantizedFloat8DTypePolicy("int8", "float32")),
                   ("q_float8_bad_hist", lambda: D.QuantizedFloat8DTypePolicy("float8", "float32", amax_history_length=1.5)),
                   ("q_source_bad", lambda: D.QuantizedDTypePolicy("int8", "bogus")),
                   ("get_str", lambda: D.get("int8_from_mixed_float16")),
                   ("get_float8", lambda: D.get("float8_from_bfloat16")),
                   ("get_bad", lambda: D.get("int8_from_bogus"))]:
    try:
        p = make()
        print(name, repr(p), p.name, p.compute_dtype, p.variable_dtype, p.quantization_mode, sorted(p.get_config()))
    except Exception as e:
        print(name, type(e).__name__, _cut(str(e))[:300])
"""

SNIPPETS["quantization_configs_and_helpers"] = _TRY + """
Q = keras.quantizers
for name, make in [("int8", lambda: Q.Int8QuantizationConfig()),
                   ("int8_wq", lambda: Q.Int8QuantizationConfig(weight_quantizer=Q.AbsMaxQuantizer(axis=0))),
                   ("int4", lambda: Q.Int4QuantizationConfig()),
                   ("int4_block", lambda: Q.Int4QuantizationConfig(block_size=64)),
                   ("float8", lambda: Q.Float8QuantizationConfig()),
                   ("base", lambda: Q.QuantizationConfig())]:
    try:
        c = make()
        cfg = c.get_config()
        print(name, type(c).__name__, getattr(c, "mode", None), sorted(cfg))
        back = type(c).from_config(cfg)
        print("  back", type(back).__name__, back.get_config() == cfg)
    except Exception as e:
        print(name, type(e).__name__, _cut(str(e))[:300])
err("int8_bad_wq", lambda: Q.Int8QuantizationConfig(weight_quantizer=3))
err("int4_bad_block", lambda: Q.Int4QuantizationConfig(block_size=0))
err("int4_wq_int8", lambda: Q.Int4QuantizationConfig(weight_quantizer=Q.AbsMaxQuantizer(axis=0, output_dtype="int8")))
err("gptq_no_data", lambda: Q.GPTQConfig(None, None))
err("gptq_bits", lambda: Q.GPTQConfig([1], lambda s: s, weight_bits=3))
err("awq_bits", lambda: Q.AWQConfig([1], lambda s: s, weight_bits=8))
x = np.array([[-4.0, 1.0, 2.0, 3.5], [0.5, -0.25, 0.0, 1.0]], "float32")
q = Q.AbsMaxQuantizer(axis=-1)
v, s = q(x)
print("absmax", np.asarray(v).tolist(), np.asarray(v).dtype, np.asarray(s).round(4).tolist())
print("absmax_config", q.get_config())
p, shape, n = Q.pack_int4(np.array([[-8, 7, 1, -1, 3]], "int8"), axis=-1)
print("pack", np.asarray(p).tolist(), np.asarray(p).dtype, np.asarray(shape).tolist() if not isinstance(shape, tuple) else shape, n)
u = Q.unpack_int4(p, 5, axis=-1)
print("unpack", np.asarray(u).tolist(), np.asarray(u).dtype)
err("pack_bad_dtype", lambda: Q.pack_int4(np.array([1, 2], "int32")))
err("grouped", lambda: print(" ", [np.asarray(t).round(4).tolist() for t in Q.abs_max_quantize_grouped_with_zero_point(x, block_size=2)]))
"""

SNIPPETS["remote_monitor_without_server"] = _TRY + """
import warnings
cb = keras.callbacks.RemoteMonitor(root="http://127.0.0.1:9", path="/p/", field="d", headers={"h": "1"}, send_as_json=True)
print(sorted(k for k in vars(cb) if not k.startswith("_")))
print(cb.root, cb.path, cb.field, cb.headers, cb.send_as_json)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    cb.on_epoch_end(0, {"loss": np.float32(0.5), "acc": 1})
print([str(x.message)[:120] for x in w], [x.category.__name__ for x in w])
"""
