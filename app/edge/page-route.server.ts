// The edge kit's half for pages: a page's loader and action, built from its declaration. The caller is checked
// against the declared access (signed out → /login?redirectTo=…, another role → the 403 page); a form is
// POSTed (another method answers 405 with Allow); a ServiceError a loader throws becomes its error page.
import { type AppLoadContext, data } from "react-router";

import { errorPage } from "../lib/error-replies.server";
import { formDataOf } from "../lib/http.server";
import { requireUser } from "../modules/auth/guards.server";
import { getUser } from "../modules/auth/identity.server";
import type { SessionUser } from "../modules/auth/roles";
import type { Access, PageRoute } from "./declare";

type Signed<A extends Access> = A extends "public" | "owner-or-link" ? SessionUser | null : SessionUser;

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

export type PageArgs<P extends PageRoute> = RouteArgs & { user: Signed<P["access"]> };
type PostAccess<P extends PageRoute> = P["postAccess"] extends Access ? P["postAccess"] : P["access"];
export type ActionArgs<P extends PageRoute> = RouteArgs & {
  user: Signed<PostAccess<P>>;
  /** The submitted form (urlencoded or multipart without files). */
  form(): Promise<FormData>;
};

async function caller(request: Request, access: Access): Promise<SessionUser | null> {
  if (access === "public" || access === "owner-or-link") return getUser(request);
  if (access === "signed-in") return requireUser(request);
  if (access === "vendor-or-admin") {
    const user = await requireUser(request);
    if (user.role === "buyer") throw data({ message: "This page is for vendors and admins only." }, { status: 403 });
    return user;
  }
  return requireUser(request, access);
}

const notAllowed = () =>
  data({ message: "Send this page's form with POST." }, { status: 405, headers: { Allow: "GET, HEAD, POST" } });

/**
 * The route module's loader and action for `route`. Export them one by one
 * (`export const loader = page.loader;`): React Router cannot strip a destructured export from the browser build.
 */
export function pageRoute<const P extends PageRoute, L, A = never>(
  route: P,
  handlers: { loader: (args: PageArgs<P>) => Promise<L> | L; action?: (args: ActionArgs<P>) => Promise<A> | A },
) {
  return {
    async loader(args: RouteArgs): Promise<L> {
      const user = (await caller(args.request, route.access)) as Signed<P["access"]>;
      try {
        return await handlers.loader({ ...args, user });
      } catch (error) {
        throw errorPage(error);
      }
    },
    async action(args: RouteArgs): Promise<A> {
      if (args.request.method !== "POST" || !handlers.action) throw notAllowed();
      const user = (await caller(args.request, route.postAccess ?? route.access)) as Signed<PostAccess<P>>;
      return handlers.action({ ...args, user, form: () => formDataOf(args.request) });
    },
  };
}
