// Label/value lists on the property page: the extra information and the parts of the material information.
import type { Fact, MaterialPart } from "../../modules/listings/material-information";
import { ASK_AGENT } from "../../modules/listings/material-information";

export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {facts.map((fact) => (
        <div key={fact.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{fact.label}</dt>
          <dd className={`text-sm ${fact.value === ASK_AGENT ? "font-medium text-emerald-800" : "text-slate-900"}`}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function MaterialInformation({ parts }: { parts: MaterialPart[] }) {
  return (
    <div className="space-y-6">
      {parts.map((part) => (
        <section key={part.id} aria-labelledby={`material-${part.id}`}>
          <h3 id={`material-${part.id}`} className="text-base font-semibold text-slate-900">
            {part.title}: <span className="font-normal text-slate-600">{part.summary}</span>
          </h3>
          <div className="mt-2">
            <FactList facts={part.facts} />
          </div>
        </section>
      ))}
    </div>
  );
}
