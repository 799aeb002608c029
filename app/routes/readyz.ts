import { checkReadiness } from "../modules/bootstrap/readiness.server";

export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
