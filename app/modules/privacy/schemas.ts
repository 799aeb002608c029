// Closing an account: the password again, and a tick that says the person understands it is final.
import { z } from "zod";

export const CloseAccountSchema = z.object({
  password: z.string({ error: "Enter your password." }).min(1, { error: "Enter your password." }).max(200),
  confirm: z.literal(true, { error: "Tick the box to confirm that you want to close your account." }),
});

export type CloseAccountFields = z.input<typeof CloseAccountSchema>;
