// Starts the interactive API reference on /docs (Scalar, served by this site).
// "Try it" requests bypass the browser's HTTP cache, so an answer fetched
// with one API key (or none) is never shown again for another key.
(() => {
  const mount = document.getElementById("reference-app");
  if (!mount || !window.Scalar) return;
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
