import { queryKeys } from "../../../lib/query-keys";
/** The cache entries of this feature: every call below reads or refreshes one of these. */
export const payoutKeys = queryKeys.payouts;
