"""Character error rate, pure Python (usable from the system python3 and from the OCR venv).

CER = Levenshtein distance(hypothesis, reference) / len(reference), both with all whitespace
removed. An empty reference gives 0.0 for an empty hypothesis and 1.0 otherwise.

`fold` (default True) also folds full-width ASCII forms to ASCII with NFKC-style width folding
of punctuation only for the characters listed in FOLD (，→, is NOT folded: a Chinese comma is a
different character for a reader). It only maps the full-width Latin letters, digits and the
few punctuation marks an OCR engine emits in either width without meaning anything different:
！→!, ？→?, ：→:, ；→;, （→(, ）→). Pass fold=False for the strict definition.
"""
from __future__ import annotations

FOLD = {ord("！"): "!", ord("？"): "?", ord("："): ":", ord("；"): ";", ord("（"): "(", ord("）"): ")"}
for _c in range(0xFF10, 0xFF5B):  # ０-９ Ａ-Ｚ ［＼］＾＿｀ ａ-... up to ｚ's block start
    _ch = chr(_c)
    if _ch.isalnum():
        FOLD[_c] = chr(_c - 0xFEE0)
for _c in range(0xFF41, 0xFF5B):
    FOLD[_c] = chr(_c - 0xFEE0)


def normalize(text: str, fold: bool = True) -> str:
    s = "".join(text.split())
    if fold:
        s = s.translate(FOLD)
    return s


def levenshtein(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def cer(hypothesis: str, reference: str, fold: bool = True) -> float:
    h = normalize(hypothesis, fold)
    r = normalize(reference, fold)
    if not r:
        return 0.0 if not h else 1.0
    return levenshtein(h, r) / len(r)


def errors(hypothesis: str, reference: str, fold: bool = True) -> tuple[int, int]:
    """(edit distance, reference length): sum these over pages for a pooled CER."""
    h = normalize(hypothesis, fold)
    r = normalize(reference, fold)
    return levenshtein(h, r), len(r)


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 3:
        sys.exit("usage: cer.py HYPOTHESIS_FILE REFERENCE_FILE")
    hyp = open(sys.argv[1], encoding="utf-8").read()
    ref = open(sys.argv[2], encoding="utf-8").read()
    print(f"{cer(hyp, ref):.4f}")
