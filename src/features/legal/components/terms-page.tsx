import { useTranslation } from 'react-i18next';
import { ArticlePage } from '../../../lib/components/article-page';
import { readSections } from '../sections';

/** /terms: terms of service and privacy (the privacy section is the #privacy anchor). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <ArticlePage
      title={t('legal.terms.title')}
      lead={t('legal.terms.lead')}
      meta={t('legal.terms.updated')}
      tocLabel={t('legal.toc')}
      sections={readSections(t, 'legal.terms.sections')}
    />
  );
}
