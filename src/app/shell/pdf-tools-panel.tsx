import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { conversionLabel } from '../../lib/site-labels';
import { convertPath, pdfToolPath } from '../../lib/paths';
import { FORMAT_COLORS } from '../../lib/format-colors';
import { PDF_MENU, PDF_TOOL_ENTRIES } from '../../lib/site-map';
import { useOfferedConversion } from '../../lib/hooks/use-offered-conversions';

const useStyles = makeStyles({
  panel: {
    position: 'absolute',
    top: 'calc(100% - 6px)',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 110,
    padding: '22px 26px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow28,
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(150px, auto))',
    gap: '8px 28px',
    animationName: { from: { opacity: 0, marginTop: '-6px' }, to: { opacity: 1, marginTop: 0 } },
    animationDuration: '140ms',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  heading: {
    margin: '0 0 8px',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  /** The page tools span the panel's width above the conversion groups, so the panel grows no wider. */
  toolsGroup: { gridColumn: '1 / -1', paddingBottom: '10px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  toolsList: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(150px, auto))', columnGap: '28px' },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '6px 8px',
    marginLeft: '-8px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  badge: {
    width: '22px',
    height: '22px',
    borderRadius: '6px',
    color: tokens.colorNeutralForegroundStaticInverted,
    fontSize: '12px',
    fontWeight: tokens.fontWeightBold,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
  },
});

/** The PDF tools panel: the page tools, then conversions in the spec's four groups (its own chunk, prefetched when idle). */
export function PdfToolsPanel({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  // Conversions staff switched off are left out once the feature list has loaded.
  const offered = useOfferedConversion();
  const groups = PDF_MENU.map((g) => ({ ...g, items: g.items.filter((c) => offered(c.key)) })).filter((g) => g.items.length > 0);
  return (
    <div id={id} className={styles.panel} role="region" aria-label={t('nav.pdfTools')}>
      <div className={styles.toolsGroup}>
        <h3 className={styles.heading}>{t('nav.pdfGroups.organize')}</h3>
        <ul className={mergeClasses(styles.list, styles.toolsList)}>
          {PDF_TOOL_ENTRIES.map((tool) => (
            <li key={tool.key}>
              <Link className={styles.link} to={pdfToolPath(tool.key)} onClick={onNavigate}>
                <span className={styles.badge} style={{ backgroundColor: FORMAT_COLORS.pdf }} aria-hidden>
                  {t(`nav.pdfToolNames.${tool.id}`).charAt(0).toUpperCase()}
                </span>
                {t(`nav.pdfToolNames.${tool.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {groups.map((group) => (
        <div key={group.id}>
          <h3 className={styles.heading}>{t(`nav.pdfGroups.${group.id}`)}</h3>
          <ul className={styles.list}>
            {group.items.map((c) => {
              const other = c.to === 'pdf' ? c.from : c.to;
              return (
                <li key={c.key}>
                  <Link className={styles.link} to={convertPath(c.key)} onClick={onNavigate}>
                    <span className={styles.badge} style={{ backgroundColor: FORMAT_COLORS[other] }} aria-hidden>
                      {t(`common.formats.${other}`).charAt(0).toUpperCase()}
                    </span>
                    {conversionLabel(t, c)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
