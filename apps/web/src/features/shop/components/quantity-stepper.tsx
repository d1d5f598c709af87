import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "@mx/shared/constants";
import { shopCopy } from "../copy";
import { MinusIcon, PlusIcon } from "./shop-icons";

/** Quantity minus and plus around the count: minus stops at 1, plus at the per-line limit of 99. */
export function QuantityStepper({
  name,
  quantity,
  onDecrease,
  onIncrease,
  disabled = false,
}: {
  name: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
  disabled?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons around a count, not a form fieldset.
    <div className="stepper" role="group" aria-label={shopCopy.quantityOf(name)}>
      <button
        type="button"
        className="stepper__button"
        aria-label={shopCopy.decrease(name)}
        onClick={onDecrease}
        disabled={disabled || quantity <= MIN_CART_QUANTITY}
      >
        <MinusIcon size={18} />
      </button>
      <output className="stepper__count" aria-live="polite">
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={shopCopy.increase(name)}
        onClick={onIncrease}
        disabled={disabled || quantity >= MAX_CART_QUANTITY}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
