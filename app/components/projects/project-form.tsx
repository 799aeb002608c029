// The fields of a property project in the spec's four cards, for the vendor form and (with a different
// bedrooms range and extra fields) the admin forms. The route owns the conform form; this renders its fields.
import type { FieldMetadata } from "@conform-to/react";
import { type ReactNode, useState } from "react";

import { COUNCIL_TAX_BANDS, numberRange, PROPERTY_TYPES, TENURES } from "../../modules/projects/options";
import type { MapPoint } from "../../modules/projects/schemas";
import { ErrorList, Field, inputClass, SelectField, TextareaField, YesNoField } from "../forms";
import { PostcodeCombobox } from "../postcode-combobox";
import { Panel } from "../ui/panel";
import { LocationPicker } from "./location-picker";

/** What the project fields hold in the browser: text, as a form posts it. */
export type ProjectFormValues = {
  address?: string;
  postcode?: string;
  booking_date?: string;
  price?: string;
  property_type?: string;
  bedrooms?: string;
  bathrooms?: string;
  size_sqft?: string;
  tenure?: string;
  key_features?: string;
  council_tax?: string;
  parking?: string;
  garden?: string;
  accessibility?: string;
  map_location?: string;
  description?: string;
};

type Fields = { [K in keyof Required<ProjectFormValues>]: FieldMetadata<string | undefined> };

/** One of the form's cards: its fields two by two on wider screens. */
export function FormCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Panel title={title} description={description}>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </Panel>
  );
}

const optional = (label: string) => `${label} (optional)`;

export function ProjectFormFields({
  fields,
  bedrooms,
  basicInformation,
  keyFeaturesByComma = false,
  children,
}: {
  fields: Fields;
  bedrooms: { from: number; to: number };
  /** Extra fields at the top of the first card (e.g. whose project it is). */
  basicInformation?: ReactNode;
  /** The admin details form also takes key features on one line, separated by ", " (spec §5). */
  keyFeaturesByComma?: boolean;
  /** More cards after the four of the spec (e.g. the admin's material information). */
  children?: ReactNode;
}) {
  // A picked postcode suggestion moves the map there, so the seller can click their exact home.
  const [mapFocus, setMapFocus] = useState<MapPoint | null>(null);

  async function focusOnPostcode(postcode: string) {
    try {
      const response = await fetch(`/api/v1/address/get-address?id=${encodeURIComponent(postcode)}`);
      if (!response.ok) return;
      const place = (await response.json()) as { latitude: number; longitude: number };
      setMapFocus({ latitude: place.latitude, longitude: place.longitude });
    } catch (error) {
      // Only a convenience: the location still comes from the postcode when the project is saved.
      console.warn("could not look up the picked postcode", error);
    }
  }

  const postcode = fields.postcode;
  return (
    <>
      <FormCard
        title="Basic Information"
        description="Where the home is, what you'd like to ask for it, and when we can visit."
      >
        {basicInformation}
        <div className="sm:col-span-2">
          <Field
            label="Address"
            field={fields.address}
            autoComplete="street-address"
            placeholder="e.g. 12 Granby Street, Leicester"
          />
        </div>
        <div>
          <label htmlFor={postcode.id} className="block text-sm font-medium text-slate-800">
            Postcode
          </label>
          <div className="mt-1">
            <PostcodeCombobox
              name={postcode.name}
              id={postcode.id}
              defaultValue={postcode.initialValue}
              onPick={(suggestion) => void focusOnPostcode(suggestion.id)}
              className={inputClass}
              placeholder="e.g. LE1 6EJ"
              required
              aria-invalid={postcode.errors ? true : undefined}
              aria-describedby={postcode.errors ? postcode.errorId : undefined}
            />
          </div>
          <ErrorList id={postcode.errorId} errors={postcode.errors} />
        </div>
        <Field
          label="Asking price"
          field={fields.price}
          inputMode="numeric"
          prefix="£"
          placeholder="350,000"
          hint="In whole pounds."
        />
        <SelectField
          label="Property type"
          field={fields.property_type}
          options={PROPERTY_TYPES}
          placeholder="Select the property type"
        />
        <Field
          label={optional("Visit date")}
          field={fields.booking_date}
          type="date"
          hint="When our photographer and valuer can visit."
        />
      </FormCard>

      <FormCard title="Property Specifications">
        <SelectField
          label="Bedrooms"
          field={fields.bedrooms}
          options={numberRange(bedrooms).map(String)}
          placeholder="Select"
        />
        <Field label="Bathrooms" field={fields.bathrooms} inputMode="numeric" hint="At least 1." />
        <Field label={optional("Size")} field={fields.size_sqft} inputMode="numeric" suffix="sq ft" placeholder="950" />
        <SelectField label="Tenure" field={fields.tenure} options={TENURES} />
        <SelectField
          label={optional("Council tax band")}
          field={fields.council_tax}
          options={COUNCIL_TAX_BANDS.map((band) => `Band ${band}`)}
          placeholder="Not sure"
          hint="On your council tax bill, or at gov.uk/council-tax-bands."
        />
      </FormCard>

      <FormCard title="Property Features">
        <div className="sm:col-span-2">
          <TextareaField
            label={optional("Key features")}
            field={fields.key_features}
            rows={5}
            hint={
              keyFeaturesByComma
                ? 'One per line, or on one line separated by a comma and a space (", ").'
                : "One per line, e.g. South-facing garden."
            }
            placeholder={"Two reception rooms\nSouth-facing garden\nClose to schools"}
          />
        </div>
        <YesNoField label="Parking" field={fields.parking} />
        <YesNoField label="Garden" field={fields.garden} />
        <YesNoField label="Accessible (step-free access or adaptations)" field={fields.accessibility} />
      </FormCard>

      <FormCard title="Location and Description">
        <div className="sm:col-span-2">
          <LocationPicker field={fields.map_location} focus={mapFocus} />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label={optional("Description")}
            field={fields.description}
            rows={6}
            hint="What buyers should know: the rooms, the garden, the area. Leave a blank line between paragraphs."
          />
        </div>
      </FormCard>
      {children}
    </>
  );
}
