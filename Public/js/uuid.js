// Random (version 4) UUIDs. crypto.randomUUID exists only in secure contexts, so a reader on a LAN
// over plain http (Safari, older Chrome) gets the getRandomValues fallback.

export function uuid() {
    const c = globalThis.crypto;
    if (c && typeof c.randomUUID === "function") {
        try {
            return c.randomUUID();
        } catch {
            // Not a secure context: fall through.
        }
    }
    const bytes = new Uint8Array(16);
    if (c && typeof c.getRandomValues === "function") {
        c.getRandomValues(bytes);
    } else {
        for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
