// Viewing feedback: the form's fields (the agency's page and the buyer's emailed link share them) and how a
// recorded feedback reads on the seller's tab. Plain inputs: both pages are sent without React.
import { POSITION_LABELS, POSITIONS } from "../../modules/offers/positions";
import { INTEREST_LABELS, INTERESTS } from "../../modules/viewings/schemas";
import { ErrorList, inputClass, SelectInput } from "../form-basics";

export type FeedbackValues = { attended?: string; interest?: string; comment?: string; position?: string };

const radioClass = "size-4 border-slate-400 text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-700";

function Radios({
  name,
  legend,
  options,
  value,
  errors,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  value?: string;
  errors?: string[];
}) {
  const errorId = `${name}-errors`;
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined} aria-invalid={errors?.length ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-slate-900">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className={radioClass}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function FeedbackFields({
  values = {},
  errors = {},
}: {
  values?: FeedbackValues;
  errors?: Record<string, string[]>;
}) {
  return (
    <div className="space-y-5">
      <Radios
        name="attended"
        legend="Did the viewing take place?"
        options={[
          { value: "yes", label: "Attended" },
          { value: "no", label: "Did not attend" },
        ]}
        value={values.attended}
        errors={errors.attended}
      />
      <Radios
        name="interest"
        legend="Interest in the home"
        options={INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] }))}
        value={values.interest}
        errors={errors.interest}
      />
      <div>
        <label htmlFor="feedback-comment" className="block text-sm font-medium text-slate-800">
          Comment
        </label>
        <textarea
          id="feedback-comment"
          name="comment"
          rows={4}
          maxLength={2000}
          defaultValue={values.comment}
          aria-describedby={errors.comment?.length ? "comment-errors" : undefined}
          aria-invalid={errors.comment?.length ? true : undefined}
          className={`${inputClass} mt-1`}
        />
        <ErrorList id="comment-errors" errors={errors.comment} />
      </div>
      <SelectInput
        id="feedback-position"
        name="position"
        label="Buyer's position"
        defaultValue={values.position ?? ""}
        options={[
          { value: "", label: "Not known" },
          ...POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] })),
        ]}
        errors={errors.position}
        errorId="position-errors"
        className="max-w-md"
      />
    </div>
  );
}

export type ShownFeedback = {
  source: "agency" | "buyer";
  attended: boolean;
  interest: keyof typeof INTEREST_LABELS | null;
  comment: string;
  position: keyof typeof POSITION_LABELS | null;
};

/** One feedback record as the seller reads it. */
export function FeedbackSummary({ feedback }: { feedback: ShownFeedback }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">
        {feedback.source === "agency" ? "Agency's feedback" : "Buyer's feedback"}
      </p>
      <p className="mt-1">
        {feedback.attended ? "Attended" : "Did not attend"}
        {feedback.interest ? ` · ${INTEREST_LABELS[feedback.interest]}` : null}
        {feedback.position ? ` · ${POSITION_LABELS[feedback.position]}` : null}
      </p>
      {feedback.comment ? <p className="mt-1 whitespace-pre-line">“{feedback.comment}”</p> : null}
    </div>
  );
}
