import { OperatorStatus } from "@mx/shared/schemas/ops";
import { type ReactNode, useState } from "react";
import { ErrorBox } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { useDocumentTitle } from "../lib/use-document-title";
import { Audit } from "./audit";
import { Disputes } from "./disputes";
import { Money } from "./money";
import { opsRequest } from "./ops-api";
import { Players } from "./players";
import { Reports } from "./reports";
import { Restricted } from "./restricted";
import { Roles } from "./roles";
import { SecondFactor } from "./second-factor";
import { Shop } from "./shop";
import { useLoad } from "./use-load";
import "./ops.css";

type Section = "players" | "reports" | "shop" | "money" | "disputes" | "restricted" | "audit" | "roles";
const sectionLabels: Record<Section, string> = {
  players: "Players",
  reports: "Reports",
  shop: "Shop",
  money: "Money",
  disputes: "Disputes",
  restricted: "Restricted accounts",
  audit: "Audit log",
  roles: "Roles",
};

/**
 * The operator console: the second factor first, then players, reports, the shop, (finance and admins) money,
 * disputes and restricted accounts, the audit log and (admins) roles.
 */
export default function OpsConsole() {
  useDocumentTitle("Operator console");
  const status = useLoad(() => opsRequest("/ops/factor", OperatorStatus).then((r) => r.data), "");
  const [section, setSection] = useState<Section>("players");

  let body: ReactNode;
  if (status.loading && !status.value) body = <Spinner showLabel />;
  else if (status.error || !status.value) body = <ErrorBox>{status.error}</ErrorBox>;
  else if (!status.value.proven) body = <SecondFactor status={status.value} onPassed={status.reload} />;
  else {
    const role = status.value.role;
    const sections: Section[] = [
      "players",
      "reports",
      "shop",
      ...(role === "support" ? [] : (["money", "disputes", "restricted"] as const)),
      "audit",
      ...(role === "admin" ? (["roles"] as const) : []),
    ];
    body = (
      <>
        <nav className="ops__tabs" aria-label="Console sections">
          {sections.map((s) => (
            <button
              key={s}
              type="button"
              className={s === section ? "ops__tab ops__tab--on" : "ops__tab"}
              aria-current={s === section ? "page" : undefined}
              onClick={() => setSection(s)}
            >
              {sectionLabels[s]}
            </button>
          ))}
        </nav>
        {section === "players" ? <Players canRefund={role !== "support"} /> : null}
        {section === "shop" ? <Shop /> : null}
        {section === "money" ? <Money /> : null}
        {section === "disputes" ? <Disputes /> : null}
        {section === "restricted" ? <Restricted /> : null}
        {section === "reports" ? <Reports /> : null}
        {section === "audit" ? <Audit /> : null}
        {section === "roles" ? <Roles /> : null}
      </>
    );
  }
  return (
    <main className="ops">
      <header className="ops__header">
        <h1 className="ops__title">Operator console</h1>
        {status.value ? <span className="ops__role">{status.value.role}</span> : null}
      </header>
      {body}
    </main>
  );
}
