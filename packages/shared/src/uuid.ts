/**
 * A UUID as the database and `crypto.randomUUID` write it: 8-4-4-4-12 hexadecimal digits. Every id of a player, a
 * property, a purchase, a bid, a report or a message is one; a text that is not one names nothing, so it is answered
 * as not found before the database is asked (PostgreSQL would refuse to read it as a uuid).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text is a UUID, in either case. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
