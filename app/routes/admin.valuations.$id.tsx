import { ContactLink, InboxDetail } from "../components/admin-inbox";
import { throwErrorPage } from "../lib/error-replies.server";
import { toasts } from "../lib/toast.server";
import { inboxRecord } from "../modules/admin/inbox.server";
import { requireUser } from "../modules/auth/guards.server";
import { VALUATION_TYPE_LABELS } from "../modules/valuations/schemas";
import { getValuationRequest, markValuationRequestHandled } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/admin.valuations.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Valuation request V-${data?.id ?? ""} | MoveWise admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return inboxRecord(params.id, getValuationRequest).catch(throwErrorPage);
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireUser(request, "admin");
  await inboxRecord(params.id, markValuationRequestHandled).catch(throwErrorPage);
  return toasts().redirectWithSuccess(new URL(request.url).pathname, "Marked as handled.");
}

export default function AdminValuation({ loaderData: request }: Route.ComponentProps) {
  return (
    <InboxDetail
      title={`Valuation request V-${request.id}`}
      backTo={{ href: "/admin/valuations", label: "Valuation requests" }}
      createdAt={request.createdAt}
      handledAt={request.handledAt}
      fields={[
        { label: "Name", value: `${request.firstName} ${request.lastName}` },
        { label: "Postcode", value: request.postcode },
        { label: "Type", value: VALUATION_TYPE_LABELS[request.valuationType] },
        { label: "Purpose", value: request.purposeType },
        { label: "Phone", value: <ContactLink kind="tel" value={request.contactNumber} /> },
        { label: "Email", value: <ContactLink kind="mailto" value={request.email} /> },
        { label: "Message", value: request.message ?? "None" },
        { label: "Marketing consent", value: request.marketingConsent ? "Yes" : "No" },
      ]}
    />
  );
}
