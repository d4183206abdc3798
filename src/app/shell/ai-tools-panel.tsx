import { makeStyles } from '@fluentui/react-components';
import { BookOpenRegular, BotSparkleRegular, ChatBubblesQuestionRegular, ImageSparkleRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AI_TOOLS_MENU, type Offering } from '../../lib/offerings';
import { tokens } from '../../lib/tokens';
import type { NavPanelProps } from './nav-disclosure';

const useStyles = makeStyles({
  panel: {
    position: 'absolute',
    top: 'calc(100% - 6px)',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 110,
    width: 'min(420px, calc(100vw - 32px))',
    padding: '14px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow28,
    animationName: { from: { opacity: 0, marginTop: '-6px' }, to: { opacity: 1, marginTop: 0 } },
    animationDuration: '140ms',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  link: {
    display: 'grid',
    gridTemplateColumns: '32px 1fr',
    columnGap: '12px',
    padding: '10px',
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  icon: { gridRow: 'span 2', fontSize: '28px', color: tokens.colorBrandForeground1 },
  title: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300 },
  body: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const ICONS: Partial<Record<Offering['id'], ReactElement>> = {
  automation: <BotSparkleRegular />,
  qaBot: <ChatBubblesQuestionRegular />,
  reader: <BookOpenRegular />,
  aiImages: <ImageSparkleRegular />,
};

/** The AI tools panel: the AI offerings usable today, each to its tool (its own chunk, prefetched when idle). */
export function AiToolsPanel({ id, onNavigate }: NavPanelProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div id={id} className={styles.panel} role="region" aria-label={t('nav.aiTools')}>
      <ul className={styles.list}>
        {AI_TOOLS_MENU.map((o) => (
          <li key={o.id}>
            <Link className={styles.link} to={o.start} onClick={onNavigate}>
              <span className={styles.icon} aria-hidden>
                {ICONS[o.id]}
              </span>
              <span className={styles.title}>{t(`nav.aiItems.${o.id}.title`)}</span>
              <span className={styles.body}>{t(`nav.aiItems.${o.id}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
