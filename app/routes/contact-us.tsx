import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentType, ReactNode, SVGProps } from "react";
import { data, Form, Link, useLocation, useRouteLoaderData } from "react-router";

import { Field, FormAlert, HoneypotField, SelectField, SubmitButton, TextareaField } from "../components/forms";
import { telHref } from "../components/layout/site-header";
import { useRulesForm } from "../components/rules-form";
import { Toaster, toastFrom } from "../components/toast";
import { ClockIcon, MailIcon, PhoneIcon } from "../components/ui/icons";
import type { ClientRules } from "../lib/client-rules";
import { clientRules } from "../lib/client-rules.server";
import { filledHoneypot } from "../lib/honeypot";
import { formDataOf } from "../lib/http.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { logger } from "../lib/logger.server";
import { RateLimitError } from "../lib/rate-limits.server";
import { toasts } from "../lib/toast.server";
import { sendContactMessage } from "../modules/contact/contact.server";
import { COUNTRIES, MESSAGE_MAX_LENGTH } from "../modules/contact/options";
import { type ContactMessageFields, ContactMessageSchema } from "../modules/contact/schemas";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | MoveWise" },
  { name: "description", content: "Get in touch with MoveWise: send us a message or call us about selling your home." },
];

const FALLBACK_ERROR = "Something went wrong.";

// Sent without React (docs/decisions/0002-pages-without-react.md): the form posts to the action either way, and
// app/browser/form-checks.ts checks fields as they are filled in.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

/** The form's checks for the browser, from the schema the action uses. */
export function loader() {
  return { rules: clientRules(ContactMessageSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await formDataOf(request);
  const submission = parseWithZod(formData, { schema: ContactMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const failure = (status: number, message: string, headers?: HeadersInit) =>
    data(
      { result: submission.reply({ formErrors: [message] }), toast: { type: "error" as const, message } },
      { status, headers },
    );
  if (filledHoneypot(formData)) return failure(400, "Your message looked automated and was not sent.");
  try {
    await sendContactMessage(submission.value, { ipAddress: context.clientIp });
  } catch (error) {
    if (error instanceof RateLimitError)
      return failure(429, error.message, { "Retry-After": String(error.retryAfterSeconds) });
    logger.error({ err: error }, "contact message failed");
    return failure(500, FALLBACK_ERROR);
  }
  // Back to an empty form (a new location, so the form below starts again).
  return toasts().redirectWithSuccess("/contact-us", "Message sent successfully!");
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  return (
    <div className="bg-linear-to-b from-emerald-50 via-white to-white">
      <Toaster toast={toastFrom(actionData)} leaveWithoutScript />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-bold tracking-wider text-emerald-700 uppercase">Contact us</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">Get in touch</h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">
            Questions about selling with a fixed fee, a valuation or a property you have seen? Send us a message and the
            right person will reply, usually the same working day.
          </p>
          <ul className="mt-8 space-y-5">
            {site?.contactPhone ? (
              <ContactInfo Icon={PhoneIcon} title="Call us">
                <a
                  href={telHref(site.contactPhone)}
                  className="text-lg font-bold text-emerald-800 underline-offset-4 hover:underline"
                >
                  {site.contactPhone}
                </a>
              </ContactInfo>
            ) : null}
            <ContactInfo Icon={ClockIcon} title="Opening hours">
              Monday to Friday 9am to 6pm, Saturday 9am to 1pm
            </ContactInfo>
            <ContactInfo Icon={MailIcon} title="Valuations">
              Want to know what your home is worth?{" "}
              <Link to="/valuation" className="font-semibold text-emerald-800 underline underline-offset-2">
                Book a house valuation
              </Link>
              .
            </ContactInfo>
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          {/* Keyed by location: after a successful send the redirect is a new location, so the form starts empty. */}
          <ContactForm key={location.key} rules={loaderData.rules} result={actionData?.result} />
        </div>
      </div>
    </div>
  );
}

function ContactInfo({
  Icon,
  title,
  children,
}: {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-800">
        <Icon className="size-5" />
      </span>
      <div>
        <p className="font-semibold text-slate-900">{title}</p>
        <div className="text-slate-700">{children}</div>
      </div>
    </li>
  );
}

function ContactForm({ rules, result }: { rules: ClientRules; result?: SubmissionResult<string[]> }) {
  const [form, fields, formProps] = useRulesForm<ContactMessageFields>(rules, {
    id: "contact",
    lastResult: result,
    defaultValue: { country: "UK" },
  });
  return (
    <Form method="post" {...formProps} className="space-y-5">
      <h2 className="text-xl font-bold text-slate-900">Send us a message</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" field={fields.first_name} autoComplete="given-name" />
        <Field label="Last name" field={fields.last_name} autoComplete="family-name" />
      </div>
      <Field label="Email" field={fields.email} type="email" autoComplete="email" />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Country"
          field={fields.country}
          options={COUNTRIES.map((c) => ({ value: c.code, label: c.label }))}
        />
        <Field label="Phone number" field={fields.phone_number} type="tel" autoComplete="tel" optional />
      </div>
      <TextareaField
        label="Message"
        field={fields.message}
        rows={6}
        hint={`Up to ${MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters.`}
      />
      <HoneypotField />
      <SubmitButton pendingText="Sending...">Send message</SubmitButton>
    </Form>
  );
}
