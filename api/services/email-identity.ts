/**
 * Domains whose mailboxes ignore dots in the local part, mapped to the one domain they share
 * (mail to googlemail.com lands in the same gmail.com inbox).
 */
const DOTLESS_DOMAINS: Record<string, string> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * The mailbox an address really reaches, used to grant the free trial once per person: lower
 * case, `+tag` removed, and dots removed where the provider ignores them. Only the trial is keyed
 * by it; the address the user typed stays their login and contact address.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const shared = DOTLESS_DOMAINS[domain];
  if (shared) {
    domain = shared;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
