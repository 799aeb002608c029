// 'Request a Free Visit': one form, shown on its own page (no JavaScript) or in a dialog on the property
// page (JavaScript, through app/lib/form-enhancer.ts), and sent to the same action either way.
import { type SubmissionResult, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { formatPrice } from "../../lib/format";
import { listingPath } from "../../modules/listings/summary";
import type { ClientRules } from "../../lib/client-rules";
import type { ViewingRequestFormFields } from "../../modules/viewings/schemas";
import { useRulesForm } from "../rules-form";
import { DEFAULT_VIEWING_TIME, VIEWING_SLOTS, splitSlot } from "../../modules/viewings/slots";
import { Field, FieldFrame, FormAlert, HoneypotField, SubmitButton, TextareaField, inputClass } from "../forms";
import { CloseIcon } from "../ui/icons";

export type ViewingDates = { earliest: string; latest: string };

/** The form's typed suggestions: the slots as they are written with the AM/PM choice beside them. */
const SLOT_SUGGESTIONS = [...new Set(VIEWING_SLOTS.map((slot) => splitSlot(slot).time))];
const DEFAULT = splitSlot(DEFAULT_VIEWING_TIME);

export const requestViewingPath = (listingId: number) => `${listingPath(listingId)}/request-viewing`;

type ViewingRequestFormProps = {
  listingId: number;
  /** From the loader: viewingFormRules(). */
  rules: ClientRules;
  dates: ViewingDates;
  lastResult?: SubmissionResult<string[]> | null;
  /** The page's <Form>. */
  FormComponent: typeof Form;
  pending?: boolean;
  inDialog?: boolean;
  /** Search results to return to after a request made from them. */
  returnTo?: string | null;
};

export function ViewingRequestForm({ listingId, rules, dates, lastResult, FormComponent, pending, inDialog = false, returnTo }: ViewingRequestFormProps) {
  const [form, fields, formProps] = useRulesForm<ViewingRequestFormFields>(rules, {
    id: inDialog ? "viewing-request-dialog" : "viewing-request",
    lastResult,
    defaultValue: { preferredTime: DEFAULT.time, preferredPeriod: DEFAULT.period },
  });
  const timeHint = `${form.id}-time-hint`;
  const slotList = `${form.id}-slots`;
  return (
    <FormComponent method="post" action={requestViewingPath(listingId)} {...formProps} className="relative space-y-5">
      {inDialog ? <input type="hidden" name="source" value="dialog" /> : null}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <HoneypotField />
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" field={fields.firstName} autoComplete="given-name" />
        <Field label="Last name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <Field label="Phone number" field={fields.phoneNumber} type="tel" autoComplete="tel" placeholder="e.g. 07700 900123" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Preferred date" field={fields.preferredDate} type="date" min={dates.earliest} max={dates.latest} hint="From tomorrow onwards." />
        <FieldFrame label="Preferred time" field={fields.preferredTime} hint="On the hour or half past, 9:00 AM to 5:30 PM." hintId={timeHint} className="flex gap-2">
          <div className="min-w-0 flex-1">
            <input
              {...getInputProps(fields.preferredTime, { type: "text" })}
              key={fields.preferredTime.key}
              aria-describedby={[timeHint, fields.preferredTime.errors ? fields.preferredTime.errorId : ""].filter(Boolean).join(" ")}
              inputMode="numeric"
              placeholder="10:00"
              list={slotList}
              autoComplete="off"
              className={inputClass}
            />
            <datalist id={slotList}>
              {SLOT_SUGGESTIONS.map((slot) => (
                <option key={slot} value={slot} />
              ))}
            </datalist>
          </div>
          <div className="w-24 shrink-0">
            <select {...getSelectProps(fields.preferredPeriod)} key={fields.preferredPeriod.key} aria-label="AM or PM" className={`${inputClass} h-full`}>
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          </div>
        </FieldFrame>
      </div>
      <TextareaField label="Message (optional)" field={fields.message} rows={3} />
      <SubmitButton pendingText="Booking..." pending={pending}>
        Request Now
      </SubmitButton>
      <p className="text-center text-xs text-slate-600">
        We use your details only to arrange this viewing. See our <a href="/privacy-policy" className="font-semibold text-emerald-800 underline">privacy policy</a>.
      </p>
    </FormComponent>
  );
}

type ViewingRequestDialogProps = {
  listing: { id: number; address: string; price: number };
  rules: ClientRules;
  dates: ViewingDates;
};

/**
 * The form in a native <dialog>, for the property page (sent without React). Without JavaScript it stays
 * closed and 'Book a Viewing' leads to the form's own page. With it, app/lib/form-enhancer.ts opens it
 * with showModal() (`a[data-dialog]`), sends the form in place (`dialog[data-send-in-place]`), shows the
 * answer's field messages in it, and on success closes it and shows the toast.
 */
export function ViewingRequestDialog({ listing, rules, dates }: ViewingRequestDialogProps) {
  return (
    <dialog
      id="viewing-dialog"
      aria-labelledby="viewing-dialog-title"
      data-send-in-place
      data-initial-focus='input[name="firstName"]'
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70 backdrop:backdrop-blur-sm"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="viewing-dialog-title" className="text-2xl font-bold tracking-tight">
              Request a Free Visit
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {listing.address} · Guide price {formatPrice(listing.price)}
            </p>
          </div>
          <button
            type="button"
            data-close
            aria-label="Close"
            className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <div className="mt-6">
          <ViewingRequestForm listingId={listing.id} rules={rules} dates={dates} FormComponent={Form} inDialog />
        </div>
      </div>
    </dialog>
  );
}
