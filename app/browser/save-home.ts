// A save button (form[data-save-home], app/components/listings/save-home-button.tsx) saves or removes the
// home without leaving the page: it sends the same request to /api/v1/shortlist/{id} and flips the form's
// `data-saved` and `intent` (every save form for that home on the page, e.g. a card and the page's own
// button), and says so to screen readers. Signed out (401) or on any other failure the form posts as it
// does without JavaScript: the server then asks to log in, or answers with its own message.
import { type Attach, listeners } from "./behaviour";

const MESSAGES = { save: "Saved to your saved homes.", remove: "Removed from your saved homes." } as const;

export const attach: Attach<HTMLFormElement> = (form) => {
  const { signal, detach } = listeners();
  form.addEventListener(
    "submit",
    async (event) => {
      const intent = form.elements.namedItem("intent") as HTMLInputElement | null;
      const propertyId = (form.elements.namedItem("propertyId") as HTMLInputElement | null)?.value;
      if (!intent || !propertyId || (intent.value !== "save" && intent.value !== "remove")) return;
      event.preventDefault();
      const doing = intent.value;
      let ok = false;
      try {
        const response = await fetch(`/api/v1/shortlist/${encodeURIComponent(propertyId)}`, {
          method: doing === "save" ? "PUT" : "DELETE",
          headers: { Accept: "application/json" },
        });
        // Removing a home another tab removed already (404) leaves it unsaved, as asked.
        ok = response.ok || (doing === "remove" && response.status === 404);
      } catch (error) {
        console.warn("saving the home failed", error);
      }
      if (!ok) return form.submit();
      const saved = doing === "save";
      for (const other of form.ownerDocument.querySelectorAll<HTMLFormElement>("form[data-save-home]")) {
        const otherId = other.elements.namedItem("propertyId") as HTMLInputElement | null;
        if (otherId?.value !== propertyId) continue;
        other.dataset.saved = String(saved);
        (other.elements.namedItem("intent") as HTMLInputElement).value = saved ? "remove" : "save";
      }
      const status = form.querySelector("[data-save-status]");
      if (status) status.textContent = MESSAGES[doing];
    },
    { signal },
  );
  return detach;
};
