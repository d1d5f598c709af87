import { formatCents } from "@mx/shared/money";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import {
  deliveryEstimate,
  POSTAL_CODE_PATTERN,
  type ShippingRate,
  shippingTexts,
  US_STATES,
} from "@mx/shared/shop-shipping";
import { useId } from "react";
import { TextField } from "../../../components/ui/text-field";

export type AddressDraft = Omit<ShippingAddress, "country" | "line2"> & { line2: string };
export type AddressField = keyof AddressDraft;

export const EMPTY_ADDRESS: AddressDraft = {
  name: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
};

/** The first thing missing or wrong in the address, in the order the fields are shown; null when it can be sent. */
export function addressProblem(address: AddressDraft): { field: AddressField; message: string } | null {
  if (!address.name.trim()) return { field: "name", message: shippingTexts.nameRequired };
  if (!address.line1.trim()) return { field: "line1", message: shippingTexts.line1Required };
  if (!address.city.trim()) return { field: "city", message: shippingTexts.cityRequired };
  if (!address.state) return { field: "state", message: shippingTexts.stateRequired };
  if (!POSTAL_CODE_PATTERN.test(address.postalCode.trim())) {
    return { field: "postalCode", message: shippingTexts.postalCodeInvalid };
  }
  return null;
}

/** The ids of the address fields, so a form can focus the one a problem names. */
export function useAddressIds(): Record<AddressField, string> {
  return {
    name: useId(),
    line1: useId(),
    line2: useId(),
    city: useId(),
    state: useId(),
    postalCode: useId(),
  };
}

/** The address as the API takes it. */
export function toShippingAddress(address: AddressDraft): ShippingAddress {
  const line2 = address.line2.trim();
  return {
    name: address.name.trim(),
    line1: address.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: address.city.trim(),
    state: address.state,
    postalCode: address.postalCode.trim(),
    country: "US",
  };
}

interface ShippingFieldsProps {
  ids: Record<AddressField, string>;
  address: AddressDraft;
  onAddressChange: (field: AddressField, value: string) => void;
  rates: readonly ShippingRate[];
  rate: string;
  onRateChange: (rate: string) => void;
  fieldState: (field: AddressField) => { "aria-invalid"?: true; "aria-describedby"?: string };
  disabled: boolean;
}

/** A US shipping address and the choice of shipping rate, as Stripe's checkout asks for them. */
export function ShippingFields({
  ids,
  address,
  onAddressChange,
  rates,
  rate,
  onRateChange,
  fieldState,
  disabled,
}: ShippingFieldsProps) {
  const countryId = useId();
  return (
    <>
      <AddressFieldset
        ids={ids}
        countryId={countryId}
        address={address}
        onAddressChange={onAddressChange}
        fieldState={fieldState}
        disabled={disabled}
      />
      <RateFieldset rates={rates} rate={rate} onRateChange={onRateChange} disabled={disabled} />
    </>
  );
}

type AddressFieldsetProps = Pick<
  ShippingFieldsProps,
  "ids" | "address" | "onAddressChange" | "fieldState" | "disabled"
> & { countryId: string };

/** The shipping address: name, country (the United States only), street, city, state and postal code. */
function AddressFieldset({
  ids,
  countryId,
  address,
  onAddressChange,
  fieldState,
  disabled,
}: AddressFieldsetProps) {
  const text = (field: AddressField) => ({
    id: ids[field],
    value: address[field],
    onChange: (event: { target: { value: string } }) => onAddressChange(field, event.target.value),
    disabled,
    ...fieldState(field),
  });
  return (
    <fieldset className="shipping-fields">
      <legend className="shipping-fields__legend">{shippingTexts.shippingAddress}</legend>
      <TextField
        label={shippingTexts.fullName}
        name="name"
        autoComplete="shipping name"
        maxLength={100}
        {...text("name")}
      />
      <CountrySelect id={countryId} />
      <TextField
        label={shippingTexts.addressLine1}
        name="address-line1"
        autoComplete="shipping address-line1"
        maxLength={200}
        {...text("line1")}
      />
      <TextField
        label={shippingTexts.addressLine2}
        name="address-line2"
        autoComplete="shipping address-line2"
        maxLength={200}
        {...text("line2")}
      />
      <TextField
        label={shippingTexts.city}
        name="address-level2"
        autoComplete="shipping address-level2"
        maxLength={100}
        {...text("city")}
      />
      <div className="form__grid shipping-fields__pair">
        <StateSelect
          id={ids.state}
          value={address.state}
          onChange={(value) => onAddressChange("state", value)}
          disabled={disabled}
          invalid={fieldState("state")}
        />
        <TextField
          label={shippingTexts.postalCode}
          name="postal-code"
          autoComplete="shipping postal-code"
          inputMode="numeric"
          maxLength={10}
          placeholder="10001"
          {...text("postalCode")}
        />
      </div>
      <p className="shipping-fields__note">{shippingTexts.shipsToUs}</p>
    </fieldset>
  );
}

/** The country, shown but fixed: the shop ships to the United States only. */
function CountrySelect({ id }: { id: string }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {shippingTexts.country}
      </label>
      <select id={id} className="field__input field__select" disabled value="US" onChange={() => {}}>
        <option value="US">{shippingTexts.countryUnitedStates}</option>
      </select>
    </div>
  );
}

interface StateSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The field's problem marks, when the state is what is missing. */
  invalid: ReturnType<ShippingFieldsProps["fieldState"]>;
}

/** The choice of US state, with an empty first choice until one is picked. */
function StateSelect({ id, value, onChange, disabled, invalid }: StateSelectProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {shippingTexts.state}
      </label>
      <select
        id={id}
        name="address-level1"
        autoComplete="shipping address-level1"
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        {...invalid}
      >
        <option value="">{shippingTexts.chooseState}</option>
        {US_STATES.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </select>
    </div>
  );
}

type RateFieldsetProps = Pick<ShippingFieldsProps, "rates" | "rate" | "onRateChange" | "disabled">;

/** The shipping rates as radio choices, each with its delivery estimate and price. */
function RateFieldset({ rates, rate, onRateChange, disabled }: RateFieldsetProps) {
  return (
    <fieldset className="shipping-fields">
      <legend className="shipping-fields__legend">{shippingTexts.shippingMethod}</legend>
      <div className="shipping-rates">
        {rates.map((option) => (
          <label key={option.id} className="shipping-rate">
            <input
              type="radio"
              name="shipping-rate"
              value={option.id}
              checked={rate === option.id}
              onChange={() => onRateChange(option.id)}
              disabled={disabled}
            />
            <span className="shipping-rate__text">
              <span className="shipping-rate__name">{option.name}</span>
              <span className="shipping-rate__estimate">{deliveryEstimate(option)}</span>
            </span>
            <span className="shipping-rate__amount">{formatCents(option.amountCents)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
