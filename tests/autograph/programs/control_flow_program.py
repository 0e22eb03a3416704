"""AutoGraph programs whose results and errors TF 2.21 prints (record_programs.py keeps
them in control_flow_golden.txt; test_programs.py runs them under eagerflow): loop and
`if` state held in attributes and items (`self.n`, `d['a']`, `a[0]`), what TF does not
convert (`assert` statements, appends to lists in loops, a loop's `else`, mangled names)
and the frames its "in user code" errors list.

    python control_flow_program.py tf|ef     (from this folder: frames name the file)
"""

from program import show, tf


class Box:
    pass


# -- composite names as state -----------------------------------------------------------
class Counter:
    def __init__(self):
        self.n = tf.constant(0)

    @tf.function
    def run(self, x):
        for i in tf.range(x):
            self.n = self.n + i
        return self.n


counter = Counter()  # (a tf.function method holds its object weakly, in TF)
show("attribute carried by a loop", lambda: counter.run(tf.constant(4)))


@tf.function
def dict_item(x):
    d = {}
    d["a"] = 0
    for i in tf.range(x):
        d["a"] += 1
    return d["a"]


show("dict item carried by a loop", lambda: dict_item(tf.constant(3)))


@tf.function
def list_items(x):
    a = [tf.constant(0), tf.constant(0)]
    for i in tf.range(x):
        a[0] += 1
        a[1] += 2
    return a


show("list items carried by a loop", lambda: list_items(tf.constant(3)))


@tf.function
def dict_dtype(x):
    d = {"a": 0}
    for i in tf.range(x):
        d["a"] = d["a"] + 1.5
    return d["a"]


show("dict item changing dtype", lambda: dict_dtype(tf.constant(3)))


@tf.function
def attr_while(x):
    o = Box()
    o.v = tf.constant(1.0)
    while x > 0:
        o.v = o.v * 2
        x -= 1
    return o.v


show("attribute carried by a while", lambda: attr_while(tf.constant(3)).numpy())


@tf.function
def attr_if(x):
    o = Box()
    if x > 0:
        o.y = tf.constant(1)
    else:
        o.y = tf.constant(2)
    return o.y


show("attribute set by both branches", lambda: attr_if(tf.constant(3)))


@tf.function
def attr_shape(x):
    o = Box()
    o.v = tf.constant(0)
    for i in tf.range(x):
        o.v = o.v + tf.ones([2], tf.int32)
    return o.v


show("attribute changing shape", lambda: attr_shape(tf.constant(3)))


@tf.function
def named_key(x):
    d = {"a": tf.constant(0)}
    k = "a"
    for i in tf.range(x):
        d[k] = d[k] + 1
    return d[k]


show("item by a named key", lambda: named_key(tf.constant(3)))


@tf.function
def nested_attr(x):
    o = Box()
    o.p = Box()
    o.p.q = tf.constant(1)
    for i in tf.range(x):
        o.p.q = o.p.q * 3
    return o.p.q


show("nested attribute", lambda: nested_attr(tf.constant(3)).numpy())


@tf.function
def local_object(x):
    for i in tf.range(x):
        o = Box()
        o.v = i
    return x


show("object made in the loop", lambda: local_object(tf.constant(3)).numpy())


@tf.function
def attr_made_in_loop(x):
    o = Box()
    for i in tf.range(x):
        o.w = i
    return x


show("attribute first set in the loop", lambda: attr_made_in_loop(tf.constant(3)))


# -- what TF leaves unconverted ---------------------------------------------------------
@tf.function
def assert_statement(x):
    assert x > 0, "must be positive"
    return x


show("assert statement", lambda: assert_statement(tf.constant(1)))


@tf.function(experimental_autograph_options=tf.autograph.experimental.Feature.ASSERT_STATEMENTS)
def assert_converted(x):
    assert x > 0, "must be positive"
    return x


show("assert statement, converted", lambda: assert_converted(tf.constant(1)).numpy())


@tf.function
def list_append(x):
    items = []
    for i in tf.range(x):
        items.append(i * 2)
    return items


show("list append in a loop", lambda: list_append(tf.constant(3)))


@tf.function
def python_list(x):
    items = []
    for i in range(3):
        items.append(x * i)
    return tf.stack(items)


show("list append in a Python loop", lambda: python_list(tf.constant(3)).numpy())


@tf.function
def while_else(x):
    while x > 0:
        x -= 1
    else:
        x = 100
    return x


show("while/else", lambda: while_else(tf.constant(3)))


@tf.function
def python_for_else(x):
    for i in range(2):
        pass
    else:
        x = x + 1
    return x


show("for/else over a range", lambda: python_for_else(tf.constant(1)).numpy())


class Private:
    def __init__(self):
        self.__p = 1

    @tf.function
    def run(self, x):
        if x > 0:
            return x + self.__p
        return x


show("mangled name", lambda: Private().run(tf.constant(4)))


# -- frames of "in user code" errors ----------------------------------------------------
@tf.function
def in_range_body(x):
    n = 0
    for i in tf.range(x):
        n += 1.5
    return n


show("error in a loop's body", lambda: in_range_body(tf.constant(3)))


@tf.function
def in_tensor_loop(x):
    n = 0
    for row in x:
        n += tf.reduce_sum(row)
    return n


show("error in a loop over a tensor", lambda: in_tensor_loop(tf.ones([3, 2])))


def helper(v):
    return v + 1.5


@tf.function
def in_callee(x):
    for i in tf.range(x):
        x = helper(x)
    return x


show("error in a function called from a loop", lambda: in_callee(tf.constant(3)))


@tf.function
def in_nested_def(x):
    def body(v):
        return tf.reshape(v, [7])
    return body(x)


show("error in a nested function", lambda: in_nested_def(tf.ones([2])))



# -- a converted lambda's frame (TF names it None, shows the lambda), tf.while_loop's errors
cast = tf.function(lambda: tf.while_loop(lambda i: i < 3, lambda i: tf.cast(i, tf.float32), [0]))
show("error in a converted lambda", cast)
grow = tf.function(lambda: tf.while_loop(lambda i, x: i < 3, lambda i, x: (i, x + x), [0, [1]]))
show("loop variable changing structure", grow)
