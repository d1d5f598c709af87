import SandboxBankPage from "@mx/sandbox/web/bank-page";
import type { ComponentProps } from "react";
import { sandboxHost } from "../host";

/** The sandbox's stand-in for the bank's (or PayPal's) page, framed in the bank's check dialog. */
export default function SandboxBankFrame(props: Omit<ComponentProps<typeof SandboxBankPage>, "host">) {
  return <SandboxBankPage host={sandboxHost} {...props} />;
}
