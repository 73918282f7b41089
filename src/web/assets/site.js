// Progressive enhancement only: every page works without this file.
// - <button data-copy-target="ID"> copies the text of #ID and says "Copied".
// - <form data-confirm="message"> asks before submitting.
// - An open <details class="profile-menu"> closes on a click outside it or Escape.
// - The /states filter form (a plain GET form) applies as you type, in place,
//   keeping the address in step so the view can be shared or reloaded.
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

  const filters = document.querySelector("form[data-states-filter]");
  const tbody = document.querySelector(".states-table tbody");
  const count = document.getElementById("states-count");
  if (filters instanceof HTMLFormElement && tbody && count) {
    const rows = Array.from(tbody.querySelectorAll("tr"));
    const total = rows.length;
    const byDate = (key) => (a, b) => {
      const left = a.dataset[key] || "9999";
      const right = b.dataset[key] || "9999";
      return left === right ? a.dataset.name.localeCompare(b.dataset.name) : left < right ? -1 : 1;
    };
    const sorts = {
      name: (a, b) => a.dataset.name.localeCompare(b.dataset.name),
      status: (a, b) =>
        Number(a.dataset.statusRank) - Number(b.dataset.statusRank) ||
        a.dataset.name.localeCompare(b.dataset.name),
      adult_use: byDate("adultUse"),
      medical: byDate("medical"),
    };
    const apply = () => {
      const data = new FormData(filters);
      const q = String(data.get("q") ?? "")
        .trim()
        .toLowerCase();
      const status = String(data.get("status") ?? "");
      const decriminalized = String(data.get("decriminalized") ?? "");
      const sort = String(data.get("sort") ?? "name");
      const selects = Array.from(filters.querySelectorAll("select[data-filter]"));
      for (const toggle of filters.querySelectorAll("input[data-column-toggle]")) {
        for (const cell of document.querySelectorAll(
          `.states-table [data-column="${toggle.dataset.columnToggle}"]`,
        )) {
          cell.hidden = !toggle.checked;
        }
      }
      let shown = 0;
      for (const row of rows) {
        const visible =
          (q === "" || row.dataset.name.includes(q) || row.dataset.code === q) &&
          (status === "" || row.dataset.status === status) &&
          (decriminalized === "" || row.dataset.decriminalized === decriminalized) &&
          selects.every(
            (select) => select.value === "" || row.dataset[select.dataset.filter] === select.value,
          );
        row.hidden = !visible;
        if (visible) shown += 1;
      }
      tbody.append(...rows.sort(sorts[sort] ?? sorts.name));
      count.textContent = `Showing ${shown} of ${total} jurisdictions.`;
      const params = new URLSearchParams();
      for (const [name, value] of data) {
        if (value !== "" && !(name === "sort" && value === "name"))
          params.append(name, String(value));
      }
      const query = params.toString();
      history.replaceState(null, "", query === "" ? "/states" : `/states?${query}`);
    };
    filters.addEventListener("input", apply);
    filters.addEventListener("change", apply);
    filters.addEventListener("submit", (event) => {
      event.preventDefault();
      apply();
    });
  }
})();
