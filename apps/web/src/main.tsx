// First, before any module that makes a zod schema.
import "./lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { registerServiceWorker } from "./lib/service-worker";
import "./styles/tokens.css";
import "./styles/base.css";
import "./components/ui/ui.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

registerServiceWorker();
const root = createRoot(container);
// The first render is a transition: React yields to the browser every few milliseconds while it builds the page,
// instead of holding a phone's main thread for the whole of it.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
