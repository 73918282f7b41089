// Starts the interactive API reference on /docs (Scalar, served by this site).
// "Try it" requests bypass the browser's HTTP cache, so an answer fetched
// with one API key (or none) is never shown again for another key. A key
// pasted in the page's own field is sent as X-API-Key with every request;
// it stays in the field (never stored).
(() => {
  const mount = document.getElementById("reference-app");
  if (!mount || !window.Scalar) return;
  const keyField = document.getElementById("try-api-key");
  window.Scalar.createApiReference("#reference-app", {
    url: mount.dataset.openapiUrl,
    agent: { disabled: true },
    mcp: { disabled: true },
    withDefaultFonts: false,
    hideDarkModeToggle: true,
    forceDarkModeState: "light",
    hideClientButton: false,
    showDeveloperTools: "never",
    telemetry: false,
    onRequestBuilt: ({ request }) => {
      request.headers.set("Cache-Control", "no-cache");
      request.headers.set("Pragma", "no-cache");
      const key = keyField ? keyField.value.trim() : "";
      if (key !== "") request.headers.set("X-API-Key", key);
    },
  });
  // Scalar's icon-only copy buttons carry no accessible name; give them one.
  const nameButtons = () => {
    for (const button of mount.querySelectorAll("button")) {
      if (button.hasAttribute("aria-label") || button.hasAttribute("aria-labelledby")) continue;
      if (button.className.includes("copy")) button.setAttribute("aria-label", "Copy");
      else if ((button.textContent ?? "").trim() === "") button.setAttribute("aria-label", "More");
    }
    // A code sample wider than its box scrolls: keyboard users must be able to reach it.
    for (const block of mount.querySelectorAll("pre:not([tabindex])")) {
      if (block.scrollWidth > block.clientWidth) block.setAttribute("tabindex", "0");
    }
  };
  nameButtons();
  new MutationObserver(nameButtons).observe(mount, { childList: true, subtree: true });
})();
