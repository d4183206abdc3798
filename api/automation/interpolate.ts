export class UnknownVariableError extends Error {
  constructor(readonly variable: string) {
    super(`unknown variable ${variable}`);
    this.name = 'UnknownVariableError';
  }
}

const PLACEHOLDER = /\{\{\s*(secret:)?([a-zA-Z0-9_ -]{1,60}?)\s*\}\}/g;

/**
 * Fills `{{name}}` from the run's variables and `{{secret:name}}` from the user's credentials.
 * A missing name fails the step rather than typing an empty string into a form.
 */
export async function interpolate(text: string, variables: Readonly<Record<string, string>>, secret: (name: string) => Promise<string | null>): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, m.index));
    const name = m[2]!;
    const value = m[1] ? await secret(name) : (variables[name] ?? null);
    if (value === null) throw new UnknownVariableError(m[1] ? `secret:${name}` : name);
    parts.push(value);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** Whether the text uses a credential: such a step's value is never echoed back. */
export const usesSecret = (text: string) => /\{\{\s*secret:/.test(text);
