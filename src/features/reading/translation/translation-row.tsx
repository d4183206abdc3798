import { Button, makeStyles, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Paragraph, ReadLang } from '@contracts/ai-read';
import { MEDIA } from '../../../lib/constants';
import { tokens } from '../../../lib/tokens';
import type { TranslationLayout } from './atoms';
import type { ParagraphState } from './translation-runner';

const useStyles = makeStyles({
  row: { display: 'grid', gap: '6px 24px', padding: '10px 0', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  sideBySide: { gridTemplateColumns: '1fr 1fr', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  interleaved: { gridTemplateColumns: '1fr' },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: tokens.lineHeightBase400 },
  target: { color: tokens.colorBrandForeground2 },
  muted: { color: tokens.colorNeutralForeground4 },
  failed: { display: 'flex', alignItems: 'center', gap: '8px', color: tokens.colorPaletteRedForeground1, flexWrap: 'wrap' },
});

interface Props {
  paragraph: Paragraph;
  state: ParagraphState | undefined;
  layout: TranslationLayout;
  /** Whether translating has begun: before that, an untranslated paragraph shows nothing beside it. */
  started: boolean;
  from: ReadLang;
  to: ReadLang;
  onRetry: (id: string) => void;
}

/** One paragraph and its translation, or where the translation stands (working, failed with a retry, not yet). */
export function TranslationRow({ paragraph, state, layout, started, from, to, onRetry }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const langTag = (l: ReadLang) => (l === 'zh' ? 'zh-CN' : 'en');
  let target;
  if (state?.status === 'done') {
    target = (
      <Text as="p" lang={langTag(to)} className={mergeClasses(styles.text, styles.target)}>
        {state.text}
      </Text>
    );
  } else if (state?.status === 'working') {
    target = <Spinner size="extra-tiny" labelPosition="after" label={t('translate.translating')} />;
  } else if (state?.status === 'failed') {
    target = (
      <div className={styles.failed} role="status">
        <ErrorCircleRegular aria-hidden />
        <Text>{t('translate.failed')}</Text>
        <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} aria-label={t('translate.retryLabel')} onClick={() => onRetry(paragraph.id)}>
          {t('translate.retry')}
        </Button>
      </div>
    );
  } else if (started) {
    target = <Text className={styles.muted}>{t('translate.notYet')}</Text>;
  }
  return (
    <div className={mergeClasses(styles.row, layout === 'sideBySide' ? styles.sideBySide : styles.interleaved)} data-paragraph-id={paragraph.id} data-testid="translation-row">
      <Text as="p" lang={langTag(from)} className={styles.text}>
        {paragraph.text}
      </Text>
      <div aria-live="polite">{target}</div>
    </div>
  );
}
