import type { AppConfig } from '../config.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

export type { PaymentProvider } from './provider.js';

/** The one place the provider is chosen: Stripe when both its keys are configured, else the built-in sandbox. */
export function paymentProviderFromConfig(config: AppConfig, secret: string): PaymentProvider {
  if (config.stripe) return createStripeProvider({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret });
  return createSandboxProvider({ secret, publicUrl: config.publicUrl });
}
