import type { StepType } from '@contracts/automation.js';

/** One element the model may choose: what a role + accessible name locator finds on the page. */
export interface AriaChoice {
  role: string;
  name: string;
}

/** Roles a person acts on; a role + name locator built from them is what the repair retries with. */
const ACTIONABLE = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'combobox', 'listbox', 'textbox', 'searchbox', 'slider', 'spinbutton'];
const FIELDS = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const ACTION = new Set(ACTIONABLE);
/** Steps that only look at an element (wait, assert, extract) may also land on a heading. */
const LOOKED_AT = new Set([...ACTIONABLE, 'heading']);

const ROLES: Partial<Record<StepType, ReadonlySet<string>>> = {
  click: ACTION,
  upload: ACTION,
  type: FIELDS,
  select: new Set(['combobox', 'listbox']),
  wait: LOOKED_AT,
  assert: LOOKED_AT,
  extract: LOOKED_AT,
};

/** The roles a step of this type may be repaired to; null for steps that have no target. */
export const rolesFor = (type: StepType): ReadonlySet<string> | null => ROLES[type] ?? null;

/** At most this many elements go to the model (the prompt stays a few thousand tokens). */
export const MAX_CHOICES = 100;
/** Longer names are left out rather than cut: a role + name locator needs the whole name. */
export const MAX_NAME = 120;

interface AriaNode {
  role?: unknown;
  name?: unknown;
  children?: unknown;
}

const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);

/**
 * The elements of an `ariaSnapshotJSON()` tree the model may choose from: the given roles with a
 * non-empty name, each role + name pair unique on the page (a pair seen twice could not tell its
 * elements apart), never a name holding one of the run's secret values, and never an input's
 * value (only role and name are read). When there are too many, the ones sharing most words with
 * `hint` (the step's old locators) are kept, in page order.
 */
export function choicesFrom(tree: unknown, roles: ReadonlySet<string>, secrets: readonly string[], hint: string, max = MAX_CHOICES): AriaChoice[] {
  const seen = new Map<string, { choice: AriaChoice; count: number; order: number }>();
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as unknown[]) {
      if (!node || typeof node !== 'object') continue;
      const n = node as AriaNode;
      const name = typeof n.name === 'string' ? n.name.trim() : '';
      if (typeof n.role === 'string' && roles.has(n.role) && name && name.length <= MAX_NAME && !secrets.some((s) => s && name.includes(s))) {
        const key = `${n.role}\u0000${name}`;
        const entry = seen.get(key);
        if (entry) entry.count += 1;
        else seen.set(key, { choice: { role: n.role, name }, count: 1, order: seen.size });
      }
      walk(n.children);
    }
  };
  walk(tree);
  const unique = [...seen.values()].filter((e) => e.count === 1);
  if (unique.length <= max) return unique.map((e) => e.choice);
  const wanted = new Set(words(hint));
  const score = (c: AriaChoice) => words(`${c.role} ${c.name}`).filter((w) => wanted.has(w)).length;
  return unique
    .map((e) => ({ ...e, score: score(e.choice) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .sort((a, b) => a.order - b.order)
    .map((e) => e.choice);
}
