import { Button, Checkbox, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import type { Hit } from '../redact-hits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  grow: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  pages: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px', maxHeight: '360px', overflowY: 'auto' },
  pageHead: { display: 'flex', alignItems: 'center', gap: '8px', margin: 0, fontSize: tokens.fontSizeBase300 },
  hits: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  hitText: { overflowWrap: 'anywhere' },
  source: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginLeft: '6px' },
  dropped: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

interface RedactHitListProps {
  hits: readonly Hit[];
  dropped: ReadonlySet<string>;
  onDropped: (dropped: Set<string>) => void;
  onShowPage: (page: number) => void;
}

/** Every hit with a checkbox, grouped by page: ticked hits are redacted, unticked ones stay. */
export function RedactHitList({ hits, dropped, onDropped, onShowPage }: RedactHitListProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const kept = hits.filter((h) => !dropped.has(h.id)).length;
  const byPage = new Map<number, Hit[]>();
  for (const hit of hits) byPage.set(hit.page, [...(byPage.get(hit.page) ?? []), hit]);
  const set = (hit: Hit, keep: boolean) => {
    const next = new Set(dropped);
    if (keep) next.delete(hit.id);
    else next.add(hit.id);
    onDropped(next);
  };
  if (hits.length === 0) return <p className={styles.empty} data-testid="redact-no-hits">{t('pdfRedact.hits.none')}</p>;
  return (
    <div className={styles.root}>
      <div className={styles.bar}>
        <span className={styles.grow} aria-live="polite" data-testid="redact-hit-summary">
          {t('pdfRedact.hits.summary', { kept, count: hits.length })}
        </span>
        <Button size="small" onClick={() => onDropped(new Set())}>
          {t('pdfRedact.hits.keepAll')}
        </Button>
        <Button size="small" onClick={() => onDropped(new Set(hits.map((h) => h.id)))}>
          {t('pdfRedact.hits.dropAll')}
        </Button>
      </div>
      <ul className={styles.pages} aria-label={t('pdfRedact.hits.title')}>
        {[...byPage].map(([page, list]) => (
          <li key={page}>
            <h4 className={styles.pageHead}>
              <Button appearance="transparent" size="small" onClick={() => onShowPage(page)}>
                {t('pdfRedact.hits.page', { page, count: list.length })}
              </Button>
            </h4>
            <ul className={styles.hits}>
              {list.map((hit) => (
                <li key={hit.id}>
                  <Checkbox
                    checked={!dropped.has(hit.id)}
                    onChange={(_, d) => set(hit, Boolean(d.checked))}
                    data-testid="redact-hit"
                    data-hit={hit.text}
                    label={
                      <>
                        <span className={dropped.has(hit.id) ? styles.dropped : styles.hitText}>{hit.text}</span>
                        <span className={styles.source}>{t(`pdfRedact.hits.source.${hit.source}`)}</span>
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
