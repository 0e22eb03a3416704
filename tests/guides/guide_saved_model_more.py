# ruff: noqa: E501, E701, E702, E731
# TF's "Using the SavedModel format" guide, its cells as written, and around them what a
# user meets: loaded variables and functions, signatures and their errors, tags, options
# and the files written (recorded from TF 2.21 by record.py).
import os
import re

import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, re.sub(r" at 0x\w+", "", (str(e).splitlines() or [""])[0]))


def files(p):
    return sorted(os.path.relpath(os.path.join(dp, f), p) for dp, dn, fn in os.walk(p) for f in fn)


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


module = CustomModule()
module(tf.constant(0.))
print('Saving model...')
tf.saved_model.save(module, "module_no_signatures")
print(files("module_no_signatures"))
imported = tf.saved_model.load("module_no_signatures")
print(imported(tf.constant(3.)).numpy())
imported.mutate(tf.constant(2.))
print(imported(tf.constant(3.)).numpy())
show("new shape", lambda: imported(tf.constant([3.])))
print(list(imported.signatures.keys()), type(imported).__name__, imported.v.numpy(), type(imported.v).__name__, imported.v)
print(re.sub(r" at 0x\w+", "", repr(imported.mutate.concrete_functions)), imported.mutate.concrete_functions[0].structured_outputs, imported.mutate(tf.constant(2.)))
call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
tf.saved_model.save(module, "module_with_signature", signatures=call)
imported_with_signatures = tf.saved_model.load("module_with_signature")
print(list(imported_with_signatures.signatures.keys()))
f = imported_with_signatures.signatures["serving_default"]
print(f.structured_input_signature)
print(f.structured_outputs)
print(f(x=tf.constant([[1.]])))
show("sig wrong dtype", lambda: f(x=tf.constant([[1]])))
signatures = {"serving_default": call, "array_input": module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))}
tf.saved_model.save(module, "module_with_multiple_signatures", signatures=signatures)
imported2 = tf.saved_model.load("module_with_multiple_signatures")
print(sorted(imported2.signatures.keys()), imported2.signatures["array_input"].structured_input_signature)
show("array_input wrong dtype", lambda: imported2.signatures["array_input"](x=tf.constant([1])))


class CustomModuleWithOutputName(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def __call__(self, x):
        return {'custom_output_name': x * self.v}


module_output = CustomModuleWithOutputName()
show("gcf less known than the signature", lambda: module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32)))
show("gcf renamed", lambda: module_output.__call__.get_concrete_function(tf.TensorSpec([], tf.float32, name="y")))
call_output = module_output.__call__.get_concrete_function(tf.TensorSpec([], tf.float32))
tf.saved_model.save(module_output, "module_with_output_name", signatures={'serving_default': call_output})
imported_with_output_name = tf.saved_model.load("module_with_output_name")
print(imported_with_output_name.signatures['serving_default'].structured_outputs)
print(imported_with_output_name.signatures['serving_default'](x=tf.constant(2.)))
tf.saved_model.save(module_output, "default_sig")
show("default sig wrong dtype", lambda: tf.saved_model.load("default_sig").signatures["serving_default"](x=tf.constant(1)))
tf.saved_model.save(module_output, "named_sig", signatures=module_output.__call__)
show("tf.function sig wrong dtype", lambda: tf.saved_model.load("named_sig").signatures["serving_default"](x=tf.constant(1)))
show("sig not function", lambda: tf.saved_model.save(module, "bad2", signatures=3))
show("sig bad key", lambda: tf.saved_model.save(module, "bad3", signatures={1: call}))
show("load wrong tag", lambda: tf.saved_model.load("module_with_signature", tags=["gpu"]))
show("load wrong tag str", lambda: tf.saved_model.load("module_with_signature", tags="train"))
print(type(tf.saved_model.load("module_with_signature", tags="serve")).__name__, type(tf.saved_model.load("module_with_signature", tags=["serve"])).__name__)
tf.saved_model.save(module, "dbg", options=tf.saved_model.SaveOptions(save_debug_info=True))
print(files("dbg"))
# functions returning None and the like, before and after a save
class M(tf.Module):
    def __init__(self): self.v = tf.Variable(1.)
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, x): self.v.assign(x)
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def ret_none(self, x): return None
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def ret_tuple(self, x): return (x, x)
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def ret_empty(self, x): return ()
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def ret_list(self, x): return [x]
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def ret_int(self, x): return 3
m = M()
names = ["mutate", "ret_none", "ret_tuple", "ret_empty", "ret_list", "ret_int"]
for n in names:
    print(n, re.sub(r" at 0x\w+", "", repr(getattr(m, n).get_concrete_function())), getattr(m, n).get_concrete_function().structured_outputs)
tf.saved_model.save(m, "returns")
loaded = tf.saved_model.load("returns")
for n in names:
    cf = getattr(loaded, n).concrete_functions[0]
    print(n, re.sub(r" at 0x\w+", "", repr(cf)), cf.structured_outputs, getattr(loaded, n)(tf.constant(2.)))
# get_concrete_function of a function with an input signature: specs no less known, names kept
@tf.function(input_signature=[tf.TensorSpec([], tf.float32, name="x")])
def g1(x): return x
for a in [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32, name="x"), tf.TensorSpec([], tf.float32, name="y"), tf.TensorSpec(None, tf.float32), tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.int32)]:
    show(f"gcf {a!r}", lambda: g1.get_concrete_function(a).structured_input_signature)
@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def g2(x): return x
for a in [tf.TensorSpec([3], tf.float32), tf.TensorSpec(None, tf.float32), tf.TensorSpec([None, 2], tf.float32)]:
    show(f"g2 gcf {a!r}", lambda: g2.get_concrete_function(a).structured_input_signature)
@tf.function(input_signature=[(tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32))])
def g3(t): return t[0]
show("g3 less known", lambda: g3.get_concrete_function((tf.TensorSpec(None, tf.float32), tf.TensorSpec([], tf.int32))).structured_input_signature)
show("g3", lambda: g3.get_concrete_function((tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.int32))).structured_input_signature)
# a tf.function never traced before the save; an Asset as a table's vocabulary file
class U(tf.Module):
    @tf.function
    def f(self, x): return x
tf.saved_model.save(U(), "u")
lu = tf.saved_model.load("u")
show("never traced", lambda: lu.f(tf.constant(1.)))
print(hasattr(lu, "f"), len(lu.f.concrete_functions))
with open("vocab.txt", "w") as fh: fh.write("a\nb\nc\n")
class A(tf.Module):
    def __init__(self):
        self.asset = tf.saved_model.Asset("vocab.txt")
        init = tf.lookup.TextFileInitializer(self.asset, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
        self.table = tf.lookup.StaticHashTable(init, -1)
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def lookup(self, x): return self.table.lookup(x)
a = A()
print(a.lookup(tf.constant(["c", "q"])).numpy())
tf.saved_model.save(a, "a")
print(files("a"))
la = tf.saved_model.load("a")
print(la.lookup(tf.constant(["b", "z"])).numpy(), os.path.basename(la.asset.asset_path.numpy().decode()), type(la.asset).__name__)
print(la.signatures["serving_default"].structured_outputs)
