import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowDownloadRegular, CheckmarkCircleFilled, CloudArrowUpRegular, SparkleFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';
import { FORMAT_COLORS } from '../../../lib/format-colors';

const useStyles = makeStyles({
  wrap: { position: 'relative', padding: '12px', [MEDIA.belowSm]: { padding: 0 } },
  window: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '18px',
    boxShadow: tokens.shadow28,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    overflow: 'hidden',
  },
  bar: { display: 'flex', alignItems: 'center', gap: '6px', padding: '12px 16px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  dot: { width: '10px', height: '10px', borderRadius: '50%' },
  barTitle: { marginLeft: '10px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  body: { padding: '18px', display: 'flex', flexDirection: 'column', gap: '12px' },
  drop: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '10px',
    padding: '18px',
    border: `2px dashed ${tokens.colorBrandStroke2}`,
    borderRadius: '12px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  row: { display: 'flex', alignItems: 'center', gap: '12px', padding: '10px 12px', borderRadius: '12px', backgroundColor: tokens.colorNeutralBackground2 },
  badge: {
    width: '34px',
    height: '34px',
    borderRadius: '8px',
    color: tokens.colorNeutralForegroundStaticInverted,
    fontWeight: tokens.fontWeightBold,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
  },
  file: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  name: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  track: { height: '6px', borderRadius: '3px', backgroundColor: tokens.colorNeutralStroke2, overflow: 'hidden' },
  fill: { height: '100%', borderRadius: '3px', background: `linear-gradient(90deg, ${tokens.colorBrandBackground}, ${tokens.colorPaletteLavenderBorderActive})` },
  status: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
  chip: {
    position: 'absolute',
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    padding: '8px 12px',
    borderRadius: '999px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    [MEDIA.belowSm]: { display: 'none' },
  },
  chipTop: { top: '-6px', right: '-8px' },
  chipBottom: { bottom: '-10px', left: '-14px' },
  sparkle: { color: tokens.colorPaletteLavenderBorderActive },
});

const ROWS = [
  { id: 'report', format: 'word', progress: 100 },
  { id: 'invoice', format: 'pdf', progress: 64 },
  { id: 'sales', format: 'excel', progress: 0 },
] as const;

/** A drawn preview of the converter, decorative only. */
export function HeroIllustration() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.wrap} aria-hidden="true">
      <div className={styles.window}>
        <div className={styles.bar}>
          <span className={styles.dot} style={{ backgroundColor: tokens.colorPaletteRedBackground3 }} />
          <span className={styles.dot} style={{ backgroundColor: tokens.colorPaletteMarigoldBackground3 }} />
          <span className={styles.dot} style={{ backgroundColor: tokens.colorPaletteGreenBackground3 }} />
          <span className={styles.barTitle}>{t('home.illustration.window')}</span>
        </div>
        <div className={styles.body}>
          <div className={styles.drop}>
            <CloudArrowUpRegular fontSize={22} /> {t('home.illustration.drop')}
          </div>
          {ROWS.map((row) => (
            <div key={row.id} className={styles.row}>
              <span className={styles.badge} style={{ backgroundColor: FORMAT_COLORS[row.format] }}>
                {t(`common.formats.${row.format}`).charAt(0)}
              </span>
              <div className={styles.file}>
                <span className={styles.name}>{t(`home.illustration.files.${row.id}`)}</span>
                <div className={styles.track}>
                  <div className={styles.fill} style={{ width: `${Math.max(row.progress, 4)}%`, opacity: row.progress ? 1 : 0.35 }} />
                </div>
              </div>
              {row.progress === 100 ? (
                <CheckmarkCircleFilled className={styles.done} />
              ) : (
                <span className={styles.status}>{row.progress ? t('home.illustration.converting', { percent: row.progress }) : t('home.illustration.waiting')}</span>
              )}
            </div>
          ))}
        </div>
      </div>
      <span className={mergeClasses(styles.chip, styles.chipTop)}>
        <ArrowDownloadRegular /> {t('home.illustration.chipReady')}
      </span>
      <span className={mergeClasses(styles.chip, styles.chipBottom)}>
        <SparkleFilled className={styles.sparkle} /> {t('home.illustration.chipAi')}
      </span>
    </div>
  );
}
