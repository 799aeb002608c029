import { z } from "zod";

export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: "Name the token, e.g. after the system that will use it." })
    .trim()
    .min(1, { error: "Name the token, e.g. after the system that will use it." })
    .max(80, { error: "Use at most 80 characters." }),
});

export const RevokeApiTokenSchema = z.object({ tokenId: z.coerce.number().int().positive() });
