// Reading the book text out of the rendered page: a word's text, its page, its sentence.

const SENTENCE_END = /[。！？!?；\n]/;
const CLOSERS = /[”’」』）)》〉"'】]/;

/** The word of a `.w` element: its data-w, else its text without ruby annotations. */
export function wordOf(element) {
    const word = element.getAttribute("data-w");
    if (word) return word;
    return textWithoutRuby(element).trim();
}

/** The page number of the section holding `element`, or 0. */
export function pageOf(element) {
    const section = element.closest("[data-page]");
    return section ? Number(section.getAttribute("data-page")) || 0 : 0;
}

function textWithoutRuby(node) {
    let text = "";
    for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.data;
        else if (child.nodeType === Node.ELEMENT_NODE && child.localName !== "rt" && child.localName !== "rp") {
            text += textWithoutRuby(child);
        }
    }
    return text;
}

const BLOCKS = new Set(["p", "div", "li", "h1", "h2", "h3", "h4", "blockquote", "br", "section"]);

/**
 * The sentence around `wordElement`: the text of its page from the previous sentence end
 * (。！？!?； or a paragraph break) to the next one, at most `maxLength` UTF-16 code units
 * (a window centred on the word when the sentence is longer).
 */
export function sentenceAround(wordElement, maxLength = 120) {
    const container = wordElement.closest(".page") || wordElement.closest("p") || wordElement.parentElement;
    let text = "";
    let start = -1;
    let end = -1;

    const walk = (node) => {
        for (const child of node.childNodes) {
            if (child.nodeType === Node.TEXT_NODE) {
                text += child.data;
            } else if (child.nodeType === Node.ELEMENT_NODE) {
                const name = child.localName;
                if (name === "rt" || name === "rp") continue;
                if (child === wordElement) {
                    start = text.length;
                    text += wordOf(child);
                    end = text.length;
                } else if (child.classList.contains("w")) {
                    text += wordOf(child);
                } else if (BLOCKS.has(name)) {
                    if (text && !text.endsWith("\n")) text += "\n";
                    walk(child);
                    if (!text.endsWith("\n")) text += "\n";
                } else {
                    walk(child);
                }
            }
        }
    };
    walk(container);
    if (start < 0) return wordOf(wordElement);

    let from = start;
    while (from > 0 && !SENTENCE_END.test(text[from - 1])) from -= 1;
    // A closing quote right after the previous sentence end belongs to that sentence.
    while (from < start && CLOSERS.test(text[from])) from += 1;
    let to = end;
    while (to < text.length && !SENTENCE_END.test(text[to])) to += 1;
    if (to < text.length && text[to] !== "\n") {
        to += 1;
        while (to < text.length && CLOSERS.test(text[to])) to += 1;
    }

    let sentence = text.slice(from, to);
    const leading = sentence.length - sentence.trimStart().length;
    sentence = sentence.trim();
    if (sentence.length <= maxLength) return sentence;

    // Too long: a window of maxLength around the word, not splitting surrogate pairs.
    const wordStart = start - from - leading;
    const wordLength = end - start;
    let windowStart = Math.max(0, wordStart - Math.floor((maxLength - wordLength) / 2));
    windowStart = Math.min(windowStart, sentence.length - maxLength);
    let windowEnd = windowStart + maxLength;
    if (isLowSurrogate(sentence.charCodeAt(windowStart))) windowStart += 1;
    if (isLowSurrogate(sentence.charCodeAt(windowEnd))) windowEnd -= 1;
    return sentence.slice(windowStart, windowEnd).trim();
}

function isLowSurrogate(code) {
    return code >= 0xdc00 && code <= 0xdfff;
}
