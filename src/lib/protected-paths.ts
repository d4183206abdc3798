/**
 * Paths that need a signed-in user (spec §6: payment and convert/{type}; the PDF tools' pages like conversions'). The router guards
 * them and the API client uses the same test to decide whether a userInfo probe that finds no
 * session must send the visitor to the login page.
 */
export function isProtectedPath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  if (p === '/payment' || p.startsWith('/payment/')) return true;
  if (p.startsWith('/admin')) return true;
  if (p === '/products/qabot' || p.startsWith('/products/qabot/')) return true;
  if (p === '/products/automation' || p.startsWith('/products/automation/')) return true;
  if (p.startsWith('/products/pdf/')) return true;
  const convert = /^\/products\/convert\/([^/]+)$/.exec(p);
  return convert !== null && convert[1] !== 'introduce';
}
