/** `report.pdf` → `report`, for names like `report-p1-3.pdf`. */
export function baseName(name: string, fallback: string): string {
  return name.replace(/\.[^./\\]+$/, '') || fallback;
}

/**
 * The names made unique the way a file manager does (`a.pdf`, `a (2).pdf`), since the caller
 * zips the files and a zip with two entries of one name loses one on extraction.
 */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]+)?$/, ` (${n})$1`);
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
