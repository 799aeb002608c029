import { Link } from "react-router";

import { CheckStatusBadge, partyLabel } from "../components/compliance/checks";
import { SelectInput } from "../components/form-basics";
import { buttonClass } from "../components/ui/button";
import { formatDate } from "../lib/format";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { requireUser } from "../modules/auth/guards.server";
import { listChecks } from "../modules/compliance/checks.server";
import { listingChecksMode } from "../modules/compliance/listing-gates.server";
import { CHECK_STATUS_LABELS } from "../modules/compliance/options";
import { latestSanctionsImport } from "../modules/compliance/sanctions.server";
import type { Route } from "./+types/admin.checks";

export const meta: Route.MetaFunction = () => [{ title: "Identity and AML checks | MoveWise admin" }];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

type Status = keyof typeof CHECK_STATUS_LABELS;
const isStatus = (value: string | null): value is Status => Boolean(value && value in CHECK_STATUS_LABELS);

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = isStatus(wanted) ? wanted : undefined;
  const [checks, list] = await Promise.all([listChecks({ status }), latestSanctionsImport()]);
  return {
    checks,
    status: status ?? "",
    mode: listingChecksMode(),
    sanctionsList: list
      ? { importedAt: list.createdAt.toISOString(), listUpdated: list.listUpdated, entries: list.entries }
      : null,
  };
}

export default function AdminChecks({ loaderData }: Route.ComponentProps) {
  const { checks, status, mode, sanctionsList } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">Identity and anti-money-laundering checks</h1>
      <p className="mt-2 text-slate-700">
        One check per seller (each joint owner and beneficial owner) and per buyer whose offer is accepted. Gates:{" "}
        <strong>{mode === "enforce" ? "enforced" : "warn only"}</strong> (LISTING_CHECKS).{" "}
        <Link to="/admin/suspicious-activity" className="font-semibold text-emerald-800 hover:underline">
          Report a suspicion to the nominated officer
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {sanctionsList
          ? `UK sanctions list: ${sanctionsList.entries} names, list dated ${sanctionsList.listUpdated || "unknown"}, imported ${formatDate(sanctionsList.importedAt)}.`
          : "No sanctions list imported yet: run npm run sanctions:import before recording checks."}
      </p>
      <form method="get" className="mt-6 flex items-end gap-3">
        <SelectInput
          id="status"
          name="status"
          label="Show"
          defaultValue={status}
          options={[
            { value: "", label: "All checks" },
            ...Object.entries(CHECK_STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Filter
        </button>
      </form>
      {checks.length === 0 ? (
        <p className="mt-6 text-slate-700">
          No checks here yet. Add the sellers to check from a home&apos;s details page.
        </p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Checks</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Person
              </th>
              <th scope="col" className="py-2 pr-3">
                Role
              </th>
              <th scope="col" className="py-2 pr-3">
                Home
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              <th scope="col" className="py-2">
                Risk
              </th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.id} className="border-b border-slate-200">
                <td className="py-2 pr-3">
                  <Link to={`/admin/checks/${check.id}`} className="font-semibold text-emerald-800 hover:underline">
                    {check.fullName}
                  </Link>
                </td>
                <td className="py-2 pr-3">{partyLabel(check)}</td>
                <td className="py-2 pr-3">{check.address}</td>
                <td className="py-2 pr-3">
                  <CheckStatusBadge status={check.status} />
                </td>
                <td className="py-2">{check.riskRating ?? "not rated"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
