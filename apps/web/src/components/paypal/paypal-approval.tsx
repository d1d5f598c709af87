import { PayPalButtons, PayPalScriptProvider } from "@paypal/react-paypal-js";
import { useState } from "react";
import { ErrorBox } from "../ui/error-box";
import { paypalCopy } from "./paypal-method";
import "./paypal.css";

interface PaypalApprovalProps {
  clientId: string;
  /** The PayPal order the server made for this payment (the 202's client secret). */
  orderId: string;
  /** The hold of a bid (intent AUTHORIZE) or a charge (CAPTURE): PayPal's script must be told which. */
  intent: "capture" | "authorize";
  onApproved: () => void;
  onCancel: () => void;
}

/**
 * PayPal's own buttons for an order the server already made: the payer approves in PayPal's pop-up, then the
 * server captures or authorizes it. Used only with real PayPal; the sandbox frames its local approval page instead.
 */
export function PaypalApproval({ clientId, orderId, intent, onApproved, onCancel }: PaypalApprovalProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="paypal-approval">
      {failed ? <ErrorBox>{paypalCopy.loadFailed}</ErrorBox> : null}
      <PayPalScriptProvider options={{ clientId, currency: "USD", intent }}>
        <PayPalButtons
          style={{ layout: "vertical", shape: "pill", label: "paypal" }}
          fundingSource="paypal"
          createOrder={async () => orderId}
          onApprove={async () => onApproved()}
          onCancel={() => onCancel()}
          onError={() => setFailed(true)}
        />
      </PayPalScriptProvider>
    </div>
  );
}
