// First, before any module that makes a zod schema.
import "../lib/zod-config";
import { paths } from "@mx/shared/routes";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "../lib/service-worker";
import { hasSession } from "../lib/session";
import { MapPage } from "./map-page";
import "../styles/tokens.css";
import "../styles/base.css";
import "../components/ui/ui.css";

/** Entry of the static map page (map.html, served at /map). It is for signed-in players only. */
function start() {
  if (!hasSession()) {
    window.location.replace(paths.login);
    return;
  }
  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element.");
  registerServiceWorker({ afterFirstView: true });
  createRoot(container).render(
    <StrictMode>
      <MapPage />
    </StrictMode>,
  );
}

start();
