/** A value used as an i18n key segment (`top-left`, `chi_sim`) in the camelCase key files use (`topLeft`, `chiSim`). */
export const camelKey = (value: string): string => value.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
