import { makeStyles, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ConvertCard } from '@contracts/convert-catalogue';
import { convertPath } from '../../../lib/paths';
import { cardDescription, cardLabel } from '../card-text';
import { FormatIcon } from './format-icon';

export const useCardStyles = makeStyles({
  card: {
    display: 'flex',
    gap: '14px',
    alignItems: 'flex-start',
    padding: '16px',
    minHeight: '72px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    textDecoration: 'none',
    color: tokens.colorNeutralForeground1,
    transitionProperty: 'box-shadow, transform, border-color',
    transitionDuration: '150ms',
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)', ...shorthands.borderColor(tokens.colorBrandStroke2) },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    '@media (max-width: 767px)': { padding: '12px 14px', minHeight: 0 },
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0ms', ':hover': { transform: 'none' } },
  },
  text: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  desc: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
});

/** One conversion card: letter icon, label and description, linking to its convert page. */
export function CardLink({ card }: { card: ConvertCard }) {
  const styles = useCardStyles();
  const { t, i18n } = useTranslation();
  return (
    <Link to={convertPath(card.key)} className={styles.card} data-card={card.key}>
      <FormatIcon icon={card.icon} />
      <span className={styles.text}>
        <span className={styles.label}>{cardLabel(t, i18n, card)}</span>
        <span className={styles.desc}>{cardDescription(t, i18n, card)}</span>
      </span>
    </Link>
  );
}
