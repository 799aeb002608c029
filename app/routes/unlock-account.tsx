import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { AuthCard } from "../components/auth-card";
import { FormAlert, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { clientRules } from "../lib/client-rules.server";
import { refusedForm } from "../lib/form-refusal.server";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { toasts } from "../lib/toast.server";
import { accountLinkWorks } from "../modules/auth/account-tokens.server";
import { trustDevice, withCookies } from "../modules/auth/devices.server";
import { SIGN_IN_UNLOCKED, unlockSignIn } from "../modules/auth/passwords.server";
import { AccountLinkSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/unlock-account";

export const meta: Route.MetaFunction = () => [
  { title: "Unlock sign-in | MoveWise" },
  { name: "robots", content: "noindex" },
];

export const handle = withoutReact;
export const clientLoader = loadAsDocument;

// Opening the link only shows a button: mail scanners open links too, and the browser that presses it is
// the one that gets in.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, works: await accountLinkWorks(token, "unlock_sign_in"), rules: clientRules(AccountLinkSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await formDataOf(request), { schema: AccountLinkSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const email = await unlockSignIn(submission.value.token, { ipAddress: context.clientIp });
    return toasts().redirectWithSuccess("/login", SIGN_IN_UNLOCKED, {
      headers: withCookies(await trustDevice(request, email)),
    });
  } catch (error) {
    return refusedForm(submission, error);
  }
}

export default function UnlockAccount({ loaderData, actionData }: Route.ComponentProps) {
  const [form, , formProps] = useRulesForm<{ token: string }>(loaderData.rules, {
    id: "unlock",
    lastResult: actionData?.result,
  });
  if (!loaderData.works && !actionData) {
    return (
      <AuthCard
        title="This link no longer works"
        subtitle="Unlock links work for an hour, once. You can still get in by choosing a new password."
      >
        <Link to="/forgot-password" className="font-semibold text-emerald-800 underline underline-offset-2">
          Choose a new password
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Unlock sign-in"
      subtitle="Let this browser sign in to your account straight away, however many failed sign-ins others have made."
    >
      <Form method="post" {...formProps} className="space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pendingText="Unlocking…">Unlock sign-in on this browser</SubmitButton>
      </Form>
    </AuthCard>
  );
}
