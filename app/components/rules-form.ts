// A conform form checked in the browser by ClientRules (app/lib/client-rules.ts) that the route's loader
// worked out from its zod schema, so the page's JavaScript carries no zod; the action checks the schema.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useMemo } from "react";

import { browserRules, type ClientRules, validateWithRules } from "../lib/client-rules";

/**
 * `Input` is the schema's input type (`z.input<typeof Schema>`, a type-only import): it names the fields.
 * Errors show after a field is left, and update as people type; the server's `lastResult` (errors and what
 * was typed) shows without JavaScript too. The third item is the <form>'s props: conform's, and the rules
 * for app/browser/form-checks.ts, which does the same checks when the page is sent without React.
 */
export function useRulesForm<Input extends Record<string, unknown>>(
  rules: ClientRules,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Input>;
    validateOnSubmitOnly?: boolean;
  },
) {
  const [form, fields] = useForm<Input, Input, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: rules.constraint,
    onValidate: ({ form, formData }) => validateWithRules<Input>(form, formData, rules),
    shouldValidate: options.validateOnSubmitOnly ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
  });
  const dataRules = useMemo(
    () => (options.validateOnSubmitOnly ? undefined : browserRules(rules)),
    [rules, options.validateOnSubmitOnly],
  );
  return [form, fields, { ...getFormProps(form), "data-rules": dataRules }] as const;
}
