// The Add Details tab of the admin project page (app/routes/admin-property-details.$projectId.tsx): every
// detail of the listing, material information included, in one form that posts to the page's action.
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";

import { EPC_RATINGS } from "../../modules/projects/options";
import {
  ADMIN_BEDROOMS,
  type AdminProjectDetailsInput,
  AdminProjectDetailsSchema,
  MATERIAL_TEXT_FIELDS,
  PROJECT_FORM_CONSTRAINT,
} from "../../modules/projects/schemas";
import { Field, FormAlert, SelectField, SubmitButton, TextareaField } from "../forms";
import { FormCard, ProjectFormFields, type ProjectFormValues } from "../projects/project-form";

type MaterialName = keyof typeof MATERIAL_TEXT_FIELDS;
export type DetailsValues = ProjectFormValues & {
  vendor_name?: string;
  virtual_tour_url?: string;
  epc_rating?: string;
  epc_potential?: string;
  receptions?: string;
  lease_years_remaining?: string;
  ground_rent_per_year?: string;
  service_charge_per_year?: string;
  personal_interest?: string;
} & { [K in MaterialName]?: string };

export function DetailsForm({
  project,
  defaultValue,
  action,
  lastResult,
}: {
  project: { id: number; bedrooms: number };
  /** The project as stored, written as the form posts it. */
  defaultValue: DetailsValues;
  /** Where the form posts: the page's own action, on its Add Details tab. */
  action: string;
  lastResult?: { result?: SubmissionResult<string[]> };
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<DetailsValues, AdminProjectDetailsInput>({
    id: `admin-project-${project.id}`,
    lastResult: lastResult?.result,
    defaultValue,
    constraint: PROJECT_FORM_CONSTRAINT,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: AdminProjectDetailsSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  const material = (names: MaterialName[]) =>
    names.map((name) => <Field key={name} label={MATERIAL_TEXT_FIELDS[name]} field={fields[name]} optional />);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="details" />
      <FormAlert id={form.errorId} errors={form.errors} />
      <ProjectFormFields
        fields={fields}
        bedrooms={{ from: 0, to: Math.max(ADMIN_BEDROOMS.to, project.bedrooms) }}
        keyFeaturesByComma
        basicInformation={
          <div className="sm:col-span-2">
            <Field label="Customer's name" field={fields.vendor_name} autoComplete="off" />
          </div>
        }
      >
        <FormCard title="Energy and Virtual Tour">
          <SelectField label="EPC rating" field={fields.epc_rating} options={EPC_RATINGS} placeholder="Not recorded" />
          <SelectField
            label="EPC potential rating"
            field={fields.epc_potential}
            options={EPC_RATINGS}
            placeholder="Not recorded"
          />
          <div className="sm:col-span-2">
            <Field
              label="Virtual tour address"
              field={fields.virtual_tour_url}
              optional
              placeholder="https://my.matterport.com/show/?m=…"
              hint="Matterport, Kuula, YouTube and Vimeo tours are shown in the listing; other addresses as a link."
            />
          </div>
        </FormCard>
        <FormCard
          title="Material Information"
          description="What buyers must be told (National Trading Standards, parts A–C). Anything left empty shows as 'Ask agent'."
        >
          <Field label="Reception rooms" field={fields.receptions} inputMode="numeric" optional />
          {material(["local_authority"])}
          <Field
            label="Years left on the lease"
            field={fields.lease_years_remaining}
            inputMode="numeric"
            optional
            hint="Leasehold only."
          />
          <Field
            label="Ground rent a year"
            field={fields.ground_rent_per_year}
            inputMode="numeric"
            prefix="£"
            optional
          />
          <Field
            label="Service charge a year"
            field={fields.service_charge_per_year}
            inputMode="numeric"
            prefix="£"
            optional
          />
          {material([
            "construction",
            "heating",
            "electricity",
            "water",
            "sewerage",
            "broadband",
            "mobile_coverage",
            "parking_details",
          ])}
          {material(["flood_risk", "restrictions", "rights_and_easements", "building_safety", "coalfield_or_mining"])}
        </FormCard>
        <FormCard
          title="Personal interest"
          description="If anyone at the agency (or connected to it) has a personal interest in this sale, say so here: buyers see it on the listing and in the viewing and offer forms (Estate Agents Act 1979, section 21)."
        >
          <div className="sm:col-span-2">
            <TextareaField
              label="Declaration of personal interest"
              field={fields.personal_interest}
              optional
              rows={3}
            />
          </div>
        </FormCard>
      </ProjectFormFields>
      <div className="flex justify-end">
        <SubmitButton pendingText="Updating..." pending={saving} className="sm:w-auto sm:px-6">
          Submit Details
        </SubmitButton>
      </div>
    </Form>
  );
}
