import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

/** A refused request (4xx) will be refused again: only network trouble and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 0 || (error.status >= 400 && error.status < 500))) {
    return false;
  }
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
