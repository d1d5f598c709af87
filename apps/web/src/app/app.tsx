import { paths } from "@mx/shared/routes";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { setUnauthorizedHandler } from "../lib/api-client";
import { queryClient } from "./query-client";
import { createAppRouter } from "./router";

/**
 * Made on first use, in the first render (a transition, sliced into short tasks: main.tsx), rather than in the one
 * long task that evaluates the page's scripts: the router reads the history and matches the route table.
 */
let router: ReturnType<typeof createAppRouter> | undefined;
function appRouter() {
  router ??= createAppRouter();
  return router;
}

// The server ended the session (expired or revoked token): forget cached data and sign in again.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void appRouter().navigate(paths.login, { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
