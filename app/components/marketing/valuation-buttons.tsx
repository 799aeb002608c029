import { Link } from "react-router";

import { buttonClass } from "../ui/button";
import { ArrowRightIcon } from "../ui/icons";

/** The main call to action, 'Book House Valuation', with a second, quieter link beside it. */
export function ValuationButtons({
  secondary,
  className = "",
}: {
  secondary: { to: string; label: string };
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-3 ${className}`}>
      <Link to="/valuation" className={buttonClass({ size: "lg" })}>
        Book House Valuation
        <ArrowRightIcon className="size-5" />
      </Link>
      <Link to={secondary.to} className={buttonClass({ variant: "secondary", size: "lg" })}>
        {secondary.label}
      </Link>
    </div>
  );
}
