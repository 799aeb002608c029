import { z } from "zod";

import type { ApiOperation } from "../registry";

export const referenceOperations: ApiOperation[] = [
  {
    operationId: "openApiDocument",
    method: "get",
    path: "/openapi.json",
    tag: "Reference",
    summary: "This description of the API (OpenAPI 3.1)",
    description: "Readable at /api/docs.",
    access: "public",
    responses: {
      200: {
        description: "The OpenAPI document.",
        schema: z.looseObject({
          openapi: z.string(),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.unknown()),
        }),
      },
    },
    errors: {},
  },
];
