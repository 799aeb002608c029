// The header's dropdowns and mobile menu are plain `<details>` elements (`[data-menus]` marks their
// container), so they open and close without JavaScript. This adds what people expect from a menu: it
// closes on a click or focus outside it, on Escape (focus goes back to its toggle), and after one of its
// links is followed.
import { type Attach, listeners } from "./behaviour";

export const attach: Attach = (root) => {
  const document = root.ownerDocument;
  const { signal, detach } = listeners();
  const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[open]"));
  const closeAllExcept = (target: EventTarget | null) => {
    for (const details of openMenus()) if (!(target instanceof Node) || !details.contains(target)) details.open = false;
  };
  document.addEventListener("pointerdown", (event) => closeAllExcept(event.target), { signal });
  document.addEventListener("focusin", (event) => closeAllExcept(event.target), { signal });
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape") return;
      const active = document.activeElement;
      for (const details of openMenus()) {
        const hadFocus = active instanceof Node && details.contains(active);
        details.open = false;
        if (hadFocus) details.querySelector("summary")?.focus();
      }
    },
    { signal },
  );
  root.addEventListener(
    "click",
    (event) => {
      // A link inside a menu was followed (possibly to the page we are already on).
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const details = link?.closest("details[open]");
      if (details instanceof HTMLDetailsElement && root.contains(details)) details.open = false;
    },
    { signal },
  );
  return detach;
};

/** Closes every open menu (a React page calls it when the page changes). */
export function closeMenus(root: Element) {
  for (const details of root.querySelectorAll<HTMLDetailsElement>("details[open]")) details.open = false;
}
