-- A development database made before the sandbox had a schema of its own kept these tables in the product's;
-- the product's migration 0031 set the filled ones aside in sandbox_previous. Their rows come over here, once.
DO $$
BEGIN
  IF to_regclass('sandbox_previous.sandbox_accounts') IS NOT NULL THEN
    INSERT INTO sandbox.accounts (id, email, user_id, legal_name, details_submitted_at, requirement_collection, currently_due, past_due, created_at)
      SELECT id, email, user_id, legal_name, details_submitted_at, requirement_collection, currently_due, past_due, created_at FROM sandbox_previous.sandbox_accounts;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_card_credits') IS NOT NULL THEN
    INSERT INTO sandbox.card_credits (id, customer_id, payment_method_id, amount_cents, currency, reference, idempotency_key, created_at)
      SELECT id, customer_id, payment_method_id, amount_cents, currency, reference, idempotency_key, created_at FROM sandbox_previous.sandbox_card_credits;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_checkout_sessions') IS NOT NULL THEN
    INSERT INTO sandbox.checkout_sessions (id, client_secret, status, payment_status, customer_email, line_items, amount_subtotal_cents, amount_shipping_cents, amount_tax_cents, tax_rate, amount_total_cents, shipping_options, shipping, currency, return_url, metadata, idempotency_key, payment_intent_id, paying_since, expires_at, completed_at, created_at)
      SELECT id, client_secret, status, payment_status, customer_email, line_items, amount_subtotal_cents, amount_shipping_cents, amount_tax_cents, tax_rate, amount_total_cents, shipping_options, shipping, currency, return_url, metadata, idempotency_key, payment_intent_id, paying_since, expires_at, completed_at, created_at FROM sandbox_previous.sandbox_checkout_sessions;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_customers') IS NOT NULL THEN
    INSERT INTO sandbox.customers (id, email, name, user_id, created_at)
      SELECT id, email, name, user_id, created_at FROM sandbox_previous.sandbox_customers;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_external_accounts') IS NOT NULL THEN
    INSERT INTO sandbox.external_accounts (id, account_id, brand, last4, exp_month, exp_year, funding, behaviour, default_for_currency, created_at)
      SELECT id, account_id, brand, last4, exp_month, exp_year, funding, behaviour, default_for_currency, created_at FROM sandbox_previous.sandbox_external_accounts;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_payment_intents') IS NOT NULL THEN
    INSERT INTO sandbox.payment_intents (id, client_secret, amount_cents, captured_cents, refunded_cents, currency, capture_method, status, customer_id, payment_method_id, metadata, idempotency_key, capture_key, created_at, updated_at)
      SELECT id, client_secret, amount_cents, captured_cents, refunded_cents, currency, capture_method, status, customer_id, payment_method_id, metadata, idempotency_key, capture_key, created_at, updated_at FROM sandbox_previous.sandbox_payment_intents;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_payment_methods') IS NOT NULL THEN
    INSERT INTO sandbox.payment_methods (id, customer_id, brand, last4, exp_month, exp_year, name, funding, behaviour, created_at)
      SELECT id, customer_id, brand, last4, exp_month, exp_year, name, funding, behaviour, created_at FROM sandbox_previous.sandbox_payment_methods;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_payouts') IS NOT NULL THEN
    INSERT INTO sandbox.payouts (id, account_id, amount_cents, currency, method, destination, status, failure_code, failure_message, reference, idempotency_key, arrival_at, created_at, updated_at)
      SELECT id, account_id, amount_cents, currency, method, destination, status, failure_code, failure_message, reference, idempotency_key, arrival_at, created_at, updated_at FROM sandbox_previous.sandbox_payouts;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_paypal_orders') IS NOT NULL THEN
    INSERT INTO sandbox.paypal_orders (id, request_id, intent, status, amount_cents, currency, custom_id, reference_id, description, payer_action, authorization_id, authorization_status, authorization_expires_at, capture_id, capture_status, captured_cents, refunded_cents, created_at, updated_at)
      SELECT id, request_id, intent, status, amount_cents, currency, custom_id, reference_id, description, payer_action, authorization_id, authorization_status, authorization_expires_at, capture_id, capture_status, captured_cents, refunded_cents, created_at, updated_at FROM sandbox_previous.sandbox_paypal_orders;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_paypal_payouts') IS NOT NULL THEN
    INSERT INTO sandbox.paypal_payouts (id, sender_batch_id, receiver, amount_cents, currency, status, item_status, created_at)
      SELECT id, sender_batch_id, receiver, amount_cents, currency, status, item_status, created_at FROM sandbox_previous.sandbox_paypal_payouts;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_paypal_refunds') IS NOT NULL THEN
    INSERT INTO sandbox.paypal_refunds (id, request_id, capture_id, amount_cents, created_at)
      SELECT id, request_id, capture_id, amount_cents, created_at FROM sandbox_previous.sandbox_paypal_refunds;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_refunds') IS NOT NULL THEN
    INSERT INTO sandbox.refunds (id, payment_intent_id, amount_cents, idempotency_key, created_at)
      SELECT id, payment_intent_id, amount_cents, idempotency_key, created_at FROM sandbox_previous.sandbox_refunds;
  END IF;
  IF to_regclass('sandbox_previous.sandbox_tokens') IS NOT NULL THEN
    INSERT INTO sandbox.tokens (id, brand, last4, exp_month, exp_year, name, funding, behaviour, used_at, created_at)
      SELECT id, brand, last4, exp_month, exp_year, name, funding, behaviour, used_at, created_at FROM sandbox_previous.sandbox_tokens;
  END IF;
END $$;
--> statement-breakpoint
DROP SCHEMA IF EXISTS sandbox_previous CASCADE;
