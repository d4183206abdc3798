import { Field, makeStyles, mergeClasses, ProgressBar, Radio, RadioGroup } from '@fluentui/react-components';
import { SparkleRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AiImageOp, ClarityMode, PortraitPreset } from '@engines/image/ai-types';
import { QuotaErrorNotice } from '../../../lib/components/quota-error-notice';
import { userInfoAtom } from '../../../lib/session';
import { tokens } from '../../../lib/tokens';
import { aiNoticeAtom, aiProgressAtom, aiSettingsAtom } from '../ai-atoms';
import { usePanelStyles } from '../components/styles';

const PRESET_KEYS: Record<PortraitPreset, string> = { '1:1': 'square', '3:4': 'threeFour', '2:3': 'twoThree', passport: 'passport' };

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '10px', paddingBottom: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px', fontWeight: tokens.fontWeightSemibold },
  icon: { color: tokens.colorBrandForeground1, fontSize: '20px' },
  body: { display: 'flex', flexDirection: 'column', gap: '10px', paddingLeft: '28px' },
});

/** The AI step's choice (off, clarity, portrait crop) and its options; runs before the other operations. */
export function AiSettings() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const [settings, setSettings] = useAtom(aiSettingsAtom);
  const [notice, setNotice] = useAtom(aiNoticeAtom);
  const progress = useAtomValue(aiProgressAtom);
  const user = useAtomValue(userInfoAtom);
  return (
    <section className={styles.section} data-testid="op-ai" aria-labelledby="ai-image-title">
      <div className={styles.head}>
        <SparkleRegular className={styles.icon} aria-hidden />
        <span id="ai-image-title">{t('aiImage.title')}</span>
      </div>
      <div className={styles.body}>
        <Field label={t('aiImage.op.label')}>
          <RadioGroup layout="horizontal" value={settings.op} onChange={(_e, data) => setSettings({ ...settings, op: data.value as AiImageOp })}>
            {(['none', 'clarity', 'portrait'] as const).map((op) => (
              <Radio key={op} value={op} label={t(`aiImage.op.${op}`)} />
            ))}
          </RadioGroup>
        </Field>
        {settings.op === 'clarity' && (
          <Field label={t('aiImage.clarity.label')}>
            <RadioGroup value={settings.clarity} onChange={(_e, data) => setSettings({ ...settings, clarity: data.value as ClarityMode })}>
              {(['x2', 'x4', 'sharpen'] as const).map((mode) => (
                <Radio key={mode} value={mode} label={t(`aiImage.clarity.${mode}`)} />
              ))}
            </RadioGroup>
          </Field>
        )}
        {settings.op === 'portrait' && (
          <Field label={t('aiImage.portrait.label')}>
            <RadioGroup layout="horizontal" value={settings.preset} onChange={(_e, data) => setSettings({ ...settings, preset: data.value as PortraitPreset })}>
              {(Object.keys(PRESET_KEYS) as PortraitPreset[]).map((preset) => (
                <Radio key={preset} value={preset} label={t(`aiImage.portrait.${PRESET_KEYS[preset]}`)} />
              ))}
            </RadioGroup>
          </Field>
        )}
        {settings.op !== 'none' && (
          <>
            <p className={panel.muted}>{t('aiImage.hint')}</p>
            {settings.op === 'clarity' && settings.clarity !== 'sharpen' && <p className={panel.muted}>{t('aiImage.clarity.modelNote')}</p>}
            {settings.op === 'portrait' && <p className={panel.muted}>{t('aiImage.portrait.noFaceNote')}</p>}
            {!user && <p className={mergeClasses(panel.muted)}>{t('aiImage.signInHint')}</p>}
          </>
        )}
        {progress && (
          <div data-testid="ai-progress">
            <ProgressBar value={progress.fraction} aria-label={t('aiImage.progress.step', { name: progress.name, percent: Math.round(progress.fraction * 100) })} />
            <span className={panel.muted} aria-live="polite">
              {t('aiImage.progress.step', { name: progress.name, percent: Math.round(progress.fraction * 100) })}
            </span>
          </div>
        )}
        {notice !== null && <QuotaErrorNotice code={notice} onDismiss={() => setNotice(null)} />}
      </div>
    </section>
  );
}
