// The scan page (/scan): photos from the camera input (one per pick) and the library input (several
// per pick) are appended to a review grid where each can be moved earlier or later, turned 90°
// clockwise, or removed. Process uploads them in the grid's order with their rotations to
// POST /api/v1/scans and opens the job page. Without this script the form posts the chosen files
// as they are (POST /scan).

const ZH = (document.documentElement.getAttribute("lang") || "").toLowerCase().startsWith("zh");
const FALLBACK = ZH
    ? {
          moveEarlier: "前移",
          moveLater: "后移",
          rotate: "旋转",
          remove: "删除",
          page: "页面照片",
          uploading: "正在上传…",
          offline: "你已离线。联网后才能上传照片。",
          notImage: "不是图片，已跳过：{names}",
          added: "已添加 {count} 张照片，共 {total} 张。",
          moved: "{label} {from} 现在是第 {to} 张。",
          rotated: "{label} {n} 已旋转到 {degrees}°。",
          removed: "已删除 {label} {n}，还剩 {total} 张。",
          failed: "上传失败：{reason}",
          network: "网络错误",
      }
    : {
          moveEarlier: "Move earlier",
          moveLater: "Move later",
          rotate: "Rotate",
          remove: "Remove",
          page: "Photo of page",
          uploading: "Uploading…",
          offline: "You are offline. Connect to upload the photos.",
          notImage: "Not an image, left out: {names}",
          added: "Added {count} photo(s); {total} in all.",
          moved: "{label} {from} is now number {to}.",
          rotated: "{label} {n} turned to {degrees}°.",
          removed: "Removed {label} {n}; {total} left.",
          failed: "The upload failed: {reason}",
          network: "network error",
      };

function format(template, values) {
    return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? String(values[key]) : match));
}

const form = document.getElementById("scan-form");
const grid = document.getElementById("photo-grid");
if (form && grid) {
    const labelData = (document.getElementById("grid-labels") || {}).dataset || {};
    const label = (key, dataKey = key) => labelData[dataKey] || FALLBACK[key];
    const review = document.getElementById("review");
    const empty = document.getElementById("review-empty");
    const rotationsField = document.getElementById("rotations");
    const errorBox = document.getElementById("form-error");
    const submitButton = document.getElementById("process");
    const inputs = Array.from(form.querySelectorAll('input[type="file"]'));
    const libraryInput = document.getElementById("photos") || inputs[0];

    // A polite live region for what the grid buttons did.
    const status = document.createElement("p");
    status.id = "photo-status";
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    status.setAttribute("role", "status");
    (review || form).appendChild(status);

    /** `{ id, file, url, rotation, item }`, in reading order. */
    let photos = [];
    let nextID = 1;
    let busy = false;

    const announce = (text) => {
        // Clearing first makes a repeated message be read again.
        status.textContent = "";
        window.setTimeout(() => {
            status.textContent = text;
        }, 50);
    };

    const showError = (text, focus = true) => {
        if (!errorBox) return;
        errorBox.textContent = text;
        errorBox.hidden = !text;
        if (text && focus) {
            if (!errorBox.hasAttribute("tabindex")) errorBox.setAttribute("tabindex", "-1");
            errorBox.focus();
        }
    };

    const makeButton = (action, text, className) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `button photo-button ${className}`;
        button.dataset.action = action;
        const glyph = document.createElement("span");
        glyph.setAttribute("aria-hidden", "true");
        glyph.textContent = text;
        button.appendChild(glyph);
        return button;
    };

    const makeItem = (photo) => {
        const item = document.createElement("li");
        item.className = "photo-item";
        item.dataset.photoId = String(photo.id);
        item.dataset.name = photo.file.name;
        const frame = document.createElement("div");
        frame.className = "photo-frame";
        const image = document.createElement("img");
        image.className = "photo-thumb";
        image.src = photo.url;
        image.decoding = "async";
        frame.appendChild(image);
        const number = document.createElement("span");
        number.className = "photo-number";
        number.setAttribute("aria-hidden", "true");
        frame.appendChild(number);
        const actions = document.createElement("div");
        actions.className = "photo-actions";
        actions.append(
            makeButton("earlier", "←", "move-earlier"),
            makeButton("later", "→", "move-later"),
            makeButton("rotate", "↻", "rotate"),
            makeButton("remove", "✕", "remove"),
        );
        item.append(frame, actions);
        return item;
    };

    /** Puts the items in order and refreshes numbers, labels, rotations and the hidden field. */
    const render = () => {
        photos.forEach((photo, index) => {
            if (!photo.item) photo.item = makeItem(photo);
            const n = index + 1;
            const item = photo.item;
            item.dataset.rotation = String(photo.rotation);
            const image = item.querySelector(".photo-thumb");
            image.alt = `${label("page")} ${n}`;
            image.style.transform = photo.rotation ? `rotate(${photo.rotation}deg)` : "";
            item.querySelector(".photo-number").textContent = String(n);
            const buttons = {
                earlier: ["moveEarlier", "moveEarlier", index === 0],
                later: ["moveLater", "moveLater", index === photos.length - 1],
                rotate: ["rotate", "rotate", false],
                remove: ["remove", "remove", false],
            };
            for (const [action, [key, dataKey, disabled]] of Object.entries(buttons)) {
                const button = item.querySelector(`button[data-action="${action}"]`);
                button.setAttribute("aria-label", `${label(key, dataKey)} ${n}`);
                button.title = label(key, dataKey);
                button.disabled = disabled;
            }
            if (grid.children[index] !== item) grid.insertBefore(item, grid.children[index] || null);
        });
        // Anything left over belongs to removed photos.
        while (grid.children.length > photos.length) grid.lastElementChild.remove();
        if (rotationsField) rotationsField.value = photos.map((photo) => photo.rotation).join(",");
        if (review) review.hidden = false;
        if (empty) empty.hidden = photos.length > 0;
    };

    const add = (files) => {
        const refused = [];
        let added = 0;
        for (const file of files) {
            if (!file.type || !file.type.startsWith("image/")) {
                refused.push(file.name);
                continue;
            }
            photos.push({ id: nextID++, file, url: URL.createObjectURL(file), rotation: 0, item: null });
            added += 1;
        }
        if (refused.length) showError(format(FALLBACK.notImage, { names: refused.join(", ") }), false);
        else if (errorBox && !errorBox.hidden && !busy) showError("", false);
        if (added) {
            render();
            announce(format(FALLBACK.added, { count: added, total: photos.length }));
        }
    };

    for (const input of inputs) {
        input.addEventListener("change", () => {
            const files = Array.from(input.files || []);
            // The camera gives one photo per pick; keep only the first in case a browser gives more.
            add(input === libraryInput ? files : files.slice(0, 1));
            // Each pick appends; clearing lets the same photo be picked again.
            input.value = "";
        });
    }

    const focusButton = (photo, action, fallback) => {
        if (!photo || !photo.item) return;
        let button = photo.item.querySelector(`button[data-action="${action}"]`);
        if (button && button.disabled) button = photo.item.querySelector(`button[data-action="${fallback}"]`);
        if (button) button.focus();
    };

    grid.addEventListener("click", (event) => {
        const target = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
        if (!target || busy) return;
        const item = target.closest(".photo-item");
        const index = photos.findIndex((photo) => photo.item === item);
        if (index < 0) return;
        const photo = photos[index];
        const pageLabel = label("page");
        switch (target.dataset.action) {
            case "earlier":
            case "later": {
                const to = target.dataset.action === "earlier" ? index - 1 : index + 1;
                if (to < 0 || to >= photos.length) return;
                photos.splice(index, 1);
                photos.splice(to, 0, photo);
                render();
                focusButton(photo, target.dataset.action, target.dataset.action === "earlier" ? "later" : "earlier");
                announce(format(FALLBACK.moved, { label: pageLabel, from: index + 1, to: to + 1 }));
                break;
            }
            case "rotate":
                photo.rotation = (photo.rotation + 90) % 360;
                render();
                announce(format(FALLBACK.rotated, { label: pageLabel, n: index + 1, degrees: photo.rotation }));
                break;
            case "remove": {
                photos.splice(index, 1);
                URL.revokeObjectURL(photo.url);
                render();
                const next = photos[index] || photos[index - 1];
                if (next) focusButton(next, "remove", "rotate");
                else if (libraryInput) libraryInput.focus();
                announce(format(FALLBACK.removed, { label: pageLabel, n: index + 1, total: photos.length }));
                break;
            }
            default:
                break;
        }
    });

    const setBusy = (value) => {
        busy = value;
        if (!submitButton) return;
        if (value) {
            submitButton.dataset.label = submitButton.textContent;
            submitButton.textContent = label("uploading");
            submitButton.disabled = true;
            submitButton.setAttribute("aria-busy", "true");
        } else {
            if (submitButton.dataset.label) submitButton.textContent = submitButton.dataset.label;
            submitButton.disabled = false;
            submitButton.removeAttribute("aria-busy");
        }
        for (const input of inputs) input.disabled = value;
    };

    form.addEventListener("submit", async (event) => {
        event.preventDefault();
        if (busy) return;
        if (navigator.onLine === false) {
            showError(label("offline"));
            return;
        }
        const data = new FormData();
        const title = form.querySelector("#title");
        const author = form.querySelector("#author");
        data.append("title", title ? title.value : "");
        data.append("author", author ? author.value : "");
        for (const photo of photos) data.append("images[]", photo.file, photo.file.name);
        data.append("rotations", photos.map((photo) => photo.rotation).join(","));

        showError("", false);
        setBusy(true);
        announce(label("uploading"));
        let response;
        try {
            response = await fetch("/api/v1/scans", {
                method: "POST",
                body: data,
                headers: { Accept: "application/json" },
                credentials: "same-origin",
            });
        } catch {
            setBusy(false);
            showError(navigator.onLine === false ? label("offline") : format(FALLBACK.failed, { reason: FALLBACK.network }));
            return;
        }
        let answer = null;
        try {
            answer = await response.json();
        } catch {
            answer = null;
        }
        if (response.ok && answer && answer.id) {
            window.location.assign(`/scans/${encodeURIComponent(answer.id)}`);
            return;
        }
        setBusy(false);
        const reason =
            (answer && (answer.reason || answer.error)) || `HTTP ${response.status} ${response.statusText || ""}`.trim();
        showError(reason);
    });

    window.addEventListener("pagehide", (event) => {
        if (event.persisted) return;
        for (const photo of photos) URL.revokeObjectURL(photo.url);
    });

    // Photos a browser kept in the inputs (back/forward navigation) join the grid.
    for (const input of inputs) {
        if (input.files && input.files.length) {
            add(input === libraryInput ? Array.from(input.files) : Array.from(input.files).slice(0, 1));
            input.value = "";
        }
    }
}
