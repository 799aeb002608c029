// A text input that suggests postcodes as you type (the ARIA 1.2 combobox pattern with a listbox).
// Without JavaScript it is a plain input; with it, suggestions come from /api/v1/address/search-postcode
// for at least 3 letters, digits or spaces, debounced, and the list hides 100 ms after blur.
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from "react";

import { useHydrated } from "./form-basics";

export type PostcodeSuggestion = { id: string; address: string };

const QUERY = /^[A-Za-z0-9 ]{3,10}$/;
const DEBOUNCE_MS = 200;
const HIDE_AFTER_BLUR_MS = 100;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "defaultValue" | "type"> & {
  name: string;
  id: string;
  defaultValue?: string;
  /** Called with the suggestion a person picks (the field is already filled with it). */
  onPick?: (suggestion: PostcodeSuggestion) => void;
  /** What fills the field when a suggestion is picked: the postcode (default) or the whole label. */
  fill?: "id" | "address";
};

export function PostcodeCombobox({
  name,
  id,
  defaultValue = "",
  onPick,
  fill = "id",
  className,
  ...inputProps
}: Props) {
  const hydrated = useHydrated();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<PostcodeSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const lastPicked = useRef<string | null>(null);

  useEffect(() => {
    const query = value.trim();
    if (!QUERY.test(query) || query === lastPicked.current) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/address/search-postcode?query=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`suggestions answered ${response.status}`);
        const body = (await response.json()) as { suggestions: PostcodeSuggestion[] };
        setSuggestions(body.suggestions);
        setActive(-1);
        // Answers that arrive after the person has moved on must not cover the rest of the form.
        setOpen(document.activeElement === input.current);
      } catch (error) {
        // Suggestions are a convenience: on failure the field simply works as a plain input.
        if (!controller.signal.aborted) {
          console.warn("postcode suggestions failed", error);
          setSuggestions([]);
        }
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  function pick(suggestion: PostcodeSuggestion) {
    const text = fill === "id" ? suggestion.id : suggestion.address;
    lastPicked.current = text;
    setValue(text);
    setOpen(false);
    setSuggestions([]);
    onPick?.(suggestion);
  }

  const expanded = open && suggestions.length > 0;

  if (!hydrated) {
    return (
      <input
        {...inputProps}
        id={id}
        name={name}
        type="text"
        defaultValue={defaultValue}
        autoComplete="postal-code"
        className={className}
      />
    );
  }

  return (
    <div className="relative">
      <input
        {...inputProps}
        ref={input}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        className={className}
        onChange={(e) => {
          lastPicked.current = null;
          setValue(e.target.value);
        }}
        onFocus={() => suggestions.length && setOpen(true)}
        onBlur={() => {
          hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === "ArrowUp" && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === "Enter" && expanded && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          } else if (e.key === "Escape" && expanded) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Postcode suggestions"
        hidden={!expanded}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 ${i === active ? "bg-emerald-50 text-emerald-900" : "text-slate-800 hover:bg-slate-50"}`}
            // mousedown, not click: it fires before the input's blur hides the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(s);
            }}
          >
            {s.address}
          </li>
        ))}
      </ul>
    </div>
  );
}
