"""tf.raw_ops' functional ops (If, Case, While, PartitionedCall and their stateless or
stateful twins, For, RemoteCall, SymbolicGradient) and TF's mutexes (MutexV2, MutexLock,
ConsumeMutexLock, tf.CriticalSection), whose results and errors TF 2.21 recorded
(golden/raw_functional.json, written by make_raw_functional_golden.py).

SETUP runs first (with `tf` TensorFlow there, eagerflow here); each case is an expression
over what it defines. Results and errors are written down as raw_ops_cases writes them.
"""

from __future__ import annotations

SETUP = '''
f32, i32 = tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int32)
double = tf.function(lambda x: x * 2).get_concrete_function(f32)
triple = tf.function(lambda x: x * 3).get_concrete_function(f32)
to_int = tf.function(lambda x: tf.cast(x, tf.int32)).get_concrete_function(f32)
product = tf.function(lambda x, y: x * y).get_concrete_function(f32, f32)
seven = tf.function(lambda: tf.constant(7)).get_concrete_function()
below3 = tf.function(lambda i, x: i < 3).get_concrete_function(i32, f32)
counter = tf.function(lambda i, x: i).get_concrete_function(i32, f32)
step = tf.function(lambda i, x: (i + 1, x * 2)).get_concrete_function(i32, f32)
bad_step = tf.function(lambda i, x: (i + 1, tf.cast(x, tf.int32))).get_concrete_function(
    i32, f32)
accumulate = tf.function(lambda i, x: x * 2 + tf.cast(i, tf.float32)).get_concrete_function(
    i32, f32)
v = tf.Variable(5.0)
scaled = tf.function(lambda x: x * v).get_concrete_function(f32)


def grad(call):
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    return tape.gradient(y, x)


@tf.function
def traced(p, x):
    return (tf.raw_ops.If(cond=p, input=[x], Tout=[tf.float32], then_branch=double,
                          else_branch=triple)
            + tf.raw_ops.PartitionedCall(args=[x], Tout=[tf.float32], f=triple)
            + tf.raw_ops.While(input=[tf.constant(0), x], cond=below3, body=step)
            + tf.raw_ops.Case(branch_index=tf.cast(p, tf.int32), input=[x],
                              Tout=[tf.float32], branches=[double, triple]))


@tf.function
def traced_for(start, limit, delta, x):
    return tf.raw_ops.For(start=start, limit=limit, delta=delta, input=[x], body=accumulate)


count = tf.Variable(0)
section = tf.CriticalSection()


@tf.function
def in_section():
    return section.execute(lambda: count.assign_add(1))


def section_ops():
    ops = in_section.get_concrete_function().graph.get_operations()
    return tf.constant([o.type for o in ops if "Mutex" in o.type])


def wrong_kind():
    """MutexLock's error on a variable's handle, without the variable's name (which counts
    the variables made before it)."""
    import re
    try:
        tf.raw_ops.MutexLock(mutex=v.handle)
    except tf.errors.InvalidArgumentError as e:
        return tf.constant(re.sub(r"name '[^']*'", "name ...", str(e).split("}} ", 1)[-1]))


def contended():
    import threading
    import time
    mutex = tf.raw_ops.MutexV2()
    lock = tf.raw_ops.MutexLock(mutex=mutex)
    got = []
    other = threading.Thread(target=lambda: got.append(
        tf.raw_ops.MutexLock(mutex=mutex) is not None))
    other.start()
    time.sleep(0.3)
    while_held = len(got)
    del lock  # (the lock dies with its tensor)
    other.join(60)  # (it returns once the other thread holds the mutex: no time limit on it)
    return tf.constant([while_held, len(got)])

pair = tf.function(lambda x, y: (x * y, x + y)).get_concrete_function(f32, f32)
first = tf.function(lambda x, y: x * 2).get_concrete_function(f32, f32)
held = tf.function(lambda x: tf.stop_gradient(x) * 2).get_concrete_function(f32)
square_sum = tf.function(lambda x: tf.reduce_sum(x * x)).get_concrete_function(
    tf.TensorSpec([3], tf.float32))


def symbolic(f, *inputs, Tout):
    """SymbolicGradient inside a tf.function: its results, or its runtime error with the
    message its node gave (the line before the node's)."""
    @tf.function
    def call():
        return tf.raw_ops.SymbolicGradient(input=[tf.constant(x) for x in inputs],
                                           Tout=Tout, f=f)
    try:
        return call()
    except tf.errors.OpError as e:
        lines = e.message.split("\\n")
        at = next(i for i, line in enumerate(lines) if line.startswith("\\t [["))
        raise type(e)(None, None, lines[at - 1]) from None


@tf.function
def second_order(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        g = tf.raw_ops.SymbolicGradient(input=[x, tf.constant(1.0)], Tout=[tf.float32],
                                        f=double)[0]
    return tape.gradient(g, x)

'''

_IF = "then_branch=double, else_branch=triple"
CASES = [
    # If: the condition read as TF's kernel reads it (a non-scalar: whether it has elements)
    f"tf.raw_ops.If(cond=True, input=[tf.constant(1.)], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=False, input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.StatelessIf(cond=tf.constant(False), input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=0, input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=2.5, input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=[True, False], input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=tf.zeros([0]), input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond='a', input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=tf.constant(''), input=[1.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[tf.constant([1., 2.])], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.StatelessIf(cond=False, input=[1.], Tout=[], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[1.], Tout=[tf.float32], {_IF}, output_shapes=[[5]])",
    # If: arguments and results checked as TF's kernel checks them
    f"tf.raw_ops.If(cond=True, input=[1.], Tout=[tf.int32], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[1.], Tout=[tf.float32, tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[1.], Tout=[], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[1., 2.], Tout=[tf.float32], {_IF})",
    f"tf.raw_ops.If(cond=True, input=[tf.constant(1)], Tout=[tf.float32], {_IF})",
    "tf.raw_ops.If(cond=False, input=[1.], Tout=[tf.float32], then_branch=double, "
    "else_branch=to_int)",
    "tf.raw_ops.If(cond=False, input=[1.], Tout=[tf.float32], then_branch=double, "
    "else_branch=product)",
    "tf.raw_ops.If(cond=True, input=[4.], Tout=[tf.float32], then_branch=scaled, "
    "else_branch=double)",
    # the function attributes TF's wrapper takes: a concrete function only
    "tf.raw_ops.If(cond=True, input=[1.], Tout=[tf.float32], "
    "then_branch=tf.function(lambda x: x * 2), else_branch=triple)",
    "tf.raw_ops.If(cond=True, input=[1.], Tout=[tf.float32], "
    "then_branch=lambda x: x * 2, else_branch=triple)",
    "tf.raw_ops.PartitionedCall(args=[4.], Tout=[tf.float32], f=3)",
    # function calls
    "tf.raw_ops.PartitionedCall(args=[tf.constant(4.)], Tout=[tf.float32], f=double)",
    "tf.raw_ops.StatefulPartitionedCall(args=[4.], Tout=[tf.float32], f=triple)",
    "tf.raw_ops.PartitionedCall(args=[], Tout=[tf.int32], f=seven)",
    "tf.raw_ops.PartitionedCall(args=[4.], Tout=[], f=double)",
    "tf.raw_ops.PartitionedCall(args=[4.], Tout=[tf.int32], f=double)",
    "tf.raw_ops.PartitionedCall(args=[], Tout=[tf.float32], f=double)",
    "tf.raw_ops.PartitionedCall(args=[4., 1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.PartitionedCall(args=[4.], Tout=[tf.float32], f=scaled)",
    # Case: an index out of range runs the last branch
    "tf.raw_ops.Case(branch_index=0, input=[1.], Tout=[tf.float32], branches=[double, triple])",
    "tf.raw_ops.Case(branch_index=5, input=[1.], Tout=[tf.float32], branches=[double, triple])",
    "tf.raw_ops.Case(branch_index=-1, input=[1.], Tout=[tf.float32], branches=[double, triple])",
    "tf.raw_ops.StatelessCase(branch_index=1, input=[1.], Tout=[tf.float32], "
    "branches=[double, triple])",
    "tf.raw_ops.Case(branch_index=1., input=[1.], Tout=[tf.float32], branches=[double])",
    "tf.raw_ops.Case(branch_index=[1], input=[1.], Tout=[tf.float32], branches=[double])",
    "tf.raw_ops.Case(branch_index=0, input=[1.], Tout=[tf.float32], branches=[])",
    "tf.raw_ops.Case(branch_index=0, input=[1.], Tout=[tf.int32], branches=[double])",
    "tf.raw_ops.Case(branch_index=0, input=[1.], Tout=[tf.float32] * 2, branches=[double])",
    "tf.raw_ops.Case(branch_index=0, input=[], Tout=[tf.float32], branches=[double])",
    "tf.raw_ops.Case(branch_index=0, input=[1], Tout=[tf.float32], branches=[double])",
    # While: its condition read as If's, parallel_iterations and output_shapes not checked
    "tf.raw_ops.While(input=[tf.constant(0), tf.constant(1.)], cond=below3, body=step)",
    "tf.raw_ops.StatelessWhile(input=[0, 1.], cond=below3, body=step)",
    "tf.raw_ops.While(input=[0, 1.], cond=counter, body=step)",
    "tf.raw_ops.While(input=[0, 1.], cond=below3, body=step, parallel_iterations=-3)",
    "tf.raw_ops.While(input=[0, 1.], cond=below3, body=step, output_shapes=[[3], [4]])",
    "tf.raw_ops.While(input=[0], cond=below3, body=step)",
    "tf.raw_ops.While(input=[0., 1.], cond=below3, body=step)",
    "tf.raw_ops.While(input=[0, 1.], cond=below3, body=bad_step)",
    # For: body(i, *values) over the range, refused where it never reaches limit
    "tf.raw_ops.For(start=0, limit=3, delta=1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=5, limit=0, delta=-2, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=0, limit=4, delta=3, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=3, limit=3, delta=0, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=3, limit=3, delta=-1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=5, limit=0, delta=1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=0, limit=3, delta=0, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=0, limit=3, delta=-1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=[0], limit=2, delta=1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=0., limit=3, delta=1, input=[1.], body=accumulate)",
    "tf.raw_ops.For(start=0, limit=3, delta=1, input=[1], body=accumulate)",
    "tf.raw_ops.For(start=0, limit=2, delta=1, input=[1.], body=double)",
    "traced_for(0, 3, 1, tf.constant(1.))",
    "traced_for(5, 0, -2, tf.constant(1.))",
    # RemoteCall: on the local CPU only
    "tf.raw_ops.RemoteCall(target='/cpu:0', args=[tf.constant(1.)], Tout=[tf.float32], "
    "f=double)",
    "tf.raw_ops.RemoteCall(target='', args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target=['/device:CPU:0'], args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/job:localhost/replica:0/task:0/device:CPU:0', args=[1.], "
    "Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/cpu:1', args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/job:worker', args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/device:GPU:0', args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='xx', args=[1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/cpu:0', args=[], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/cpu:0', args=[1., 2.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/cpu:0', args=[1], Tout=[tf.float32], f=double)",
    "tf.raw_ops.RemoteCall(target='/cpu:0', args=[1.], Tout=[tf.int32], f=double)",
    # eagerly TF's tape can't differentiate them
    f"grad(lambda x: tf.raw_ops.If(cond=True, input=[x], Tout=[tf.float32], {_IF})[0])",
    f"grad(lambda x: tf.raw_ops.StatelessIf(cond=True, input=[x], Tout=[tf.float32], {_IF})[0])",
    "grad(lambda x: tf.raw_ops.PartitionedCall(args=[x], Tout=[tf.float32], f=triple)[0])",
    "grad(lambda x: tf.raw_ops.StatefulPartitionedCall(args=[x], Tout=[tf.float32], "
    "f=triple)[0])",
    "grad(lambda x: tf.raw_ops.Case(branch_index=1, input=[x], Tout=[tf.float32], "
    "branches=[double, triple])[0])",
    "grad(lambda x: tf.raw_ops.While(input=[0, x], cond=below3, body=step)[1])",
    "grad(lambda x: tf.raw_ops.For(start=0, limit=3, delta=1, input=[x], body=accumulate)[0])",
    "grad(lambda x: tf.raw_ops.RemoteCall(target='/cpu:0', args=[x], Tout=[tf.float32], "
    "f=triple)[0])",
    # inside tf.function
    "traced(tf.constant(False), tf.constant(2.))",
    "traced(tf.constant(True), tf.constant(2.))",
    # SymbolicGradient: TF runs it in a graph only; its kernel refuses what doesn't match f
    "tf.raw_ops.SymbolicGradient(input=[3., 1.], Tout=[tf.float32], f=double)",
    "tf.raw_ops.SymbolicGradient(input=[3.], Tout=[tf.float32], f=product)",
    "tf.raw_ops.SymbolicGradient(input=[3., 1.], Tout=[tf.float32], "
    "f=tf.function(lambda x: x))",
    "tf.raw_ops.SymbolicGradient(input=[3.], Tout=[], f=double)",
    "tf.raw_ops.SymbolicGradient(input=[], Tout=[tf.float32], f=double)",
    "symbolic(double, 3., 1., Tout=[tf.float32])",
    "symbolic(product, 3., 4., 2., Tout=[tf.float32, tf.float32])",
    "symbolic(pair, 3., 4., 1., 2., Tout=[tf.float32, tf.float32])",
    "symbolic(first, 3., 4., 1., Tout=[tf.float32, tf.float32])",
    "symbolic(held, 3., 1., Tout=[tf.float32])",
    "symbolic(square_sum, [1., 2., 3.], 2., Tout=[tf.float32])",
    "symbolic(scaled, 3., 1., Tout=[tf.float32])",
    "symbolic(product, 3., 4., Tout=[tf.float32, tf.float32])",
    "symbolic(product, 3., 4., 1., 1., Tout=[tf.float32, tf.float32])",
    "symbolic(product, 3., 4., 1., Tout=[tf.float32])",
    "symbolic(product, 3., 4., 1., Tout=[tf.int32, tf.float32])",
    "symbolic(product, 3., 4., 1, Tout=[tf.float32, tf.float32])",
    "symbolic(product, 3, 4., 1., Tout=[tf.float32, tf.float32])",
    "symbolic(double, 3., [1., 2.], Tout=[tf.float32])",
    "symbolic(double, 3., 1., Tout=[])",
    "second_order(tf.constant(3.))",
    # mutexes
    "tf.constant(repr(tf.raw_ops.MutexV2()))",
    "tf.constant(repr(tf.raw_ops.MutexV2(shared_name='m1', container='c')))",
    "tf.constant(tf.raw_ops.MutexLock(mutex=tf.raw_ops.MutexV2()).dtype == tf.variant)",
    "tf.raw_ops.ConsumeMutexLock(mutex_lock=tf.raw_ops.MutexLock(mutex=tf.raw_ops.MutexV2()))",
    "tf.raw_ops.ConsumeMutexLock(mutex_lock=tf.constant(1.))",
    "tf.raw_ops.MutexLock(mutex=tf.constant(1.))",
    "wrong_kind()",
    "contended()",
    "section.execute(lambda: count.assign_add(1))",
    "in_section()",
    "section_ops()",
]
