import { z } from "zod";

import { idField } from "../../lib/ids";
import { storableText } from "../../lib/storable-text";

export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: "Name the token, e.g. after the system that will use it." })
    .overwrite(storableText)
    .trim()
    .min(1, { error: "Name the token, e.g. after the system that will use it." })
    .max(80, { error: "Use at most 80 characters." }),
});

export const RevokeApiTokenSchema = z.object({ tokenId: idField("There is no such token.") });

export type CreateApiTokenFields = z.input<typeof CreateApiTokenSchema>;
