#!/usr/bin/env python3
"""A stand-in for the Umbrella server, following the reader contract in Tests/Browser/README.md.

It serves Public/ and fakes the few pages and API endpoints the scripts and the browser tests use,
so the front end can be developed and tested without a Swift build:

    python3 Tests/Browser/mock_server.py --port 8099
    UMBRELLA_MOCK=1 python3 Tests/Browser/run.py      # the browser tests against it

The reader page takes query overrides for trying the styles: ?theme=dark|light|system,
?lang=zh-Hans, ?pinyin=all|beyond|off, ?tones=on, ?font=14|16|18|20, ?window=all.
Segmentation uses jieba and pinyin uses pypinyin when installed (both are in
scripts/requirements.txt), else a greedy HSK-word match and no pinyin.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import sys
import threading
import time
import uuid
from datetime import datetime, timezone
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT / "Public"
DATA = ROOT / "Data"
PAGE_CHARS = 500
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

try:  # optional helpers
    import jieba  # type: ignore

    jieba.setLogLevel(60)
except ImportError:  # pragma: no cover
    jieba = None
try:
    from pypinyin import Style, pinyin as to_pinyin  # type: ignore
except ImportError:  # pragma: no cover
    to_pinyin = None


def now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def load_words() -> dict[str, tuple[int | None, int | None]]:
    words: dict[str, tuple[int | None, int | None]] = {}
    for name, index in (("hsk30-words.tsv", 0), ("hsk20-words.tsv", 1)):
        path = DATA / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) < 2 or not parts[1].isdigit():
                continue
            levels = list(words.get(parts[0], (None, None)))
            levels[index] = int(parts[1])
            words[parts[0]] = (levels[0], levels[1])
    return words


def load_sentences() -> list[tuple[int, str, str, str]]:
    rows = []
    path = DATA / "sentences.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 6 and parts[1].isdigit():
            rows.append((int(parts[1]), parts[2], parts[4], parts[5]))
    return rows


WORDS = load_words()
SENTENCES = load_sentences()


def segment(text: str) -> list[str]:
    if jieba is not None:
        return list(jieba.cut(text))
    tokens, i = [], 0
    while i < len(text):
        for length in (4, 3, 2, 1):
            piece = text[i : i + length]
            if len(piece) == length and (piece in WORDS or length == 1):
                tokens.append(piece)
                i += length
                break
    return tokens


def reading(word: str) -> tuple[str, list[int]]:
    if to_pinyin is None:
        return "", []
    marks = " ".join(s[0] for s in to_pinyin(word, style=Style.TONE))
    tones = []
    for syllable in to_pinyin(word, style=Style.TONE3, neutral_tone_with_five=True):
        digits = re.findall(r"[1-5]", syllable[0])
        tones.append(int(digits[-1]) if digits else 5)
    return marks, tones


def paginate(text: str) -> list[str]:
    pages, current = [], ""
    for paragraph in [p.strip() for p in text.split("\n") if p.strip()]:
        if current and len(current) + len(paragraph) > PAGE_CHARS:
            pages.append(current)
            current = ""
        current = f"{current}\n{paragraph}" if current else paragraph
        while len(current) > PAGE_CHARS * 2:
            pages.append(current[:PAGE_CHARS])
            current = current[PAGE_CHARS:]
    if current:
        pages.append(current)
    return pages or [""]


class State:
    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.books: dict[str, dict] = {}
        self.marks: dict[str, dict] = {}
        self.events: set[str] = set()
        self.sessions: dict[str, dict] = {}
        self.settings = {"theme": "system", "fontSize": 16, "pinyin": "off", "toneColors": False, "lang": "en"}
        self.requests: list[dict] = []
        for level in range(1, 7):
            rows = [s for s in SENTENCES if s[0] == level]
            paragraphs, paragraph = [], ""
            for _, simplified, _, _ in rows[:120]:
                paragraph += simplified
                if len(paragraph) > 90:
                    paragraphs.append(paragraph)
                    paragraph = ""
            if paragraph:
                paragraphs.append(paragraph)
            self.add_book(f"HSK {level} 读本", "\n".join(paragraphs), level, "starter")

    def add_book(self, title: str, text: str, level: int | None = None, source: str = "pasted") -> dict:
        book_id = str(uuid.uuid4())
        book = {
            "id": book_id,
            "title": title,
            "source": source,
            "hskLevel": level,
            "pages": paginate(text),
            "position": {"page": 1, "fraction": 0.0},
        }
        self.books[book_id] = book
        return book


STATE = State()

SETTINGS_FORM = """<p class="notice" role="status">Saved.</p><form method="post" action="/settings" class="stack">
<fieldset class="choices"><legend>Text size</legend><label class="choice"><input type="radio" name="fontSize" value="16" checked><span>16 px</span></label>
<label class="choice"><input type="radio" name="fontSize" value="18"><span>18 px</span></label></fieldset>
<div class="check"><input type="checkbox" id="toneColors" name="toneColors" value="on"><label for="toneColors">Tone colours</label></div>
<label for="title">Title</label><input type="text" id="title" name="title"><label for="text">Paste text</label><textarea id="text" name="text" rows="10"></textarea>
<p class="hint">A .txt or .epub file.</p><p class="error-message" role="alert">Please paste some text.</p>
<div class="actions"><button type="submit" class="button primary">Save</button><a class="button" href="/">Back</a></div></form>"""


def word_html(token: str, pinyin_mode: str, tones_on: bool) -> str:
    if not HAN.search(token):
        return html.escape(token)
    mark = STATE.marks.get(token)
    classes = ["w"]
    if token not in WORDS:
        classes.append("nf")
    if mark and mark["marked"]:
        classes.append("marked")
    marks, tones = reading(token)
    inner = html.escape(token)
    if tones_on and tones and len(tones) == len(token):
        inner = "".join(f'<b class="t{tone}">{html.escape(ch)}</b>' for ch, tone in zip(token, tones))
    levels = WORDS.get(token, (None, None))
    show_ruby = marks and (pinyin_mode == "all" or (pinyin_mode == "beyond" and (levels[0] or 9) > 2))
    attr = html.escape(token, quote=True)
    if show_ruby:
        return f'<ruby class="{" ".join(classes)}" data-w="{attr}">{inner}<rt>{html.escape(marks)}</rt></ruby>'
    return f'<span class="{" ".join(classes)}" data-w="{attr}">{inner}</span>'


def page_inner(book: dict, number: int, pinyin_mode: str, tones_on: bool) -> str:
    text = book["pages"][number - 1]
    out = []
    for paragraph in text.split("\n"):
        out.append("<p>" + "".join(word_html(tok, pinyin_mode, tones_on) for tok in segment(paragraph)) + "</p>")
    return "\n".join(out)


def layout(title: str, body: str, lang: str = "en", theme: str = "system", body_class: str = "") -> str:
    version = str(int(time.time()))
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>{html.escape(title)} · Umbrella</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/css/app.css?v={version}">
</head><body class="{body_class}" data-theme="{theme}">
{body}
</body></html>"""


def site_header(current: str = "") -> str:
    links = [("/", "Library", "library"), ("/books/new", "Add a book", "add"), ("/settings", "Settings", "settings"),
             ("/about", "About", "about")]
    nav = "".join(f'<a href="{href}" class="{"current" if key == current else ""}">{label}</a>' for href, label, key in links)
    return f'<header class="topbar site-nav"><a class="brand" href="/">Umbrella</a><nav aria-label="Main">{nav}</nav></header>'


def library_page(query: dict) -> str:
    notice = ""
    if "deleted" in query:
        kept = html.escape(query["deleted"][0])
        notice = (
            '<p class="notice" role="status">The book was deleted. '
            f"Words you marked in it stay in your word list ({kept}).</p>"
        )

    def card(book: dict) -> str:
        progress = round(100 * ((book["position"]["page"] - 1) + book["position"]["fraction"]) / len(book["pages"]))
        level = f'<span class="badge">HSK {book["hskLevel"]}</span>' if book["hskLevel"] else ""
        delete = (
            f'<form class="delete-book" method="post" action="/books/{book["id"]}/delete">'
            f'<button type="submit" class="link-button" aria-label="Delete {html.escape(book["title"])}" '
            'data-confirm="Delete this book? Words you marked in it stay in your word list.">Delete</button></form>'
            if book["source"] != "starter" else ""
        )
        return (
            f'<li><a class="book-card" href="/books/{book["id"]}"><span class="book-title">{html.escape(book["title"])}</span>'
            f'<span class="book-meta">{level} {len(book["pages"])} pages{f" · {progress}% read" if progress else ""}</span>'
            f'<div class="mini-progress" aria-hidden="true"><div class="bar" style="width:{progress}%"></div></div></a>'
            f"{delete}</li>"
        )

    own = [card(b) for b in STATE.books.values() if b["source"] != "starter"]
    starter = [card(b) for b in STATE.books.values() if b["source"] == "starter"]
    own_html = f'<ul class="book-list">{"".join(own)}</ul>' if own else '<p class="empty">No books yet.</p>'
    body = f"""{site_header("library")}<main id="main"><h1>Library</h1>{notice}
<section aria-labelledby="own-heading"><div class="section-head"><h2 id="own-heading">Your books</h2>
<a class="button" href="/books/new">+ Add a book</a></div>{own_html}</section>
<section aria-labelledby="starter-heading"><h2 id="starter-heading">Graded readers</h2>
<ul class="book-list">{"".join(starter)}</ul></section></main>"""
    page = layout("Library", body, body_class="library-page")
    return page.replace("</head>", '<script type="module" src="/js/site.js"></script></head>')


def reader_page(book: dict, query: dict) -> str:
    q = {k: v[0] for k, v in query.items()}
    lang = q.get("lang", STATE.settings["lang"])
    theme = q.get("theme", STATE.settings["theme"])
    pinyin_mode = q.get("pinyin", STATE.settings["pinyin"])
    tones_on = q.get("tones", "on" if STATE.settings["toneColors"] else "off") == "on"
    font = q.get("font", str(STATE.settings["fontSize"]))
    render_all = q.get("window") == "all"
    start = book["position"]
    count = len(book["pages"])
    session_id = str(uuid.uuid4())
    STATE.sessions[session_id] = {
        "id": session_id,
        "bookID": book["id"],
        "active": True,
        "secondsRead": 0,
        "markedWords": [],
        "startPage": start["page"],
    }
    sections = []
    for number in range(1, count + 1):
        label = f'aria-label="Page {number}"'
        if render_all or start["page"] - 1 <= number <= start["page"] + 2:
            sections.append(
                f'<section class="page" data-page="{number}" {label}>{page_inner(book, number, pinyin_mode, tones_on)}'
                "</section>"
            )
        else:
            height = max(200, len(book["pages"][number - 1]) // 20 * 34)
            sections.append(
                f'<section class="page" id="page-{number}" data-page="{number}" data-pending style="min-height:{height}px" {label}>'
                f'<a class="page-link" href="/books/{book["id"]}?page={number}#page-{number}">Page {number}</a></section>'
            )
        sections.append(f'<p class="page-sep" role="separator">— Page {number} —</p>')
    progress = round(100 * ((start["page"] - 1) + start["fraction"]) / count)
    version = str(int(time.time()))
    page_label = "页" if lang.startswith("zh") else "Page"
    body = f"""<header class="topbar"><a class="back" href="/" aria-label="Library">‹</a><h1 class="book-title">{html.escape(book['title'])}</h1>
<span id="page-indicator" aria-live="polite"><span class="label">{page_label}</span> <span id="page-current">{start['page']}</span>/<span id="page-total">{count}</span></span>
<a id="settings-link" href="/settings?return=/books/{book['id']}" aria-label="Settings">⚙</a></header>
<div id="progress" role="progressbar" aria-label="Reading progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="{progress}"><div class="bar" style="width:{progress}%"></div></div>
<main id="reader" tabindex="0" data-book-id="{book['id']}" data-page-count="{count}" data-start-page="{start['page']}" data-start-fraction="{start['fraction']}" data-session-id="{session_id}" aria-label="Book text">
{''.join(sections)}
</main>
<div id="popup" role="dialog" aria-modal="false" hidden></div>
<nav class="bottombar" aria-label="Reading controls"><button id="prev-page">◀ Previous</button><button id="mark-word">Mark word</button><button id="next-page">Next ▶</button><form method="post" action="/sessions/{session_id}/end" class="end-form"><button id="end-session" type="submit">End</button></form></nav>
<div id="toast" role="status" aria-live="polite"></div>"""
    page = layout(book["title"], body, lang, theme, "reader-page")
    page = page.replace(
        "</head>", f'<script type="module" src="/js/reader.js?v={version}"></script></head>'
    )
    return page.replace(
        f'data-theme="{theme}"',
        f'data-theme="{theme}" data-font-size="{font}" data-pinyin="{pinyin_mode}" '
        f'data-tone-colors="{"on" if tones_on else "off"}"',
    )


def lookup(word: str) -> dict:
    marks, _ = reading(word)
    levels = WORDS.get(word)
    example = next(((s, p, e) for _, s, p, e in SENTENCES if word in s), None)
    mark = STATE.marks.get(word, {})
    found = levels is not None
    return {
        "word": word,
        "found": found,
        "pinyin": marks,
        "entries": (
            [{"simplified": word, "traditional": word, "pinyin": marks, "senses": [f"(mock) meaning of {word}", "second sense"]}]
            if found
            else []
        ),
        "hsk": {"standard": "hsk3", "level": levels[0], "label": f"HSK 3.0 level {levels[0]}"} if levels and levels[0] else None,
        "hsk2Level": levels[1] if levels else None,
        "hsk3Level": levels[0] if levels else None,
        "measureWords": [{"simplified": "个", "traditional": "個", "pinyin": "gè"}] if found and len(word) == 2 else [],
        "example": {"simplified": example[0], "pinyin": example[1], "english": example[2]} if example else None,
        "marked": bool(mark.get("marked")),
        "markCount": mark.get("markCount", 0),
    }


def apply_change(word: str, marked: bool, event_id: str, book_id, page, sentence, session_id) -> str:
    with STATE.lock:
        if event_id in STATE.events:
            return "duplicate"
        STATE.events.add(event_id)
        mark = STATE.marks.setdefault(word, {"word": word, "marked": False, "markCount": 0})
        if marked:
            mark.update(marked=True, markCount=mark["markCount"] + 1, bookID=book_id, page=page, sentence=sentence)
            session = STATE.sessions.get(session_id or "")
            if session is not None and word not in session["markedWords"]:
                session["markedWords"].append(word)
        else:
            mark["marked"] = False
        mark["updatedAt"] = now_iso()
        return "applied"


class Handler(BaseHTTPRequestHandler):
    server_version = "UmbrellaMock/1"

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if os.environ.get("MOCK_VERBOSE"):
            sys.stderr.write("mock: " + format % args + "\n")

    def body_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"null")
        except json.JSONDecodeError:
            return None

    def send(self, status: int, body: bytes, content_type: str, headers: dict | None = None) -> None:
        delay = float(os.environ.get("MOCK_DELAY_MS", "0")) / 1000
        if delay and self.path.startswith("/api/"):
            time.sleep(delay)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def json(self, status: int, value) -> None:
        self.send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def html(self, status: int, text: str) -> None:
        self.send(status, text.encode(), "text/html; charset=utf-8")

    def error(self, status: int, code: str, reason: str) -> None:
        self.json(status, {"error": code, "reason": reason})

    def record(self, payload) -> None:
        with STATE.lock:
            STATE.requests.append({"method": self.command, "path": self.path, "body": payload, "at": time.time()})

    # --- routing ---
    def do_GET(self) -> None:  # noqa: N802
        url = urlparse(self.path)
        path, query = url.path, parse_qs(url.query)
        parts = [unquote(p) for p in path.split("/") if p]
        if path == "/health":
            return self.json(200, {"status": "ok"})
        if path.startswith(("/css/", "/js/")) or path == "/favicon.svg":
            return self.static(path)
        if path == "/":
            return self.html(200, library_page(query))
        if path in ("/settings", "/about", "/books/new"):
            return self.html(200, layout(parts[-1], f'{site_header(parts[-1])}<main id="main"><h1>{parts[-1].title()}</h1>'
                                         + SETTINGS_FORM + '</main>', body_class="settings-page"))
        if len(parts) == 2 and parts[0] == "books":
            book = STATE.books.get(parts[1])
            return self.html(200, reader_page(book, query)) if book else self.html(404, "Not found")
        if len(parts) == 5 and parts[0] == "books" and parts[2] == "pages" and parts[4] == "fragment":
            book = STATE.books.get(parts[1])
            if not book or not parts[3].isdigit() or not 1 <= int(parts[3]) <= len(book["pages"]):
                return self.html(404, "Not found")
            mode, tones = STATE.settings["pinyin"], STATE.settings["toneColors"]
            return self.html(200, page_inner(book, int(parts[3]), mode, tones))
        if len(parts) == 2 and parts[0] == "sessions":
            session = STATE.sessions.get(parts[1])
            if not session:
                return self.html(404, "Not found")
            chips = "".join(f'<li lang="zh-Hans">{html.escape(w)}</li>' for w in session["markedWords"])
            chips = f'<ul class="word-chips">{chips}</ul>' if chips else '<p class="empty">None</p>'
            return self.html(200, layout("Session", f"""{site_header()}<main id="main"><article class="summary-card">
<h1 id="summary-heading">Session summary</h1><p class="book-title">{html.escape(STATE.books.get(session["bookID"] or "", {}).get("title", ""))}</p>
<dl class="stats"><dt>Time read</dt><dd id="time-read">{round(session['secondsRead'] / 60)} min</dd>
<dt>Words marked</dt><dd id="mark-count">{len(session['markedWords'])}</dd></dl>
<h2>Marked this session</h2>{chips}<div class="actions"><a class="button primary" href="/books/{session['bookID']}">Back to the book</a>
<a class="button" href="/">Library</a></div></article></main>""", body_class="summary-page"))
        if path == "/api/v1/lookup":
            word = (query.get("word") or [""])[0]
            self.record({"word": word})
            if not word.strip():
                return self.error(400, "emptyWord", "Give a word to look up.")
            return self.json(200, lookup(word))
        if path == "/api/v1/marks":
            with STATE.lock:
                marks = [m for m in STATE.marks.values() if m["marked"]]
            return self.json(200, {"marks": marks})
        if len(parts) == 4 and parts[:3] == ["api", "v1", "marks"]:
            mark = STATE.marks.get(parts[3])
            return self.json(200, mark) if mark else self.error(404, "markNotFound", "Never marked.")
        if path == "/api/v1/_requests":
            with STATE.lock:
                return self.json(200, STATE.requests)
        if len(parts) == 4 and parts[:3] == ["api", "v1", "books"]:
            book = STATE.books.get(parts[3])
            if not book:
                return self.error(404, "bookNotFound", "No such book.")
            return self.json(200, {"id": book["id"], "title": book["title"], "pageCount": len(book["pages"]), "position": book["position"]})
        if path == "/api/v1/books":
            return self.json(200, {"books": [{"id": b["id"], "title": b["title"]} for b in STATE.books.values()]})
        return self.html(404, "Not found")

    do_HEAD = do_GET

    def static(self, path: str) -> None:
        file = (PUBLIC / path.lstrip("/")).resolve()
        if PUBLIC not in file.parents or not file.is_file():
            return self.html(404, "Not found")
        types = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
        self.send(200, file.read_bytes(), types.get(file.suffix, "application/octet-stream") + "; charset=utf-8")

    def do_POST(self) -> None:  # noqa: N802
        url = urlparse(self.path)
        parts = [unquote(p) for p in url.path.split("/") if p]
        if len(parts) == 3 and parts[0] == "books" and parts[2] == "delete":
            book = STATE.books.pop(parts[1], None)
            if not book:
                return self.html(404, "Not found")
            kept = sum(1 for m in STATE.marks.values() if m.get("bookID") == book["id"] and m["marked"])
            location = f"/?deleted={kept}"
            return self.send(303, b"", "text/plain", {"Location": location})
        if len(parts) == 3 and parts[0] == "sessions" and parts[2] == "end":
            session = STATE.sessions.get(parts[1])
            if session:
                session["active"] = False
            return self.send(303, b"", "text/plain", {"Location": f"/sessions/{parts[1]}"})
        body = self.body_json()
        self.record(body)
        if url.path == "/api/v1/marks":
            if not isinstance(body, dict) or not body.get("word") or not body.get("eventID"):
                return self.error(400, "badRequest", "word and eventID are required")
            status = apply_change(body["word"], True, body["eventID"], body.get("bookID"), body.get("page"),
                                  body.get("sentence"), body.get("sessionID"))
            return self.json(201, {**STATE.marks[body["word"]], "outcome": status})
        if url.path == "/api/v1/marked-words/batch":
            results = []
            for change in (body or {}).get("changes", []):
                status = apply_change(change["word"], bool(change["marked"]), change["eventID"], change.get("bookId"),
                                      change.get("page"), change.get("sentence"), change.get("sessionID"))
                results.append({"eventID": change["eventID"], "status": status})
            return self.json(200, {"synced": len(results), "failed": 0, "lastSyncAt": now_iso(), "results": results})
        if url.path == "/api/v1/books":
            if not isinstance(body, dict) or not (body.get("text") or "").strip():
                return self.error(400, "emptyText", "Paste some text.")
            book = STATE.add_book(body.get("title") or "Untitled", body["text"])
            return self.json(201, {"id": book["id"], "title": book["title"], "pageCount": len(book["pages"])})
        if url.path == "/api/v1/sessions":
            session_id = str(uuid.uuid4())
            STATE.sessions[session_id] = {"id": session_id, "bookID": (body or {}).get("bookID"), "active": True,
                                          "secondsRead": 0, "markedWords": [], "startPage": (body or {}).get("page", 1)}
            return self.json(201, STATE.sessions[session_id])
        if len(parts) == 5 and parts[:3] == ["api", "v1", "sessions"]:
            session = STATE.sessions.get(parts[3])
            if not session:
                return self.error(404, "sessionNotFound", "No such session.")
            if not session["active"]:
                return self.error(409, "sessionEnded", "This reading session has ended.")
            if parts[4] == "activity":
                session["secondsRead"] += int((body or {}).get("activeSeconds", 0))
                return self.json(200, session)
            if parts[4] == "end":
                session["active"] = False
                return self.json(200, session)
        return self.error(404, "notFound", "No such endpoint.")

    def do_PUT(self) -> None:  # noqa: N802
        parts = [unquote(p) for p in urlparse(self.path).path.split("/") if p]
        body = self.body_json()
        self.record(body)
        if len(parts) == 5 and parts[:3] == ["api", "v1", "books"] and parts[4] == "position":
            book = STATE.books.get(parts[3])
            if not book:
                return self.error(404, "bookNotFound", "No such book.")
            page = max(1, min(len(book["pages"]), int(body.get("page", 1))))
            book["position"] = {"page": page, "fraction": max(0.0, min(1.0, float(body.get("fraction", 0))))}
            return self.json(200, book["position"])
        return self.error(404, "notFound", "No such endpoint.")

    def do_DELETE(self) -> None:  # noqa: N802
        parts = [unquote(p) for p in urlparse(self.path).path.split("/") if p]
        body = self.body_json()
        self.record(body)
        if len(parts) == 4 and parts[:3] == ["api", "v1", "marks"]:
            event_id = (body or {}).get("eventID") or str(uuid.uuid4())
            status = apply_change(parts[3], False, event_id, None, None, None, None)
            return self.json(200, {**STATE.marks[parts[3]], "outcome": status})
        if len(parts) == 4 and parts[:3] == ["api", "v1", "books"]:
            book = STATE.books.pop(parts[3], None)
            if not book:
                return self.error(404, "bookNotFound", "No such book.")
            kept = sum(1 for m in STATE.marks.values() if m.get("bookID") == book["id"] and m["marked"])
            return self.json(200, {"deleted": True, "markedWordsKept": kept})
        return self.error(404, "notFound", "No such endpoint.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8099")))
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print(f"mock server on http://{args.host}:{args.port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
