import { ContactLink, InboxDetail } from "../components/admin-inbox";
import { throwErrorPage } from "../lib/error-replies.server";
import { toasts } from "../lib/toast.server";
import { inboxRecord } from "../modules/admin/inbox.server";
import { requireUser } from "../modules/auth/guards.server";
import { getContactMessage, markContactMessageHandled } from "../modules/contact/contact.server";
import { COUNTRIES } from "../modules/contact/schemas";
import type { Route } from "./+types/admin.messages.$id";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Message ${data?.id ?? ""} | MoveWise admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return inboxRecord(params.id, getContactMessage).catch(throwErrorPage);
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireUser(request, "admin");
  await inboxRecord(params.id, markContactMessageHandled).catch(throwErrorPage);
  return toasts().redirectWithSuccess(new URL(request.url).pathname, "Marked as handled.");
}

export default function AdminMessage({ loaderData: message }: Route.ComponentProps) {
  return (
    <InboxDetail
      title={`Message from ${message.firstName} ${message.lastName}`}
      backTo={{ href: "/admin/messages", label: "Messages" }}
      createdAt={message.createdAt}
      handledAt={message.handledAt}
      fields={[
        { label: "Email", value: <ContactLink kind="mailto" value={message.email} /> },
        {
          label: "Phone",
          value: message.phoneNumber ? <ContactLink kind="tel" value={message.phoneNumber} /> : "Not given",
        },
        {
          label: "Country",
          value: COUNTRIES.find((c) => c.code === message.country)?.label ?? message.country ?? "Not given",
        },
        { label: "Message", value: message.message },
      ]}
    />
  );
}
