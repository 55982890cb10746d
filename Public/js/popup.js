// The tap-to-define card (#popup): built with createElement/textContent only (API strings are
// never parsed as HTML), placed next to the word and kept inside the viewport.

const v = new URL(import.meta.url).search;
const { t } = await import(`./i18n.js${v}`);

const MARGIN = 8;

function element(name, className, text) {
    const node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
}

/** The HSK lines of a lookup: its own label first, then the other standard's level. */
export function hskLines(data) {
    const lines = [];
    const standard = data.hsk && data.hsk.standard;
    // Built from the level, not the server's English label, so it follows the interface language.
    if (data.hsk && data.hsk.level) {
        const level = data.hsk.level === 7 && standard !== "hsk2" ? "7–9" : data.hsk.level;
        lines.push(t(standard === "hsk2" ? "hsk2" : "hsk3", { level }));
    }
    if (data.hsk3Level && standard !== "hsk3") {
        lines.push(t("hsk3", { level: data.hsk3Level === 7 ? "7–9" : data.hsk3Level }));
    }
    if (data.hsk2Level && standard !== "hsk2") lines.push(t("hsk2", { level: data.hsk2Level }));
    return lines;
}

export class Popup {
    /**
     * `onMark(wordElement)` is called by the Mark/Unmark button; `onClose()` after dismissal.
     */
    constructor(root, { onMark, onClose } = {}) {
        this.root = root;
        this.onMark = onMark;
        this.onClose = onClose;
        this.wordElement = null;
        this.word = "";
        this.placement = "below";
        this.root.setAttribute("role", "dialog");
        this.root.setAttribute("aria-modal", "false");
        this.root.setAttribute("aria-labelledby", "popup-title");
        this.root.addEventListener("animationend", () => this.root.classList.remove("opening"));
    }

    get isOpen() {
        return !this.root.hidden;
    }

    /** Opens the card for `wordElement` in its loading state. */
    open(wordElement, word, { pinyin = "", marked = false, focus = true } = {}) {
        if (this.wordElement && this.wordElement !== wordElement) this.wordElement.classList.remove("active");
        this.wordElement = wordElement;
        this.word = word;
        wordElement.classList.add("active");
        this.root.replaceChildren();
        this.root.removeAttribute("aria-describedby");
        this.markHadFocus = false;

        const head = element("div", "popup-head");
        const heading = element("div", "popup-heading");
        this.title = element("h2", "popup-word", word);
        this.title.id = "popup-title";
        this.title.lang = "zh-Hans";
        this.pinyin = element("p", "popup-pinyin", pinyin);
        heading.append(this.title, this.pinyin);
        this.closeButton = element("button", "popup-close", "×");
        this.closeButton.type = "button";
        this.closeButton.setAttribute("aria-label", t("closeLabel"));
        this.closeButton.title = t("close");
        this.closeButton.addEventListener("click", () => this.close({ returnFocus: true }));
        head.append(heading, this.closeButton);

        this.body = element("div", "popup-body");
        this.body.id = "popup-body";
        this.body.setAttribute("aria-live", "polite");
        this.body.append(element("p", "popup-loading", t("loading")));
        this.root.setAttribute("aria-busy", "true");

        const actions = element("div", "popup-actions");
        this.markButton = element("button", "btn btn-primary popup-mark");
        this.markButton.type = "button";
        this.markButton.addEventListener("click", () => {
            if (this.onMark && this.wordElement) this.onMark(this.wordElement);
        });
        actions.append(this.markButton);
        this.note = element("p", "popup-status popup-note");
        this.note.hidden = true;

        this.root.append(head, this.body, actions, this.note);
        this.root.setAttribute("aria-describedby", "popup-body");
        this.setMarkState({ marked, busy: false, queued: false });

        this.root.hidden = false;
        this.root.classList.add("opening");
        this.position();
        if (focus) this.closeButton.focus({ preventScroll: true });
    }

    /** Shows a lookup answer (`found` or not). */
    showLookup(data) {
        if (!this.isOpen) return;
        this.root.removeAttribute("aria-busy");
        const body = this.body;
        body.replaceChildren();
        if (data.pinyin) this.pinyin.textContent = data.pinyin;
        const entries = Array.isArray(data.entries) ? data.entries.slice(0, 3) : [];
        const first = entries[0];
        if (first && first.traditional && first.traditional !== first.simplified && first.simplified === data.word) {
            const trad = element("span", "popup-trad", ` ${first.traditional}`);
            trad.lang = "zh-Hant";
            trad.title = t("traditional");
            this.title.append(trad);
        }

        if (!data.found || !entries.length) {
            body.append(element("p", "popup-status", t("notFound")));
        } else {
            const list = element("ol", "popup-defs");
            for (const entry of entries) {
                const item = element("li");
                const senses = Array.isArray(entry.senses) ? entry.senses.join("; ") : "";
                if (entries.length > 1 || (entry.pinyin && entry.pinyin !== data.pinyin)) {
                    item.append(element("span", "def-pinyin", entry.pinyin || ""), " ");
                }
                item.append(document.createTextNode(senses));
                list.append(item);
            }
            if (entries.length === 1) list.classList.add("single");
            body.append(list);
        }

        const hsk = hskLines(data);
        if (hsk.length) body.append(element("p", "popup-meta popup-hsk", hsk.join(" · ")));

        const measureWords = Array.isArray(data.measureWords) ? data.measureWords : [];
        if (measureWords.length) {
            const line = element("p", "popup-meta popup-mw");
            line.append(element("strong", null, `${t("measureWords")}: `));
            line.append(
                document.createTextNode(
                    measureWords
                        .slice(0, 4)
                        .map((mw) => [mw.simplified, mw.pinyin].filter(Boolean).join(" "))
                        .join(", "),
                ),
            );
            body.append(line);
        }

        if (data.example && data.example.simplified) {
            const example = element("div", "popup-example");
            example.setAttribute("aria-label", t("example"));
            const zh = element("p", "ex-zh", data.example.simplified);
            zh.lang = "zh-Hans";
            example.append(zh);
            if (data.example.pinyin) example.append(element("p", "ex-py", data.example.pinyin));
            if (data.example.english) example.append(element("p", "ex-en", data.example.english));
            body.append(example);
        }
        this.position();
    }

    /** Shows that the lookup failed (offline or a server error); the pinyin stays if known. */
    showLookupError(message) {
        if (!this.isOpen) return;
        this.root.removeAttribute("aria-busy");
        this.body.replaceChildren(element("p", "popup-status", message));
        this.position();
    }

    /** Updates the Mark / Unmark button: `busy` while the server has not answered. */
    setMarkState({ marked, busy = false, queued = false }) {
        if (!this.markButton) return;
        const button = this.markButton;
        if (document.activeElement === button) this.markHadFocus = true;
        button.textContent = busy ? t("marking") : marked ? t("unmark") : t("markDifficult");
        button.setAttribute("aria-label", t(marked ? "unmarkLabel" : "markLabel", { word: this.word }));
        button.setAttribute("aria-pressed", marked ? "true" : "false");
        button.classList.toggle("btn-primary", !marked);
        // Disabled while the server has not confirmed, and while the change waits in the offline queue.
        button.disabled = Boolean(busy || queued);
        button.setAttribute("aria-busy", busy ? "true" : "false");
        this.note.hidden = !queued;
        this.note.textContent = queued ? t("queued") : "";
        if (this.markHadFocus && !button.disabled) {
            this.markHadFocus = false;
            button.focus({ preventScroll: true });
        }
        if (this.isOpen) this.position();
    }

    /** Hides the card; with `returnFocus`, focus goes back to the word. */
    close({ returnFocus = false } = {}) {
        if (!this.isOpen) return;
        const word = this.wordElement;
        this.root.hidden = true;
        this.root.replaceChildren();
        this.markButton = null;
        if (word) {
            word.classList.remove("active");
            if (returnFocus && word.isConnected) word.focus({ preventScroll: true });
        }
        this.wordElement = null;
        if (this.onClose) this.onClose(word);
    }

    /**
     * Places the card below the word (above when there is no room), horizontally centred on it,
     * clamped inside the viewport with an 8 px margin; between the fixed bars when it fits.
     */
    position() {
        if (!this.isOpen || !this.wordElement) return;
        const root = this.root;
        const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
        const viewportHeight = window.innerHeight;
        root.style.maxWidth = `${Math.max(0, viewportWidth - 2 * MARGIN)}px`;
        root.style.maxHeight = `${Math.max(0, viewportHeight - 2 * MARGIN)}px`;

        const rects = this.wordElement.getClientRects();
        const anchor = rects.length ? rects[0] : this.wordElement.getBoundingClientRect();
        const width = root.offsetWidth;
        const height = root.offsetHeight;

        const topBar = document.querySelector(".topbar");
        const bottomBar = document.getElementById("progress") || document.querySelector(".bottombar");
        const topLimit = Math.max(MARGIN, (topBar ? topBar.getBoundingClientRect().bottom : 0) + MARGIN);
        const bottomLimit = Math.min(
            viewportHeight - MARGIN,
            (bottomBar ? bottomBar.getBoundingClientRect().top : viewportHeight) - MARGIN,
        );

        let left = anchor.left + anchor.width / 2 - width / 2;
        left = Math.min(Math.max(left, MARGIN), viewportWidth - MARGIN - width);
        left = Math.max(left, MARGIN);

        const below = anchor.bottom + MARGIN;
        const above = anchor.top - MARGIN - height;
        let top;
        if (below + height <= bottomLimit) {
            top = below;
            this.placement = "below";
        } else if (above >= topLimit) {
            top = above;
            this.placement = "above";
        } else {
            // No room on either side between the bars: use the roomier side, then clamp.
            const roomBelow = bottomLimit - below;
            const roomAbove = anchor.top - MARGIN - topLimit;
            top = roomBelow >= roomAbove ? below : above;
            this.placement = roomBelow >= roomAbove ? "below" : "above";
            top = Math.min(Math.max(top, topLimit), bottomLimit - height);
        }
        top = Math.min(Math.max(top, MARGIN), viewportHeight - MARGIN - height);
        top = Math.max(top, MARGIN);
        root.dataset.placement = this.placement;
        root.style.left = `${Math.round(left)}px`;
        root.style.top = `${Math.round(top)}px`;
    }
}
