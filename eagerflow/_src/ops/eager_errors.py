"""An op's error raised eagerly, worded as TF 2.21 words it.

Ops machinery, below dispatch.py (which calls `decorate` only when an eager op has
raised: the path of an op that succeeds pays nothing). TF runs each eager op as a
function of one node, named after the op, the lengths of its list arguments and the
device it was placed on, and the function runtime opens a failing kernel's message with
that name:

    {{function_node __wrapped__ConcatV2_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}}

(`_` in the op's name doubled; each list argument's attr and length, in the attrs' byte
order, from the OpDef's `arity`; the device the op runs on, CPU:0 for one soft-placed
there). Errors found before the op is wrapped (an attr's dtype refused by the op's
signature, an input of another dtype than the kernel's) have no such prefix. The op's
Python wrapper then appends " name: " and the name it was given where it ran the op by
TF's fast path: the name the public function passes, or "" (operators, and the
functions that open a name scope, which is empty eagerly). A wrapper given a Python list
or string as an input runs the slow path, which appends nothing (`slow_path`).

An error that already carries an eager op's prefix (raised by an op run inside another
op's kernel) is left as it is; errors that name no op (`[Op:...]`) are TF's Python
checks and are not decorated.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

import numpy as np

from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.dtypes import DType
from eagerflow._src.core.errors import OpError, c_text
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.wrapper_inputs import passed_raw

inspect = lazy_module("inspect")  # (only an error's path binds a call's arguments)

_HEAD = "{{function_node "
# Messages of the checks TF's eager executor makes before it wraps the op in a function
_BEFORE_WRAPPING = ("Value for attr '", "Length for attr '", "cannot compute ",
                    "NodeDef mentions attr '", "NodeDef missing attr '",
                    "NodeDef expected inputs '",
                    "Could not satisfy device specification",
                    "Could not find device for node", "OpKernel '",
                    "No OpKernel was registered", "Attr value has unhandled type ",
                    "Can't find a function: ")


def wrapped_name(op_name: str, arity: Any = None) -> str:
    """TF's name of the function that runs `op_name` eagerly, without its device:
    "__wrapped__ConcatV2_N_2" for `arity` {"N": 2}."""
    name = "__wrapped__" + op_name.replace("_", "__")
    if arity:
        # (TF orders the attrs as bytes: upper case first)
        name += "".join(f"_{a}_{n}" for a, n in sorted(arity.items()))
    return name


def decorate(e: OpError, op: Any, inputs: tuple, attrs: dict, device: str,
             name: str | None) -> OpError:
    """`e`, raised by eager op `op` on `inputs` with `attrs` placed on `device`, reworded
    in place as TF's eager error (function prefix, " name: " and `name`); returns it."""
    message = e._message
    # (an error the slow path left without its name ends in "]" again, but is worded; a
    # worded one may end in "]" too, where its name does: name=['a'])
    if message.startswith(_HEAD) or not message.endswith("]") or \
            getattr(e, "_slow_path", False) or getattr(e, "_suffix", None) is not None:
        return e
    at = message.rfind(" [Op:")
    if at < 0:
        return e
    op_name = message[at + 5:-1]
    # (an attr its op's definition refuses: TF shows that definition after the NodeDef)
    if message[:at].endswith(f"\n\t; NodeDef: {{{{node {op_name}}}}}") and \
            (summary := tf_op_defs.summary(op_name)) is not None:
        message = f"{message[:at]}; {summary}{message[at:]}"
    if message.startswith(_BEFORE_WRAPPING):
        head = ""
    else:
        if "\0" in message[:at]:  # (TF's kernel message reaches Python as a C string: it
            # ends at a NUL, a file name's: ReadFile of "a\\0b" fails "a [Op:ReadFile]")
            message = message[:message.index("\0")] + message[at:]
            at = message.rfind(" [Op:")
        arity = None
        if op is not None and op.arity is not None and op_name == op.name:
            try:
                arity = op.arity(inputs, attrs)
            except Exception:  # noqa: BLE001 (inputs the op refused: no lengths known)
                arity = None
        head = f"{_HEAD}{wrapped_name(op_name, arity)}_device_{device}}}}} "
    # (TF's str() of any name given: a NumPy array's, 0's, a tensor's "tf.Tensor(...)"; its
    # truth is never asked)
    c_text(head + message)  # (TF decodes the message before it adds the name)
    e._suffix = f" name: {'' if name is None else str(name)}"  # (what slow_path takes off)
    e._message = f"{head}{message}{e._suffix}"
    e.args = (e._message,) + e.args[1:]
    return e


def slow_inputs(*params: str, named: bool = False) -> Callable:
    """Marks a public function whose TF counterpart hands `params` to its op as the user
    gave them: a Python list or string there sends TF's op wrapper down its slow path,
    whose errors name no name (read by composite_dispatch.dispatchable's wrapper). "*":
    TF's function always hands its op one (a list it builds); "NAME:float": a float attr
    that TF's fast path takes only as a Python float (its default included);
    "NAME:int": an int attr, which it takes only as a Python int (a bool too, a NumPy int
    not); "NAME:floats": a list(float) attr, which it refuses holding a Python int;
    "NAME:ints": a list(int) attr, which it refuses holding anything but Python ints;
    "NAME[]": a list of tensors, whose items send it there. `named`: as eager_api's."""
    def mark(fn: Callable) -> Callable:
        fn._slow_inputs = params
        fn._named = named
        return fn

    return mark


def eager_api(*params: str, named: bool = False, scoped: bool = False) -> Callable:
    """Wraps a public function (one that is not `@dispatchable`, whose wrapper does the
    same) so that its eager op errors are worded by `api_failed`, `params` being its
    `slow_inputs`. `named`: TF's function hands its op its `name` default too (a
    name="set_diag" that opens no scope), so its errors end with it. `scoped`: TF's
    function opens a name scope and hands its op the scope's name, empty eagerly, so
    its errors end with " name: " whatever name was given (`name_scoped`). A try costs
    nothing until it catches."""
    def wrap(fn: Callable) -> Callable:
        fn._slow_inputs = params
        fn._named = named
        if scoped:
            name_scoped(fn)

        @functools.wraps(fn)
        def api(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except OpError as e:
                api_failed(e, fn, args, kwargs)
                raise

        return api

    return wrap


def name_scoped(fn: Callable) -> Callable:
    """Marks a public function whose TF counterpart runs its op inside a name scope of
    the name it was given (tf.transpose, tf.cumsum): eagerly the scope's name is "",
    so the op's errors end with " name: " whatever name was given (read by
    `api_failed`)."""
    fn._scoped = True
    return fn


def eager_name(name: str | None) -> str | None:
    """The name a `name_scoped` function hands its op: none eagerly (TF's scope is
    empty there), its own while a graph is built."""
    return None if _state.graph is None else name


def api_failed(e: OpError, fn: Callable, args: tuple, kwargs: dict) -> None:
    """Words `e`, raised eagerly by public function `fn` called with `args` and `kwargs`,
    as TF's: an op error its own checks raised before any op ran gets the prefix and
    name the op's wrapper would give it, and the suffix goes where TF's wrapper took
    its slow path (`slow_inputs`)."""
    if _state.graph is not None:
        return
    message = e._message
    slow = getattr(fn, "_slow_inputs", ())
    if message.startswith(_HEAD) and not slow:
        return
    try:
        call = inspect.signature(fn).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return
    bound = call.arguments
    if not message.startswith(_HEAD):
        name = None if getattr(fn, "_scoped", False) else bound.get("name")
        if name is None and getattr(fn, "_named", False):
            name = inspect.signature(fn).parameters["name"].default
        decorate(e, None, (), {}, _state.device, name)  # (str() of any name, as TF's)
    call.apply_defaults()  # (a default TF's wrapper hands on, as an int to a float attr)
    # (a Pack's error is the conversion's: TF's slow path autopacks the list through the
    # fast path of its own Pack, whose wrapper names it)
    if any(_slow(p, call.arguments) for p in slow) and \
            " [Op:Pack] name: " not in e._message:
        slow_path(e)


def _slow(param: str, arguments: dict) -> bool:
    """Whether the value of `param` (a `slow_inputs` entry) sent TF's op wrapper down its
    slow path: "*" always; "NAME:float" (a float attr) a value that is not a Python float
    (TF's fast path takes no int there); "NAME:int" (an int attr) one that is not a Python
    int nor None; "NAME:floats" (a list(float) attr) a list holding
    a Python int; "NAME:ints" (a list(int) attr) a list holding another value (a float);
    "NAME[]" (a list of tensors) an item that is a Python list or string; "NAME:type" (a
    type attr) a value that is not a DType or a Python int (`slow_type`); NAME a Python
    list or string (`passed_raw`)."""
    if param == "*":
        return True
    name, _, kind = param.partition(":")
    if name.endswith("[]"):
        items = arguments.get(name[:-2])
        return isinstance(items, (list, tuple)) and passed_raw(*items)
    value = arguments.get(name)
    if kind == "type":
        return slow_type(value)
    if kind == "int":  # (None: the API's default, which it sets as a Python int)
        return value is not None and not isinstance(value, int)
    if kind == "floats":
        return isinstance(value, (list, tuple)) and any(isinstance(v, int) for v in value)
    if kind == "ints":
        return slow_int_list(value)
    return not isinstance(value, float) if kind == "float" else passed_raw(value)


def slow_type(value: Any) -> bool:
    """Whether `value`, given for a type attr, sends TF's op wrapper down its slow path:
    anything but a DType or a Python int (its enum), e.g. a NumPy dtype, a type or a
    name, which the slow path reads."""
    return not isinstance(value, (DType, int))


def slow_int_list(value: Any) -> bool:
    """Whether `value`, given for a list(int) attr, sends TF's op wrapper down its slow
    path: a list holding something other than a Python int (a float), or a float or NumPy
    scalar that TF's Python makes one (tf.squeeze's axis: [np.int64(3)])."""
    return isinstance(value, (list, tuple)) and any(not isinstance(v, int) for v in value) \
        or isinstance(value, (float, np.generic))


def raised_eagerly(e: OpError, name: str | None = None, lengths: dict | None = None,
                   host: bool = False) -> OpError:
    """`e`, an op's error raised by Python code standing for the op's kernel (outside
    dispatch.bind), worded as TF's eager error when no graph is being built (`lengths`:
    the op's list arguments', as an OpDef's `arity` gives them; `host`: the op has no GPU
    kernel, so TF places it on CPU:0 whatever the default device)."""
    if _state.graph is None:
        op = None
        if lengths:
            at = e._message.rfind(" [Op:")
            op = Named(e._message[at + 5:-1], lengths) if at >= 0 else None
        decorate(e, op, (), {}, CPU_DEVICE if host else _state.device, name)
    return e


def counted_as(e: OpError, op_name: str, lengths: dict) -> OpError:
    """`e`, an eager error of op `op_name`, its function named again after `lengths`
    (the op's list arguments' lengths as TF's op counts them, where the op eagerflow ran
    counts them otherwise: a parse's ragged keys, which it reads as sparse ones). Errors
    of other ops, and those without an eager op's prefix, are left as they are."""
    device, message, tail = placed_on(e), e._message, f" [Op:{op_name}] name: "
    at = message.rfind(tail)
    if device is not None and at >= 0:
        name = message[at + len(tail):]
        decorate(plain(e), Named(op_name, lengths), (), {}, device, name)
    return e


def placed_on(e: OpError) -> str | None:
    """The device an eager op's error `e` names (its prefix's), None where it has none."""
    message = e._message
    if not message.startswith(_HEAD):
        return None
    at = message.find("_device_")
    end = message.find("}} ")
    return message[at + 8:end] if 0 <= at < end else None


def plain(e: OpError) -> OpError:
    """`e` without an eager op's prefix and " name: ..." suffix (to be worded again by
    the caller that knows more of the op: a raw op its TF arguments)."""
    message = e._message
    if message.startswith(_HEAD):
        at = message.rfind(" [Op:")
        end = message.find("]", at)
        if at >= 0 and end >= 0:
            message = message[message.index("}} ") + 3:end + 1]
    elif message.startswith(_BEFORE_WRAPPING) and " name: " in message:
        message = message[:message.rfind(_suffix_at(e))]
    e._message = message
    e.args = (message,) + e.args[1:]
    e._slow_path = False
    e._suffix = None
    return e


class Named:
    """What `decorate` reads of an op that is not (or not only) a registry's OpDef: its TF
    name and its list arguments' lengths."""

    __slots__ = ("name", "lengths")

    def __init__(self, name: str, lengths: dict) -> None:
        self.name = name
        self.lengths = lengths

    def arity(self, inputs: tuple, attrs: dict) -> dict:
        return self.lengths


def slow_path(e: BaseException) -> BaseException:
    """`e` without the " name: ..." suffix its op wrapper added: TF's wrapper given a
    Python list or string runs the op by its slow path, which appends no name (TF
    2.21's `quick_execute` is not reached: the fast path converts and raises itself)."""
    if isinstance(e, OpError) and e._message.startswith((_HEAD,) + _BEFORE_WRAPPING):
        message = e._message
        at = message.rfind(_suffix_at(e))
        if at > message.rfind(" [Op:"):
            e._message = message[:at]
            e.args = (e._message,) + e.args[1:]
            e._slow_path = True  # (so that no wrapper around this one names it again)
    return e


def _suffix_at(e: OpError) -> str:
    """The " name: ..." suffix `decorate` gave `e` (its name may hold " name: " or end in
    "]"), or " name: " where another wrapper worded it."""
    suffix = getattr(e, "_suffix", None)
    return " name: " if suffix is None else suffix


_NO_KERNEL = re.compile(r"^(No OpKernel was registered to support Op '[^']*' used by "
                        r"\{\{node )[^}]*(\}\}.*?)(\n*\t \[\[[^\]]*\]\])?\n*$", re.S)


def no_kernel_at(body: str, node: str) -> str | None:
    """A graph's error for a node no kernel runs (TF refuses it before any node runs) as
    TF words it for node `node`: named twice, the second time in brackets; None for an
    error of another kind."""
    m = _NO_KERNEL.match(body)
    if m is None:
        return None
    return f"{m.group(1)}{node}{m.group(2)}\n\n\t [[{node}]]"

