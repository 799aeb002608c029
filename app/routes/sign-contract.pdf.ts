import { data } from "react-router";
import { requireUser } from "../modules/auth/guards.server";
import { vendorContractPdf } from "../modules/projects/contract.server";
import { parseProjectId } from "../modules/projects/projects.server";
import type { Route } from "./+types/sign-contract.pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseProjectId(params.bookingId);
  const pdf = id ? await vendorContractPdf(user.id, id) : null;
  if (!pdf) throw data({ message: "We couldn't find that property in your account." }, { status: 404 });
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
