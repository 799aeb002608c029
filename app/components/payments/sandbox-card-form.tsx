import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import type { ClientRules } from "../../lib/client-rules";
import { SANDBOX_CARD_EXAMPLES, type SandboxCardFields } from "../../modules/payments/sandbox-cards";
import { Field, FormAlert, SubmitButton } from "../forms";
import { useRulesForm } from "../rules-form";
import { buttonClass } from "../ui/button";

export const PROCESSING = "Processing...";

/**
 * The sandbox's server-rendered card form: works without JavaScript; with it, the card rules the loader
 * sends (`rules`, from SandboxCardSchema) run as you type. The card number's checksum and the expiry date
 * are checked when the form is sent.
 */
export function SandboxCardForm({
  clientSecret,
  payLabel,
  rules,
  lastResult,
}: {
  clientSecret: string;
  payLabel: string;
  rules: ClientRules;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, formProps] = useRulesForm<SandboxCardFields>(rules, { id: "sandbox-card", lastResult });
  return (
    <Form method="post" {...formProps} className="space-y-5">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="clientSecret" value={clientSecret} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Credit or debit card</legend>
        <Field
          label="Card number"
          field={fields.cardNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Expiry date"
            field={fields.expiry}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
          />
          <Field
            label="Security code (CVC)"
            field={fields.cvc}
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
          />
          <Field label="Postcode" field={fields.postcode} autoComplete="postal-code" placeholder="LE1 6EJ" />
        </div>
      </fieldset>
      <SubmitButton pendingText={PROCESSING}>{payLabel}</SubmitButton>
    </Form>
  );
}

export function SandboxNotice() {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Sandbox: no money moves.</p>
      <p className="mt-1">
        Payments here are simulated with Stripe&rsquo;s test cards. Use any future expiry date, any security code and
        any postcode.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold text-amber-950 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-900">
          Test cards
        </summary>
        <ul className="mt-2 space-y-1">
          {SANDBOX_CARD_EXAMPLES.map((card) => (
            <li key={card.number}>
              <span className="font-mono font-semibold">{card.number}</span>: {card.result}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The sandbox's stand-in for a bank's 3-D Secure page, for a card that asks the cardholder to authenticate. */
export function SandboxAuthentication({
  clientSecret,
  card,
  amount,
}: {
  clientSecret: string;
  card: string;
  amount: string;
}) {
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
        <h3 className="font-semibold">Confirm this payment with your bank</h3>
        <p className="mt-1 text-sm">
          Your {card} asks you to confirm the payment of {amount}. In the sandbox this step stands in for your
          bank&rsquo;s 3-D Secure page: choose what your bank would say.
        </p>
      </div>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row">
        <input type="hidden" name="clientSecret" value={clientSecret} />
        <button type="submit" name="intent" value="authenticate" className={buttonClass({ className: "flex-1" })}>
          Complete authentication
        </button>
        <button
          type="submit"
          name="intent"
          value="fail-authentication"
          className={buttonClass({ variant: "secondary", className: "flex-1" })}
        >
          Fail authentication
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="clientSecret" value={clientSecret} />
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="text-sm font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          Use a different card
        </button>
      </Form>
    </div>
  );
}
