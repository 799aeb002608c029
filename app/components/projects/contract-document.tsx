import type { Contract } from "../../modules/projects/contract";

/** The contract's terms as HTML; headings start at `level` so they fit the page or dialog around them. */
export function ContractDocument({ contract, level = 3 }: { contract: Contract; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const Section = level === 2 ? "h3" : "h4";
  return (
    <div className="space-y-5 text-sm leading-6 text-slate-800">
      <div>
        <Heading className="text-base font-semibold text-slate-900">{contract.title}</Heading>
        <p className="text-slate-600">Reference {contract.reference}</p>
      </div>
      {contract.sections.map((section) => (
        <section key={section.heading}>
          <Section className="font-semibold text-slate-900">{section.heading}</Section>
          {section.body.map((block, i) =>
            typeof block === "string" ? (
              <p key={i} className="mt-2">
                {block}
              </p>
            ) : (
              <ul key={i} className="mt-2 list-disc space-y-1 pl-5">
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </div>
  );
}
