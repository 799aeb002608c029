import { Calculators } from "../components/calculators";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { readCalculators } from "../modules/calculators/query";
import type { Route } from "./+types/calculators";

export const meta: Route.MetaFunction = () => [
  { title: "Stamp Duty and mortgage calculators | MoveWise" },
  {
    name: "description",
    content: "Work out Stamp Duty Land Tax at the rates from 1 April 2025, and your monthly mortgage repayments.",
  },
];

export function loader({ request }: Route.LoaderArgs) {
  return readCalculators(new URL(request.url).searchParams);
}

// A GET form answered by the server: nothing here needs React, so the page is sent without it
// (docs/decisions/0002-pages-without-react.md).
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export default function CalculatorsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-slate-50">
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Buying costs calculators</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">
          What you would pay in Stamp Duty, and what a mortgage would cost each month.
        </p>
        <div className="mt-8">
          <Calculators state={loaderData} action="/calculators" />
        </div>
      </section>
    </div>
  );
}
