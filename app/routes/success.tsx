import { Link } from "react-router";

import { buttonClass } from "../components/ui/button";
import { CheckCircleIcon } from "../components/ui/icons";
import { requireUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Project created | MoveWise" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "vendor");
  return null;
}

export default function Success() {
  return (
    <div className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <CheckCircleIcon className="mx-auto size-14 text-emerald-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Thank You!</h1>
        <p className="mt-3 text-lg text-slate-700">You have created the project successfully</p>
        <Link to="/vendor-propertylisting" className={buttonClass({ className: "mt-8 min-w-32" })}>
          OK
        </Link>
      </div>
    </div>
  );
}
