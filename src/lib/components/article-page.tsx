import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../tokens';
import type { ReactNode } from 'react';
import { MEDIA } from '../constants';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PageContainer } from './page-container';

export interface ArticleSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

const useStyles = makeStyles({
  hero: { padding: '56px 0 28px', [MEDIA.belowSm]: { padding: '36px 0 20px' } },
  title: { display: 'block', marginBottom: '10px', letterSpacing: '-0.01em' },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '760px', lineHeight: '1.6' },
  meta: { display: 'block', marginTop: '12px', color: tokens.colorNeutralForeground3 },
  layout: {
    display: 'grid',
    gridTemplateColumns: '220px minmax(0, 1fr)',
    gap: '40px',
    alignItems: 'start',
    paddingBottom: '72px',
    [MEDIA.belowMd]: { gridTemplateColumns: '1fr', gap: '16px' },
  },
  toc: { position: 'sticky', top: '88px', display: 'flex', flexDirection: 'column', gap: '6px', [MEDIA.belowMd]: { display: 'none' } },
  tocLink: { color: tokens.colorNeutralForeground2, textDecoration: 'none', fontSize: tokens.fontSizeBase200, ':hover': { color: tokens.colorBrandForeground1 } },
  body: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '32px 40px',
    [MEDIA.belowSm]: { padding: '24px 20px' },
  },
  section: { scrollMarginTop: '88px', ':not(:last-child)': { marginBottom: '28px' } },
  heading: { display: 'block', marginBottom: '10px' },
  paragraph: { margin: '0 0 10px', lineHeight: '1.75', color: tokens.colorNeutralForeground1 },
});

interface ArticlePageProps {
  title: string;
  lead?: string;
  meta?: string;
  tocLabel: string;
  sections: readonly ArticleSection[];
  /** Content after the sections, inside the card. */
  footer?: ReactNode;
}

/** A long-form page (terms, about): title, a table of contents and titled sections. */
export function ArticlePage({ title, lead, meta, tocLabel, sections, footer }: ArticlePageProps) {
  const styles = useStyles();
  useDocumentTitle(title);
  return (
    <PageContainer>
      <header className={styles.hero}>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {title}
        </Text>
        {lead && (
          <Text size={400} className={styles.lead}>
            {lead}
          </Text>
        )}
        {meta && (
          <Text size={200} className={styles.meta}>
            {meta}
          </Text>
        )}
      </header>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label={tocLabel}>
          {sections.map((s) => (
            <a key={s.id} href={`#${s.id}`} className={styles.tocLink}>
              {s.title}
            </a>
          ))}
        </nav>
        <article className={styles.body}>
          {sections.map((s) => (
            <section key={s.id} id={s.id} className={styles.section} aria-labelledby={`${s.id}-title`}>
              <Text as="h2" id={`${s.id}-title`} size={500} weight="semibold" className={styles.heading}>
                {s.title}
              </Text>
              {s.paragraphs.map((p) => (
                <p key={p} className={styles.paragraph}>
                  {p}
                </p>
              ))}
            </section>
          ))}
          {footer}
        </article>
      </div>
    </PageContainer>
  );
}
