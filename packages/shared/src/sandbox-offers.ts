import type { SandboxOffer } from "./schemas/offerwall";

/**
 * The sandbox offer wall's sample offers (rewards in cents): what its partner offers, shown on the offer wall when
 * the sandbox is the chosen partner (never in production).
 */
export const SANDBOX_OFFERS: readonly (Omit<SandboxOffer, "reward"> & { rewardCents: number })[] = [
  {
    id: "survey-parks",
    name: "City parks survey",
    description: "Answer 12 questions about the parks you visit.",
    rewardCents: 250,
  },
  {
    id: "puzzle-level-5",
    name: "Reach level 5 in a puzzle game",
    description: "Install a partner's puzzle game and clear its first five levels.",
    rewardCents: 1200,
  },
  {
    id: "newsletter",
    name: "Subscribe to a transit newsletter",
    description: "Sign up with your e-mail address and confirm it.",
    rewardCents: 75,
  },
  {
    id: "streaming-trial",
    name: "Start a streaming trial",
    description: "Start a 7-day free trial of a partner's music service.",
    rewardCents: 3000,
  },
];
