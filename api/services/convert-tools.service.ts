import { buildCards, DEFAULT_CARD_SWITCH, type CardSwitch, type ConvertCard } from '@contracts/convert-catalogue.js';
import type { ConvertTool, ConvertToolPage, ConvertToolQuery, ConvertToolUpdate } from '@contracts/admin/convert-tools.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { PDF_TOOLS, pdfToolCard, pdfToolSpec } from '@contracts/pdf-tools.js';
import { browserCapable, browserSupports } from '@engines/engine-table.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { allFeatures, convertToolRows, setFeatureEnabled, upsertConvertTool, type ConvertToolRow } from '../repositories/features.repository.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import { toCardSwitch } from './conversion.service.js';

interface CardState {
  card: ConvertCard;
  /** Its source's switch in `convert_features`. */
  sourceEnabled: boolean;
  row: ConvertToolRow | undefined;
}

/** Every card of every source in the catalogue, then the PDF tools (no source switch of their own), with its settings row. */
async function cardStates(db: DbOrTx): Promise<CardState[]> {
  const groups = await allFeatures(db);
  const rows = await convertToolRows(db);
  const byKey = new Map(rows.map((r) => [r.convert_type, r]));
  const conversions = groups.flatMap((g) => buildCards(g.feature).map((card) => ({ card, sourceEnabled: g.enabled, row: byKey.get(card.key) })));
  const tools = PDF_TOOLS.map((spec) => ({ card: pdfToolCard(spec), sourceEnabled: true, row: byKey.get(spec.key) }));
  return [...conversions, ...tools];
}

const switchOf = (s: CardState): CardSwitch => {
  const own = s.row ? toCardSwitch(s.row) : DEFAULT_CARD_SWITCH;
  return { ...own, enabled: own.enabled && s.sourceEnabled };
};

function autoEngine(card: ConvertCard): ConvertTool['autoEngine'] {
  if (card.tool) return pdfToolSpec(card.tool)?.engine ?? 'server';
  const browser = card.acceptedExtensions.filter((ext) => browserSupports(ext, card.target)).length;
  return browser === 0 ? 'server' : browser === card.acceptedExtensions.length ? 'browser' : 'mixed';
}

function toTool(s: CardState): ConvertTool {
  const { card } = s;
  return {
    key: card.key,
    source: card.source,
    target: card.target,
    targetExtensions: card.targetExtensions,
    acceptedExtensions: card.acceptedExtensions,
    ...switchOf(s),
    autoEngine: autoEngine(card),
    browserCapable: !card.tool && browserCapable(card),
    updatedAt: s.row ? new Date(s.row.updated_at).toISOString() : null,
    tool: Boolean(card.tool),
  };
}

/** The settings an audit entry records for a card. */
const audited = (t: ConvertTool) => ({ enabled: t.enabled, engine: t.engine, maxFileSize: t.maxFileSize });

const invalid = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${field}`, { [field]: key });

export interface ConvertToolDeps {
  db: Db;
  now: () => number;
  /** Drops the conversion catalogue's read cache, so the site shows a change at once. */
  invalidateFeatures: () => void;
}

/**
 * The conversion-tools page: every catalogue card with its switch, engine preference and size
 * cap. A change is written with its audit entry in one transaction, then the catalogue's cache in
 * this process is dropped; other instances follow within CATALOGUE_TTL_MS (5 s).
 */
export function createConvertToolService({ db, now, invalidateFeatures }: ConvertToolDeps) {
  return {
    async list(q: ConvertToolQuery): Promise<ConvertToolPage> {
      // A source filter lists that source's conversions; the PDF tools come with `pdf` (their inputs).
      const all = (await cardStates(db)).filter((s) => !q.source || s.card.source === q.source).map(toTool);
      const offset = (q.page - 1) * q.pageSize;
      return { list: all.slice(offset, offset + q.pageSize), total: all.length };
    },

    async update(actor: AuditActor, convertType: string, change: ConvertToolUpdate): Promise<ConvertTool> {
      const updated = await transaction(db, async (tx) => {
        const states = await cardStates(tx);
        const state = states.find((s) => s.card.key === convertType);
        if (!state) throw new AppError(ErrorCode.NOT_FOUND, 'No such conversion card');
        const before = toTool(state);
        const engine = change.engine ?? before.engine;
        if (before.tool && engine !== before.engine) throw invalid('engine', 'adminProducts.validation.toolEngineFixed');
        if (engine === 'browser' && !before.browserCapable) throw invalid('engine', 'adminProducts.validation.browserUnsupported');
        const enabled = change.enabled ?? before.enabled;
        const t = now();
        const row: ConvertToolRow = {
          convert_type: convertType,
          enabled: enabled ? 1 : 0,
          engine,
          max_file_size: change.maxFileSize === undefined ? before.maxFileSize : change.maxFileSize,
          updated_at: t,
        };
        if (enabled && !state.sourceEnabled) {
          // Switching on a card whose whole source was off: the source comes on, its other cards stay off.
          for (const other of states.filter((s) => s.card.source === state.card.source && s.card.key !== convertType)) {
            await upsertConvertTool(tx, { convert_type: other.card.key, ...toRowSettings(switchOf(other)), updated_at: other.row?.updated_at ?? t });
          }
          await setFeatureEnabled(tx, state.card.source, true);
        }
        await upsertConvertTool(tx, row);
        const after = toTool({ card: state.card, sourceEnabled: state.sourceEnabled || enabled, row });
        await recordAudit(tx, actor, { action: 'convert-tool.update', targetType: 'convert-tool', targetId: convertType, before: audited(before), after: audited(after) }, t);
        return after;
      });
      invalidateFeatures();
      return updated;
    },
  };
}
export type ConvertToolService = ReturnType<typeof createConvertToolService>;

const toRowSettings = (s: CardSwitch) => ({ enabled: s.enabled ? 1 : 0, engine: s.engine, max_file_size: s.maxFileSize });
