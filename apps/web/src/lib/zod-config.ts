import { config } from "zod";

/*
 * The server's content security policy forbids eval. Zod would still try `new Function` once, to see whether it may
 * compile its parsers, and the browser reports every such try as a policy violation: it is told not to. Imported
 * first by the page's entry, before any schema is made (zod reads the setting when it makes one).
 */
config({ jitless: true });
