import { requireUser } from "../modules/auth/guards.server";
import { vendorContractPdf } from "../modules/projects/contract.server";
import { parseProjectId, projectNotFoundPage } from "../modules/projects/projects.server";
import type { Route } from "./+types/sign-contract.pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseProjectId(params.projectId);
  const pdf = id ? await vendorContractPdf(user.id, id) : null;
  if (!pdf) throw projectNotFoundPage();
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
