import { paths } from "@mx/shared/routes";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../lib/api-client";
import { queryClient } from "./query-client";
import { router } from "./router";

// The server ended the session (expired or revoked token): forget cached data and sign in again.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate(paths.login, { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
