// `select[data-auto-submit]` sends its form as soon as its choice changes (a sort order). Without
// JavaScript the form keeps its own submit button.
import { type Attach, listeners } from "./behaviour";

export const attach: Attach<HTMLSelectElement> = (select) => {
  const { signal, detach } = listeners();
  select.addEventListener("change", () => select.form?.requestSubmit(), { signal });
  return detach;
};
