import { useSupportEmail } from "../../lib/payment-config";

/** The support address as a mail link, from the server's configuration; a placeholder dash while it loads. */
export function SupportEmailLink() {
  const address = useSupportEmail();
  if (!address) return <span aria-busy="true">…</span>;
  return <a href={`mailto:${address}`}>{address}</a>;
}
