// Forms in the browser without React, to keep public pages within their JavaScript budget (120 KB). Pages
// with forms (log in, sign up, contact, valuation, viewing request, property search) are sent without
// React's scripts and load this module instead (vite.config.ts builds it on its own, minified and hashed,
// and root.tsx adds it). It gives them what React gave them: field checks as people fill the form in, in
// the schema's words (ClientRules from client-rules.server.ts), the submit button's "Sending…" label, a
// password's Show/Hide button, a button that waits for a field, a select that submits on change, postcode
// suggestions, the search results' map (Leaflet, loaded only where there is a map), and the property
// page's lightbox, 'Read full description' and viewing request dialog. The checks themselves (`constraintErrors`) are
// also what the React forms run (client-rules.ts `validateWithRules`, conform's onValidate), so both
// kinds of page find the same errors with the same messages.
//
// Self-contained on purpose: no imports, since vite.config.ts transforms this one file without bundling.
// Without JavaScript all of this is missing and nothing breaks: every form posts to its route's action,
// which checks the schema and answers with the same messages.

export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};

export const VALIDITY_STATES = [
  "valueMissing",
  "typeMismatch",
  "patternMismatch",
  "tooLong",
  "tooShort",
  "rangeUnderflow",
  "rangeOverflow",
  "stepMismatch",
  "badInput",
] as const;
export type ValidityStateName = (typeof VALIDITY_STATES)[number];

export type ClientRules = {
  constraint: Record<string, FieldConstraint>;
  messages: Record<string, Partial<Record<ValidityStateName, string>>>;
  /** Fields that must repeat another (a password typed twice), with the schema's message. */
  matches?: Record<string, { field: string; message: string }>;
};

/** What a page sends this module (in the form's data-rules): the constraints are the inputs' own attributes. */
export type BrowserRules = Pick<ClientRules, "messages" | "matches">;

/** An input, select or textarea, as far as the checks need one (plain objects stand in for them in unit tests). */
export type CheckedControl = {
  name: string;
  value: string;
  willValidate: boolean;
  validity: Partial<Record<ValidityStateName | "valid", boolean>>;
  validationMessage: string;
};
export type CheckedForm = { elements: ArrayLike<unknown> };

const isControl = (element: unknown): element is CheckedControl =>
  typeof element === "object" &&
  element !== null &&
  "validity" in element &&
  "willValidate" in element &&
  typeof (element as { name?: unknown }).name === "string";

const controls = (form: CheckedForm) => Array.from(form.elements).filter(isControl);

/** The first error of each invalid control, in the schema's words where it has some. */
export function constraintErrors(form: CheckedForm, rules: BrowserRules): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const all = controls(form);
  for (const element of all) {
    if (!element.name || errors[element.name] || !element.willValidate || element.validity.valid) continue;
    const state = VALIDITY_STATES.find((s) => element.validity[s]);
    errors[element.name] = [(state && rules.messages[element.name]?.[state]) || element.validationMessage];
  }
  const value = (name: string) => all.find((c) => c.name === name)?.value;
  for (const [name, { field, message }] of Object.entries(rules.matches ?? {})) {
    if (!errors[name] && value(name) && value(name) !== value(field)) errors[name] = [message];
  }
  return errors;
}

/** Fields whose message depends on `name`'s value: the field itself and those that must repeat it. */
export function dependentFields(name: string, rules: BrowserRules): string[] {
  return [
    name,
    ...Object.entries(rules.matches ?? {}).flatMap(([other, { field }]) => (field === name ? [other] : [])),
  ];
}

// ---- The page: everything below touches the document. ----

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const errorListId = (form: HTMLFormElement, name: string) => `${form.id}-${name}-error`;

/**
 * Field checks as conform does them on the React pages: a field is checked once it is left, then again as
 * it changes. A page that comes back from the server with errors (a failed submit) counts every field as
 * checked, and the first field with an error gets the focus (as conform gives it). A submit always goes
 * to the server.
 */
export function enhanceFormChecks(form: HTMLFormElement, rules: BrowserRules) {
  const checked = new Set<string>();
  const fieldsNamed = (name: string) =>
    controls(form).filter((c): c is FieldElement & CheckedControl => c.name === name);

  const show = (name: string, errors: Record<string, string[]>) => {
    const list = form.ownerDocument.getElementById(errorListId(form, name));
    if (!list) return;
    const message = errors[name]?.[0];
    list.replaceChildren(
      ...(message ? [Object.assign(form.ownerDocument.createElement("li"), { textContent: message })] : []),
    );
    list.hidden = !message;
    for (const field of fieldsNamed(name)) {
      const described = (field.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .filter((id) => id && id !== list.id);
      if (message) {
        field.setAttribute("aria-invalid", "true");
        described.unshift(list.id);
      } else field.removeAttribute("aria-invalid");
      if (described.length) field.setAttribute("aria-describedby", described.join(" "));
      else field.removeAttribute("aria-describedby");
    }
  };
  const check = (name: string) => {
    const errors = constraintErrors(form, rules);
    for (const field of dependentFields(name, rules)) if (checked.has(field)) show(field, errors);
  };
  const nameOf = (target: EventTarget | null) => {
    const name = (target as Partial<FieldElement> | null)?.name;
    return name && (target as FieldElement).form === form && form.ownerDocument.getElementById(errorListId(form, name))
      ? name
      : null;
  };

  form.addEventListener("focusout", (event) => {
    const name = nameOf(event.target);
    if (!name || checked.has(name)) return;
    checked.add(name);
    check(name);
  });
  form.addEventListener("input", (event) => {
    const name = nameOf(event.target);
    if (name && checked.has(name)) check(name);
  });

  const answeredWithErrors =
    form.querySelector('[aria-invalid="true"]') || form.ownerDocument.getElementById(`${form.id}-error`);
  if (answeredWithErrors) {
    for (const control of controls(form)) if (control.name) checked.add(control.name);
    // Unless someone has already moved on into the page.
    const active = form.ownerDocument.activeElement;
    if (!active || active === form.ownerDocument.body)
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
}

/** The submit button reads its `data-pending-text` and is disabled while the form is on its way. */
function showPendingSubmit(form: HTMLFormElement) {
  form.addEventListener("submit", (event) => {
    const button = (event.submitter ?? form.querySelector("button[data-pending-text]")) as HTMLButtonElement | null;
    const pendingText = button?.dataset.pendingText;
    if (event.defaultPrevented || !button || !pendingText) return;
    // After the event: a submitter disabled during it would leave the form's data.
    setTimeout(() => {
      button.dataset.idleText = button.textContent ?? "";
      button.textContent = pendingText;
      button.disabled = true;
    });
  });
}

/** Back to the page from the history cache: the submit buttons are ready again. */
function restoreSubmitButtons(document: Document) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-idle-text]")) {
    button.textContent = button.dataset.idleText ?? "";
    button.disabled = false;
    delete button.dataset.idleText;
  }
}

/** A button with `data-needs-value="<field>"` stays disabled while that field is blank. */
function waitForValue(form: HTMLFormElement) {
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-needs-value]")) {
    const field = form.elements.namedItem(button.dataset.needsValue ?? "") as FieldElement | null;
    if (!field) continue;
    const update = () => (button.disabled = field.value.trim() === "");
    field.addEventListener("input", update);
    update();
  }
}

/** `button[data-password-toggle]` (hidden until now) shows and hides the password it controls. */
function passwordToggles(document: Document) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]")) {
    const input = document.getElementById(button.getAttribute("aria-controls") ?? "");
    const label = button.firstChild;
    if (!(input instanceof HTMLInputElement) || !label) continue;
    button.hidden = false;
    button.addEventListener("click", () => {
      const visible = input.type === "password";
      input.type = visible ? "text" : "password";
      button.setAttribute("aria-pressed", String(visible));
      label.textContent = visible ? "Hide" : "Show";
    });
  }
}

/** A `select[data-auto-submit]` sends its form as soon as its choice changes (a sort order). */
function autoSubmit(document: Document) {
  document.addEventListener("change", (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.hasAttribute("data-auto-submit")) select.form?.requestSubmit();
  });
}

type Suggestion = { id: string; address: string };

/**
 * `input[data-postcode-suggestions]`: postcode suggestions as people type (the ARIA 1.2 combobox pattern,
 * as app/components/postcode-combobox.tsx on React pages): from /api/v1/address/search-postcode for 3 to
 * 10 letters, digits or spaces, 200 ms after the last key; arrows, Enter and Escape; a click picks.
 */
function postcodeSuggestions(document: Document) {
  let count = 0;
  for (const input of document.querySelectorAll<HTMLInputElement>("input[data-postcode-suggestions]")) {
    const list = document.createElement("ul");
    list.id = `${input.id || "postcode"}-suggestions-${++count}`;
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Postcode suggestions");
    list.hidden = true;
    list.className =
      "absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg";
    const wrapper = document.createElement("div");
    wrapper.className = "relative";
    input.replaceWith(wrapper);
    wrapper.append(input, list);
    Object.assign(input, { autocomplete: "off" });
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
          option.className = `cursor-pointer px-3 py-2 ${i === active ? "bg-emerald-50 text-emerald-900" : "text-slate-800 hover:bg-slate-50"}`;
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
      input.value = picked = suggestion.id;
      suggestions = [];
      active = -1;
      render(false);
    };
    input.addEventListener("input", () => {
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
    });
    input.addEventListener("focus", () => render(true));
    input.addEventListener("blur", () => setTimeout(() => render(false), 100));
    input.addEventListener("keydown", (event) => {
      const expanded = !list.hidden;
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && suggestions.length) {
        event.preventDefault();
        active =
          event.key === "ArrowDown"
            ? (active + 1) % suggestions.length
            : active <= 0
              ? suggestions.length - 1
              : active - 1;
        render(true);
      } else if (event.key === "Enter" && expanded && active >= 0) {
        event.preventDefault();
        pick(suggestions[active]!);
      } else if (event.key === "Escape" && expanded) {
        event.preventDefault();
        render(false);
      }
    });
  }
}

type MapSpec = {
  center: { latitude: number; longitude: number };
  zoom: number;
  label: string;
  markers: { latitude: number; longitude: number; label: string; detail?: string; href?: string }[];
  tiles: { url: string; attribution: string } | null;
  fitMarkers?: boolean;
  /** Leaflet's script and stylesheet (hashed files under /assets), loaded only for a page with a map. */
  leaflet: { script: string; stylesheet: string };
};
type Leaflet = typeof import("leaflet");

const PIN_SVG =
  '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#047857"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>';

/** `[data-map]` (a JSON MapSpec) becomes a Leaflet map of its markers, as app/components/map/map.client.tsx on React pages. */
function maps(document: Document) {
  for (const element of document.querySelectorAll<HTMLElement>("[data-map]")) {
    const spec = JSON.parse(element.dataset.map ?? "") as MapSpec;
    const stylesheet = Object.assign(document.createElement("link"), {
      rel: "stylesheet",
      href: spec.leaflet.stylesheet,
    });
    document.head.append(stylesheet);
    const script = Object.assign(document.createElement("script"), { src: spec.leaflet.script });
    script.addEventListener("load", () => {
      const L = (window as unknown as { L: Leaflet }).L;
      element.replaceChildren();
      element.className = "z-0 w-full rounded-xl bg-slate-100";
      element.setAttribute("aria-label", spec.label);
      const map = L.map(element, { scrollWheelZoom: false }).setView(
        [spec.center.latitude, spec.center.longitude],
        spec.zoom,
      );
      if (spec.tiles) L.tileLayer(spec.tiles.url, { attribution: spec.tiles.attribution }).addTo(map);
      const icon = L.divIcon({
        className: "",
        html: PIN_SVG,
        iconSize: [28, 40],
        iconAnchor: [14, 40],
        popupAnchor: [0, -36],
      });
      for (const marker of spec.markers) {
        const pin = L.marker([marker.latitude, marker.longitude], {
          icon,
          title: marker.label,
          alt: marker.label,
        }).addTo(map);
        if (!marker.href) continue;
        const popup = document.createElement("div");
        popup.append(
          Object.assign(document.createElement("a"), {
            href: marker.href,
            className: "font-semibold text-emerald-800",
            textContent: marker.label,
          }),
        );
        if (marker.detail) popup.append(Object.assign(document.createElement("div"), { textContent: marker.detail }));
        pin.bindPopup(popup);
      }
      if (spec.fitMarkers && spec.markers.length > 1)
        map.fitBounds(L.latLngBounds(spec.markers.map((m) => [m.latitude, m.longitude])), {
          padding: [32, 32],
          maxZoom: 14,
        });
    });
    document.head.append(script);
  }
}

// ---- The property page: its dialogs, lightbox and description. ----

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** A modal <dialog>: opened with showModal() (the page goes inert, Escape closes it), focusing its `data-initial-focus`. */
function openModal(dialog: HTMLDialogElement) {
  if (!dialog.open) dialog.showModal();
  const first = dialog.dataset.initialFocus;
  if (first) dialog.querySelector<HTMLElement>(first)?.focus();
}

/**
 * Every <dialog>: `[data-close]` and a click on the backdrop close it, and Tab wraps round inside it
 * instead of leaving for the browser's own controls. `a[data-dialog="<id>"]` opens that dialog (without
 * JavaScript the link leads to a page with the same content).
 */
function dialogs(document: Document) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-dialog]"))
    link.setAttribute("aria-haspopup", "dialog");
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const opener = target.closest?.<HTMLAnchorElement>("a[data-dialog]");
    const dialog = opener && document.getElementById(opener.dataset.dialog ?? "");
    if (dialog instanceof HTMLDialogElement && !modified(event)) {
      event.preventDefault();
      openModal(dialog);
    }
    const open = target.closest?.("dialog");
    // Only a click on the backdrop lands on the <dialog> itself: its content fills it edge to edge.
    if (open instanceof HTMLDialogElement && (target === open || target.closest("[data-close]"))) {
      event.preventDefault();
      open.close();
    }
  });
  document.addEventListener("keydown", (event) => {
    const dialog = (event.target as Element).closest?.("dialog[open]");
    if (event.key !== "Tab" || !dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.getClientRects().length > 0,
    );
    const edge = event.shiftKey ? focusable[0] : focusable.at(-1);
    if (edge && document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? focusable.at(-1) : focusable[0])?.focus();
    }
  });
}

const modified = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;

type Photo = { url: string; srcSet?: string; alt: string; caption: string };

/**
 * `dialog[data-lightbox]` (the photo viewer, app/components/listings/lightbox.tsx): links with
 * `data-photo="<index>"` open it at that photo in place, the arrow keys and its buttons step through the
 * photos (wrapping round), and the address keeps ?photo=N while it is open.
 */
function lightbox(document: Document) {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-lightbox]");
  if (!dialog) return;
  const photos = JSON.parse(dialog.dataset.lightbox ?? "[]") as Photo[];
  const image = dialog.querySelector("img")!;
  const caption = dialog.querySelector("figcaption")!;
  const counter = dialog.querySelector("[data-counter]")!;
  let current = 0;
  const address = (index: number | null) => {
    const url = new URL(document.location.href);
    if (index === null) url.searchParams.delete("photo");
    else url.searchParams.set("photo", String(index + 1));
    return url.pathname + url.search;
  };
  const show = (index: number) => {
    current = (index + photos.length) % photos.length;
    const photo = photos[current]!;
    Object.assign(image, { src: photo.url, srcset: photo.srcSet ?? "", alt: photo.alt });
    caption.textContent = photo.caption;
    counter.textContent = `Photo ${current + 1} of ${photos.length}`;
    for (const step of dialog.querySelectorAll<HTMLAnchorElement>("a[data-step]")) {
      const to = (current + Number(step.dataset.step) + photos.length) % photos.length;
      step.dataset.photo = String(to);
      step.href = address(to);
    }
    history.replaceState(history.state, "", address(current));
    openModal(dialog);
  };
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[data-photo]");
    if (!link || modified(event)) return;
    event.preventDefault();
    show(Number(link.dataset.photo));
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") show(current + (event.key === "ArrowLeft" ? -1 : 1));
  });
  // The event comes a task later: a viewer opened again meanwhile (below) keeps its address.
  dialog.addEventListener("close", () => dialog.open || history.replaceState(history.state, "", address(null)));
  // Opened by the server (?photo=N): the same photo, now as a modal dialog.
  if (dialog.open) {
    dialog.close();
    show(Number(dialog.dataset.index));
  }
}

/** `[data-preview="<n>"]`: only its first n blocks until 'Read full description' (all of them without JavaScript). */
function readMore(document: Document) {
  for (const text of document.querySelectorAll<HTMLElement>("[data-preview]")) {
    const rest = Array.from(text.children).slice(Number(text.dataset.preview));
    const button = Object.assign(document.createElement("button"), {
      type: "button",
      className:
        "mt-4 rounded-md font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700",
    });
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
  }
}

/**
 * A form in `dialog[data-send-in-place]` (the viewing request) is sent without leaving the page: its
 * action answers with its page, from which the form (with the server's messages) replaces this one; a
 * success closes the dialog, and the page, fetched again, gives the toast the action left in its cookie.
 */
function sendInPlace(document: Document) {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>("dialog[data-send-in-place]")) {
    dialog.addEventListener("submit", async (event) => {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      const body = new FormData(form, event.submitter);
      body.set("source", "dialog");
      let page: Document | undefined;
      try {
        const response = await fetch(form.action, { method: "POST", body });
        page = new DOMParser().parseFromString(await response.text(), "text/html");
        restoreSubmitButtons(document);
        if (response.ok) {
          dialog.close();
          form.reset();
          const status = document.querySelector('[role="status"]');
          const answer = new DOMParser().parseFromString(
            await (await fetch(document.location.href)).text(),
            "text/html",
          );
          if (status) status.innerHTML = answer.querySelector('[role="status"]')?.innerHTML ?? "";
          return;
        }
      } catch (error) {
        console.warn("sending the form failed", error);
      }
      const answered = page?.querySelector<HTMLFormElement>(`form[action="${form.getAttribute("action")}"]`);
      // No form in the answer (the server could not be reached): the form goes the ordinary way.
      if (!answered) return form.submit();
      form.replaceWith(document.adoptNode(answered));
      enhanceForm(answered);
    });
  }
}

function enhanceForm(form: HTMLFormElement) {
  const rules = form.dataset.rules;
  if (rules) enhanceFormChecks(form, JSON.parse(rules) as BrowserRules);
  showPendingSubmit(form);
  waitForValue(form);
}

/** Everything above, for a page sent without React. Marks <html data-enhanced> when done. */
export function enhanceDocument(document: Document) {
  for (const form of Array.from(document.forms)) enhanceForm(form);
  passwordToggles(document);
  autoSubmit(document);
  postcodeSuggestions(document);
  maps(document);
  dialogs(document);
  lightbox(document);
  readMore(document);
  sendInPlace(document);
  document.defaultView?.addEventListener("pageshow", (event) => {
    if (event.persisted) restoreSubmitButtons(document);
  });
  document.documentElement.dataset.enhanced = "true";
}
