// A conform form validated by a zod schema in the browser too (kept apart from forms.tsx so that pages
// using the field components without client-side zod do not load zod).
import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A conform form checked by one zod schema: in the browser as people type (after they leave a field),
 * and on the server, whose `lastResult` (errors and what was typed) it shows without JavaScript too.
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]>;
    defaultValue?: Partial<z.input<Schema>>;
    validateOnSubmitOnly?: boolean;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.validateOnSubmitOnly ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
  });
}
