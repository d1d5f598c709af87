import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { dismissAllAlerts } from "../lib/alerts";

// Each test starts from an empty page.
afterEach(() => {
  cleanup();
  dismissAllAlerts();
  document.body.innerHTML = "";
  window.localStorage.clear();
  window.sessionStorage.clear();
});
