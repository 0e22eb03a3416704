"""Writes eagerflow/_src/ops/unicode_scripts.txt, tf.strings.unicode_script's table, from the
Unicode Character Database: each code point's Script property numbered as ICU's UScriptCode
numbers it, as of the Unicode version of the ICU that TF 2.21 links (13.0: a code point
assigned later is Unknown to it). No TensorFlow needed; tests/ops/test_unicode_script.py
checks the table against TF's output for every code point (unicode_script_golden.json).

The data: perl's copy of the UCD (`unicore/To/Sc.pl` and `To/Age.pl`, in every Debian's
perl-base) or the UCD's own `Scripts.txt` and `DerivedAge.txt`, of Unicode 13.0 or later:

    python tests/ops/make_unicode_scripts.py [/usr/lib/x86_64-linux-gnu/perl-base/unicore]
"""

from __future__ import annotations

import glob
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "eagerflow/_src/ops/unicode_scripts.txt"
sys.path.insert(0, str(ROOT))

from tests.golden_io import write_text  # noqa: E402

# The Unicode version of TF 2.21's ICU: its script data ends there.
TF_UNICODE = (13, 0)

# ICU's UScriptCode number of each script Unicode's Script property names (ICU's enum
# also numbers scripts Unicode lacks, such as Blissymbols 64, which no code point has).
ICU_SCRIPT_CODES = {
    "Common": 0, "Inherited": 1, "Arabic": 2, "Armenian": 3, "Bengali": 4, "Bopomofo": 5,
    "Cherokee": 6, "Coptic": 7, "Cyrillic": 8, "Deseret": 9, "Devanagari": 10, "Ethiopic": 11,
    "Georgian": 12, "Gothic": 13, "Greek": 14, "Gujarati": 15, "Gurmukhi": 16, "Han": 17,
    "Hangul": 18, "Hebrew": 19, "Hiragana": 20, "Kannada": 21, "Katakana": 22, "Khmer": 23,
    "Lao": 24, "Latin": 25, "Malayalam": 26, "Mongolian": 27, "Myanmar": 28, "Ogham": 29,
    "Old_Italic": 30, "Oriya": 31, "Runic": 32, "Sinhala": 33, "Syriac": 34, "Tamil": 35,
    "Telugu": 36, "Thaana": 37, "Thai": 38, "Tibetan": 39, "Canadian_Aboriginal": 40, "Yi": 41,
    "Tagalog": 42, "Hanunoo": 43, "Buhid": 44, "Tagbanwa": 45, "Braille": 46, "Cypriot": 47,
    "Limbu": 48, "Linear_B": 49, "Osmanya": 50, "Shavian": 51, "Tai_Le": 52, "Ugaritic": 53,
    "Buginese": 55, "Glagolitic": 56, "Kharoshthi": 57, "Syloti_Nagri": 58, "New_Tai_Lue": 59,
    "Tifinagh": 60, "Old_Persian": 61, "Balinese": 62, "Batak": 63, "Brahmi": 65, "Cham": 66,
    "Egyptian_Hieroglyphs": 71, "Pahawh_Hmong": 75, "Old_Hungarian": 76, "Javanese": 78,
    "Kayah_Li": 79, "Lepcha": 82, "Linear_A": 83, "Mandaic": 84, "Meroitic_Hieroglyphs": 86,
    "Nko": 87, "Old_Turkic": 88, "Old_Permic": 89, "Phags_Pa": 90, "Phoenician": 91, "Miao": 92,
    "Vai": 99, "Cuneiform": 101, "Unknown": 103, "Carian": 104, "Tai_Tham": 106, "Lycian": 107,
    "Lydian": 108, "Ol_Chiki": 109, "Rejang": 110, "Saurashtra": 111, "SignWriting": 112,
    "Sundanese": 113, "Meetei_Mayek": 115, "Imperial_Aramaic": 116, "Avestan": 117,
    "Chakma": 118, "Kaithi": 120, "Manichaean": 121, "Inscriptional_Pahlavi": 122,
    "Psalter_Pahlavi": 123, "Inscriptional_Parthian": 125, "Samaritan": 126, "Tai_Viet": 127,
    "Bamum": 130, "Lisu": 131, "Old_South_Arabian": 133, "Bassa_Vah": 134, "Duployan": 135,
    "Elbasan": 136, "Grantha": 137, "Mende_Kikakui": 140, "Meroitic_Cursive": 141,
    "Old_North_Arabian": 142, "Nabataean": 143, "Palmyrene": 144, "Khudawadi": 145,
    "Warang_Citi": 146, "Mro": 149, "Nushu": 150, "Sharada": 151, "Sora_Sompeng": 152,
    "Takri": 153, "Tangut": 154, "Anatolian_Hieroglyphs": 156, "Khojki": 157, "Tirhuta": 158,
    "Caucasian_Albanian": 159, "Mahajani": 160, "Ahom": 161, "Hatran": 162, "Modi": 163,
    "Multani": 164, "Pau_Cin_Hau": 165, "Siddham": 166, "Adlam": 167, "Bhaiksuki": 168,
    "Marchen": 169, "Newa": 170, "Osage": 171, "Masaram_Gondi": 175, "Soyombo": 176,
    "Zanabazar_Square": 177, "Dogra": 178, "Gunjala_Gondi": 179, "Makasar": 180,
    "Medefaidrin": 181, "Hanifi_Rohingya": 182, "Sogdian": 183, "Old_Sogdian": 184,
    "Elymaic": 185, "Nyiakeng_Puachue_Hmong": 186, "Nandinagari": 187, "Wancho": 188,
    "Chorasmian": 189, "Dives_Akuru": 190, "Khitan_Small_Script": 191, "Yezidi": 192,
}

# Code points whose Script a later Unicode changed: their script as of TF_UNICODE.
# (Unicode 14 made U+16FE2 OLD CHINESE HOOK MARK and U+16FE3 OLD CHINESE ITERATION MARK Han.)
CHANGED = {0x16FE2: "Common", 0x16FE3: "Common"}


def _perl_rows(path: Path) -> list[tuple[int, int, str]]:
    """(first, last, value) of a perl unicore/To table: tab-separated hex range and value."""
    body = path.read_text().split("<<'END';\n", 1)[1].split("\nEND\n", 1)[0]
    rows = []
    for line in body.splitlines():
        first, last, value = line.split("\t")
        rows.append((int(first, 16), int(last or first, 16), value))
    return rows


def _ucd_rows(path: Path) -> list[tuple[int, int, str]]:
    """(first, last, value) of a UCD property file: `0041..005A ; Latin # comment`."""
    rows = []
    for line in path.read_text().splitlines():
        found = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*([\w.]+)", line)
        if found:
            first, last, value = found.groups()
            rows.append((int(first, 16), int(last or first, 16), value))
    return rows


def _source(where: Path) -> tuple[list, list, str]:
    """The Script and Age rows, and the UCD version, from a perl unicore or UCD folder."""
    if (where / "To" / "Sc.pl").is_file():
        version = (where / "version").read_text().strip() if (where / "version").is_file() \
            else re.search(r"database, Version ([\d.]*\d)",
                           (where / "To" / "Sc.pl").read_text()).group(1)
        return _perl_rows(where / "To" / "Sc.pl"), _perl_rows(where / "To" / "Age.pl"), version
    if (where / "Scripts.txt").is_file():
        version = re.search(r"Scripts-([\d.]+)\.txt", (where / "Scripts.txt").read_text())
        return (_ucd_rows(where / "Scripts.txt"), _ucd_rows(where / "DerivedAge.txt"),
                version.group(1) if version else "?")
    raise SystemExit(f"no Unicode data in {where} (perl's unicore or the UCD's Scripts.txt)")


def default_source() -> Path | None:
    """Perl's unicore folder on this machine, if there is one."""
    for pattern in ("/usr/lib/*/perl-base/unicore", "/usr/share/perl/*/unicore",
                    "/usr/lib/perl5/*/unicore", "/usr/share/perl5/unicore"):
        for found in sorted(glob.glob(pattern)):
            if (Path(found) / "To" / "Sc.pl").is_file():
                return Path(found)
    return None


def table_text(where: Path) -> str:
    """The table file's text, from the Unicode data in `where`."""
    scripts, ages, version = _source(where)
    if tuple(int(v) for v in version.split(".")[:2]) < TF_UNICODE:
        raise SystemExit(f"Unicode {version} predates TF's ICU's {TF_UNICODE}")
    known = bytearray(0x110000)  # assigned by TF_UNICODE (others are Unknown to TF's ICU)
    for first, last, age in ages:
        if tuple(int(v) for v in age.split(".")[:2]) <= TF_UNICODE:
            known[first:last + 1] = b"\1" * (last - first + 1)
    names = ["Unknown"] * 0x110000  # (code points no row lists)
    for first, last, name in scripts:
        names[first:last + 1] = [name] * (last - first + 1)
    for cp, name in CHANGED.items():
        names[cp] = name
    lines = ["# tf.strings.unicode_script's table, written by tests/ops/make_unicode_scripts.py",
             f"# from Unicode {version}'s Script property as of Unicode "
             f"{'.'.join(map(str, TF_UNICODE))} (TF 2.21's ICU),",
             "# numbered as ICU's UScriptCode: each line is the first code point (hex) of a run",
             "# and the script of the run, up to the next line's code point; code points",
             "# outside 0..10FFFF have the script -1."]
    last_code = None
    for cp in range(0x110000):
        code = ICU_SCRIPT_CODES[names[cp] if known[cp] else "Unknown"]
        if code != last_code:
            lines.append(f"{cp:X} {code}")
            last_code = code
    return "\n".join(lines) + "\n"


def main() -> None:
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else default_source()
    if where is None:
        raise SystemExit("no Unicode data found: give perl's unicore or a UCD folder")
    write_text(OUT, table_text(where))


if __name__ == "__main__":
    main()
