"""Lists under `experimental_autograph_options=Feature.LISTS`, as TF 2.21's AutoGraph
stages them (record_programs.py keeps what they print in lists_golden.txt;
test_programs.py runs them under eagerflow): a non-empty list stays a Python list, an
empty one is a TensorList of no declared element type, which no append can fill (TF 2.21
exports no set_element_type), and which pop, stack and shape arguments refuse.

    python lists_program.py tf|ef     (from this folder: frames name the file)
"""

from program import show, tf

LISTS = tf.autograph.experimental.Feature.LISTS


def run(label, fn, *args):
    show(label, lambda: tf.function(fn, experimental_autograph_options=LISTS)(*args))


def append_in_tensor_loop(n):
    a = []
    for i in tf.range(n):
        a.append(i * 2)
    return tf.stack(a)


def append_in_python_loop():
    a = []
    for i in range(3):
        a.append(tf.constant(i))
    return tf.stack(a)


def append_rows(x):
    a = []
    for r in x:
        a.append(r * 2.0)
    return tf.stack(a)


def append_in_while(n):
    a = []
    i = 0
    while i < n:
        a.append(i)
        i += 1
    return tf.stack(a)


def append_python_value():
    a = []
    a.append(1.5)
    return a


def python_list_append_pop():
    a = [tf.constant(0)]
    a.append(tf.constant(1))
    b = a.pop()
    return a, b


def python_list_in_tensor_loop(n):
    a = [tf.constant(0)]
    for i in tf.range(n):
        a.append(i)
    return a


def pop_index():
    a = [1, 2, 3]
    b = a.pop(0)
    return b, a


def stack_empty():
    a = []
    return tf.stack(a)


def pop_empty():
    a = []
    return a.pop()


def length_of_empty():
    a = []
    return len(a)


def empty_returned():
    a = []
    return a


def list_call(x):
    a = list()
    a.append(x)
    return a


def stack_with_axis(x):
    return tf.stack([x, x], axis=1)


def stack_of_tensor(x):
    return tf.stack(x)


def dict_pop(x):
    d = {"a": x}
    return d.pop("a")


def tensor_array_append(x):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    ta.append(x)
    return tf.stack(ta)


def tensor_array_pop(x):
    ta = tf.TensorArray(tf.float32, size=1)
    ta.pop()
    return x


def shape_argument(x):
    return tf.reshape(x, [])


def extend_empty(x):
    a = []
    a += [x]
    return a


def concatenate_empty(x):
    a = []
    return a + [x]


def stack_of_lists(x):
    a = []
    b = []
    return tf.stack([a, b])


run("append in a tensor loop", append_in_tensor_loop, tf.constant(3))
run("append in a Python loop", append_in_python_loop)
run("append a tensor's rows", append_rows, tf.ones([3, 2]))
run("append in a while loop", append_in_while, tf.constant(3))
run("append a Python value", append_python_value)
run("a Python list's append and pop", python_list_append_pop)
run("a Python list in a tensor loop", python_list_in_tensor_loop, tf.constant(3))
run("pop(0) of a Python list", pop_index)
run("stack an empty list", stack_empty)
run("pop an empty list", pop_empty)
run("len of an empty list", length_of_empty)
run("an empty list returned", empty_returned)
run("list()", list_call, tf.constant(1.0))
run("stack with an axis", stack_with_axis, tf.constant([1.0, 2.0]))
run("stack of a tensor", stack_of_tensor, tf.constant([1.0, 2.0]))
run("a dict's pop", dict_pop, tf.constant(1.0))
run("a TensorArray's append", tensor_array_append, tf.constant(1.0))
run("a TensorArray's pop", tensor_array_pop, tf.constant(1.0))
run("[] as a shape", shape_argument, tf.constant([1.0]))
run("+= of an empty list", extend_empty, tf.constant(1.0))
run("+ of an empty list", concatenate_empty, tf.constant(1.0))
run("a stack of empty lists", stack_of_lists, tf.constant(1.0))
empty = tf.function(empty_returned, experimental_autograph_options=LISTS)()
print(repr(empty))
show("its numpy()", empty.numpy)
lists = tf.function(stack_of_lists, experimental_autograph_options=LISTS)(tf.constant(1.0))
print(repr(lists))
print(lists)
print(tf.stack([lists, lists]))
show("their numpy()", lists.numpy)
