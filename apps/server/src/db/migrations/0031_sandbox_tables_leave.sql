-- The sandbox processors' tables leave the product's schema for one of their own (`sandbox`), which the sandbox
-- migrates itself when it is the chosen processor. A table holding rows (a development database) waits in
-- `sandbox_previous` until the sandbox's migrations copy it over; an empty one (every production database) goes.
DO $$
DECLARE
  t text;
  filled boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'sandbox_accounts', 'sandbox_customers', 'sandbox_payment_intents', 'sandbox_payment_methods',
    'sandbox_refunds', 'sandbox_tokens', 'sandbox_card_credits', 'sandbox_external_accounts', 'sandbox_payouts',
    'sandbox_paypal_orders', 'sandbox_paypal_payouts', 'sandbox_paypal_refunds', 'sandbox_checkout_sessions'
  ] LOOP
    IF to_regclass(format('public.%I', t)) IS NOT NULL THEN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I)', t) INTO filled;
      IF filled THEN
        CREATE SCHEMA IF NOT EXISTS sandbox_previous;
        EXECUTE format('ALTER TABLE public.%I SET SCHEMA sandbox_previous', t);
      ELSE
        EXECUTE format('DROP TABLE public.%I CASCADE', t);
      END IF;
    END IF;
  END LOOP;
END $$;
