"""RE2's regular expressions (TF's tf.strings.regex_replace / regex_full_match) on Python's re.

Ops layer, under string_ops.py. TF matches with RE2 in UTF-8 mode, whose syntax and
semantics differ from Python's: no lookaround or backreferences (RE2 refuses them with its
own messages), `\\d \\w \\s \\b` and the POSIX classes are ASCII, `$` is the end of the text,
`\\pL`/`\\p{Greek}` classes, `(?U)`, `\\Q...\\E`, `\\C`, flags set mid-group, a literal `{`
where no repetition parses, and a global replace steps past an empty match just after the
previous match. translate() parses an RE2 pattern and writes the Python pattern meaning the
same (a str pattern over the text decoded as UTF-8, or a bytes one where bytes mean the same),
raising RE2's error (TF's "Invalid pattern: ..., error: ..." message) for what RE2 refuses.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Any, Callable

from eagerflow._src.core.errors import InvalidArgumentError, holds_raw_bytes

try:  # (the parser Python's re compiles with: the widths of a pattern's matches)
    from re import _parser as _sre_parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_parse as _sre_parser  # type: ignore[no-redef]

MAX_REPEAT = 1000
_WORD = [(48, 57), (65, 90), (95, 95), (97, 122)]
_PERL = {"d": [(48, 57)], "w": _WORD, "s": [(9, 10), (12, 13), (32, 32)]}
_POSIX = {
    "alnum": [(48, 57), (65, 90), (97, 122)], "alpha": [(65, 90), (97, 122)],
    "ascii": [(0, 127)], "blank": [(9, 9), (32, 32)], "cntrl": [(0, 31), (127, 127)],
    "digit": [(48, 57)], "graph": [(33, 126)], "lower": [(97, 122)], "print": [(32, 126)],
    "punct": [(33, 47), (58, 64), (91, 96), (123, 126)], "space": [(9, 13), (32, 32)],
    "upper": [(65, 90)], "word": _WORD, "xdigit": [(48, 57), (65, 70), (97, 102)],
}
_CATEGORIES = ("L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
               "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So",
               "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf", "Cs", "Co")
# ICU's UScriptCode numbers of the scripts RE2 names (unicode_scripts.txt's numbering)
_SCRIPTS = ("Common", "Inherited", "Arabic", "Armenian", "Bengali", "Bopomofo", "Cherokee",
            "Coptic", "Cyrillic", "Deseret", "Devanagari", "Ethiopic", "Georgian", "Gothic",
            "Greek", "Gujarati", "Gurmukhi", "Han", "Hangul", "Hebrew", "Hiragana", "Kannada",
            "Katakana", "Khmer", "Lao", "Latin", "Malayalam", "Mongolian", "Myanmar", "Ogham",
            "Old_Italic", "Oriya", "Runic", "Sinhala", "Syriac", "Tamil", "Telugu", "Thaana",
            "Thai", "Tibetan")


class Re2Error(Exception):
    """RE2's parse error: its message and the piece of the pattern it names."""

    def __init__(self, what: str, arg: str | None) -> None:
        super().__init__(what if arg is None else f"{what}: {arg}")


def _complement(ranges: list) -> list:
    out, nxt = [], 0
    for lo, hi in sorted(ranges):
        if lo > nxt:
            out.append((nxt, lo - 1))
        nxt = max(nxt, hi + 1)
    if nxt <= 0x10FFFF:
        out.append((nxt, 0x10FFFF))
    return out


@functools.cache
def _category_runs() -> tuple:
    """(first code point, general category) of each run of one category over all of
    Unicode: the one scan of 1.1M code points (~0.3 s) that every category's class reads."""
    runs: list = []
    category, previous = unicodedata.category, None
    for cp in range(0x110000):
        c = category(chr(cp))
        if c != previous:
            runs.append((cp, c))
            previous = c
    return tuple(runs)


@functools.cache
def _unicode_class(name: str) -> tuple:
    """The code point ranges of a general category or script RE2 knows, or None."""
    if name == "Any":
        return ((0, 0x10FFFF),)
    if name in _CATEGORIES:
        ranges: list = []
        runs = _category_runs()
        for (lo, category), (end, _) in zip(runs, runs[1:] + ((0x110000, None),)):
            if category.startswith(name):
                if ranges and ranges[-1][1] == lo - 1:
                    ranges[-1] = (ranges[-1][0], end - 1)
                else:
                    ranges.append((lo, end - 1))
        return tuple(ranges)
    if name in _SCRIPTS:
        code = _SCRIPTS.index(name)
        rows = [line.split() for line in
                Path(__file__).with_name("unicode_scripts.txt").read_text().splitlines()
                if line and not line.startswith("#")]
        starts = [int(s, 16) for s, _ in rows] + [0x110000]
        return tuple((starts[k], starts[k + 1] - 1) for k, (_, c) in enumerate(rows)
                     if int(c) == code)
    return None


def _cp(c: int) -> str:
    return re.escape(chr(c)) if c < 128 else f"\\U{c:08x}"


# The text is decoded with surrogateescape: an invalid UTF-8 byte is one of these code
# points, which no RE2 class (nor `.`) matches in UTF-8 mode; only \C does.
_ESCAPED = (0xDC80, 0xDCFF)
_ANY_CHAR = "[^\\udc80-\\udcff]"
_ANY_BUT_NEWLINE = "[^\\n\\udc80-\\udcff]"


def _without_escaped(ranges: list) -> list:
    lo_x, hi_x = _ESCAPED
    out = []
    for lo, hi in ranges:
        if hi < lo_x or lo > hi_x:
            out.append((lo, hi))
            continue
        if lo < lo_x:
            out.append((lo, lo_x - 1))
        if hi > hi_x:
            out.append((hi_x + 1, hi))
    return out


def _class_text(ranges: list, negated: bool = False) -> str:
    ranges = _merge(list(ranges) + [_ESCAPED]) if negated else _without_escaped(ranges)
    if not ranges:
        return "(?!)"
    items = "".join(_cp(lo) if lo == hi else f"{_cp(lo)}-{_cp(hi)}" for lo, hi in ranges)
    return f"[{'^' if negated else ''}{items}]"


class _Parser:
    """One pass over an RE2 pattern, writing the Python pattern."""

    def __init__(self, pattern: str) -> None:
        self.p = pattern
        self.i = 0
        self.out: list = []
        self.flags = {"i": False, "m": False, "s": False, "U": False}
        # per open group: (saved flags, number of flag wrappers opened inside it)
        self.groups: list = []
        self.wrappers: list = [[]]  # the flag groups opened in each group, to reopen at `|`
        self.unicode = not pattern.isascii()
        self.bytewise = False  # a \\C (one byte, even inside a character) seen
        self.can_repeat = False      # an operand precedes
        self.operand_at = 0          # where in `out` the last operand starts
        self.names: set = set()
        self.last_repeat: int | None = None
        # RE2 refuses nested counted repetitions whose counts multiply past MAX_REPEAT: the
        # largest product inside the current group's finished operands, the last operand's
        # own, and the enclosing groups' two saved
        self.group_product = 1
        self.operand_product = 1
        self.products: list = []

    def fail(self, what: str, arg: str | None) -> None:
        raise Re2Error(what, arg)

    def parse(self) -> str:
        p = self.p
        while self.i < len(p):
            c = p[self.i]
            if c in "*+?{":
                if self._repeat():
                    continue
                self.last_repeat = None  # a `{` that is no repetition is itself
                self._operand(re.escape(c))
                self.i += 1
                continue
            self.last_repeat = None
            if c == "\\":
                self._escape()
            elif c == "[":
                self._operand(self._char_class())
            elif c == "(":
                self._open_group()
            elif c == ")":
                self._close_group()
            elif c == "|":
                self._close_wrappers()
                self.out.append("|")
                self._reopen_wrappers()
                self.can_repeat = False
                self.i += 1
            elif c == ".":
                self.unicode = True
                self._operand(_ANY_CHAR if self.flags["s"] else _ANY_BUT_NEWLINE)
                self.i += 1
            elif c == "^":
                self._operand("(?:(?m:^))" if self.flags["m"] else "(?:\\A)")
                self.i += 1
            elif c == "$":
                self._operand("(?:(?m:$))" if self.flags["m"] else "(?:\\Z)")
                self.i += 1
            else:
                self._operand(re.escape(c))
                self.i += 1
        if self.groups:
            self.fail("missing )", p)
        self._close_wrappers()
        return "".join(self.out)

    def _operand(self, text: str) -> None:
        self.group_product = max(self.group_product, self.operand_product)
        self.operand_product = 1
        self.operand_at = len(self.out)
        self.out.append(text)
        self.can_repeat = True

    # -- repetition -------------------------------------------------------------------
    def _repeat(self) -> bool:
        p, start = self.p, self.i
        c = p[start]
        if c == "{":
            m = re.compile(r"\{(\d+)(,(\d*))?\}").match(p, start)
            if m is None:
                return False
            lo = int(m.group(1))
            hi = lo if m.group(2) is None else (int(m.group(3)) if m.group(3) else -1)
            end = m.end()
            op = m.group(0)
        else:
            end, op, lo, hi = start + 1, c, 0, 0
        lazy = end < len(p) and p[end] == "?"
        if lazy:
            end += 1
        # (RE2's checks in its order; it names a count with its `?`)
        if self.last_repeat is not None:
            self.fail("bad repetition operator", p[self.last_repeat:end])
        if lo > MAX_REPEAT or hi > MAX_REPEAT or (hi >= 0 and lo > hi):
            self.fail("invalid repetition size", p[start:end])
        if not self.can_repeat:
            self.fail("no argument for repetition operator", p[start:end])
        if c == "{":
            # nested counts multiply (one unbounded above counts by its minimum)
            self.operand_product *= max(hi if hi >= 0 else lo, 1)
            if max(lo, hi) >= 2 and self.operand_product > MAX_REPEAT:
                self.fail("invalid repetition size", p[start:end])
        # (an empty-width operand repeated is taken by RE2: grouped for Python)
        self.out[self.operand_at:] = ["(?:" + "".join(self.out[self.operand_at:]) + ")"]
        self.out.append(op + ("?" if lazy != self.flags["U"] else ""))
        self.last_repeat, self.i = start, end
        return True

    # -- groups and flags -------------------------------------------------------------
    def _open_group(self) -> None:
        p, start = self.p, self.i
        if p.startswith("(?", start):
            if p.startswith("(?P<", start):
                end = p.find(">", start)
                name = p[start + 4:end] if end >= 0 else None
                if end < 0 or not _capture_name(name):
                    self.fail("invalid named capture group", p[start:end + 1] if end >= 0
                              else p[start:])
                # (no rewrite names a group, so the group is captured unnamed: Python's
                # names are narrower than RE2's, and RE2 takes a name twice)
                self._push("(")
                self.names.add(name)
                self.i = end + 1
                return
            self._flags(start)
            return
        self._push("(")
        self.i = start + 1

    def _push(self, text: str) -> None:
        self.products.append((self.group_product, self.operand_product))
        self.group_product = self.operand_product = 1
        self.groups.append((dict(self.flags), len(self.out)))
        self.wrappers.append([])
        self.out.append(text)
        self.can_repeat = False

    def _flags(self, start: int) -> None:
        p, i = self.p, start + 2
        on, negated, saw = {}, False, False
        while True:
            if i >= len(p):
                self.fail("invalid perl operator", p[start:i])
            c = p[i]
            i += 1
            if c in "imsU":
                on[c] = not negated
                saw = True
            elif c == "-":
                if negated:
                    self.fail("invalid perl operator", p[start:i])
                negated, saw = True, False
            elif c in ":)":
                if negated and not saw:
                    self.fail("invalid perl operator", p[start:i])
                break
            else:
                self.fail("invalid perl operator", p[start:i])
        self.i = i
        py = {k: v for k, v in on.items() if k != "U"}
        if py.get("i"):
            self.unicode = True
        text = "(?" + "".join(k for k, v in py.items() if v) + \
            ("-" + "".join(k for k, v in py.items() if not v) if not all(py.values())
             else "") + ":" if py else "(?:"
        if c == ":":
            self._push(text)
            self.flags.update(on)
        else:  # the rest of the enclosing group takes the flags
            self.flags.update(on)
            if py:
                self.out.append(text)
                self.wrappers[-1].append(text)
            self.can_repeat = False

    def _close_wrappers(self) -> None:
        self.out.append(")" * len(self.wrappers[-1]))

    def _reopen_wrappers(self) -> None:
        self.out.append("".join(self.wrappers[-1]))

    def _close_group(self) -> None:
        if not self.groups:
            self.fail("unexpected )", self.p)
        self._close_wrappers()
        self.flags, self.operand_at = self.groups.pop()
        inner = max(self.group_product, self.operand_product)
        outer, before = self.products.pop()
        self.group_product, self.operand_product = max(outer, before), inner
        self.wrappers.pop()
        self.out.append(")")
        self.can_repeat = True
        self.i += 1

    # -- escapes ----------------------------------------------------------------------
    def _escape(self) -> None:
        p, start = self.p, self.i
        if start + 1 >= len(p):
            self.fail("trailing \\", None)
        c = p[start + 1]
        if c == "Q":  # literal text up to \E
            end = p.find("\\E", start + 2)
            text = p[start + 2:] if end < 0 else p[start + 2:end]
            self.i = len(p) if end < 0 else end + 2
            for ch in text:
                self._operand(re.escape(ch))
            return
        if c in "AzbBC":
            self.i = start + 2
            if c == "C":  # (one byte: a bytes pattern's any, unless characters are needed)
                self.bytewise = True
                self._operand("(?s:.)")
            elif c == "b" or c == "B":
                w = "[0-9A-Za-z_]"
                self._operand(f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))" if c == "b" else
                              f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))")
            else:
                self._operand("(?:\\A)" if c == "A" else "(?:\\Z)")
            return
        ranges, negated = self._class_escape()
        if negated or any(hi > 127 for _, hi in ranges):
            self.unicode = True
        self._operand(_class_text(ranges, negated))

    def _class_escape(self) -> tuple:
        """An escape standing for a set of code points (at self.i, a backslash): its
        ranges and whether they are negated; self.i moves past it."""
        p, start = self.p, self.i
        if start + 1 >= len(p):
            self.fail("trailing \\", None)
        c = p[start + 1]
        self.i = start + 2
        if c.lower() in _PERL:
            return _PERL[c.lower()], c.isupper()
        if c in "pP":
            if self.i < len(p) and p[self.i] == "{":
                end = p.find("}", self.i)
                if end < 0:
                    self.fail("invalid character class range", p[start:])
                name, self.i = p[self.i + 1:end], end + 1
            elif self.i < len(p):
                name, self.i = p[self.i], self.i + 1
            else:
                self.fail("invalid character class range", p[start:])
            negated = c == "P"
            if name.startswith("^"):
                name, negated = name[1:], not negated
            ranges = _unicode_class(name)
            if ranges is None:
                self.fail("invalid character class range", p[start:self.i])
            self.unicode = True
            return list(ranges), negated
        value = self._char_escape(start)
        return [(value, value)], False

    def _char_escape(self, start: int) -> int:
        """A single character escape (\\n, \\x41, \\x{263a}, \\012, \\.): its code point."""
        p = self.p
        c = p[start + 1]
        simple = {"a": 7, "f": 12, "t": 9, "n": 10, "r": 13, "v": 11}
        if c in simple:
            value = simple[c]
        elif c == "x":
            if self.i < len(p) and p[self.i] == "{":
                value = self._braced_hex(start, self.i + 1)
            else:
                digits = p[self.i:self.i + 2]
                if not re.fullmatch(r"[0-9A-Fa-f]{2}", digits):
                    self.fail("invalid escape sequence", p[start:self.i + len(digits)])
                value, self.i = int(digits, 16), self.i + 2
        elif c in "01234567":
            # \1-\7 alone are backreferences (refused); with more digits, octal
            m = re.compile(r"[0-7]{1,3}").match(p, start + 1)
            if c != "0" and len(m.group(0)) == 1:
                self.fail("invalid escape sequence", p[start:start + 2])
            value, self.i = int(m.group(0), 8), m.end()
        elif ord(c) < 128 and not c.isalnum():
            value = ord(c)
        else:
            self.fail("invalid escape sequence", p[start:start + 2])
        return value

    def _braced_hex(self, start: int, i: int) -> int:
        """The code point of `\\x{...}` (its digits from i); self.i moves past it. RE2
        reads a digit at a time and names the escape up to where it stopped: at the digit
        that took the value past U+10FFFF, or the first character no hex digit."""
        p = self.p
        if i >= len(p):
            self.fail("invalid UTF-8", None)
        value, digits = 0, 0
        c, i = p[i], i + 1
        while c in "0123456789abcdefABCDEF":
            digits += 1
            value = value * 16 + int(c, 16)
            if value > 0x10FFFF or i >= len(p):
                self.fail("invalid escape sequence", p[start:i])
            c, i = p[i], i + 1
        if c != "}" or not digits:
            self.fail("invalid escape sequence", p[start:i])
        self.i = i
        return value

    # -- character classes ------------------------------------------------------------
    def _char_class(self) -> str:
        p, start = self.p, self.i
        i = start + 1
        negated = i < len(p) and p[i] == "^"
        if negated:
            i += 1
        ranges: list = []
        first = True
        while True:
            if i >= len(p):
                self.fail("missing ]", p[start:])
            c = p[i]
            if c == "]" and not first:
                i += 1
                break
            first = False
            if c == "[" and p.startswith("[:", i):
                end = p.find(":]", i + 2)
                if end >= 0:
                    name = p[i + 2:end]
                    neg = name.startswith("^")
                    cls = _POSIX.get(name[1:] if neg else name)
                    if cls is None:
                        self.fail("invalid character class range", p[i:end + 2])
                    ranges += _complement(cls) if neg else cls
                    i = end + 2
                    continue
            if c == "\\" and i + 1 < len(p) and p[i + 1] in "dDwWsSpP":
                self.i = i
                cls, neg = self._class_escape()
                ranges += _complement(cls) if neg else cls
                i = self.i
                continue
            range_start = i
            lo, i = self._class_char(i)
            if i + 1 < len(p) and p[i] == "-" and p[i + 1] != "]":
                hi, i = self._class_char(i + 1)
                if hi < lo:
                    self.fail("invalid character class range", p[range_start:i])
                ranges.append((lo, hi))
            else:
                ranges.append((lo, lo))
        self.i = i
        merged = _merge(ranges)
        if negated or any(hi > 127 for _, hi in merged):
            self.unicode = True
        if self.flags["i"]:
            self.unicode = True
        return _class_text(merged, negated)

    def _class_char(self, i: int) -> tuple:
        p = self.p
        if p[i] == "\\":
            if i + 1 >= len(p):
                self.fail("trailing \\", None)
            if p[i + 1] in "dDwWsSpP":
                self.fail("invalid escape sequence", p[i:i + 2])
            self.i = i + 2
            value = self._char_escape(i)
            return value, self.i
        return ord(p[i]), i + 1


def _capture_name(name: str | None) -> bool:
    """Whether RE2 takes `name` for a group: letters, marks, decimal digits and connector
    punctuation (any first), not empty."""
    return bool(name) and all(unicodedata.category(ch) in _NAME_CATEGORIES for ch in name)


_NAME_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Nl", "Mn", "Mc", "Nd", "Pc"}


def _merge(ranges: list) -> list:
    out: list = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


class Pattern:
    """An RE2 pattern ready to run on bytes: fullmatch and replace as RE2 does them."""

    def __init__(self, pattern: str) -> None:
        parser = _Parser(pattern)
        text = parser.parse()
        self.unicode = parser.unicode
        self.rx = re.compile(text) if self.unicode else re.compile(text.encode())
        self.groups = self.rx.groups
        # RE2's global replace differs from re.sub only where an empty match can be found
        # (a bytes pattern's search starts at every byte, as RE2's: an empty-width match
        # can fall inside a character, \B between two bytes of one)
        self.empty = _min_width(text) == 0

    def decode(self, v: bytes) -> Any:
        return v.decode("utf-8", errors="surrogateescape") if self.unicode else v

    def encode(self, v: Any) -> bytes:
        return v.encode("utf-8", errors="surrogateescape") if self.unicode else v

    def fullmatch(self, v: bytes) -> bool:
        return self.rx.fullmatch(self.decode(v)) is not None

    def replacer(self, template: str, replace_global: bool) -> Callable:
        """v -> v with the first or every match replaced by the (Python) template."""
        rw: Any = template if self.unicode else template.encode("utf-8", "surrogateescape")
        rx, dec, enc = self.rx, self.decode, self.encode
        if not replace_global or not self.empty:
            count = 0 if replace_global else 1
            if not self.unicode:
                return lambda v: rx.sub(rw, v, count=count)
            return lambda v: enc(rx.sub(rw, dec(v), count=count))
        return lambda v: enc(_global_replace(rx, rw, dec(v)))


def _global_replace(rx: Any, rw: Any, text: Any) -> Any:
    """RE2's GlobalReplace: an empty match just where the previous match ended is skipped
    (the next character copied instead: a UTF-8 one in bytes, else one byte)."""
    out, pos, last_end, n = [], 0, -1, len(text)
    while pos <= n:
        m = rx.search(text, pos)
        if m is None:
            break
        if m.start() == m.end() == last_end:
            step = _rune_length(text, pos) if isinstance(text, bytes) else 1
            out.append(text[pos:pos + step])
            pos += step
            continue
        out.append(text[pos:m.start()])
        out.append(m.expand(rw))
        pos = last_end = m.end()
    out.append(text[pos:])
    return text[:0].join(out)


def _rune_length(text: bytes, pos: int) -> int:
    """The bytes of the UTF-8 character at `pos` as RE2's chartorune reads one (no overlong
    form, nothing past U+10FFFF; surrogates taken), 1 where none decodes there."""
    lead = text[pos] if pos < len(text) else 0
    n = 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else \
        4 if 0xF0 <= lead <= 0xF4 else 1
    tail = text[pos + 1:pos + n]
    if n == 1 or len(tail) != n - 1 or any(not 0x80 <= b <= 0xBF for b in tail):
        return 1
    low, high = {0xE0: (0xA0, 0xBF), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}.get(
        lead, (0x80, 0xBF))
    return n if low <= tail[0] <= high else 1


def _min_width(text: str) -> int:
    """The fewest characters a match takes (0: RE2's empty-match rule matters)."""
    try:
        return _sre_parser.parse(text).getwidth()[0]
    except Exception:  # noqa: BLE001 - unknown: take RE2's loop, right in every case
        return 0


@functools.lru_cache(maxsize=256)
def compile_re2(pattern: str, op: str) -> Pattern:
    """The pattern, or TF's InvalidArgumentError naming RE2's error and `op`. RE2 reads
    the pattern as UTF-8 first: invalid bytes (their surrogate escapes) are its "invalid
    UTF-8", the bytes kept in the message (TF's Python then fails to decode it)."""
    if holds_raw_bytes(pattern):
        raise InvalidArgumentError(None, None, f"Invalid pattern: {pattern}, error: invalid "
                                               f"UTF-8 [Op:{op}]")
    try:
        return Pattern(pattern)
    except Re2Error as e:
        raise InvalidArgumentError(None, None, f"Invalid pattern: {pattern}, error: {e} "
                                               f"[Op:{op}]") from None
    except re.error as e:  # what RE2 takes but Python's re cannot express
        raise InvalidArgumentError(None, None, f"Invalid pattern: {pattern}, error: {e} "
                                               f"[Op:{op}]") from None
