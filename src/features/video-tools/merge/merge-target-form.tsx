import { Field, makeStyles, Radio, RadioGroup, Select, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { mergeTargetChoices, normaliseSteps, type CopyBlocker, type MergeTarget } from '@engines/video/merge';
import { tokens } from '../../../lib/tokens';
import type { Clip } from './merge-plan';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  row: { display: 'flex', flexWrap: 'wrap', gap: '12px 24px', alignItems: 'flex-end' },
  steps: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px', fontSize: tokens.fontSizeBase200 },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});

const sizeKey = (s: { width: number; height: number }) => `${s.width}x${s.height}`;
/** Locale keys are camelCase: 'frame-rate' → 'frameRate'. */
const camel = (id: string) => id.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The re-encoding merge's plan, shown before it runs: why the clips cannot be joined as they are,
 * the size, frame rate and fit they are all made into (each clip's own size and rate offered),
 * and what that does to each clip.
 */
export function MergeTargetForm({ clips, blocker, target, onChange, disabled }: { clips: readonly Clip[]; blocker: CopyBlocker; target: MergeTarget; onChange: (t: MergeTarget) => void; disabled: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const choices = mergeTargetChoices(clips.map((c) => c.info));
  const anyAudio = clips.some((c) => c.info.audio);
  return (
    <section className={styles.box} aria-labelledby="merge-plan-title" data-testid="merge-plan">
      <Text id="merge-plan-title" weight="semibold">
        {t('tools.video.merge.plan.title')}
      </Text>
      {blocker && <Text size={200}>{t(`tools.video.merge.plan.because.${camel(blocker)}`)}</Text>}
      <div className={styles.row}>
        <Field label={t('tools.video.merge.plan.size')}>
          <Select
            value={sizeKey(target)}
            disabled={disabled}
            onChange={(_e, d) => {
              const size = choices.sizes.find((s) => sizeKey(s) === d.value);
              if (size) onChange({ ...target, ...size });
            }}
          >
            {choices.sizes.map((s) => (
              <option key={sizeKey(s)} value={sizeKey(s)}>
                {t('tools.video.merge.plan.sizeOption', { width: s.width, height: s.height })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('tools.video.merge.plan.fps')}>
          <Select value={String(target.fps)} disabled={disabled} onChange={(_e, d) => onChange({ ...target, fps: Number(d.value) })}>
            {choices.fps.map((f) => (
              <option key={f} value={String(f)}>
                {t('tools.video.merge.plan.fpsOption', { fps: f })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('tools.video.merge.plan.fit')}>
          <RadioGroup layout="horizontal" value={target.fit} disabled={disabled} onChange={(_e, d) => onChange({ ...target, fit: d.value === 'crop' ? 'crop' : 'pad' })}>
            <Radio value="pad" label={t('tools.video.merge.plan.pad')} />
            <Radio value="crop" label={t('tools.video.merge.plan.crop')} />
          </RadioGroup>
        </Field>
      </div>
      <ol className={styles.steps}>
        {clips.map((clip) => {
          const steps = normaliseSteps(clip.info, target, anyAudio);
          return (
            <li key={clip.id} data-testid="merge-plan-clip">
              <span className={styles.name}>{clip.file.name}</span>
              {': '}
              {steps.length === 0 ? t('tools.video.merge.plan.asIs') : steps.map((s) => t(`tools.video.merge.plan.steps.${camel(s)}`, { width: target.width, height: target.height, fps: target.fps })).join(t('tools.video.merge.plan.joiner'))}
            </li>
          );
        })}
      </ol>
      {anyAudio && <Text size={200}>{t('tools.video.merge.plan.audio')}</Text>}
    </section>
  );
}
