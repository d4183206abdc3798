/** Takes an answer's Set-Cookie lines into `jar` as a browser would: a cleared or expired cookie goes. */
export function absorbSetCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** The Cookie header for `jar`. */
export const cookieHeaderOf = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
