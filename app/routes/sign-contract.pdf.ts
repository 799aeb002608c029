import { errorPage } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { requireUser } from "../modules/auth/guards.server";
import { vendorContractPdf } from "../modules/projects/contract.server";
import { projectNotFound } from "../modules/projects/projects.server";
import type { Route } from "./+types/sign-contract.pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  const pdf = id ? await vendorContractPdf(user.id, id) : null;
  if (!pdf) throw errorPage(projectNotFound());
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      "Content-Length": String(pdf.bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
    },
  });
}
