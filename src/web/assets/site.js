// Progressive enhancement only: every page works without this file.
// - <button data-copy-target="ID"> copies the text of #ID and says "Copied".
// - <form data-confirm="message"> asks before submitting.
// - An open <details class="profile-menu"> closes on a click outside it or Escape.
(() => {
  const COPIED_MS = 2000;

  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "copy-buffer";
    document.body.append(area);
    area.select();
    try {
      document.execCommand("copy");
    } finally {
      area.remove();
    }
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest("button[data-copy-target]");
    if (button) {
      const source = document.getElementById(button.getAttribute("data-copy-target") ?? "");
      if (!source) return;
      const label = button.dataset.label ?? button.textContent;
      button.dataset.label = label;
      copyText(source.textContent ?? "").then(
        () => {
          button.textContent = "Copied";
          button.classList.add("copied");
          window.clearTimeout(Number(button.dataset.timer));
          button.dataset.timer = String(
            window.setTimeout(() => {
              button.textContent = label;
              button.classList.remove("copied");
            }, COPIED_MS),
          );
        },
        () => {
          button.textContent = "Copy failed: select the text";
        },
      );
    }
    for (const menu of document.querySelectorAll("details.profile-menu[open]")) {
      if (!target || !menu.contains(target)) menu.removeAttribute("open");
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of document.querySelectorAll("details.profile-menu[open]")) {
      menu.removeAttribute("open");
      menu.querySelector("summary")?.focus();
    }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const message = form.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });
})();
