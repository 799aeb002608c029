// 'Request a Free Visit': one form, shown on its own page (no JavaScript) or in a dialog on the property
// page (JavaScript, through app/browser/dialog.ts and send-in-place.ts), and sent to the same action either way.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import type { ClientRules } from "../../lib/client-rules";
import { formatPrice } from "../../lib/format";
import { fromSearchResults, requestViewingPath } from "../../modules/listings/summary";
import type { ViewingRequestFormFields } from "../../modules/viewings/schemas";
import { DEFAULT_VIEWING_TIME, VIEWING_SLOT_OPTIONS } from "../../modules/viewings/slots";
import { Field, FormAlert, HoneypotField, SelectField, SubmitButton, TextareaField } from "../forms";
import { useRulesForm } from "../rules-form";
import { CloseIcon } from "../ui/icons";
import { PersonalInterestNotice } from "./personal-interest";

export type ViewingDates = { earliest: string; latest: string };

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
  /**
   * The search results the form was opened from: they stay in the form's address, so a refused request
   * comes back as the same page, and a sent one returns to them.
   */
  searchResults?: string | null;
};

export function ViewingRequestForm({
  listingId,
  rules,
  dates,
  lastResult,
  FormComponent,
  pending,
  inDialog = false,
  searchResults,
}: ViewingRequestFormProps) {
  const [form, fields, formProps] = useRulesForm<ViewingRequestFormFields>(rules, {
    id: inDialog ? "viewing-request-dialog" : "viewing-request",
    lastResult,
    defaultValue: { preferredTime: DEFAULT_VIEWING_TIME },
  });
  return (
    <FormComponent
      method="post"
      action={fromSearchResults(requestViewingPath(listingId), searchResults)}
      {...formProps}
      className="relative space-y-5"
    >
      {inDialog ? <input type="hidden" name="source" value="dialog" /> : null}
      <HoneypotField />
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" field={fields.firstName} autoComplete="given-name" />
        <Field label="Last name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <Field
          label="Phone number"
          field={fields.phoneNumber}
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 07700 900123"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Preferred date"
          field={fields.preferredDate}
          type="date"
          min={dates.earliest}
          max={dates.latest}
          hint="From tomorrow onwards."
        />
        <SelectField label="Preferred time" field={fields.preferredTime} options={VIEWING_SLOT_OPTIONS} />
      </div>
      <TextareaField label="Message (optional)" field={fields.message} rows={3} />
      <SubmitButton pendingText="Booking..." pending={pending}>
        Request Now
      </SubmitButton>
      <p className="text-center text-xs text-slate-600">
        We use your details only to arrange this viewing. See our{" "}
        <a href="/privacy-policy" className="font-semibold text-emerald-800 underline">
          privacy policy
        </a>
        .
      </p>
    </FormComponent>
  );
}

type ViewingRequestDialogProps = {
  listing: { id: number; address: string; price: number; personalInterest?: string | null };
  rules: ClientRules;
  dates: ViewingDates;
};

/**
 * The form in a native <dialog>, for the property page (sent without React). Without JavaScript it stays
 * closed and 'Book a Viewing' leads to the form's own page. With it, app/browser/dialog.ts opens it
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
        {listing.personalInterest ? (
          <PersonalInterestNotice declaration={listing.personalInterest} className="mt-4" />
        ) : null}
        <div className="mt-6">
          <ViewingRequestForm listingId={listing.id} rules={rules} dates={dates} FormComponent={Form} inDialog />
        </div>
      </div>
    </dialog>
  );
}
