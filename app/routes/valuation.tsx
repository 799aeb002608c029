// Book House Valuation: three steps and a thank-you page (spec §2). Each step is a form that posts to
// this route; progress lives in a signed cookie (modules/valuations/flow.server.ts), so the flow works
// the same with and without JavaScript. The page is sent without React (each step is a page load);
// app/browser adds the field checks, the pending labels and Continue waiting for a postcode.
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";

import {
  CheckboxField,
  ErrorList,
  Field,
  FormAlert,
  HoneypotField,
  SubmitButton,
  TextareaField,
} from "../components/forms";
import { useRulesForm } from "../components/rules-form";
import { Toaster, toastFrom } from "../components/toast";
import { buttonClass } from "../components/ui/button";
import { ArrowRightIcon, CheckCircleIcon } from "../components/ui/icons";
import type { ClientRules } from "../lib/client-rules";
import { clientRules } from "../lib/client-rules.server";
import { getEnv } from "../lib/env.server";
import { formFailure } from "../lib/error-replies.server";
import { refuseFilledHoneypot } from "../lib/honeypot";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { allowedStep, type Draft } from "../modules/valuations/flow";
import { readDraft, saveDraft } from "../modules/valuations/flow.server";
import { type FlowStep, stepPath } from "../modules/valuations/flow-steps";
import {
  MESSAGE_MAX_LENGTH,
  NEXT_STEPS,
  VALUATION_TYPE_LABELS,
  VALUATION_TYPES,
  type ValuationType,
} from "../modules/valuations/options";
import {
  type ContactDetailsStepFields,
  ContactDetailsStepSchema,
  type PostcodeStepFields,
  PostcodeStepSchema,
  type ValuationTypeStepFields,
  ValuationTypeStepSchema,
} from "../modules/valuations/schemas";
import { requestValuation } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/valuation";

export const meta: Route.MetaFunction = () => [
  { title: "Book House Valuation | MoveWise" },
  {
    name: "description",
    content: "Book a free house valuation with MoveWise. An agent will be in touch within 24 hours.",
  },
];

const FAILURE_TOAST = "Failed to submit request. Please try again.";

// Sent without React (docs/decisions/0002-pages-without-react.md): the form posts to the action either way, and
// app/browser/form-checks.ts checks fields as they are filled in.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

export async function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("step");
  const draft = await readDraft(request);
  const step = allowedStep(requested, draft);
  if (requested !== null && requested !== step) throw redirect(stepPath(step));
  const rules = {
    type: clientRules(ValuationTypeStepSchema),
    postcode: clientRules(PostcodeStepSchema),
    details: clientRules(ContactDetailsStepSchema),
  };
  return { step, postcode: draft.postcode ?? null, rules };
}

const withDraft = async (to: string, draft: Draft) =>
  redirect(to, { headers: { "Set-Cookie": await saveDraft(draft) } });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await formDataOf(request);
  const draft = await readDraft(request);
  switch (formData.get("intent")) {
    case "type": {
      const submission = parseWithZod(formData, { schema: ValuationTypeStepSchema });
      if (submission.status !== "success")
        return data({ step: "type" as FlowStep, result: submission.reply() }, { status: 400 });
      const { valuationType } = submission.value;
      if (valuationType === "sales") return redirect("/login");
      if (valuationType === "remortgage") return redirect(getEnv().MORTGAGE_BROKER_URL);
      return withDraft(stepPath("postcode"), { valuationType, postcode: draft.postcode });
    }
    case "postcode": {
      if (allowedStep("postcode", draft) !== "postcode") return redirect(stepPath(allowedStep("postcode", draft)));
      const submission = parseWithZod(formData, { schema: PostcodeStepSchema });
      if (submission.status !== "success")
        return data({ step: "postcode" as FlowStep, result: submission.reply() }, { status: 400 });
      return withDraft(stepPath("details"), {
        valuationType: draft.valuationType,
        postcode: submission.value.postcode,
      });
    }
    case "details": {
      if (allowedStep("details", draft) !== "details" || !draft.postcode)
        return redirect(stepPath(allowedStep("details", draft)));
      const submission = parseWithZod(formData, { schema: ContactDetailsStepSchema });
      if (submission.status !== "success")
        return data({ step: "details" as FlowStep, result: submission.reply() }, { status: 400 });
      try {
        refuseFilledHoneypot(formData, "request");
        const saved = await requestValuation(
          { ...submission.value, valuationType: "instant", purposeType: "sell", postcode: draft.postcode },
          { ipAddress: context.clientIp },
        );
        return withDraft(stepPath("thank-you"), { submittedId: saved.id });
      } catch (error) {
        return formFailure(submission, error, {
          formMessage: (reason) => `${FAILURE_TOAST} ${reason}`,
          extra: (reason) => ({
            step: "details" as FlowStep,
            toast: { type: "error" as const, message: FAILURE_TOAST, description: reason },
          }),
          fallback: { message: "Something went wrong on our side.", log: "valuation request failed" },
        });
      }
    }
    case "reset":
      return withDraft(stepPath("type"), {});
    default:
      return redirect(stepPath("type"));
  }
}

const STEP_LABELS = ["Valuation type", "Postcode", "Your details"] as const;

export default function Valuation({ loaderData, actionData }: Route.ComponentProps) {
  const { step, postcode, rules } = loaderData;
  // A result belongs to the step that produced it; after a redirect the next step starts clean.
  const result = actionData?.step === step ? actionData.result : undefined;
  return (
    <div className="bg-linear-to-b from-emerald-50 via-white to-white">
      <Toaster toast={toastFrom(actionData)} leaveWithoutScript />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
        {step === "thank-you" ? (
          <ThankYou />
        ) : (
          <>
            <Progress current={step === "type" ? 0 : step === "postcode" ? 1 : 2} />
            <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              {step === "type" ? <TypeStep rules={rules.type} result={result} /> : null}
              {step === "postcode" ? <PostcodeStep rules={rules.postcode} result={result} postcode={postcode} /> : null}
              {step === "details" ? <DetailsStep rules={rules.details} result={result} postcode={postcode} /> : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Progress({ current }: { current: number }) {
  return (
    <div>
      <p className="text-sm font-bold tracking-wider text-emerald-800 uppercase">
        Book House Valuation <span className="font-semibold text-slate-600 normal-case">· Step {current + 1} of 3</span>
      </p>
      <ol aria-label="Progress" className="mt-3 grid grid-cols-3 gap-2">
        {STEP_LABELS.map((label, index) => (
          <li key={label} aria-current={index === current ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={`block h-1.5 rounded-full ${index <= current ? "bg-emerald-700" : "bg-slate-200"}`}
            />
            <span
              className={`mt-1.5 block text-xs font-medium sm:text-sm ${index === current ? "text-slate-900" : "text-slate-600"}`}
            >
              {label}
              {index < current ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

type StepResult = SubmissionResult<string[]> | undefined;

function StepHeading({ id, children, intro }: { id: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <div>
      <h1 id={id} className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
        {children}
      </h1>
      {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
    </div>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="rounded-md font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <span aria-hidden="true">← </span>Back
    </Link>
  );
}

const TYPE_DESCRIPTIONS: Record<ValuationType, string> = {
  sales:
    "Book an accredited valuation and sell with our fixed-fee package. You will log in or create an account first.",
  instant: "Tell us your postcode and how to reach you. A RICS-qualified valuer prepares your valuation.",
  remortgage: "Find out what your home is worth before you remortgage, with our independent mortgage-broker partner.",
};

function TypeStep({ rules, result }: { rules: ClientRules; result: StepResult }) {
  const [, fields, formProps] = useRulesForm<ValuationTypeStepFields>(rules, {
    id: "valuation-type",
    lastResult: result,
    defaultValue: { valuationType: "instant" },
  });
  const field = fields.valuationType;
  return (
    <Form method="post" {...formProps} className="space-y-6">
      <StepHeading id="valuation-type-heading">What type of valuation do you need?</StepHeading>
      <fieldset aria-labelledby="valuation-type-heading" aria-describedby={field.errors ? field.errorId : undefined}>
        <div className="space-y-3">
          {VALUATION_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-4 hover:border-emerald-700 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:ring-1 has-[:checked]:ring-emerald-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-700"
            >
              <input
                {...getInputProps(field, { type: "radio", value: type })}
                key={`${field.key}-${type}`}
                className="mt-1 size-4 shrink-0 accent-emerald-700 focus:outline-none"
              />
              <span>
                <span className="block font-semibold text-slate-900">{VALUATION_TYPE_LABELS[type]}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{TYPE_DESCRIPTIONS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={field.errorId} errors={field.errors} />
      </fieldset>
      <input type="hidden" name="intent" value="type" />
      <SubmitButton pendingText="Continuing...">Continue</SubmitButton>
    </Form>
  );
}

function PostcodeStep({
  rules,
  result,
  postcode,
}: {
  rules: ClientRules;
  result: StepResult;
  postcode: string | null;
}) {
  const [form, fields, formProps] = useRulesForm<PostcodeStepFields>(rules, {
    id: "valuation-postcode",
    lastResult: result,
    defaultValue: { postcode: postcode ?? "" },
    validateOnSubmitOnly: true,
  });
  return (
    <Form method="post" {...formProps} className="space-y-6">
      <StepHeading
        id="valuation-postcode-heading"
        intro="We use it to match your home with a valuer who knows your area."
      >
        {"What's your property's postcode?"}
      </StepHeading>
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field label="Postcode" field={fields.postcode} autoComplete="postal-code" placeholder="e.g. SW1A 1AA" />
      <input type="hidden" name="intent" value="postcode" />
      {/* Spec §5: Continue stays disabled until the postcode has something in it (only with JavaScript:
          without it the button must work, and the server says the same). */}
      <SubmitButton pendingText="Continuing..." needsValue="postcode">
        Continue
      </SubmitButton>
      <BackLink to={stepPath("type")} />
    </Form>
  );
}

function DetailsStep({ rules, result, postcode }: { rules: ClientRules; result: StepResult; postcode: string | null }) {
  const [form, fields, formProps] = useRulesForm<ContactDetailsStepFields>(rules, {
    id: "valuation-details",
    lastResult: result,
  });
  return (
    <Form method="post" {...formProps} className="space-y-5">
      <StepHeading
        id="valuation-details-heading"
        intro={
          <>
            Valuation for <strong className="font-semibold text-slate-900">{postcode}</strong>.{" "}
            <Link
              to={stepPath("postcode")}
              className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              Change<span className="sr-only"> postcode</span>
            </Link>
          </>
        }
      >
        Your contact details
      </StepHeading>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" field={fields.firstName} autoComplete="given-name" />
        <Field label="Last name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <Field label="Email" field={fields.email} type="email" autoComplete="email" />
      <Field label="Phone" field={fields.contactNumber} type="tel" autoComplete="tel" placeholder="e.g. 07700 900123" />
      <TextareaField
        label="Message"
        field={fields.message}
        optional
        hint={`Anything the valuer should know. Up to ${MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters.`}
      />
      <CheckboxField
        label="Send me news and offers from MoveWise by email. You can unsubscribe at any time."
        field={fields.marketingConsent}
      />
      <HoneypotField />
      <input type="hidden" name="intent" value="details" />
      <SubmitButton pendingText="Submitting...">Get My Valuation</SubmitButton>
      <p className="text-sm text-slate-600">
        We use your details only to arrange your valuation. See our{" "}
        <Link to="/privacy-policy" className="font-semibold text-emerald-800 underline underline-offset-2">
          privacy policy
        </Link>
        .
      </p>
      <BackLink to={stepPath("postcode")} />
    </Form>
  );
}

function ThankYou() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckCircleIcon className="size-9" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-3xl">
        Thank you for your valuation request!
      </h1>
      <p className="mt-3 text-lg text-slate-700">An agent will be in touch within 24 hours.</p>
      <div className="mt-8 rounded-xl bg-slate-50 p-6 text-left">
        <h2 className="text-lg font-bold text-slate-900">What happens next?</h2>
        <ol className="mt-4 space-y-3">
          {NEXT_STEPS.map((text, index) => (
            <li key={text} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-7 shrink-0 place-items-center rounded-full bg-emerald-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <span className="pt-0.5 text-slate-700">{text}</span>
            </li>
          ))}
        </ol>
      </div>
      <Form method="post" className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <input type="hidden" name="intent" value="reset" />
        <button type="submit" className={buttonClass({ size: "lg" })}>
          Request Another Valuation
        </button>
        <Link to="/" className={buttonClass({ variant: "secondary", size: "lg" })}>
          Back to the home page
          <ArrowRightIcon className="size-5" />
        </Link>
      </Form>
    </div>
  );
}
