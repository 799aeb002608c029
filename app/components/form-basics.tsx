// The parts of forms that need no form library: shared by conform forms (forms.tsx re-exports them) and by
// pages whose forms are plain GET forms or scripted widgets, so those pages do not load conform or zod.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useSyncExternalStore,
} from "react";
import { useNavigation } from "react-router";

import { attachNeedsValue } from "../browser/submit-button";
import { HONEYPOT_FIELD } from "../lib/honeypot";
import { useBehaviour } from "./use-behaviour";

export function useHydrated() {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

/**
 * A field's errors. With an id and no errors it is an empty, hidden list: the place where
 * app/browser/form-checks.ts writes the field's errors on a page sent without React.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return id ? <ul id={id} hidden className="mt-1.5 space-y-0.5 text-sm text-red-700" /> : null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-emerald-700 focus:outline-2 focus:outline-offset-0 focus:outline-emerald-700 aria-[invalid=true]:border-red-600";

type LabelledProps = { id: string; name: string; label: ReactNode; errors?: string[] | null; errorId?: string };

/** A label, the control it names (given what marks it invalid) and the control's errors below it. */
function Labelled({
  id,
  label,
  errors,
  errorId,
  control,
}: Omit<LabelledProps, "name"> & {
  errorId: string;
  control: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const invalid = errors?.length ? true : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({ "aria-invalid": invalid, "aria-describedby": invalid ? errorId : undefined })}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A labelled select for a form without Conform (a GET search, a small form of its own), with its errors below it.
 * Other attributes (data-auto-submit, required) go on the select.
 */
export function SelectInput({
  id,
  label,
  options,
  errors,
  errorId = `${id}-error`,
  className = "",
  ...select
}: LabelledProps & {
  options: readonly { value: string; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children">) {
  return (
    <Labelled
      id={id}
      label={label}
      errors={errors}
      errorId={errorId}
      control={(aria) => (
        <select id={id} {...aria} className={`${inputClass} mt-1${className ? ` ${className}` : ""}`} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** The same for a text, number or date input. Other attributes (type, required, min, max) go on the input. */
export function TextInput({
  id,
  label,
  errors,
  errorId = `${id}-error`,
  className = "",
  ...input
}: LabelledProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <Labelled
      id={id}
      label={label}
      errors={errors}
      errorId={errorId}
      control={(aria) => (
        <input id={id} {...aria} className={`${inputClass} mt-1${className ? ` ${className}` : ""}`} {...input} />
      )}
    />
  );
}

/** The same for a textarea. */
export function TextareaInput({
  id,
  label,
  errors,
  errorId = `${id}-error`,
  ...textarea
}: LabelledProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return (
    <Labelled
      id={id}
      label={label}
      errors={errors}
      errorId={errorId}
      control={(aria) => <textarea id={id} rows={3} {...aria} className={`${inputClass} mt-1`} {...textarea} />}
    />
  );
}

/**
 * A field that people never see (display: none keeps it from screen readers and the keyboard too);
 * simple bots fill in every input they find, and the server refuses a form that has it filled in.
 */
export function HoneypotField() {
  return (
    <div style={{ display: "none" }}>
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>Leave this field empty</label>
      <input
        id={`${HONEYPOT_FIELD}-field`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** A message for the whole form (e.g. "Login failed: …"), announced to screen readers. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

type SubmitButtonProps = {
  children: ReactNode;
  pendingText: string;
  className?: string;
  disabled?: boolean;
  describedBy?: string;
  pending?: boolean;
  /** The field that must not be blank for the button to be enabled (app/browser/submit-button.ts). */
  needsValue?: string;
};

/**
 * One button for both kinds of page. Both labels are in the markup and CSS shows the one `data-pending` picks,
 * so no script writes the button's text. On a page sent without React, app/browser/submit-button.ts sets
 * `data-pending` when the browser sends the form; here React sets it from the navigation state (React
 * Router's <Form> sends the form itself), and the same module's `attachNeedsValue` owns `data-needs-value`.
 * `pending` overrides the navigation state, for forms sent by a fetcher (e.g. in a dialog).
 */
export function SubmitButton({
  children,
  pendingText,
  className = "w-full",
  disabled = false,
  describedBy,
  pending: pendingOverride,
  needsValue,
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const ref = useBehaviour(attachNeedsValue);
  const pending = pendingOverride ?? navigation.state === "submitting";
  return (
    <button
      ref={ref}
      type="submit"
      disabled={pending || disabled}
      aria-describedby={describedBy}
      data-submit=""
      data-pending={pending ? "" : undefined}
      data-needs-value={needsValue}
      className={`${className} group rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60`}
    >
      <span className="group-data-pending:hidden">{children}</span>
      <span className="hidden group-data-pending:inline">{pendingText}</span>
    </button>
  );
}
