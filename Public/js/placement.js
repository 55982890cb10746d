// The placement reading: one level per screen. Without this script every screen shows on one page
// and the form still works; with it, Back / Next step through the screens and the submit button
// appears on the last one. "I don't know most of these" marks (or unmarks) the screen's words of its
// level and above.

const form = document.getElementById("placement-form");
if (form) {
    const screens = Array.from(form.querySelectorAll(".placement-screen"));
    const submit = form.querySelector(".placement-submit");
    let current = 0;

    const show = (index, focus) => {
        current = Math.max(0, Math.min(screens.length - 1, index));
        screens.forEach((screen, i) => {
            screen.hidden = i !== current;
        });
        if (submit) submit.hidden = current !== screens.length - 1;
        if (focus) {
            const screen = screens[current];
            screen.scrollIntoView({ block: "start" });
            const first = screen.querySelector("input");
            if (first) first.focus({ preventScroll: true });
        }
    };

    form.addEventListener("click", (event) => {
        const target = event.target;
        if (!(target instanceof Element)) return;
        const screen = target.closest(".placement-screen");
        if (!screen) return;
        if (target.closest(".screen-next")) {
            show(current + 1, true);
        } else if (target.closest(".screen-back")) {
            show(current - 1, true);
        } else if (target.closest(".mark-all")) {
            // The words of this screen's level and above; easier words keep the learner's own answer.
            const level = Number(screen.dataset.level);
            const boxes = Array.from(screen.querySelectorAll("label.pw"))
                .filter((label) => !(Number(label.dataset.level) < level))
                .map((label) => label.querySelector('input[type="checkbox"]'))
                .filter(Boolean);
            const all = boxes.every((box) => box.checked);
            boxes.forEach((box) => {
                box.checked = !all;
            });
        }
    });

    // Enter on a word toggles it, as Space does, instead of submitting the whole placement early.
    form.addEventListener("keydown", (event) => {
        const target = event.target;
        if (event.key !== "Enter" || !(target instanceof HTMLInputElement) || target.type !== "checkbox") return;
        event.preventDefault();
        target.checked = !target.checked;
    });

    if (screens.length) show(0, false);
}
