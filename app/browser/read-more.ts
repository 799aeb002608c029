// `[data-preview="<n>"]` (a long description): only its first n blocks until 'Read full description'.
// Without JavaScript the whole text is there to read.
import { type Attach } from "./behaviour";

const BUTTON_CLASS =
  "mt-4 rounded-md font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export const attach: Attach = (text) => {
  const rest = Array.from(text.children).slice(Number(text.dataset.preview));
  const button = Object.assign(text.ownerDocument.createElement("button"), { type: "button", className: BUTTON_CLASS });
  button.setAttribute("aria-controls", text.id);
  const set = (expanded: boolean) => {
    if (expanded) text.append(...rest);
    else for (const block of rest) block.remove();
    button.setAttribute("aria-expanded", String(expanded));
    button.textContent = expanded ? "Show less" : "Read full description";
  };
  button.addEventListener("click", () => set(button.getAttribute("aria-expanded") !== "true"));
  set(false);
  text.after(button);
  return () => {
    set(true);
    button.remove();
  };
};
