import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The header's dropdowns and mobile menu are plain `<details>` elements, so they open and
 * close without JavaScript. Once hydrated, this adds what people expect from a menu:
 * it closes on a click or focus outside it, on Escape (returning focus to its toggle),
 * after following one of its links, and whenever the page changes.
 *
 * The `open` attribute is never rendered by React, so server and client markup match.
 */
export function useDismissableDetails(rootRef: RefObject<HTMLElement | null>) {
  const location = useLocation();

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;

    const openDetails = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[open]"));
    const closeAllExcept = (target: EventTarget | null) => {
      for (const details of openDetails()) {
        if (!(target instanceof Node) || !details.contains(target)) details.open = false;
      }
    };

    function onPointerDown(event: PointerEvent) {
      closeAllExcept(event.target);
    }
    function onFocusIn(event: FocusEvent) {
      closeAllExcept(event.target);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const active = document.activeElement;
      for (const details of openDetails()) {
        const hadFocus = active instanceof Node && details.contains(active);
        details.open = false;
        if (hadFocus) details.querySelector("summary")?.focus();
      }
    }
    function onClick(event: MouseEvent) {
      // A link inside a menu was followed (possibly to the page we are already on).
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const details = link?.closest("details[open]");
      if (details instanceof HTMLDetailsElement && root?.contains(details)) details.open = false;
    }

    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    root.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("click", onClick);
    };
  }, [rootRef]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    for (const details of root.querySelectorAll<HTMLDetailsElement>("details[open]")) details.open = false;
  }, [rootRef, location.pathname, location.search]);
}
