"""tf.raw_ops: the TF ops eagerflow runs, as TensorFlow's keyword-only Python functions.

Sits in saved_model/ over function_import.py, because a raw op call is the import of one
graph node: its arguments are converted as TF's op wrappers convert them (the inputs that
share a type attribute take the first one's dtype, attributes are type-checked and their
defaults filled), and the node runs through `function_import.run_op_node`, so every raw
op is the registry's op, with its kernel and gradient, eagerly or inside tf.function.

tf_raw_ops.json (written from TF 2.21 by tests/saved_model/make_tf_raw_ops.py) holds each
function's name and parameters, which come from TF's API definitions (Sum's
`reduction_indices` input is the parameter `axis`); tf_ops.py holds each op's OpDef.
"""

from __future__ import annotations

import collections
import collections.abc
import functools
import inspect
from types import SimpleNamespace
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, OpError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.py_conversion import list_value_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import is_variable
from eagerflow._src.graph.ir import Operation
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.ops import eager_errors, sparse_training_ops, tf_op_defs, training_ops
from eagerflow._src.ops.attr_values import ATTR_KINDS, convert_attr, enum_type, past_int64
from eagerflow._src.ops.checks import (
    attr_at_least,
    dt_enum,
    dtype_word,
    list_attr_at_least,
    string_attrs_allowed,
)
from eagerflow._src.ops.held_arrays import host_positions
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.ops.variables import held_handle, variable_of
from eagerflow._src.ops.wrapper_inputs import list_type_error
from eagerflow._src.saved_model import (  # noqa: F401 (dataset_graph_ops: its ops)
    dataset_graph_ops,
    raw_functional,
    tf_composites,
    tf_ops,
)
from eagerflow._src.saved_model.attrs import attr_value
from eagerflow._src.saved_model.function_import import TFNode, attr_inputs, run_op_node

_DT_RESOURCE = 20
# DT_RESOURCE, DT_VARIANT: raw handles, taken only by the ops whose TF form says so
_HANDLE_TYPES = (_DT_RESOURCE, 21)


class _HostValues(collections.abc.Sequence):
    """The host values of a raw call's inputs (None for a symbolic one), as an imported
    node's known constants: each read from its device only when a loader asks for it
    (an attribute given as an input), so an op whose kernel runs on a GPU, an assignment
    to a GPU variable, sends none of its data to the host and back."""

    def __init__(self, inputs: list) -> None:
        self._inputs = inputs
        self._read: dict = {}

    def __len__(self) -> int:
        return len(self._inputs)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        x = self._inputs[i]
        if type(x) is not EagerTensor:
            return None
        if i not in self._read:
            self._read[i] = to_host(x._arr)
        return self._read[i]


def _table() -> dict:
    return tf_op_defs.wrappers()


@functools.lru_cache(maxsize=1)
def names() -> list[str]:
    """The ops tf.raw_ops has here: TF's ops that eagerflow runs (a registered op or a
    composition of them) and whose arguments are tensors and plain attributes."""
    return sorted(n for n in _table() if _runnable(n))


def _runnable(name: str) -> bool:
    if name in raw_functional.OPS:
        return True
    if name in tf_ops.REF_OPS:  # (each refuses to run: see RawOp._refuse_refs)
        return True
    if name in training_ops.SPECS or name in sparse_training_ops.SPECS:
        # (their handles: variables, `v.handle`)
        return True
    if name.startswith("_") or (name not in REGISTRY and name not in tf_composites.COMPOSED):
        return False
    op = tf_ops.op_def(name)
    form = getattr(REGISTRY.get(name), "tf", None)
    handles = () if form is not None and form.takes_handles else _HANDLE_TYPES
    funcs = form is not None and form.takes_funcs
    return not any(a.type in handles for a in op.input_arg) and \
        (funcs or not any(a.type in ("func", "list(func)") for a in op.attr))


def _tf_host_inputs(op: Any, opdef: Any) -> tuple | Callable:
    """The positions, among TF's inputs, of those the registered op `op` reads on the
    host. Its `host_inputs` count its tensor inputs only, while TF's inputs include those
    it takes as attrs (a shape, read on the host before its kernel runs: host inputs
    too). An op with list inputs takes the tensors of each call's lists as its inputs:
    their positions are its own, a function of their count (a list's tensors stand one
    after another, DynamicStitch's `indices` at 0 to N-1)."""
    if op is None:
        return ()
    if any(a.number_attr or a.type_list_attr for a in opdef.input_arg):
        return functools.partial(host_positions, op)
    attrs = attr_inputs(op, opdef)
    host = host_positions(op, len(opdef.input_arg) - len(attrs))
    out, pos = [], 0
    for i, arg in enumerate(opdef.input_arg):
        if arg.name in attrs:
            out.append(i)
            continue
        if pos in host:
            out.append(i)
        pos += 1
    return tuple(out)


@functools.cache
def raw_op(name: str) -> RawOp:
    """tf.raw_ops.<name> (KeyError when eagerflow has no such op)."""
    if name not in _table() or not _runnable(name):  # (this op's OpDef only, not all)
        raise KeyError(name)
    return RawOp(name)


def _not_allowed(arg: str, dtype: dt.DType, allowed: list) -> TypeError:
    """TF's graph builder's refusal of input `arg`'s dtype for its type attribute."""
    listed = ", ".join(dt.as_dtype(e).name for e in allowed if e in dt._BY_ENUM)
    return TypeError(f"Value passed to parameter '{arg}' has DataType {dtype.name} not in "
                     f"list of allowed values: {listed}")


class RawOp:
    """One tf.raw_ops function: `RawOp("AddV2")(x=1.0, y=2.0)`."""

    def __init__(self, op: str) -> None:
        entry = _table()[op]
        self.op = op
        self.opdef = tf_ops.op_def(op)
        self.__name__ = self.__qualname__ = entry["fn"]
        self.params = {p: arg for p, arg in entry["params"]}  # parameter -> OpDef name
        # (an op TF runs nowhere: its kernel lookup fails before any dtype is checked)
        self._no_kernel = getattr(getattr(REGISTRY.get(op), "tf", None), "no_kernel", False)
        # (inputs its kernels read in host memory, TF's HostMemory ones: a Python value
        # given for one is made there, as TF's wrapper makes it, not copied to a GPU)
        self._host_inputs = _tf_host_inputs(REGISTRY.get(op), self.opdef)
        inputs = {a.name for a in self.opdef.input_arg}
        with_default = {a.name for a in self.opdef.attr if a.HasField("default_value")}
        # (argument, its type attribute, whether it is a list): _preset_types, _converted_attrs
        self._typed_args = tuple((a.name, a.type_attr, bool(a.number_attr))
                                 for a in self.opdef.input_arg
                                 if a.type_attr and not a.type_list_attr)
        self.required = [p for p, arg in self.params.items()
                         if arg in inputs or arg not in with_default]
        self.__signature__ = inspect.Signature(
            [inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                               default=inspect.Parameter.empty if p in self.required else
                               self._default(arg)) for p, arg in self.params.items()]
            + [inspect.Parameter("name", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                 default=None)])

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def _default(self, attr: str) -> Any:
        return next(attr_value(a.default_value) for a in self.opdef.attr if a.name == attr)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._check_keywords(args, kwargs)
        if self.op in tf_ops.REF_OPS:
            self._refuse_refs()
        name = kwargs.pop("name", None)
        by_arg = {self.params[p]: v for p, v in kwargs.items()}
        self._check_func_values(by_arg)
        attrs: dict = {}
        try:
            if _state.graph is not None:
                return self._in_graph(by_arg, attrs, name)
            return self._run(by_arg, attrs, name)
        except OpError as e:
            if _state.graph is None:
                worded = self._eager_error(e, by_arg, attrs, name)
                if worded is not e:
                    raise worded from None
            raise

    def _in_graph(self, by_arg: dict, attrs: dict, name: str | None) -> Any:
        """The call in a graph, built as TF's wrapper builds it: inside name_scope(`name`,
        else the op's name), so the inputs it converts are named under that scope and its
        node is the scope itself ("c", a second "c_1", "s/c" in tf.name_scope("s"))."""
        graph, scopes = _state.graph, _state.name_scopes
        with name_scope(name or self.op) as scope:  # (TF takes "" for no name too)
            made, outer = len(graph.operations), graph.next_name
            graph.next_name = (self.op, scope)  # (taken by the node's add_op: ir.py)
            try:
                out = self._run(by_arg, attrs, scope)
            finally:  # (a loader's own raw call leaves its caller's name as it was)
                graph.next_name = outer
        for op in graph.operations[made:]:
            # (TF's wrapper records the op for a tape after leaving its scope: a tape
            # builds its gradient under "gradient_tape/<the caller's scopes>/")
            op.scope = scopes
        _name_node(graph.operations[made:], out, scope[:-1])
        return out

    def _check_func_values(self, by_arg: dict) -> None:
        """TF's refusals of func attributes, which it makes as it sets them, every one
        before the op looks up any function."""
        for a in self.opdef.attr:
            if a.type in ("func", "list(func)") and by_arg.get(a.name) is not None:
                v = by_arg[a.name]
                for f in v if a.type == "list(func)" and isinstance(v, (list, tuple)) else [v]:
                    raw_functional.check_func_value(f, self.op)

    def _refuse_refs(self) -> None:
        """TF's refusal of an op taking or giving a reference (a TF 1 mutable tensor):
        eagerly its wrapper's RuntimeError naming the last such argument (inputs, then
        outputs); in a graph its TypeError naming the first reference input, which no
        tensor or resource variable is."""
        refs = [a.name for a in self.opdef.input_arg if a.is_ref]
        if _state.graph is None:
            last = (refs + [a.name for a in self.opdef.output_arg if a.is_ref])[-1]
            # (a hidden op's wrapper, `_stack`, names it without its underscore)
            raise RuntimeError(f"{self.__name__.lstrip('_')} op does not support eager "
                               f"execution. Arg '{last}' is a ref.")
        if refs:
            raise TypeError(f"'{self.op}' Op requires that input '{refs[0]}' be a mutable "
                            "tensor (e.g.: a tf.Variable)")
        raise NotImplementedError(f"tf.raw_ops.{self.op} makes a TF 1 reference, which "
                                  "eagerflow's graphs do not hold: TF 1 graphs that have one "
                                  "are imported (tf.compat.v1.train.import_meta_graph)")

    def _eager_error(self, e: OpError, by_arg: dict, attrs: dict, name: Any) -> OpError:
        """`e` worded as TF's op wrapper words it (in place, or another error for a
        function attribute naming none: raw_functional.undefined_error): the function
        named after this op's list arguments' lengths, and " name: " with the name given
        where TF's wrapper took its fast path (every input a tensor, variable, NumPy array
        or number, a list argument's elements too)."""
        if getattr(e, "undefined", None) is not None:
            e = raw_functional.undefined_error(e, self.op, attrs, by_arg,
                                               self._error_device(e, by_arg), name)
            if getattr(e, "_slow_path", False):  # (worded in full)
                return e
        lengths = {}
        for arg in list(self.opdef.input_arg) + list(self.opdef.output_arg):
            attr = arg.number_attr or arg.type_list_attr
            if attr and attr in attrs:
                v = attrs[attr]
                lengths[attr] = v if isinstance(v, int) else len(v)
        eager_errors.decorate(eager_errors.plain(e), eager_errors.Named(self.op, lengths),
                              (), {}, self._error_device(e, by_arg), name)
        for arg in self.opdef.input_arg:
            v = by_arg.get(arg.name)
            items = v if (arg.number_attr or arg.type_list_attr) and \
                isinstance(v, (list, tuple)) else [v]
            if eager_errors.passed_raw(*items):
                eager_errors.slow_path(e)
                return e
        if any(self._int_for_float(a, by_arg) or (
                a.type == "list(int)" and eager_errors.slow_int_list(by_arg.get(a.name))) or (
                a.type == "shape" and isinstance(by_arg.get(a.name), (int, np.integer)))
               for a in self.opdef.attr):  # (a shape's int: TF's fast path takes lists only)
            eager_errors.slow_path(e)
        return e

    def _int_for_float(self, attr: Any, by_arg: dict) -> bool:
        """Whether float (or list of floats) attribute `attr` reached TF's wrapper holding
        a Python int, which its fast path refuses: given so, or left to a default that TF's
        generated wrapper writes with ints (`area_range=[0.05, 1]`, `bias=1`)."""
        if attr.type not in ("float", "list(float)"):
            return False
        given = by_arg.get(attr.name)
        if given is None:
            if not attr.HasField("default_value"):
                return False
            default = self._default(attr.name)
            return any(float(v).is_integer() for v in
                       (default if isinstance(default, tuple) else [default]))
        return any(isinstance(v, int) for v in
                   (given if isinstance(given, (list, tuple)) else [given]))

    def _run(self, by_arg: dict, attrs: dict, name: str | None = None) -> Any:
        """The call's outputs (`name`: in a graph, the node's scope, "c/")."""
        # (eagerly a training op's error is worded with the name once, by _eager_error)
        scope = name if _state.graph is not None else None
        sparse = sparse_training_ops.SPECS.get(self.op)
        if sparse is not None:
            flags = {a: by_arg[a] for a in ("use_locking", *sparse.flags) if a in by_arg}
            fixed = ("indices", *sparse.ints)
            typed = iter(_typed(by_arg, [a for a in sparse.tensors if a not in fixed], scope))
            return sparse_training_ops.apply_sparse(
                self.op, tuple(_variable(by_arg[a], a, self.op) for a in sparse.resources),
                tuple(_fixed(by_arg[a], a, scope) if a in fixed else next(typed)
                      for a in sparse.tensors),
                scope, **flags)
        spec = training_ops.SPECS.get(self.op)
        if spec is not None:
            flags = {a: by_arg[a] for a in ("use_locking", *spec.flags) if a in by_arg}
            typed = iter(_typed(by_arg, [a for a in spec.tensors if a not in spec.ints], scope))
            return training_ops.apply_op(
                self.op, tuple(_variable(by_arg[a], a, self.op) for a in spec.resources),
                tuple(_fixed(by_arg[a], a, scope) if a in spec.ints else next(typed)
                      for a in spec.tensors),
                scope, **flags)
        late: list = []  # (an eager tensor of another dtype than its input's: refused last)
        # (TF's wrapper checks its list inputs are lists, then makes the attrs a caller
        # gave, then converts the inputs, eagerly and in a graph: StringToNumber(
        # string_tensor=1, out_type='foo') refuses 'foo')
        self._check_lists(by_arg)
        self._attrs(by_arg, attrs, given_only=True)
        inputs = self._inputs(by_arg, attrs, late)
        held = self._attrs(by_arg, attrs)
        if held is not None:
            raise held
        self._check_types(attrs)
        self._check_minimums(attrs)
        string_attrs_allowed(self.op, attrs)
        if late:  # (TF's runtime checks the attrs before the inputs' dtypes)
            raise late[0]
        graph = _state.graph
        made = len(graph.operations) if graph is not None else 0
        if self.op in raw_functional.OPS:
            out = raw_functional.run(self.op, inputs, attrs, name)
        else:
            out = run_op_node(TFNode(SimpleNamespace(name=self.op, op=self.op), inputs,
                                     _HostValues(inputs), attrs))
        flat = out if isinstance(out, (list, tuple)) else [out]
        if graph is not None and (not self.opdef.output_arg or
                                  not flat and self.opdef.is_stateful):
            # (in a graph an op of no outputs is its Operation, as TF's wrapper returns it;
            # so is a stateful op whose list outputs are empty: a PyFunc of Tout=[])
            return next((o for o in reversed(graph.operations[made:]) if o.type == self.op),
                        None)
        return self._structure(flat, attrs)

    def _attrs(self, by_arg: dict, attrs: dict, given_only: bool = False) -> Any:
        """Converts into `attrs` those not there yet (`given_only`: those the caller gave,
        but functions), as TF checks them; returns the OverflowError of one past int64,
        which TF raises once every attr has converted (`given_only`: left for later)."""
        held = none_list = None
        for a in self.opdef.attr:
            # (None for an attribute with a default means the default, as in TF's wrappers)
            given = a.name in by_arg and (by_arg[a.name] is not None or
                                          not a.HasField("default_value"))
            if a.name in attrs or given_only and (not given or "func" in a.type):
                continue  # (a function attr is checked when the op runs, with its inputs)
            if given_only and by_arg[a.name] is None and a.type.startswith("list("):
                # TF's wrapper refuses a list attr given None first; eagerly its fast path
                # takes it as empty (the op's error then), but where an attr after it
                # sends the call down the wrapper's fallback, the fallback refuses it first
                none_list = none_list or TypeError(
                    f"Expected list for '{self._param(a.name)}' argument to "
                    f"'{self.__name__}' Op, not None.")
                if _state.graph is not None:
                    raise none_list
            try:
                attrs[a.name] = self._attr(a, by_arg) if given else attr_value(a.default_value)
            except OverflowError as e:
                held = held or past_int64(e)
            except TypeError:
                if none_list is not None:
                    raise none_list from None
                raise
        return None if given_only else held

    def _error_device(self, e: OpError, by_arg: dict) -> str:
        """The device op's error `e` names: an op taking a handle ran where its resource
        lives, one without a GPU kernel on the host, whatever the scope (or without one for
        its inputs: an error marked `on_host`, dispatch.failed's); the rest in it."""
        own = REGISTRY.get(self.op)
        if own is not None and not own.gpu or getattr(e, "on_host", False):
            return CPU_DEVICE
        handles = [v for v in by_arg.values()
                   if variable_of(v) is not None or getattr(v, "_dtype", None) is dt.resource]
        if not handles:
            return _state.device
        return eager_errors.placed_on(e) or handles[0].device

    # -- arguments --------------------------------------------------------------------------
    def _check_keywords(self, args: tuple, kwargs: dict) -> None:
        """TypeErrors worded as TF's (positional arguments) and Python's (the rest)."""
        keys = list(self.params) + ["name"]
        if args:
            raise TypeError(f"{self.__name__} only takes keyword args (possible keys: {keys}). "
                            f"Please pass these args as kwargs instead.")
        for k in kwargs:
            if k not in keys:
                raise TypeError(f"{self.__name__}() got an unexpected keyword argument '{k}'")
        missing = [f"'{p}'" for p in self.required if p not in kwargs]
        if missing:
            listed = missing[0] if len(missing) == 1 else \
                " and ".join(missing) if len(missing) == 2 else \
                ", ".join(missing[:-1]) + ", and " + missing[-1]
            s = "" if len(missing) == 1 else "s"
            raise TypeError(f"{self.__name__}() missing {len(missing)} required positional "
                            f"argument{s}: {listed}")

    def _check_lists(self, by_arg: dict) -> None:
        for arg in self.opdef.input_arg:
            value = by_arg[arg.name]
            if (arg.number_attr or arg.type_list_attr) and not isinstance(value, (list, tuple)):
                raise TypeError(f"Expected list for '{self._param(arg.name)}' argument "
                                f"to '{self.__name__}' Op, not {value!r}.")

    def _inputs(self, by_arg: dict, attrs: dict, late: list | None = None) -> list:
        """The input tensors, in the OpDef's order; the type and length attributes they
        imply go into `attrs`; an eager tensor of another dtype than its input's, into
        `late` (given), its refusal raised after the attrs' checks."""
        out: list = []
        self._preset_types(by_arg, attrs)
        lists: dict = {}  # number attr -> the list argument that set it
        inferred: dict = {}  # type attr -> the input that set it (a graph's errors name it)
        # TF's fast path hands its tensors on as they are (the kernel, if any, refuses a
        # dtype); its slow path converts each to its dtype (ValueError): each input of a
        # fixed dtype, and those of a type attribute that some non-tensor value shares
        converted = self._converted_attrs(by_arg) if self._slow_path(by_arg) else None
        fast = converted is None and _state.graph is None
        host = self._host_inputs
        if host.__class__ is not tuple:  # (where this call's lists put them)
            host = host(self._tensor_count(by_arg))
        for arg in self.opdef.input_arg:
            value = by_arg[arg.name]
            slow = converted is not None and (not arg.type_attr or arg.type_attr in converted)
            if arg.number_attr or arg.type_list_attr:
                if arg.number_attr in lists and len(value) != attrs[arg.number_attr]:
                    raise ValueError(f"List argument '{self._param(arg.name)}' to "
                                     f"'{self.__name__}' Op with length {len(value)} must "
                                     f"match length {attrs[arg.number_attr]} of argument "
                                     f"'{self._param(lists[arg.number_attr])}'.")
                if arg.number_attr:
                    lists[arg.number_attr] = arg.name
                    attrs[arg.number_attr] = len(value)
                    try:
                        for v in value:
                            out.append(self._convert(v, arg.type_attr, arg.type, attrs,
                                                     len(out), host, slow, fast))
                    except (TypeError, ValueError, InvalidArgumentError) as e:
                        if _state.graph is None:
                            raise
                        fixed = dt.as_dtype(arg.type) if arg.type else None
                        raise list_type_error(self.op, arg.name, value, fixed, e) from None
                else:
                    for v in value:
                        out.append(self._convert(v, "", 0, attrs, len(out), host))
                    attrs[arg.type_list_attr] = tuple(  # (an empty list: no types)
                        t._dtype for t in out[len(out) - len(value):])
            else:
                try:
                    out.append(self._convert(value, arg.type_attr, arg.type, attrs, len(out),
                                             host, slow, fast, late))
                except (TypeError, ValueError, InvalidArgumentError) as e:
                    if _state.graph is None:
                        raise
                    raise list_value_error(value) or \
                        self._graph_type_error(arg, value, attrs, inferred, e) from None
                if arg.type_attr and arg.type_attr not in inferred:
                    inferred[arg.type_attr] = arg.name
                    if _state.graph is not None:  # (TF's graph builder checks it then)
                        self._check_allowed(arg, attrs[arg.type_attr])
        return out

    def _check_allowed(self, arg: Any, dtype: dt.DType) -> None:
        a = next(a for a in self.opdef.attr if a.name == arg.type_attr)
        allowed = list(a.allowed_values.list.type)
        if allowed and dtype.as_datatype_enum not in allowed:
            raise _not_allowed(arg.name, dtype, allowed)

    def _check_eager_allowed(self, type_attr: str, dtype: dt.DType) -> None:
        """TF's eager op sets a type attribute from the first input of it and checks the
        attribute against its op's list before it compares the later inputs with it: a
        first input of a dtype out of the list is that refusal, not the mismatch."""
        listed = tf_op_defs.allowed_types(self.op, type_attr) if type_attr else None
        if not listed or dt_enum(dtype) in listed:
            return
        summary = tf_op_defs.summary(self.op)
        raise InvalidArgumentError(
            None, None, f"Value for attr '{type_attr}' of {dtype_word(dtype)} is not in the "
                        f"list of allowed values: {tf_op_defs.type_words(listed)}\n\t; "
                        f"NodeDef: {{{{node {self.op}}}}}" + (f"; {summary}" if summary else "")
                        + f" [Op:{self.op}]")

    def _graph_type_error(self, arg: Any, value: Any, attrs: dict, inferred: dict,
                          e: Exception) -> Exception:
        """Input `arg`'s refusal `e` as TF's graph builder words it (its op_def_library):
        a tensor of another dtype than its fixed one, or than the one an earlier input
        (`inferred`: type attr -> that input) set; a value that does not convert to it,
        naming its first item that can't be of it. Other refusals are `e`."""
        want = dt.as_dtype(arg.type) if arg.type else attrs.get(arg.type_attr)
        if want is None:
            return e
        if isinstance(value, Tensor):
            if value._dtype is want:
                return e
            head = (f"Input '{arg.name}' of '{self.op}' Op has type {value._dtype.name} that "
                    f"does not match")
            if arg.type_attr in inferred:
                return TypeError(f"{head} type {want.name} of argument "
                                 f"'{inferred[arg.type_attr]}'.")
            return TypeError(f"{head} expected type of {want.name}.")
        bad = _first_not_of(value, want)
        if bad is None:
            return e
        return TypeError(f"Expected {want.name} passed to parameter '{arg.name}' of op "
                         f"'{self.op}', got {value!r} of type '{type(value).__name__}' instead. "
                         f"Error: Expected {want.name}, but got {bad[0]} of type "
                         f"'{type(bad[0]).__name__}'.")

    def _tensor_count(self, by_arg: dict) -> int:
        """How many input tensors a call's arguments give: one per item of a list
        argument, one per other argument."""
        n = 0
        for arg in self.opdef.input_arg:
            value = by_arg[arg.name]
            listed = (arg.number_attr or arg.type_list_attr) and isinstance(value, (list, tuple))
            n += len(value) if listed else 1
        return n

    def _slow_path(self, by_arg: dict) -> bool:
        """Whether an input's value sends TF's op wrapper down its slow path."""
        for arg in self.opdef.input_arg:
            v = by_arg.get(arg.name)
            items = v if (arg.number_attr or arg.type_list_attr) and \
                isinstance(v, (list, tuple)) else [v]
            if eager_errors.passed_raw(*items):
                return True
        return False

    def _converted_attrs(self, by_arg: dict) -> set:
        """The type attributes whose inputs TF's slow path converts: those given some value
        that is not an eager tensor (with every one an eager tensor, it takes them as
        they are)."""
        out = set()
        for name, type_attr, listed in self._typed_args:
            value = by_arg.get(name)
            items = value if listed and isinstance(value, (list, tuple)) else (value,)
            if not all(isinstance(v, EagerTensor) for v in items):
                out.add(type_attr)
        return out

    def _convert(self, value: Any, type_attr: str, fixed: int, attrs: dict, i: int,
                 host: tuple, slow: bool = False, fast: bool = False,
                 late: list | None = None) -> Any:
        """Input `i` as a tensor: of its fixed type, of its type attribute's dtype when an
        earlier input (or the caller) set it, else as it converts, which then sets it
        (`host`: the positions of the inputs read in host memory, made there; `slow`: TF's
        wrapper converts this input to its dtype, see _inputs; `fast`: the call takes TF's
        eager fast path, see _infer_type)."""
        if fixed == _DT_RESOURCE and isinstance(value, Tensor) and value._dtype is dt.resource:
            return value  # a handle, as it is (the op's load finds what it names)
        if is_variable(value):
            value = value.read_value()
        want = dt.as_dtype(fixed) if fixed else attrs.get(type_attr)
        if isinstance(value, Tensor):
            if want is not None and value._dtype is not want and slow:
                raise ValueError(f"Tensor conversion requested dtype {want.name} for Tensor "
                                 f"with dtype {value._dtype.name}: {value!r}")
            if want is not None and value._dtype is not want and not self._no_kernel:
                self._check_eager_allowed(type_attr, want)
                refused = InvalidArgumentError(
                    None, None, f"cannot compute {self.op} as input #{i}(zero-based) was "
                                f"expected to be a {dtype_word(want)} tensor but is a "
                                f"{dtype_word(value._dtype)} tensor [Op:{self.op}]")
                if late is None or _state.graph is not None:
                    raise refused
                late.append(refused)
            t = value
        elif i in host and _state.device is not CPU_DEVICE:
            with placed_on(CPU_DEVICE):
                return self._convert(value, type_attr, fixed, attrs, i, host, slow, fast)
        elif want is not None:
            t = convert_to_tensor(value, dtype=want)
        else:
            t = self._infer_type(value, type_attr, fast)
        if type_attr and type_attr not in attrs:
            attrs[type_attr] = t._dtype
        return t

    def _preset_types(self, by_arg: dict, attrs: dict) -> None:
        """TF's eager wrapper takes a type attribute from the first eager tensor among the
        inputs that share it, wherever it stands (Range(start=0, limit=tf.constant(3.0),
        delta=1) is a float32 range); the other inputs are converted to its dtype. TF's
        graph builder looks ahead only within a list: there the first input of a type
        attribute sets it."""
        for name, type_attr, listed in self._typed_args:
            if type_attr in attrs or (_state.graph is not None and not listed):
                continue
            value = by_arg.get(name)
            items = value if listed and isinstance(value, (list, tuple)) else (value,)
            kind = EagerTensor if _state.graph is None else Tensor
            first = next((v for v in items if isinstance(v, kind)), None)
            if first is not None:
                attrs[type_attr] = first._dtype

    def _infer_type(self, value: Any, type_attr: str, fast: bool) -> Any:
        """The first input of a type attribute no tensor set, as TF's eager wrapper converts
        it. Its fast path (`fast`: every input a tensor, variable, NumPy array or Python
        number) asks for the attribute's default dtype where it has one, which a Python
        float refuses for an int (Range(start=0., limit=3., delta=1.) is a TypeError) and
        a NumPy value is cast to (a float64 array's Range is an int32 range). Its slow
        path converts it alone when that dtype is allowed, else preferring the default
        (Range(start=[0.5], ...) is a float32 range). (TF's first op of a process takes
        the slow path, its context not yet made: eagerflow answers as the later calls.)"""
        allowed, hint = self._type_facts(type_attr)
        if fast and hint is not None:
            return convert_to_tensor(value, dtype=hint)
        if allowed:
            try:
                t = convert_to_tensor(value)
                if t._dtype.as_datatype_enum in allowed:
                    return t
            except (TypeError, ValueError):
                pass
        return convert_to_tensor(value, dtype_hint=hint)

    @functools.cache  # noqa: B019 (RawOps live as long as the process)
    def _type_facts(self, type_attr: str) -> tuple:
        """(the DataType enums a type attribute allows, its default dtype or None)."""
        a = next((a for a in self.opdef.attr if a.name == type_attr), None)
        if a is None:
            return frozenset(), None
        default = attr_value(a.default_value) if a.HasField("default_value") else None
        return frozenset(a.allowed_values.list.type), default

    def _attr(self, a: Any, by_arg: dict) -> Any:
        """An attribute the caller gave, checked against its type as TF checks it."""
        v, kind = by_arg[a.name], a.type
        param = self._param(a.name)
        if kind == "type" and type(v) is int and _state.graph is None and \
                not self._slow_path(by_arg):
            return enum_type(self.op, v, a.name)  # (TF's fast path: the int is an enum)
        if kind in ATTR_KINDS:
            return convert_attr(self.op, kind, v, param)
        # (TF's fast path converts a shape of ints itself: -1 an unknown dim)
        fast = kind in ("shape", "list(shape)") and _state.graph is None and \
            not self._slow_path(by_arg)
        if kind.startswith("list("):
            if not isinstance(v, (list, tuple)):
                raise TypeError(f"Expected list for '{param}' argument to '{self.__name__}' "
                                f"Op, not {v!r}.")
            return tuple(self._scalar(x, kind[5:-1], param, fast) for x in v)
        return self._scalar(v, kind, param, fast)

    def _scalar(self, v: Any, kind: str, param: str, fast: bool) -> Any:
        """A func, shape or tensor attr's value (convert_attr takes the other kinds)."""
        if kind == "func":
            return raw_functional.func_attr(v, self.op)
        if kind == "shape":
            return _shape_attr(v, param, fast)
        return v

    def _check_types(self, attrs: dict) -> None:
        # (TF infers a type attr from the first input it types, in the inputs' order, and
        # names the first refused so: MaxPool3DGrad's TInput before its T)
        first = {}
        for arg in self.opdef.input_arg:
            first.setdefault(arg.type_attr, len(first))
        for a in sorted(self.opdef.attr, key=lambda a: first.get(a.name, len(first))):
            allowed = list(a.allowed_values.list.type)
            v = attrs.get(a.name)
            if a.type == "type" and allowed and isinstance(v, dt.DType) and \
                    v.as_datatype_enum not in allowed:
                typed = next((i.name for i in self.opdef.input_arg if i.type_attr == a.name),
                             None)
                if _state.graph is not None and typed is not None:  # (TF's graph builder's)
                    raise _not_allowed(typed, v, allowed)
                listed = ", ".join(dtype_word(dt.as_dtype(e)) for e in allowed
                                   if e in dt._BY_ENUM)
                raise InvalidArgumentError(
                    None, None, f"Value for attr '{a.name}' of {dtype_word(v)} is not in the "
                                f"list of allowed values: {listed}\n\t; NodeDef: "
                                f"{{{{node {self.op}}}}} [Op:{self.op}]")

    def _check_minimums(self, attrs: dict) -> None:
        """TF's check of the int attrs and list attrs' lengths against their OpDef's
        minimums, in its order. (Eagerly, an empty list input leaves its type attr unset,
        so TF finds no kernel before it checks the count: the op's own check answers.)"""
        for a in self.opdef.attr:
            v = attrs.get(a.name)
            if not a.has_minimum or v is None or (
                    v == 0 and _state.graph is None and
                    tf_op_defs.counted_input(self.op, a.name) is not None):
                continue
            if a.type == "int" and isinstance(v, int):
                attr_at_least(self.op, a.name, v, a.minimum)
            elif a.type.startswith("list(") and isinstance(v, (list, tuple)):
                list_attr_at_least(self.op, a.name, len(v), a.minimum)

    def _param(self, arg: str) -> str:
        return next((p for p, a in self.params.items() if a == arg), arg)

    # -- results ----------------------------------------------------------------------------
    def _structure(self, flat: list, attrs: dict) -> Any:
        """The outputs as TF returns them: None, a tensor, a list for a list argument, or a
        namedtuple named after the op when it has several output arguments."""
        parts, k = [], 0
        for arg in self.opdef.output_arg:
            n = attrs[arg.number_attr] if arg.number_attr else \
                len(attrs[arg.type_list_attr]) if arg.type_list_attr else 0
            if arg.number_attr or arg.type_list_attr:
                parts.append(list(flat[k:k + n]))
                k += n
            else:
                parts.append(flat[k])
                k += 1
        if not parts:
            return None
        if len(parts) == 1:
            return parts[0]
        return _result_type(self.op, tuple(a.name for a in self.opdef.output_arg))(*parts)


def _name_node(made: list, out: Any, name: str) -> None:
    """Names `name` the node of a raw call whose loader built it as another op (a
    composition of ops, a graph constant), as graph_import names an imported node: the
    op computing its first output, or the Operation of an op without outputs. `made`:
    the operations the call added."""
    if any(o.name == name for o in made):
        return  # (its own op took the name as it was added)
    first = out
    while isinstance(first, (list, tuple)) and first:
        first = first[0]
    op = first.op if isinstance(first, SymbolicTensor) else first
    if isinstance(op, Operation) and any(o is op for o in made):
        op.name = name


def _named(t: Tensor, arg: str, scope: str | None) -> Tensor:
    """A converted Python value: in a graph (`scope`: the node's, "gd/") a constant named
    by its argument ("gd/alpha"), as TF's wrapper names it."""
    return t if scope is None else _state.graph.capture(t, const_name=scope + arg)


def _fixed(value: Any, arg: str, scope: str | None) -> Any:
    """An input of its own type (a training op's indices), converted by itself."""
    return value if isinstance(value, Tensor) else _named(convert_to_tensor(value), arg, scope)


def _typed(by_arg: dict, names: list, scope: str | None) -> tuple:
    """The inputs `names` sharing one type attr, converted as TF's wrapper converts them:
    the first tensor's dtype (else the first value's own) for all."""
    values = [by_arg[a] for a in names]
    first = next((v for v in values if isinstance(v, Tensor)), None)
    dtype = (first if first is not None else convert_to_tensor(values[0]))._dtype
    return tuple(v if isinstance(v, Tensor) else
                 _named(convert_to_tensor(v, dtype=dtype), a, scope)
                 for v, a in zip(values, names))


def _variable(handle: Any, arg: str, op_name: str) -> Any:
    """The variable a resource argument of training op `op_name` names: a variable, its
    handle (`v.handle`, a resource tensor); in a TF 1 graph its VarHandleOp's output stands
    for it. Eagerly, a handle of no variable (a VarHandleOp's never assigned) is TF's kernel's
    InternalError."""
    if is_variable(handle):
        return handle
    var = variable_of(handle)
    if var is not None:
        return var
    op = getattr(handle, "_op", None)
    for v in getattr(getattr(op, "graph", None), "variable_map", {}).values():
        if getattr(v, "_handle_op", None) is op:
            return v
    if _state.graph is None and held_handle(handle) is not None:
        raise InternalError(None, None, f"Invalid variable reference. [Op:{op_name}]")
    raise TypeError(f"Input '{arg}' must be a resource variable's handle, not {handle!r}")


@functools.cache
def _result_type(op: str, fields: tuple) -> type:
    return collections.namedtuple(op, fields)


def _first_not_of(value: Any, dtype: Any) -> tuple | None:
    """(the first item,) of Python `value` (nested lists) that TF's graph constants refuse
    for `dtype` (an int for bool, a float for an int type, a string for a number, None),
    else None."""
    if isinstance(value, (list, tuple)):
        return next((bad for v in value for bad in [_first_not_of(v, dtype)] if bad), None)
    if isinstance(value, np.ndarray) or dtype is dt.variant or dtype is dt.resource:
        return None
    if dtype is dt.bool:
        ok = isinstance(value, (bool, np.bool_))
    elif dtype.is_integer:
        ok = isinstance(value, (int, np.integer))
    elif dtype.is_floating:
        ok = isinstance(value, (int, float, np.integer, np.floating))
    elif dtype.is_complex:
        ok = isinstance(value, (int, float, complex, np.number))
    elif dtype is dt.string:
        ok = isinstance(value, (str, bytes))
    else:
        return None
    return None if ok else (value,)


def _shape_attr(v: Any, param: str, fast: bool) -> tuple | None:
    """A shape attribute as TF's wrapper makes it. On its eager fast path (`fast`), a list
    of ints as it is (-1 an unknown dim; the op's kernel checks the others); else through
    TensorShape (an int is one dim; None, or a shape of unknown rank, is None), its errors
    worded as TF's wrapper words them."""
    if fast and isinstance(v, (list, tuple)) and all(
            d is None or isinstance(d, (int, np.integer)) and not isinstance(d, bool)
            for d in v):
        return tuple(None if d is None else int(d) for d in v)
    try:
        shape = TensorShape(v)
    except (TypeError, ValueError) as e:
        raise type(e)(f"Error converting {param} to a TensorShape: {e}.") from None
    return None if shape.rank is None else tuple(shape.as_list())
