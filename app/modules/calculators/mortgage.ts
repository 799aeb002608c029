// A repayment mortgage: the fixed monthly payment that clears the loan over the term.

export type Mortgage = {
  loan: number;
  loanToValue: number;
  monthlyPayment: number;
  totalRepaid: number;
  totalInterest: number;
  months: number;
};

export function repaymentMortgage({
  price,
  deposit,
  annualRatePercent,
  termYears,
}: {
  price: number;
  deposit: number;
  annualRatePercent: number;
  termYears: number;
}): Mortgage {
  if (!(price > 0)) throw new RangeError("The price must be more than £0.");
  if (!(deposit >= 0) || deposit >= price)
    throw new RangeError("The deposit must be at least £0 and less than the price.");
  if (!(annualRatePercent >= 0) || annualRatePercent > 25)
    throw new RangeError("The interest rate must be between 0% and 25%.");
  if (!Number.isInteger(termYears) || termYears < 1 || termYears > 40)
    throw new RangeError("The term must be between 1 and 40 years.");
  const loan = price - deposit;
  const months = termYears * 12;
  const r = annualRatePercent / 100 / 12;
  const monthly = r === 0 ? loan / months : (loan * r) / (1 - (1 + r) ** -months);
  const monthlyPayment = Math.round(monthly * 100) / 100;
  const totalRepaid = Math.round(monthly * months * 100) / 100;
  return {
    loan,
    loanToValue: loan / price,
    monthlyPayment,
    totalRepaid,
    totalInterest: Math.round((totalRepaid - loan) * 100) / 100,
    months,
  };
}
