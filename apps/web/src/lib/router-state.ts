/**
 * Pieces of the zod schemas that read what a screen was sent in the router state (`location.state`): Property
 * Details sends the review screens a building and an amount. The state is whatever the history kept, so every
 * piece is checked; a piece that may be missing falls back instead of failing the whole state.
 */
import { dollarsToCents } from "@mx/shared/money";
import { z } from "zod";

/** A text that must be there: trimmed, not empty. */
export const requiredText = z.string().trim().min(1);

/** A text that may be missing: trimmed, "" when it is not a text. */
export const optionalText = z.string().trim().catch("");

/** An amount of dollars above 0, in whole cents. */
export const dollarAmount = z.number().refine((value) => value > 0 && dollarsToCents(value) !== null);

const coordinate = (bound: number) => z.number().min(-bound).max(bound).catch(0);

/** A building's place; a coordinate that is missing or out of range reads as 0, the default for a selected building. */
export const stateLocation = z
  .object({ lat: coordinate(90), lng: coordinate(180) })
  .catch({ lat: 0, lng: 0 });
