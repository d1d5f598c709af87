import { RETURN_REDIRECT_DELAY_MS, SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { shippingTexts } from "@mx/shared/shop-shipping";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClassName } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { SupportEmailLink } from "../../../components/ui/support-email";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSessionStatus } from "../api/get-session-status";
import { shopCopy } from "../copy";
import { writeCart } from "../use-cart";

/**
 * /return?session_id=: where the payment form sends the customer. Open → back to checkout;
 * complete → the thank-you note, the cart cleared, and home after 5 seconds or on 'Continue Shopping'.
 * Any other status shows nothing. A missing or unknown session says so (and the failed read is logged).
 */
export function ReturnRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const status = useSessionStatus(sessionId);
  const navigate = useNavigate();
  const sessionStatus = status.data?.status;

  useEffect(() => {
    if (status.isError) console.error("Failed to fetch the checkout session status", status.error);
  }, [status.isError, status.error]);

  useEffect(() => {
    if (sessionStatus === "open") void navigate(paths.checkout, { replace: true });
  }, [sessionStatus, navigate]);

  if (!sessionId || status.isError) return <UnknownSession />;
  if (status.isPending) return <PageSpinner />;
  if (sessionStatus !== "complete") return null;
  return <ThankYou email={status.data.customer_email ?? ""} orderNumber={status.data.orderNumber} />;
}

/** The support sentence around its address, so the address can be a mail link. */
const [supportBefore, supportAfter] = formats.supportContact(SUPPORT_EMAIL_SLOT).split(SUPPORT_EMAIL_SLOT);

/** No session in the address, or one the server does not know: said plainly, with the way back to the shop. */
function UnknownSession() {
  useDocumentTitle(shopCopy.unknownSessionTitle);
  return (
    <div className="shop-page thank-you">
      <div className="thank-you__card">
        <h1 className="thank-you__title">{shopCopy.unknownSessionTitle}</h1>
        <p>{shopCopy.unknownSessionText}</p>
        <p>
          {supportBefore}
          <SupportEmailLink />
          {supportAfter}
        </p>
        <Link className={buttonClassName("primary", false, "btn--large")} to={paths.shop}>
          {texts.continueShopping}
        </Link>
      </div>
    </div>
  );
}

function ThankYou({ email, orderNumber }: { email: string; orderNumber: string | null }) {
  useDocumentTitle(texts.thankYou);
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(RETURN_REDIRECT_DELAY_MS / 1000);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    writeCart([]);
    headingRef.current?.focus();
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((RETURN_REDIRECT_DELAY_MS - (Date.now() - started)) / 1000)));
    }, 250);
    const leave = window.setTimeout(() => void navigate(paths.landing), RETURN_REDIRECT_DELAY_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(leave);
    };
  }, [navigate]);

  return (
    <div className="shop-page thank-you">
      <div className="thank-you__card">
        <div className="thank-you__mark" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d="m14 25 7 7 13-15"
              fill="none"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 ref={headingRef} tabIndex={-1} className="thank-you__title">
          {texts.thankYou}
        </h1>
        {orderNumber ? (
          <p className="thank-you__order" data-testid="order-number">
            {shippingTexts.orderNumber(orderNumber)}
          </p>
        ) : null}
        <p>{formats.confirmationEmailNote(email)}</p>
        <p>
          {supportBefore}
          <SupportEmailLink />
          {supportAfter}
        </p>
        <Button className="btn--large" onClick={() => void navigate(paths.landing)}>
          {texts.continueShopping}
        </Button>
        <p className="thank-you__redirect">{shopCopy.redirecting(secondsLeft)}</p>
      </div>
    </div>
  );
}
