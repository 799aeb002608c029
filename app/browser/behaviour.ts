// A browser behaviour: one module per behaviour, used by pages with and without React alike
// (docs/decisions/0009-browser-behaviours.md). `attach` wires an element that the server rendered
// (with markup that already works without JavaScript) and returns what undoes it.

export type Detach = () => void;
export type Attach<E extends Element = HTMLElement> = (element: E) => Detach;

/** Listeners added with this signal all go when the behaviour is detached. */
export function listeners(): { signal: AbortSignal; detach: Detach } {
  const controller = new AbortController();
  return { signal: controller.signal, detach: () => controller.abort() };
}

/** A click with a modifier key (or not the main button) opens a link in a new tab or window: leave it be. */
export const modifiedClick = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/** Fired on content put into the page, so that its own behaviours are attached (app/browser/enhance.ts). */
export const CONTENT_ADDED = "content-added";
