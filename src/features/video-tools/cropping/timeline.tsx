import { makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyExtension } from '@engines/video/encode';
import { thumbnailPlans } from '@engines/video/frames';
import { runVideoJob } from '../../../lib/video-worker';
import { tokens } from '../../../lib/tokens';
import { formatTime } from '../common/seconds';
import type { PickedVideo } from '../common/use-video-file';

const COUNT = 8;

const useStyles = makeStyles({
  strip: { position: 'relative', display: 'grid', gridTemplateColumns: `repeat(${COUNT}, 1fr)`, gap: '2px', minHeight: '40px', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  thumb: { width: '100%', height: '100%', objectFit: 'cover', display: 'block', border: 'none', padding: 0, cursor: 'pointer', background: 'none' },
  span: { position: 'absolute', top: 0, bottom: 0, backgroundColor: tokens.colorBrandBackground2, opacity: 0.6, borderLeft: `2px solid ${tokens.colorBrandStroke1}`, borderRight: `2px solid ${tokens.colorBrandStroke1}`, pointerEvents: 'none' },
});

/**
 * Thumbnails spread over the video (one fast seek each in the ffmpeg worker; no quota: they
 * are the preview, not an operation), with the chosen span drawn over them. A thumbnail is a
 * button that moves the preview there.
 */
export function Timeline({ video, span, onSeek }: { video: PickedVideo; span: { start: number; end: number } | null; onSeek: (seconds: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [thumbs, setThumbs] = useState<{ url: string; at: number }[]>([]);
  const duration = video.info.duration;

  useEffect(() => {
    let live = true;
    const made: string[] = [];
    const input = `0.${copyExtension(video.file.name)}`;
    const plans = thumbnailPlans(`/in/${input}`, duration, COUNT);
    void (async () => {
      for (const [i, plan] of plans.entries()) {
        if (!live) return;
        try {
          const [out] = await runVideoJob({ inputs: [{ name: input, file: video.file }], plan });
          if (!out || !live) return;
          const url = URL.createObjectURL(new Blob([out.bytes], { type: 'image/jpeg' }));
          made.push(url);
          const at = duration > 0 ? (duration * (i + 0.5)) / COUNT : 0;
          setThumbs((prev) => [...prev, { url, at }]);
        } catch {
          return;
        }
      }
    })();
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
      setThumbs([]);
    };
  }, [video, duration]);

  return (
    <div className={styles.strip} data-testid="video-timeline" aria-label={t('tools.video.crop.timeline')} role="group">
      {thumbs.map((th) => (
        <button key={th.url} type="button" className={styles.thumb} onClick={() => onSeek(th.at)} aria-label={t('tools.video.crop.seekTo', { time: formatTime(th.at) })}>
          <img src={th.url} alt="" className={styles.thumb} />
        </button>
      ))}
      {span && duration > 0 && <div className={styles.span} style={{ left: `${(span.start / duration) * 100}%`, width: `${((span.end - span.start) / duration) * 100}%` }} />}
    </div>
  );
}
