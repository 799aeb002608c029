import { z } from "zod";

import { lineOfText } from "../../lib/fields";
import { idField } from "../../lib/ids";

export const CreateApiTokenSchema = z.object({
  name: lineOfText("Name the token, e.g. after the system that will use it.")
    .min(1, { error: "Name the token, e.g. after the system that will use it." })
    .max(80, { error: "Use at most 80 characters." }),
});

export const RevokeApiTokenSchema = z.object({ tokenId: idField("There is no such token.") });

export type CreateApiTokenFields = z.input<typeof CreateApiTokenSchema>;
