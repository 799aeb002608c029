// Stamp duty and mortgage calculators: two GET forms whose results the server renders. Each form
// carries the other's current inputs as hidden fields, so working one keeps the other's result.
import { Form } from "react-router";

import { formatMoney, formatPercent, formatPrice } from "../lib/format";
import type { CalculatorState, CalculatorValues } from "../modules/calculators/query";
import { ErrorList, inputClass } from "./form-basics";

const BUYERS = [
  { value: "standard", label: "Moving home (standard rates)" },
  { value: "first-time", label: "First-time buyer" },
  { value: "additional", label: "Buying an additional home" },
] as const;

type FieldName = keyof CalculatorValues;

function Hidden({ values, names }: { values: CalculatorValues; names: FieldName[] }) {
  return names.map((name) => <input key={name} type="hidden" name={name} value={values[name]} />);
}

function NumberField({
  name,
  label,
  state,
  prefix,
  suffix,
  step = "1",
}: {
  name: FieldName;
  label: string;
  state: CalculatorState;
  prefix?: string;
  suffix?: string;
  step?: string;
}) {
  const id = `calc-${name}`;
  const error = state.errors[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        {prefix ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          defaultValue={state.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} ${prefix ? "pl-7" : ""} ${suffix ? "pr-14" : ""}`}
        />
        {suffix ? (
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600">
            {suffix}
          </span>
        ) : null}
      </div>
      <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
    </div>
  );
}

const submitClass =
  "rounded-md bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export function Calculators({ state, action }: { state: CalculatorState; action: string }) {
  const { values, stampDuty, mortgage } = state;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        aria-labelledby="stamp-duty-heading"
        id="stamp-duty"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="stamp-duty-heading" className="text-xl font-bold tracking-tight">
          Stamp Duty calculator
        </h2>
        <p className="mt-1 text-sm text-slate-600">England and Northern Ireland, rates from 1 April 2025.</p>
        <Form method="get" action={`${action}#stamp-duty`} preventScrollReset className="mt-5 space-y-4">
          <Hidden values={values} names={["mPrice", "deposit", "rate", "term"]} />
          <NumberField name="price" label="Property price" prefix="£" state={state} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Who is buying?</legend>
            <div className="mt-2 space-y-2">
              {BUYERS.map((b) => (
                <label key={b.value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="buyer"
                    value={b.value}
                    defaultChecked={values.buyer === b.value}
                    className="size-4 text-emerald-700"
                  />
                  {b.label}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={submitClass}>
            Calculate stamp duty
          </button>
        </Form>
        {stampDuty ? (
          <div className="mt-6 border-t border-slate-200 pt-5" aria-live="polite">
            <p className="text-sm text-slate-600">Stamp Duty to pay on {formatPrice(stampDuty.price)}</p>
            <p className="text-3xl font-bold text-slate-900">{formatPrice(stampDuty.total)}</p>
            <p className="text-sm text-slate-600">Effective rate {formatPercent(stampDuty.effectiveRate)}</p>
            {stampDuty.note ? (
              <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">{stampDuty.note}</p>
            ) : null}
            {stampDuty.bands.length ? (
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">How the Stamp Duty is worked out, band by band</caption>
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Part of the price
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Rate
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Tax
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {stampDuty.bands.map((band) => (
                    <tr key={band.from}>
                      <td className="py-1.5">
                        {band.to === null
                          ? `Above ${formatPrice(band.from)}`
                          : `${formatPrice(band.from)} to ${formatPrice(band.to)}`}
                        <span className="block text-xs text-slate-600">{formatPrice(band.taxable)} taxed</span>
                      </td>
                      <td className="py-1.5">{formatPercent(band.rate)}</td>
                      <td className="py-1.5 text-right">{formatMoney(band.tax)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        ) : null}
      </section>

      <section
        aria-labelledby="mortgage-heading"
        id="mortgage"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="mortgage-heading" className="text-xl font-bold tracking-tight">
          Mortgage calculator
        </h2>
        <p className="mt-1 text-sm text-slate-600">A repayment mortgage at a fixed rate, for a rough monthly budget.</p>
        <Form method="get" action={`${action}#mortgage`} preventScrollReset className="mt-5 space-y-4">
          <Hidden values={values} names={["price", "buyer"]} />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField name="mPrice" label="Property price" prefix="£" state={state} />
            <NumberField name="deposit" label="Deposit" prefix="£" state={state} />
            <NumberField name="rate" label="Interest rate" suffix="% a year" step="0.01" state={state} />
            <NumberField name="term" label="Term" suffix="years" state={state} />
          </div>
          <button type="submit" className={submitClass}>
            Calculate repayments
          </button>
        </Form>
        {mortgage ? (
          <dl className="mt-6 grid grid-cols-2 gap-4 border-t border-slate-200 pt-5 text-sm" aria-live="polite">
            <div className="col-span-2">
              <dt className="text-slate-600">Monthly repayment</dt>
              <dd className="text-3xl font-bold text-slate-900">{formatMoney(mortgage.monthlyPayment)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Borrowing</dt>
              <dd className="font-semibold">
                {formatPrice(mortgage.loan)} ({formatPercent(mortgage.loanToValue)} loan to value)
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Total repaid over {mortgage.months / 12} years</dt>
              <dd className="font-semibold">{formatMoney(mortgage.totalRepaid)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Total interest</dt>
              <dd className="font-semibold">{formatMoney(mortgage.totalInterest)}</dd>
            </div>
          </dl>
        ) : null}
        <p className="mt-4 text-xs text-slate-600">
          An illustration only, not advice or an offer of a mortgage. Your home may be repossessed if you do not keep up
          repayments on your mortgage.
        </p>
      </section>
    </div>
  );
}
