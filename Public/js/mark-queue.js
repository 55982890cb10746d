// Offline queue of mark / unmark changes, persisted in localStorage and sent in batches to
// POST /api/v1/marked-words/batch. The server deduplicates by eventID, so resending a change
// (after a lost answer, or from two tabs) is safe.

const v = new URL(import.meta.url).search;
const { requestJSON, NetworkError } = await import(`./api.js${v}`);

export const QUEUE_KEY = "umbrella.markQueue.v1";
const BATCH_SIZE = 100;
const MAX_ATTEMPTS = 3;

function storageOrMemory() {
    try {
        const probe = "umbrella.probe";
        window.localStorage.setItem(probe, "1");
        window.localStorage.removeItem(probe);
        return window.localStorage;
    } catch {
        const memory = new Map();
        return {
            getItem: (key) => (memory.has(key) ? memory.get(key) : null),
            setItem: (key, value) => memory.set(key, String(value)),
            removeItem: (key) => memory.delete(key),
        };
    }
}

/**
 * A change: `{ eventID, word, bookId, page, sentence, marked, timestamp, sessionID, attempts }`.
 * Events: "change" (the queue changed), "settled" (detail: `{ applied: [change], dropped: [change] }`
 * after a flush; applied includes duplicates, dropped are changes the server refused repeatedly).
 */
export class MarkQueue extends EventTarget {
    constructor({ url = "/api/v1/marked-words/batch", storage = storageOrMemory() } = {}) {
        super();
        this.url = url;
        this.storage = storage;
        this.flushing = null;
        window.addEventListener("storage", (event) => {
            if (event.key === QUEUE_KEY) this.dispatchEvent(new Event("change"));
        });
    }

    /** The queued changes, oldest first (read from storage each time: other tabs may change it). */
    get items() {
        try {
            const parsed = JSON.parse(this.storage.getItem(QUEUE_KEY) || "[]");
            return Array.isArray(parsed) ? parsed.filter((item) => item && item.eventID && item.word) : [];
        } catch {
            return [];
        }
    }

    get size() {
        return this.items.length;
    }

    save(items) {
        try {
            if (items.length) this.storage.setItem(QUEUE_KEY, JSON.stringify(items));
            else this.storage.removeItem(QUEUE_KEY);
        } catch {
            // Storage full or unavailable: the change stays pending in this page only.
        }
        this.dispatchEvent(new Event("change"));
    }

    add(change) {
        const items = this.items;
        if (!items.some((item) => item.eventID === change.eventID)) items.push({ attempts: 0, ...change });
        this.save(items);
    }

    /** The newest queued change for `word`, if any. */
    latestFor(word) {
        const items = this.items;
        for (let i = items.length - 1; i >= 0; i -= 1) if (items[i].word === word) return items[i];
        return undefined;
    }

    /** Sends every queued change; resolves to `{ applied, dropped, offline }`. One flush at a time. */
    flush() {
        if (!this.flushing) {
            this.flushing = this.flushNow().finally(() => {
                this.flushing = null;
            });
        }
        return this.flushing;
    }

    async flushNow() {
        const applied = [];
        const dropped = [];
        let offline = false;
        const sent = new Set(); // each change goes out at most once per flush
        for (let rounds = 0; rounds < 50; rounds += 1) {
            const batch = this.items.filter((item) => !sent.has(item.eventID)).slice(0, BATCH_SIZE);
            if (!batch.length) break;
            for (const change of batch) sent.add(change.eventID);
            if (navigator.onLine === false) {
                offline = true;
                break;
            }
            let result;
            try {
                // sentAt lets the server correct the timestamps for this device's clock.
                const sentAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
                result = await requestJSON("POST", this.url, { sentAt, changes: batch.map(wire) });
            } catch (error) {
                if (error instanceof NetworkError) {
                    offline = true;
                    break;
                }
                throw error;
            }
            if (!result.ok) {
                // The whole batch was refused (4xx) or the server failed (5xx): count an attempt.
                this.settle(batch, new Map(), result.status >= 400 && result.status < 500, applied, dropped);
                break;
            }
            const statuses = new Map();
            const results = result.data && Array.isArray(result.data.results) ? result.data.results : null;
            if (results) {
                // Foundation spells UUIDs in upper case; ours are lower case.
                for (const item of results) if (item && item.eventID) statuses.set(idKey(item.eventID), item);
            } else {
                // No per-change results: an OK answer accepted the whole batch.
                for (const change of batch) statuses.set(idKey(change.eventID), { status: "applied" });
            }
            this.settle(batch, statuses, true, applied, dropped);
        }
        if (applied.length || dropped.length) {
            this.dispatchEvent(new CustomEvent("settled", { detail: { applied, dropped } }));
        }
        return { applied, dropped, offline };
    }

    /** Removes answered changes from the queue and counts an attempt for the others. */
    settle(batch, statuses, countAttempt, applied, dropped) {
        const sent = new Map(batch.map((change) => [change.eventID, change]));
        const remaining = [];
        for (const item of this.items) {
            if (!sent.has(item.eventID)) {
                remaining.push(item);
                continue;
            }
            const answer = statuses.get(idKey(item.eventID));
            const status = answer && answer.status;
            if (status === "applied" || status === "duplicate" || status === "superseded") {
                applied.push(item);
            } else {
                const attempts = (item.attempts || 0) + (countAttempt ? 1 : 0);
                if (attempts >= MAX_ATTEMPTS) {
                    dropped.push({ ...item, reason: (answer && answer.reason) || "" });
                } else {
                    remaining.push({ ...item, attempts });
                }
            }
        }
        this.save(remaining);
    }
}

function idKey(id) {
    return String(id).toLowerCase();
}

/** The wire form of a change for the batch endpoint. */
function wire(change) {
    return {
        eventID: change.eventID,
        word: change.word,
        bookId: change.bookId,
        // Same value under the spelling POST /api/v1/marks uses; servers ignore unknown keys.
        bookID: change.bookId,
        page: change.page,
        sentence: change.sentence || "",
        marked: Boolean(change.marked),
        timestamp: change.timestamp,
        sessionID: change.sessionID,
    };
}
