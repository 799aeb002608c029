// `input[data-postcode-suggestions]`: postcode suggestions as people type, the ARIA 1.2 combobox pattern:
// from /api/v1/address/search-postcode for 3 to 10 letters, digits or spaces, 200 ms after the last key;
// arrows, Enter and Escape; a click picks. Without JavaScript (or when the lookup fails) it is a plain
// text field, and the server checks the postcode. A pick sets the value through the native setter and fires
// `input` (so React and form libraries see it), then a bubbling `postcode-pick` event with the suggestion.
import { type Attach, listeners } from "./behaviour";

export type Suggestion = { id: string; address: string };

/** Fired on the input when a suggestion is picked; `detail` is the Suggestion. */
export const PICK_EVENT = "postcode-pick";

const LIST_CLASS =
  "absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg";
const optionClass = (active: boolean) =>
  `cursor-pointer px-3 py-2 ${active ? "bg-emerald-50 text-emerald-900" : "text-slate-800 hover:bg-slate-50"}`;

let count = 0;

export const attach: Attach<HTMLInputElement> = (input) => {
  const document = input.ownerDocument;
  const { signal, detach } = listeners();
  // The list goes after the field, in a positioned wrapper of the server's markup (`data-suggestions-anchor`)
  // or one made here.
  const anchor = input.closest<HTMLElement>("[data-suggestions-anchor]") ?? wrap(input);
  const list = document.createElement("ul");
  list.id = `${input.id || "postcode"}-suggestions-${++count}`;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Postcode suggestions");
  list.hidden = true;
  list.className = LIST_CLASS;
  anchor.append(list);
  input.autocomplete = "off";
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  let suggestions: Suggestion[] = [];
  let active = -1;
  let picked: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  const render = (open: boolean) => {
    const expanded = open && suggestions.length > 0;
    list.replaceChildren(
      ...suggestions.map((suggestion, i) => {
        const option = document.createElement("li");
        option.id = `${list.id}-${i}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", String(i === active));
        option.className = optionClass(i === active);
        option.textContent = suggestion.address;
        // mousedown, not click: it comes before the input's blur hides the list.
        option.addEventListener("mousedown", (event) => {
          event.preventDefault();
          pick(suggestion);
        });
        return option;
      }),
    );
    list.hidden = !expanded;
    input.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) input.setAttribute("aria-activedescendant", `${list.id}-${active}`);
    else input.removeAttribute("aria-activedescendant");
  };
  const pick = (suggestion: Suggestion) => {
    picked = suggestion.id;
    // Through the value setter React watches too, so a controlled field on a React page keeps it.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, suggestion.id);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new CustomEvent(PICK_EVENT, { detail: suggestion, bubbles: true }));
    suggestions = [];
    active = -1;
    render(false);
  };
  input.addEventListener(
    "input",
    () => {
      if (picked !== null && input.value === picked) return;
      picked = null;
      clearTimeout(timer);
      controller?.abort();
      const query = input.value.trim();
      if (!/^[A-Za-z0-9 ]{3,10}$/.test(query)) {
        suggestions = [];
        return render(false);
      }
      const current = (controller = new AbortController());
      timer = setTimeout(async () => {
        try {
          const response = await fetch(`/api/v1/address/search-postcode?query=${encodeURIComponent(query)}`, {
            signal: current.signal,
          });
          if (!response.ok) throw new Error(`suggestions answered ${response.status}`);
          suggestions = ((await response.json()) as { suggestions: Suggestion[] }).suggestions;
          active = -1;
          // Answers that arrive after the person has moved on must not cover the rest of the form.
          if (picked === null) render(document.activeElement === input);
        } catch (error) {
          // Suggestions are a convenience: on failure the field simply works as a plain input.
          if (!current.signal.aborted) console.warn("postcode suggestions failed", error);
        }
      }, 200);
    },
    { signal },
  );
  input.addEventListener("focus", () => render(true), { signal });
  input.addEventListener("blur", () => setTimeout(() => render(false), 100), { signal });
  input.addEventListener(
    "keydown",
    (event) => {
      const expanded = !list.hidden;
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && suggestions.length) {
        event.preventDefault();
        if (event.key === "ArrowDown") active = (active + 1) % suggestions.length;
        else active = active <= 0 ? suggestions.length - 1 : active - 1;
        render(true);
      } else if (event.key === "Enter" && expanded && active >= 0) {
        event.preventDefault();
        pick(suggestions[active]!);
      } else if (event.key === "Escape" && expanded) {
        event.preventDefault();
        render(false);
      }
    },
    { signal },
  );
  return () => {
    detach();
    clearTimeout(timer);
    controller?.abort();
    list.remove();
  };
};

function wrap(input: HTMLInputElement) {
  const wrapper = input.ownerDocument.createElement("div");
  wrapper.className = "relative";
  input.replaceWith(wrapper);
  wrapper.append(input);
  return wrapper;
}
