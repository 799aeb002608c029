// The checks app/lib/constraints.ts defines on a form (the same for React's conform forms and for pages
// sent without React), with plain objects standing in for the browser's controls and their validity.
import { describe, expect, it } from "vitest";

import { browserRules } from "../../app/lib/client-rules";
import { clientRules } from "../../app/lib/client-rules.server";
import { type CheckedControl, constraintErrors, dependentFields } from "../../app/lib/constraints";
import { PASSWORDS_DIFFER, SignupFormSchema } from "../../app/modules/auth/schemas";

type Validity = CheckedControl["validity"];
const control = (
  name: string,
  value: string,
  validity: Validity = { valid: true },
  extra: Partial<CheckedControl> = {},
): CheckedControl => ({
  name,
  value,
  willValidate: true,
  validity,
  validationMessage: validity.valid ? "" : "The browser's own message",
  ...extra,
});
const form = (...elements: unknown[]) => ({ elements });

const rules = {
  messages: {
    email: { valueMissing: "Enter your email address.", typeMismatch: "Enter a valid email address." },
    name: { valueMissing: "Enter your name." },
  },
  matches: { confirm: { field: "password", message: "Passwords do not match" } },
};

describe("constraintErrors", () => {
  it("gives the schema's message for the way each control is invalid, and nothing for valid ones", () => {
    const errors = constraintErrors(
      form(
        control("email", "x", { valid: false, typeMismatch: true }),
        control("name", "", { valid: false, valueMissing: true }),
        control("phone", "07700 900123"),
      ),
      rules,
    );
    expect(errors).toEqual({ email: ["Enter a valid email address."], name: ["Enter your name."] });
  });

  it("falls back to the browser's message where the schema has none, and reports a name once", () => {
    const errors = constraintErrors(
      form(
        control("name", "a".repeat(300), { valid: false, tooLong: true }),
        control("period", "", { valid: false, valueMissing: true }),
        control("period", "", { valid: false, valueMissing: true }),
      ),
      rules,
    );
    expect(errors).toEqual({ name: ["The browser's own message"], period: ["The browser's own message"] });
  });

  it("skips controls the browser does not check (buttons, hidden and disabled fields) and unnamed ones", () => {
    const errors = constraintErrors(
      form(
        control("email", "", { valid: false, valueMissing: true }, { willValidate: false }),
        control("", "", { valid: false, valueMissing: true }),
        { tagName: "FIELDSET" },
        null,
      ),
      rules,
    );
    expect(errors).toEqual({});
  });

  it("says when a repeated field differs from the one it repeats, once it has something in it", () => {
    expect(
      constraintErrors(form(control("password", "one long password"), control("confirm", "one long passwor")), rules),
    ).toEqual({ confirm: ["Passwords do not match"] });
    expect(
      constraintErrors(form(control("password", "one long password"), control("confirm", "one long password")), rules),
    ).toEqual({});
    expect(constraintErrors(form(control("password", "one long password"), control("confirm", "")), rules)).toEqual({});
    // Its own constraint comes first.
    expect(
      constraintErrors(
        form(control("password", "x"), control("confirm", "", { valid: false, valueMissing: true })),
        rules,
      ),
    ).toEqual({ confirm: ["The browser's own message"] });
  });
});

describe("dependentFields", () => {
  it("re-checks a repeated field when the field it repeats changes", () => {
    expect(dependentFields("password", rules)).toEqual(["password", "confirm"]);
    expect(dependentFields("email", rules)).toEqual(["email"]);
    expect(dependentFields("email", { messages: {} })).toEqual(["email"]);
  });
});

describe("browserRules", () => {
  it("sends the page the messages and matches of the server's rules, not the constraints the inputs already carry", () => {
    const signup = clientRules(SignupFormSchema, {
      matches: { confirmPassword: { field: "password", message: PASSWORDS_DIFFER } },
    });
    const sent = JSON.parse(browserRules(signup));
    expect(Object.keys(sent).sort()).toEqual(["matches", "messages"]);
    expect(sent.messages.email).toMatchObject({ valueMissing: "Enter your email address." });
    expect(sent.matches).toEqual({ confirmPassword: { field: "password", message: PASSWORDS_DIFFER } });
    expect(JSON.parse(browserRules({ ...signup, matches: undefined }))).not.toHaveProperty("matches");
  });
});
