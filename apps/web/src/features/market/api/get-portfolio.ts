import { api } from "@mx/shared/routes";
import { PortfolioData } from "@mx/shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getPortfolio(signal?: AbortSignal): Promise<PortfolioData> {
  const reply = await apiRequest(api.portfolio, { auth: true, signal, schema: PortfolioData });
  if (!reply.data) throw new Error("empty portfolio reply");
  return reply.data;
}

export function usePortfolio() {
  return useQuery({ queryKey: queryKeys.market.portfolio, queryFn: ({ signal }) => getPortfolio(signal) });
}
