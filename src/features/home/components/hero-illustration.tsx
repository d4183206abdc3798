import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleFilled, CloudArrowUpRegular, SparkleFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';
import { FORMAT_COLORS } from '../../../lib/format-colors';

const useStyles = makeStyles({
  wrap: { position: 'relative', padding: '12px', [MEDIA.belowSm]: { padding: 0 } },
  window: {
    backgroundColor: '#ffffff',
    borderRadius: '18px',
    boxShadow: '0 30px 80px rgba(23, 43, 120, 0.18), 0 4px 12px rgba(23, 43, 120, 0.06)',
    border: '1px solid #e6eaf5',
    overflow: 'hidden',
  },
  bar: { display: 'flex', alignItems: 'center', gap: '6px', padding: '12px 16px', borderBottom: '1px solid #eef1f8' },
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
    backgroundColor: '#f6f8ff',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  row: { display: 'flex', alignItems: 'center', gap: '12px', padding: '10px 12px', borderRadius: '12px', backgroundColor: '#f8f9fc' },
  badge: {
    width: '34px',
    height: '34px',
    borderRadius: '8px',
    color: '#ffffff',
    fontWeight: tokens.fontWeightBold,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
  },
  file: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  name: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, color: '#1e293b', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  track: { height: '6px', borderRadius: '3px', backgroundColor: '#e6eaf5', overflow: 'hidden' },
  fill: { height: '100%', borderRadius: '3px', background: 'linear-gradient(90deg, #2f5bea, #7c5cf0)' },
  status: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  done: { color: '#107c41', fontSize: '20px' },
  chip: {
    position: 'absolute',
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    padding: '8px 12px',
    borderRadius: '999px',
    backgroundColor: '#ffffff',
    boxShadow: '0 10px 30px rgba(23, 43, 120, 0.16)',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: '#1e293b',
    [MEDIA.belowSm]: { display: 'none' },
  },
  chipTop: { top: '-6px', right: '-8px' },
  chipBottom: { bottom: '-10px', left: '-14px' },
  sparkle: { color: '#7c5cf0' },
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
          <span className={styles.dot} style={{ backgroundColor: '#ff5f57' }} />
          <span className={styles.dot} style={{ backgroundColor: '#febc2e' }} />
          <span className={styles.dot} style={{ backgroundColor: '#28c840' }} />
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
