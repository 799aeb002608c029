import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";

import { inputClass, useHydrated } from "./form-basics";
import { buttonClass } from "./ui/button";

const SEARCH_DEBOUNCE_MS = 300;

/** 'Find a property': a GET form, so the filter lives in the URL; with JavaScript it filters as you type. */
export function ProjectSearchBox({ q }: { q: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Follow the URL (back, forward, "Show all") without disturbing someone who is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  return (
    <Form method="get" role="search" className="flex w-full max-w-md gap-2">
      <label htmlFor="q" className="sr-only">
        Find a property
      </label>
      <input
        id="q"
        name="q"
        type="search"
        ref={input}
        defaultValue={q}
        placeholder="Find a property"
        className={inputClass}
        onChange={(e) => {
          const form = e.currentTarget.form!;
          clearTimeout(timer.current);
          timer.current = setTimeout(
            () => void submit(form, { replace: true, preventScrollReset: true }),
            SEARCH_DEBOUNCE_MS,
          );
        }}
      />
      {hydrated ? null : (
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      )}
    </Form>
  );
}
