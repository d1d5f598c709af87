import { paths } from "@mx/shared/routes";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { ArrowLeftIcon, PencilIcon } from "../../../components/ui/icons";
import { hasAppHistory } from "../../../lib/app-history";
import { propertiesCopy } from "../copy";

/** Property Details' header: Back, the building's name, the owner's Edit name, and the watch star. */
export function PropertyHeader({
  name,
  onEditName,
  watch,
}: {
  name: string;
  /** Set for the owner only. */
  onEditName: (() => void) | null;
  watch: ReactNode;
}) {
  const navigate = useNavigate();
  const goBack = () => {
    // A page opened straight from the map (a full navigation) has no history inside the app.
    if (hasAppHistory()) void navigate(-1);
    else window.location.assign(paths.map);
  };
  return (
    <header className="page-header property__header">
      <button type="button" className="icon-button" aria-label={propertiesCopy.back} onClick={goBack}>
        <ArrowLeftIcon size={22} />
      </button>
      <h1 className="page-header__title property__title">{name}</h1>
      {onEditName ? (
        <button
          type="button"
          className="icon-button"
          aria-label={propertiesCopy.editName}
          onClick={onEditName}
        >
          <PencilIcon size={20} />
        </button>
      ) : null}
      {watch}
    </header>
  );
}
