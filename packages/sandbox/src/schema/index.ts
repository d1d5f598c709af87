export * from "./cards";
export * from "./checkout";
export * from "./disputes";
export * from "./offer-wall";
export * from "./payouts";
export * from "./paypal";
export * from "./sandbox-schema";
