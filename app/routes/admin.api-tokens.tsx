import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";

import { adminCell, AdminTable } from "../components/admin/admin-table";
import { Field, FormAlert, SubmitButton } from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { buttonClass } from "../components/ui/button";
import type { ClientRules } from "../lib/client-rules";
import { clientRules } from "../lib/client-rules.server";
import { formatDate } from "../lib/format";
import { formDataOf } from "../lib/http.server";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { createApiToken, listApiTokens, revokeApiToken } from "../modules/api-tokens/api-tokens.server";
import { type CreateApiTokenFields, CreateApiTokenSchema, RevokeApiTokenSchema } from "../modules/api-tokens/schemas";
import { requireUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/admin.api-tokens";

export const meta: Route.MetaFunction = () => [{ title: "API tokens | MoveWise admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  return { tokens: await listApiTokens(), rules: clientRules(CreateApiTokenSchema) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const formData = await formDataOf(request);
  if (formData.get("intent") === "revoke") {
    const parsed = RevokeApiTokenSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return toasts().redirectWithError("/admin/api-tokens", "Choose a token to revoke.");
    try {
      await revokeApiToken(parsed.data.tokenId);
    } catch (error) {
      if (error instanceof ServiceError) return toasts().redirectWithError("/admin/api-tokens", error.message);
      throw error;
    }
    return toasts().redirectWithSuccess("/admin/api-tokens", "Token revoked. Calls with it now get 401.");
  }
  const submission = parseWithZod(formData, { schema: CreateApiTokenSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  // Answered on this response, not after a redirect: the token is never stored, so this is the only time it can be shown.
  const created = await createApiToken(admin, submission.value.name);
  return { result: submission.reply({ resetForm: true }), created: { name: created.name, token: created.token } };
}

export default function AdminApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">API tokens</h1>
        <Link
          to="/admin-propertylisting"
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50"
        >
          Back to projects
        </Link>
      </div>
      <p className="mt-2 max-w-3xl text-slate-700">
        A token lets another system use the{" "}
        <Link to="/api/docs" className="font-semibold text-emerald-800 underline underline-offset-2">
          MoveWise API
        </Link>{" "}
        as you, with admin rights: it sends{" "}
        <code className="rounded bg-slate-100 px-1 text-sm">Authorization: Bearer mw_…</code>. Give each system its own
        token, and revoke one as soon as it is no longer needed or may have leaked.
      </p>

      {actionData?.created ? <NewToken name={actionData.created.name} token={actionData.created.token} /> : null}

      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <CreateTokenForm
          key={actionData?.created?.token ?? "form"}
          rules={loaderData.rules}
          result={actionData?.result}
        />
      </div>

      <h2 className="mt-10 text-lg font-bold">Tokens</h2>
      {tokens.length ? (
        <AdminTable
          caption="API tokens, live ones first"
          columns={["Name", "Token", "Owner", "Created", "Last used", { hidden: "Status or action" }]}
          className="mt-3"
        >
          {tokens.map((token) => (
            <tr key={token.id} className={token.revokedAt ? "text-slate-600" : undefined}>
              <th scope="row" className={`${adminCell} font-semibold text-slate-900`}>
                {token.name}
              </th>
              <td className={`${adminCell} font-mono`}>{token.prefix}…</td>
              <td className={adminCell}>
                {token.user.fullName}
                <br />
                <span className="text-slate-600">{token.user.email}</span>
              </td>
              <td className={adminCell}>{formatDate(token.createdAt)}</td>
              <td className={adminCell}>{token.lastUsedAt ? formatDate(token.lastUsedAt) : "Never"}</td>
              <td className={adminCell}>
                {token.revokedAt ? (
                  <span>Revoked {formatDate(token.revokedAt)}</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="tokenId" value={token.id} />
                    <button
                      type="submit"
                      className={buttonClass({ variant: "danger", size: "sm" })}
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No tokens yet.
        </p>
      )}
    </section>
  );
}

function NewToken({ name, token }: { name: string; token: string }) {
  return (
    <div role="status" className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5">
      <h2 className="font-bold text-emerald-900">Token “{name}” created</h2>
      <p className="mt-1 text-slate-800">
        Copy it now: it is shown only this once, and MoveWise keeps only a fingerprint of it.
      </p>
      <label htmlFor="new-token" className="mt-3 block text-sm font-semibold text-slate-900">
        Your new token
      </label>
      <input
        id="new-token"
        readOnly
        value={token}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
      />
    </div>
  );
}

function CreateTokenForm({ rules, result }: { rules: ClientRules; result?: SubmissionResult<string[]> }) {
  const [form, fields, formProps] = useRulesForm<CreateApiTokenFields>(rules, {
    id: "create-token",
    lastResult: result,
  });
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <h2 className="text-lg font-bold text-slate-900">Create a token</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="create" />
      <Field label="Name" field={fields.name} hint="Who or what will use it, e.g. “Rightmove feed”." />
      <SubmitButton className="w-full sm:w-auto" pendingText="Creating...">
        Create token
      </SubmitButton>
    </Form>
  );
}
