import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { sendContactMessage } from "../modules/contact/contact.server";
import { ContactMessageSchema } from "../modules/contact/schemas";
import type { Route } from "./+types/api.v1.contact-us";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, ContactMessageSchema);
    const saved = await sendContactMessage(input, { ipAddress: context.clientIp });
    return Response.json({ success: true, message: "Message sent successfully!", id: saved.id }, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
