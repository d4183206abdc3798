import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../tokens';
import { MEDIA } from '../constants';
import { PageContainer } from './page-container';

const useStyles = makeStyles({
  hero: {
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '48px 0 32px',
    [MEDIA.belowSm]: { padding: '28px 0 20px' },
  },
  eyebrow: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, textTransform: 'uppercase', letterSpacing: '0.08em', fontSize: tokens.fontSizeBase200 },
  title: { display: 'block', margin: '8px 0' },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '720px' },
});

/** The band at the top of a product page: a small eyebrow, the page's h1 and a lead line. */
export function PageHero({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  const styles = useStyles();
  return (
    <section className={styles.hero}>
      <PageContainer>
        <span className={styles.eyebrow}>{eyebrow}</span>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {title}
        </Text>
        {lead && (
          <Text size={400} className={styles.lead}>
            {lead}
          </Text>
        )}
      </PageContainer>
    </section>
  );
}
