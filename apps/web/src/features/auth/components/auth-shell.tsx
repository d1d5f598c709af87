import type { ReactNode } from "react";
import { authCopy } from "../copy";
import "../auth.css";

/** The combined authentication screen: a brand panel beside the form card (stacked on small screens). */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <div className="auth__aside-skyline">
          {[38, 62, 48, 88, 56, 72, 44, 96, 60, 40, 70, 52].map((height, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative skyline
              key={index}
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
        <p className="auth__aside-pitch">{authCopy.asidePitch}</p>
        <p className="auth__aside-text">{authCopy.asideText}</p>
      </aside>
      <div className="auth__panel">{children}</div>
    </div>
  );
}

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <section className="auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="auth-card__title">
        {title}
      </h1>
      {lead ? <p className="auth-card__lead">{lead}</p> : null}
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </section>
  );
}
