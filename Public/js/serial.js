// The serial-number scanner (/serial). A chosen photo appears with a box to put over the serial
// (drag it with a finger or the mouse, resize it from its corner, or use the arrow keys: Shift +
// arrows resize); the box is sent as `roi` (x,y,width,height as fractions of the photo). Read serial
// posts the photo to POST /process-serial and shows the result and the refreshed history without
// leaving the page. Offline (or when the request cannot reach the server) the photo waits in
// IndexedDB (database "umbrella-serial-queue", store "items") and is sent, oldest first, when the
// connection returns or the page is opened again. Without this script the form posts to /serial.

const ZH = (document.documentElement.getAttribute("lang") || "").toLowerCase().startsWith("zh");
const FALLBACK = ZH
    ? {
          noSerial: "没有找到有效的序列号。",
          queued: "已离线：照片已保存，联网后会自动识别。",
          valid: "有效",
          invalid: "无效",
          copy: "复制",
          copied: "已复制",
          copyFailed: "无法复制，请手动选择文字。",
          also: "其他读法",
          plant: "工厂",
          made: "生产",
          week: "周",
          modelCode: "型号代码",
          confidence: "可信度",
          format: "格式",
          waiting: "{count} 张等待识别",
          sending: "正在识别…",
          network: "网络错误，请稍后再试。",
          box: "方框：左 {x}%，上 {y}%，宽 {w}%，高 {h}%",
      }
    : {
          noSerial: "No valid serial number was found.",
          queued: "Offline: the photo is saved and will be read when the connection returns.",
          valid: "valid",
          invalid: "not valid",
          copy: "Copy",
          copied: "Copied",
          copyFailed: "Couldn't copy: select the text instead.",
          also: "Other readings",
          plant: "Plant",
          made: "Made",
          week: "week",
          modelCode: "Model code",
          confidence: "Confidence",
          format: "Format",
          waiting: "{count} waiting",
          sending: "Reading…",
          network: "Network error: try again later.",
          box: "Box: left {x}%, top {y}%, width {w}%, height {h}%",
      };

const DB_NAME = "umbrella-serial-queue";
const STORE = "items";
const STEP = 0.01;
const MIN_SIZE = 0.02;

function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? String(values[key]) : match));
}

function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
}

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

// ---------- IndexedDB queue ----------

function openQueue() {
    return new Promise((resolve, reject) => {
        if (!("indexedDB" in window)) {
            reject(new Error("IndexedDB is not available"));
            return;
        }
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
}

async function withStore(mode, action) {
    const db = await openQueue();
    try {
        return await new Promise((resolve, reject) => {
            const transaction = db.transaction(STORE, mode);
            const store = transaction.objectStore(STORE);
            let result;
            const request = action(store);
            if (request) request.onsuccess = () => (result = request.result);
            transaction.oncomplete = () => resolve(result);
            transaction.onerror = () => reject(transaction.error);
            transaction.onabort = () => reject(transaction.error);
        });
    } finally {
        db.close();
    }
}

const queue = {
    add: (item) => withStore("readwrite", (store) => store.add(item)),
    all: () => withStore("readonly", (store) => store.getAll()),
    remove: (id) => withStore("readwrite", (store) => store.delete(id)),
    count: () => withStore("readonly", (store) => store.count()),
};

// ---------- The page ----------

const form = document.getElementById("serial-form");
if (form) {
    const labelData = (document.getElementById("serial-labels") || {}).dataset || {};
    const t = (key) => labelData[key] || FALLBACK[key];
    const deviceSelect = document.getElementById("device-type");
    const presetSelect = document.getElementById("preset");
    const photoInput = document.getElementById("serial-photo");
    const roiField = document.getElementById("roi");
    const editor = document.getElementById("roi-editor");
    const stage = document.getElementById("roi-stage");
    const image = document.getElementById("roi-image");
    const box = document.getElementById("roi-box");
    const handle = box ? box.querySelector(".roi-handle") : null;
    const resetButton = document.getElementById("roi-reset");
    const submitButton = document.getElementById("scan-serial");
    const errorBox = document.getElementById("serial-error");
    const queueLine = document.getElementById("serial-queue");
    const resultSection = document.getElementById("serial-result");
    const resultBody = document.getElementById("serial-result-body");

    let roi = null; // { x, y, w, h } as fractions of the photo
    let photoURL = "";
    let busy = false;

    // ----- the box -----

    const aspectOfDevice = () => {
        const option = deviceSelect && deviceSelect.selectedOptions ? deviceSelect.selectedOptions[0] : null;
        const aspect = option ? Number(option.dataset.aspect) : NaN;
        return Number.isFinite(aspect) && aspect > 0 ? aspect : 4;
    };

    /** The image's width / height in pixels (1 before it has loaded). */
    const imageRatio = () => (image && image.naturalWidth && image.naturalHeight ? image.naturalWidth / image.naturalHeight : 1);

    const drawBox = () => {
        if (!roi || !box) return;
        box.style.left = `${roi.x * 100}%`;
        box.style.top = `${roi.y * 100}%`;
        box.style.width = `${roi.w * 100}%`;
        box.style.height = `${roi.h * 100}%`;
        const percent = (value) => Math.round(value * 100);
        box.setAttribute("aria-valuemin", "0");
        box.setAttribute("aria-valuemax", "100");
        box.setAttribute("aria-valuenow", String(percent(roi.x)));
        box.setAttribute(
            "aria-valuetext",
            format(FALLBACK.box, { x: percent(roi.x), y: percent(roi.y), w: percent(roi.w), h: percent(roi.h) }),
        );
        if (roiField) roiField.value = [roi.x, roi.y, roi.w, roi.h].map((v) => v.toFixed(4)).join(",");
    };

    const setROI = (next) => {
        const w = clamp(next.w, MIN_SIZE, 1);
        const h = clamp(next.h, MIN_SIZE, 1);
        roi = { x: clamp(next.x, 0, 1 - w), y: clamp(next.y, 0, 1 - h), w, h };
        drawBox();
    };

    /** A box of the device's aspect ratio: 80 % of the photo's width (less if too tall), centred
     *  on `center` (the photo's centre by default). */
    const defaultROI = (center = { x: 0.5, y: 0.5 }, width = 0.8) => {
        const aspect = aspectOfDevice();
        let w = width;
        let h = (w * imageRatio()) / aspect; // fraction of the height
        if (h > 0.9) {
            h = 0.9;
            w = Math.min(1, (h * aspect) / imageRatio());
        }
        return { x: center.x - w / 2, y: center.y - h / 2, w, h };
    };

    const resetBox = (keepCenter = false) => {
        const center = keepCenter && roi ? { x: roi.x + roi.w / 2, y: roi.y + roi.h / 2 } : undefined;
        setROI(defaultROI(center, keepCenter && roi ? roi.w : 0.8));
    };

    const showPhoto = (file) => {
        if (photoURL) URL.revokeObjectURL(photoURL);
        photoURL = "";
        if (!file || !image || !editor) {
            if (editor) editor.hidden = true;
            roi = null;
            if (roiField) roiField.value = "";
            return;
        }
        photoURL = URL.createObjectURL(file);
        image.onload = () => {
            editor.hidden = false;
            resetBox(false);
        };
        image.onerror = () => {
            // Not something the browser can show (e.g. HEIC): send it without a box.
            editor.hidden = true;
            roi = null;
            if (roiField) roiField.value = "";
        };
        image.src = photoURL;
    };

    if (photoInput) {
        photoInput.addEventListener("change", () => {
            const file = photoInput.files && photoInput.files[0];
            showPhoto(file || null);
            if (errorBox && !errorBox.hidden) {
                errorBox.hidden = true;
                errorBox.textContent = "";
            }
        });
        // A photo the browser kept (back/forward navigation).
        if (photoInput.files && photoInput.files[0]) showPhoto(photoInput.files[0]);
    }

    if (deviceSelect) deviceSelect.addEventListener("change", () => roi && resetBox(true));
    if (resetButton) resetButton.addEventListener("click", () => resetBox(false));

    // Dragging: the box moves, its corner handle resizes. Pointer events cover mouse, pen and touch.
    if (box && stage) {
        let drag = null;
        box.addEventListener("pointerdown", (event) => {
            if (!roi || (event.pointerType === "mouse" && event.button !== 0)) return;
            event.preventDefault();
            const rect = stage.getBoundingClientRect();
            drag = {
                id: event.pointerId,
                mode: handle && event.target instanceof Element && event.target.closest(".roi-handle") ? "resize" : "move",
                startX: event.clientX,
                startY: event.clientY,
                start: { ...roi },
                width: rect.width || 1,
                height: rect.height || 1,
            };
            box.classList.add("dragging");
            try {
                box.setPointerCapture(event.pointerId);
            } catch {
                // Synthetic pointers cannot always be captured; the move events still arrive.
            }
            box.focus({ preventScroll: true });
        });
        box.addEventListener("pointermove", (event) => {
            if (!drag || event.pointerId !== drag.id) return;
            event.preventDefault();
            const dx = (event.clientX - drag.startX) / drag.width;
            const dy = (event.clientY - drag.startY) / drag.height;
            if (drag.mode === "move") {
                setROI({ ...drag.start, x: drag.start.x + dx, y: drag.start.y + dy });
            } else {
                const w = clamp(drag.start.w + dx, MIN_SIZE, 1 - drag.start.x);
                const h = clamp(drag.start.h + dy, MIN_SIZE, 1 - drag.start.y);
                setROI({ ...drag.start, w, h });
            }
        });
        const end = (event) => {
            if (!drag || event.pointerId !== drag.id) return;
            drag = null;
            box.classList.remove("dragging");
        };
        box.addEventListener("pointerup", end);
        box.addEventListener("pointercancel", end);

        box.addEventListener("keydown", (event) => {
            if (!roi) return;
            const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
            const move = moves[event.key];
            if (!move) return;
            event.preventDefault();
            const [dx, dy] = move.map((value) => value * STEP);
            if (event.shiftKey) {
                setROI({ ...roi, w: clamp(roi.w + dx, MIN_SIZE, 1 - roi.x), h: clamp(roi.h + dy, MIN_SIZE, 1 - roi.y) });
            } else {
                setROI({ ...roi, x: roi.x + dx, y: roi.y + dy });
            }
        });
    }

    // ----- results -----

    const showError = (text) => {
        if (!errorBox) return;
        errorBox.textContent = text || "";
        errorBox.hidden = !text;
    };

    const percent = (value) => `${Math.round((Number(value) || 0) * 100)}\u00a0%`;

    const factsLine = (fields) => {
        if (!fields) return null;
        const parts = [];
        if (fields.plant) parts.push(`${t("plant")} ${fields.plant}${fields.plant_location ? ` (${fields.plant_location})` : ""}`);
        const years = fields.year ?? (Array.isArray(fields.years) ? fields.years.join(" / ") : "");
        const made = [years, fields.week != null && fields.week !== "" ? `${t("week")} ${fields.week}` : ""]
            .filter((part) => part !== "" && part != null)
            .join(", ");
        if (made) parts.push(`${t("made")} ${made}`);
        if (fields.model_code) parts.push(`${t("modelCode")} ${fields.model_code}`);
        return parts.length ? el("p", "serial-fields", parts.join(" · ")) : null;
    };

    const copyButton = (serial, target) => {
        const button = el("button", "button serial-copy", t("copy"));
        button.type = "button";
        button.setAttribute("aria-label", `${t("copy")} ${serial}`);
        button.addEventListener("click", async () => {
            try {
                if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
                await navigator.clipboard.writeText(serial);
                button.textContent = FALLBACK.copied;
            } catch {
                // Select the serial so it can be copied by hand.
                const range = document.createRange();
                range.selectNodeContents(target);
                const selection = window.getSelection();
                if (selection) {
                    selection.removeAllRanges();
                    selection.addRange(range);
                }
                button.textContent = FALLBACK.copyFailed;
            }
            window.setTimeout(() => {
                button.textContent = t("copy");
            }, 2500);
        });
        return button;
    };

    const renderResult = (result) => {
        if (!resultBody || !resultSection) return;
        resultBody.replaceChildren();
        const candidates = Array.isArray(result.candidates) ? result.candidates : [];
        const best =
            candidates.find((candidate) => candidate.valid && candidate.serial === result.serial) ||
            candidates.find((candidate) => candidate.valid) ||
            (result.valid && result.serial ? { serial: result.serial, confidence: result.confidence, valid: true } : null);
        if (best) {
            const card = el("div", "serial-card");
            const row = el("div", "serial-row");
            const value = el("p", "serial-value", best.serial);
            value.setAttribute("translate", "no");
            value.lang = "en";
            row.append(value, copyButton(best.serial, value));
            card.appendChild(row);
            const meta = [];
            if (best.format) meta.push(`${t("format")}: ${best.format}`);
            meta.push(`${t("confidence")} ${percent(best.confidence)}`);
            card.appendChild(el("p", "serial-meta", meta.join(" · ")));
            const facts = factsLine(best.fields);
            if (facts) card.appendChild(facts);
            for (const warning of Array.isArray(best.warnings) ? best.warnings : []) {
                card.appendChild(el("p", "hint", typeof warning === "string" ? warning : JSON.stringify(warning)));
            }
            resultBody.appendChild(card);
        } else {
            resultBody.appendChild(el("p", "serial-none", t("noSerial")));
            if (result.message) resultBody.appendChild(el("p", "hint", result.message));
        }
        const others = candidates.filter((candidate) => candidate !== best && candidate.serial);
        if (others.length) {
            resultBody.appendChild(el("h3", "serial-also-heading", t("also")));
            const list = el("ul", "serial-also");
            for (const candidate of others.slice(0, 10)) {
                const item = el("li");
                const serial = el("span", "serial-candidate", candidate.serial);
                serial.setAttribute("translate", "no");
                const details = [candidate.valid ? t("valid") : t("invalid"), percent(candidate.confidence)];
                if (candidate.format) details.unshift(candidate.format);
                const issues = Array.isArray(candidate.issues) ? candidate.issues.filter((x) => typeof x === "string") : [];
                item.append(serial, document.createTextNode(` — ${details.join(" · ")}`));
                if (issues.length) item.appendChild(el("span", "hint", ` (${issues.join("; ")})`));
                list.appendChild(item);
            }
            resultBody.appendChild(list);
        }
        resultSection.hidden = false;
        resultSection.scrollIntoView({ block: "nearest", behavior: "smooth" });
    };

    const refreshHistory = async () => {
        const current = document.getElementById("serial-history");
        if (!current) return;
        try {
            const response = await fetch("/serial", { headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
            if (!response.ok) return;
            const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
            const fresh = parsed.getElementById("serial-history");
            if (fresh) current.replaceWith(document.importNode(fresh, true));
        } catch {
            // The history stays as it was; the next scan refreshes it.
        }
    };

    // ----- sending -----

    /** Sends one photo. Resolves to {kind: "ok", result} | {kind: "refused", reason} (4xx) |
     *  {kind: "later", reason} (5xx, or the request did not reach the server). */
    const send = async (item) => {
        const data = new FormData();
        data.append("image", item.blob, item.fileName || "photo.jpg");
        data.append("device_type", item.device_type || "");
        data.append("preset", item.preset || "");
        if (item.roi) data.append("roi", item.roi);
        let response;
        try {
            response = await fetch("/process-serial", {
                method: "POST",
                body: data,
                headers: { Accept: "application/json" },
                credentials: "same-origin",
            });
        } catch {
            return { kind: "later", network: true, reason: FALLBACK.network };
        }
        let answer = null;
        try {
            answer = await response.json();
        } catch {
            answer = null;
        }
        if (response.ok && answer) return { kind: "ok", result: answer };
        const reason = (answer && (answer.reason || answer.error)) || `HTTP ${response.status}`;
        if (response.status >= 400 && response.status < 500) return { kind: "refused", reason };
        return { kind: "later", reason };
    };

    const showQueue = async () => {
        if (!queueLine) return 0;
        let count = 0;
        try {
            count = await queue.count();
        } catch {
            count = 0;
        }
        if (count > 0) {
            queueLine.textContent = `${t("queued")} ${format(FALLBACK.waiting, { count })}`;
            queueLine.hidden = false;
        } else {
            queueLine.hidden = true;
            queueLine.textContent = "";
        }
        return count;
    };

    const enqueue = async (item) => {
        try {
            await queue.add(item);
        } catch (error) {
            showError(`${FALLBACK.network} (${error && error.message ? error.message : "IndexedDB"})`);
            return;
        }
        await showQueue();
    };

    let flushing = null;
    const flush = () => {
        if (flushing) return flushing;
        flushing = (async () => {
            if (navigator.onLine === false) return;
            let items = [];
            try {
                items = await queue.all();
            } catch {
                return;
            }
            if (!items.length) return;
            items.sort((a, b) => a.id - b.id);
            let latest = null;
            for (const item of items) {
                const outcome = await send(item);
                if (outcome.kind === "later") break;
                await queue.remove(item.id);
                if (outcome.kind === "ok") latest = outcome.result;
                else showError(outcome.reason);
            }
            if (latest) renderResult(latest);
            await showQueue();
            await refreshHistory();
        })().finally(() => {
            flushing = null;
        });
        return flushing;
    };

    const setBusy = (value) => {
        busy = value;
        if (!submitButton) return;
        if (value) {
            submitButton.dataset.label = submitButton.textContent;
            submitButton.textContent = FALLBACK.sending;
            submitButton.disabled = true;
            submitButton.setAttribute("aria-busy", "true");
        } else {
            if (submitButton.dataset.label) submitButton.textContent = submitButton.dataset.label;
            submitButton.disabled = false;
            submitButton.removeAttribute("aria-busy");
        }
    };

    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        if (busy) return;
        showError("");
        const file = photoInput && photoInput.files ? photoInput.files[0] : null;
        const item = {
            blob: file,
            fileName: file ? file.name : "",
            device_type: deviceSelect ? deviceSelect.value : "",
            preset: presetSelect ? presetSelect.value : "",
            roi: roiField ? roiField.value : "",
            queuedAt: new Date().toISOString(),
        };
        if (!file) {
            // Let the server explain what is missing (it answers 400 with a reason).
            if (navigator.onLine === false) {
                showError(FALLBACK.network);
                return;
            }
            const data = new FormData(form);
            setBusy(true);
            try {
                const response = await fetch("/process-serial", { method: "POST", body: data, headers: { Accept: "application/json" }, credentials: "same-origin" });
                const answer = await response.json().catch(() => null);
                if (response.ok && answer) renderResult(answer);
                else showError((answer && (answer.reason || answer.error)) || `HTTP ${response.status}`);
            } catch {
                showError(FALLBACK.network);
            } finally {
                setBusy(false);
            }
            return;
        }
        if (navigator.onLine === false) {
            await enqueue(item);
            return;
        }
        setBusy(true);
        // Older photos waiting in the queue go first.
        await flush();
        const outcome = await send(item);
        setBusy(false);
        if (outcome.kind === "ok") {
            renderResult(outcome.result);
            await refreshHistory();
        } else if (outcome.kind === "refused") {
            showError(outcome.reason);
        } else if (outcome.network) {
            await enqueue(item);
        } else {
            showError(outcome.reason);
        }
    });

    window.addEventListener("online", () => {
        flush();
    });
    showQueue().then((count) => {
        if (count > 0) flush();
    });
}
