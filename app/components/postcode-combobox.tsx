// A postcode field with suggestions as you type: markup here, the behaviour in
// app/browser/postcode-suggestions.ts (the same module pages without React use). Without JavaScript it is a
// plain text input. The behaviour appends its listbox to the `data-suggestions-anchor` wrapper, which React
// renders with nothing inside it but the input, so React never manages what the behaviour adds.
import type { InputHTMLAttributes } from "react";

import { attach, PICK_EVENT, type Suggestion } from "../browser/postcode-suggestions";
import { useBehaviour } from "./use-behaviour";

export type PostcodeSuggestion = Suggestion;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "defaultValue" | "type"> & {
  name: string;
  id: string;
  defaultValue?: string;
  /** Called with the suggestion a person picks (the field already holds its postcode). */
  onPick?: (suggestion: PostcodeSuggestion) => void;
};

export function PostcodeCombobox({ name, id, defaultValue = "", onPick, ...inputProps }: Props) {
  const ref = useBehaviour(attach, { [PICK_EVENT]: (event) => onPick?.(event.detail as PostcodeSuggestion) });
  return (
    <div data-suggestions-anchor="" className="relative">
      <input
        {...inputProps}
        ref={ref}
        id={id}
        name={name}
        type="text"
        defaultValue={defaultValue}
        autoComplete="postal-code"
        data-postcode-suggestions=""
      />
    </div>
  );
}
