import { describe, expect, it } from "vitest";

import { clientRules } from "../../app/lib/client-rules.server";
import { LoginSchema, SignupFormSchema } from "../../app/modules/auth/schemas";
import { ContactMessageSchema } from "../../app/modules/contact/schemas";
import { ContactDetailsStepSchema, PostcodeStepSchema } from "../../app/modules/valuations/schemas";
import { viewingFormRules } from "../../app/modules/viewings/form-rules.server";
import { viewingRequestFormSchema } from "../../app/modules/viewings/schemas";

describe("clientRules", () => {
  it("gives the browser the schema's constraints and its own message for each", () => {
    const rules = clientRules(ContactMessageSchema);
    expect(rules.constraint.first_name).toMatchObject({ required: true });
    expect(rules.messages.first_name).toMatchObject({ valueMissing: "Enter your first name." });
    expect(rules.messages.email).toMatchObject({
      valueMissing: "Enter your email address.",
      typeMismatch: "Enter a valid email address, like name@example.co.uk.",
    });
    expect(rules.messages.message).toMatchObject({ valueMissing: "Enter your message." });
    expect(rules.constraint.phone_number?.required).toBeFalsy();
  });

  it("works the rules out once per schema, and adds fields that repeat another", () => {
    expect(clientRules(LoginSchema)).toBe(clientRules(LoginSchema));
    expect(clientRules(LoginSchema).messages.password).toMatchObject({ valueMissing: "Enter your password." });
    const signup = clientRules(SignupFormSchema, {
      matches: { confirmPassword: { field: "password", message: "Passwords do not match" } },
    });
    expect(signup.matches).toEqual({ confirmPassword: { field: "password", message: "Passwords do not match" } });
    expect(signup.constraint.password).toMatchObject({ required: true });
    expect(signup.messages.password).toMatchObject({ valueMissing: "Enter a password." });
  });

  it("covers the valuation steps and the viewing request", () => {
    expect(clientRules(PostcodeStepSchema).messages.postcode).toMatchObject({
      valueMissing: "Enter your property's postcode.",
    });
    expect(clientRules(ContactDetailsStepSchema).messages.contactNumber).toMatchObject({
      valueMissing: "Enter your phone number.",
    });
    const viewing = clientRules(viewingRequestFormSchema());
    expect(viewing.messages.firstName).toMatchObject({ valueMissing: "Enter your first name." });
    expect(viewing.messages.preferredDate).toMatchObject({ valueMissing: "Choose a preferred date." });
  });

  it("words the viewing date's bounds (the input's min and max) as the schema does, not as the browser would", () => {
    expect(viewingFormRules().messages.preferredDate).toMatchObject({
      valueMissing: "Choose a preferred date.",
      rangeUnderflow: "Choose tomorrow or a later date.",
      rangeOverflow: "Choose a date in the next 6 months.",
    });
    expect(viewingFormRules().messages.preferredTime).toMatchObject({
      valueMissing: "Choose a half-hour slot between 9:00 AM and 5:30 PM.",
    });
  });
});
