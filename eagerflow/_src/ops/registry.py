"""The op registry: one OpDef per primitive, pure data.

Sits at the bottom of ops/. An OpDef says everything about a primitive in one place:

- `infer(*inputs, **attrs)`: validation and the output specs, a list of
  `(shape_tuple, DType)`, one per output. Inputs are tensors (eager or symbolic);
  it reads only `x._shape` (a tuple, dims may be None) and `x._dtype`.
- `kernel(xp, *arrays, **attrs)`: the computation over raw arrays of the array
  module `xp`. Returns an array, or a tuple of arrays for multi-output ops.
- `grad(node, *output_grads)`: input gradients built from public ops (a list with
  one entry per input, None where there is none). `node` has `.inputs`,
  `.outputs` and `.attrs`.
- `reference(*arrays, **attrs)`: an independent implementation (a Python loop or
  a NumPy formula) that the registry suites compare the kernel against.
- `samples`: `Sample`s that enroll the op in the generic suites, and
  `bad_samples`: `BadSample`s that must raise a given error class. Either may be a
  function returning the list: it runs when a test first asks for samples (not
  during `import eagerflow`).

and what the other layers need to know about it, so that none of them keeps a table
of op names: the NumPy ufunc that is its kernel (eager bind and codegen call it), the
Python operator codegen may emit for scalars, whether it is elementwise (tf.data's
map+batch fusion, graph fusion), its algebraic identities (the simplify pass), how it
folds shape values at trace time (dynshape.py), and how graph passes treat the ops
that graphs build (If, While, Call).

Eager execution, tracing, generated graph code and autodiff all use this one
definition (see dispatch.py). OpDefs are frozen: everything is declared when the op
is defined, nothing is patched in afterwards.

REGISTRY finds every op by name, those of the families `import eagerflow` leaves for
first use too: op_index.py (below this module) names the module that registers each,
and the lookup imports it.
"""

from __future__ import annotations

import importlib
import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core.context import _state
from eagerflow._src.ops.op_index import LAZY_OPS


@dataclass(frozen=True)
class Sample:
    """Inputs (NumPy arrays) and attrs for the generic suites.

    `grad` says whether numeric gradient checks apply (float inputs, smooth there);
    `grad_inputs` limits the check to some input positions. `cpu_only`: TF's GPU kernel
    refuses it (TridiagonalSolve's perturb_singular) or computes it or its gradient
    otherwise than the CPU (SparseSliceGrad's repeated or unordered indices), so the device
    suites leave it out and the others run it on CPU:0 (op_harness.sample_device).
    `gpu_only`: TF's CPU kernel refuses it (channels-first data of the convolutions and
    poolings: nn_args.refuse_channels_first), so the suites run it on a GPU, the stand-in
    where there is none, and leave out what compares it with the CPU. `rtol`:
    the forward check's relative tolerance against the reference, wider where TF's kernel
    on a device computes in float32 what the reference computes in float64
    (special_igamma.py). `device_atol`: the device check's absolute tolerance, wider
    where a float32 product (cuBLAS's, summed in another order than NumPy's) feeds the
    outputs, so that an output near cancellation differs by a rounding of the terms
    summed, not of itself (rnn_blocks.py: the LSTM ops).
    """

    inputs: tuple
    attrs: dict = field(default_factory=dict)
    grad: bool = True
    grad_inputs: tuple | None = None
    second_order: bool = True
    cpu_only: bool = False
    gpu_only: bool = False
    rtol: float = 2e-6
    device_atol: float = 1e-9


@dataclass(frozen=True)
class Resource:
    """A sample input that is a resource: a live variable whose initial value is `value`
    (an array), made afresh for each run of the sample; the op is given its handle. A
    reference sees `value` as an array and returns the op's outputs followed by
    each resource's value after the op."""

    value: Any


@dataclass(frozen=True)
class Table:
    """A sample input that is a lookup table: a live table made afresh for each run of the
    sample (the op is given its handle), holding `keys` -> `values` (arrays; the values'
    trailing dims are the table's value shape). `kind`: "static" (HashTableV2, filled by
    InitializeTableV2), "uninitialized" (a HashTableV2 never filled; its keys and values
    only give its dtypes), "mutable" (MutableHashTableV2, MutableHashTableOfTensorsV2 for
    vector values) or "dense" (MutableDenseHashTableV2 with `empty_key` and `deleted_key`).
    A reference sees a plain model of it (op_harness.TableModel) and returns the op's
    outputs followed by each resource's value after the op (a table's: its sorted items)."""

    kind: str
    keys: Any
    values: Any
    empty_key: Any = None
    deleted_key: Any = None


@dataclass(frozen=True)
class BadSample:
    inputs: tuple
    attrs: dict
    error: type
    match: str = ""
    # The error is a check TF's CPU kernel makes of the values, which its GPU kernel does
    # not make (it computes on: a NaN row for a bad label), or its CPU's missing kernel for
    # a dtype its GPU's take (OpDef.gpu_only_types): the suites expect it on CPU:0.
    cpu_only: bool = False


class LazySamples(Sequence):
    """A list of samples built by `build()` when first read.

    Building draws from the op module's SampleRNG, so every pending list is built at
    once, in the order the ops were defined: the samples are the same whichever test
    asks first.
    """

    def __init__(self, build: Callable[[], list]) -> None:
        self._build: Callable[[], list] | None = build
        self._items: list = []
        _PENDING.append(self)

    def _load(self) -> list:
        if self._build is not None:
            build_pending_samples()
        return self._items

    def __len__(self) -> int:
        return len(self._load())

    def __getitem__(self, i: Any) -> Any:
        return self._load()[i]

    def __repr__(self) -> str:
        return repr(self._load())


_PENDING: list[LazySamples] = []


def build_pending_samples() -> None:
    while _PENDING:
        lazy = _PENDING.pop(0)
        build, lazy._build = lazy._build, None
        lazy._items = list(build())


def _lazy(samples: Any) -> Sequence:
    if callable(samples):
        return LazySamples(samples)
    return samples


@dataclass(frozen=True)
class TFForm:
    """How an op is written in TensorFlow's graphs (SavedModel functions), where that is not
    one TF node of the op's own name whose inputs and attrs are the op's, name for name.

    `names`: eagerflow attr -> the TF attr or TF input it is, where the names differ. An
    attr that TF takes as an input tensor becomes a constant (or the op's runtime input).
    `fixed`: eagerflow attrs TF's op doesn't have, with the one value TF's op means (a
    node of another value can't be written; an imported node gets this value).
    `tf_attrs`: TF attrs the op doesn't have, with the value that means the op's behaviour
    (written on export; an imported node of another value is refused).
    `export(node, b)`: writes the node through builder `b` (its `node`, `const`, `input`
    methods); returns the TF tensors of the node's outputs.
    `load(node)`: builds the eagerflow ops of a TF node of this op's name (`node.inputs`:
    tensors, `node.const(i)`: an input's value when known at import, `node.attrs`: TF's
    attrs with defaults filled, as Python values); returns the outputs.
    `graph_args(attrs)`: the TF input arguments the op holds as attrs, where `names` does
    not say them: {TF input argument: (value, the name of its Const under the node's, or
    None for the argument's own)}; a traced graph shows them as TF's does
    (graph/arg_consts.py).
    """

    names: dict = field(default_factory=dict)
    fixed: dict = field(default_factory=dict)
    tf_attrs: dict = field(default_factory=dict)
    export: Callable | None = None
    load: Callable | None = None
    graph_args: Callable | None = None
    # its `load` takes resource tensors (variable handles) and variant ones (a TensorMap) as
    # they are: tf.raw_ops offers the op with those inputs (saved_model/raw_ops.py)
    takes_handles: bool = False
    # it has func attributes (a dataset op's `f`), which it takes as ConcreteFunctions from
    # tf.raw_ops and as library functions (`concrete_for(specs)`) from an imported graph
    takes_funcs: bool = False
    # TF 2.21 registers no kernel for it: its eager call fails the kernel lookup before
    # TF checks any input's dtype, so tf.raw_ops hands the op its tensors as they are
    no_kernel: bool = False


# Floats in one of Eigen's packets in TF's x86 build (AVX: 256 bits): TF's elementwise
# kernels compute a tensor of fewer values on their scalar path (`small_kernel`)
PACKET = 8


@dataclass(frozen=True, eq=False)
class OpDef:
    name: str
    infer: Callable
    kernel: Callable
    grad: Callable | None = None
    # Its gradient function takes an output gradient that is an IndexedSlices as it is (as
    # TF's ConcatV2's keeps the form); the tape gives every other one a dense gradient
    grad_slices: bool = False
    reference: Callable | None = None
    samples: Sequence = ()
    bad_samples: Sequence = ()
    num_outputs: int = 1
    stateful: bool = False  # random or side-effecting: never folded or merged by graph passes
    # A new value on every call that no reference can replay (tf.timestamp's clock): the
    # generic suites check its shape and dtype; its own tests check its values. Stateful too.
    nondeterministic: bool = False

    # -- What the other layers read. --
    # The NumPy ufunc that is this op's kernel over NumPy for calls without attrs
    # (`kernel(np, *arrays)` is `ufunc(*arrays)`): eager bind calls it directly (one frame
    # less) and codegen emits it, writing into a dead input's buffer where it can.
    ufunc: Any = None
    # A function of the arrays alone equal to `kernel(np, *arrays)`, for eager bind when
    # the kernel is not one ufunc (sigmoid, erf, ...); defaults to `ufunc`.
    np_kernel: Callable | None = None
    # float16/bfloat16 host arrays' kernel `(x) -> y`, where TF's Eigen kernels round other
    # than the ufunc (halfprec.py); eager and traced calls take it by the output dtype
    half_kernel: Callable | None = None
    # float32 host arrays' kernel `(x) -> y` for fewer than PACKET values, which TF's Eigen
    # kernels compute with the C library's function (libm32.py); eager and traced calls
    # take it by the dtype and size
    small_kernel: Callable | None = None
    # complex64/complex128 host arrays' kernel of the op's arrays (`(x) -> y`, a binary op's
    # `(x, y) -> z`), where TF's Eigen computes other than the ufunc (complex_scalar.py,
    # complex_quotient.py); eager and traced calls take it by the dtype
    complex_kernel: Callable | None = None
    # Its device kernel takes a 0-d host input as a scalar argument (a ufunc's, or an
    # ElementwiseKernel's `T y`), as CuPy takes Python numbers: such an input (the 2.0 of
    # `x * 2.0`, a loss's divisor) is not copied onto the GPU. True for every ufunc op.
    scalar_args: bool = False
    # The Python operator with the ufunc's meaning on NumPy scalars ("+", "<", unary "-"),
    # which codegen emits when every operand is a scalar (several times faster).
    operator: str | None = None
    # Acts element by element with NumPy broadcasting: a graph of such ops gives the same
    # result on a batch as on each element (tf.data's map+batch fusion, graph fusion).
    elementwise: bool = False
    # The ids of the dtypes (singletons) for which `infer` answers inputs of that one dtype
    # and one shape (or, for two inputs, a tensor beside a scalar) with one output of that
    # shape and dtype and checks nothing else: dispatch's eager fast paths answer those
    # calls themselves, without the call to infer (~0.1 us of a ~0.8 us `a + b`).
    like_inputs: frozenset = frozenset()
    # ... but integer inputs can raise on some values (division by zero, negative powers).
    int_errors: bool = False
    # False when the op has no GPU kernel (TF runs it on CPU: soft placement does too).
    gpu: bool = True
    # Its variant inputs and outputs are host objects whose arrays live on a device
    # (TensorLists, tuples of items; CSR sparse matrices, held_arrays.DeviceBox). On a GPU it
    # runs there, as TF's list and CSR kernels do, the variants passed as they are and
    # their arrays read and made on the device (on CPU:0 where a list's items are strings).
    holds_variants: bool = False
    # Its GPU kernel takes a variant that is a device box (held_arrays.DeviceBox: a CSR
    # matrix) where its arrays live, as TF's variant unary ops do (ZerosLike's
    # ZEROS_LIKE_VARIANT_UNARY_OP): given one, it runs on a GPU as an op of variants
    # (holds_variants); given other variants (lists, maps), on CPU:0.
    boxes_on_device: bool = False
    # TF 2.21 has no bfloat16 kernel for it on any device: its kernel raises TF's
    # NotFoundError for bfloat16 data on a GPU too, as its half_kernel does on the CPU.
    # Default: where that half_kernel refuses bfloat16 (halfprec.refuse).
    refuses_bfloat16: bool | None = None
    # The values of its type attrs that TF 2.21's GPU kernels take though its CPU's don't
    # (a DType; a tuple of them for an op of several type attrs, in the order its infer
    # names them): on a GPU an eager call computes them, where on the CPU its infer raises
    # TF's NotFoundError (lacks_kernel reads it). The half types, mostly: TF
    # registers many GPU kernels for half (TF_CALL_GPU_NUMBER_TYPES) but not the CPU's.
    gpu_only_types: frozenset = frozenset()
    # Inputs (by position) the kernel reads as host values even on a GPU (shapes, sizes:
    # TF's HostMemory inputs): not copied to the device, so reading them costs no sync.
    # For an op whose list arguments set where they stand (DynamicStitch's N indices, then
    # N data), `host_inputs(n)`: their positions among its n inputs. Read through
    # held_arrays.host_positions.
    host_inputs: tuple | Callable = ()
    # Where its device kernel gives outputs in host memory, as TF's GPU kernel does (its
    # HostMemory outputs: a shape), for an op of several outputs or one run where its
    # resource lives: `host_outputs(n)`, their positions among its n outputs (n varies with
    # a list's length). The kernel gives them as NumPy arrays (or, where it holds them on
    # the device, as the device's): tensors of the device that an op reading them on the
    # host (host_inputs) takes without a copy.
    host_outputs: Callable | None = None
    # It makes a resource whose state holds arrays (a TF 1 TensorArray, a stack): (the attr
    # naming their dtype, the dtypes TF's GPU kernels of every op on such a resource take;
    # the attr None for one made beside the resource it is given: a gradient array beside
    # its forward array). It is made there, else on a GPU where those kernels take the
    # dtype (TF's placer keeps the ops on one resource together), else on CPU:0; its handle
    # is host data (a host output), and the ops on it run where it lives
    # (held_arrays.run_on_resource).
    makes_resource: tuple | None = None
    # Inputs the kernel reads only the shape of: passed as they are, wherever they live.
    shape_inputs: tuple = ()
    # The kernel reads nothing but its inputs' shapes (Shape, ShapeN, Rank, Size): a
    # compiled graph folds it to constants where they are known while tracing, as TF's
    # grappler does (so no device tensor goes to the host for its shape).
    shape_only: bool = False
    # Inputs passed as they are, wherever they live, that the kernel reads on the host and
    # uses on the device both (a scatter's indices: checked on the host, scattered with
    # on the device): each is copied once, the way it has to go, not there and back.
    as_is_inputs: tuple = ()
    # Inputs no gradient flows to, which alone don't put the op on a tape (a custom
    # gradient's results, passed through its op: TF's custom op takes only the arguments).
    untracked_inputs: tuple = ()
    # Outputs whose gradient, when none reached them, a tape hands the gradient function
    # as None instead of zeros (TF's tape does so for the softmax cross entropies' backprop
    # and FusedBatchNorm's statistics): the function reads None as zero.
    none_grads: tuple = ()
    # The word its kernel's errors call its first input ("Shape of tensor input [1,3]"),
    # which TF's kernel writes as the node's input names it ("x", "split:1") when a
    # graph runs the node: a graph's error names it so (function/graph_errors.py)
    input_named: str | None = None
    # TF's gradient function computes under control_dependencies on the output gradients:
    # in a graph (a tape's in tf.function, tf.gradients), the ops it makes that take no
    # gradient and no op made by it wait on them (Sin's Cos(x, ^grad)). Eagerly: nothing.
    grad_after_grads: bool = False
    # The lengths of its list arguments as TF's OpDef counts them, `arity(inputs, attrs)`
    # -> {TF attr: length} (ConcatV2's {"N": 2}, Split's {"num_split": 3}): TF runs an
    # eager op as a function named after them, which its eager errors name
    # (eager_errors.py). None: an op without list arguments.
    arity: Callable | None = None
    # How TensorFlow's graphs write the op (SavedModel export and import); None: as itself.
    tf: TFForm | None = None
    # An elementwise op as a CUDA C expression over its inputs {0}, {1}, ... (float math),
    # for tf.function's kernel fusion on GPUs (graph/fusion.py); ufunc ops need none.
    cuda: str | None = None

    # -- Algebraic identities, for the simplify pass. --
    # (left, right) units: `u op x == x` for the left one, `x op u == x` for the right one.
    units: tuple = (None, None)
    involution: bool = False        # op(op(x)) == x
    forward_identity: bool = False  # each output is the input at its position
    # TF 1's op on a reference variable whose outputs are references (VariableV2, Assign,
    # ApplyAdam, ...): their tensors show the ref dtype (float32_ref), their `_dtype` the
    # value's, which the ops taking them read (TF's ref inputs to value inputs)
    ref_output: bool = False
    # An op-specific rewrite of one node of this op (double transpose, a reshape to the
    # input's own shape, ...): `rewrite(node)` returns a tensor equal to the node's
    # output, a new `(inputs, attrs)` for the same op, `(op, inputs, attrs)` of another
    # op computing the same (a Slice of constants: a static StridedSlice), or None.
    rewrite: Callable | None = None

    # -- Dynamic shapes: what is known of the output's value at trace time. --
    # `fold(node, values)` from what is known of the inputs' values (nested lists of ints,
    # None where unknown); None for ops dynshape.py can't see through. With
    # `fold_partial` False, only fully known input values are folded (arithmetic).
    fold: Callable | None = None
    fold_partial: bool = True
    # Which of those folds TF's Python `constant_value` (fully known values) and
    # `constant_value_as_shape` (a partly known shape vector) also see through: a
    # SparseTensor's static shape is read with those, not with TF's C++ shape inference.
    tf_const_fold: bool = False
    tf_shape_fold: bool = False
    # TF's `constant_value` of the op where it sees through an op without a `fold` or
    # reads it otherwise (Range of any length and dtype, Equal, NotEqual, StopGradient,
    # Unpack of the first axis): `tf_const(node, values)`, its output's value from its
    # inputs' fully known values (nested lists), a tuple of them for several outputs; None
    # where TF's knows none. Read before `tf_const_fold`.
    tf_const: Callable | None = None

    # -- Ops that graphs build (If, While, Call, ...): how graph passes treat them. --
    no_fold: bool = False           # never constant-folded
    subgraphs: tuple = ()           # the sub-graphs the op runs (If's branches, ...)
    fn: Any = None                  # a Call op's ConcreteFunction (inlined by graph passes)
    # `replay(node, args, saved, skip_effects, env)`: how graph/replay.py re-runs the op
    replay: Callable | None = None
    without_effects: Callable | None = None  # the same op with its effects stripped
    save_outputs: bool = False      # its outputs are kept for its gradient (a loop's draws)
    replay_saved: Callable | None = None
    # `graph_form(inputs, attrs)`: the OpDef a graph's node of this op runs, chosen from
    # its inputs when it is made, as TF's graph rewrites choose another kernel for a node
    # (oneDNN's for a MaxPoolGrad of its MaxPool's output: nn_pool.py)
    graph_form: Callable | None = None

    # -- TF's XLA (tf.function(jit_compile=True)): what its compiler refuses where TF's
    # eager kernels compute (function/xla_refusals.py checks a function's graph). --
    # The dtypes of output 0 its XLA_CPU_JIT kernel takes (None: not recorded, taken as
    # all; (): it has no XLA kernel at all)
    xla_types: tuple | None = None
    # `xla_refuses(attrs)`: (error class, message) of its XLA kernel's refusal of the
    # node's attrs (a pool's explicit padding), or None
    xla_refuses: Callable | None = None

    def __post_init__(self) -> None:
        # (construction, not patching: the lazy sample lists and the ufunc default)
        object.__setattr__(self, "samples", _lazy(self.samples))
        object.__setattr__(self, "bad_samples", _lazy(self.bad_samples))
        if self.np_kernel is None and self.ufunc is not None:
            object.__setattr__(self, "np_kernel", self.ufunc)
        if self.ufunc is not None:
            object.__setattr__(self, "scalar_args", True)
        if self.refuses_bfloat16 is None:
            object.__setattr__(self, "refuses_bfloat16",
                               getattr(self.half_kernel, "refuses_bfloat16", False))
        if self.refuses_bfloat16:
            object.__setattr__(self, "kernel", _refusing_bfloat16(
                self.kernel, self.half_kernel, getattr(self.half_kernel, "refuses_half", False)))

    def __repr__(self) -> str:
        return f"OpDef({self.name})"


def _refusing_bfloat16(kernel: Callable, refuse: Callable, half: bool) -> Callable:
    """`kernel`, raising `refuse`'s error for bfloat16 data (the one dtype of kind "V" a
    kernel meets: such ops take float arrays), and for float16 where `half` (TF has no
    half kernel for the op on a GPU either: halfprec.refuse's gpu_half), wherever it runs."""
    def run(xp: Any, *arrays: Any, **attrs: Any) -> Any:
        d = arrays[0].dtype
        if d.kind == "V" or (half and d == np.float16):
            return refuse(*arrays)
        return kernel(xp, *arrays, **attrs)
    return run


_GAMMA = 0x9E3779B97F4A7C15
_MASK = 2**64 - 1


class SampleRNG:
    """Deterministic pseudo-random sample data (splitmix64), for OpDef samples.

    It spares `import eagerflow` the cost of importing numpy.random just to build sample
    inputs; `uniform` and `integers` follow the numpy Generator methods of the same names.
    """

    def __init__(self, seed: int) -> None:
        self._base = (int(seed) * _GAMMA + 1) & _MASK
        self._next = 0             # stream index of the next value
        self._buf: Any = None      # a block of the stream, from index _buf_start
        self._buf_start = 0

    def _bits(self, n: int) -> Any:
        """The next n values of the stream (value i is mix(base + (i + 1) * gamma)); drawn
        from blocks, since hundreds of small draws at import each cost a dozen NumPy calls."""
        i = self._next - self._buf_start
        if self._buf is None or i + n > len(self._buf):
            self._buf_start, i = self._next, 0
            self._buf = self._block(self._next, max(n, 4096))
        self._next += n
        return self._buf[i:i + n]

    def _block(self, first: int, m: int) -> Any:
        start = (self._base + first * _GAMMA) & _MASK
        with np.errstate(over="ignore"):
            z = np.uint64(start) + np.arange(1, m + 1, dtype=np.uint64) * np.uint64(_GAMMA)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))

    def uniform(self, low: float = 0.0, high: float = 1.0, size: Any = None) -> Any:
        shape = () if size is None else (size,) if isinstance(size, int) else tuple(size)
        u = (self._bits(math.prod(shape)) >> np.uint64(11)).astype(np.float64) * 2.0**-53
        out = (low + (high - low) * u).reshape(shape)
        return out[()] if size is None else out

    def integers(self, low: int, high: int, size: Any = None) -> Any:
        shape = () if size is None else (size,) if isinstance(size, int) else tuple(size)
        bits = self._bits(math.prod(shape))
        out = (low + (bits % np.uint64(high - low)).astype(np.int64)).reshape(shape)
        return out[()] if size is None else out

    def permutation(self, n: int) -> Any:
        """A random ordering of range(n) (distinct values, as max-pool samples need)."""
        return np.argsort(self._bits(n), kind="stable")


# op name -> the module that registers it, for the families `import eagerflow` leaves out
_LAZY_MODULE = {name: module for module, names in LAZY_OPS.items() for name in names}


class _Registry(dict):
    """op name -> OpDef. An op of a family not loaded yet is found all the same: looking it
    up imports the module that registers it (op_index.py), so `name in REGISTRY` and
    `REGISTRY[name]` answer for every op, loaded or not. Iterating sees the loaded ones."""

    def __missing__(self, name: str) -> OpDef:
        module = _LAZY_MODULE.get(name)
        if module is None:
            raise KeyError(name)
        importlib.import_module(f"eagerflow._src.ops.{module}")
        return dict.__getitem__(self, name)

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or name in _LAZY_MODULE

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default


REGISTRY: dict[str, OpDef] = _Registry()


def register(op: OpDef) -> OpDef:
    if dict.__contains__(REGISTRY, op.name):
        raise ValueError(f"op {op.name} is defined twice")
    REGISTRY[op.name] = op
    return op


def lacks_kernel(op: str, types: Any) -> bool:
    """Whether an eager call of `op` finds no kernel for `types` (its type attrs' values, as
    its OpDef's gpu_only_types holds them), which TF's CPU kernels lack: on the CPU always;
    on a GPU unless TF's GPU kernels take them (that OpDef field)."""
    return _state.xp is np or types not in REGISTRY[op].gpu_only_types


def _reference_copy(xp: Any, arr: Any) -> Any:
    """A copy of a reference's value on the device of the kernel (`xp`'s) that fetches it:
    a host variable's value goes to a GPU kernel's device, a GPU one's comes to the host."""
    if xp is np:
        return arr.copy() if type(arr) is np.ndarray else to_host(arr)
    out = xp.asarray(arr)
    return out.copy() if out is arr else out


def ref_form(op: OpDef, name: str, n: int = 1) -> OpDef:
    """TF 1's op `name` on reference variables that resource op `op` is the form of
    (ResourceApplyAdam: ApplyAdam; ResourceScatterUpdate: ScatterUpdate): a node taking
    the same variables (its first `n` inputs) and running the same kernel, whose output is
    the first variable's reference after it (a copy of its value when fetched). Not
    registered: tf.raw_ops' refs are TF's refusals."""
    def infer(*inputs: Any, **attrs: Any) -> list:
        op.infer(*inputs, **attrs)
        return [(inputs[0].shape._dims, inputs[0]._dtype)]

    def kernel(xp: Any, *inputs: Any, **attrs: Any) -> Any:
        op.kernel(xp, *inputs, **attrs)
        return _reference_copy(xp, inputs[0]._arr)

    def export(node: Any, w: Any) -> list:
        attrs = dict(node.attrs)
        if "dtype" in attrs:  # (a scatter's: TF 1's op calls it T)
            attrs["T"] = attrs.pop("dtype")
        return w.node(name, [w.resource(v) for v in node.inputs[:n]] +
                      [w.input(i) for i in range(n, len(node.inputs))], attrs, name=node.name)

    return replace(op, name=name, infer=infer, kernel=kernel, num_outputs=1, ref_output=True,
                   reference=None, samples=(), bad_samples=(), tf=TFForm(export=export))


def all_ops() -> list[OpDef]:
    """Every op of ops/, the families that load on first use included."""
    for module in LAZY_OPS:
        importlib.import_module(f"eagerflow._src.ops.{module}")
    return list(REGISTRY.values())


# The zero gradients a tape fills in for outputs no gradient reached (autodiff/tape.py's
# _filled), by id, held weakly: a gradient function skips the work they would feed
# without reading them (on a device a read back) and without tracing it (tf.function).
_FILLED_ZEROS: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def note_filled_zeros(z: Any) -> Any:
    """`z` (zeros a tape made for an unused output's gradient), known to is_filled_zeros."""
    _FILLED_ZEROS[id(z)] = z
    return z


def is_filled_zeros(g: Any) -> bool:
    """Whether `g` is a gradient note_filled_zeros was given."""
    return _FILLED_ZEROS.get(id(g)) is g
