import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, useSearchParams } from "react-router";

import { CheckboxField, ErrorList, Field, FormAlert, inputClass, SubmitButton, useHydrated } from "../components/forms";
import { ContractDocument } from "../components/projects/contract-document";
import { SignaturePad } from "../components/projects/signature-pad";
import { buttonClass } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { CheckCircleIcon } from "../components/ui/icons";
import { errorPage, formFailure } from "../lib/error-replies.server";
import { formatDate } from "../lib/format";
import { readFormData } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { formatPence } from "../lib/money";
import { fieldError, ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { PACKAGE_NAME, SELLING_PACKAGE_CHARGE } from "../modules/marketing/packages";
import { CANCELLATION_DAYS } from "../modules/projects/contract";
import { getVendorContract, signContract } from "../modules/projects/contract.server";
import { projectNotFound } from "../modules/projects/projects.server";
import { SIGN_CONTRACT_CONSTRAINT, SignContractSchema } from "../modules/projects/schemas";
import { SIGNATURE_MESSAGES } from "../modules/projects/signature-image";
import type { Route } from "./+types/sign-contract";

export const meta: Route.MetaFunction = () => [{ title: "Sign your contract | MoveWise" }];

/** A signature image (1 MB) as a data URL and as a file, plus the text fields. */
const MAX_SIGN_BODY_BYTES = 3 * 1024 * 1024;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  const contract = id ? await getVendorContract(user.id, id) : null;
  if (!contract) throw errorPage(projectNotFound());
  return { ...contract, signerName: user.fullName };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, "vendor");
  const id = parseId(params.projectId);
  if (!id) throw errorPage(projectNotFound());
  let formData: FormData;
  try {
    formData = await readFormData(request, MAX_SIGN_BODY_BYTES);
  } catch (error) {
    if (error instanceof Response && error.status === 413)
      return toasts().dataWithError({ result: null }, SIGNATURE_MESSAGES.tooLarge, { status: 413 });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: SignContractSchema, disableAutoCoercion: true });
  const hideFields = ["signature", "signature_file"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const { signature, signature_file: file } = submission.value;
  const image = signature ? { dataUrl: signature } : file ? { bytes: new Uint8Array(await file.arrayBuffer()) } : null;
  try {
    const input = {
      signerName: submission.value.signer_name,
      startEarly: submission.value.start_early,
      image,
      seenHash: submission.value.contract_hash,
    };
    await signContract(user.id, id, input, {
      ipAddress: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status === 404) throw errorPage(error);
    // A refused image is the signature's problem, on the field it came from.
    const refusal = error.fieldErrors?.signature
      ? fieldError(error.status, signature ? "signature" : "signature_file", error.message)
      : error;
    return formFailure(submission, refusal, { hideFields, toast: !error.fieldErrors });
  }
  return toasts().redirectWithSuccess(`/payment/${id}`, "Contract signed. A copy is on its way to your inbox.");
}

export default function SignContract({ loaderData, actionData }: Route.ComponentProps) {
  const { project, contract, hash, signed, paid, signerName } = loaderData;
  const [searchParams] = useSearchParams();
  const [dialogOpen, setDialogOpen] = useState(false);
  const pdfUrl = `/sign-contract/${project.id}/contract.pdf`;
  // Without JavaScript "View Contract" opens the contract in the page (?view=contract); with it, a dialog.
  const showInline = searchParams.get("view") === "contract";

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex items-start gap-4">
            <CheckCircleIcon className="size-10 shrink-0 text-emerald-700" />
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">Thank you!</h1>
              <p className="mt-2 text-slate-700">
                Your property project for <strong>{project.address}</strong> has been created.{" "}
                {signed
                  ? "Your contract is signed."
                  : "Next, read and sign the contract for your selling package, then pay to confirm your booking."}
              </p>
            </div>
          </div>
          <ol
            aria-label="Your progress"
            className="mt-6 grid grid-cols-3 gap-2 text-center text-xs font-semibold sm:text-sm"
          >
            <li className="rounded-md bg-emerald-700 px-2 py-2 text-white">1. Property details</li>
            <li
              className={`rounded-md px-2 py-2 ${signed ? "bg-emerald-700 text-white" : "border-2 border-emerald-700 text-emerald-800"}`}
              aria-current={signed ? undefined : "step"}
            >
              2. Contract
            </li>
            <li
              className={`rounded-md px-2 py-2 ${paid ? "bg-emerald-700 text-white" : signed ? "border-2 border-emerald-700 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
              aria-current={signed && !paid ? "step" : undefined}
            >
              3. Payment
            </li>
          </ol>
        </div>

        <section
          aria-labelledby="contract-heading"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contract-heading" className="text-xl font-semibold text-slate-900">
            Your contract
          </h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Package</dt>
              <dd className="font-medium text-slate-900">{PACKAGE_NAME}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Fixed fee</dt>
              <dd className="font-medium text-slate-900">
                {formatPence(SELLING_PACKAGE_CHARGE.totalPence)} including VAT
                <span className="block font-normal text-slate-600">
                  {formatPence(SELLING_PACKAGE_CHARGE.netPence)} + VAT
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Your right to cancel</dt>
              <dd className="font-medium text-slate-900">{CANCELLATION_DAYS} days from signing, for any reason</dd>
            </div>
          </dl>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="?view=contract"
              preventScrollReset
              onClick={(e) => {
                e.preventDefault();
                setDialogOpen(true);
              }}
              className={buttonClass({ variant: "primary" })}
            >
              View Contract
            </Link>
            <a href={pdfUrl} download className={buttonClass({ variant: "secondary" })}>
              Download PDF
            </a>
          </div>
          {showInline ? (
            <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-5">
              <ContractDocument contract={contract} />
              <Link
                to="."
                className="mt-6 inline-block text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
              >
                Close the contract
              </Link>
            </div>
          ) : null}
        </section>

        {signed ? (
          <section
            aria-labelledby="signed-heading"
            className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-6 sm:p-8"
          >
            <h2 id="signed-heading" className="text-xl font-semibold text-emerald-950">
              Contract signed
            </h2>
            <p className="mt-2 text-emerald-950">
              Signed by {signed.signerName} on {formatDate(signed.signedAt)}.{" "}
              {signed.startEarly
                ? "You asked us to start work straight away."
                : `We'll start work when the ${CANCELLATION_DAYS}-day cancellation period ends.`}
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              {paid ? (
                <Link to={`/view-a-property/${project.id}`} className={buttonClass()}>
                  View your property
                </Link>
              ) : (
                <Link to={`/payment/${project.id}`} className={buttonClass()}>
                  Continue to payment
                </Link>
              )}
              <a href={pdfUrl} download className={buttonClass({ variant: "secondary" })}>
                Download signed contract (PDF)
              </a>
            </div>
          </section>
        ) : (
          <SignForm hash={hash} signerName={signerName} lastResult={actionData?.result} />
        )}
      </div>
      <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} title="Your contract" wide>
        <ContractDocument contract={contract} />
        <a href={pdfUrl} download className={buttonClass({ variant: "secondary", className: "mt-6" })}>
          Download PDF
        </a>
      </Dialog>
    </div>
  );
}

function SignForm({
  hash,
  signerName,
  lastResult,
}: {
  hash: string;
  signerName: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(false);
  const [hasDrawing, setHasDrawing] = useState(false);
  const [form, fields] = useForm<{
    signer_name?: string;
    signature?: string;
    signature_file?: File;
    agree?: boolean;
    start_early?: boolean;
    contract_hash?: string;
  }>({
    id: "sign-contract",
    lastResult,
    defaultValue: { signer_name: signerName },
    constraint: SIGN_CONTRACT_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignContractSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const drawing = hydrated && !typed;
  const waitingId = "signature-needed";
  return (
    <section
      aria-labelledby="sign-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="sign-heading" className="text-xl font-semibold text-slate-900">
        Sign the contract
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {drawing
          ? "Draw your signature below, or upload a picture of it."
          : "Type your full name to sign, and tick the box to confirm."}
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-6">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="contract_hash" value={hash} />
        <ErrorList errors={fields.contract_hash.errors} />
        {drawing ? (
          <SignaturePad name={fields.signature.name} errors={fields.signature.errors} onChange={setHasDrawing} />
        ) : (
          <ErrorList errors={fields.signature.errors} />
        )}
        {hydrated ? (
          <button
            type="button"
            onClick={() => {
              setTyped((t) => !t);
              setHasDrawing(false);
            }}
            className="text-sm font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
          >
            {typed ? "Draw or upload a signature instead" : "Can't draw? Sign by typing your name instead"}
          </button>
        ) : null}
        <Field
          label={drawing ? "Your full name" : "Type your full name to sign"}
          field={fields.signer_name}
          autoComplete="name"
          hint={drawing ? "The name of the person signing." : "Typing your name here is your electronic signature."}
        />
        {hydrated ? null : (
          <div>
            <label htmlFor={fields.signature_file.id} className="block text-sm font-medium text-slate-800">
              Or upload an image of your signature (optional)
            </label>
            <input
              id={fields.signature_file.id}
              name={fields.signature_file.name}
              type="file"
              accept="image/png,image/jpeg"
              aria-describedby={fields.signature_file.descriptionId}
              className={`${inputClass} mt-1 file:mr-3 file:rounded file:border-0 file:bg-emerald-50 file:px-3 file:py-1 file:font-semibold file:text-emerald-900`}
            />
            <p id={fields.signature_file.descriptionId} className="mt-1 text-sm text-slate-600">
              PNG or JPEG, up to 1 MB.
            </p>
            <ErrorList id={fields.signature_file.errorId} errors={fields.signature_file.errors} />
          </div>
        )}
        <div className="space-y-4 rounded-xl bg-slate-50 p-4">
          <CheckboxField
            label="I have read the contract and agree to its terms. I understand that this signs it electronically."
            field={fields.agree}
          />
          <CheckboxField
            label={`Please start work straight away. I understand that I can still cancel within ${CANCELLATION_DAYS} days, but if I do I'll pay for the work you have done up to then. (optional)`}
            field={fields.start_early}
          />
        </div>
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
          {drawing && !hasDrawing ? (
            <p id={waitingId} className="text-sm text-slate-600 sm:mr-3">
              Add your signature to continue.
            </p>
          ) : null}
          <SubmitButton
            pendingText="Signing…"
            className="sm:w-auto sm:px-10"
            disabled={drawing && !hasDrawing}
            describedBy={drawing && !hasDrawing ? waitingId : undefined}
          >
            Next
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
