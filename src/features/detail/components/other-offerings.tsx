import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OfferingIcon } from '../../../lib/components/offering-icon';
import { detailPath, OFFERINGS, type Offering } from '../../../lib/offerings';

const useStyles = makeStyles({
  heading: { display: 'block', marginBottom: '14px' },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: '10px',
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  icon: { width: '36px', height: '36px', fontSize: '20px', borderRadius: '10px' },
});

/** Links to the other detail pages. */
export function OtherOfferings({ current }: { current: Offering }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="detail-more">
      <Text as="h2" id="detail-more" size={600} weight="semibold" className={styles.heading}>
        {t('detail.sections.more')}
      </Text>
      <ul className={styles.list}>
        {OFFERINGS.filter((o) => o.name !== current.name).map((o) => (
          <li key={o.name}>
            <Link to={detailPath(o.name)} className={styles.link}>
              <OfferingIcon id={o.id} className={styles.icon} />
              {t(`detail.offerings.${o.id}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
