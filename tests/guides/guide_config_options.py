# ruff: noqa: E702, E701, E501
# tf.config.threading and tf.config.optimizer as TF 2.21 answers them before and after the
# runtime starts: thread counts kept as given and checked when read (a float, a string or a
# bool is the ConfigProto field's TypeError, None is unset), fixed once an op has run; the JIT
# switch (only True and "autoclustering" turn it on); Grappler's experimental options (unknown
# keys ignored, a list of pairs taken); soft placement and eager functions; tf.test's names
# and its GPU queries on a CPU machine (is_gpu_available's deprecation is logged).
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, (str(e).strip().splitlines() or [""])[0][:200])


th = tf.config.threading
print(th.get_inter_op_parallelism_threads(), th.get_intra_op_parallelism_threads())
th.set_inter_op_parallelism_threads(2); th.set_intra_op_parallelism_threads(3)
print(th.get_inter_op_parallelism_threads(), th.get_intra_op_parallelism_threads())
for v in (-1, "4", 2.5, None, True, 7):
    show(f"intra {v!r}", lambda: (th.set_intra_op_parallelism_threads(v), th.get_intra_op_parallelism_threads()))
    show(f"inter {v!r}", lambda: (th.set_inter_op_parallelism_threads(v), th.get_inter_op_parallelism_threads()))
    show("get intra", lambda: th.get_intra_op_parallelism_threads())
th.set_intra_op_parallelism_threads(1); th.set_inter_op_parallelism_threads(1)
print(th.get_inter_op_parallelism_threads(), th.get_intra_op_parallelism_threads())
print(tf.constant(1.0) + 1)
show("intra after an op", lambda: th.set_intra_op_parallelism_threads(2))
show("inter after an op", lambda: th.set_inter_op_parallelism_threads(2))
show("the same value after an op", lambda: th.set_intra_op_parallelism_threads(1))

opt = tf.config.optimizer
print(repr(opt.get_jit()))
for v in (True, "autoclustering", False, "bogus", 1, None):
    show(f"jit {v!r}", lambda: (opt.set_jit(v), opt.get_jit()))
print(opt.get_experimental_options())
opt.set_experimental_options({"constant_folding": False, "layout_optimizer": True, "disable_meta_optimizer": True, "min_graph_nodes": 3})
print(opt.get_experimental_options())
show("unknown key", lambda: (opt.set_experimental_options({"bogus": True}), opt.get_experimental_options()))
show("a string value", lambda: (opt.set_experimental_options({"constant_folding": "yes"}), opt.get_experimental_options()))
show("a list of pairs", lambda: (opt.set_experimental_options([("remapping", False)]), opt.get_experimental_options()))
show("a list", lambda: opt.set_experimental_options(["remapping"]))
opt.set_experimental_options({"disable_meta_optimizer": False})

print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(False); print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(True)
print(tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(True); print(tf.config.functions_run_eagerly()); tf.config.run_functions_eagerly(False)
cpu = tf.config.list_physical_devices("CPU")[0]
show("memory growth of a CPU", lambda: tf.config.experimental.set_memory_growth(cpu, True))
show("logical configuration", lambda: tf.config.get_logical_device_configuration(cpu))

print(tf.test.is_built_with_cuda(), tf.test.is_built_with_rocm(), tf.test.is_built_with_gpu_support())
print(repr(tf.test.gpu_device_name()))
print(tf.test.is_gpu_available(), tf.test.is_gpu_available(cuda_only=True, min_cuda_compute_capability=(3, 5)))
print(tf.test.TestCase.__name__, tf.test.Benchmark.__name__, tf.test.main.__name__)
print(sorted(n for n in dir(tf.test) if not n.startswith("_") and n != "create_local_cluster"))
print(sorted(n for n in dir(tf.config.threading) if not n.startswith("_")))
print(sorted(n for n in dir(tf.config.optimizer) if not n.startswith("_")))
print(sorted(tf.sysconfig.get_build_info()))
