import { paths } from "@mx/shared/routes";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { MapPlaceholderPage } from "../features/map-placeholder/components/map-placeholder-page";
import { hasSession } from "../lib/session";
import "../styles/tokens.css";
import "../styles/base.css";
import "../components/ui/ui.css";

function start() {
  // The map is for signed-in players only.
  if (!hasSession()) {
    window.location.replace(paths.login);
    return;
  }
  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element.");
  createRoot(container).render(
    <StrictMode>
      <MapPlaceholderPage />
    </StrictMode>,
  );
}

start();
