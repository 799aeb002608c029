import { requireUser } from "../modules/auth/guards.server";
import { exportAccountData } from "../modules/privacy/account.server";
import type { Route } from "./+types/account.data";

/** 'Download my data': everything held about the signed-in account, as a JSON file. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportAccountData(user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="movewise-my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
