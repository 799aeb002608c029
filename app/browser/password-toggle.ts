// `button[data-password-toggle]` (rendered hidden: without JavaScript it could do nothing) shows and hides
// the password field it controls (aria-controls), and says which it will do next.
import { type Attach, listeners } from "./behaviour";

export const attach: Attach<HTMLButtonElement> = (button) => {
  const input = button.ownerDocument.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!(input instanceof HTMLInputElement)) return () => {};
  const { signal, detach } = listeners();
  const label = button.querySelector("[data-label]") ?? button;
  button.hidden = false;
  button.addEventListener(
    "click",
    () => {
      const visible = input.type === "password";
      input.type = visible ? "text" : "password";
      button.setAttribute("aria-pressed", String(visible));
      label.textContent = visible ? "Hide" : "Show";
    },
    { signal },
  );
  return detach;
};
