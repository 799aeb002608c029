// Regression found by the fuzzer: a refund form with a payment id beyond a database integer
// ("2147483648") failed the lookup with a 500; it is now the form's "Choose a payment to refund." error.
import { expect, test } from "vitest";

import { action as refundAction } from "../../app/routes/admin.payments";
import { setupTestDatabase } from "../support/database";
import { account, request, routeArgs, settle } from "../support/payments";

setupTestDatabase();

test.each(["2147483648", "99999999999", "1e20"])(
  "paymentId %s is refused like any unknown payment",
  async (paymentId) => {
    const admin = await account("admin");
    const result = await settle(() =>
      refundAction(routeArgs(request("/admin/payments", { cookie: admin.cookie, form: { paymentId } }))),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/payments");
  },
);
