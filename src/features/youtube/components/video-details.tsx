import { makeStyles, Radio, RadioGroup, Text, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { VideoFormat, VideoInfo } from '@contracts/local-helper';
import { MEDIA } from '../../../lib/constants';
import { formatBytes, formatDuration } from '../../../lib/local-helper-text';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: '240px minmax(0, 1fr)',
    gap: '16px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    [MEDIA.belowSm]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  thumb: { width: '100%', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3, aspectRatio: '16 / 9', objectFit: 'cover' },
  meta: { display: 'flex', flexDirection: 'column', gap: '6px', minWidth: 0 },
  title: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  formats: { display: 'flex', flexDirection: 'column', gap: '2px', maxHeight: '320px', overflowY: 'auto' },
});

function describe(f: VideoFormat, unknown: string): string {
  const size = f.width && f.height ? `${f.width}×${f.height}` : unknown;
  const codecs = [f.vcodec, f.acodec].filter(Boolean).join(' + ') || unknown;
  const bytes = f.sizeBytes ? ` · ${formatBytes(f.sizeBytes)}` : '';
  return `${f.ext || '?'} · ${size} · ${codecs}${bytes}${f.note ? ` · ${f.note}` : ''}`;
}

/** Title, length, picture and the formats to choose from (a choice only for sites yt-dlp reads). */
export function VideoDetails({ info, formatId, onFormat }: { info: VideoInfo; formatId: string; onFormat: (id: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const unknown = t('videoHelper.youtube.unknown');
  return (
    <article className={styles.card} data-testid="video-details">
      {info.thumbnail ? <img src={info.thumbnail} alt={t('videoHelper.youtube.thumbnailAlt')} className={styles.thumb} /> : <div className={styles.thumb} aria-hidden />}
      <div className={styles.meta}>
        <Title3 as="h2" className={styles.title}>
          {info.title}
        </Title3>
        <Text className={styles.muted}>{t('videoHelper.youtube.duration', { duration: info.duration === null ? unknown : formatDuration(info.duration) })}</Text>
        <Text weight="semibold">{t('videoHelper.youtube.formatsHeading')}</Text>
        {info.method === 'ytdlp' ? (
          <RadioGroup value={formatId} onChange={(_, d) => onFormat(d.value)} aria-label={t('videoHelper.youtube.formatsHeading')} className={styles.formats}>
            <Radio value="" label={t('videoHelper.youtube.best')} />
            {info.formats.map((f) => (
              <Radio key={f.formatId} value={f.formatId} label={describe(f, unknown)} />
            ))}
          </RadioGroup>
        ) : (
          <ul className={styles.formats}>
            {info.formats.map((f) => (
              <li key={f.formatId}>
                <Text>{describe(f, unknown)}</Text>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
