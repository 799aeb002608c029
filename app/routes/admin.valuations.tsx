import { InboxList } from "../components/admin-inbox";
import { listPageOrRedirect } from "../lib/pagination";
import { requireUser } from "../modules/auth/guards.server";
import { VALUATION_TYPE_LABELS } from "../modules/valuations/schemas";
import { listValuationRequests } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/admin.valuations";

export const meta: Route.MetaFunction = () => [{ title: "Valuation requests | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return listPageOrRedirect(new URL(request.url), listValuationRequests);
}

export default function AdminValuations({ loaderData }: Route.ComponentProps) {
  const { items, ...page } = loaderData;
  return (
    <InboxList
      title="Valuation requests"
      noun={["request", "requests"]}
      columns={["Postcode", "Type", "Phone"]}
      basePath="/admin/valuations"
      page={page}
      rows={items.map((request) => ({
        id: request.id,
        href: `/admin/valuations/${request.id}`,
        title: `${request.firstName} ${request.lastName}`,
        cells: [request.postcode, VALUATION_TYPE_LABELS[request.valuationType], request.contactNumber],
        createdAt: request.createdAt,
        handledAt: request.handledAt,
      }))}
    />
  );
}
