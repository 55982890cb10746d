// The scan job page (/scans/{id}): while pages are being read, polls GET /api/v1/scans/{id} about
// once a second and updates the status sentence, the progress bar and each page's badge. When a
// page is read or fails, or the job finishes, the page reloads to show the text forms and the
// Retry / Retake buttons — unless a text box holds unsaved edits: then a notice offers the reload.
// A Retake file input submits its form as soon as a photo is chosen. Without this script the page
// refreshes itself every 3 s while processing (<noscript> meta refresh).

const ZH = (document.documentElement.getAttribute("lang") || "").toLowerCase().startsWith("zh");
const STRINGS = ZH
    ? {
          processing: (n, total) => `正在识别第 ${n}/${total} 页…`,
          queued: "等待中",
          processingBadge: "识别中…",
          done: "已识别",
          failed: "失败",
          changed: "有新的识别结果。保存你改的文字后，刷新页面即可查看。",
          reload: "刷新",
          uploading: "正在上传…",
      }
    : {
          processing: (n, total) => `Processing page ${n}/${total}…`,
          queued: "Waiting",
          processingBadge: "Reading…",
          done: "Read",
          failed: "Failed",
          changed: "New results are ready. Save your text, then reload to see them.",
          reload: "Reload",
          uploading: "Uploading…",
      };

const BADGES = { queued: STRINGS.queued, processing: STRINGS.processingBadge, done: STRINGS.done, failed: STRINGS.failed };
const POLL_MS = 1000;
const RETRY_MS = 3000;

// Retake: choosing a photo sends it.
document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "file" || input.dataset.autoSubmit !== "true") return;
    if (!input.files || !input.files.length || !input.form) return;
    const labelElement = input.closest("label");
    if (labelElement) {
        labelElement.setAttribute("aria-busy", "true");
        labelElement.classList.add("busy");
        // The input lives inside the label: replace only the label's text node.
        for (const node of labelElement.childNodes) {
            if (node.nodeType === Node.TEXT_NODE && node.textContent.trim()) {
                node.textContent = STRINGS.uploading;
                break;
            }
        }
    }
    if (typeof input.form.requestSubmit === "function") input.form.requestSubmit();
    else input.form.submit();
});

const main = document.querySelector("main[data-job-id]");
if (main && main.dataset.processing === "true") {
    const jobID = main.dataset.jobId;
    const statusLine = document.getElementById("scan-status");
    const progress = document.getElementById("scan-progress");
    let stopped = false;
    let timer = 0;
    let noticeShown = false;

    const hasUnsavedEdits = () =>
        Array.from(document.querySelectorAll("#scan-pages textarea")).some((area) => area.value !== area.defaultValue);

    // Saving a correction reloads the page anyway: no notice needed then.
    let submitting = false;
    document.addEventListener("submit", () => {
        submitting = true;
    });

    const showNotice = () => {
        if (noticeShown) return;
        noticeShown = true;
        const notice = document.createElement("div");
        notice.id = "scan-reload-notice";
        notice.className = "notice scan-reload-notice";
        notice.setAttribute("role", "status");
        const text = document.createElement("p");
        text.textContent = STRINGS.changed;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button";
        button.textContent = STRINGS.reload;
        button.addEventListener("click", () => window.location.reload());
        notice.append(text, button);
        const anchor = progress || statusLine;
        if (anchor) anchor.insertAdjacentElement("afterend", notice);
        else main.prepend(notice);
    };

    const reloadOrNotify = () => {
        stopped = true;
        window.clearTimeout(timer);
        if (submitting) return;
        if (hasUnsavedEdits()) showNotice();
        else window.location.reload();
    };

    const apply = (job) => {
        const total = Number(job.total) || (Array.isArray(job.pages) ? job.pages.length : 0);
        const finished = Number(job.finished) || 0;
        if (progress) {
            progress.max = Math.max(1, total);
            progress.value = finished;
        }
        let changed = false;
        for (const page of Array.isArray(job.pages) ? job.pages : []) {
            const item = document.querySelector(`#scan-pages li[data-page-id="${CSS.escape(String(page.id))}"]`);
            if (!item) {
                changed = true;
                continue;
            }
            if (item.dataset.status === page.status) continue;
            const before = item.dataset.status;
            item.dataset.status = page.status;
            item.classList.remove(`status-${before}`);
            item.classList.add(`status-${page.status}`);
            const badge = item.querySelector(".badge.status");
            if (badge && BADGES[page.status]) badge.textContent = BADGES[page.status];
            if (page.status === "done" || page.status === "failed") changed = true;
        }
        if (job.status === "finished") {
            changed = true;
        } else if (statusLine) {
            const current = Number(job.current) || Math.min(total, finished + 1) || 1;
            const text = STRINGS.processing(current, total);
            if (statusLine.textContent !== text) statusLine.textContent = text;
        }
        if (changed) reloadOrNotify();
    };

    const poll = async () => {
        if (stopped) return;
        let delay = POLL_MS;
        try {
            const response = await fetch(`/api/v1/scans/${encodeURIComponent(jobID)}`, {
                headers: { Accept: "application/json" },
                credentials: "same-origin",
                cache: "no-store",
            });
            if (response.ok) apply(await response.json());
            else if (response.status === 404) stopped = true;
            else delay = RETRY_MS;
        } catch {
            delay = RETRY_MS; // offline or the server restarting: try again later
        }
        if (!stopped) timer = window.setTimeout(poll, document.hidden ? RETRY_MS : delay);
    };

    document.addEventListener("visibilitychange", () => {
        if (!document.hidden && !stopped) {
            window.clearTimeout(timer);
            poll();
        }
    });
    timer = window.setTimeout(poll, POLL_MS);
}
