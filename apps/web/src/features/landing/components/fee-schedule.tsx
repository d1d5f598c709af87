import {
  ASK_PROCESSING_FEE_CENTS,
  BUY_PROCESSING_FEE_CENTS,
  FEE_AND_TAX_CENTS,
  INSTANT_PAYOUT_FEE_CENTS,
  SALES_TAX_CENTS,
} from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import { landingCopy } from "../copy";

const EXAMPLE_PRICE_CENTS = 100_00;
const EXAMPLE_SALE_CENTS = 150_00;

export function FeeSchedule() {
  const fees = [
    {
      title: landingCopy.feeBuyTitle,
      formula: landingCopy.feeBuyFormula(formatCents(BUY_PROCESSING_FEE_CENTS), formatCents(SALES_TAX_CENTS)),
      example: landingCopy.feeBuyExample(
        formatCents(EXAMPLE_PRICE_CENTS),
        formatCents(EXAMPLE_PRICE_CENTS + FEE_AND_TAX_CENTS),
      ),
    },
    {
      title: landingCopy.feeAskTitle,
      formula: landingCopy.feeAskFormula(formatCents(ASK_PROCESSING_FEE_CENTS)),
      example: landingCopy.feeAskExample(
        formatCents(EXAMPLE_SALE_CENTS),
        formatCents(EXAMPLE_SALE_CENTS - ASK_PROCESSING_FEE_CENTS),
      ),
    },
    {
      title: landingCopy.feeInstantTitle,
      formula: landingCopy.feeInstantFormula(formatCents(INSTANT_PAYOUT_FEE_CENTS)),
      example: landingCopy.feeInstantExample,
    },
  ];
  return (
    <ul className="fees">
      {fees.map((fee) => (
        <li key={fee.title} className="fees__item">
          <h3 className="fees__title">{fee.title}</h3>
          <p className="fees__formula">{fee.formula}</p>
          <p className="fees__example">{fee.example}</p>
        </li>
      ))}
    </ul>
  );
}
