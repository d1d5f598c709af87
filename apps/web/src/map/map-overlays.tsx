import { Spinner } from "../components/ui/spinner";
import { mapTexts } from "./copy";

/** Over the map while it loads: a spinner that says so. */
export function MapLoading() {
  return (
    <div className="mx-map__overlay">
      <div className="mx-panel">
        <Spinner label={mapTexts.loadingMap} showLabel />
      </div>
    </div>
  );
}

/** Over the map when it cannot be shown: why, and a button to try again. */
export function MapFailure({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  return (
    <div className="mx-map__overlay mx-map__overlay--error">
      <div className="mx-panel mx-panel--error" role="alert">
        <h2 className="mx-panel__title">{mapTexts.mapFailed}</h2>
        <p className="mx-panel__text">{detail}</p>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {mapTexts.retry}
        </button>
      </div>
    </div>
  );
}
