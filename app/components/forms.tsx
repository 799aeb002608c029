// Form building blocks: labelled fields whose errors render from the server (no JS needed) and, with
// JS, from conform's client-side validation. Each error list is tied to its input with aria-describedby.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
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
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  inputMode?: "numeric" | "text";
};

export function Field({ label, field, type = "text", autoComplete, placeholder, hint, inputMode }: FieldProps) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">
        <input {...getInputProps(field, { type, ariaDescribedBy: field.errors ? field.errorId : undefined })} key={field.key} autoComplete={autoComplete} placeholder={placeholder} inputMode={inputMode} className={inputClass} />
      </div>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A password input; the show/hide toggle appears once JavaScript is running, since only it can toggle. */
export function PasswordField({ label, field, autoComplete, hint }: Omit<FieldProps, "type">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          {...getInputProps(field, { type: visible ? "text" : "password", ariaDescribedBy: field.errors ? field.errorId : undefined })}
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
      </div>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({ label, field }: { label: string; field: FieldMetadata<boolean | undefined> }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} id={id} className="size-4 rounded border-slate-400 text-emerald-700 focus:ring-emerald-700" />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
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

export function SubmitButton({ children, pendingText }: { children: ReactNode; pendingText: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-70"
    >
      {pending ? pendingText : children}
    </button>
  );
}
