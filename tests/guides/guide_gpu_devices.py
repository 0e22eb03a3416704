# ruff: noqa: E702, E701, E501
# The "Use a GPU" guide's device APIs as a machine without a GPU runs them: device
# listings, the CPU split into logical devices (and what tf.config refuses once the runtime
# started), memory growth and statistics, tf.DeviceSpec parsing, tf.device scopes (logical
# devices, missing devices under soft placement, hard placement's errors, other jobs),
# where tensors and variables are placed.
import tensorflow as tf

E = tf.config.experimental


def attempt(label, f):
    try:
        print(label, "->", repr(f()))
    except Exception as e:
        print(label, "!!", type(e).__name__ + ":", str(e).splitlines()[0] if str(e) else "")


print("Num GPUs Available: ", len(tf.config.list_physical_devices('GPU')))
print(tf.config.list_physical_devices(), tf.config.get_visible_devices())
print(tf.config.list_physical_devices('cpu'), tf.config.get_visible_devices('gpu'))
cpu = tf.config.list_physical_devices('CPU')[0]
print(cpu == tf.config.PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU'))
print(tf.config.get_logical_device_configuration(cpu))
print(tf.config.LogicalDeviceConfiguration(), E.VirtualDeviceConfiguration(memory_limit=10))
attempt("get growth", lambda: E.get_memory_growth(cpu))
attempt("set growth", lambda: E.set_memory_growth(cpu, True))
attempt("growth by name", lambda: E.set_memory_growth("CPU:0", True))
attempt("growth of a missing GPU", lambda: E.get_memory_growth(tf.config.PhysicalDevice('/physical_device:GPU:0', 'GPU')))
attempt("visible: a missing GPU", lambda: tf.config.set_visible_devices([tf.config.PhysicalDevice('/physical_device:GPU:0', 'GPU')]))
attempt("visible: a name", lambda: tf.config.set_visible_devices("CPU:0"))
attempt("visible: CPU as GPU", lambda: tf.config.set_visible_devices([cpu], 'GPU'))
attempt("hide GPUs", lambda: tf.config.set_visible_devices([], 'GPU'))
for bad in (tf.config.LogicalDeviceConfiguration(memory_limit=100),
            tf.config.LogicalDeviceConfiguration(experimental_priority=1),
            tf.config.LogicalDeviceConfiguration(experimental_device_ordinal=0)):
    attempt("split with " + repr(bad), lambda: tf.config.set_logical_device_configuration(cpu, [bad]))
attempt("split", lambda: tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 3))
attempt("growth when split", lambda: E.set_memory_growth(cpu, True))
print(tf.config.list_physical_devices('CPU'), tf.config.get_logical_device_configuration(cpu))
x = tf.constant(1.0)  # the runtime starts
logical = tf.config.list_logical_devices('CPU')
print(logical, tf.config.list_logical_devices('GPU'), tf.config.list_logical_devices('cpu'))
attempt("split again, same", lambda: tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 3))
attempt("split again, other", lambda: tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2))
attempt("split None", lambda: tf.config.set_logical_device_configuration(cpu, None))
attempt("visible: same", lambda: tf.config.set_visible_devices([cpu]))
attempt("visible: none", lambda: tf.config.set_visible_devices([]))
for name in ('CPU:0', '/device:CPU:2', 'cpu:0', 'CPU:3', 'GPU:0', 'FOO:0', 'CPU', 'nonsense'):
    attempt(f"memory info {name}", lambda: E.get_memory_info(name))
attempt("reset stats GPU:0", lambda: E.reset_memory_stats('GPU:0'))
attempt("memory usage GPU:0", lambda: E.get_memory_usage('GPU:0'))

specs = ["", "/cpu:0", "cpu:0", "CPU", "/gpu:*", "/device:cpu:1", "/device:GPU:2", "/device:Foo:3",
         "/job:worker", "/job:ps/task:1", "/job:w/replica:2/task:3/device:CPU:4", "/replica:x",
         "/task:1/gpu:0", "/cpu:0/gpu:1", "/device:CPU:0/cpu:1", "/tpu:0", "/custom:1", "/epu:2",
         "//cpu:0", "/cpu:0/", "job:a:b", "/device:CPU", "/device:CPU:x", "/cpu:1:2", "foo:1",
         "/job:a/job:b", "/JOB:a", "/Device:CPU:0", "/device:cpu:*", "/gpu:-1", "junk"]
for s in specs:
    attempt(repr(s), lambda: (lambda d: (d.to_string(), d.job, d.replica, d.task, d.device_type, d.device_index))(tf.DeviceSpec.from_string(s)))
d = tf.DeviceSpec(job="ps", replica=0, task=1, device_type="gpu", device_index=2)
print(d, d.replace(job="w"), d.replace(device_type="CPU").to_string())
print(tf.DeviceSpec(device_type="cpu").to_string(), tf.DeviceSpec(device_type="Tpu").to_string(), tf.DeviceSpec(replica="3").replica)
print(tf.DeviceSpec.from_string("/cpu:0").make_merged_spec(tf.DeviceSpec(job="a")).to_string())
print(tf.DeviceSpec.from_string("/cpu:0") == tf.DeviceSpec(device_type="CPU", device_index=0), d.parse_from_string("/gpu:1"), d)
attempt("spec keyword", lambda: tf.DeviceSpec(foo=1))
attempt("spec index", lambda: tf.DeviceSpec(device_index="x"))
v1 = tf.compat.v1.DeviceSpec(job="a")
v1.device_type = "gpu"; v1.device_index = 3
print(v1.to_string(), v1.parse_from_string("/cpu:1").to_string(), v1)
v1.merge_from(tf.DeviceSpec(task=2)); print(v1.to_string())

a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(a.device, a.backing_device)
with tf.device('/CPU:0'):
    print(tf.constant([1.0, 2.0]).device)
with tf.device('/device:CPU:2'):
    c = tf.matmul(a, a); print(c.device, c.backing_device)
with tf.device('cpu:1'):
    print(tf.identity(c).device)
with tf.device('/job:localhost/replica:0/task:0/device:CPU:1'):
    print(tf.add(1, 2).device)
with tf.device(logical[2].name):
    print(tf.ones([2]).device)
with tf.device(logical[1]):
    print(tf.zeros([1]).device)
with tf.device(tf.DeviceSpec(device_type="CPU", device_index=2)):
    print(tf.zeros([1]).device)
with tf.device(None):
    print(tf.zeros([1]).device)
with tf.device('/GPU:0'):
    print(tf.matmul(a, a).device, tf.constant(1).device)
with tf.device('/CPU:7'):
    print(tf.add(1, 1).device)
with tf.device('/device:FOO:0'):
    print(tf.add(1, 1).device)


def placed(spec, f=lambda: tf.add(1, 1)):
    with tf.device(spec):
        return f().device


for spec in ("junk", 3, "/cpu:x", lambda op: "/cpu:0"):
    attempt(f"device {spec!r}"[:40], lambda: placed(spec))
for spec in ("/job:worker/task:0/cpu:0", "/job:localhost/task:1", "/job:localhost/replica:1"):
    attempt(f"op on {spec}", lambda: placed(spec))
    attempt(f"tensor on {spec}", lambda: placed(spec, lambda: tf.constant(1)))
v = tf.Variable(1.0)
with tf.device('/CPU:1'):
    w = tf.Variable([1, 2])
print(v.device, w.device, w.handle.device, (w + 1).device)
with tf.device('/GPU:0'):
    print(tf.Variable(3.0).device)

print(tf.config.get_soft_device_placement())
tf.config.set_soft_device_placement(False)
print(tf.config.get_soft_device_placement())
x = tf.constant([1.0])
for spec in ("/GPU:0", "/GPU:1", "/CPU:3", "/device:FOO:0", "/job:worker", "/job:localhost/task:1"):
    attempt(f"hard {spec} op", lambda: placed(spec, lambda: x + x))
    attempt(f"hard {spec} tensor", lambda: placed(spec, lambda: tf.constant(1.0)))
attempt("hard GPU identity", lambda: placed("/GPU:0", lambda: tf.identity(x)))
attempt("hard GPU variable", lambda: placed("/GPU:0", lambda: tf.Variable(1.0)))
attempt("hard GPU numpy", lambda: placed("/GPU:0", lambda: x) and x.numpy())
attempt("hard CPU:2", lambda: placed("/CPU:2", lambda: x + x))
tf.config.set_soft_device_placement(True)
