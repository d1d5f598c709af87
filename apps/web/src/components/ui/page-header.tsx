import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon } from "./icons";

/** An account page's header: a leading control (usually back), the title, and any trailing actions. */
export function PageHeader({
  title,
  lead,
  children,
  titleClassName,
}: {
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  titleClassName?: string;
}) {
  return (
    <header className="page-header">
      {lead}
      <h1 className={titleClassName ? `page-header__title ${titleClassName}` : "page-header__title"}>
        {title}
      </h1>
      {children}
    </header>
  );
}

/** The back arrow to a known page within the app. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className="icon-button" to={to} aria-label={label}>
      <ArrowLeftIcon size={22} />
    </Link>
  );
}
