"""tf.raw_ops' functional ops (If, Case, While, PartitionedCall and their stateless or
stateful twins) whose results and errors TF 2.21 recorded (golden/raw_functional.json,
written by make_raw_functional_golden.py).

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
    # eagerly TF's tape can't differentiate them
    f"grad(lambda x: tf.raw_ops.If(cond=True, input=[x], Tout=[tf.float32], {_IF})[0])",
    f"grad(lambda x: tf.raw_ops.StatelessIf(cond=True, input=[x], Tout=[tf.float32], {_IF})[0])",
    "grad(lambda x: tf.raw_ops.PartitionedCall(args=[x], Tout=[tf.float32], f=triple)[0])",
    "grad(lambda x: tf.raw_ops.StatefulPartitionedCall(args=[x], Tout=[tf.float32], "
    "f=triple)[0])",
    "grad(lambda x: tf.raw_ops.Case(branch_index=1, input=[x], Tout=[tf.float32], "
    "branches=[double, triple])[0])",
    "grad(lambda x: tf.raw_ops.While(input=[0, x], cond=below3, body=step)[1])",
    # inside tf.function
    "traced(tf.constant(False), tf.constant(2.))",
    "traced(tf.constant(True), tf.constant(2.))",
]
