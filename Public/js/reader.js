// The reading page: tap-to-define, keyboard navigation, marking (with an offline queue),
// continuous scrolling with windowed page loading, reading position and session activity.
// Server contract: Tests/Browser/README.md. Every module is loaded with this module's own query
// string (?v=…), so one version number busts the cache of all of them.

const v = new URL(import.meta.url).search;
const [{ t }, { uuid }, api, { MarkQueue }, { Popup }, text] = await Promise.all([
    import(`./i18n.js${v}`),
    import(`./uuid.js${v}`),
    import(`./api.js${v}`),
    import(`./mark-queue.js${v}`),
    import(`./popup.js${v}`),
    import(`./text.js${v}`),
]);
const { requestJSON, NetworkError, errorReason, isSessionEnded, sendOnUnload } = api;
const { wordOf, pageOf, sentenceAround } = text;

const READING_LINE = 0.3; // the current page is the one crossing 30 % of the viewport height
const SAVE_DELAY = 1000;
const REPORT_INTERVAL = 30000;
const TICK = 5000;
const IDLE_LIMIT = 120000;
const LONG_PRESS = 500;
const MOVE_TOLERANCE = 10;
const TOAST_TIME = 2600;

const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** ISO 8601 without milliseconds (Foundation's .iso8601 decoding rejects fractional seconds). */
const isoNow = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");

function ensureElement(id, create) {
    let node = document.getElementById(id);
    if (!node) {
        node = create();
        node.id = id;
        document.body.append(node);
    }
    return node;
}

class Reader {
    constructor(main) {
        this.main = main;
        this.bookID = main.dataset.bookId || "";
        this.sections = Array.from(main.querySelectorAll("section.page[data-page]"));
        this.pageCount = Math.max(1, Number(main.dataset.pageCount) || this.sections.length || 1);
        this.current = {
            page: clamp(Number(main.dataset.startPage) || 1, 1, this.pageCount),
            fraction: clamp(Number(main.dataset.startFraction) || 0, 0, 1),
        };
        this.restoring = true;
        this.lastSaved = { ...this.current };
        this.saveTimer = 0;
        this.frame = 0;
        this.lookups = new Map();
        this.confirmed = new Map();
        this.inflight = new Set();
        this.sessionMarks = new Set();
        this.loading = new Set();
        this.failedSections = new Set();
        this.currentWord = null;
        this.press = null;
        this.suppressClick = false;
        this.lastInteraction = 0;
        this.activeMs = 0;
        this.lastTick = performance.now();
        this.sessionRestart = null;
        this.toastTimer = 0;

        this.queue = new MarkQueue();
        const popupRoot = ensureElement("popup", () => {
            const node = document.createElement("div");
            node.hidden = true;
            return node;
        });
        this.popup = new Popup(popupRoot, { onMark: (word) => this.toggleMark(word) });
        this.toastElement = ensureElement("toast", () => {
            const node = document.createElement("div");
            node.setAttribute("role", "status");
            node.setAttribute("aria-live", "polite");
            return node;
        });
        this.pageCurrent = document.getElementById("page-current");
        this.pageTotal = document.getElementById("page-total");
        this.progress = document.getElementById("progress");
        this.progressBar = this.progress && this.progress.querySelector(".bar");
        this.topbar = document.querySelector(".topbar");
        this.badge = this.createBadge();
    }

    get sessionID() {
        return this.main.dataset.sessionId || "";
    }

    async start() {
        if (this.pageTotal && !this.pageTotal.textContent.trim()) this.pageTotal.textContent = String(this.pageCount);
        this.listen();
        this.refreshPending();
        this.updateBadge();
        await this.restore();
        this.observe();
        setInterval(() => this.tick(), TICK);
        setInterval(() => this.every30Seconds(), REPORT_INTERVAL);
        if (this.queue.size && navigator.onLine !== false) this.flushQueue();
    }

    // ---------- Events ----------

    listen() {
        const main = this.main;
        main.addEventListener("click", (event) => this.onClick(event));
        main.addEventListener("keydown", (event) => this.onKeyDown(event));
        main.addEventListener("pointerdown", (event) => this.onPointerDown(event));
        main.addEventListener("pointermove", (event) => this.onPointerMove(event));
        main.addEventListener("pointerup", () => this.cancelPress());
        main.addEventListener("pointercancel", () => this.cancelPress());
        main.addEventListener("contextmenu", (event) => {
            if (this.press || this.suppressClick) event.preventDefault();
        });
        main.addEventListener("selectstart", (event) => {
            if (this.press) event.preventDefault();
        });

        document.addEventListener(
            "pointerdown",
            (event) => {
                this.noteInteraction();
                if (!this.popup.isOpen) return;
                const target = event.target;
                if (!(target instanceof Element)) return;
                if (this.popup.root.contains(target)) return;
                if (target.closest(".w") && main.contains(target)) return; // the click handler decides
                this.popup.close({ returnFocus: true });
            },
            true,
        );
        document.addEventListener("keydown", (event) => {
            this.noteInteraction();
            if (event.key === "Escape" && this.popup.isOpen) {
                event.preventDefault();
                this.popup.close({ returnFocus: true });
            }
        });
        window.addEventListener(
            "scroll",
            () => {
                if (!this.restoring) this.noteInteraction();
                this.scheduleUpdate();
            },
            { passive: true },
        );
        window.addEventListener("wheel", () => this.noteInteraction(), { passive: true });
        window.addEventListener("touchstart", () => this.noteInteraction(), { passive: true });
        window.addEventListener("resize", () => this.scheduleUpdate());
        window.addEventListener("online", () => this.onOnline());
        window.addEventListener("offline", () => this.updateBadge());
        document.addEventListener("visibilitychange", () => {
            if (document.visibilityState === "hidden") this.onHide();
            else this.lastTick = performance.now();
        });
        window.addEventListener("pagehide", () => this.onHide());

        this.queue.addEventListener("change", () => {
            this.refreshPending();
            this.updateBadge();
        });
        this.queue.addEventListener("settled", (event) => this.onSettled(event.detail));

        const on = (id, handler) => {
            const button = document.getElementById(id);
            if (button) button.addEventListener("click", handler);
        };
        on("prev-page", () => this.goToPage(this.current.page - 1));
        on("next-page", () => this.goToPage(this.current.page + 1));
        on("mark-word", () => this.markFocusedWord());
        on("end-session", (event) => {
            event.preventDefault(); // the button also submits a no-JavaScript form
            this.endSession(event.currentTarget);
        });
    }

    onClick(event) {
        const target = event.target;
        if (!(target instanceof Element)) return;
        const word = target.closest(".w");
        if (!word || !this.main.contains(word)) return;
        if (this.suppressClick) {
            this.suppressClick = false;
            event.preventDefault();
            return;
        }
        if (this.popup.isOpen && this.popup.wordElement === word) {
            this.popup.close({ returnFocus: true });
            return;
        }
        this.setCurrentWord(word, { focus: false });
        this.openPopup(word);
    }

    onKeyDown(event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const target = event.target;
        if (!(target instanceof Element)) return;
        const word = target.closest(".w");
        if (target !== this.main && !word) return; // e.g. a retry button inside a placeholder
        switch (event.key) {
            case "ArrowRight":
            case "ArrowDown":
                event.preventDefault();
                this.moveFocus(word, 1);
                break;
            case "ArrowLeft":
            case "ArrowUp":
                event.preventDefault();
                this.moveFocus(word, -1);
                break;
            case "Enter":
            case " ":
            case "Spacebar":
                if (word) {
                    event.preventDefault();
                    this.setCurrentWord(word, { focus: false });
                    this.openPopup(word);
                }
                break;
            case "m":
            case "M":
                if (word) {
                    event.preventDefault();
                    this.toggleMark(word);
                }
                break;
            default:
                break;
        }
    }

    // Long-press (≥ 500 ms without moving more than 10 px) on a marked word unmarks it.
    onPointerDown(event) {
        this.suppressClick = false;
        this.cancelPress();
        if (event.pointerType === "mouse" && event.button !== 0) return;
        const target = event.target;
        if (!(target instanceof Element)) return;
        const word = target.closest(".w.marked");
        if (!word || !this.main.contains(word)) return;
        this.press = {
            word,
            pointerId: event.pointerId,
            x: event.clientX,
            y: event.clientY,
            timer: setTimeout(() => this.onLongPress(), LONG_PRESS),
        };
    }

    onPointerMove(event) {
        const press = this.press;
        if (!press || event.pointerId !== press.pointerId) return;
        if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE) this.cancelPress();
    }

    cancelPress() {
        if (this.press) clearTimeout(this.press.timer);
        this.press = null;
    }

    onLongPress() {
        const press = this.press;
        this.press = null;
        if (!press || !press.word.isConnected || !press.word.classList.contains("marked")) return;
        this.suppressClick = true; // the click that ends the press must not open the card
        if (this.popup.isOpen) this.popup.close();
        if (navigator.vibrate) {
            try {
                navigator.vibrate(10);
            } catch {
                // Not allowed here; the toast is feedback enough.
            }
        }
        this.toggleMark(press.word);
    }

    noteInteraction() {
        this.lastInteraction = performance.now();
    }

    // ---------- Keyboard focus (roving tabindex) ----------

    setCurrentWord(word, { focus }) {
        if (this.currentWord && this.currentWord !== word && this.currentWord.isConnected) {
            this.currentWord.tabIndex = -1;
        }
        word.tabIndex = 0;
        this.currentWord = word;
        if (focus) {
            word.focus({ preventScroll: true });
            this.ensureVisible(word);
        }
    }

    moveFocus(fromWord, direction) {
        let from = fromWord || (this.currentWord && this.currentWord.isConnected ? this.currentWord : null);
        let target;
        if (!from) target = this.firstVisibleWord();
        else target = this.adjacentWord(from, direction) || from;
        if (target) this.setCurrentWord(target, { focus: true });
    }

    adjacentWord(from, direction) {
        const walker = document.createTreeWalker(this.main, NodeFilter.SHOW_ELEMENT, {
            acceptNode: (node) => (node.classList.contains("w") ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
        });
        walker.currentNode = from;
        return direction > 0 ? walker.nextNode() : walker.previousNode();
    }

    firstVisibleWord() {
        const { top } = this.visibleBand();
        const index = this.sectionIndexAtLine();
        const sections = index < 0 ? [this.main] : this.sections.slice(Math.max(0, index - 1), index + 2);
        for (const section of sections) {
            for (const word of section.querySelectorAll(".w")) {
                if (word.getBoundingClientRect().bottom > top) return word;
            }
        }
        return this.main.querySelector(".w");
    }

    /** The part of the viewport between the fixed bars. */
    visibleBand() {
        const top = this.topbar ? this.topbar.getBoundingClientRect().bottom : 0;
        const lower = this.progress || document.querySelector(".bottombar");
        const bottom = lower ? lower.getBoundingClientRect().top : window.innerHeight;
        return { top, bottom: bottom > top ? bottom : window.innerHeight };
    }

    ensureVisible(element) {
        const rect = element.getBoundingClientRect();
        const { top, bottom } = this.visibleBand();
        if (rect.top >= top + 8 && rect.bottom <= bottom - 8) return;
        const middle = (top + bottom) / 2;
        window.scrollBy({ top: rect.top + rect.height / 2 - middle, behavior: "auto" });
    }

    // ---------- Popup and lookup ----------

    async openPopup(wordElement) {
        const word = wordOf(wordElement);
        if (!word) return;
        const ruby = wordElement.querySelector("rt");
        this.popup.open(wordElement, word, {
            pinyin: ruby ? ruby.textContent.trim() : "",
            marked: wordElement.classList.contains("marked"),
        });
        this.syncPopup(word);
        const result = await this.lookup(word, wordElement);
        if (this.popup.wordElement !== wordElement) return;
        if (result.data) this.popup.showLookup(result.data);
        else this.popup.showLookupError(result.error);
        this.syncPopup(word);
    }

    async lookup(word, wordElement) {
        if (this.lookups.has(word)) return { data: this.lookups.get(word) };
        const params = new URLSearchParams({ word });
        if (this.sessionID) params.set("session", this.sessionID);
        if (this.bookID) params.set("book", this.bookID);
        const page = pageOf(wordElement);
        if (page) params.set("page", String(page));
        if (navigator.onLine === false) return { error: t("lookupOffline") };
        try {
            const result = await requestJSON("GET", `/api/v1/lookup?${params}`);
            if (result.ok && result.data) {
                this.lookups.set(word, result.data);
                return { data: result.data };
            }
            return { error: `${t("lookupFailed")} (${errorReason(result)})` };
        } catch (error) {
            if (error instanceof NetworkError) return { error: t("lookupOffline") };
            return { error: t("lookupFailed") };
        }
    }

    syncPopup(word) {
        if (!this.popup.isOpen || this.popup.word !== word) return;
        const element = this.popup.wordElement;
        const marked = this.confirmed.has(word) ? this.confirmed.get(word) : element.classList.contains("marked");
        this.popup.setMarkState({
            marked,
            busy: this.inflight.has(word),
            queued: Boolean(this.queue.latestFor(word)),
        });
    }

    // ---------- Marking ----------

    markFocusedWord() {
        const word =
            (this.popup.isOpen && this.popup.wordElement) ||
            (this.currentWord && this.currentWord.isConnected ? this.currentWord : null);
        if (!word) {
            this.toast(t("tapWordFirst"));
            return;
        }
        this.toggleMark(word);
    }

    /** Marks an unmarked word or unmarks a marked one; success only shows once the server confirms. */
    async toggleMark(wordElement) {
        const word = wordOf(wordElement);
        if (!word || this.inflight.has(word) || this.queue.latestFor(word)) return;
        const marked = !(this.confirmed.has(word) ? this.confirmed.get(word) : wordElement.classList.contains("marked"));
        const change = {
            eventID: uuid(),
            word,
            bookId: this.bookID || undefined,
            page: pageOf(wordElement) || this.current.page,
            sentence: sentenceAround(wordElement),
            marked,
            timestamp: isoNow(),
            sessionID: this.sessionID || undefined,
        };
        if (navigator.onLine === false) {
            this.enqueue(change);
            return;
        }
        this.inflight.add(word);
        this.renderWord(word);
        this.syncPopup(word);
        let result;
        try {
            result = await this.sendMark(change);
            if (isSessionEnded(result) && (await this.startNewSession())) {
                change.sessionID = this.sessionID;
                result = await this.sendMark(change);
            }
        } catch (error) {
            this.inflight.delete(word);
            if (error instanceof NetworkError) this.enqueue(change);
            else {
                this.renderWord(word);
                this.syncPopup(word);
            }
            return;
        }
        this.inflight.delete(word);
        if (result.ok) {
            this.confirm(word, marked);
            this.toast(
                marked
                    ? `${t("marked", { word })} · ${t("markedThisSession", { count: this.sessionMarks.size })}`
                    : t("unmarked", { word }),
            );
        } else if (result.status >= 500) {
            // The server could not commit it now: keep it (same eventID, so a retry is applied once).
            this.enqueue(change);
        } else {
            this.renderWord(word);
            this.syncPopup(word);
            this.toast(t("markFailed", { reason: errorReason(result) }));
        }
    }

    sendMark(change) {
        if (change.marked) {
            return requestJSON("POST", "/api/v1/marks", {
                eventID: change.eventID,
                word: change.word,
                bookID: change.bookId,
                page: change.page,
                sentence: change.sentence,
                sessionID: change.sessionID,
            });
        }
        return requestJSON("DELETE", `/api/v1/marks/${encodeURIComponent(change.word)}`, {
            eventID: change.eventID,
            bookID: change.bookId,
            page: change.page,
            sessionID: change.sessionID,
        });
    }

    enqueue(change) {
        this.queue.add(change);
        this.renderWord(change.word);
        this.syncPopup(change.word);
        this.updateBadge();
        this.toast(t("queued"));
    }

    async flushQueue() {
        try {
            await this.queue.flush();
        } catch {
            // Unexpected errors leave the queue as it was; the next flush retries.
        }
    }

    onSettled({ applied, dropped }) {
        for (const change of applied) this.confirm(change.word, change.marked);
        for (const change of dropped) {
            this.renderWord(change.word);
            this.syncPopup(change.word);
        }
        if (dropped.length) this.toast(t("markFailed", { reason: dropped[0].reason || dropped[0].word }));
        else if (applied.length) this.toast(t("synced", { count: applied.length }));
    }

    /** Records a server-confirmed state and shows it on every occurrence of the word. */
    confirm(word, marked) {
        this.confirmed.set(word, marked);
        if (marked) this.sessionMarks.add(word);
        else this.sessionMarks.delete(word);
        const cached = this.lookups.get(word);
        if (cached) cached.marked = marked;
        this.renderWord(word);
        this.syncPopup(word);
        const counter = document.getElementById("marked-count");
        if (counter) counter.textContent = String(this.sessionMarks.size);
    }

    wordsNamed(word) {
        const named = this.main.querySelectorAll(`.w[data-w="${CSS.escape(word)}"]`);
        const unnamed = Array.from(this.main.querySelectorAll(".w:not([data-w])")).filter((el) => wordOf(el) === word);
        return unnamed.length ? [...named, ...unnamed] : named;
    }

    renderWord(word) {
        const pending = this.inflight.has(word) || Boolean(this.queue.latestFor(word));
        const known = this.confirmed.has(word);
        const marked = this.confirmed.get(word);
        for (const element of this.wordsNamed(word)) {
            if (known) element.classList.toggle("marked", marked);
            element.classList.toggle("pending", pending);
        }
    }

    pendingWords() {
        const words = new Set(this.inflight);
        for (const change of this.queue.items) words.add(change.word);
        return words;
    }

    refreshPending() {
        const pending = this.pendingWords();
        for (const element of this.main.querySelectorAll(".w.pending")) {
            if (!pending.has(wordOf(element))) element.classList.remove("pending");
        }
        for (const word of pending) for (const element of this.wordsNamed(word)) element.classList.add("pending");
        if (this.popup.isOpen) this.syncPopup(this.popup.word);
    }

    /** Applies what this page knows better than a freshly rendered fragment (marks made since). */
    decorate(root) {
        const pending = this.pendingWords();
        if (!pending.size && !this.confirmed.size) return;
        for (const element of root.querySelectorAll(".w")) {
            const word = wordOf(element);
            if (this.confirmed.has(word)) element.classList.toggle("marked", this.confirmed.get(word));
            if (pending.has(word)) element.classList.add("pending");
        }
    }

    createBadge() {
        const badge = document.createElement("span");
        badge.id = "offline-badge";
        badge.className = "offline-badge";
        badge.hidden = true;
        const settings = document.getElementById("settings-link");
        if (settings && settings.parentNode) settings.parentNode.insertBefore(badge, settings);
        else if (this.topbar) this.topbar.append(badge);
        else document.body.append(badge);
        return badge;
    }

    updateBadge() {
        const count = this.queue.size;
        const offline = navigator.onLine === false;
        this.badge.hidden = !(offline || count);
        this.badge.textContent = offline
            ? count
                ? t("offlinePending", { count })
                : t("offline")
            : t("pendingBadge", { count });
        this.badge.title = t("queued");
    }

    onOnline() {
        this.updateBadge();
        this.flushQueue();
        this.savePosition();
        for (const section of Array.from(this.failedSections)) this.loadSection(section);
    }

    // ---------- Scroll position, progress and windowed pages ----------

    sectionFor(page) {
        return this.sections.find((section) => Number(section.dataset.page) === page) || null;
    }

    /** Index of the last section whose top is above the reading line (binary search), or -1. */
    sectionIndexAtLine() {
        const sections = this.sections;
        if (!sections.length) return -1;
        const line = window.innerHeight * READING_LINE;
        let low = 0;
        let high = sections.length - 1;
        let found = 0;
        while (low <= high) {
            const middle = (low + high) >> 1;
            if (sections[middle].getBoundingClientRect().top <= line) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return found;
    }

    locate() {
        const index = this.sectionIndexAtLine();
        if (index < 0) return null;
        const sections = this.sections;
        const last = sections[sections.length - 1];
        const root = document.documentElement;
        const atBottom = window.scrollY > 0 && window.scrollY + window.innerHeight >= root.scrollHeight - 2;
        if (atBottom && !last.hasAttribute("data-pending")) {
            return { page: Number(last.dataset.page) || this.pageCount, fraction: 1 };
        }
        const section = sections[index];
        const rect = section.getBoundingClientRect();
        const line = window.innerHeight * READING_LINE;
        const fraction = rect.height > 0 ? clamp((line - rect.top) / rect.height, 0, 1) : 0;
        return { page: Number(section.dataset.page) || index + 1, fraction };
    }

    scheduleUpdate() {
        if (this.frame) return;
        this.frame = requestAnimationFrame(() => {
            this.frame = 0;
            this.update();
        });
    }

    update() {
        const located = this.locate();
        if (located) {
            this.current = located;
            const pageText = String(located.page);
            if (this.pageCurrent && this.pageCurrent.textContent !== pageText) this.pageCurrent.textContent = pageText;
            const progress = clamp((located.page - 1 + located.fraction) / this.pageCount, 0, 1);
            const percent = Math.round(progress * 1000) / 10;
            if (this.progressBar) this.progressBar.style.width = `${percent}%`;
            if (this.progress) this.progress.setAttribute("aria-valuenow", String(Math.round(percent)));
            if (!this.restoring) this.scheduleSave();
        }
        if (this.popup.isOpen) {
            const rect = this.popup.wordElement.getBoundingClientRect();
            if (rect.bottom < 0 || rect.top > window.innerHeight) this.popup.close();
            else this.popup.position();
        }
    }

    async restore() {
        if ("scrollRestoration" in history) history.scrollRestoration = "manual";
        const { page, fraction } = this.current;
        const section = this.sectionFor(page);
        if (section && section.hasAttribute("data-pending")) await this.loadSection(section);
        if (document.fonts && document.fonts.ready) await Promise.race([document.fonts.ready, delay(1000)]);
        await nextFrame();
        if (section) {
            // The server's position wins over the browser's own scroll restoration.
            const rect = section.getBoundingClientRect();
            const top = window.scrollY + rect.top + fraction * rect.height - window.innerHeight * READING_LINE;
            window.scrollTo(0, Math.max(0, Math.round(top)));
            await nextFrame();
        }
        this.update();
        this.lastSaved = { ...this.current };
        this.restoring = false;
        this.main.dataset.ready = "true"; // restored: the browser tests wait for this
    }

    scheduleSave() {
        clearTimeout(this.saveTimer);
        this.saveTimer = setTimeout(() => this.savePosition(), SAVE_DELAY);
    }

    positionChanged() {
        const saved = this.lastSaved;
        return !saved || saved.page !== this.current.page || Math.abs(saved.fraction - this.current.fraction) > 0.001;
    }

    async savePosition({ unload = false } = {}) {
        clearTimeout(this.saveTimer);
        if (this.restoring || !this.bookID || !this.positionChanged()) return;
        const body = { page: this.current.page, fraction: Math.round(this.current.fraction * 10000) / 10000 };
        const url = `/api/v1/books/${encodeURIComponent(this.bookID)}/position`;
        if (unload) {
            sendOnUnload("PUT", url, body);
            this.lastSaved = body;
            return;
        }
        if (navigator.onLine === false) return; // saved again when the connection returns
        try {
            const result = await requestJSON("PUT", url, body);
            if (result.ok) this.lastSaved = body;
        } catch {
            // Offline: the next scroll, the online event or leaving the page saves it.
        }
    }

    goToPage(page) {
        const behavior = reducedMotion() ? "auto" : "smooth";
        if (page < 1) {
            window.scrollTo({ top: 0, behavior });
            return;
        }
        if (page > this.pageCount || !this.sectionFor(page)) {
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior });
            return;
        }
        const section = this.sectionFor(page);
        if (section.hasAttribute("data-pending")) this.loadSection(section);
        const { top } = this.visibleBand();
        const target = window.scrollY + section.getBoundingClientRect().top - top - 8;
        window.scrollTo({ top: Math.max(0, Math.round(target)), behavior });
    }

    observe() {
        const pending = this.sections.filter((section) => section.hasAttribute("data-pending"));
        if (!("IntersectionObserver" in window)) {
            (async () => {
                for (const section of pending) await this.loadSection(section);
            })();
            return;
        }
        this.observer = new IntersectionObserver(
            (entries) => {
                for (const entry of entries) {
                    if (entry.isIntersecting && entry.target.hasAttribute("data-pending")) this.loadSection(entry.target);
                }
            },
            { rootMargin: "150% 0px 150% 0px" },
        );
        for (const section of pending) this.observer.observe(section);
    }

    /** Fetches a placeholder's page and keeps what is on screen where it was. */
    async loadSection(section) {
        if (this.loading.has(section) || !section.hasAttribute("data-pending")) return false;
        this.loading.add(section);
        this.failedSections.delete(section);
        if (this.observer) this.observer.unobserve(section);
        section.setAttribute("aria-busy", "true");
        const page = section.dataset.page;
        let html;
        try {
            if (navigator.onLine === false) throw new Error("offline");
            const response = await fetch(`/books/${encodeURIComponent(this.bookID)}/pages/${page}/fragment`, {
                headers: { Accept: "text/html" },
                credentials: "same-origin",
            });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            html = await response.text();
        } catch {
            this.loading.delete(section);
            section.removeAttribute("aria-busy");
            this.showSectionError(section);
            return false;
        }

        const anchor = this.anchorAfter(section);
        const anchorTop = anchor ? anchor.getBoundingClientRect().top : 0;
        const template = document.createElement("template");
        template.innerHTML = html; // our own server's fragment: the only HTML parsed here
        let content = template.content;
        const only = content.firstElementChild;
        if (only && only === content.lastElementChild && only.matches("section.page")) {
            const inner = document.createDocumentFragment();
            inner.append(...only.childNodes);
            content = inner;
        }
        section.replaceChildren(content);
        section.removeAttribute("data-pending");
        section.removeAttribute("aria-busy");
        section.style.minHeight = "";
        this.decorate(section);
        if (anchor) {
            const shift = anchor.getBoundingClientRect().top - anchorTop;
            if (Math.abs(shift) >= 1) window.scrollBy(0, shift);
        }
        this.loading.delete(section);
        this.scheduleUpdate();
        return true;
    }

    /** The section on screen, when it comes after `section` (its top must not move). */
    anchorAfter(section) {
        const index = this.sectionIndexAtLine();
        const position = this.sections.indexOf(section);
        if (index < 0 || position < 0 || index <= position) return null;
        return this.sections[index];
    }

    showSectionError(section) {
        this.failedSections.add(section);
        if (section.querySelector(".page-error")) return;
        const box = document.createElement("p");
        box.className = "page-error";
        box.append(document.createTextNode(t("pageLoadFailed", { page: section.dataset.page })));
        const retry = document.createElement("button");
        retry.type = "button";
        retry.className = "btn";
        retry.textContent = t("retry");
        retry.addEventListener("click", () => this.loadSection(section));
        box.append(retry);
        section.append(box);
    }

    // ---------- Sessions ----------

    tick() {
        const now = performance.now();
        const elapsed = now - this.lastTick;
        this.lastTick = now;
        const recent = this.lastInteraction && now - this.lastInteraction < IDLE_LIMIT;
        if (document.visibilityState === "visible" && recent) this.activeMs += Math.min(elapsed, 2 * TICK);
    }

    every30Seconds() {
        this.tick();
        const recent = this.lastInteraction && performance.now() - this.lastInteraction < IDLE_LIMIT;
        if (document.visibilityState === "visible" && recent) this.reportActivity();
        if (this.queue.size && navigator.onLine !== false) this.flushQueue();
    }

    /** Reports active time; `restart: false` leaves an ended session ended (End uses it). */
    async reportActivity({ unload = false, restart = true } = {}) {
        this.tick();
        const seconds = Math.floor(this.activeMs / 1000);
        if (seconds < 1 || !this.sessionID) return;
        this.activeMs -= seconds * 1000;
        const body = { page: this.current.page, activeSeconds: seconds };
        const url = () => `/api/v1/sessions/${encodeURIComponent(this.sessionID)}/activity`;
        if (unload) {
            sendOnUnload("POST", url(), body);
            return;
        }
        if (navigator.onLine === false) {
            this.activeMs += seconds * 1000;
            return;
        }
        try {
            let result = await requestJSON("POST", url(), body);
            if (restart && isSessionEnded(result) && (await this.startNewSession())) {
                result = await requestJSON("POST", url(), body);
            }
            if (!result.ok && result.status >= 500) this.activeMs += seconds * 1000;
        } catch {
            this.activeMs += seconds * 1000;
        }
    }

    /** Starts a new session after the server ended the old one; resolves to whether it worked. */
    startNewSession() {
        if (!this.sessionRestart) {
            this.sessionRestart = (async () => {
                try {
                    const result = await requestJSON("POST", "/api/v1/sessions", {
                        bookID: this.bookID,
                        page: this.current.page,
                    });
                    if (result.ok && result.data && result.data.id) {
                        this.main.dataset.sessionId = String(result.data.id);
                        return true;
                    }
                } catch {
                    // Offline: keep the old identifier; the server answers 409 again later.
                }
                return false;
            })().finally(() => {
                setTimeout(() => {
                    this.sessionRestart = null;
                }, 0);
            });
        }
        return this.sessionRestart;
    }

    onHide() {
        this.reportActivity({ unload: true });
        this.savePosition({ unload: true });
    }

    async endSession(button) {
        if (!this.sessionID) return;
        if (button) {
            button.disabled = true;
            button.setAttribute("aria-busy", "true");
        }
        const restore = () => {
            if (button) {
                button.disabled = false;
                button.removeAttribute("aria-busy");
            }
        };
        if (this.queue.size) await this.flushQueue();
        if (navigator.onLine === false || this.queue.size) {
            this.toast(t("endOffline"));
            restore();
            return;
        }
        // The session this page opened (or restarted) is the one to end and summarise, even if the
        // server already ended it for inactivity.
        const sessionID = this.sessionID;
        await this.savePosition();
        await this.reportActivity({ restart: false });
        try {
            const result = await requestJSON("POST", `/api/v1/sessions/${encodeURIComponent(sessionID)}/end`, {
                reason: "ended",
            });
            if (result.ok || isSessionEnded(result)) {
                window.location.assign(`/sessions/${encodeURIComponent(sessionID)}`);
                return;
            }
            this.toast(t("endFailed", { reason: errorReason(result) }));
        } catch {
            this.toast(t("endOffline"));
        }
        restore();
    }

    // ---------- Toast ----------

    toast(message) {
        const node = this.toastElement;
        node.textContent = message;
        node.classList.add("show");
        clearTimeout(this.toastTimer);
        this.toastTimer = setTimeout(() => {
            node.classList.remove("show");
        }, TOAST_TIME);
    }
}

const main = document.getElementById("reader");
if (main) {
    const reader = new Reader(main);
    window.umbrellaReader = reader; // for debugging and the browser tests
    reader.start();
}
