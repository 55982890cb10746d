// JSON requests to the Umbrella API. A request that never reached the server (offline, DNS,
// connection reset) throws NetworkError; any HTTP answer, error or not, resolves.

export class NetworkError extends Error {
    constructor(message) {
        super(message || "network error");
        this.name = "NetworkError";
    }
}

/**
 * Sends `body` (if any) as JSON and resolves to `{ ok, status, data }` where `data` is the parsed
 * JSON answer or null.
 */
export async function requestJSON(method, url, body, options = {}) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
        response = await fetch(url, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            credentials: "same-origin",
            keepalive: Boolean(options.keepalive),
            signal: options.signal,
        });
    } catch (error) {
        throw new NetworkError(error && error.message);
    }
    let data = null;
    try {
        const text = await response.text();
        if (text) data = JSON.parse(text);
    } catch {
        data = null;
    }
    return { ok: response.ok, status: response.status, data };
}

/** A short human-readable reason from an error answer (`{"error":code,"reason":message}`). */
export function errorReason(result) {
    if (result && result.data) {
        if (typeof result.data.reason === "string" && result.data.reason) return result.data.reason;
        if (typeof result.data.error === "string" && result.data.error) return result.data.error;
    }
    return result ? `HTTP ${result.status}` : "";
}

/** True for the API's "this reading session has ended" answer (HTTP 409). */
export function isSessionEnded(result) {
    return Boolean(result && result.status === 409 && result.data && result.data.error === "sessionEnded");
}

/** Sends JSON that must survive the page being hidden or unloaded (no answer is read). */
export function sendOnUnload(method, url, body) {
    const json = JSON.stringify(body);
    if (method === "POST" && navigator.sendBeacon) {
        try {
            if (navigator.sendBeacon(url, new Blob([json], { type: "application/json" }))) return;
        } catch {
            // Fall back to fetch below.
        }
    }
    try {
        fetch(url, {
            method,
            headers: { "Content-Type": "application/json" },
            body: json,
            credentials: "same-origin",
            keepalive: true,
        }).catch(() => {});
    } catch {
        // Nothing more can be done while the page goes away.
    }
}
