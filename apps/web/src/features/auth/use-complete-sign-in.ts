import { paths } from "@mx/shared/routes";
import type { AuthData } from "@mx/shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { saveSession } from "../../lib/session";

/** Stores the new session, drops anything cached for a previous player, and goes to /, where every sign-in ends. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (auth: AuthData) => {
      saveSession(auth);
      queryClient.clear();
      void navigate(paths.landing, { replace: true });
    },
    [navigate, queryClient],
  );
}
