/*
 * The sandbox's disputes and early fraud warnings as the server and its tests use them: the notices' worker and a
 * way to deliver every notice queued at once, and the PayPal buyer's dispute.
 */
export { deliverSandboxNotices, sandboxNoticeWorker } from "./notices";
export { openSandboxPaypalDispute } from "./paypal-disputes";
