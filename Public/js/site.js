// Small progressive enhancements for the pages other than the reader (library, add book,
// settings): everything here also works without JavaScript.

// A button with data-confirm asks before submitting its form (e.g. deleting a book).
document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest("[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
});

// Settings: preview the theme and the text size as soon as they are chosen.
const settingsForm = document.querySelector('form[action="/settings"]');
if (settingsForm) {
    settingsForm.addEventListener("change", (event) => {
        const input = event.target;
        if (!(input instanceof HTMLInputElement) || !input.checked) return;
        if (input.name === "theme") document.body.dataset.theme = input.value;
        if (input.name === "fontSize") document.body.dataset.fontSize = input.value;
    });
}

// Add a book: a chosen file names the book when no title was typed.
const fileInput = document.querySelector('input[type="file"][name="file"]');
const titleInput = document.getElementById("title");
if (fileInput && titleInput) {
    fileInput.addEventListener("change", () => {
        const file = fileInput.files && fileInput.files[0];
        if (file && !titleInput.value.trim()) titleInput.value = file.name.replace(/\.(txt|text|epub)$/i, "");
    });
}
