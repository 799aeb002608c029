import { InboxList } from "../components/admin-inbox";
import { listPageOrRedirect } from "../lib/pagination";
import { requireUser } from "../modules/auth/guards.server";
import { listContactMessages } from "../modules/contact/contact.server";
import type { Route } from "./+types/admin.messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return listPageOrRedirect(new URL(request.url), listContactMessages);
}

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { items, ...page } = loaderData;
  return (
    <InboxList
      title="Messages"
      noun={["message", "messages"]}
      columns={["Email", "Message"]}
      basePath="/admin/messages"
      page={page}
      rows={items.map((message) => ({
        id: message.id,
        href: `/admin/messages/${message.id}`,
        title: `${message.firstName} ${message.lastName}`,
        cells: [message.email, preview(message.message)],
        createdAt: message.createdAt,
        handledAt: message.handledAt,
      }))}
    />
  );
}
