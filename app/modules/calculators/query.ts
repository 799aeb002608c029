// The calculators are GET forms: the inputs live in the URL, so results render on the server, work
// without JavaScript and can be shared. This reads them (with defaults) and computes what it can.
import { z } from "zod";

import { type Mortgage, repaymentMortgage } from "./mortgage";
import { type BuyerType, type StampDuty, stampDuty } from "./stamp-duty";

const pounds = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[£,\s]/g, "") : v),
    z.coerce
      .number({ error: `Enter the ${label} in pounds.` })
      .int({ error: `Enter the ${label} in whole pounds.` })
      .min(0, { error: `The ${label} can't be negative.` })
      .max(max, { error: `The ${label} is too large.` }),
  );

const StampDutyQuery = z.object({
  price: pounds("price", 100_000_000),
  buyer: z.enum(["standard", "first-time", "additional"], { error: "Choose who is buying." }),
});

const MortgageQuery = z.object({
  mPrice: pounds("price", 100_000_000),
  deposit: pounds("deposit", 100_000_000),
  rate: z.coerce
    .number({ error: "Enter the interest rate as a number, e.g. 4.5." })
    .min(0, { error: "The rate can't be negative." })
    .max(25, { error: "Enter a rate of 25% or less." }),
  term: z.coerce
    .number({ error: "Enter the term in years." })
    .int({ error: "Enter the term in whole years." })
    .min(1, { error: "The term is at least 1 year." })
    .max(40, { error: "The term is at most 40 years." }),
});

export type CalculatorValues = {
  price: string;
  buyer: BuyerType;
  mPrice: string;
  deposit: string;
  rate: string;
  term: string;
};
export type CalculatorState = {
  values: CalculatorValues;
  stampDuty: StampDuty | null;
  mortgage: Mortgage | null;
  errors: Partial<Record<keyof CalculatorValues, string>>;
};

export function readCalculators(searchParams: URLSearchParams, defaultPrice?: number): CalculatorState {
  const price = defaultPrice ? String(defaultPrice) : "";
  const values: CalculatorValues = {
    price: searchParams.get("price") ?? price,
    buyer:
      (["standard", "first-time", "additional"] as const).find((b) => b === searchParams.get("buyer")) ?? "standard",
    mPrice: searchParams.get("mPrice") ?? price,
    deposit: searchParams.get("deposit") ?? (defaultPrice ? String(Math.round(defaultPrice * 0.1)) : ""),
    rate: searchParams.get("rate") ?? "4.5",
    term: searchParams.get("term") ?? "25",
  };
  const errors: CalculatorState["errors"] = {};
  const firstErrors = (error: z.ZodError) => {
    for (const issue of error.issues) errors[issue.path[0] as keyof CalculatorValues] ??= issue.message;
  };

  let duty: StampDuty | null = null;
  if (values.price !== "") {
    const parsed = StampDutyQuery.safeParse(values);
    if (parsed.success) duty = stampDuty(parsed.data.price, parsed.data.buyer);
    else firstErrors(parsed.error);
  }
  let mortgage: Mortgage | null = null;
  if (values.mPrice !== "" && values.deposit !== "") {
    const parsed = MortgageQuery.safeParse(values);
    if (!parsed.success) firstErrors(parsed.error);
    else if (parsed.data.deposit >= parsed.data.mPrice) errors.deposit = "The deposit must be less than the price.";
    else
      mortgage = repaymentMortgage({
        price: parsed.data.mPrice,
        deposit: parsed.data.deposit,
        annualRatePercent: parsed.data.rate,
        termYears: parsed.data.term,
      });
  }
  return { values, stampDuty: duty, mortgage, errors };
}
