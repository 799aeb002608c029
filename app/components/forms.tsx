// Form building blocks: labelled fields whose errors render from the server (no JS needed) and, with
// JS, from conform's client-side validation. Each error list is tied to its input with aria-describedby.
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useId, useState, useSyncExternalStore, type ReactNode } from "react";
import { useNavigation } from "react-router";

export function useHydrated() {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
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

type FieldProps = {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "tel" | "password" | "date";
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  inputMode?: "numeric" | "decimal";
  /** Shown inside the start of the input, e.g. "£". */
  prefix?: string;
  /** Shown inside the end of the input, e.g. "sq ft". */
  suffix?: string;
};

/** The ids an input is described by: its hint, and its errors when there are any. */
const describedBy = (field: FieldMetadata<unknown>, hint: ReactNode) =>
  [hint ? field.descriptionId : null, field.errors ? field.errorId : null].filter(Boolean).join(" ") || undefined;

/** A field's label, its control, its hint and its errors. */
function FieldShell({
  label,
  field,
  hint,
  children,
  controlClass = "mt-1",
}: {
  label: ReactNode;
  field: FieldMetadata<unknown>;
  hint?: ReactNode;
  children: ReactNode;
  controlClass?: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className={controlClass}>{children}</div>
      {hint ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function Field({ label, field, type = "text", autoComplete, placeholder, hint, inputMode, prefix, suffix }: FieldProps) {
  return (
    <FieldShell label={label} field={field} hint={hint} controlClass="relative mt-1">
      {prefix ? <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-600">{prefix}</span> : null}
      <input
        {...getInputProps(field, { type })}
        aria-describedby={describedBy(field, hint)}
        key={field.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        className={`${inputClass} ${prefix ? "pl-7" : ""} ${suffix ? "pr-14" : ""}`}
      />
      {suffix ? <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm text-slate-600">{suffix}</span> : null}
    </FieldShell>
  );
}

export function SelectField({
  label,
  field,
  options,
  placeholder,
  hint,
}: {
  label: string;
  field: FieldMetadata<string | number | undefined>;
  options: readonly (string | { value: string; label: string })[];
  /** A first, empty choice such as "Select…". */
  placeholder?: string;
  hint?: ReactNode;
}) {
  return (
    <FieldShell label={label} field={field} hint={hint}>
      <select {...getSelectProps(field)} aria-describedby={describedBy(field, hint)} key={field.key} className={inputClass}>
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
    </FieldShell>
  );
}

export function TextareaField({
  label,
  field,
  rows = 4,
  hint,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string | string[] | undefined>;
  rows?: number;
  hint?: ReactNode;
  placeholder?: string;
}) {
  return (
    <FieldShell label={label} field={field} hint={hint}>
      <textarea {...getTextareaProps(field)} aria-describedby={describedBy(field, hint)} key={field.key} rows={rows} placeholder={placeholder} className={inputClass} />
    </FieldShell>
  );
}

/** A yes/no question as two radio buttons in a fieldset (spec: parking, garden and accessibility are yes/no). */
export function YesNoField({ label, field }: { label: string; field: FieldMetadata<boolean | string | undefined> }) {
  const checked = field.initialValue === "yes" || field.initialValue === "true" || field.initialValue === "on" ? "yes" : "no";
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-2 flex gap-2" key={field.key}>
        {(["yes", "no"] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-checked:text-emerald-900 has-focus-visible:outline-2 has-focus-visible:outline-emerald-700"
          >
            <input type="radio" name={field.name} value={value} defaultChecked={checked === value} className="size-4 accent-emerald-700" />
            {value === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** A password input; the show/hide toggle appears once JavaScript is running, since only it can toggle. */
export function PasswordField({ label, field, autoComplete, hint }: Omit<FieldProps, "type">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FieldShell label={label} field={field} hint={hint} controlClass="relative mt-1">
      <input
        {...getInputProps(field, { type: visible ? "text" : "password" })}
        aria-describedby={describedBy(field, hint)}
        key={field.key}
        autoComplete={autoComplete}
        className={`${inputClass} pr-16`}
      />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={field.id}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-emerald-800 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      ) : null}
    </FieldShell>
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

type SubmitButtonProps = { children: ReactNode; pendingText: string; className?: string; disabled?: boolean; describedBy?: string };

export function SubmitButton({ children, pendingText, className = "w-full", disabled = false, describedBy }: SubmitButtonProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-describedby={describedBy}
      className={`${className} rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60`}
    >
      {pending ? pendingText : children}
    </button>
  );
}
