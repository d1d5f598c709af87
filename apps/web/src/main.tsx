import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/service-worker";
import "./styles/tokens.css";
import "./styles/base.css";
import "./components/ui/ui.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

registerServiceWorker();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
