// Form building blocks: labelled fields whose errors render from the server (no JS needed) and, with
// JS, from conform's client-side validation. Each error list is tied to its input with aria-describedby.
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ReactNode, useId } from "react";

import { attach as attachPasswordToggle } from "../browser/password-toggle";
import { ErrorList, inputClass } from "./form-basics";
import { useBehaviour } from "./use-behaviour";

export {
  ErrorList,
  FormAlert,
  HoneypotField,
  inputClass,
  SelectInput,
  SubmitButton,
  TextInput,
  useHydrated,
} from "./form-basics";

type FieldProps = {
  label: string;
  field: FieldMetadata<string | null | undefined>;
  type?: "text" | "email" | "tel" | "password" | "date";
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** For dates: the earliest and latest allowed, "YYYY-MM-DD". */
  min?: string;
  max?: string;
  inputMode?: "numeric" | "decimal" | "text";
  /** Shown inside the start of the input, e.g. "£". */
  prefix?: string;
  /** Shown inside the end of the input, e.g. "sq ft". */
  suffix?: string;
};

/**
 * Label above, then the control(s), a hint and the field's errors: the frame every field shares.
 * Custom controls inside it describe themselves with `hintId` (defaults to `<field id>-hint`).
 */
export function FieldFrame({
  label,
  field,
  hint,
  optional,
  hintId: hintIdOverride,
  className = "",
  children,
}: Pick<FieldProps, "label" | "hint" | "optional"> & {
  field: FieldMetadata<unknown>;
  hintId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      <div className={`relative mt-1 ${className}`}>{children}</div>
      {hint ? (
        <p id={hintIdOverride ?? hintId(field)} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

const hintId = (field: FieldMetadata<unknown>) => `${field.id}-hint`;
/** The hint, if any; conform adds the error list itself while the field is invalid. */
const describedBy = (field: FieldMetadata<unknown>, hint?: ReactNode) => (hint ? hintId(field) : undefined);

export function Field({
  label,
  field,
  type = "text",
  autoComplete,
  placeholder,
  hint,
  optional,
  min,
  max,
  inputMode,
  prefix,
  suffix,
}: FieldProps) {
  return (
    <FieldFrame label={label} field={field} hint={hint} optional={optional}>
      {prefix ? (
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600">
          {prefix}
        </span>
      ) : null}
      <input
        {...getInputProps(field, { type, ariaDescribedBy: describedBy(field, hint) })}
        key={field.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        min={min}
        max={max}
        inputMode={inputMode}
        className={`${inputClass} ${prefix ? "pl-7" : ""} ${suffix ? "pr-14" : ""}`}
      />
      {suffix ? (
        <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm text-slate-600">
          {suffix}
        </span>
      ) : null}
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  field,
  rows = 4,
  hint,
  optional,
  placeholder,
}: Pick<FieldProps, "label" | "hint" | "optional" | "placeholder"> & {
  field: FieldMetadata<string | string[] | null | undefined>;
  rows?: number;
}) {
  return (
    <FieldFrame label={label} field={field} hint={hint} optional={optional}>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: describedBy(field, hint) })}
        key={field.key}
        rows={rows}
        placeholder={placeholder}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  field,
  options,
  autoComplete,
  placeholder,
  hint,
}: Pick<FieldProps, "label" | "autoComplete" | "hint"> & {
  field: FieldMetadata<string | number | null | undefined>;
  options: readonly (string | { value: string; label: string })[];
  /** A first, empty choice such as "Select…". */
  placeholder?: string;
}) {
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      <select
        {...getSelectProps(field, { ariaDescribedBy: describedBy(field, hint) })}
        key={field.key}
        autoComplete={autoComplete}
        className={inputClass}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

/** A yes/no question as two radio buttons in a fieldset (spec: parking, garden and accessibility are yes/no). */
export function YesNoField({ label, field }: { label: string; field: FieldMetadata<boolean | string | undefined> }) {
  const checked =
    field.initialValue === "yes" || field.initialValue === "true" || field.initialValue === "on" ? "yes" : "no";
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-2 flex gap-2" key={field.key}>
        {(["yes", "no"] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-checked:text-emerald-900 has-focus-visible:outline-2 has-focus-visible:outline-emerald-700"
          >
            <input
              type="radio"
              name={field.name}
              value={value}
              defaultChecked={checked === value}
              className="size-4 accent-emerald-700"
            />
            {value === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** One question answered by choosing one of a few options, as radio buttons in a fieldset; none chosen at first unless the field has a value. */
export function RadioField({
  label,
  field,
  options,
  hint,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2" key={field.key}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-checked:text-emerald-900 has-focus-visible:outline-2 has-focus-visible:outline-emerald-700"
          >
            <input
              type="radio"
              name={field.name}
              value={option.value}
              defaultChecked={field.initialValue === option.value}
              className="size-4 accent-emerald-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * A password input with a Show/Hide button. The button is rendered hidden, since only JavaScript can
 * toggle: app/browser/password-toggle.ts shows it and does the toggling, here and on pages sent without React.
 */
export function PasswordField({ label, field, autoComplete, hint }: Omit<FieldProps, "type">) {
  const toggle = useBehaviour(attachPasswordToggle);
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      <input
        {...getInputProps(field, { type: "password", ariaDescribedBy: describedBy(field, hint) })}
        key={field.key}
        autoComplete={autoComplete}
        className={`${inputClass} pr-16`}
      />
      <button
        ref={toggle}
        type="button"
        hidden
        data-password-toggle=""
        aria-controls={field.id}
        aria-pressed="false"
        className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-emerald-800 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <span data-label="">Show</span>
        <span className="sr-only"> {label.toLowerCase()}</span>
      </button>
    </FieldFrame>
  );
}

export function CheckboxField({ label, field }: { label: ReactNode; field: FieldMetadata<boolean | undefined> }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...getInputProps(field, { type: "checkbox", ariaDescribedBy: field.errors ? field.errorId : undefined })}
          key={field.key}
          id={id}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 text-emerald-700 accent-emerald-700 focus:ring-emerald-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
