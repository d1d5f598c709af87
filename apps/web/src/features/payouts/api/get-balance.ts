// Withdrawals and Profile both show the earnings balance: one fetcher and cache entry, in lib.
export { useBalance } from "../../../lib/earnings-balance";
